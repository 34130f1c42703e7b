import EffectProtocol
import Effects

// Effects: one branch per registered type, chosen by `type`, made from the
// type's descriptor.
extension SceneSchema {
  /// The keys every effect object takes besides its type's parameters, each
  /// with its schema in the branch of `descriptor`'s type: the one list of
  /// them.
  static func keysOfEveryEffect(_ descriptor: EffectDescriptor) -> [(
    key: String, schema: JSONValue
  )] {
    let description = JSONValue.string(
      "what reduced motion does with this effect: keep it or skip it (default: the type's, "
        + "\(descriptor.defaultReducedMotion))")
    let choices = JSONValue.array(ReducedMotion.allCases.map { .string($0.rawValue) })
    // A type whose default is one choice whatever its parameters states it.
    let reducedMotion =
      ReducedMotion(rawValue: descriptor.defaultReducedMotion).map {
        object(["description": description, "enum": choices, "default": .string($0.rawValue)])
      } ?? object(["description": description, "enum": choices])
    return [
      (
        "type",
        object([
          "description": .string(descriptor.summary), "const": .string(descriptor.typeName),
        ])
      ),
      (SceneLoader.reducedMotionKey, reducedMotion),
    ]
  }

  /// Any effect: `type` one of the registered names, then the branch of that
  /// type, which takes its parameters and no other key.
  var effect: JSONValue {
    let branches = registry.types.map { type -> JSONValue in
      let descriptor = type.descriptor
      return Self.object([
        "if": Self.object([
          "properties": Self.object([
            "type": Self.object(["const": .string(descriptor.typeName)])
          ]),
          "required": Self.strings(["type"]),
        ]),
        "then": Self.effectBranch(type),
      ])
    }
    var members: [JSONObject.Member] = [
      .init(key: "description", value: .string("An effect, told apart by its type.")),
      .init(key: "type", value: .string("object")),
      .init(
        key: "properties",
        value: Self.object([
          "type": Self.object([
            "description": .string("The effect type."),
            "enum": Self.strings(registry.typeNames),
          ])
        ])),
      .init(key: "required", value: Self.strings(["type"])),
    ]
    if !branches.isEmpty { members.append(.init(key: "allOf", value: .array(branches))) }
    return .object(JSONObject(members))
  }

  /// The loader's other names of the pulls past the start and the end
  /// (``SceneAxisReading/inputAliases``), in a fixed order: `pullStart`,
  /// `pullEnd`.
  static let pullAliases = SceneAxisReading.inputAliases.keys.sorted(by: >)

