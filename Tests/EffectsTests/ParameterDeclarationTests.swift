import EffectProtocol
import Effects
import Testing

/// Every built-in's descriptor against decoding its defaults: the descriptor,
/// the reader and the `Parameters` defaults derive from one declaration each,
/// and these tests say they agree.
@Suite struct ParameterDeclarationTests {
  /// A built-in, the JSON of its required keys, and the JSON text of each
  /// parameter of a decoded effect, written here independently of the
  /// declarations.
  struct Case: Sendable, CustomTestStringConvertible {
    var type: any ScrollEffect.Type
    var required: String
    /// Decodes an object: whether it equals the default effect, and the JSON
    /// text of each of its parameters.
    var decode: @Sendable (String) throws -> (isDefault: Bool, texts: [String: String])
    var testDescription: String { type.descriptor.typeName }

    /// A parameterized effect: `{}` against the memberwise init given every
    /// declared default, each parameter's text from the decoded effect's
    /// property of the parameter's name.
    init<Effect: ParameterizedEffect & Equatable>(parameterized: Effect.Type) {
      type = Effect.self
      required = ""
      let names = Effect.parameterList.descriptors.map(\.name)
      let defaults = Effect.parameterList.defaults
      decode = { json in
        let decoded = try Effect.decode(json: json)
        var texts: [String: String] = [:]
        for child in Mirror(reflecting: decoded).children {
          guard let label = child.label, names.contains(label) else { continue }
          texts[label] = ParameterDeclarationTests.json(any: child.value) ?? "unknown"
        }
        return (decoded == defaults, texts)
      }
    }

    init<Effect: ScrollEffect & Equatable>(
      _ defaultEffect: Effect, required: String = "",
      texts: @escaping @Sendable (Effect.Parameters) -> [String: String]
    ) where Effect: HasParameters {
      type = Effect.self
      self.required = required
      decode = { json in
        let decoded = try Effect.decode(json: json)
        return (decoded == defaultEffect, texts(decoded.parameters))
      }
    }
  }

  static func json(_ value: Double) -> String { MessageText.number(value) }
  static func json(_ value: Double?) -> String { value.map(MessageText.number) ?? "null" }
  static func json(_ value: Bool) -> String { value ? "true" : "false" }
  static func json<Choice: RawRepresentable>(_ value: Choice) -> String
  where Choice.RawValue == String { "\"\(value.rawValue)\"" }

