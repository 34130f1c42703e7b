import EffectProtocol
import Effects

/// The state of a simulated scroll at one instant.
public struct ScrollState: Sendable, Equatable {
  /// Seconds.
  public var time: Double
  /// The offset shown, points (past an edge while rubber-banding or bouncing).
  public var offset: Double
  /// Points per second; 0 at rest.
  public var velocity: Double
  /// What the scroll view is doing at that instant.
  public var phase: ScrollPhase

  /// A state of these values.
  public init(time: Double, offset: Double, velocity: Double, phase: ScrollPhase) {
    self.time = time
    self.offset = offset
    self.velocity = velocity
    self.phase = phase
  }
}

/// A scroll view's motion, driven by touch events and programmatic scrolls,
/// with the physics that Docs/Motion.md gives.
///
/// Feed it events in time order (``touchDown(at:)``, ``moveFinger(toRawOffset:at:)``,
/// ``lift(at:velocity:)``, ``scroll(to:duration:at:)``) and ask for each frame
/// with ``advance(to:)``, as a display link would: free motion comes to rest
/// at the first frame that meets its resting rule, so the frames asked for
/// are the frames that count. Times are seconds and must not go back (an
/// earlier time is taken as the latest one seen). ``state(at:)`` evaluates
/// the current motion at any time without deciding rest.
///
/// While the finger is down it sets the *raw* offset; the offset shown is
/// the raw one within [0, maxOffset] and, past an edge, the rubber band of
/// the overshoot (`ios`) or the edge (`android`). Touching down during free
/// motion catches the content where it is: at the raw offset whose band is
/// the offset shown.
public struct ScrollSimulator: Sendable {
  /// The physics.
  public let physics: ScrollPhysics
  /// The largest resting offset; the bounds are [0, maxOffset].
  public private(set) var maxOffset: Double
  /// d, the rubber band's dimension: the viewport height, points.
  public private(set) var viewportHeight: Double
  /// Where releases come to rest, if anywhere in particular.
  public private(set) var snap: SnapTargets?

  private enum Motion: Sendable {
    case resting(Double)
    /// The finger is down at `raw`; `velocity` is that of the shown offset
    /// since the last move, at `time`.
    case touching(raw: Double, velocity: Double, time: Double)
    /// `ios` free motion from `start`; `crossing` is when and where it reaches
    /// an edge; `target`, the snap target a bent curve rests on (else it rests
    /// at the curve's value).
    case decelerating(
      Deceleration, start: Double, crossing: (time: Double, edge: Double)?, target: Double?)
    case springing(ScrollSpring, start: Double)
    /// `android` free motion; `stop` is when and where it reaches an edge.
    case flinging(AndroidFling, start: Double, stop: (time: Double, edge: Double)?)
    /// A programmatic scroll to `requested`, clamped to the bounds: `to`.
    case animating(from: Double, to: Double, requested: Double, start: Double, duration: Double)
  }

  private var motion: Motion
  private var latestTime: Double

  /// A scroll at rest at `offset` at time `time`.
  ///
  /// - Parameters:
  ///   - maxOffset: the bounds' upper end (negative is taken as 0, above
  ///     ``SceneHost/offsetLimit`` as that limit, the largest offset a host
  ///     evaluates: content longer than 1e15 points is scrolled to there).
  ///   - viewportHeight: d for the rubber band, greater than 0 and finite
  ///     (checked in debug builds): a band of 0 shows no overscroll at all.
  public init(
    physics: ScrollPhysics = .ios, offset: Double = 0, maxOffset: Double,
    viewportHeight: Double, snap: SnapTargets? = nil, time: Double = 0
  ) {
    assert(
      viewportHeight > 0 && viewportHeight.isFinite,
      "ScrollSimulator: expected a finite viewport height greater than 0, found \(viewportHeight)")
    self.physics = physics
    self.maxOffset = Self.bound(maxOffset)
    self.viewportHeight = viewportHeight
    self.snap = snap
    motion = .resting(offset)
    latestTime = time
  }

  /// A scroll of `scene` (its maxOffset, viewport height and `snap`) at rest
  /// at `offset`.
  public init(scene: Scene, physics: ScrollPhysics = .ios, offset: Double = 0) {
    self.init(
      physics: physics, offset: offset, maxOffset: scene.geometry(offset: 0).maxOffset,
      viewportHeight: scene.viewport.height, snap: scene.snap.map { $0.targets(in: scene) })
  }

  /// The raw offset under the finger, or `nil` when the finger is up.
  public var rawOffset: Double? {
    if case .touching(let raw, _, _) = motion { return raw }
    return nil
  }

