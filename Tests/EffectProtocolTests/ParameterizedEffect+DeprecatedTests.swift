import EffectProtocol
import Testing

/// An effect of session 3's spelling: `init()` and `parameterFields` of key
/// paths. Its list is the one the deprecated default `parameterList` makes
/// (`ParameterList(legacyFields: parameterFields)`), declared here through
/// the non-deprecated package spellings so that the test builds without
/// warnings; users' code of that spelling gets the deprecation warning that
/// names `ParameterList`.
struct LegacyFadeEffect: ParameterizedEffect, StatelessScrollEffect {
  var distance = Self.distance.defaultValue
  static let distance = EffectParameter.number(
    "distance", default: 100, in: .positive, unit: .points, summary: "the fade distance")
  var edge = Self.edge.defaultValue
  static let edge = EffectParameter.choice(
    "edge", default: Attachment.content, summary: "a second field, read after the first")

  init() {}

  static let parameterFields: [ParameterField<Self>] = [
    ParameterField(property: \.distance, distance), ParameterField(property: \.edge, edge),
  ]
  static let parameterList = ParameterList(legacyFields: parameterFields)
  static let descriptor = EffectDescriptor(
    typeName: "legacyFade", summary: "Fades a view out as the content scrolls up.",
    discussion: "opacity *= 1 - clamp(max(0, offset) / distance, 0, 1)",
    parameters: parameterFields, examples: [])

  func apply(to views: inout ViewBatch) {
    let fraction = min(max(max(0, views.geometry.offset) / distance, 0), 1)
    views.modifyVisuals { $0.opacity *= 1 - fraction }
  }
}

@Suite struct ParameterizedEffectDeprecatedTests {
  @Test("an effect with init() and parameterFields reads its parameters by key path, in order")
  func legacyFieldsRead() throws {
    let effect = try LegacyFadeEffect.decode(
      json: #"{"type": "legacyFade", "distance": 40, "edge": "viewport"}"#)
    #expect(effect.distance == 40)
    #expect(effect.edge == .viewport)
    let defaults = try LegacyFadeEffect.decode(json: #"{"type": "legacyFade"}"#)
    #expect(defaults.distance == 100)
    #expect(defaults.edge == .content)
    #expect(LegacyFadeEffect.parameterList.defaults.distance == 100)
    #expect(LegacyFadeEffect.parameterList.descriptors.map(\.name) == ["distance", "edge"])
  }

  @Test("the old spelling's problems are its declarations' messages, every field in order")
  func legacyFieldsRefuse() {
    let json = #"{"type": "legacyFade", "distance": -3, "edge": "side"}"#
    #expect {
      try LegacyFadeEffect.decode(json: json)
    } throws: { error in
      let lines = (error as? SceneDiagnostics)?.diagnostics.map(\.description) ?? []
      return lines.count == 2 && lines[0].hasPrefix("distance:") && lines[0].contains("-3")
        && lines[1].hasPrefix("edge:") && lines[1].contains("side")
    }
  }

  @Test("the descriptor lists the fields' declarations, defaults written out")
  func legacyDescriptor() {
    #expect(LegacyFadeEffect.descriptor.parameters.map(\.name) == ["distance", "edge"])
    #expect(LegacyFadeEffect.descriptor.parameters.map(\.defaultValue) == ["100", "\"content\""])
  }

  @Test("a ParameterizedEffect of today gets init() from its list's defaults")
  func initFromList() {
    let made = ProbeEffect()
    #expect(made.amount == 7)
  }
}

/// A list-spelled effect whose only init is the synthesised memberwise one:
/// `init()` comes from the protocol, the list's defaults.
struct ProbeEffect: ParameterizedEffect, StatelessScrollEffect {
  var amount: Double
  static let amount = EffectParameter.number(
    "amount", default: 7, in: .finite, unit: .points, summary: "a probe")

  static let parameterList = ParameterList(Self.init(amount:), amount)
  static let descriptor = EffectDescriptor(
    typeName: "probe", summary: "A probe.", discussion: "Nothing.",
    parameters: parameterList.descriptors, examples: [])

  func apply(to views: inout ViewBatch) {}
}
