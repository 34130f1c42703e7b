import EffectProtocol

/// A function of a segment's progress that shapes it: what a keyframe
/// curve is generic over, so that each kind of easing gets loops of its own.
protocol EasingFunction {
  /// The eased progress at `progress` (clamped to 0...1).
  func value(at progress: Double) -> Double
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
struct StepFunction: EasingFunction, Equatable {
  let count: Double
  let jumps: Double
  let jumpsAtStart: Bool

  init(count: Int, position: Easing.StepPosition) {
    self.count = Double(count)
    switch position {
    case .jumpStart: (jumps, jumpsAtStart) = (Double(count), true)
    case .jumpEnd: (jumps, jumpsAtStart) = (Double(count), false)
    case .jumpNone: (jumps, jumpsAtStart) = (Double(count - 1), false)
    case .jumpBoth: (jumps, jumpsAtStart) = (Double(count + 1), true)
    }
  }

  @inline(__always)
  func value(at progress: Double) -> Double {
    let p = progress > 0 ? min(progress, 1) : 0
    var step = (p * count).rounded(.down)
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
struct PiecewiseLinearFunction: EasingFunction, Equatable {
  let points: [Easing.LinearPoint]

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
