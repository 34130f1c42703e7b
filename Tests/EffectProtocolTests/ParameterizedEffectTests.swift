import EffectProtocol
import Testing

/// An effect written against ``ParameterizedEffect``: its parameters are its
/// stored properties, each declared once and listed with the memberwise init.
private struct ShiftEffect: ParameterizedEffect, StatelessScrollEffect, Equatable {
  enum Side: String, Sendable, CaseIterable { case up, down }

  var distance: Double
  static let distance = EffectParameter.number(
    "distance", default: 10, in: .nonNegative, unit: .points, summary: "how far")

  var side: Side
  static let side = EffectParameter.choice("side", default: Side.up, summary: "which way")

  var limit: Double?
  static let limit = EffectParameter.optionalNumber(
    "limit", in: .finite, unit: .points, summary: "the farthest; null for none")

  init(
    distance: Double = Self.distance.defaultValue, side: Side = Self.side.defaultValue,
    limit: Double? = Self.limit.defaultValue
  ) {
    self.distance = distance
    self.side = side
    self.limit = limit
  }

  static let parameterList = ParameterList(Self.init(distance:side:limit:), distance, side, limit)

  static let descriptor = EffectDescriptor(
    typeName: "shift", summary: "Moves a view.", discussion: "",
    parameters: parameterList.descriptors,
    examples: [])

  func apply(to views: inout ViewBatch) {
    let shift = side == .up ? -distance : distance
    views.modifyEach { view in view.y += shift }
  }
}

@Suite struct ParameterizedEffectTests {
  @Test("each field's value is read into its property; absent keys keep the declared defaults")
  func readsFields() throws {
    #expect(try ShiftEffect.decode(json: "{}") == ShiftEffect(distance: 10, side: .up))
    let effect = try ShiftEffect.decode(json: #"{"side": "down", "limit": -4}"#)
    #expect(effect.distance == 10)
    #expect(effect.side == .down)
    #expect(effect.limit == -4)
  }

  @Test("every field reports its own problem, in field order, and unknown keys list the fields")
  func reportsProblems() {
    do {
      _ = try ShiftEffect.decode(json: #"{"distance": -1, "side": "left", "limt": 3}"#)
      Issue.record("expected an error")
    } catch {
      #expect(
        error.diagnostics.map(\.description) == [
          "distance: expected a number from 0 to 1e9, found the number -1",
          #"side: expected "up" or "down", found the string "left""#,
          #"limt: unknown key for effect "shift"; did you mean "limit"? (valid keys: type, distance, side, limit)"#,
        ])
    }
  }

  @Test("the descriptor lists the fields' declarations in order")
  func descriptorFromFields() {
    #expect(
      ShiftEffect.descriptor.parameters == [
        ParameterDescriptor(
          name: "distance", values: "points, 0 or more", defaultValue: "10", summary: "how far"),
        ParameterDescriptor(
          name: "side", values: #""up" or "down""#, defaultValue: #""up""#, summary: "which way"),
        ParameterDescriptor(
          name: "limit", values: "points, any from -1e9 to 1e9, or null", defaultValue: "null",
          summary: "the farthest; null for none"),
      ])
  }

  @Test("the effect is its own Parameters: init(parameters:) and parameters, read and written")
  func parametersSpelling() {
    var effect = ShiftEffect(parameters: .init(distance: 3))
    #expect(effect == ShiftEffect(distance: 3, side: .up))
    effect.parameters.side = .down
    #expect(effect.side == .down)
    #expect(effect.parameters == ShiftEffect.Parameters(distance: 3, side: .down))
  }
}
