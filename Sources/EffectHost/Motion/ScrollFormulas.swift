#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The formulas of the scroll physics (Docs/Motion.md), each written once. Times are
// seconds, offsets points, velocities points per second.

/// UIScrollView's rubber band: how an overshoot past an edge is shown while
/// dragging.
///
/// b(x) = (1 - 1 / (x * 0.55 / d + 1)) * d, for an overshoot x >= 0 past the
/// edge and the viewport height d; b(x) < d always. The coefficient 0.55 is
/// the one the public reimplementations of UIScrollView measured
/// (`rubberBandDistance` in Grant Paul's notes and their ports). It applies to
/// the whole overshoot, not step by step.
enum RubberBand {
  /// 0.55.
  static let coefficient = 0.55

  /// b(x): the shown distance past the edge for an overshoot `x` (>= 0).
  static func band(_ x: Double, dimension d: Double) -> Double {
    (1 - 1 / (x * coefficient / d + 1)) * d
  }

  /// The overshoot whose band is `b`: x = d / 0.55 * (b/d) / (1 - b/d),
  /// b(x) solved for x. A band of d or more (reached only by free motion that
  /// crossed an edge fast, never by a drag) is taken as 0.999 d so the
  /// overshoot stays finite.
  static func overshoot(band b: Double, dimension d: Double) -> Double {
    let y = min(max(0, b / d), 0.999)
    return d / coefficient * y / (1 - y)
  }

  /// b'(x) = 0.55 / (x * 0.55 / d + 1)^2: how fast the band moves for each
  /// point the overshoot `x` (>= 0) moves; 0.55 at the edge, falling with the
  /// overshoot. A finger moving at v past an edge moves the content shown at
  /// v * b'(x).
  static func slope(_ x: Double, dimension d: Double) -> Double {
    let denominator = x * coefficient / d + 1
    return coefficient / (denominator * denominator)
  }
}

/// UIScrollView's deceleration: free motion within the bounds.
///
/// The speed falls by the rate r = 0.998 per millisecond
/// (`UIScrollView.DecelerationRate.normal`): v(t) = v0 * r^(1000 t), so
/// o(t) = o0 + v0 * (r^(1000 t) - 1) / (1000 ln r), which tends to the resting
/// point o0 - v0 / (1000 ln r). The motion is at rest at the first frame whose
/// speed is below 0.5 points per second.
///
/// Toward a snap target T ahead of the release, the same curve is bent to end
/// on T: its rate r' is chosen by 1000 ln r' = -v0 / (T - o0), so the resting
/// point is T and the speed only falls from v0.
struct Deceleration: Sendable, Equatable {
  /// r, per millisecond.
  static let rate = 0.998
  /// Below this speed (points per second) the motion is at rest.
  static let restingSpeed = 0.5
  /// 1000 ln r, per second (negative).
  static let naturalExponent = 1000 * log(rate)

  var start: Double
  var velocity: Double
  /// 1000 ln r of this curve, per second (negative): ``naturalExponent``, or
  /// -v0 / (T - o0) for a curve bent to end on T.
  var exponent: Double

  /// The free motion from `start` at `velocity`, at the rate r = 0.998.
  init(start: Double, velocity: Double) {
    self.start = start
    self.velocity = velocity
    exponent = Self.naturalExponent
  }

  /// The curve from `start` at `velocity` bent to come to rest at `target`,
  /// which lies ahead in the direction of `velocity` (not 0): 1000 ln r' =
  /// -v0 / (T - o0).
  init(start: Double, velocity: Double, target: Double) {
    self.start = start
    self.velocity = velocity
    exponent = -velocity / (target - start)
  }

  /// o(t) = o0 + v0 * (e^(k t) - 1) / k with k = 1000 ln r; at t = 0 exactly o0.
  func offset(after t: Double) -> Double {
    start + velocity * expm1(exponent * t) / exponent
  }

  /// v(t) = v0 * e^(k t), that is v0 * r^(1000 t).
  func velocity(after t: Double) -> Double {
    velocity * exp(exponent * t)
  }