  /// The JSON text of a stored parameter value, written here independently
  /// of the declarations: a number, `null` for an absent optional, a Boolean,
  /// or a string choice quoted.
  static func json(any value: Any) -> String? {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return "null" }
      return json(any: wrapped)
    }
    switch value {
    case let number as Double: return json(number)
    case let flag as Bool: return json(flag)
    case let choice as any RawRepresentable:
      return (choice.rawValue as? String).map { "\"\($0)\"" }
    default: return nil
    }
  }

  /// A ``Case`` for every built-in `ParameterizedEffect` without required
  /// keys, found in ``BuiltInEffects/all``: the default effect is the
  /// parameter list's `defaults`,
  /// and each parameter's text is the JSON of the stored property of the same
  /// name, read with `Mirror`. A new built-in needs no line here.
  static let parameterized: [Case] = BuiltInEffects.all.compactMap { type in
    guard let type = type as? any (ParameterizedEffect & Equatable).Type,
      !type.descriptor.parameters.contains(where: { $0.defaultValue == "required" })
    else { return nil }
    return Case(parameterized: type)
  }

  /// Interpolate's required keys, written here.
  static let interpolate = Case(
    InterpolateEffect(parameters: .init(property: .scale, stops: [.init(0, 1), .init(10, 2)])),
    required: #""property": "scale", "stops": [[0, 1], [10, 2]]"#
  ) { p in
    [
      "property": "required", "input": json(p.input), "stops": "required",
      "easing": p.easing == .linear ? #""linear""# : "not linear",
      "extrapolate": json(p.extrapolate),
      "range": p.range == .cover ? #""cover""# : "not cover",
      "timelineInset": p.timelineInset == .zero ? "0" : "not 0",
    ]
  }

  static let cases: [Case] = parameterized + [interpolate]

  @Test("the cases cover every built-in effect but expression, whose keys are the columns")
  func coversEveryBuiltIn() {
    #expect(
      Set(Self.cases.map { $0.type.descriptor.typeName })
        == Set(BuiltInEffects.all.map { $0.descriptor.typeName }.filter { $0 != "expression" }))
    #expect(Self.cases.count == BuiltInEffects.all.count - 1)
    // Every built-in but interpolate and expression is found generically (a
    // new ParameterizedEffect too, with no line here).
    let generic = Self.parameterized.map { $0.type.descriptor.typeName }
    #expect(
      Set(["stretch", "footerPin", "pin", "parallax", "translate", "collapse", "float"])
        .isSubset(of: generic))
    #expect(!generic.contains("interpolate") && !generic.contains("expression"))
  }

  @Test(
    "expression's parameters are the transform columns, each optional and unchanged by default"
  )
  func expressionColumns() throws {
    // Docs/Expressions.md: x, y, width, height, scale (both scales), scaleX, scaleY,
    // anchorX, anchorY, opacity, blur, rotation, zIndex.
    let columns = [
      "x", "y", "width", "height", "scale", "scaleX", "scaleY", "anchorX", "anchorY", "opacity",
      "blur", "rotation", "zIndex",
    ]
    let parameters = ExpressionEffect.descriptor.parameters
    #expect(parameters.map(\.name) == columns)
    #expect(parameters.allSatisfy { $0.defaultValue == "unchanged" })
    for column in columns {
      let effect = try ExpressionEffect.decode(json: #"{"\#(column)": "offset"}"#)
      #expect(effect.expressions.map(\.column) == [column])
    }
  }

  @Test(
    "decoding {} (and the required keys) equals the effect of the default Parameters()",
    arguments: cases)
  func decodingDefaults(_ test: Case) throws {
    #expect(try test.decode("{\(test.required)}").isDefault)
  }

  @Test("each parameter's documented default is the JSON of the decoded default", arguments: cases)
  func documentedDefaults(_ test: Case) throws {
    let texts = try test.decode("{\(test.required)}").texts
    let descriptor = test.type.descriptor
    #expect(Set(descriptor.parameters.map(\.name)) == Set(texts.keys))
    for parameter in descriptor.parameters {
      #expect(parameter.defaultValue == texts[parameter.name], "\(parameter.name)")
    }
  }

  @Test("the keys the reader reads are the descriptor's, in its order", arguments: cases)
  func readKeysAreDocumented(_ test: Case) {
    var reader = ParameterReader(
      object: JSONObject(), path: .root, owner: "test", alreadyRead: ["type"])
    _ = test.type.init(from: &reader)
    #expect(Array(reader.readKeys.dropFirst()) == test.type.descriptor.parameters.map(\.name))
  }

  @Test(
    "every documented key, given its documented default, is accepted and changes nothing",
    arguments: cases)
  func documentedKeysAreAccepted(_ test: Case) throws {
    // A view range and timeline insets go only with the progress input (the
    // next test gives them with it).
    let members = test.type.descriptor.parameters.filter {
      $0.defaultValue != "required" && !$0.values.hasSuffix("(input progress only)")
    }.map { "\"\($0.name)\": \($0.defaultValue)" }
    let object = ([test.required].filter { !$0.isEmpty } + members).joined(separator: ", ")
    #expect(try test.decode("{\(object)}").isDefault, "{\(object)}")
  }
}

extension ParameterDeclarationTests {
  @Test(
    "interpolate's range and timelineInset, given their documented defaults with the progress input, change nothing"
  )
  func timelineDefaultsAreAccepted() throws {
    let base = #""property": "opacity", "input": "progress", "stops": [[0, 0], [1, 1]]"#
    let plain = try InterpolateEffect.decode(json: "{\(base)}")
    let given = try InterpolateEffect.decode(
      json: "{\(base), \"range\": \(InterpolateEffect.range.defaultText), "
        + "\"timelineInset\": \(InterpolateEffect.timelineInset.defaultText)}")
    #expect(given == plain)
    #expect(plain.parameters.range == .cover && plain.parameters.timelineInset == .zero)
  }
}

/// Interpolate's shape: an effect made of one `Parameters` value.
protocol HasParameters {
  associatedtype Parameters
  var parameters: Parameters { get }
}

extension InterpolateEffect: HasParameters {}
