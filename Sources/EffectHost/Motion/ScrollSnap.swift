import EffectProtocol

/// Where a scene's scrolling comes to rest: the scene file's `snap` key.
///
/// `{"offsets": [0, 212], "mode": "mandatory"}`, `{"chain": "row", "align":
/// "start", "mode": "proximity", "proximity": 120}` or `{"paging": true}`.
/// `mode` defaults to `mandatory` (SwiftUI's view-aligned and paging
/// behaviours always land on a target), `align` to `start`, `proximity` to a
/// third of the snapport's length, `stop` to `normal` (`always` for paging).
public struct ScrollSnap: Sendable, Equatable {
  /// How a release picks its target.
  public enum Mode: String, Sendable, Equatable, CaseIterable {
    /// Always the target nearest the projected resting point.
    case mandatory
    /// The nearest target within `proximity` points of the projected resting
    /// point, or none (the scroll then decelerates as without snapping).
    case proximity
  }

  /// Which edge of a chain's copies meets the same edge of the snapport.
  public enum Alignment: String, Sendable, Equatable, CaseIterable {
    case start
    case center
    case end
  }

  /// Whether a release may pass a target (CSS `scroll-snap-stop`).
  public enum Stop: String, Sendable, Equatable, CaseIterable {
    /// The target is chosen from the projected resting point alone.
    case normal
    /// A release never passes the first target beyond it in the direction
    /// it moves: with F that target, the chosen one is the nearest to the
    /// projected resting point among those not beyond F.
    case always
  }

  /// Where the targets come from.
  public enum Points: Sendable, Equatable {
    /// These offsets.
    case offsets([Double])
    /// One target per copy of the repeated chain `name`, aligned by `align`.
    case chain(String, align: Alignment)
    /// Every multiple of the snapport's length below maxOffset, and
    /// maxOffset (SwiftUI's `.paging`); mandatory, and never passes a page.
    case paging
  }

  /// Where the targets come from: offsets, a repeated chain's copies, or pages.
  public var points: Points
  /// How a release picks its target; default ``Mode/mandatory``.
  public var mode: Mode
  /// Points from the projected resting point within which a `proximity`
  /// target is taken; `nil`: a third of the snapport's length.
  public var proximity: Double?
  /// Whether a release may pass a target; paging is always `.always`.
  public var stop: Stop

  /// - Parameter stop: `nil`, the default: `.always` for `.paging` (which
  ///   never passes a page), else `.normal`. Paging takes any value as
  ///   `.always`.
  public init(
    points: Points, mode: Mode = .mandatory, proximity: Double? = nil, stop: Stop? = nil
  ) {
    self.points = points
    self.mode = mode
    self.proximity = proximity
    self.stop = stop ?? (points == .paging ? .always : .normal)
  }

  /// The targets in `scene`.
  ///
  /// For `offsets`, those offsets; for a chain, the offset at which each
  /// copy's start, center or end meets the same edge of the snapport (the
  /// viewport less `contentInsets`): copy k's top is y0 + k * stride, so start
  /// is o = top, end o = top + h + It + Ib - V, center o = top + h/2 -
  /// (V - It - Ib)/2; for paging, k * L for every k >= 0 with k * L below
  /// maxOffset, and maxOffset, L the snapport's length V - It - Ib. Each is
  /// clamped to [0, maxOffset]. A chain that the scene lacks, or that is
  /// attached to the viewport, gives no targets (the loader refuses both).
  ///
  /// A copy longer than the snapport is a snap area as CSS Scroll Snap treats
  /// one larger than the snapport: the offsets at which it covers the whole
  /// snapport, [start's o, end's o] (clamped), are resting points themselves,
  /// and both ends count as targets beside the aligned one.
  ///
  /// The targets follow the scene's layout: a host whose viewport, insets or
  /// content changed gives its new pages through `targets(in: host.scene)`.
  public func targets(in scene: Scene) -> SnapTargets {
    let maxOffset = scene.geometry(offset: 0).maxOffset
    let insets = scene.contentInsets
    let snapportHeight = max(0, scene.viewport.height - insets.top - insets.bottom)
    let stop: Stop = points == .paging ? .always : self.stop
    let proximity = self.proximity ?? snapportHeight / 3
    func clamped(_ offset: Double) -> Double { min(max(offset, 0), maxOffset) }
    var offsets: [Double] = []
    var areas: [ClosedRange<Double>] = []
    switch points {
    case .paging:
      return SnapTargets(pageLength: snapportHeight, maxOffset: maxOffset)
    case .offsets(let values):
      offsets = values
    case .chain(let name, let align):
      if let index = scene.chainIndex(named: name), scene.chains[index].attachment == .content {
        let chain = scene.chains[index]
        let frame = scene.layout.frames[index]
        let height = frame.height
        let shift: Double
        switch align {
        case .start: shift = 0
        case .center: shift = height / 2 - snapportHeight / 2
        case .end: shift = height - snapportHeight
        }
        let isArea = height > snapportHeight
        offsets.reserveCapacity(chain.viewCount * (isArea ? 3 : 1))
        if isArea { areas.reserveCapacity(chain.viewCount) }
        for copy in 0..<chain.viewCount {
          let top = frame.y + Double(copy) * chain.stride
          offsets.append(top + shift)
          if isArea {
            // Covering the snapport: the copy's top at or above the snapport's
            // (o >= top) and its bottom at or below the snapport's (o <= top +
            // h - snapport).
            let area = clamped(top)...clamped(top + height - snapportHeight)
            offsets.append(area.lowerBound)
            offsets.append(area.upperBound)
            areas.append(area)
          }
        }
      }
    }
    return SnapTargets(
      offsets: offsets.map(clamped), areas: areas, mode: mode, proximity: proximity, stop: stop)
  }
}