  /// The projected resting point P = o0 - v0 / (1000 ln r), where the curve
  /// tends.
  var restingPoint: Double { start - velocity / exponent }

  /// When the curve reaches `edge`, or `nil` if it never does: r^(1000 t) =
  /// 1 + (edge - o0) * 1000 ln r / v0 solved for t.
  func time(reaching edge: Double) -> Double? {
    guard velocity != 0, (edge - start) * velocity >= 0 else { return nil }
    let remaining = 1 + (edge - start) * exponent / velocity
    guard remaining > 0 else { return nil }
    return log(remaining) / exponent
  }
}

/// Android's OverScroller fling, as Flutter's ClampingScrollSimulation ports it.
///
/// A fling of velocity v lasts T = D * 0.35 * (|v| / vRef)^(1 / (D - 1)) and
/// covers v * T / D points, moving o(t) = o0 + distance * (1 - (1 - t/T)^D).
/// D = ln 0.78 / ln 0.9 is OverScroller's `DECELERATION_RATE`, 0.35 its
/// `INFLEXION`, and vRef = 0.015 * 9.80665 * 39.37 * 160 * 0.84 / 0.35 is the
/// scroll friction (`ViewConfiguration.getScrollFriction()`, 0.015) times its
/// physical coefficient (gravity in inches per second squared at 160 dpi,
/// times 0.84), over the inflexion.
struct AndroidFling: Sendable, Equatable {
  /// D = ln 0.78 / ln 0.9, about 2.358.
  static let exponent = log(0.78) / log(0.9)
  /// vRef, about 2223.9 points per second.
  static let referenceVelocity = 0.015 * 9.80665 * 39.37 * 160 * 0.84 / 0.35

  var start: Double
  /// T, seconds.
  var duration: Double
  /// v * T / D, signed like the velocity.
  var distance: Double
  /// v, the velocity it leaves at: o'(0) = distance * D / T.
  var velocity: Double
  /// Where the fling ends: o0 + distance, or the target it was bent to.
  var restingPoint: Double

  /// The fling of `velocity` from `start`.
  init(start: Double, velocity: Double) {
    let d = Self.exponent
    self.start = start
    duration = d * 0.35 * pow(abs(velocity) / Self.referenceVelocity, 1 / (d - 1))
    distance = duration > 0 ? velocity * duration / d : 0
    self.velocity = duration > 0 ? velocity : 0
    restingPoint = start + distance
  }

  /// The same curve bent to end on `target`, which lies ahead in the direction
  /// of `velocity` (not 0): it covers T - o0 in T' = D * |T - o0| / |v|, so it
  /// leaves at v and only slows down.
  init(start: Double, velocity: Double, target: Double) {
    self.start = start
    distance = target - start
    duration = Self.exponent * abs(distance) / abs(velocity)
    self.velocity = velocity
    restingPoint = target
  }

  /// o(t) = o0 + distance * (1 - (1 - t/T)^D); the end for t >= T.
  func offset(after t: Double) -> Double {
    guard t < duration else { return restingPoint }
    return start + distance * (1 - pow(1 - t / duration, Self.exponent))
  }

  /// o'(t) = distance * D * (1 - t/T)^(D - 1) / T = v * (1 - t/T)^(D - 1),
  /// written with v so that it never exceeds |v| by a rounding; 0 for t >= T.
  func velocity(after t: Double) -> Double {
    guard t < duration else { return 0 }
    return velocity * pow(1 - t / duration, Self.exponent - 1)
  }

  /// When the fling reaches `edge`, or `nil` if it ends first: (1 - t/T)^D =
  /// 1 - (edge - o0) / distance solved for t.
  func time(reaching edge: Double) -> Double? {
    guard distance != 0 else { return nil }
    let fraction = (edge - start) / distance
    guard fraction >= 0, fraction <= 1 else { return nil }
    return duration * (1 - pow(1 - fraction, 1 / Self.exponent))
  }
}

