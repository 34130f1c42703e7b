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
    let example = type.descriptor.examples[index]
    let effect = try type.decode(json: example.parameters)
    let before = try example.chainedAfter.map(Self.decode)
    let result = example.evaluate(before + [effect])
    let expected = example.expectedTransform
    for column in TransformColumn.allCases {
      let natural = example.setup.naturalViewportFrame(offset: example.offset)
      let actual = column.value(of: result, naturalX: natural.x, naturalY: natural.y)
      let wanted = column.value(of: expected, naturalX: natural.x, naturalY: natural.y)
      #expect(
        abs(actual - wanted) <= 1e-9 * max(1, abs(wanted)),
        "\(typeName) example \"\(example.title)\": \(column.rawValue) is \(actual), expected \(wanted)"
      )
    }
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

  /// A built-in effect from its JSON object, `type` included.
  static func decode(_ json: String) throws -> any ScrollEffect {
    guard case .object(let object) = try JSONParser.parse(json),
      case .string(let name) = object["type"],
      let type = BuiltInEffects.all.first(where: { $0.descriptor.typeName == name })
    else { throw ExampleError.notAnEffect(json) }
    return try type.decode(object)
  }

  enum ExampleError: Error { case notAnEffect(String) }

  @Test("type names are unique")
  func typeNamesAreUnique() {
    let names = BuiltInEffects.all.map { $0.descriptor.typeName }
    #expect(Set(names).count == names.count)
  }
}
