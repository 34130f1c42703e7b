import EffectProtocol
import Effects

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
/// fraction comes from `Easing.easeInOut.value(at:)`, the curve `interpolate`
/// itself solves: the Newton and bisection steps are the same work on both
/// sides.
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
            let eased = Easing.easeInOut.value(at: (progress - 0) / (0.15 - 0))
            fade = 0 + (1 - 0) * eased
          } else if progress < 0.85 {
            let eased = Easing.easeInOut.value(at: (progress - 0.15) / (0.85 - 0.15))
            fade = 1 + (0.8 - 1) * eased
          } else {
            let eased = Easing.easeInOut.value(at: (progress - 0.85) / (1 - 0.85))
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
            shift = 20 + (0 - 20) * Easing.easeInOut.value(at: (y - 47) / (428 - 47))
          } else {
            shift = 0 + (20 - 0) * Easing.easeInOut.value(at: (y - 428) / (810 - 428))
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
}