  // MARK: - Events

  /// The finger touches down at `time`, catching the content where it is.
  /// Nothing happens when it is already down.
  public mutating func touchDown(at time: Double) {
    let time = moveClock(to: time)
    if case .touching = motion { return }
    let shown = state(at: time).offset
    motion = .touching(raw: raw(showing: shown), velocity: 0, time: time)
  }

  /// The finger, down (it touches down first if it is up), moves the raw
  /// offset to `raw` at `time`.
  public mutating func moveFinger(toRawOffset raw: Double, at time: Double) {
    touchDown(at: time)
    let time = moveClock(to: time)
    guard case .touching(let previous, let velocity, let previousTime) = motion else { return }
    let elapsed = time - previousTime
    let newVelocity =
      elapsed > 0 ? (shown(raw: raw) - shown(raw: previous)) / elapsed : velocity
    motion = .touching(raw: raw, velocity: newVelocity, time: time)
  }

  /// The finger lifts at `time` with `velocity` points per second (touching
  /// down first if it is up: a flick), and the content moves freely.
  ///
  /// In bounds: with snapping, the target that the projected resting point P
  /// picks (``SnapTargets/target(forProjection:releasedAt:velocity:)``, which
  /// with `stop` `.always` never passes the first target beyond the release;
  /// `ios` projects o - v / (1000 ln r), `android` o + sign(v) * distance). A target ahead of the
  /// release in the direction of the velocity is reached by the physics' own
  /// free motion bent to end on it (``Deceleration/init(start:velocity:target:)``,
  /// ``AndroidFling/init(start:velocity:target:)``), so the content never moves
  /// faster than at the release; a target behind, at the release, or a
  /// release at rest (`ios`: slower than 0.5 points/s, the speed at which its
  /// free motion rests) is reached by the spring. Without a target (or with P
  /// in a snap area, a resting point itself), the physics' free motion.
  ///
  /// Past an edge (`ios` only): the spring to the nearer edge, or with
  /// snapping to the target that edge picks as if it were the projection,
  /// from the velocity of the content as shown: the finger's velocity times
  /// the rubber band's slope b'(x) at the overshoot x, so what the eye sees
  /// moving does not jump in speed when the finger lifts.
  public mutating func lift(at time: Double, velocity: Double) {
    touchDown(at: time)
    let time = moveClock(to: time)
    guard case .touching(let raw, _, _) = motion else { return }
    let offset = shown(raw: raw)
    if offset < 0 || offset > maxOffset {
      let overshoot = raw < 0 ? -raw : raw - maxOffset
      moveFreely(
        from: offset, velocity: velocity * RubberBand.slope(overshoot, dimension: viewportHeight),
        at: time)
      return
    }
    moveFreely(from: offset, velocity: velocity, at: time)
  }

  /// Free motion from `offset` (as shown) at `velocity` (that of the content
  /// as shown) at `time`: past an edge the spring to it (or to the target
  /// that edge picks), in bounds the physics' free motion toward the snap
  /// target its projection picks, else its plain free motion.
  private mutating func moveFreely(from offset: Double, velocity: Double, at time: Double) {
    if offset < 0 || offset > maxOffset {
      let edge = offset < 0 ? 0 : maxOffset
      let target = snap?.target(forProjection: edge) ?? edge
      motion = .springing(ScrollSpring(from: offset, velocity: velocity, to: target), start: time)
      return
    }
    switch physics {
    case .ios:
      let deceleration = Deceleration(start: offset, velocity: velocity)
      if let target = snap?.target(
        forProjection: deceleration.restingPoint, releasedAt: offset, velocity: velocity)
      {
        // A speed below the resting one is a release at rest: the bent curve
        // would rest on the target at once, at the release.
        if (target - offset) * velocity > 0 && abs(velocity) >= Deceleration.restingSpeed {
          motion = .decelerating(
            Deceleration(start: offset, velocity: velocity, target: target), start: time,
            crossing: nil, target: target)
        } else {
          motion = .springing(
            ScrollSpring(from: offset, velocity: velocity, to: target), start: time)
        }
        return
      }
      let edge = velocity < 0 ? 0 : maxOffset
      let crossing = deceleration.time(reaching: edge).map { (time: time + $0, edge: edge) }
      motion = .decelerating(deceleration, start: time, crossing: crossing, target: nil)
    case .android:
      let fling = AndroidFling(start: offset, velocity: velocity)
      if let target = snap?.target(
        forProjection: fling.restingPoint, releasedAt: offset, velocity: velocity)
      {
        if (target - offset) * velocity > 0 {
          motion = .flinging(
            AndroidFling(start: offset, velocity: velocity, target: target), start: time,
            stop: nil)
        } else {
          motion = .springing(
            ScrollSpring(from: offset, velocity: velocity, to: target), start: time)
        }
        return
      }
      let edge = velocity < 0 ? 0 : maxOffset
      let stop = fling.time(reaching: edge).map { (time: time + $0, edge: edge) }
      motion = .flinging(fling, start: time, stop: stop)
    }
  }

