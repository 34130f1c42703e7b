import EffectHost
import EffectProtocol
import Foundation
import Testing

/// The schema of scene files: it names the keys the loader reads, object by
/// object and effect by effect.
@Suite struct SceneSchemaTests {
  static let chain = #"{"name": "a", "frame": {"height": 1}}"#

  /// Scenes with an unknown key `zzz` in one object each, and where the
  /// schema describes that object.
  static let objects: [(scene: String, schemaPath: [String])] = [
    (#"{"chains": [\#(chain)], "zzz": 1}"#, ["$defs", "scene"]),
    (
      #"{"name": "a", "frame": {"height": 1}, "effects": [], "zzz": 1}"#,
      ["$defs", "singleChainScene"]
    ),
    (#"{"chains": [{"name": "a", "frame": {"height": 1}, "zzz": 1}]}"#, ["$defs", "chain"]),
    (#"{"chains": [{"name": "a", "frame": {"height": 1, "zzz": 1}}]}"#, ["$defs", "frame"]),
    (#"{"viewport": {"zzz": 1}, "chains": [\#(chain)]}"#, ["$defs", "viewport"]),
    (#"{"contentInsets": {"zzz": 1}, "chains": [\#(chain)]}"#, ["$defs", "contentInsets"]),
    (
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "repeat": {"count": 1, "zzz": 1}}]}"#,
      ["$defs", "repeat"]
    ),
    (
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "events": [{"name": "e", "crosses": 1, "zzz": 1}]}]}"#,
      ["$defs", "event"]
    ),
    (#"{"chains": [\#(chain)], "snap": {"offsets": [0], "zzz": 1}}"#, ["$defs", "snap"]),
  ]

  /// The keys the loader takes where `scene` has `zzz`: those its message
  /// lists.
  static func loaderKeys(_ scene: String, registry: EffectRegistry = .builtIn) throws -> [String] {
    do {
      _ = try SceneLoader(registry: registry).load(json: scene)
    } catch {
      for diagnostic in error.diagnostics {
        if case .unknownKey(_, _, let valid) = diagnostic.problem { return valid }
      }
    }
    Issue.record("no unknown key reported in \(scene)")
    return []
  }

  static func member(_ value: JSONValue?, _ path: [String]) -> JSONValue? {
    guard let key = path.first else { return value }
    guard case .object(let object)? = value else { return nil }
    return member(object[key], Array(path.dropFirst()))
  }

  static func propertyNames(_ schema: JSONValue?) -> [String] {
    guard case .object(let properties)? = member(schema, ["properties"]) else { return [] }
    return properties.keys
  }

  /// The branch of effect type `name` in the schema of `registry`.
  static func effectBranch(_ name: String, in schema: JSONValue) -> JSONValue? {
    guard case .array(let branches)? = member(schema, ["$defs", "effect", "allOf"]) else {
      return nil
    }
    return branches.first {
      member($0, ["if", "properties", "type", "const"]) == .string(name)
    }.flatMap { member($0, ["then"]) }
  }

  @Test("every object of a scene file takes the keys the loader reads, in its order")
  func sceneKeys() throws {
    let schema = SceneSchema().document
    for (scene, path) in Self.objects {
      let described = Self.propertyNames(Self.member(schema, path))
      #expect(try described == Self.loaderKeys(scene), "\(path.joined(separator: "/"))")
    }
  }

