import EffectProtocol
import Effects
import ScrollEffectsTestSupport
import Testing

/// The generators that the parameter declarations make: every built-in
/// `ParameterizedEffect` gets one, it draws valid and varied parameters, and
/// each value it writes under a key lands in the property of that name.
@Suite struct BuiltInEffectGeneratorsTests {
  /// The built-ins whose generator comes from their declarations.
  static let declared: [any ParameterizedEffect.Type] = BuiltInEffects.all.compactMap {
    $0 as? any ParameterizedEffect.Type
  }

  @Test("every built-in but interpolate and expression is generated from its declarations")
  func declaredGeneratorsCoverTheParameterizedBuiltIns() {
    // A new ParameterizedEffect joins them with no line here.
    let declared = Self.declared.map { $0.descriptor.typeName }
    #expect(
      Set(["stretch", "footerPin", "pin", "parallax", "translate", "collapse", "float"])
        .isSubset(of: declared))
    #expect(!declared.contains("interpolate") && !declared.contains("expression"))
    #expect(
      BuiltInEffectGenerators.all.map(\.typeName) == BuiltInEffects.all.map { $0.typeName })
  }

  /// The members of a generated `"key": value` list, by key.
  static func members(_ list: [String]) -> [String: String] {
    var byKey: [String: String] = [:]
    for member in list {
      let parts = member.split(separator: ":", maxSplits: 1)
      let key = parts[0].trimmingCharacters(in: .whitespaces).dropFirst().dropLast()
      byKey[String(key)] = parts[1].trimmingCharacters(in: .whitespaces)
    }
    return byKey
  }

  /// `value` as the JSON text `ParameterDeclarationTests.json(any:)` writes:
  /// numbers re-read and written as `MessageText.number` does.
  static func normalized(_ value: String) -> String {
    Double(value).map(MessageText.number) ?? value
  }

  /// The JSON text of each parameter property of `effect`, by its name.
  static func properties(of effect: any ScrollEffect, names: [String]) -> [String: String] {
    var texts: [String: String] = [:]
    for child in Mirror(reflecting: effect).children {
      guard let label = child.label, names.contains(label) else { continue }
      texts[label] = ParameterDeclarationTests.json(any: child.value) ?? "unknown"
    }
    return texts
  }

  @Test(
    "drawn parameters decode, each lands in the property of its key, and each takes several values",
    arguments: declared.map { $0.descriptor.typeName })
  func drawnParametersAreValidAndVaried(_ typeName: String) throws {
    let type = try #require(Self.declared.first { $0.descriptor.typeName == typeName })
    let names = type.descriptor.parameters.map(\.name)
    let generator = BuiltInEffectGenerators.named(typeName)
    var random = SplitMix64(seed: 10)
    var seen: [String: Set<String>] = [:]
    var exactSeen: [String: Set<String>] = [:]
    for _ in 0..<300 {
      let drawn = generator.make(&random).members
      let effect = try type.decode(json: "{" + drawn.joined(separator: ", ") + "}")
      let stored = Self.properties(of: effect, names: names)
      #expect(Set(stored.keys) == Set(names))
      for (key, value) in Self.members(drawn) {
        #expect(names.contains(key), "\(typeName): drawn key \(key) is not a parameter")
        #expect(stored[key] == Self.normalized(value), "\(typeName).\(key): drew \(value)")
        seen[key, default: []].insert(Self.normalized(value))
      }
      let exact = generator.exact(&random)
      let exactEffect = try type.decode(json: "{" + exact + "}")
      let exactStored = Self.properties(of: exactEffect, names: names)
      let exactMembers = exact.isEmpty ? [] : exact.components(separatedBy: ", ")
      for (key, value) in Self.members(exactMembers) {
        #expect(exactStored[key] == Self.normalized(value), "\(typeName).\(key): drew \(value)")
        exactSeen[key, default: []].insert(Self.normalized(value))
        // On the grid: a multiple of 1/4 within ±300, so evaluations are exact.
        if let number = Double(value) {
          #expect((number * 4).rounded() == number * 4 && abs(number) <= 300, "\(value)")
        }
      }
    }
    for name in names {
      #expect((seen[name]?.count ?? 0) > 1, "\(typeName).\(name) took \(seen[name] ?? [])")
      #expect(
        (exactSeen[name]?.count ?? 0) > 1, "\(typeName).\(name) took \(exactSeen[name] ?? [])")
    }
  }

  @Test("numbers are drawn at the bounds and spread over the range, never outside it")
  func numbersCoverTheirRange() {
    var random = SplitMix64(seed: 3)
    let unit = (0..<400).map { _ in
      EffectGenerator.anyNumber(in: .unitInterval, &random)
    }
    #expect(unit.contains(0) && unit.contains(1))
    #expect(unit.contains { $0 > 0 && $0 < 1 })
    #expect(unit.allSatisfy { (0...1).contains($0) })
    let finite = (0..<400).map { _ in EffectGenerator.anyNumber(in: .finite, &random) }
    #expect(finite.contains(-1e9) && finite.contains(1e9))
    #expect(finite.contains { $0 < 0 } && finite.contains { abs($0) < 1e3 })
    let positive = (0..<400).map { _ in
      EffectGenerator.anyNumber(in: .positive, &random)
    }
    #expect(positive.allSatisfy { $0 > 0 && $0 <= 1e9 })
  }
}
