import EffectProtocol
import Effects
import Testing

@Suite struct InterpolateLinearPairTests {
  @Test("two linear stops give the end outputs exactly outside them and the straight line between")
  func twoLinearStops() throws {
    let effect = try InterpolateEffect.decode(
      json: #"{"property": "translateY", "stops": [[-37.5, 0.1], [212.25, -0.3]]}"#)
    let setup = ExampleSetup.header
    for offset in stride(from: -300.0, through: 400, by: 0.37) {
      let natural = setup.naturalViewportFrame(offset: offset)
      let value = setup.evaluate([effect], offset: offset).y - natural.y
      let expected: Double
      if offset <= -37.5 {
        expected = 0.1
      } else if offset >= 212.25 {
        expected = -0.3
      } else {
        expected = 0.1 + (-0.3 - 0.1) * ((offset + 37.5) / (212.25 + 37.5))
      }
      // The view moves by the value; adding and removing the natural y may round.
      #expect(abs(value - expected) <= 1e-12, "offset \(offset)")
    }
  }
}
