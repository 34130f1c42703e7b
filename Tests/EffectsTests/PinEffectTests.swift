import EffectProtocol
import Effects
import Testing

@Suite struct PinEffectTests {
  /// A 60-point section title at content y 500.
  let title = ExampleSetup(frame: Rect(y: 500, width: 390, height: 60))
  /// A 60-point bar at content y 1500, at the end of a section from 1200 to 1560.
  let bar = ExampleSetup(frame: Rect(y: 1500, width: 390, height: 60))

  func pin(_ edge: PinEffect.Edge = .top, inset: Double = 0, until: Double? = nil) -> PinEffect {
    PinEffect(parameters: .init(edge: edge, inset: inset, until: until))
  }

  @Test("top: the view scrolls normally until its top reaches the line, then stays there")
  func topEdge() {
    #expect(title.evaluate([pin()], offset: 0).y == 500)
    #expect(title.evaluate([pin()], offset: 499).y == 1)
    #expect(title.evaluate([pin()], offset: 500).y == 0)
    #expect(title.evaluate([pin()], offset: 700).y == 0)
    #expect(title.evaluate([pin()], offset: -100).y == 600)
  }

  @Test("top: the line is It + inset")
  func topLineWithInsets() {
    var setup = title
    setup.contentInsets = EdgeInsets(top: 47)
    #expect(setup.evaluate([pin()], offset: 700).y == 47)
    #expect(setup.evaluate([pin(inset: 20)], offset: 700).y == 67)
    #expect(setup.evaluate([pin(inset: -10)], offset: 700).y == 37)
    // A negative inset puts the line above the viewport: natural y
    // 47 + 500 - 600 = -53 is held at 47 - 60 = -13.
    #expect(setup.evaluate([pin(inset: -60)], offset: 600).y == -13)
  }

  @Test("top: until pushes the view off once its bottom reaches the section's end")
  func topUntil() {
    let effect = pin(until: 1000)
    // The title's bottom meets the section end (viewport y 1000 - o) at o = 940.
    #expect(title.evaluate([effect], offset: 700).y == 0)
    #expect(title.evaluate([effect], offset: 940).y == 0)
    #expect(title.evaluate([effect], offset: 1000).y == -60)
    #expect(title.evaluate([effect], offset: 1100).y == -160)
    // Before it reaches the line until changes nothing.
    #expect(title.evaluate([effect], offset: 100).y == 400)
  }

  @Test("top: until uses the current height, so a stretched view is pushed off sooner")
  func topUntilUsesCurrentHeight() {
    let result = title.evaluate([fixedHeight(100), pin(until: 1000)], offset: 1000)
    #expect(result.height == 100)
    #expect(result.y == -100)
  }

  @Test("bottom: the view's bottom never goes below V - Ib - inset")
  func bottomEdge() {
    #expect(bar.evaluate([pin(.bottom)], offset: 0).y == 784)
    #expect(bar.evaluate([pin(.bottom)], offset: 716).y == 784)
    #expect(bar.evaluate([pin(.bottom)], offset: 800).y == 700)
    var setup = bar
    setup.contentInsets = EdgeInsets(bottom: 34)
    #expect(setup.evaluate([pin(.bottom, inset: 10)], offset: 0).y == 740)
  }

  @Test("bottom: until, the section's start, holds the view below it as the section enters")
  func bottomUntil() {
    let effect = pin(.bottom, until: 1200)
    // The section's top is at viewport y 1200 - o.
    #expect(bar.evaluate([effect], offset: 300).y == 900)
    #expect(bar.evaluate([effect], offset: 400).y == 800)
    #expect(bar.evaluate([effect], offset: 416).y == 784)
    #expect(bar.evaluate([effect], offset: 600).y == 784)
    #expect(bar.evaluate([effect], offset: 800).y == 700)
  }

  @Test("a viewport-attached view is held by the line too")
  func viewportAttached() {
    let setup = ExampleSetup(frame: Rect(y: -30, width: 390, height: 60), attachment: .viewport)
    #expect(setup.evaluate([pin()], offset: 123).y == 0)
    #expect(setup.evaluate([pin(.bottom, inset: 900)], offset: 123).y == -116)
  }

  @Test("each copy of a repeated chain is held by its own position")
  func repeatedCopies() {
    let views = evaluateBatch([pin()], setup: title, count: 3, stride: 70, offset: 560)
    #expect(views.map(\.y) == [0, 10, 80])
  }

  @Test("decoding just the type gives the defaults")
  func defaults() throws {
    #expect(try PinEffect.decode(json: #"{"type": "pin"}"#) == PinEffect(parameters: .init()))
    #expect(PinEffect() == pin(.top, inset: 0, until: nil))
    #expect(try PinEffect.decode(json: #"{"until": null}"#) == PinEffect())
    #expect(
      try PinEffect.decode(json: #"{"edge": "bottom", "inset": -8, "until": 1200}"#)
        == pin(.bottom, inset: -8, until: 1200))
  }

  @Test(
    "bad parameters are reported with their path, what was expected and what was found",
    arguments: [
      (
        #"{"edge": "left"}"#,
        #"edge: expected "top" or "bottom", found the string "left""#
      ),
      (
        #"{"inset": "10"}"#,
        #"inset: expected a number from -1e9 to 1e9, found the string "10""#
      ),
      (
        #"{"inset": 2e9}"#,
        #"inset: expected a number from -1e9 to 1e9, found the number 2000000000"#
      ),
      (
        #"{"until": "end"}"#,
        #"until: expected a content y (a number from -1e9 to 1e9), {"chain": NAME}, "next" or null, found the string "end""#
      ),
      (
        #"{"until": "nxt"}"#,
        #"until: expected a content y (a number from -1e9 to 1e9), {"chain": NAME}, "next" or null, found the string "nxt"; did you mean "next"?"#
      ),
      (
        #"{"unti": 1000}"#,
        #"unti: unknown key for effect "pin"; did you mean "until"? (valid keys: type, edge, inset, until)"#
      ),
      (
        #"{"edge": true, "inset": null}"#,
        """
        edge: expected "top" or "bottom", found true
        inset: expected a number from -1e9 to 1e9, found null
        """
      ),
    ])
  func badParameters(json: String, message: String) {
    #expect(decodingError(PinEffect.self, json) == message)
  }

  @Test("section is what the file's until says: a content y, a chain, next, or none")
  func sectionOfUntil() throws {
    let files: [(String, PinEffect.Until?)] = [
      (#"{"until": 900}"#, .contentY(900)),
      (#"{"until": {"chain": "footer"}}"#, .chain("footer")),
      (#"{"until": "next"}"#, .next),
      ("{}", nil),
    ]
    for (json, until) in files {
      #expect(try PinEffect.decode(json: json).section == until, "\(json)")
      #expect(PinEffect(section: until).section == until)
    }
  }
}
