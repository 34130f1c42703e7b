import EffectProtocol
import Effects

/// A threshold a chain declares (its `events` key), whose crossing the host
/// reports: `{"name": "refresh", "input": "pull", "crosses": 100,
/// "direction": "increasing"}`.
///
/// `input` is one of `interpolate`'s inputs (`offset` by default, `pull`,
/// `pullBottom`, `minY`, `height`, `progress`), read after the chain's last
/// effect. With `a` the value at the previous frame and `b` at this one, the
/// event fires when `a < crosses <= b` (increasing) or `a > crosses >= b`
/// (decreasing); `direction` `both` (the default) takes either. Never on a
/// first frame; every copy of a repeated chain fires its own.
public struct ChainEvent: Sendable, Equatable {
  /// The way a value crosses the threshold.
  public enum Direction: String, Sendable, CaseIterable {
    case increasing, decreasing, both
  }

  /// Unique within the chain.
  public var name: String
  /// What is measured: `interpolate`'s inputs.
  public var input: InterpolateEffect.Input
  /// The threshold, in the input's unit (points; a fraction for progress).
  public var crosses: Double
  public var direction: Direction

  public init(
    name: String, input: InterpolateEffect.Input = .offset, crosses: Double,
    direction: Direction = .both
  ) {
    self.name = name
    self.input = input
    self.crosses = crosses
    self.direction = direction
  }

  /// The direction in which the value went from `previous` to `current`
  /// across the threshold, if it did and the event watches that direction:
  /// `increasing` for `previous < crosses <= current`, `decreasing` for
  /// `previous > crosses >= current`.
  @inlinable
  public func crossing(from previous: Double, to current: Double) -> SceneEvent.Direction? {
    if previous < crosses, crosses <= current {
      return direction == .decreasing ? nil : .increasing
    }
    if previous > crosses, crosses >= current {
      return direction == .increasing ? nil : .decreasing
    }
    return nil
  }
}

/// An event that fired in a frame: which chain, copy and declaration, the way
/// the value went and its value in that frame.
public struct SceneEvent: Sendable, Equatable {
  /// The way the value crossed the threshold.
  public enum Direction: String, Sendable, CaseIterable {
    case increasing, decreasing
  }

  /// The chain's index in the scene (and in ``SceneHost/chains``).
  public var chain: Int
  /// The copy of a repeated chain; 0 for a chain that does not repeat.
  public var copy: Int
  /// The declaration's index in the chain's ``Chain/events``.
  public var event: Int
  public var direction: Direction
  /// The input's value in the frame that fired, after the chain's effects.
  public var value: Double

  public init(chain: Int, copy: Int, event: Int, direction: Direction, value: Double) {
    self.chain = chain
    self.copy = copy
    self.event = event
    self.direction = direction
    self.value = value
  }
}

/// Finds the events of each frame of a host: the values of every declared
/// input of every copy at the previous frame, and the events fired in the
/// last one, both in arrays reused from frame to frame.
///
/// A value: a host's copy carries a copy of it, and the arrays copy their
/// storage on the first write after that (an array's copy on write), so
/// copies of a host fire independently.
struct EventDetector: Sendable {
  /// One declared event of one chain: what to read and where its copies'
  /// previous values are.
  struct Watch: Sendable {
    var chain: Int
    var event: Int
    var declaration: ChainEvent
    var firstView: Int
    var viewCount: Int
    /// The index of copy 0's previous value in ``EventDetector/previous``.
    var firstSlot: Int
  }

  private(set) var watches: [Watch] = []
  /// The value of each copy of each watch at the previous frame.
  private var previous: [Double] = []
  /// Whether a frame was evaluated since the start (or the last reset).
  private var hasPrevious = false
  /// The events of the last frame, in order of chains, declarations, copies.
  private(set) var fired: [SceneEvent] = []

  /// The most events kept room for before the first frame; more grow the
  /// array once and it keeps its capacity.
  static let reservedEvents = 1 << 16

  init(scene: Scene) {
    var firstView = 0
    var slots = 0
    for (chainIndex, chain) in scene.chains.enumerated() {
      for (eventIndex, event) in chain.events.enumerated() {
        watches.append(
          Watch(
            chain: chainIndex, event: eventIndex, declaration: event, firstView: firstView,
            viewCount: chain.viewCount, firstSlot: slots))
        // A scroll input is the same for every copy: one previous value.
        slots += Self.isPerView(event.input) ? chain.viewCount : 1
      }
      firstView += chain.viewCount
    }
    previous = [Double](repeating: 0, count: slots)
    fired.reserveCapacity(
      min(
        scene.chains.reduce(0) { $0 + $1.events.count * $1.viewCount },
        Self.reservedEvents))
  }

