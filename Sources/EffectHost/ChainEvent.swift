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
        slots += chain.viewCount
      }
      firstView += chain.viewCount
    }
    previous = [Double](repeating: 0, count: slots)
    fired.reserveCapacity(min(slots, Self.reservedEvents))
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
  mutating func detect(in views: UnsafeBufferPointer<ViewTransform>, geometry: ScrollGeometry) {
    fired.removeAll(keepingCapacity: true)
    let firing = hasPrevious
    hasPrevious = true
    let viewportHeight = geometry.viewport.height
    previous.withUnsafeMutableBufferPointer { previous in
      for watch in watches {
        let declaration = watch.declaration
        for copy in 0..<watch.viewCount {
          let view = views[watch.firstView + copy]
          let value: Double
          switch declaration.input {
          case .offset: value = geometry.offset
          case .pull: value = geometry.pull
          case .pullBottom: value = geometry.pullBottom
          case .minY: value = view.y
          case .height: value = view.height
          case .progress:
            value = ScrollGeometry.coverProgress(
              minY: view.y, height: view.height, viewportHeight: viewportHeight)
          }
          let slot = watch.firstSlot + copy
          if firing, let direction = declaration.crossing(from: previous[slot], to: value) {
            fired.append(
              SceneEvent(
                chain: watch.chain, copy: copy, event: watch.event, direction: direction,
                value: value))
          }
          previous[slot] = value
        }
      }
    }
  }
}