  /// The object of one effect type: its common keys and parameters, no other.
  static func effectBranch(_ type: any ScrollEffect.Type) -> JSONValue {
    let descriptor = type.descriptor
    let written = (type as? any HandWrittenParameterSchemas.Type)?.parameterSchemas ?? [:]
    var parameters = descriptor.parameters.map { parameter in
      (
        key: parameter.name,
        schema: Self.parameter(
          parameter, written: written[parameter.name],
          readsEdges: SceneAxisReading.readsEdges(ofEffectType: descriptor.typeName))
      )
    }
    // A horizontal scene's name of collapse's minHeight (SceneLoader+Axis.swift):
    // its schema, the values and default minHeight's.
    if let index = parameters.firstIndex(where: { $0.key == "minHeight" }),
      descriptor.typeName == "collapse", case .object(let minHeight) = parameters[index].schema
    {
      let members = minHeight.members.map { member in
        member.key != "description"
          ? member
          : JSONObject.Member(
            key: "description",
            value: .string("in a horizontal scene, minHeight along x (points)"))
      }
      parameters.insert((key: "minWidth", schema: .object(JSONObject(members))), at: index + 1)
    }
    // translate's axis is the screen's: "y" by default in a vertical scene,
    // "x" in a horizontal one (SceneLoader+Axis.swift), so no one default.
    if descriptor.typeName == "translate",
      let index = parameters.firstIndex(where: { $0.key == "axis" }),
      case .object(let axis) = parameters[index].schema
    {
      let members = axis.members.compactMap { member -> JSONObject.Member? in
        switch member.key {
        case "default": nil
        case "description":
          JSONObject.Member(
            key: "description",
            value: .string(
              "the axis the view moves along (\"x\" or \"y\"; default \"y\" in a vertical scene, \"x\" in "
                + "a horizontal one)"))
        default: member
        }
      }
      parameters[index].schema = .object(JSONObject(members))
    }
    let required = descriptor.parameters.filter {
      $0.defaultValue == EffectParameter<Double>.requiredText
    }.map(\.name)
    let members = closedObjectMembers(
      descriptor.summary, keysOfEveryEffect(descriptor) + parameters, required: required)
    // An expression assigns at least one column, whichever, and `scale`
    // with neither of the two it assigns.
    if descriptor.typeName == "expression" {
      let scaleAlone = object([
        "dependentSchemas": object([
          "scale": object([
            "not": object([
              "anyOf": .array([
                object(["required": strings(["scaleX"])]),
                object(["required": strings(["scaleY"])]),
              ])
            ])
          ])
        ])
      ])
      return withRules(
        members,
        [
          object(["anyOf": .array(parameters.map { object(["required": strings([$0.key])]) })]),
          scaleAlone,
        ])
    }
    // interpolate's view range and its inset only on the progress input,
    // and each property's outputs in its range.
    guard descriptor.typeName == "interpolate" else { return .object(JSONObject(members)) }
    let outputs = InterpolateEffect.Property.allCases.compactMap { property -> JSONValue? in
      let range = InterpolateEffect.outputRange(property)
      guard range != .finite else { return nil }
      return object([
        "if": object([
          "properties": object(["property": object(["const": .string(property.rawValue)])]),
          "required": strings(["property"]),
        ]),
        "then": object([
          "properties": object([
            "stops": object([
              "items": object([
                "prefixItems": .array([
                  .bool(true), .object(JSONObject(numberConstraints(range, nullable: false))),
                ])
              ])
            ])
          ])
        ]),
      ])
    }
    return withRules(
      members, [progressOnlyRule([ViewRange.parameter.key, TimelineInset.parameter.key])] + outputs)
  }

  /// A parameter's schema: its description, the values its domain allows
  /// (or `written`, for a parameter whose domain is not declared), its
  /// default when that is JSON; with `readsEdges` (`stretch`'s and `pin`'s
  /// `edge`), a choice of top and bottom takes leading and trailing too.
  static func parameter(
    _ parameter: ParameterDescriptor, written: [JSONObject.Member]?, readsEdges: Bool
  ) -> JSONValue {
    var members = [
      JSONObject.Member(
        key: "description", value: .string("\(parameter.summary) (\(parameter.values))"))
    ]
    switch parameter.domain {
    case _ where written != nil:
      // Written by hand: a parameter whose values the domain does not
      // cover in full.
      members += written ?? []
    case .number(let range, _):
      members += numberConstraints(range, nullable: false)
    case .optionalNumber(let range, _):
      members += numberConstraints(range, nullable: true)
    case .bool:
      members.append(.init(key: "type", value: .string("boolean")))
    case .choice(let names):
      // The other spellings: the edges of a horizontal scene, which the
      // loader reads for stretch and pin (SceneLoader+Axis.swift). Those a
      // choice's reader takes (the pulls past the start and the end, which
      // a scroll input takes) are among the names of a domain declared
      // with EffectParameter.choice; a domain written by hand as every
      // scroll input, read as a ScrollInput, takes them too. An effect's
      // own choice that merely has a "pull" does not.
      var names = names
      var others: [String] = []
      if readsEdges && names.contains("top") && names.contains("bottom") {
        names += ["leading", "trailing"]
        others.append("\"leading\" and \"trailing\" are the top and bottom along the scroll axis")
      }
      if Set(names) == Set(ScrollInput.allCases.map(\.rawValue)) { names += pullAliases }
      members.append(.init(key: "enum", value: strings(names)))
      if !others.isEmpty {
        members[0] = .init(
          key: "description",
          value: .string(
            "\(parameter.summary) (\(parameter.values); \(others.joined(separator: "; ")))"))
      }
    case .other:
      // Any JSON value, unless written by hand: the schema cannot know what
      // the declaration's own code reads.
      members += written ?? []
    }
    if parameter.defaultValue != EffectParameter<Double>.requiredText,
      let value = try? JSONParser.parse(parameter.defaultValue)
    {
      members.append(.init(key: "default", value: value))
    }
    return .object(JSONObject(members))
  }
}