/// The spring of spring-back and snapping, both physics: Flutter's default
/// scroll spring (`ScrollPhysics.spring`: mass 0.5, stiffness 100, damping
/// ratio 1.1).
///
/// With the displacement x = o - target, m x'' + c x' + k x = 0 where
/// c = 2 * ratio * sqrt(m k). Over-damped (ratio > 1) it is
/// x(t) = c1 e^(r1 t) + c2 e^(r2 t) with r = (-c +- sqrt(c^2 - 4 m k)) / (2 m),
/// c2 = (v0 - r1 x0) / (r2 - r1), c1 = x0 - c2; critically damped (ratio 1)
/// x(t) = (c1 + c2 t) e^(r t) with r = -c / (2 m), c1 = x0, c2 = v0 - r x0.
/// It is at rest at the first frame within 0.5 points of the target with a
/// speed of at most 10 points per second, and that frame shows the target.
public struct ScrollSpring: Sendable, Equatable {
  /// 0.5.
  public static let mass = 0.5
  /// 100.
  public static let stiffness = 100.0
  /// 1.1: over-damped, so the spring does not oscillate.
  public static let dampingRatio = 1.1
  /// Within this many points of the target (and slow enough) it is at rest.
  public static let restingDistance = 0.5
  /// At most this speed (points per second) near the target it is at rest.
  public static let restingSpeed = 10.0

  /// Where the spring pulls to.
  public var target: Double
  /// Where it starts.
  private var start: Double
  private var r1: Double
  private var r2: Double
  private var c1: Double
  private var c2: Double
  private var isCritical: Bool

  /// A spring from `offset` moving at `velocity` toward `target`.
  public init(from offset: Double, velocity: Double, to target: Double) {
    self.init(
      from: offset, velocity: velocity, to: target, mass: Self.mass, stiffness: Self.stiffness,
      dampingRatio: Self.dampingRatio)
  }

  /// A spring with other constants; `dampingRatio` below 1 is taken as 1
  /// (critically damped): a scroll spring does not oscillate.
  init(
    from offset: Double, velocity: Double, to target: Double, mass: Double, stiffness: Double,
    dampingRatio: Double
  ) {
    self.target = target
    start = offset
    let x0 = offset - target
    let damping = 2 * max(1, dampingRatio) * (mass * stiffness).squareRoot()
    let discriminant = damping * damping - 4 * mass * stiffness
    if discriminant > 0 {
      isCritical = false
      r1 = (-damping + discriminant.squareRoot()) / (2 * mass)
      r2 = (-damping - discriminant.squareRoot()) / (2 * mass)
      c2 = (velocity - r1 * x0) / (r2 - r1)
      c1 = x0 - c2
    } else {
      isCritical = true
      r1 = -damping / (2 * mass)
      r2 = r1
      c1 = x0
      c2 = velocity - r1 * x0
    }
  }

  /// The offset `t` seconds after the start: the start plus the change of the
  /// displacement, x(t) - x0 = c1 (e^(r1 t) - 1) + c2 (e^(r2 t) - 1) (critically
  /// damped c1 (e^(r t) - 1) + c2 t e^(r t)), so that at t = 0 it is the start
  /// exactly, not target + c1 + c2 with a rounding of either.
  public func offset(after t: Double) -> Double {
    if isCritical { return start + c1 * expm1(r1 * t) + c2 * t * exp(r1 * t) }
    return start + c1 * expm1(r1 * t) + c2 * expm1(r2 * t)
  }

  /// The velocity `t` seconds after the start, points per second.
  public func velocity(after t: Double) -> Double {
    if isCritical { return (c2 + r1 * (c1 + c2 * t)) * exp(r1 * t) }
    return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
  }

  /// Whether a frame `t` seconds after the start is at rest: within 0.5
  /// points of the target, at most 10 points per second.
  public func isAtRest(after t: Double) -> Bool {
    abs(offset(after: t) - target) <= Self.restingDistance
      && abs(velocity(after: t)) <= Self.restingSpeed
  }
}