  /// Whether `input` is read from each view (else from the scroll geometry).
  static func isPerView(_ input: InterpolateEffect.Input) -> Bool {
    switch input {
    case .offset, .pull, .pullBottom: false
    case .minY, .height, .progress: true
    }
  }

  /// Whether the scene declares no event: the host then skips detection.
  var isEmpty: Bool { watches.isEmpty }

  /// Back to before the first frame: the next frame fires nothing.
  mutating func reset() {
    hasPrevious = false
    fired.removeAll(keepingCapacity: true)
  }

  /// Reads every watched value of the frame just evaluated (`views`, in
  /// `geometry`) and records the events that fired; the values become the
  /// previous ones.
  ///
  /// One loop per input kind, reading only the field it needs, because this
  /// runs every frame over every copy: a scroll input is read and compared
  /// once for all copies of a watch, and a per-view loop does a load, a
  /// store and one multiplication per copy until a crossing.
  mutating func detect(in views: UnsafeBufferPointer<ViewTransform>, geometry: ScrollGeometry) {
    fired.removeAll(keepingCapacity: true)
    let firing = hasPrevious
    hasPrevious = true
    let viewportHeight = geometry.viewport.height
    let watches = self.watches
    previous.withUnsafeMutableBufferPointer { previous in
      guard let slots = previous.baseAddress, let base = views.baseAddress else { return }
      for watch in watches {
        let slot = slots + watch.firstSlot
        let first = base + watch.firstView
        let count = watch.viewCount
        switch watch.declaration.input {
        case .offset:
          Self.scan(watch, copies: count, geometryValue: geometry.offset, slot, firing, &fired)
        case .pull:
          Self.scan(watch, copies: count, geometryValue: geometry.pull, slot, firing, &fired)
        case .pullBottom:
          Self.scan(watch, copies: count, geometryValue: geometry.pullBottom, slot, firing, &fired)
        case .minY: Self.scan(watch, slot, firing, &fired) { first[$0].y }
        case .height: Self.scan(watch, slot, firing, &fired) { first[$0].height }
        case .progress:
          Self.scan(watch, slot, firing, &fired) {
            ScrollGeometry.coverProgress(
              minY: first[$0].y, height: first[$0].height, viewportHeight: viewportHeight)
          }
        }
      }
    }
  }

  /// A scroll input's watch: one previous value; a crossing fires for
  /// every copy.
  @inline(__always)
  private static func scan(
    _ watch: Watch, copies: Int, geometryValue value: Double, _ slot: UnsafeMutablePointer<Double>,
    _ firing: Bool, _ fired: inout [SceneEvent]
  ) {
    let before = slot.pointee
    slot.pointee = value
    guard firing, let direction = watch.declaration.crossing(from: before, to: value) else {
      return
    }
    for copy in 0..<copies {
      fired.append(
        SceneEvent(
          chain: watch.chain, copy: copy, event: watch.event, direction: direction, value: value))
    }
  }

  /// A per-view input's watch: `value(copy)` for each copy, against its own
  /// previous value in `slots[copy]`.
  @inline(__always)
  private static func scan(
    _ watch: Watch, _ slots: UnsafeMutablePointer<Double>, _ firing: Bool,
    _ fired: inout [SceneEvent], value: (Int) -> Double
  ) {
    let count = watch.viewCount
    guard firing else {
      for copy in 0..<count { slots[copy] = value(copy) }
      return
    }
    let crosses = watch.declaration.crosses
    for copy in 0..<count {
      let current = value(copy)
      let before = slots[copy]
      slots[copy] = current
      // Most copies cross nothing. A crossing needs the two values on either
      // side of the threshold (or on it): a product of at most 0, one
      // multiplication instead of four comparisons; the rule then decides.
      guard (before - crosses) * (current - crosses) <= 0 else { continue }
      if let direction = watch.declaration.crossing(from: before, to: current) {
        fired.append(
          SceneEvent(
            chain: watch.chain, copy: copy, event: watch.event, direction: direction,
            value: current))
      }
    }
  }
}
