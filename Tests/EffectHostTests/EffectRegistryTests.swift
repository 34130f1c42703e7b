import EffectProtocol
import Effects
import Testing

@testable import EffectHost

@Suite struct EffectRegistryTests {
  @Test("the built-in registry holds the built-in effects in their listed order")
  func builtIns() {
    #expect(EffectRegistry.builtIn.typeNames == BuiltInEffects.all.map { $0.descriptor.typeName })
    #expect(EffectRegistry.builtIn.type(named: "stretch") == StretchEffect.self)
    #expect(EffectRegistry.builtIn.type(named: "Stretch") == nil)
  }

  @Test("registering a type name twice is an error that names the type")
  func duplicateTypeName() {
    #expect(throws: RegistryError.duplicateTypeName("stretch")) {
      try EffectRegistry.builtIn.registering(StretchEffect.self)
    }
    #expect(throws: RegistryError.duplicateTypeName("stretch")) {
      try EffectRegistry([StretchEffect.self, StretchEffect.self])
    }
    #expect(
      String(describing: RegistryError.duplicateTypeName("stretch"))
        == #"an effect type named "stretch" is already registered; expected a unique type name"#)
  }

  @Test("an empty registry refuses every effect type and says none is registered")
  func emptyRegistry() throws {
    let loader = SceneLoader(registry: try EffectRegistry([]))
    #expect(throws: SceneLoadError.self) {
      try loader.load(
        json:
          #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "stretch"}]}]}"#,
        file: "a.json")
    }
    do {
      _ = try loader.load(
        json:
          #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "stretch"}]}]}"#,
        file: "a.json")
    } catch {
      #expect(
        error.lines == [
          #"a.json: chains[0].effects[0].type: unknown effect type "stretch" (no effect types are registered)"#
        ])
    }
  }
}
