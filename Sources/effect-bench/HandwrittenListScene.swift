import EffectProtocol

/// `Benchmarks/list-scene.json` written out by hand: the floor of the list
/// benchmark.
///
/// 500 rows of 358 x 64 every 72 points from content y 16, 390 x 844, insets
/// 47 and 34, 36024 points of content; each row's opacity follows four
/// `easeInOut` stops over its progress and its `translateX` three over its
/// top, both extended past their ends. The formulas of `interpolate` are
/// inlined with the scene's constants, both interpolations of a row fused
/// into one pass: no protocol, generic or dispatch. Each expression keeps the
/// effect's order of operations so that the results are the same to the last
/// bit; the saturations, and the guard on the progress's span, that cannot
/// change a value of this scene are left out. Between two stops the eased
/// fraction comes from ``easeInOut(_:)``, the steps of `interpolate`'s own
/// curve (`UnitBezier` in Sources/Effects/Easing.swift) with the
/// coefficients of `easeInOut` written in: the same Newton and bisection
/// steps on both sides. (The public `Easing.easeInOut.value(at:)` gives the
/// same bits but builds the coefficients at every call, which `interpolate`
/// does once when it is loaded, so a floor calling it would not be the
/// floor: BENCHMARKS.md, "The hand-written floors".)
enum HandwrittenListScene: HandwrittenScene {
  static let viewCount = 500
  /// 36024 + 47 + 34 - 844.
  static let maxOffset = 35261.0
  static let runs = [
    NaturalRun(viewRange: 0..<500, x: 16, y: 16, isContentAttached: true, stride: 72)
  ]

  static func contentOrigin(offset: Double) -> Double { 47 - offset }

  @inline(never)
  static func evaluate(offset: Double, into views: UnsafeMutablePointer<ViewTransform>) {
    let top = 47 - offset + 16
    for index in 0..<500 {
      let y = top + Double(index) * 72
      // opacity over the progress: [0, 0], [0.15, 1], [0.85, 0.8], [1, 0].
      let progress = (844 - y) / (844 + 64)
      var fade: Double
      if progress > 0 {
        if progress < 1 {
          if progress < 0.15 {
            let eased = easeInOut((progress - 0) / (0.15 - 0))
            fade = 0 + (1 - 0) * eased
          } else if progress < 0.85 {
            let eased = easeInOut((progress - 0.15) / (0.85 - 0.15))
            fade = 1 + (0.8 - 1) * eased
          } else {
            let eased = easeInOut((progress - 0.85) / (1 - 0.85))
            fade = 0.8 + (0 - 0.8) * eased
          }
        } else {
          fade = 0 + (progress - 1) * ((0 - 0.8) / (1 - 0.85))
        }
      } else {
        fade = 0 + (progress - 0) * ((1 - 0) / (0.15 - 0))
      }
      fade = min(max(fade, 0), 1)
      // translateX over the top: [47, 20], [428, 0], [810, 20].
      var shift: Double
      if y > 47 {
        if y < 810 {
          if y < 428 {
            shift = 20 + (0 - 20) * easeInOut((y - 47) / (428 - 47))
          } else {
            shift = 0 + (20 - 0) * easeInOut((y - 428) / (810 - 428))
          }
        } else {
          shift = 20 + (y - 810) * ((20 - 0) / (810 - 428))
        }
      } else {
        shift = 20 + (y - 47) * ((0 - 20) / (428 - 47))
      }
      views[index] = ViewTransform(
        x: 16 + shift, y: y, width: 358, height: 64, scaleX: 1, scaleY: 1, anchorX: 0.5,
        anchorY: 0.5, opacity: fade, blur: 0, rotation: 0, zIndex: 0)
    }
  }

  /// `easeInOut`'s eased progress at `p`, `cubic-bezier(0.42, 0, 0.58, 1)`:
  /// `UnitBezier(.easeInOut).value(at: p)`, step for step. Out of line,
  /// because only the few rows between two stops need it: inlined, it made
  /// the loop dearer for every row (BENCHMARKS.md, "The hand-written floors").
  @inline(never)
  static func easeInOut(_ p: Double) -> Double {
    guard p > 0 else { return 0 }
    guard p < 1 else { return 1 }
    let t = easeInOutParameter(forX: p)
    // y(t) with UnitBezier's coefficients: cy = 3 y1, by = 3 (y2 - y1) - cy, ay = 1 - cy - by.
    let cy = 3 * 0.0
    let by = 3 * (1 - 0.0) - cy
    let ay = 1 - cy - by
    return ((ay * t + by) * t + cy) * t
  }

  /// The t with x(t) = `p`: UnitBezier's Newton steps, then its bisection.
  @inline(__always)
  static func easeInOutParameter(forX p: Double) -> Double {
    // cx = 3 x1, bx = 3 (x2 - x1) - cx, ax = 1 - cx - bx.
    let cx = 3 * 0.42
    let bx = 3 * (0.58 - 0.42) - cx
    let ax = 1 - cx - bx
    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    var lower = 0.0
    var upper = 1.0
    var t = p
    for _ in 0..<8 {
      let error = x(t) - p
      if error == 0 { return t }
      if error < 0 { lower = t } else { upper = t }
      let next = t - error / ((3 * ax * t + 2 * bx) * t + cx)
      guard next > lower, next < upper else { break }
      if abs(next - t) < 1e-14 { return next }
      t = next
    }
    for _ in 0..<64 {
      let middle = 0.5 * (lower + upper)
      if upper - lower < 1e-15 || middle <= lower || middle >= upper { return middle }
      let error = x(middle) - p
      if error == 0 { return middle }
      if error < 0 { lower = middle } else { upper = middle }
    }
    return 0.5 * (lower + upper)
  }
}
