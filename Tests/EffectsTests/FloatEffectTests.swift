import EffectProtocol
import Effects
import ScrollEffectsTestSupport
import Testing

/// `float` against its formula in Docs/Effects.md, computed here frame by frame.
@Suite struct FloatEffectTests {
  @Test("over long random sequences, up and down with overscroll, every frame is the formula's")
  func randomSequences() throws {
    var random = SplitMix64(seed: 7)
    for _ in 0..<30 {
      let inset = random.chance(0.5) ? 0 : random.signed(upTo: 100)
      let top = random.chance(0.5) ? 0 : Double(random.next(in: 0...60))
      let height = Double(random.next(in: 20...300))
      let y0 = Double(random.next(in: 0...400))
      let count = random.next(in: 1...3)
      let effect = try FloatEffect.decode(json: #"{"inset": \#(inset)}"#)
      var evaluator = EffectEvaluator(
        [effect], naturalFrame: Rect(y: y0, width: 390, height: height), count: count,
        stride: height + 5)
      var hidden = [Double](repeating: 0, count: count)
      var previous: Double?
      var offset = 0.0
      for _ in 0..<500 {
        offset += random.chance(0.1) ? random.signed(upTo: 2000) : random.signed(upTo: 60)
        offset = max(-400, offset)  // pulled past the top, and past the bottom
        let geometry = ScrollGeometry(
          offset: offset, contentInsets: EdgeInsets(top: top), contentHeight: 3000)
        let views = evaluator.evaluate(geometry)
        let delta = previous.map { offset - $0 } ?? 0
        previous = offset
        for copy in 0..<count {
          hidden[copy] = min(max(hidden[copy] + delta, 0), height)
          let natural = top + y0 + Double(copy) * (height + 5) - offset
          let y = max(natural, top + inset - hidden[copy])
          // The natural top is summed in another order here: within rounding.
          #expect(
            abs(views[copy].y - y) <= 1e-9 * max(1, abs(y)),
            "offset \(offset), copy \(copy): \(views[copy].y), expected \(y)")
          #expect(views[copy].height == height)
        }
      }
    }
  }

  @Test("decoding {} is inset 0; a non-number inset is refused")
  func decoding() throws {
    #expect(try FloatEffect.decode(json: "{}") == FloatEffect(parameters: .init(inset: 0)))
    #expect(throws: SceneDiagnostics.self) { try FloatEffect.decode(json: #"{"inset": "a"}"#) }
  }
}