/// An effect type whose parameters declared without a domain
/// (``ParameterDomain/other``) have schemas written here, by key: the type
/// constraints of each, which the schema puts after the description.
protocol HandWrittenParameterSchemas {
  static var parameterSchemas: [String: [JSONObject.Member]] { get }
}

extension InterpolateEffect: HandWrittenParameterSchemas {
  static var parameterSchemas: [String: [JSONObject.Member]] {
    let number = JSONValue.object(
      JSONObject(SceneSchema.numberConstraints(.finite, nullable: false)))
    let unit = JSONValue.object(
      JSONObject(SceneSchema.numberConstraints(.unitInterval, nullable: false)))
    let pair = SceneSchema.object([
      "type": .string("array"),
      "prefixItems": .array([number, number]),
      "minItems": .number(2),
      "maxItems": .number(2),
    ])
    let bezier = SceneSchema.object([
      "type": .string("object"),
      "properties": SceneSchema.object([
        "cubicBezier": SceneSchema.object([
          "description": .string(
            "CSS's cubic-bezier(x1, y1, x2, y2): x1 and x2 from 0 to 1, y1 and y2 any number"),
          "type": .string("array"),
          "prefixItems": .array([unit, number, unit, number]),
          "minItems": .number(4),
          "maxItems": .number(4),
        ])
      ]),
      "required": SceneSchema.strings(["cubicBezier"]),
      "additionalProperties": .bool(false),
    ])
    return [
      stops.key: [
        .init(key: "type", value: .string("array")),
        .init(key: "minItems", value: .number(2)),
        .init(key: "items", value: pair),
      ],
      easing.key: [
        .init(
          key: "anyOf",
          value: .array([
            SceneSchema.object(["enum": SceneSchema.strings(Easing.names)]),
            SceneSchema.object([
              "type": .string("string"), "pattern": .string(SceneSchema.easingTextPattern),
            ]),
            bezier,
          ])
        )
      ],
      range.key: SceneSchema.rangeMembers,
      timelineInset.key: SceneSchema.timelineInsetMembers,
    ]
  }
}

extension PinEffect: HandWrittenParameterSchemas {
  static var parameterSchemas: [String: [JSONObject.Member]] {
    let chain = SceneSchema.object([
      "type": .string("object"),
      "properties": SceneSchema.object([
        "chain": SceneSchema.object([
          "description": .string(
            "a chain attached to the content: its natural top pushes the pinned view off"),
          "type": .string("string"), "minLength": .number(1),
        ])
      ]),
      "required": SceneSchema.strings(["chain"]),
      "additionalProperties": .bool(false),
    ])
    return [
      until.key: [
        .init(
          key: "anyOf",
          value: .array([
            .object(JSONObject(SceneSchema.numberConstraints(.finite, nullable: true))),
            SceneSchema.object(["const": .string("next")]),
            chain,
          ]))
      ]
    ]
  }
}

extension ExpressionEffect: HandWrittenParameterSchemas {
  static var parameterSchemas: [String: [JSONObject.Member]] {
    var schemas: [String: [JSONObject.Member]] = [:]
    for parameter in descriptor.parameters {
      schemas[parameter.name] = [.init(key: "type", value: .string("string"))]
    }
    return schemas
  }
}