  @Test("every effect type's branch takes the keys its reader reads, in its order")
  func effectKeys() throws {
    let schema = SceneSchema().document
    let names = EffectRegistry.builtIn.typeNames
    #expect(
      Self.member(schema, ["$defs", "effect", "properties", "type", "enum"])
        == .array(names.map(JSONValue.string)))
    for name in names {
      let scene =
        #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "\#(name)", "zzz": 1}]}]}"#
      let branch = Self.effectBranch(name, in: schema)
      #expect(Self.member(branch, ["additionalProperties"]) == .bool(false))
      // collapse's minWidth is a horizontal scene's minHeight, which a
      // vertical scene's message does not list.
      let described = Self.propertyNames(branch).filter { name != "collapse" || $0 != "minWidth" }
      #expect(try described == Self.loaderKeys(scene), "\(name)")
    }
  }

  @Test("a parameter's declaration gives its type, range, allowed values, default and summary")
  func parameters() throws {
    let schema = SceneSchema().document
    let stretch = try #require(Self.effectBranch("stretch", in: schema))
    #expect(
      Self.member(stretch, ["properties", "resistance"])
        == (try JSONParser.parse(
          #"{"description": "the share of the overscroll that becomes stretch (fraction, 0 to 1)", "type": "number", "minimum": 0, "maximum": 1, "default": 1}"#
        )))
    #expect(
      Self.member(stretch, ["properties", "maxStretch", "type"])
        == .array([.string("number"), .string("null")]))
    let interpolate = try #require(Self.effectBranch("interpolate", in: schema))
    #expect(
      Self.member(interpolate, ["required"]) == .array([.string("property"), .string("stops")]))
    #expect(Self.member(interpolate, ["properties", "easing", "default"]) == .string("linear"))
  }

  @Test("a registry's own types are in its schema, a parameter without a domain taking any value")
  func ownTypes() throws {
    let registry = try EffectRegistry.builtIn.registering(ShadeEffect.self)
    let schema = SceneSchema(registry: registry).document
    let branch = try #require(Self.effectBranch("shade", in: schema))
    let scene =
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "shade", "zzz": 1}]}]}"#
    #expect(try Self.propertyNames(branch) == Self.loaderKeys(scene, registry: registry))
    #expect(
      Self.member(branch, ["properties", "tone"])
        == .object(JSONObject([.init(key: "description", value: .string("how dark (any)"))])))
  }

  @Test(
    "a registry's own edge takes no leading or trailing; its scroll input takes the pulls' other names"
  )
  func ownChoices() throws {
    let registry = try EffectRegistry.builtIn.registering(HugEffect.self)
    let schema = SceneSchema(registry: registry).document
    let branch = try #require(Self.effectBranch("hug", in: schema))
    #expect(
      Self.member(branch, ["properties", "edge", "enum"])
        == .array([.string("top"), .string("bottom")]))
    guard case .array(let inputs)? = Self.member(branch, ["properties", "input", "enum"]) else {
      Issue.record("no enum of inputs")
      return
    }
    #expect(inputs.contains(.string("pullEnd")) && inputs.contains(.string("pullStart")))
    // As the loader reads them.
    let loader = SceneLoader(registry: registry)
    func hug(_ parameters: String) throws -> HugEffect {
      let scene = try loader.load(
        json: #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "hug", "#
          + parameters + "}]}]}")
      return try #require(scene.chains[0].effects[0] as? HugEffect)
    }
    #expect(try hug(#""input": "pullEnd""#).input == .pullBottom)
    #expect(try hug(#""input": "pullStart""#).input == .pull)
    #expect(throws: SceneLoadError.self) { try hug(#""edge": "leading""#) }
  }

  @Test("a choice of an effect's own with a pull and a pullBottom takes no other spellings")
  func ownPullChoice() throws {
    let registry = try EffectRegistry.builtIn.registering(TugEffect.self)
    let schema = SceneSchema(registry: registry).document
    let branch = try #require(Self.effectBranch("tug", in: schema))
    // As declared with EffectParameter.choice: its raw values, which its
    // reader reads, and no more.
    #expect(
      Self.member(branch, ["properties", "from", "enum"])
        == .array([.string("pull"), .string("pullBottom"), .string("neither")]))
    let loader = SceneLoader(registry: registry)
    let scene =
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "tug", "from": "pullStart"}]}]}"#
    #expect(throws: SceneLoadError.self) { try loader.load(json: scene) }
  }
}

/// A user's effect whose own choice has raw values `pull` and `pullBottom`.
private struct TugEffect: ParameterizedEffect, StatelessScrollEffect {
  enum Source: String, CaseIterable, Sendable { case pull, pullBottom, neither }

  var from: Source
  static let from = EffectParameter.choice(
    "from", default: Source.neither, summary: "where it pulls from")
  static let parameterList = ParameterList(Self.init(from:), from)

  static let descriptor = EffectDescriptor(
    typeName: "tug", summary: "Does nothing.", discussion: "",
    parameters: parameterList.descriptors, examples: [])

  func apply(to views: inout ViewBatch) {}
}

/// A user's effect with an edge of its own and a scroll input: neither
/// `leading` nor `trailing` is its edge (the loader reads those for
/// `stretch` and `pin`), and its input takes `pullStart` and `pullEnd`.
private struct HugEffect: StatelessScrollEffect {
  var edge = "top"
  var input = ScrollInput.offset

  init(from reader: inout ParameterReader) {
    if case .string(let text)? = reader.value("edge"), text == "top" || text == "bottom" {
      edge = text
    } else if let found = reader.value("edge") {
      reader.report(.mismatch(expected: #""top" or "bottom""#, found: found), at: "edge")
    }
    input = reader.choice("input", default: ScrollInput.offset)
  }

  static let descriptor = EffectDescriptor(
    typeName: "hug", summary: "Does nothing.", discussion: "",
    parameters: [
      ParameterDescriptor(
        name: "edge", values: #""top" or "bottom""#, defaultValue: #""top""#,
        summary: "which edge", domain: .choice(["top", "bottom"])),
      ParameterDescriptor(
        name: "input", values: ParameterReader.describeChoices(ScrollInput.self),
        defaultValue: #""offset""#, summary: "what it reads",
        domain: .choice(ScrollInput.allCases.map(\.rawValue))),
    ],
    examples: [])

  func apply(to views: inout ViewBatch) {}
}

/// A user's effect whose parameter only its text describes.
private struct ShadeEffect: StatelessScrollEffect {
  init(from reader: inout ParameterReader) { _ = reader.value("tone") }

  static let descriptor = EffectDescriptor(
    typeName: "shade", summary: "Does nothing.", discussion: "",
    parameters: [
      ParameterDescriptor(name: "tone", values: "any", defaultValue: "medium", summary: "how dark")
    ],
    examples: [])

  func apply(to views: inout ViewBatch) {}
}
