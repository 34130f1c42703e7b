import EffectProtocol
import Effects
import Testing

@Suite struct CollapseEffectTests {
  let header = ExampleSetup.header

  func collapse(minHeight: Double = 0, inset: Double = 0, pinned: Bool = true) -> CollapseEffect {
    CollapseEffect(parameters: .init(minHeight: minHeight, inset: inset, pinned: pinned))
  }

  @Test(
    "the Stack Overflow first answer, [stretch, collapse]: the worked numbers of Configs/README.md")
  func stackOverflowWorkedNumbers() {
    let chain: [any ScrollEffect] = [StretchEffect(), collapse()]
    let pulled = header.evaluate(chain, offset: -50)
    #expect(pulled.y == 0)
    #expect(pulled.height == 350)
    let scrolled = header.evaluate(chain, offset: 120)
    #expect(scrolled.y == 0)
    #expect(scrolled.height == 180)
    let gone = header.evaluate(chain, offset: 400)
    #expect(gone.y == 0)
    #expect(gone.height == 0)
  }

  @Test("the height stops at minHeight and the view stays at the line when pinned")
  func minHeightPinned() {
    let effect = collapse(minHeight: 100)
    #expect(header.evaluate([effect], offset: 150).height == 150)
    #expect(header.evaluate([effect], offset: 200).height == 100)
    #expect(header.evaluate([effect], offset: 900).height == 100)
    #expect(header.evaluate([effect], offset: 900).y == 0)
  }

  @Test("unpinned, the collapsed view scrolls away with its bottom on the content")
  func minHeightUnpinned() {
    let effect = collapse(minHeight: 100, pinned: false)
    let shrinking = header.evaluate([effect], offset: 150)
    #expect(shrinking.y == 0)
    #expect(shrinking.height == 150)
    let leaving = header.evaluate([effect], offset: 400)
    #expect(leaving.y == -200)
    #expect(leaving.height == 100)
    #expect(leaving.maxY == 300 - 400)
  }

  @Test("the line is It + inset, and the excess is measured from it")
  func lineWithInsets() {
    var setup = ExampleSetup(frame: Rect(y: 100, width: 390, height: 200))
    setup.contentInsets = EdgeInsets(top: 47)
    // Line 47 + 10 = 57; the view's top 47 + 100 - o reaches it at o = 90.
    let effect = collapse(inset: 10)
    #expect(
      setup.evaluate([effect], offset: 90)
        == ViewTransform(frame: setup.naturalViewportFrame(offset: 90)))
    let result = setup.evaluate([effect], offset: 150)
    #expect(result.y == 57)
    #expect(result.height == 140)
    #expect(setup.evaluate([effect], offset: 500).height == 0)
  }

  @Test("a view shorter than minHeight does not grow; unpinned it scrolls normally")
  func shorterThanMinHeight() {
    let setup = ExampleSetup(frame: Rect(y: 0, width: 390, height: 40))
    let pinned = setup.evaluate([collapse(minHeight: 60)], offset: 100)
    #expect(pinned.y == 0)
    #expect(pinned.height == 40)
    let unpinned = setup.evaluate([collapse(minHeight: 60, pinned: false)], offset: 100)
    #expect(unpinned.y == -100)
    #expect(unpinned.height == 40)
  }

  @Test("a viewport-attached view moved up by an earlier effect collapses like a carried one")
  func viewportAttached() {
    let overlay = ExampleSetup(attachment: .viewport)
    let lift = TranslateEffect(parameters: .init(factor: -1))
    for offset in [-50.0, 0, 120, 250, 400] {
      let carried = header.evaluate([collapse(minHeight: 50, pinned: false)], offset: offset)
      let attached = overlay.evaluate(
        [lift, collapse(minHeight: 50, pinned: false)], offset: offset)
      #expect(carried == attached)
    }
    // Unmoved, an overlay at the line never collapses.
    #expect(overlay.evaluate([collapse()], offset: 300).height == 300)
  }

  @Test("each copy of a repeated chain collapses against the line by its own excess")
  func repeatedCopies() {
    let setup = ExampleSetup(frame: Rect(y: 0, width: 390, height: 100))
    let views = evaluateBatch(
      [collapse(minHeight: 20, pinned: false)], setup: setup, count: 3, stride: 100, offset: 150)
    #expect(views.map(\.y) == [-70, 0, 50])
    #expect(views.map(\.height) == [20, 50, 100])
  }

  @Test("decoding just the type gives the defaults")
  func defaults() throws {
    #expect(try CollapseEffect.decode(json: #"{"type": "collapse"}"#) == CollapseEffect())
    #expect(CollapseEffect() == collapse(minHeight: 0, inset: 0, pinned: true))
    #expect(
      try CollapseEffect.decode(json: #"{"minHeight": 44, "inset": -5, "pinned": false}"#)
        == collapse(minHeight: 44, inset: -5, pinned: false))
  }

  @Test(
    "bad parameters are reported with their path, what was expected and what was found",
    arguments: [
      (
        #"{"minHeight": -1}"#,
        #"minHeight: expected a number from 0 to 1e9, found the number -1"#
      ),
      (
        #"{"minHeight": "44"}"#,
        #"minHeight: expected a number from 0 to 1e9, found the string "44""#
      ),
      (
        #"{"inset": 1e12}"#,
        #"inset: expected a number from -1e9 to 1e9, found the number 1000000000000"#
      ),
      (
        #"{"pinned": "yes"}"#,
        #"pinned: expected true or false, found the string "yes""#
      ),
      (
        #"{"pinned": 1}"#,
        #"pinned: expected true or false, found the number 1"#
      ),
      (
        #"{"minheight": 10}"#,
        #"minheight: unknown key for effect "collapse"; did you mean "minHeight"? (valid keys: type, minHeight, inset, pinned)"#
      ),
      (
        #"{"minHeight": 10, "minHeight": 20}"#,
        #"minHeight: the key is given more than once; expected each key once"#
      ),
    ])
  func badParameters(json: String, message: String) {
    #expect(decodingError(CollapseEffect.self, json) == message)
  }
}
