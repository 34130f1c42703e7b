import EffectProtocol
import Effects
import Testing

/// `stretch` against Docs/Effects.md's formula, s = min(resistance * pull, maxStretch)
/// (pullBottom at the bottom edge), with the numbers worked out here.
@Suite struct StretchEffectTests {
  /// A 300-point header at content y 0: V 844, C 2000, so maxOffset 1156.
  let header = ExampleSetup.header
  /// A 180-point footer at the end of the content, content y 1820.
  let footer = ExampleSetup(frame: Rect(y: 1820, width: 390, height: 180))

  func stretch(
    _ edge: StretchEffect.Edge = .top, resistance: Double = 1, maxStretch: Double? = nil,
    mode: StretchEffect.Mode = .grow
  ) -> StretchEffect {
    StretchEffect(
      parameters: .init(edge: edge, resistance: resistance, maxStretch: maxStretch, mode: mode))
  }

  @Test("grow, top edge, carried: pulled 100 the top stays at 0 and the height is 300 + 100")
  func growTopCarried() {
    // Natural y at o = -100 is It - o = 100; s = 100, y = 100 - 100.
    let pulled = header.evaluate([stretch()], offset: -100)
    #expect(pulled.y == 0)
    #expect(pulled.height == 400)
    // No pull, no stretch: the header scrolls away as it is.
    let scrolled = header.evaluate([stretch()], offset: 150)
    #expect(scrolled.y == -150)
    #expect(scrolled.height == 300)
    #expect(header.evaluate([stretch()], offset: 0) == ViewTransform(frame: header.frame))
  }

  @Test("grow, top edge, viewport-attached: the origin stays and the view grows downward")
  func growTopViewport() {
    let overlay = ExampleSetup(attachment: .viewport)
    let pulled = overlay.evaluate([stretch()], offset: -100)
    #expect(pulled.y == 0)
    #expect(pulled.height == 400)
    // Scrolled up, an overlay does not move at all.
    #expect(overlay.evaluate([stretch()], offset: 150).y == 0)
  }

  @Test("resistance scales the pull: 0.25 of a 200-point pull is 50 points")
  func resistance() {
    // Natural y 200; s = 0.25 * 200 = 50; y = 200 - 50.
    let pulled = header.evaluate([stretch(resistance: 0.25)], offset: -200)
    #expect(pulled.y == 150)
    #expect(pulled.height == 350)
    let none = header.evaluate([stretch(resistance: 0)], offset: -200)
    #expect(none.y == 200)
    #expect(none.height == 300)
  }

  @Test("maxStretch caps the stretch, wherever the pull goes", arguments: [60.0, 120, 500, 5000])
  func maxStretch(pull: Double) {
    let expected = min(pull, 80)
    let pulled = header.evaluate([stretch(maxStretch: 80)], offset: -pull)
    #expect(pulled.height == 300 + expected)
    #expect(pulled.y == pull - expected)
  }

  @Test("zoom, top edge: the frame keeps its height and is scaled by (h + s) / h from the top")
  func zoomTop() {
    let pulled = header.evaluate([stretch(mode: .zoom)], offset: -150)
    // s = 150: scale 450 / 300 = 1.5 about (0.5, 0), the frame at grow's origin y 0.
    #expect(pulled.y == 0)
    #expect(pulled.height == 300)
    #expect(pulled.scaleX == 1.5)
    #expect(pulled.scaleY == 1.5)
    #expect(pulled.anchorX == 0.5)
    #expect(pulled.anchorY == 0)
  }

  @Test("grow, bottom edge, carried: a footer pulled 50 past the bottom grows downward")
  func growBottomCarried() {
    // o = 1206 is 50 past maxOffset 1156: natural y 1820 - 1206 = 614, s = 50.
    let pulled = footer.evaluate([stretch(.bottom)], offset: 1206)
    #expect(pulled.y == 614)
    #expect(pulled.height == 230)
    // The top edge's pull does not stretch a bottom-edge view.
    let top = footer.evaluate([stretch(.bottom)], offset: -100)
    #expect(top.y == 1920)
    #expect(top.height == 180)
  }

  @Test("grow, bottom edge, viewport-attached: the view moves up by s, its bottom stays put")
  func growBottomViewport() {
    let bar = ExampleSetup(frame: Rect(y: 764, width: 390, height: 80), attachment: .viewport)
    let pulled = bar.evaluate([stretch(.bottom)], offset: 1156 + 40)
    #expect(pulled.y == 724)
    #expect(pulled.height == 120)
  }

  @Test("zoom, bottom edge: scaled about (0.5, 1), the frame's bottom on grow's bottom")
  func zoomBottom() {
    let pulled = footer.evaluate([stretch(.bottom, mode: .zoom)], offset: 1156 + 90)
    // s = 90: scale 270 / 180 = 1.5; grow's frame is y 1820 - 1246 = 574 to 844, so the
    // 180-point frame sits at 844 - 180 = 664.
    #expect(pulled.y == 664)
    #expect(pulled.height == 180)
    #expect(pulled.scaleY == 1.5)
    #expect(pulled.anchorY == 1)
  }

  @Test("decoding {} equals the default parameters; values are read and checked")
  func decoding() throws {
    // The defaults of Docs/Effects.md's table, not the declarations that make them.
    #expect(
      try StretchEffect.decode(json: "{}")
        == stretch(.top, resistance: 1, maxStretch: nil, mode: .grow))
    #expect(
      try StretchEffect.decode(
        json: #"{"edge": "bottom", "resistance": 0.5, "maxStretch": 40, "mode": "zoom"}"#)
        == stretch(.bottom, resistance: 0.5, maxStretch: 40, mode: .zoom))
    #expect(
      decodingError(StretchEffect.self, #"{"resistance": 2}"#)
        == "resistance: expected a number from 0 to 1, found the number 2")
  }
}
