import EffectProtocol

/// `Benchmarks/one-effect-scene.json` written out by hand: one chain of one
/// effect on one view, whose pipeline cost less this floor is the fixed cost
/// of a chain and an effect.
///
/// A 300-point header at content y 0 with `parallax` 0.5, 390 x 844, insets
/// 47 and 34, 2000 points of content. The formula of `parallax` is inlined
/// with the scene's constants; no protocol, generic or dispatch.
enum HandwrittenOneEffectScene: HandwrittenScene {
  static let viewCount = 1
  /// 2000 + 47 + 34 - 844.
  static let maxOffset = 1237.0
  static let runs = [
    NaturalRun(viewRange: 0..<1, x: 0, y: 0, isContentAttached: true, stride: 300)
  ]

  static func contentOrigin(offset: Double) -> Double { 47 - offset }

  @inline(never)
  static func evaluate(offset: Double, into views: UnsafeMutablePointer<ViewTransform>) {
    let y = 47 - offset + 0 + 0.5 * max(0, offset)
    views[0] = ViewTransform(
      x: 0, y: y, width: 390, height: 300, scaleX: 1, scaleY: 1, anchorX: 0.5, anchorY: 0.5,
      opacity: 1, blur: 0, rotation: 0, zIndex: 0)
  }
}
