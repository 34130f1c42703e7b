import EffectProtocol
import Testing

/// A declared parameter (`EffectParameter`): its descriptor, its range's summary and
/// reading it.
@Suite struct EffectParameterTests {
  enum Side: String, CaseIterable, Sendable { case left, right }

  static let width = EffectParameter.number(
    "width", default: 2.5, in: .nonNegative, unit: .points, summary: "how wide")
  static let limit = EffectParameter.optionalNumber(
    "limit", in: .unitInterval, unit: .fraction, summary: "at most")
  static let flag = EffectParameter.bool("flag", default: true, summary: "on or off")
  static let side = EffectParameter.choice("side", default: Side.right, summary: "which side")
  static let needed = EffectParameter<Side?>.requiredChoice("needed", summary: "must be given")

  @Test("the descriptor's values, default text and domain come from the declaration")
  func descriptors() {
    #expect(
      ParameterDescriptor(Self.width)
        == ParameterDescriptor(
          name: "width", values: "points, 0 or more", defaultValue: "2.5", summary: "how wide",
          domain: .number(.nonNegative, unit: .points)))
    #expect(Self.limit.values == "fraction, 0 to 1, or null")
    #expect(Self.limit.defaultText == "null")
    #expect(Self.flag.values == "true or false")
    #expect(Self.flag.defaultText == "true")
    #expect(Self.side.values == #""left" or "right""#)
    #expect(Self.side.defaultText == #""right""#)
    #expect(Self.needed.defaultText == "required")
    #expect(Self.needed.isRequired)
    #expect(!Self.side.isRequired)
  }

  @Test("ranges read as 0 to 1, 0 or more, greater than 0, any from -1e9 to 1e9")
  func rangeSummaries() {
    #expect(NumberRange.unitInterval.summary == "0 to 1")
    #expect(NumberRange.nonNegative.summary == "0 or more")
    #expect(NumberRange.positive.summary == "greater than 0")
    #expect(NumberRange.finite.summary == "any from -1e9 to 1e9")
    #expect(NumberRange.closed(-2, 3.5).summary == "-2 to 3.5")
  }

  @Test("reading a declaration gives its default when absent and reports what is wrong")
  func reading() throws {
    guard case .object(let object) = try JSONParser.parse(#"{"width": -1, "limit": 0.5}"#) else {
      Issue.record("not an object")
      return
    }
    var reader = ParameterReader(object: object, path: .root, owner: "a test")
    #expect(reader.read(Self.width) == 2.5)
    #expect(reader.read(Self.limit) == 0.5)
    let flag = reader.read(Self.flag)
    #expect(flag)
    #expect(reader.read(Self.side) == .right)
    #expect(reader.read(Self.needed) == nil)
    #expect(
      reader.diagnostics.map(\.description) == [
        "width: expected a number from 0 to 1e9, found the number -1",
        "needed: missing required key; expected \"left\" or \"right\"",
      ])
    #expect(reader.readKeys == ["width", "limit", "flag", "side", "needed"])
  }
}
