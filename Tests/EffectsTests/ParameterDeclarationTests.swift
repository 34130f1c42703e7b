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

  static let cases: [Case] = [
    Case(StretchEffect(parameters: .init())) { p in
      [
        "edge": json(p.edge), "resistance": json(p.resistance), "maxStretch": json(p.maxStretch),
        "mode": json(p.mode),
      ]
    },
    Case(FooterPinEffect(parameters: .init())) { p in ["mode": json(p.mode)] },
    Case(PinEffect(parameters: .init())) { p in
      ["edge": json(p.edge), "inset": json(p.inset), "until": json(p.until)]
    },
    Case(ParallaxEffect(parameters: .init())) { p in ["rate": json(p.rate)] },
    Case(TranslateEffect(parameters: .init())) { p in
      ["axis": json(p.axis), "factor": json(p.factor), "from": json(p.from), "to": json(p.to)]
    },
    Case(CollapseEffect(parameters: .init())) { p in
      ["minHeight": json(p.minHeight), "inset": json(p.inset), "pinned": json(p.pinned)]
    },
    Case(
      InterpolateEffect(parameters: .init(property: .scale, stops: [.init(0, 1), .init(10, 2)])),
      required: #""property": "scale", "stops": [[0, 1], [10, 2]]"#
    ) { p in
      [
        "property": "required", "input": json(p.input), "stops": "required",
        "easing": p.easing == .linear ? #""linear""# : "not linear",
        "extrapolate": json(p.extrapolate),
      ]
    },
    Case(FloatEffect(parameters: .init())) { p in ["inset": json(p.inset)] },
  ]

  @Test("the cases cover every built-in effect but expression, whose keys are the columns")
  func coversEveryBuiltIn() {
    #expect(
      Self.cases.map { $0.type.descriptor.typeName }
        == BuiltInEffects.all.map { $0.descriptor.typeName }.filter { $0 != "expression" })
  }

  @Test(
    "expression's parameters are DESIGN's transform columns, each optional and unchanged by default"
  )
  func expressionColumns() throws {
    // DESIGN.md: x, y, width, height, scale (both scales), scaleX, scaleY,
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
    let members = test.type.descriptor.parameters.filter { $0.defaultValue != "required" }
      .map { "\"\($0.name)\": \($0.defaultValue)" }
    let object = ([test.required].filter { !$0.isEmpty } + members).joined(separator: ", ")
    #expect(try test.decode("{\(object)}").isDefault, "{\(object)}")
  }
}

/// The built-ins' common shape: an effect made of one `Parameters` value.
protocol HasParameters {
  associatedtype Parameters
  var parameters: Parameters { get }
}

extension StretchEffect: HasParameters {}
extension FooterPinEffect: HasParameters {}
extension PinEffect: HasParameters {}
extension ParallaxEffect: HasParameters {}
extension TranslateEffect: HasParameters {}
extension CollapseEffect: HasParameters {}
extension InterpolateEffect: HasParameters {}
extension FloatEffect: HasParameters {}