  /// A programmatic scroll from where the content is to `offset` (clamped to
  /// [0, maxOffset]) over `duration` seconds, CSS `ease-in-out`, starting at
  /// `time`; it stops any free motion (and ends a touch). A duration of 0 or
  /// less jumps.
  public mutating func scroll(to offset: Double, duration: Double, at time: Double) {
    let time = moveClock(to: time)
    let from = state(at: time).offset
    let to = min(max(offset, 0), maxOffset)
    motion =
      duration > 0
      ? .animating(from: from, to: to, requested: offset, start: time, duration: duration)
      : .resting(to)
  }

  /// `maxOffset` as the bounds take it: 0 to ``SceneHost/offsetLimit``.
  static func bound(_ maxOffset: Double) -> Double {
    min(max(0, maxOffset), SceneHost.offsetLimit)
  }

  /// The layout changes at `time`: the bounds become [0, `maxOffset`], the
  /// rubber band's d `viewportHeight` (greater than 0 and finite, checked
  /// in debug builds), the snap targets `snap`.
  ///
  /// The raw offset under a finger stays where it is and is shown through
  /// the new bounds: past an edge now, as the rubber band of the overshoot
  /// (`ios`) or at the edge (`android`). Content moving freely, or at rest,
  /// starts again from where it is shown and its velocity (0 at rest) as if
  /// released there under the new layout: the spring to an edge it is now
  /// past, the snap target its projection now picks, or the deceleration
  /// (for `ios` the same curve, which has no memory); at rest in bounds on a
  /// target, or without snapping, it stays at rest. A programmatic scroll
  /// keeps its start, duration and curve, its target clamped to the new
  /// bounds.
  public mutating func changeLayout(
    maxOffset: Double, viewportHeight: Double, snap: SnapTargets?, at time: Double
  ) {
    assert(
      viewportHeight > 0 && viewportHeight.isFinite,
      "changeLayout: expected a finite viewport height greater than 0, found \(viewportHeight)")
    let time = moveClock(to: time)
    let current = state(at: time)
    self.maxOffset = Self.bound(maxOffset)
    self.viewportHeight = viewportHeight
    self.snap = snap
    switch motion {
    case .touching:
      break
    case .animating(let from, _, let requested, let start, let duration):
      motion = .animating(
        from: from, to: min(max(requested, 0), self.maxOffset), requested: requested,
        start: start, duration: duration)
    case .resting(let offset)
    where offset >= 0 && offset <= self.maxOffset
      && (snap?.target(forProjection: offset) ?? offset) == offset:
      break
    case .resting, .decelerating, .springing, .flinging:
      moveFreely(from: current.offset, velocity: current.velocity, at: time)
    }
  }

  // MARK: - Frames

  /// The frame at `time`: free motion that meets its resting rule here comes
  /// to rest (phase `idle`) and stays there.
  ///
  /// `ios` deceleration rests at the first frame whose speed is below 0.5
  /// points per second, at the curve's value (a curve bent to a snap target:
  /// at the target); the spring at the first frame
  /// within 0.5 points of its target with a speed of at most 10, showing the
  /// target; an `android` fling at its end or at the edge it reaches; a
  /// programmatic scroll at its end.
  public mutating func advance(to time: Double) -> ScrollState {
    let time = moveClock(to: time)
    switch motion {
    case .decelerating(let deceleration, let start, let crossing, let target):
      if let crossing, time >= crossing.time {
        motion = .springing(
          Self.spring(after: deceleration, crossing: crossing, start: start),
          start: crossing.time)
        return advance(to: time)
      }
      if abs(deceleration.velocity(after: time - start)) < Deceleration.restingSpeed {
        motion = .resting(target ?? deceleration.offset(after: time - start))
      }
    case .springing(let spring, let start):
      if spring.isAtRest(after: time - start) { motion = .resting(spring.target) }
    case .flinging(let fling, let start, let stop):
      if let stop, time >= stop.time {
        motion = .resting(stop.edge)
      } else if time - start >= fling.duration {
        motion = .resting(fling.restingPoint)
      }
    case .animating(_, let to, _, let start, let duration):
      if time - start >= duration { motion = .resting(to) }
    case .resting, .touching:
      break
    }
    return state(at: time)
  }

