import EffectProtocol
import Effects
import Testing

/// What each built-in effect does under reduced motion when its scene does
/// not say: views moved, scaled or rotated for decoration are skipped.
@Suite struct ReducedMotionDefaultTests {
  /// Every built-in type but `interpolate`, whose default depends on its
  /// property, with its default and the words its descriptor says it in.
  static let byType: [(typeName: String, default: ReducedMotion)] = [
    ("stretch", .keep), ("footerPin", .keep), ("pin", .keep), ("parallax", .skip),
    ("translate", .skip), ("collapse", .keep), ("expression", .keep), ("float", .keep),
  ]

  @Test("every built-in type is listed here, interpolate apart")
  func everyTypeListed() {
    #expect(
      Set(BuiltInEffects.all.map { $0.typeName })
        == Set(Self.byType.map(\.typeName) + ["interpolate"]))
  }

  @Test(
    "parallax and translate are skipped, the others but interpolate kept, as their descriptors say",
    arguments: byType)
  func defaults(typeName: String, expected: ReducedMotion) throws {
    let type = try #require(BuiltInEffects.all.first { $0.typeName == typeName })
    let example = try #require(type.descriptor.examples.first)
    // An example's parameters are valid: the effect of the type they make.
    let effect = try type.decode(json: example.parameters)
    #expect(effect.defaultReducedMotion == expected)
    #expect(type.descriptor.defaultReducedMotion == expected.rawValue)
  }

  @Test(
    "interpolate is skipped when it translates, scales or rotates, kept otherwise",
    arguments: InterpolateEffect.Property.allCases)
  func interpolate(property: InterpolateEffect.Property) throws {
    let moves: Set<InterpolateEffect.Property> = [
      .translateX, .translateY, .scale, .scaleX, .scaleY, .rotation,
    ]
    let effect = try InterpolateEffect.decode(
      json: #"{"property": "\#(property.rawValue)", "stops": [[0, 0], [100, 1]]}"#)
    #expect(effect.defaultReducedMotion == (moves.contains(property) ? .skip : .keep))
  }

  @Test("interpolate's descriptor names the properties that are skipped")
  func interpolateDescriptor() {
    #expect(
      InterpolateEffect.descriptor.defaultReducedMotion
        == "skip when property is translateX, translateY, scale, scaleX, scaleY or rotation; "
        + "keep otherwise")
  }

  @Test("an effect that does not say is kept, and its descriptor says keep")
  func unsaid() {
    struct Still: StatelessScrollEffect {
      static let descriptor = EffectDescriptor(
        typeName: "still", summary: "Does nothing.", discussion: "", parameters: [],
        examples: [])
      init(from reader: inout ParameterReader) {}
      func apply(to views: inout ViewBatch) {}
    }
    var reader = ParameterReader(object: JSONObject(), path: .root, owner: "effect \"still\"")
    #expect(Still(from: &reader).defaultReducedMotion == .keep)
    #expect(Still.descriptor.defaultReducedMotion == "keep")
  }
}
