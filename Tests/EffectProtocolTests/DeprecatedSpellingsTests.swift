import EffectProtocol
import Effects
import Testing

/// An effect of one parameter, to read through the old initializer.
private struct NudgeEffect: ParameterizedEffect, StatelessScrollEffect, Equatable {
  var distance: Double
  static let distance = EffectParameter.number(
    "distance", default: 10, in: .nonNegative, unit: .points, summary: "how far")

  init(distance: Double = Self.distance.defaultValue) {
    self.distance = distance
  }

  static let parameterList = ParameterList(Self.init(distance:), distance)

  static let descriptor = EffectDescriptor(
    typeName: "nudge", summary: "Moves a view down.", discussion: "",
    parameters: parameterList.descriptors, examples: [])

  func apply(to views: inout ViewBatch) {
    views.modifyEach { view in view.y += distance }
  }
}

/// The old spellings of renamed API still work, and give what their new
/// names give. Deprecated themselves, so that calling them warns nowhere.
@Suite struct DeprecatedSpellingsTests {
  @available(*, deprecated)
  @Test("the global helpers give the worked values their namespaced names give")
  func globalHelpers() {
    // A Double past 2^53 written whole, as a csv writes it.
    #expect(formatNumber(1e15) == "1000000000000000")
    #expect(formatNumber(-0.5) == "-0.5")
    #expect(quotedForMessage("row") == "\"row\"")
    #expect(
      quotedForMessage(String(repeating: "a", count: 50), limit: 5)
        == MessageText.quoted(
          String(repeating: "a", count: 50), limit: 5))
    #expect(nearestName(to: "heder", in: ["body", "header"]) == "header")
    #expect(nearestName(to: "z", in: ["x"]) == nil)
    #expect(saturationLimit == 1e15)
    #expect(saturated(3e15) == 1e15)
    #expect(saturated(-3e15) == -1e15)
    #expect(saturated(42) == 42)
  }

  @available(*, deprecated)
  @Test("init(fieldsFrom:) reads an effect's parameters as init(parametersFrom:) does")
  func fieldsFrom() throws {
    guard case .object(let object) = try JSONParser.parse(#"{"distance": 4}"#) else {
      Issue.record("not an object")
      return
    }
    var reader = ParameterReader(object: object, path: .root, owner: "a test")
    #expect(NudgeEffect(fieldsFrom: &reader) == NudgeEffect(distance: 4))
    #expect(reader.diagnostics.isEmpty)
  }

  @available(*, deprecated)
  @Test("InterpolateEffect.Input is ScrollInput")
  func interpolateInput() {
    let input: InterpolateEffect.Input = .offset
    #expect(input == ScrollInput.offset)
  }
}
