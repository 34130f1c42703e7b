import EffectProtocol
import Effects
import ScrollEffectsTestSupport
import Testing

/// Each built-in effect's statement of the fields it may change
/// (``StatesWrittenFields``), which the host reads at load instead of
/// writing the effect's Swift out, names exactly the fields that Swift
/// records as written, over random parameters and chains.
@Suite struct WrittenFieldsTests {
  @Test("every built-in effect states the fields its exported Swift writes, no more and no fewer")
  func everyBuiltInStatesItsFields() throws {
    for type in BuiltInEffects.all {
      let typeName = type.descriptor.typeName
      let generator = BuiltInEffectGenerators.named(typeName)
      var random = SplitMix64(seed: 41)
      for draw in 0..<300 {
        // Both distributions: anywhere in range, and on the exact grid.
        let members =
          draw % 2 == 0
          ? generator.make(&random).members.joined(separator: ", ") : generator.exact(&random)
        let effect = try type.decode(json: "{" + members + "}")
        let stated = try #require(
          effect as? any StatesWrittenFields, "\(typeName) does not state its fields")
        var code = SwiftChainCode(
          attachment: random.chance(0.5) ? .content : .viewport,
          naturalFrame: Rect(
            x: random.signed(upTo: 100), y: random.signed(upTo: 2000),
            width: random.magnitude(upTo: 400), height: random.magnitude(upTo: 400)),
          stride: random.magnitude(upTo: 300), count: random.int(1..<5), statePrefix: "chain")
        code.geometry = ScrollGeometry(
          offset: 0, viewport: Size(width: 390, height: 844),
          contentInsets: EdgeInsets(top: 47, bottom: 34), contentHeight: 3000)
        stated.writeSwift(to: &code)
        let statedNames = stated.writtenFields.fields.map(\.rawValue).sorted()
        let exportedNames = code.written.map(\.rawValue).sorted()
        #expect(
          statedNames == exportedNames,
          "\(typeName) {\(members)}: its Swift writes \(exportedNames)")
      }
    }
  }

  @Test("a set of fields holds each field alone, and the union of several")
  func fieldSetsHoldTheirFields() {
    let all = SwiftChainCode.Field.allCases
    for field in all {
      let one = SwiftChainCode.Fields(field)
      #expect(one.fields == [field])
      #expect(all.filter { one.contains($0) } == [field])
    }
    #expect(SwiftChainCode.Fields(all).fields == Set(all))
    #expect(SwiftChainCode.Fields([.anchorX, .y]).fields == [.anchorX, .y])
  }
}
