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

  /// An effect whose type name is given at run time, as a plugin's may be.
  struct NamedEffect: StatelessScrollEffect {
    nonisolated(unsafe) static var name = ""
    init(from reader: inout ParameterReader) {}
    static var descriptor: EffectDescriptor {
      EffectDescriptor(
        typeName: name, summary: "Does nothing.", discussion: "", parameters: [], examples: [])
    }
    func apply(to views: inout ViewBatch) {}
  }

  @Test(
    "a type name that is empty or holds white space or a control character is refused",
    .serialized,
    arguments: [
      "", "my tilt", "tilt\n", "\u{1B}[31m", "a\u{A0}b", " ", "tilt\u{200B}", "\u{202E}tlit",
    ])
  func invalidTypeName(name: String) {
    NamedEffect.name = name
    #expect(throws: RegistryError.invalidTypeName(name)) {
      try EffectRegistry.builtIn.registering(NamedEffect.self)
    }
  }

  @Test("a type name of any other text is taken, punctuation and letters of any script")
  func otherTypeNames() throws {
    for name in ["tilt", "my-tilt", "tilt.v2", "ゆれ", "type", "😀"] {
      #expect(EffectRegistry.isTypeName(name), "\(name)")
    }
    #expect(
      String(describing: RegistryError.invalidTypeName("my tilt"))
        == #"an effect type named "my tilt"; expected a type name that is not empty and has no "#
        + "white space, control or format character")
  }

  /// Declares a parameter named "type".
  struct DeclaresType: StatelessScrollEffect {
    init(from reader: inout ParameterReader) {}
    static let descriptor = EffectDescriptor(
      typeName: "declaresType", summary: "Does nothing.", discussion: "",
      parameters: [
        ParameterDescriptor(name: "type", values: "a name", defaultValue: "\"a\"", summary: "")
      ], examples: [])
    func apply(to views: inout ViewBatch) {}
  }

  /// Reads "reducedMotion" without declaring it.
  struct ReadsReducedMotion: StatelessScrollEffect {
    init(from reader: inout ParameterReader) {
      _ = reader.number("reducedMotion", default: 1)
    }
    static let descriptor = EffectDescriptor(
      typeName: "readsReducedMotion", summary: "Does nothing.", discussion: "", parameters: [],
      examples: [])
    func apply(to views: inout ViewBatch) {}
  }

  /// Reads "type" only when its declared "kind" is given, as its default is.
  struct ReadsTypeWithKind: StatelessScrollEffect {
    init(from reader: inout ParameterReader) {
      if reader.string("kind") != nil { _ = reader.string("type") }
    }
    static let descriptor = EffectDescriptor(
      typeName: "readsTypeWithKind", summary: "Does nothing.", discussion: "",
      parameters: [
        ParameterDescriptor(name: "kind", values: "a name", defaultValue: "\"a\"", summary: "")
      ], examples: [])
    func apply(to views: inout ViewBatch) {}
  }

  /// Has parameters whose names start as the reserved keys do.
  struct NearReservedNames: StatelessScrollEffect {
    init(from reader: inout ParameterReader) {
      _ = reader.string("typeface")
      _ = reader.bool("reducedMotionOnly", default: false)
    }
    static let descriptor = EffectDescriptor(
      typeName: "nearReservedNames", summary: "Does nothing.", discussion: "",
      parameters: [
        ParameterDescriptor(name: "typeface", values: "a name", defaultValue: "\"a\"", summary: ""),
        ParameterDescriptor(
          name: "reducedMotionOnly", values: "true or false", defaultValue: "false", summary: ""),
      ], examples: [])
    func apply(to views: inout ViewBatch) {}
  }

  @Test(
    "a parameter named type or reducedMotion, declared or read, is refused with the type and the key"
  )
  func reservedParameter() throws {
    #expect(EffectRegistry.reservedKeys == ["type", "reducedMotion"])
    let refused: [(any ScrollEffect.Type, String, String)] = [
      (DeclaresType.self, "declaresType", "type"),
      (ReadsReducedMotion.self, "readsReducedMotion", "reducedMotion"),
      (ReadsTypeWithKind.self, "readsTypeWithKind", "type"),
    ]
    for (type, name, key) in refused {
      #expect(throws: RegistryError.reservedParameter(typeName: name, key: key)) {
        try EffectRegistry.builtIn.registering(type)
      }
      #expect(throws: RegistryError.reservedParameter(typeName: name, key: key)) {
        try EffectRegistry([type])
      }
    }
    let registry = try EffectRegistry.builtIn.registering(NearReservedNames.self)
    #expect(registry.typeNames.last == "nearReservedNames")
    #expect(
      String(describing: RegistryError.reservedParameter(typeName: "dim", key: "reducedMotion"))
        == #"the effect type "dim" has a parameter named "reducedMotion", a key the loader "#
        + #"reads itself from every effect's object ("type" and "reducedMotion"), so no scene "#
        + "could give it to the effect; expected another parameter name")
  }

  @Test("no built-in effect has a parameter named as a key the loader reads itself")
  func builtInsHaveNoReservedParameter() {
    for type in BuiltInEffects.all {
      #expect(EffectRegistry.reservedParameter(of: type) == nil, "\(type.descriptor.typeName)")
    }
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