  /// The current motion evaluated at `time` (at or after the latest event),
  /// without deciding rest: a frame's state is ``advance(to:)``'s.
  public func state(at time: Double) -> ScrollState {
    switch motion {
    case .resting(let offset):
      return ScrollState(time: time, offset: offset, velocity: 0, phase: .idle)
    case .touching(let raw, let velocity, _):
      return ScrollState(
        time: time, offset: shown(raw: raw), velocity: velocity, phase: .interacting)
    case .decelerating(let deceleration, let start, let crossing, _):
      if let crossing, time >= crossing.time {
        let spring = Self.spring(after: deceleration, crossing: crossing, start: start)
        return springState(spring, after: time - crossing.time, time: time)
      }
      return ScrollState(
        time: time, offset: deceleration.offset(after: time - start),
        velocity: deceleration.velocity(after: time - start), phase: .decelerating)
    case .springing(let spring, let start):
      return springState(spring, after: time - start, time: time)
    case .flinging(let fling, let start, let stop):
      if let stop, time >= stop.time {
        return ScrollState(time: time, offset: stop.edge, velocity: 0, phase: .decelerating)
      }
      return ScrollState(
        time: time, offset: fling.offset(after: time - start),
        velocity: fling.velocity(after: time - start), phase: .decelerating)
    case .animating(let from, let to, _, let start, let duration):
      let progress = min(max((time - start) / duration, 0), 1)
      // The velocity is the eased curve's slope by a central difference: the
      // easing gives values, not derivatives, and the velocity is only shown.
      let step = 1e-6
      let slope =
        (Easing.easeInOut.value(at: min(1, progress + step))
          - Easing.easeInOut.value(at: max(0, progress - step)))
        / (min(1, progress + step) - max(0, progress - step))
      return ScrollState(
        time: time, offset: from + (to - from) * Easing.easeInOut.value(at: progress),
        velocity: (to - from) * slope / duration, phase: .animating)
    }
  }

  // MARK: - Parts

  private mutating func moveClock(to time: Double) -> Double {
    latestTime = max(latestTime, time)
    return latestTime
  }

  /// The spring that takes over where a deceleration reaches an edge, from
  /// the crossing's position and velocity.
  private static func spring(
    after deceleration: Deceleration, crossing: (time: Double, edge: Double), start: Double
  ) -> ScrollSpring {
    ScrollSpring(
      from: crossing.edge, velocity: deceleration.velocity(after: crossing.time - start),
      to: crossing.edge)
  }

  /// A spring's state; `android` shows no overscroll, so an overshoot past an
  /// edge is shown at the edge, still.
  private func springState(_ spring: ScrollSpring, after elapsed: Double, time: Double)
    -> ScrollState
  {
    let offset = spring.offset(after: elapsed)
    if physics == .android, offset < 0 || offset > maxOffset {
      return ScrollState(
        time: time, offset: min(max(offset, 0), maxOffset), velocity: 0, phase: .decelerating)
    }
    return ScrollState(
      time: time, offset: offset, velocity: spring.velocity(after: elapsed), phase: .decelerating)
  }

  /// The offset shown for a raw offset under the finger: in bounds itself;
  /// past an edge by x, `ios` shows the edge plus the band b(x), `android`
  /// the edge.
  func shown(raw: Double) -> Double {
    let overshoot = raw < 0 ? -raw : raw > maxOffset ? raw - maxOffset : 0
    guard overshoot > 0 else { return raw }
    let edge = raw < 0 ? 0.0 : maxOffset
    let sign: Double = raw < 0 ? -1 : 1
    switch physics {
    case .ios: return edge + sign * RubberBand.band(overshoot, dimension: viewportHeight)
    case .android: return edge
    }
  }

  /// The raw offset whose shown offset is `offset` (the inverse of
  /// ``shown(raw:)``; `android` shows no overshoot, so the offset itself).
  func raw(showing offset: Double) -> Double {
    let band = offset < 0 ? -offset : offset > maxOffset ? offset - maxOffset : 0
    guard band > 0, physics == .ios else { return min(max(offset, 0), maxOffset) }
    let edge = offset < 0 ? 0.0 : maxOffset
    let sign: Double = offset < 0 ? -1 : 1
    return edge + sign * RubberBand.overshoot(band: band, dimension: viewportHeight)
  }
}
