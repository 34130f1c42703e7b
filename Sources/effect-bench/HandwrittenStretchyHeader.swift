import EffectProtocol

/// `Configs/stretchy-header.json` written out by hand: the floor of the
/// single-header benchmark.
///
/// A 300-point header at content y 0 with `[stretch]` and a 1700-point body
/// without effects, 390 x 844, no insets, 2000 points of content. The
/// formulas of `stretch` are inlined with the scene's constants; no protocol,
/// generic or dispatch.
enum HandwrittenStretchyHeader: HandwrittenScene {
  static let viewCount = 2
  /// 2000 + 0 + 0 - 844.
  static let maxOffset = 1156.0
  static let runs = [
    NaturalRun(viewRange: 0..<1, x: 0, y: 0, isContentAttached: true, stride: 300),
    NaturalRun(viewRange: 1..<2, x: 0, y: 300, isContentAttached: true, stride: 1700),
  ]

  static func contentOrigin(offset: Double) -> Double { 0 - offset }

  @inline(never)
  static func evaluate(offset: Double, into views: UnsafeMutablePointer<ViewTransform>) {
    let origin = 0 - offset
    // stretch: s = pull; the top stays where it rests, the height grows.
    let pull = max(0, -offset)
    views[0] = ViewTransform(
      x: 0, y: origin - pull, width: 390, height: 300 + pull, scaleX: 1, scaleY: 1, anchorX: 0.5,
      anchorY: 0.5, opacity: 1, blur: 0, rotation: 0, zIndex: 0)
    views[1] = ViewTransform(
      x: 0, y: origin + 300, width: 390, height: 1700, scaleX: 1, scaleY: 1, anchorX: 0.5,
      anchorY: 0.5, opacity: 1, blur: 0, rotation: 0, zIndex: 0)
  }
}
