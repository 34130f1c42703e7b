import EffectProtocol
import Effects
import Testing

@Suite struct ParallaxEffectTests {
  let header = ExampleSetup.header

  func parallax(_ rate: Double) -> ParallaxEffect {
    ParallaxEffect(parameters: .init(rate: rate))
  }

  @Test("scrolled 100 at rate 0.5 the header's top is at -50")
  func designWorkedNumbers() {
    let result = header.evaluate([ParallaxEffect()], offset: 100)
    #expect(result.y == -50)
    #expect(result.height == 300)
  }

  @Test("rate 0 moves with the content, 1 stays fixed, 2 moves down")
  func rates() {
    #expect(header.evaluate([parallax(0)], offset: 200).y == -200)
    #expect(header.evaluate([parallax(1)], offset: 200).y == 0)
    #expect(header.evaluate([parallax(2)], offset: 200).y == 200)
    #expect(header.evaluate([parallax(-1)], offset: 200).y == -400)
  }

  @Test("the amount added saturates at 1e15, the product's limit, not the result's")
  func saturates() {
    // rate 2 at 6e14: 1.2e15 added, saturated to 1e15, to a top at -6e14.
    #expect(header.evaluate([parallax(2)], offset: 6e14).y == 4e14)
    // Below the limit the product is whole: 2 * 4e14 = 8e14.
    #expect(header.evaluate([parallax(2)], offset: 4e14).y == 4e14)
    let translate = try? TranslateEffect.decode(json: #"{"factor": 3}"#)
    #expect(translate.map { header.evaluate([$0], offset: 6e14).y } == 4e14)
  }

  @Test("pulled past the top nothing moves")
  func pullDoesNothing() {
    for offset in [-500.0, -1, 0] {
      let result = header.evaluate([parallax(0.5)], offset: offset)
      #expect(result == ViewTransform(frame: header.naturalViewportFrame(offset: offset)))
    }
  }

  @Test("the parallax adds to what earlier effects did")
  func addsToCurrentFrame() {
    var setup = header
    setup.contentInsets = EdgeInsets(top: 47)
    let result = setup.evaluate([parallax(0.25), parallax(0.25)], offset: 400)
    #expect(result.y == 47 - 400 + 200)
  }

  @Test("a viewport-attached view moves down by the same amount")
  func viewportAttached() {
    let setup = ExampleSetup(attachment: .viewport)
    #expect(setup.evaluate([parallax(0.5)], offset: 100).y == 50)
  }

  @Test("every copy of a repeated chain moves by the same amount")
  func repeatedCopies() {
    let views = evaluateBatch([parallax(0.5)], setup: header, count: 3, stride: 310, offset: 100)
    #expect(views.map(\.y) == [-50, 260, 570])
  }

  @Test("decoding just the type gives the defaults")
  func defaults() throws {
    #expect(try ParallaxEffect.decode(json: #"{"type": "parallax"}"#) == ParallaxEffect())
    #expect(ParallaxEffect().parameters.rate == 0.5)
    #expect(try ParallaxEffect.decode(json: #"{"rate": -3}"#) == parallax(-3))
  }

  @Test(
    "bad parameters are reported with their path, what was expected and what was found",
    arguments: [
      (
        #"{"rate": "half"}"#,
        #"rate: expected a number from -1e9 to 1e9, found the string "half""#
      ),
      (
        #"{"rate": 1e10}"#,
        #"rate: expected a number from -1e9 to 1e9, found the number 10000000000"#
      ),
      (
        #"{"rate": null}"#,
        #"rate: expected a number from -1e9 to 1e9, found null"#
      ),
      (
        #"{"rates": 0.5}"#,
        #"rates: unknown key for effect "parallax"; did you mean "rate"? (valid keys: type, rate)"#
      ),
    ])
  func badParameters(json: String, message: String) {
    #expect(decodingError(ParallaxEffect.self, json) == message)
  }
}
