/// The resolved targets of a ``ScrollSnap``: offsets in [0, maxOffset], the
/// snap areas longer than the snapport, how to pick one, the proximity and
/// whether a release may pass a target.
public struct SnapTargets: Sendable, Equatable {
  /// The targets, as a list or, for paging, as arithmetic: a scene of a
  /// billion points paged by a one-point snapport has a billion pages, which
  /// are worked out where asked for rather than held.
  private enum Storage: Sendable, Equatable {
    case list([Double])
    /// `multiples` targets k * `length` (k = 0 ..< multiples), then `end`.
    case pages(length: Double, multiples: Int, end: Double)
  }

  private let storage: Storage
  /// The stretches of offsets at which a copy longer than the snapport covers
  /// it: a projected resting point inside one rests where it is. Sorted,
  /// disjoint (overlapping ones merged); empty for most scenes.
  public let areas: [ClosedRange<Double>]
  /// How a release picks its target.
  public let mode: ScrollSnap.Mode
  /// Points; used by `proximity` mode.
  public let proximity: Double
  /// Whether a release may pass a target (``target(forProjection:releasedAt:velocity:)``).
  public let stop: ScrollSnap.Stop

  /// Targets at `offsets` (sorted here; repeats dropped) and the snap areas
  /// `areas` (sorted and merged here).
  public init(
    offsets: [Double], areas: [ClosedRange<Double>] = [], mode: ScrollSnap.Mode,
    proximity: Double, stop: ScrollSnap.Stop = .normal
  ) {
    let sorted = offsets.sorted()
    var unique: [Double] = []
    unique.reserveCapacity(sorted.count)
    for value in sorted where unique.last != value { unique.append(value) }
    storage = .list(unique)
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
    self.stop = stop
  }

  /// Paging's targets: every multiple k * `pageLength` (k >= 0) below
  /// `maxOffset`, and `maxOffset` (negative is taken as 0); mandatory, and
  /// `stop` `.always`.
  ///
  /// A page length of 0, or one so short that maxOffset holds more than 2^53
  /// pages (a snapport with insets as tall as the viewport), pages nothing
  /// but the ends: the targets are 0 and maxOffset. So does one that is no
  /// length (negative, NaN or infinite), taken as 0.
  public init(pageLength: Double, maxOffset: Double) {
    let pageLength = pageLength > 0 && pageLength.isFinite ? pageLength : 0
    let end = max(0, maxOffset)
    let pages = end / pageLength
    var multiples = 1
    if pageLength > 0, pages < 0x1p53 {
      // ceil(end / L) multiples lie below end, but for rounding: settle it on
      // the products themselves, which are what the targets are.
      multiples = Int(pages.rounded(.up))
      while multiples > 0, Double(multiples - 1) * pageLength >= end { multiples -= 1 }
      while Double(multiples) * pageLength < end { multiples += 1 }
    } else if end == 0 {
      multiples = 0
    }
    storage = .pages(length: pageLength, multiples: multiples, end: end)
    areas = []
    mode = .mandatory
    proximity = pageLength / 3
    stop = .always
  }

  /// The page length of paging's targets; `nil` for a list of targets.
  public var pageLength: Double? {
    if case .pages(let length, _, _) = storage { return length }
    return nil
  }

  /// How many targets there are.
  public var count: Int {
    switch storage {
    case .list(let offsets): offsets.count
    case .pages(_, let multiples, _): multiples + 1
    }
  }

  /// Every target, sorted, without repeats. Paging's are worked out here, as
  /// many as there are pages: ``targets(within:)`` gives those of a stretch.
  public var offsets: [Double] {
    switch storage {
    case .list(let offsets): offsets
    case .pages: (0..<count).map(offset(at:))
    }
  }

  /// The targets within `range`, sorted.
  public func targets(within range: ClosedRange<Double>) -> [Double] {
    targets(within: range, atMost: .max) ?? []
  }

  /// The targets within `range`, sorted, or `nil` when there are more than
  /// `limit`: a paged scene's short pages over long content are as many as
  /// 2^53, which no array holds.
  public func targets(within range: ClosedRange<Double>, atMost limit: Int) -> [Double]? {
    var index = firstIndex(atOrAbove: range.lowerBound)
    var result: [Double] = []
    while index < count, offset(at: index) <= range.upperBound {
      if result.count == limit { return nil }
      result.append(offset(at: index))
      index += 1
    }
    return result
  }

  /// Target `index` in sorted order.
  private func offset(at index: Int) -> Double {
    switch storage {
    case .list(let offsets): offsets[index]
    case .pages(let length, let multiples, let end):
      index < multiples ? Double(index) * length : end
    }
  }

  /// The index of the first target at or above `value` (`count` if none), by
  /// bisection: a chain of a million copies gives a million targets.
  private func firstIndex(atOrAbove value: Double) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = low + (high - low) / 2
      if offset(at: middle) < value { low = middle + 1 } else { high = middle }
    }
    return low
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
  /// offset. `stop` plays no part: a release's offset and velocity are
  /// needed for it (``target(forProjection:releasedAt:velocity:)``).
  public func target(forProjection projection: Double) -> Double? {
    guard count > 0, !areasContain(projection) else { return nil }
    let low = firstIndex(atOrAbove: projection)
    var nearest = offset(at: min(low, count - 1))
    if low > 0, abs(offset(at: low - 1) - projection) <= abs(nearest - projection) {
      nearest = offset(at: low - 1)
    }
    if mode == .proximity, abs(nearest - projection) > proximity { return nil }
    return nearest
  }

  /// The first target beyond `offset` in the direction of `velocity`: the
  /// lowest above it for a positive velocity, the highest below it for a
  /// negative one; `nil` at rest or when there is none that way.
  public func firstTarget(beyond offset: Double, velocity: Double) -> Double? {
    if velocity > 0 {
      var low = firstIndex(atOrAbove: offset)
      if low < count, self.offset(at: low) == offset { low += 1 }
      return low < count ? self.offset(at: low) : nil
    }
    if velocity < 0 {
      let low = firstIndex(atOrAbove: offset)
      return low > 0 ? self.offset(at: low - 1) : nil
    }
    return nil
  }

  /// The target for a release at `offset` with `velocity` whose projected
  /// resting point is `projection`.
  ///
  /// `stop` `.normal`: ``target(forProjection:)``. `.always` (CSS
  /// `scroll-snap-stop: always`): with F the first target beyond `offset` in
  /// the direction of `velocity`, the nearest to the projection among the
  /// targets not beyond F, so a release never passes F. A projection at or
  /// beyond F takes F, whatever the mode (a proximity that lets the scroll
  /// decelerate on would pass it) and even when F ends a snap area; one
  /// short of F takes the plain rule, which never picks a target beyond F
  /// (F is nearer). At rest, or with no target that way, the plain rule.
  public func target(forProjection projection: Double, releasedAt offset: Double, velocity: Double)
    -> Double?
  {
    guard stop == .always, let next = firstTarget(beyond: offset, velocity: velocity) else {
      return target(forProjection: projection)
    }
    if velocity > 0 ? projection >= next : projection <= next { return next }
    return target(forProjection: projection)
  }
}
