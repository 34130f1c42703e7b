import EffectProtocol

/// Where a scene's scrolling comes to rest: the scene file's `snap` key.
///
/// `{"offsets": [0, 212], "mode": "mandatory"}` or `{"chain": "row", "align":
/// "start", "mode": "proximity", "proximity": 120}`. `mode` defaults to
/// `mandatory` (SwiftUI's view-aligned and paging behaviours always land on a
/// target), `align` to `start`, `proximity` to a third of the snapport's
/// height.
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

  /// Where the targets come from.
  public enum Points: Sendable, Equatable {
    /// These offsets.
    case offsets([Double])
    /// One target per copy of the repeated chain `name`, aligned by `align`.
    case chain(String, align: Alignment)
  }

  public var points: Points
  public var mode: Mode
  /// Points from the projected resting point within which a `proximity`
  /// target is taken; `nil`: a third of the snapport's height.
  public var proximity: Double?

  public init(points: Points, mode: Mode = .mandatory, proximity: Double? = nil) {
    self.points = points
    self.mode = mode
    self.proximity = proximity
  }

  /// The targets in `scene`.
  ///
  /// For `offsets`, those offsets; for a chain, the offset at which each
  /// copy's start, center or end meets the same edge of the snapport (the
  /// viewport less `contentInsets`): copy k's top is y0 + k * stride, so start
  /// is o = top, end o = top + h + It + Ib - V, center o = top + h/2 -
  /// (V - It - Ib)/2. Each is clamped to [0, maxOffset]. A chain that the
  /// scene lacks, or that is attached to the viewport, gives no targets (the
  /// loader refuses both).
  ///
  /// A copy longer than the snapport is a snap area as CSS Scroll Snap treats
  /// one larger than the snapport: the offsets at which it covers the whole
  /// snapport, [start's o, end's o] (clamped), are resting points themselves,
  /// and both ends count as targets beside the aligned one.
  public func targets(in scene: Scene) -> SnapTargets {
    let maxOffset = scene.geometry(offset: 0).maxOffset
    let insets = scene.contentInsets
    let snapportHeight = max(0, scene.viewport.height - insets.top - insets.bottom)
    func clamped(_ offset: Double) -> Double { min(max(offset, 0), maxOffset) }
    var offsets: [Double] = []
    var areas: [ClosedRange<Double>] = []
    switch points {
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
      offsets: offsets.map(clamped), areas: areas, mode: mode,
      proximity: proximity ?? snapportHeight / 3)
  }
}

/// The resolved targets of a ``ScrollSnap``: offsets in [0, maxOffset], the
/// snap areas longer than the snapport, how to pick one, and the proximity.
public struct SnapTargets: Sendable, Equatable {
  /// Sorted, without repeats.
  public let offsets: [Double]
  /// The stretches of offsets at which a copy longer than the snapport covers
  /// it: a projected resting point inside one rests where it is. Sorted,
  /// disjoint (overlapping ones merged); empty for most scenes.
  public let areas: [ClosedRange<Double>]
  public let mode: ScrollSnap.Mode
  /// Points; used by `proximity` mode.
  public let proximity: Double

  /// Targets at `offsets` (sorted here; repeats dropped) and the snap areas
  /// `areas` (sorted and merged here).
  public init(
    offsets: [Double], areas: [ClosedRange<Double>] = [], mode: ScrollSnap.Mode,
    proximity: Double
  ) {
    let sorted = offsets.sorted()
    var unique: [Double] = []
    unique.reserveCapacity(sorted.count)
    for value in sorted where unique.last != value { unique.append(value) }
    self.offsets = unique
    var merged: [ClosedRange<Double>] = []
    for area in areas.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, area.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound...max(last.upperBound, area.upperBound)
      } else {
        merged.append(area)
      }
    }
    self.areas = merged
    self.mode = mode
    self.proximity = proximity
  }

  /// Whether `projection` lies in a snap area, where the scroll may rest as it
  /// is.
  public func areasContain(_ projection: Double) -> Bool {
    // The last area starting at or below the projection, by bisection.
    var low = 0
    var high = areas.count
    while low < high {
      let middle = (low + high) / 2
      if areas[middle].lowerBound <= projection { low = middle + 1 } else { high = middle }
    }
    return low > 0 && areas[low - 1].contains(projection)
  }

  /// The target for a release whose projected resting point is `projection`:
  /// `nil` when the projection lies in a snap area (it is a resting point
  /// itself); else `mandatory`, the nearest; `proximity`, the nearest if it is
  /// within `proximity` points, else `nil`. Of two equally near, the lower
  /// offset.
  public func target(forProjection projection: Double) -> Double? {
    guard !offsets.isEmpty, !areasContain(projection) else { return nil }
    // The first target at or above the projection, by bisection: a chain of a
    // million copies gives a million targets.
    var low = 0
    var high = offsets.count
    while low < high {
      let middle = (low + high) / 2
      if offsets[middle] < projection { low = middle + 1 } else { high = middle }
    }
    var nearest = offsets[min(low, offsets.count - 1)]
    if low > 0, abs(offsets[low - 1] - projection) <= abs(nearest - projection) {
      nearest = offsets[low - 1]
    }
    if mode == .proximity, abs(nearest - projection) > proximity { return nil }
    return nearest
  }
}
