import EffectProtocol

/// `Benchmarks/bench-scene.json` written out by hand: the floor of the
/// per-frame benchmark.
///
/// The formulas of `stretch`, `parallax`, `pin`, `interpolate`, `collapse`
/// and `footerPin` are inlined with the scene's constants (390 x 844, insets
/// 47 and 34, 16352 points of content), each row's two interpolations fused
/// into one pass: no protocol, generic or dispatch. Each expression keeps the
/// effects' order of operations so that the results are the same to the last
/// bit; a clamp or saturation that cannot change a value of this scene is left
/// out.
enum HandwrittenBenchScene: HandwrittenScene {
  static let viewCount = 203
  /// 16352 + 47 + 34 - 844.
  static let maxOffset = 15589.0
  static let runs = [
    NaturalRun(viewRange: 0..<1, x: 0, y: 0, isContentAttached: true, stride: 320),
    NaturalRun(viewRange: 1..<2, x: 0, y: 0, isContentAttached: true, stride: 220),
    NaturalRun(viewRange: 2..<202, x: 16, y: 232, isContentAttached: true, stride: 80),
    NaturalRun(viewRange: 202..<203, x: 0, y: 16232, isContentAttached: true, stride: 120),
  ]

  static func contentOrigin(offset: Double) -> Double { 47 - offset }

  @inline(never)
  static func evaluate(offset: Double, into views: UnsafeMutablePointer<ViewTransform>) {
    let origin = 47 - offset
    let pull = max(0, -offset)

    // background: stretch, parallax 0.5, pin until 600, opacity and blur over the offset.
    var y = origin + 0 - pull
    var height = 320 + pull
    y += 0.5 * max(0, offset)
    y = max(y, min(47, origin + 600 - height))
    let opacity = offset > 0 ? (offset < 300 ? 1 + (0.3 - 1) * (offset / 300) : 0.3) : 1
    let blur =
      offset > -100
      ? (offset < 300
        ? (offset >= 0 ? 0 + (10 - 0) * (offset / 300) : 6 + (0 - 6) * ((offset + 100) / 100))
        : 10) : 6
    views[0] = ViewTransform(
      x: 0, y: y, width: 390, height: height, scaleX: 1, scaleY: 1, anchorX: 0.5, anchorY: 0.5,
      opacity: opacity, blur: blur, rotation: 0, zIndex: 0)

    // appBar: stretch, then collapse against the top inset down to 88, pinned.
    y = origin + 0 - pull
    height = 220 + pull
    if 47 - y > 0 {
      height = min(height, max(88, height - (47 - y)))
      y = 47
    }
    views[1] = ViewTransform(
      x: 0, y: y, width: 390, height: height, scaleX: 1, scaleY: 1, anchorX: 0.5, anchorY: 0.5,
      opacity: 1, blur: 0, rotation: 0, zIndex: 0)

    // rows: fade from 0 and scale from 0.9 over the first fifth of their progress.
    let top = origin + 232
    for index in 0..<200 {
      let y = top + Double(index) * 80
      let progress = (844 - y) / (844 + 72)
      var fade = 0.0
      var scale = 0.9
      if progress > 0 {
        if progress < 0.2 {
          let fraction = progress / 0.2
          fade = fraction
          scale = 0.9 + (1 - 0.9) * fraction
        } else {
          fade = 1
          scale = 1
        }
      }
      views[2 + index] = ViewTransform(
        x: 16, y: y, width: 358, height: 72, scaleX: scale, scaleY: scale, anchorX: 0.5,
        anchorY: 0.5, opacity: fade, blur: 0, rotation: 0, zIndex: 0)
    }

    // footer: stretch at the bottom edge (grows downward), then footerPin.
    y = origin + 16232
    height = 120 + max(0, offset - 15589)
    height += max(0, 810 - (y + height))
    views[202] = ViewTransform(
      x: 0, y: y, width: 390, height: height, scaleX: 1, scaleY: 1, anchorX: 0.5, anchorY: 0.5,
      opacity: 1, blur: 0, rotation: 0, zIndex: 0)
  }
}

extension ViewTransform {
  /// Every stored column, as the hand-written floors write them.
  @inline(__always)
  init(
    x: Double, y: Double, width: Double, height: Double, scaleX: Double, scaleY: Double,
    anchorX: Double, anchorY: Double, opacity: Double, blur: Double, rotation: Double,
    zIndex: Double
  ) {
    self.init(frame: Rect(x: x, y: y, width: width, height: height))
    self.scaleX = scaleX
    self.scaleY = scaleY
    self.anchorX = anchorX
    self.anchorY = anchorY
    self.opacity = opacity
    self.blur = blur
    self.rotation = rotation
    self.zIndex = zIndex
  }
}
