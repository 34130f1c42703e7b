import EffectProtocol

/// One frame of a simulated gesture.
public struct MotionFrame: Sendable, Equatable {
  /// n: 0, 1, 2, ...
  public var index: Int
  /// t = n / fps, seconds.
  public var time: Double
  /// What the scroll view is doing at this frame.
  public var phase: ScrollPhase
  /// The offset shown, points.
  public var offset: Double
  /// Points per second.
  public var velocity: Double
  /// The `set` steps of the gesture that change the layout at this frame,
  /// by their order among the gesture's `set` steps (``Gesture/settings``):
  /// applied, in order, before the frame is evaluated. Empty for most frames.
  public var layoutChanges: Range<Int> = 0..<0
}

/// What a scroll's motion needs of a scene's layout: its bounds, the rubber
/// band's dimension and where it snaps.
public struct MotionLayout: Sendable, Equatable {
  /// The largest resting offset.
  public var maxOffset: Double
  /// d, the rubber band's dimension: the viewport height, greater than 0
  /// and finite (a simulator checks it in debug builds when it takes the
  /// layout).
  public var viewportHeight: Double
  /// Where releases come to rest, if anywhere in particular.
  public var snap: SnapTargets?

  /// A layout with these bounds.
  ///
  /// - Precondition: `viewportHeight` is greater than 0 and finite; not
  ///   checked here, but in debug builds where ``MotionFrames`` takes the
  ///   layout, as ``ScrollSimulator`` checks its own.
  public init(maxOffset: Double, viewportHeight: Double, snap: SnapTargets? = nil) {
    self.maxOffset = maxOffset
    self.viewportHeight = viewportHeight
    self.snap = snap
  }

  /// The layout of `scene`: its maxOffset, viewport height and `snap`.
  public init(scene: Scene) {
    self.init(
      maxOffset: scene.geometry(offset: 0).maxOffset, viewportHeight: scene.viewport.height,
      snap: scene.snap.map { $0.targets(in: scene) })
  }
}

/// Why a simulation could not start.
public enum SimulationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A frame rate outside ``MotionFrames/frameRates``.
  case frameRate(Int)
  /// A start offset outside [0, maxOffset].
  case start(Double, maxOffset: Double)
  /// A gesture with `expected` `set` steps given the layouts after `found`.
  case layoutCount(expected: Int, found: Int)

  public var description: String {
    switch self {
    case .frameRate(let fps):
      return "expected a frame rate from 1 to 1000 frames per second, found \(fps)"
    case .start(let offset, let maxOffset):
      return
        "expected a start offset from 0 to \(MessageText.number(maxOffset)) (the largest resting offset), found \(MessageText.number(offset))"
    case .layoutCount(let expected, let found):
      return
        "expected the layout after each of the gesture's \(expected) set steps, found \(found)"
    }
  }
}

/// The frames of a gesture: n = 0, 1, 2, ... at t = n / fps, from the start
/// until the first `idle` frame after the last step (that frame included).
///
/// Produced one at a time, so memory stays flat however long the gesture.
/// Steps follow each other in time; a frame at the instant one step ends
/// belongs to the next. A gesture that ends with the finger down lifts it at
/// its end, as `release` would. After the last step the frames go on for at
/// most ``settlingLimit`` seconds (the physics settles in seconds; the bound
/// only keeps the sequence finite whatever the input).
public struct MotionFrames: Sequence, Sendable {
  /// `--fps`'s allowed values.
  public static let frameRates = 1...1000
  /// 600 seconds.
  public static let settlingLimit = 600.0

  /// The gesture the frames simulate.
  public let gesture: Gesture
  /// Frames per second, in ``frameRates``.
  public let fps: Int
  /// The simulator at the start: at rest at the start offset.
  private let simulator: ScrollSimulator
  /// The layout after each `set` step of the gesture, in order.
  public let layouts: [MotionLayout]

  /// The frames of `gesture` for a scroll with these bounds.
  ///
  /// - Parameters:
  ///   - fps: frames per second, 1...1000.
  ///   - start: the offset at frame 0, at rest; within [0, maxOffset].
  ///   - maxOffset: the largest resting offset.
  ///   - viewportHeight: d, the rubber band's dimension: greater than 0 and
  ///     finite (checked in debug builds, as ``ScrollSimulator`` checks it).
  ///   - layouts: the layout after each `set` step of the gesture, in order
  ///     (as many as it has).
  public init(
    gesture: Gesture, physics: ScrollPhysics = .ios, fps: Int = 120, start: Double = 0,
    maxOffset: Double, viewportHeight: Double, snap: SnapTargets? = nil,
    layouts: [MotionLayout] = []
  ) throws(SimulationError) {
    guard Self.frameRates.contains(fps) else { throw .frameRate(fps) }
    let settingCount = gesture.settings.count
    guard layouts.count == settingCount else {
      throw .layoutCount(expected: settingCount, found: layouts.count)
    }
    self.layouts = layouts
    let bound = ScrollSimulator.bound(maxOffset)
    guard start.isFinite, start >= 0, start <= bound else {
      throw .start(start, maxOffset: bound)
    }
    self.gesture = gesture
    self.fps = fps
    simulator = ScrollSimulator(
      physics: physics, offset: start, maxOffset: bound, viewportHeight: viewportHeight,
      snap: snap)
  }

