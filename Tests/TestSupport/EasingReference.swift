import Effects

/// A cubic Bézier easing solved the slow, plain way: its curve in Bernstein
/// form, x(t) = p found by bisection to the last bit, then y(t). It shares
/// no code with the effect's solver, so tests compare the library's easings
/// with it.
public enum EasingReference {
  /// The eased progress of `easing` (its control points) at `p`, 0 before 0
  /// and 1 after 1.
  public static func value(_ easing: Easing, at p: Double) -> Double {
    if p <= 0 { return 0 }
    if p >= 1 { return 1 }
    let (x1, y1, x2, y2) = easing.controlPoints
    func bezier(_ a: Double, _ b: Double, _ t: Double) -> Double {
      let u = 1 - t
      return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    }
    var lower = 0.0
    var upper = 1.0
    for _ in 0..<200 {
      let middle = (lower + upper) / 2
      if bezier(x1, x2, middle) < p { lower = middle } else { upper = middle }
    }
    return bezier(y1, y2, (lower + upper) / 2)
  }
}
