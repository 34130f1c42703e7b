import EffectPlugin
import Foundation
import Testing
import WobbleEffects

/// The plugin's effects, run as effectctl runs them: through EffectEvaluator.
@Suite struct WobbleEffectsTests {
  static let header = Rect(y: 0, width: 390, height: 300)

  static func geometry(_ offset: Double) -> ScrollGeometry {
    ExampleSetup.header.geometry(offset: offset)
  }

  @Test("wobble sways 8 points right a quarter of the way through a 100-point sway")
  func quarterSway() {
    var evaluator = EffectEvaluator([WobbleEffect()], naturalFrame: Self.header)
    let view = evaluator.evaluate(Self.geometry(25))[0]
    #expect(view.x == 8)
    #expect(view.y == -25)
  }

  @Test("wobble is x += amplitude * sin(2 pi offset / wavelength) over a range of offsets")
  func formula() {
    let effect = WobbleEffect(amplitude: 5, wavelength: 60)
    for offset in stride(from: -120.0, through: 600, by: 7.5) {
      var evaluator = EffectEvaluator([effect], naturalFrame: Self.header)
      let view = evaluator.evaluate(Self.geometry(offset))[0]
      let expected = 5 * Foundation.sin(2 * Double.pi * offset / 60)
      #expect(abs(view.x - expected) < 1e-12, "offset \(offset)")
      #expect(view.y == -offset)
    }
  }

  @Test("wobble refuses a wavelength of 0 and reads its defaults from {}")
  func decoding() throws {
    #expect(try WobbleEffect.decode(json: "{}") == WobbleEffect())
    #expect(throws: SceneDiagnostics.self) { try WobbleEffect.decode(json: #"{"wavelength": 0}"#) }
  }

  @Test(
    "both effects move views for decoration: reduced motion skips them, as their descriptors say")
  func reducedMotion() {
    #expect(WobbleEffect().defaultReducedMotion == .skip)
    #expect(TickEffect().defaultReducedMotion == .skip)
    #expect(WobbleEffect.descriptor.defaultReducedMotion == ReducedMotion.skip.rawValue)
    #expect(TickEffect.descriptor.defaultReducedMotion == ReducedMotion.skip.rawValue)
  }

  @Test("every worked example of both effects holds on its first frame")
  func examples() throws {
    for type in [WobbleEffect.self, TickEffect.self] as [any ScrollEffect.Type] {
      for example in type.descriptor.examples {
        let effect = try type.decode(json: example.parameters)
        let view = example.setup.evaluate([effect], offset: example.offset)
        let expected = example.expectedTransform
        #expect(abs(view.x - expected.x) < 1e-12, "\(example.title)")
        #expect(view.y == expected.y, "\(example.title)")
        #expect(view.rotation == expected.rotation, "\(example.title)")
      }
    }
  }

  @Test("tick turns its chain 15 degrees further each frame, whatever the offsets")
  func tickCountsFrames() {
    var evaluator = EffectEvaluator([TickEffect()], naturalFrame: Self.header, count: 2)
    for (frame, offset) in [300.0, -40, 0, 300, 12].enumerated() {
      let views = evaluator.evaluate(Self.geometry(offset))
      #expect(views.map(\.rotation) == [15 * Double(frame), 15 * Double(frame)])
    }
  }

  @Test("two evaluators keep separate counts: the count is per chain")
  func tickStatePerChain() {
    var first = EffectEvaluator([TickEffect(step: 10)], naturalFrame: Self.header)
    var second = EffectEvaluator([TickEffect(step: 10)], naturalFrame: Self.header)
    _ = first.evaluate(Self.geometry(0))
    _ = first.evaluate(Self.geometry(0))
    #expect(first.evaluate(Self.geometry(0))[0].rotation == 20)
    #expect(second.evaluate(Self.geometry(0))[0].rotation == 0)
  }
}