  /// The frames of `gesture` on `scene` (its maxOffset, viewport height and
  /// `snap`); `layouts` is the scene as each `set` step of the gesture leaves
  /// it, in order.
  public init(
    gesture: Gesture, scene: Scene, physics: ScrollPhysics = .ios, fps: Int = 120,
    start: Double = 0, layouts: [Scene] = []
  ) throws(SimulationError) {
    let layout = MotionLayout(scene: scene)
    try self.init(
      gesture: gesture, physics: physics, fps: fps, start: start,
      maxOffset: layout.maxOffset, viewportHeight: layout.viewportHeight, snap: layout.snap,
      layouts: layouts.map(MotionLayout.init(scene:)))
  }

  /// An iterator from frame 0, at rest at the start offset: each iteration starts the gesture
  /// over.
  public func makeIterator() -> Iterator {
    Iterator(steps: gesture.steps, fps: fps, simulator: simulator, layouts: layouts)
  }

  /// Produces the frames one at a time.
  public struct Iterator: IteratorProtocol, Sendable {
    private let steps: [Gesture.Step]
    private let fps: Double
    private var simulator: ScrollSimulator
    private var frame = 0
    private var isFinished = false
    /// The first step not yet begun, and the time it begins, milliseconds.
    private var nextStep = 0
    private var nextStart = 0.0
    /// The step under way (it has a duration), when it began and ends
    /// (seconds: the sums of the durations before it, over 1000) and the raw
    /// offset when it began.
    private var active: Active?

    private struct Active: Sendable {
      var step: Gesture.Step
      var start: Double
      var end: Double
      var raw: Double
    }
    /// The velocity a `release` lifts with: that of the step before it.
    private var releaseVelocity = 0.0
    /// When the last step ended, seconds, once it has.
    private var gestureEnd: Double?
    /// The layout after each `set` step, and how many have been applied.
    private let layouts: [MotionLayout]
    private var layoutsApplied = 0

    init(steps: [Gesture.Step], fps: Int, simulator: ScrollSimulator, layouts: [MotionLayout]) {
      self.steps = steps
      self.fps = Double(fps)
      self.simulator = simulator
      self.layouts = layouts
    }

    /// The next frame, or `nil` once the last was given: the first `idle` frame after the last
    /// step, or the first frame ``MotionFrames/settlingLimit`` seconds or more after it.
    public mutating func next() -> MotionFrame? {
      guard !isFinished else { return nil }
      // Computed, never accumulated: frame n is at exactly n / fps.
      let time = Double(frame) / fps
      let layoutsBefore = layoutsApplied
      applySteps(upTo: time)
      if let active, case .drag(let distance, let ms) = active.step {
        simulator.moveFinger(
          toRawOffset: active.raw + distance * (time - active.start) / (ms / 1000), at: time)
      }
      let state = simulator.advance(to: time)
      if let gestureEnd,
        state.phase == .idle || time >= gestureEnd + MotionFrames.settlingLimit
      {
        isFinished = true
      }
      defer { frame += 1 }
      return MotionFrame(
        index: frame, time: time, phase: state.phase, offset: state.offset,
        velocity: state.velocity, layoutChanges: layoutsBefore..<layoutsApplied)
    }

    /// Ends the steps that end at or before `time` and begins those that
    /// begin by then, in order: the frame at a step's end belongs to the next.
    private mutating func applySteps(upTo time: Double) {
      while true {
        if let current = active {
          guard current.end <= time else { return }
          finish(current, at: current.end)
          active = nil
        }
        guard nextStep < steps.count else { break }
        let start = nextStart / 1000
        guard start <= time else { return }
        let step = steps[nextStep]
        nextStep += 1
        nextStart += step.milliseconds
        begin(step, at: start, end: nextStart / 1000)
      }
      if gestureEnd == nil {
        let end = nextStart / 1000
        gestureEnd = end
        if simulator.rawOffset != nil { simulator.lift(at: end, velocity: releaseVelocity) }
      }
    }

    private mutating func begin(_ step: Gesture.Step, at time: Double, end: Double) {
      switch step {
      case .drag, .hold:
        simulator.touchDown(at: time)
        active = Active(step: step, start: time, end: end, raw: simulator.rawOffset ?? 0)
      case .release:
        simulator.lift(at: time, velocity: releaseVelocity)
      case .fling(let velocity):
        simulator.lift(at: time, velocity: velocity)
      case .wait:
        active = Active(step: step, start: time, end: end, raw: 0)
      case .scrollTo(let offset, let ms):
        simulator.scroll(to: offset, duration: ms / 1000, at: time)
        active = Active(step: step, start: time, end: end, raw: 0)
      case .set:
        let layout = layouts[layoutsApplied]
        layoutsApplied += 1
        simulator.changeLayout(
          maxOffset: layout.maxOffset, viewportHeight: layout.viewportHeight, snap: layout.snap,
          at: time)
      }
    }

    private mutating func finish(_ current: Active, at time: Double) {
      switch current.step {
      case .drag(let distance, let ms):
        simulator.moveFinger(toRawOffset: current.raw + distance, at: time)
        releaseVelocity = distance / ms * 1000
      case .hold:
        simulator.moveFinger(toRawOffset: current.raw, at: time)
        releaseVelocity = 0
      case .scrollTo(let offset, _):
        // The step ends at its exact time (the sum of the durations), which
        // start + duration may miss by a rounding: the scroll is there now.
        simulator.scroll(to: offset, duration: 0, at: time)
      case .release, .fling, .wait, .set:
        break
      }
    }
  }
}
