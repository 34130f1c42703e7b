import EffectHost
import EffectProtocol
import Effects
import Testing

/// Every worked example that a built-in effect declares, executed: the
/// documentation printed by `effectctl effects TYPE` cannot drift from the math.
@Suite struct EffectExampleTests {
  static let cases: [(String, Int)] = BuiltInEffects.all.flatMap { type in
    type.descriptor.examples.indices.map { (type.descriptor.typeName, $0) }
  }

  @Test("every declared example gives its expected transform", arguments: cases)
  func exampleHolds(typeName: String, index: Int) throws {
    let type = try #require(BuiltInEffects.all.first { $0.descriptor.typeName == typeName })
    let check = EffectRegistry.builtIn.check(type.descriptor.examples[index], of: type)
    #expect(check.holds, "\(check)")
  }

  @Test(
    "every built-in effect declares at least two examples and documents every parameter it reads")
  func descriptorsAreComplete() throws {
    for type in BuiltInEffects.all {
      let descriptor = type.descriptor
      #expect(descriptor.examples.count >= 2, "\(descriptor.typeName) has too few examples")
      var reader = ParameterReader(
        object: JSONObject(), path: .root, owner: descriptor.typeName, alreadyRead: ["type"])
      _ = type.init(from: &reader)
      #expect(
        Array(reader.readKeys.dropFirst()) == descriptor.parameters.map(\.name),
        "\(descriptor.typeName): parameters read differ from parameters documented")
    }
  }

  @Test("type names are unique")
  func typeNamesAreUnique() {
    let names = BuiltInEffects.all.map { $0.descriptor.typeName }
    #expect(Set(names).count == names.count)
  }
}
