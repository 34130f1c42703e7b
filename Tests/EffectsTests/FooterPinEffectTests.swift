import EffectProtocol
import Effects
import Testing

@Suite struct FooterPinEffectTests {
  /// The footer of Docs/Effects.md's examples: 180 points at the end of C = 2000, so maxOffset = 1156.
  let footer = ExampleSetup(frame: Rect(y: 1820, width: 390, height: 180))

  @Test("a footer pulled 50 past the bottom stretches to y 614, height 230")
  func designWorkedNumbers() {
    let result = footer.evaluate([FooterPinEffect()], offset: 1206)
    #expect(result.y == 614)
    #expect(result.height == 230)
  }

  @Test("in move mode the footer keeps its height and sits on the bottom edge")
  func moveMode() {
    let effect = FooterPinEffect(parameters: .init(mode: .move))
    let result = footer.evaluate([effect], offset: 1206)
    #expect(result.y == 664)
    #expect(result.height == 180)
    #expect(result.maxY == 844)
  }

  @Test("while the footer's bottom is below the viewport's bottom nothing changes")
  func noGapNoChange() {
    for offset in [-300.0, 0, 600, 1155, 1156] {
      let result = footer.evaluate([FooterPinEffect()], offset: offset)
      #expect(result == ViewTransform(frame: footer.naturalViewportFrame(offset: offset)))
    }
  }

  @Test("a bottom inset moves the edge the footer is pinned to")
  func bottomInset() {
    var setup = footer
    setup.contentInsets = EdgeInsets(top: 47, bottom: 34)
    // maxOffset = 2000 + 47 + 34 - 844 = 1237; 50 past it the footer's top is
    // at 47 + 1820 - 1287 = 580 and the edge at 844 - 34 = 810.
    let result = setup.evaluate([FooterPinEffect()], offset: 1287)
    #expect(result.y == 580)
    #expect(result.height == 230)
    #expect(result.maxY == 810)
  }

  @Test("on content shorter than the viewport the footer fills the gap at rest")
  func shortContent() {
    let setup = ExampleSetup(frame: Rect(y: 400, width: 390, height: 100), contentHeight: 500)
    let stretched = setup.evaluate([FooterPinEffect()], offset: 0)
    #expect(stretched.y == 400)
    #expect(stretched.height == 444)
    let moved = setup.evaluate([FooterPinEffect(parameters: .init(mode: .move))], offset: 0)
    #expect(moved.y == 744)
    #expect(moved.height == 100)
  }

  @Test("a viewport-attached view above the bottom edge is pinned at every offset")
  func viewportAttached() {
    let setup = ExampleSetup(frame: Rect(y: 600, width: 390, height: 100), attachment: .viewport)
    for offset in [-100.0, 0, 500] {
      let result = setup.evaluate([FooterPinEffect()], offset: offset)
      #expect(result.y == 600)
      #expect(result.height == 244)
    }
  }

  @Test("the gap is measured from the current frame, after earlier effects")
  func usesCurrentFrame() throws {
    // stretch at the bottom edge first fills the gap itself: nothing is left.
    let stretch = try StretchEffect.decode(json: #"{"edge": "bottom"}"#)
    let result = footer.evaluate([stretch, FooterPinEffect()], offset: 1206)
    #expect(result.y == 614)
    #expect(result.height == 230)
  }

  @Test("each copy of a repeated chain closes its own gap")
  func repeatedCopies() {
    let setup = ExampleSetup(frame: Rect(y: 300, width: 390, height: 50), contentHeight: 500)
    let views = evaluateBatch(
      [FooterPinEffect()], setup: setup, count: 3, stride: 60, offset: 0)
    #expect(views.map(\.height) == [544, 484, 424])
    #expect(views.map(\.y) == [300, 360, 420])
  }

  @Test("decoding just the type gives the defaults")
  func defaults() throws {
    #expect(try FooterPinEffect.decode(json: #"{"type": "footerPin"}"#) == FooterPinEffect())
    #expect(FooterPinEffect().parameters.mode == .stretch)
    #expect(
      try FooterPinEffect.decode(json: #"{"mode": "move"}"#)
        == FooterPinEffect(parameters: .init(mode: .move)))
  }

  @Test(
    "bad parameters are reported with their path, what was expected and what was found",
    arguments: [
      (
        #"{"mode": 1}"#,
        #"mode: expected "stretch" or "move", found the number 1"#
      ),
      (
        #"{"mode": "grow"}"#,
        #"mode: expected "stretch" or "move", found the string "grow""#
      ),
      (
        #"{"mod": "move"}"#,
        #"mod: unknown key for effect "footerPin"; did you mean "mode"? (valid keys: type, mode)"#
      ),
      (
        #"{"edge": "bottom"}"#,
        #"edge: unknown key for effect "footerPin" (valid keys: type, mode)"#
      ),
    ])
  func badParameters(json: String, message: String) {
    #expect(decodingError(FooterPinEffect.self, json) == message)
  }
}
