import EffectProtocol

/// A function of a segment's progress that shapes it: what a keyframe
/// curve is generic over, so that each kind of easing gets loops of its own.
protocol EasingFunction {
  /// The eased progress at `progress` (clamped to 0...1).
  func value(at progress: Double) -> Double

  /// Whether ``value(at:)`` may call out of line
  /// (``InputFunction/callsOutOfLine``).
  var callsOutOfLine: Bool { get }
}

extension EasingFunction {
  var callsOutOfLine: Bool { false }
}

/// An ``Easing`` ready to evaluate: a Bézier curve, steps or `linear(...)`.
enum EasingCurve: Sendable, Equatable {
  case bezier(UnitBezier)
  case steps(StepFunction)
  case piecewiseLinear(PiecewiseLinearFunction)

  init(_ easing: Easing) {
    switch easing {
    case .steps(let count, let position):
      self = .steps(StepFunction(count: count, position: position))
    case .piecewiseLinear(let points):
      self = .piecewiseLinear(PiecewiseLinearFunction(points: points))
    case .linear, .ease, .easeIn, .easeOut, .easeInOut, .cubicBezier:
      self = .bezier(UnitBezier(easing))
    }
  }

  /// Whether the eased progress is the progress itself (`linear`).
  var isLinear: Bool {
    if case .bezier(let bezier) = self { return bezier.isLinear }
    return false
  }

  func value(at progress: Double) -> Double {
    switch self {
    case .bezier(let curve): curve.value(at: progress)
    case .steps(let curve): curve.value(at: progress)
    case .piecewiseLinear(let curve): curve.value(at: progress)
    }
  }
}

/// CSS Easing's step easing function: `steps(n, position)`.
///
/// With p the progress in 0...1: step = floor(p n), plus 1 when the position
/// jumps at the start (`jump-start`, `jump-both`); at most `jumps` (n + 1
/// for `jump-both`, n - 1 for `jump-none`, else n); the output is
/// step / jumps. There is no "before flag": the progress is inside the
/// segment, so `step-start` is 1 at p = 0.
///
/// A count below the least the position allows (1, 2 for `jump-none`) is
/// taken as that least, here and not per call: with fewer, jumps would be
/// 0 or negative and the output 0 / 0 or a negative fraction.
struct StepFunction: EasingFunction, Equatable {
  let count: Double
  let jumps: Double
  let jumpsAtStart: Bool

  init(count given: Int, position: Easing.StepPosition) {
    // In Double: `Int.max + 1` would trap.
    let count = Double(max(given, position == .jumpNone ? 2 : 1))
    self.count = count
    switch position {
    case .jumpStart: (jumps, jumpsAtStart) = (count, true)
    case .jumpEnd: (jumps, jumpsAtStart) = (count, false)
    case .jumpNone: (jumps, jumpsAtStart) = (count - 1, false)
    case .jumpBoth: (jumps, jumpsAtStart) = (count + 1, true)
    }
  }

  @inline(__always)
  func value(at progress: Double) -> Double {
    let p = progress > 0 ? min(progress, 1) : 0
    // floor(p n) of a product from +0 to n: through an integer below 2^52,
    // where truncation is the floor; from 2^52 on every Double is whole.
    // `rounded(.down)` is a call to the C library on a processor without
    // SSE4.1's rounding, the default target, which spills every value the
    // loops around it keep in registers.
    let scaled = p * count
    var step = scaled < 0x1p52 ? Double(Int(scaled)) : scaled
    if jumpsAtStart { step += 1 }
    return min(step, jumps) / jumps
  }
}

/// CSS Easing Level 2's linear easing function: straight lines through
/// points whose inputs never decrease (at least 2).
///
/// At progress p: A is the last point whose input is at most p (the first
/// point if none is, the one before the last if it is the last), B the point
/// after it; two points at the same input give B's output (a jump: at the
/// input itself the later point's output), otherwise the line through A and
/// B, extended past the end points.
///
/// The points are made usable once, here, so that the per-call search
/// needs no check: see ``usable(_:)``.
struct PiecewiseLinearFunction: EasingFunction, Equatable {
  let points: [Easing.LinearPoint]

  init(points: [Easing.LinearPoint]) {
    self.points = Self.usable(points)
  }

  /// `points` as the search needs them: at least 2, every number finite,
  /// outputs within ``Saturation/limit`` (so that no difference of two
  /// overflows), inputs never decreasing. Points as CSS text decodes to
  /// are returned as they are; of others, a point with a NaN or infinite
  /// number is left out, an output beyond the limit is saturated, and an
  /// input below an earlier one becomes the largest earlier one (CSS's
  /// fill-in); then no point left is the identity, (0, 0) to (1, 1), and
  /// one point its output at every progress.
  static func usable(_ points: [Easing.LinearPoint]) -> [Easing.LinearPoint] {
    func isUsable(_ point: Easing.LinearPoint) -> Bool {
      point.input.isFinite && abs(point.output) <= Saturation.limit
    }
    if points.count >= 2, isUsable(points[0]),
      zip(points, points.dropFirst()).allSatisfy({ isUsable($1) && $1.input >= $0.input })
    {
      return points
    }
    var kept: [Easing.LinearPoint] = []
    for point in points where point.input.isFinite && point.output.isFinite {
      let input = max(point.input, kept.last?.input ?? -.infinity)
      kept.append(Easing.LinearPoint(input, Saturation.clamp(point.output)))
    }
    switch kept.count {
    case 0: return [Easing.LinearPoint(0, 0), Easing.LinearPoint(1, 1)]
    case 1: return [Easing.LinearPoint(0, kept[0].output), Easing.LinearPoint(1, kept[0].output)]
    default: return kept
    }
  }

  func value(at progress: Double) -> Double {
    points.withUnsafeBufferPointer { PiecewiseLinearPoints(points: $0).value(at: progress) }
  }
}

/// ``PiecewiseLinearFunction`` over borrowed points: what a frame's loops
/// evaluate, a value with no reference in it, so that a curve made of it
/// is copied and dropped without retaining, releasing or destroying.
struct PiecewiseLinearPoints: EasingFunction {
  let points: UnsafeBufferPointer<Easing.LinearPoint>

  @inline(__always)
  func value(at progress: Double) -> Double {
    let p = progress > 0 ? min(progress, 1) : 0
    // The first index whose input is above p, by bisection: 0...count.
    var low = 0
    var high = points.count
    while low < high {
      let middle = low + (high - low) / 2
      if points[middle].input > p { high = middle } else { low = middle + 1 }
    }
    let a = min(max(low - 1, 0), points.count - 2)
    let start = points[a]
    let end = points[a + 1]
    if start.input == end.input { return end.output }
    let fraction = (p - start.input) / (end.input - start.input)
    // Inputs so close (a gap of a subnormal percentage) that the fraction
    // overflows: a level line stays level, where infinity times 0 is NaN.
    if !fraction.isFinite && start.output == end.output { return start.output }
    return Saturation.clamp(start.output + fraction * (end.output - start.output))
  }
}
