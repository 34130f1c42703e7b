import EffectProtocol
import Effects
import Testing

@Suite struct TranslateEffectTests {
  let header = ExampleSetup.header
  let overlay = ExampleSetup(attachment: .viewport)

  func translate(
    _ axis: TranslateEffect.Axis = .y, factor: Double = 1, from: Double? = nil, to: Double? = nil
  ) -> TranslateEffect {
    TranslateEffect(parameters: .init(axis: axis, factor: factor, from: from, to: to))
  }

  @Test("the iOS 18 article: factor -1 from 0 lifts the overlay by max(0, offset)")
  func iOS18Overlay() {
    let effect = translate(factor: -1, from: 0)
    for offset in [-200.0, -1, 0, 1, 150, 2000] {
      let result = overlay.evaluate([effect], offset: offset)
      #expect(result.y == -max(0, offset))
      #expect(result.x == 0)
      #expect(result.height == 300)
    }
  }

  @Test("the iOS 18 article's chain gives the frames of the content-attached stretchy header")
  func iOS18Chain() {
    let chain: [any ScrollEffect] = [StretchEffect(), translate(factor: -1, from: 0)]
    let pulled = overlay.evaluate(chain, offset: -100)
    #expect(pulled.y == 0)
    #expect(pulled.height == 400)
    let scrolled = overlay.evaluate(chain, offset: 150)
    #expect(scrolled.y == -150)
    #expect(scrolled.height == 300)
  }

  @Test("with no bounds the shift is factor times the offset, zero at rest")
  func unbounded() {
    #expect(header.evaluate([translate()], offset: 0) == ViewTransform(frame: header.frame))
    #expect(header.evaluate([translate()], offset: 100).y == 0)
    #expect(header.evaluate([translate()], offset: -100).y == 0)
    #expect(header.evaluate([translate(factor: 2)], offset: -100).y == -100)
    #expect(header.evaluate([translate(.x, factor: 0.5)], offset: 100).x == 50)
    #expect(header.evaluate([translate(.x, factor: 0.5)], offset: 100).y == -100)
  }

  @Test("the offset is clamped to from...to, and the shift measured from the clamped rest")
  func bounded() {
    let effect = translate(from: 0, to: 100)
    #expect(header.evaluate([effect], offset: 50).y == 0)
    #expect(header.evaluate([effect], offset: 300).y == -200)
    #expect(header.evaluate([effect], offset: -80).y == 80)
    // Rest is outside the range: the shift is zero until the offset enters it.
    let later = translate(factor: -1, from: 200, to: 300)
    #expect(header.evaluate([later], offset: 0).y == 0)
    #expect(header.evaluate([later], offset: 150).y == -150)
    #expect(header.evaluate([later], offset: 250).y == -300)
    #expect(header.evaluate([later], offset: 400).y == -500)
    // from == to: never moves.
    #expect(header.evaluate([translate(from: 50, to: 50)], offset: 400).y == -400)
  }

  @Test("bounds given only on one side")
  func halfBounded() {
    #expect(header.evaluate([translate(to: 100)], offset: -50).y == 0)
    #expect(header.evaluate([translate(to: 100)], offset: 150).y == -50)
    #expect(header.evaluate([translate(from: -40)], offset: -100).y == 60)
  }

  @Test("every copy of a repeated chain moves by the same amount")
  func repeatedCopies() {
    let views = evaluateBatch(
      [translate(.x, factor: -1)], setup: header, count: 2, stride: 300, offset: 30)
    #expect(views.map(\.x) == [-30, -30])
    #expect(views.map(\.y) == [-30, 270])
  }

  @Test("decoding just the type gives the defaults")
  func defaults() throws {
    #expect(try TranslateEffect.decode(json: #"{"type": "translate"}"#) == TranslateEffect())
    #expect(TranslateEffect() == translate(.y, factor: 1, from: nil, to: nil))
    #expect(try TranslateEffect.decode(json: #"{"from": null, "to": null}"#) == TranslateEffect())
    #expect(
      try TranslateEffect.decode(json: #"{"axis": "x", "factor": -1, "from": 0, "to": 0}"#)
        == translate(.x, factor: -1, from: 0, to: 0))
  }

  @Test(
    "bad parameters are reported with their path, what was expected and what was found",
    arguments: [
      (
        #"{"axis": "z"}"#,
        #"axis: expected "x" or "y", found the string "z""#
      ),
      (
        #"{"factor": [1]}"#,
        #"factor: expected a number from -1e9 to 1e9, found an array"#
      ),
      (
        #"{"from": -2e9}"#,
        #"from: expected a number from -1e9 to 1e9 or null, found the number -2000000000"#
      ),
      (
        #"{"to": {}}"#,
        #"to: expected a number from -1e9 to 1e9 or null, found an object"#
      ),
      (
        #"{"from": 200, "to": 100}"#,
        #"from: expected a number not greater than "to" (100), found the number 200"#
      ),
      (
        #"{"from": 0.5, "to": -0.25}"#,
        #"from: expected a number not greater than "to" (-0.25), found the number 0.5"#
      ),
      (
        #"{"fro": 0}"#,
        #"fro: unknown key for effect "translate"; did you mean "from"? (valid keys: type, axis, factor, from, to)"#
      ),
    ])
  func badParameters(json: String, message: String) {
    #expect(decodingError(TranslateEffect.self, json) == message)
  }
}
