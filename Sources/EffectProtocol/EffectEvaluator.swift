/// Runs a list of effects over the views of one chain, frame after frame,
/// outside a host: for tests, tools, previews and the fuzzer.
///
/// An evaluator is a chain without a scene: the natural frame of its first
/// view (in content or viewport coordinates, after `attachment`), the number
/// of views and the distance between neighbouring views' tops. Each
/// ``evaluate(_:)`` writes every view's natural transform (its natural
/// viewport frame, view `i` `i * stride` below the first, and identity
/// visuals but ``zIndex`` and ``opacity``), then calls each effect once, in order, on all the views.
///
/// A stateful effect's state is made once, with the evaluator, by
/// `makeState(viewCount:)`, and carried from one ``evaluate(_:)`` to the next,
/// as a host carries it from frame to frame; a new evaluator starts from
/// fresh states. An evaluator is a value: a copy carries its own copy of the
/// states (as long as they are values).
///
/// It takes none of a host's shortcuts (views left unwritten until an effect
/// changes them, natural frames known to later effects), so it is the plain
/// evaluation that a `SceneHost`'s output equals bit for bit. What only a
/// scene has is the host's: a `pin` whose `until` names another chain uses
/// the number in its `until` here, as no chain is placed (`"until": "next"`
/// needs none: its copies are the evaluator's).
public struct EffectEvaluator: Sendable {
  /// The effects, in the order they run.
  public let effects: [any ScrollEffect]
  /// The natural frame of view 0, in content or viewport coordinates.
  public private(set) var naturalFrame: Rect
  /// Whether ``naturalFrame`` is in content or viewport coordinates.
  public let attachment: Attachment
  /// The number of views, 0 or more.
  public private(set) var count: Int
  /// The distance between the tops of neighbouring views, in points.
  public private(set) var stride: Double
  /// The views' drawing order before any effect; default 0.
  public var zIndex: Double = 0
  /// The views' opacity before any effect; default 1.
  public var opacity: Double = 1
  /// One state per effect, in the order of ``effects``: each the `State` of its
  /// effect.
  private var states: [any Sendable]

  /// An evaluator of `effects` over `count` views, the first at
  /// `naturalFrame`, each next one `stride` points lower (by default the
  /// frame's height: views edge to edge).
  public init(
    _ effects: [any ScrollEffect], naturalFrame: Rect, attachment: Attachment = .content,
    count: Int = 1, stride: Double? = nil
  ) {
    precondition(count >= 0, "EffectEvaluator: a negative view count, \(count)")
    self.effects = effects
    self.naturalFrame = naturalFrame
    self.attachment = attachment
    self.count = count
    self.stride = stride ?? naturalFrame.height
    self.states = effects.map { Self.makeState($0, viewCount: count) }
  }

  /// The transforms of the ``count`` views in `geometry`, view 0 first, after
  /// every effect ran once; the states move on by one frame.
  ///
  /// - Parameters:
  ///   - time: The frame's time in seconds; `nil` (the default) for an
  ///     untimed frame.
  ///   - phase: What the scroll view is doing; `idle` by default.
  public mutating func evaluate(
    _ geometry: ScrollGeometry, time: Double? = nil, phase: ScrollPhase = .idle
  ) -> [ViewTransform] {
    var transforms = [ViewTransform](repeating: ViewTransform(frame: naturalFrame), count: count)
    // An empty array may have no storage; the effects still get their call.
    var spare = ViewTransform(frame: naturalFrame)
    var clock = FrameClock(time: time, phase: phase)
    transforms.withUnsafeMutableBufferPointer { views in
      withUnsafeMutablePointer(to: &spare) { spare in
        withUnsafePointer(to: &clock) { clock in
          var batch = ViewBatch(
            geometry: geometry, clock: clock, attachment: attachment, naturalFrame: naturalFrame,
            stride: stride, base: views.baseAddress ?? spare, count: count)
          for index in views.indices {
            views[index] = batch.naturalTransform(at: index)
            views[index].zIndex = zIndex
            views[index].opacity = opacity
          }
          for index in effects.indices {
            Self.apply(effects[index], state: &states[index], to: &batch)
          }
        }
      }
    }
    return transforms
  }

  /// Moves the chain between two frames, as a live layout change does:
  /// view 0's natural frame, the stride and the number of views. The views
  /// that stay keep their states; new views start theirs afresh
  /// (``ScrollEffect/resizeState(_:from:to:)``).
  public mutating func place(naturalFrame: Rect, stride: Double, count: Int) {
    precondition(count >= 0, "EffectEvaluator: a negative view count, \(count)")
    for index in effects.indices {
      Self.resize(effects[index], state: &states[index], from: self.count, to: count)
    }
    self.naturalFrame = naturalFrame
    self.stride = stride
    self.count = count
  }

  private static func resize<Effect: ScrollEffect>(
    _ effect: Effect, state: inout any Sendable, from oldCount: Int, to newCount: Int
  ) {
    guard var typed = state as? Effect.State else {
      preconditionFailure("EffectEvaluator: a state not made by its effect's makeState")
    }
    effect.resizeState(&typed, from: oldCount, to: newCount)
    state = typed
  }

  private static func makeState<Effect: ScrollEffect>(_ effect: Effect, viewCount: Int)
    -> any Sendable
  {
    effect.makeState(viewCount: viewCount)
  }

  private static func apply<Effect: ScrollEffect>(
    _ effect: Effect, state: inout any Sendable, to batch: inout ViewBatch
  ) {
    guard var typed = state as? Effect.State else {
      preconditionFailure("EffectEvaluator: a state not made by its effect's makeState")
    }
    effect.apply(to: &batch, state: &typed)
    state = typed
  }
}
