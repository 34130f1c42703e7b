import EffectProtocol
import Effects

/// A JSON Schema (draft 2020-12) of the scene files that a loader with
/// `registry` reads: every key with its type, range, allowed values, default
/// and summary, in both forms of a scene file (a scene, or one chain at the
/// top level), and every effect told apart by its `type`.
///
/// Editors complete and check scene files with it. It never refuses a scene
/// the loader takes; it takes some that the loader refuses, for rules a
/// schema does not state: names unique, a snap chain that exists and
/// repeats, stops in increasing order, an expression's syntax, and what a
/// parameter declared without a domain (``ParameterDomain/other``) holds
/// beyond its type.
public struct SceneSchema: Sendable {
  /// The effect types whose parameters the schema lists.
  public var registry: EffectRegistry

  /// The schema of the scene files a loader with `registry` reads; the built-in effects' by
  /// default.
  public init(registry: EffectRegistry = .builtIn) {
    self.registry = registry
  }

  /// The dialect the schema is written in.
  public static let dialect = "https://json-schema.org/draft/2020-12/schema"

  /// The schema as a JSON document.
  public var document: JSONValue {
    let single = Self.singleChainScene
    return Self.object([
      "$schema": .string(Self.dialect),
      "title": .string("ScrollEffects scene"),
      "description": .string(
        "A scene file: a scroll view's size and insets and the chains of effects of its views; "
          + "or, with \"effects\" and no \"chains\" at the top level, a scene of that one chain."),
      "type": .string("object"),
      "if": Self.object([
        "required": Self.strings(["effects"]),
        "not": Self.object(["required": Self.strings(["chains"])]),
      ]),
      "then": Self.reference(single),
      "else": Self.reference("scene"),
      "$defs": Self.object([
        "scene": Self.sceneForm,
        single: Self.singleChainForm,
        "viewport": Self.viewport,
        "contentInsets": Self.contentInsets,
        "chain": Self.chain,
        "frame": Self.frame,
        "repeat": Self.repetition,
        "event": Self.event,
        "snap": Self.snap,
        "effect": effect,
      ]),
    ])
  }

  /// The schema as pretty-printed JSON text (two spaces an indent, keys in a
  /// fixed order), ending in a newline: what `effectctl schema` prints.
  public var text: String {
    var text = ""
    Self.write(document, indent: "", to: &text)
    return text + "\n"
  }

  // MARK: - Scenes

  private static let singleChainScene = "singleChainScene"

  /// The keys of a scene besides its chains, in the order the loader reads
  /// them.
  static var sceneKeys: [(key: String, schema: JSONValue)] {
    [
      (
        "axis",
        object([
          "description": .string(
            "The direction the scene scrolls in: along y, or along x (carousels, chips)."),
          "enum": .array(ScrollAxis.allCases.map { .string($0.rawValue) }),
          "default": .string(ScrollAxis.vertical.rawValue),
        ])
      ),
      (
        "layoutDirection",
        object([
          "description": .string(
            "A horizontal scene's reading direction: rightToLeft is the mirror image of leftToRight."
          ),
          "enum": .array(LayoutDirection.allCases.map { .string($0.rawValue) }),
          "default": .string(LayoutDirection.leftToRight.rawValue),
        ])
      ),
      (
        "version",
        object([
          "description": .string("The format's version."), "const": .number(1),
          "default": .number(1),
        ])
      ),
      ("description", object(["description": .string("Free text."), "type": .string("string")])),
      ("viewport", reference("viewport")),
      ("contentInsets", reference("contentInsets")),
      (
        "contentHeight",
        number(
          .nonNegative,
          "The content's height in points; left out, worked out from the chains.")
      ),
      (
        "contentWidth",
        number(
          .nonNegative,
          "A horizontal scene's content width in points; left out, worked out from the chains.")
      ),
    ]
  }

  /// The keys after the chains: `snap`, then `$schema`.
  static var sceneKeysAfterChains: [(key: String, schema: JSONValue)] {
    [
      ("snap", reference("snap")),
      (
        "$schema",
        object([
          "description": .string(
            "The JSON Schema this file follows, for editors; the loader ignores it."),
          "type": .string("string"),
        ])
      ),
    ]
  }

  static var sceneForm: JSONValue {
    let chains = object([
      "description": .string("The chains of effects, each a view or a repeated row of views."),
      "type": .string("array"),
      "minItems": .number(1),
      "items": reference("chain"),
    ])
    let members = closedObjectMembers(
      "A scene: the scroll view and its chains.",
      sceneKeys + [("chains", chains)] + sceneKeysAfterChains, required: ["chains"])
    let rule = axisRule { scene, chain in
      let chains = object(["items": object(["properties": .object(JSONObject(chain))])])
      return object([
        "properties": .object(JSONObject(scene + [.init(key: "chains", value: chains)]))
      ])
    }
    return withRules(members, [rule])
  }

  static var singleChainForm: JSONValue {
    let members = closedObjectMembers(
      "A scene of one chain: the chain's keys beside the scene's.",
      sceneKeys + chainKeys + sceneKeysAfterChains, required: ["name", "frame", "effects"])
    let rule = axisRule { scene, chain in object(["properties": .object(JSONObject(scene + chain))])
    }
    // One chain has no earlier chain for `after` to name.
    let noAfter = object(["properties": object(["after": .bool(false)])])
    return withRules(members, [rule, untilNextRule, noAfter])
  }

  /// The keys of each axis, as the loader reads them (SceneLoader+Axis.swift):
  /// in a horizontal scene a frame's `width` (its length along the scroll
  /// axis) is required, `stretch`'s and `pin`'s edges are `leading` and
  /// `trailing`, and `contentHeight` and `collapse`'s `minHeight` are
  /// refused; in any other (`axis` left out is vertical) a frame's
  /// `height` is required, and `layoutDirection`, `contentWidth` and
  /// `minWidth` are refused. `combine(scene, chain)` is the schema that
  /// applies the properties `scene` to the scene and `chain` to each chain.
  static func axisRule(
    _ combine: (_ scene: [JSONObject.Member], _ chain: [JSONObject.Member]) -> JSONValue
  ) -> JSONValue {
    func effectOf(_ types: [String], _ properties: [JSONObject.Member]) -> JSONValue {
      object([
        "if": object([
          "properties": object(["type": object(["enum": strings(types)])]),
          "required": strings(["type"]),
        ]),
        "then": object(["properties": .object(JSONObject(properties))]),
      ])
    }
    func chain(length: String, effect: [JSONValue]) -> [JSONObject.Member] {
      [
        .init(key: "frame", value: object(["required": strings([length])])),
        .init(key: "effects", value: object(["items": object(["allOf": .array(effect)])])),
      ]
    }
    let edges = object(["enum": strings(["leading", "trailing"])])
    let horizontal = combine(
      [.init(key: "contentHeight", value: .bool(false))],
      chain(
        length: "width",
        effect: [
          effectOf(SceneAxisReading.edgeReadingTypes, [.init(key: "edge", value: edges)]),
          effectOf(["collapse"], [.init(key: "minHeight", value: .bool(false))]),
        ]))
    let vertical = combine(
      [
        .init(key: "layoutDirection", value: .bool(false)),
        .init(key: "contentWidth", value: .bool(false)),
      ],
      chain(
        length: "height",
        effect: [effectOf(["collapse"], [.init(key: "minWidth", value: .bool(false))])]))
    return object([
      "if": object([
        "properties": object(["axis": object(["const": .string(ScrollAxis.horizontal.rawValue)])]),
        "required": strings(["axis"]),
      ]),
      "then": horizontal,
      "else": vertical,
    ])
  }

  /// `after` only on a chain attached to the content: it follows a chain
  /// down the content.
  static var afterRule: JSONValue {
    object([
      "if": object([
        "properties": object([
          "attachment": object(["const": .string(Attachment.viewport.rawValue)])
        ]),
        "required": strings(["attachment"]),
      ]),
      "then": object(["properties": object(["after": .bool(false)])]),
    ])
  }

  /// `pin`'s `"until": "next"` only on a repeated chain (one with
  /// `repeat`): the copies it pushes off one by one.
  static var untilNextRule: JSONValue {
    let untilNext = object([
      "properties": object([
        "type": object(["const": .string("pin")]), "until": object(["const": .string("next")]),
      ]),
      "required": strings(["type", "until"]),
    ])
    return object([
      "if": object(["not": object(["required": strings(["repeat"])])]),
      "then": object([
        "properties": object(["effects": object(["items": object(["not": untilNext])])])
      ]),
    ])
  }

  /// `range` and `timelineInset` (keys `keys`) only where `input` is
  /// `progress`, as the loader reads them.
  static func progressOnlyRule(_ keys: [String]) -> JSONValue {
    object([
      "if": object([
        "properties": object(["input": object(["const": .string(ScrollInput.progress.rawValue)])]),
        "required": strings(["input"]),
      ]),
      "else": object([
        "properties": .object(JSONObject(keys.map { .init(key: $0, value: .bool(false)) }))
      ]),
    ])
  }

  /// An object of `members` that also meets each of `rules`: the rules the
  /// loader applies across its keys, each an `if` of its own.
  static func withRules(_ members: [JSONObject.Member], _ rules: [JSONValue]) -> JSONValue {
    .object(JSONObject(members + [.init(key: "allOf", value: .array(rules))]))
  }

  static var viewport: JSONValue {
    closedObject(
      "The scroll view's size in points; a key left out keeps its default (an iPhone's).",
      [
        ("width", number(.positive, "The width in points.", default: Size.phone.width)),
        ("height", number(.positive, "The height in points.", default: Size.phone.height)),
      ])
  }

  static var contentInsets: JSONValue {
    closedObject(
      "The content insets in points (the safe area).",
      ["top", "bottom", "left", "right"].map { edge in
        (edge, number(.nonNegative, "The \(edge) inset in points.", default: 0))
      })
  }

  // MARK: - Chains

  /// The keys of a chain, in the order the loader reads them.
  static var chainKeys: [(key: String, schema: JSONValue)] {
    [
      (
        "name",
        object([
          "description": .string(
            "The chain's name, unique in the scene; without '[' or ']' (they name the copies of repeated chains)."
          ),
          "type": .string("string"),
          "pattern": .string("^[^\\[\\]]+$"),
        ])
      ),
      ("frame", reference("frame")),
      (
        "attachment",
        choice(
          Attachment.self,
          "What the view moves with: the content (it scrolls) or the viewport (an overlay).",
          default: .content)
      ),
      (
        "after",
        object([
          "description": .string(
            "The name of an earlier content-attached chain: frame.y is then measured from the bottom edge of its last copy (the gap, which may be negative), and the chain follows it."
          ),
          "type": .string("string"),
        ])
      ),
      ("zIndex", number(.finite, "The views' drawing order before any effect.", default: 0)),
      ("opacity", number(.unitInterval, "The views' opacity before any effect.", default: 1)),
      ("repeat", reference("repeat")),
      (
        "effects",
        object([
          "description": .string("The effects, applied in order."),
          "type": .string("array"),
          "items": reference("effect"),
        ])
      ),
      (
        "events",
        object([
          "description": .string(
            "Thresholds whose crossing the host reports; names unique in the chain."),
          "type": .string("array"),
          "items": reference("event"),
        ])
      ),
    ]
  }

  static var chain: JSONValue {
    let members = closedObjectMembers(
      "A chain: a view, or a repeated row of views, and its effects.", chainKeys,
      required: ["name", "frame"])
    return withRules(members, [untilNextRule, afterRule])
  }

  static var frame: JSONValue {
    let frame = closedObject(
      "The view's natural frame in points.",
      [
        ("x", number(.finite, "The left edge in points; left out, the left inset.")),
        (
          "y",
          number(
            .finite,
            "The top edge in points, in the content (or the viewport); with \"after\", the gap below that chain.",
            default: 0)
        ),
        (
          "width",
          number(
            .positive,
            "The width in points; left out, the viewport's less the left and right insets.")
        ),
        ("height", number(.positive, "The height in points.")),
      ])
    guard case .object(var members) = frame else { return frame }
    // The length along the scroll axis is required: the height in a
    // vertical scene, the width in a horizontal one. A frame asks for one
    // of them; the scene, which knows its axis, for which
    // (``axisRule(_:)``).
    members.members.insert(
      .init(
        key: "anyOf",
        value: .array([
          object(["required": strings(["height"])]), object(["required": strings(["width"])]),
        ])), at: members.members.count - 1)
    return .object(members)
  }

  static var repetition: JSONValue {
    let count = object([
      "description": .string("How many copies."),
      "type": .string("integer"),
      "minimum": .number(0),
      "maximum": .number(Double(SceneLoader.maximumRepeatCount)),
    ])
    return closedObject(
      "Copies of the chain down the content, each height + spacing below the last.",
      [
        ("count", count),
        ("spacing", number(.nonNegative, "The gap between copies in points.", default: 0)),
      ], required: ["count"])
  }

  static var event: JSONValue {
    let members = closedObjectMembers(
      "A threshold whose crossing the host reports.",
      [
        (
          "name",
          object([
            "description": .string("The event's name, unique in the chain."),
            "type": .string("string"),
            "minLength": .number(1),
          ])
        ),
        (
          "input",
          object([
            "description": .string("What is measured, after the chain's last effect."),
            "enum": strings(ScrollInput.allCases.map(\.rawValue) + pullAliases),
            "default": .string(ScrollInput.offset.rawValue),
          ])
        ),
        ("crosses", number(.finite, "The threshold, in the input's unit.")),
        (
          "direction",
          choice(ChainEvent.Direction.self, "The way the value must cross it.", default: .both)
        ),
        (ViewRange.parameter.key, timelineKey(ParameterDescriptor(ViewRange.parameter))),
        (TimelineInset.parameter.key, timelineKey(ParameterDescriptor(TimelineInset.parameter))),
      ], required: ["name", "crosses"])
    return withRules(
      members, [progressOnlyRule([ViewRange.parameter.key, TimelineInset.parameter.key])])
  }

  static var snap: JSONValue {
    let offsets = object([
      "description": .string("The offsets scrolling may rest at."),
      "type": .string("array"),
      "minItems": .number(1),
      "items": number(.finite, "An offset in points."),
    ])
    let chain = object([
      "description": .string("A repeated, content-attached chain whose copies scrolling rests at."),
      "type": .string("string"),
    ])
    let paging = object([
      "description": .string(
        "Every multiple of the snapport's length below maxOffset, and maxOffset (mandatory; never passes a page)."
      ),
      "type": .string("boolean"),
      "default": .bool(false),
    ])
    var members = closedObjectMembers(
      "Where scrolling comes to rest: offsets, the copies of a repeated chain, or pages.",
      [
        ("offsets", offsets),
        ("chain", chain),
        ("paging", paging),
        (
          "align",
          choice(
            ScrollSnap.Alignment.self, "Which edge of a copy is aligned (with \"chain\").",
            default: .start)
        ),
        (
          "mode",
          choice(
            ScrollSnap.Mode.self, "Whether it always snaps, or only when near.", default: .mandatory
          )
        ),
        (
          "proximity",
          number(
            .positive,
            "How near, in points (with \"mode\": \"proximity\"); by default a third of the snapport's height."
          )
        ),
        (
          "stop",
          choice(
            ScrollSnap.Stop.self,
            "Whether a release may pass a target (CSS scroll-snap-stop); paging is \"always\".",
            default: .normal)
        ),
      ])
    let pagingGiven = object([
      "required": strings(["paging"]),
      "properties": object(["paging": object(["const": .bool(true)])]),
    ])
    members.append(
      .init(
        key: "oneOf",
        value: .array([
          object(["required": strings(["offsets"])]), object(["required": strings(["chain"])]),
          pagingGiven,
        ])))
    members.append(.init(key: "if", value: pagingGiven))
    members.append(
      .init(
        key: "then",
        value: object([
          "properties": object([
            "mode": object(["const": .string(ScrollSnap.Mode.mandatory.rawValue)]),
            "stop": object(["const": .string(ScrollSnap.Stop.always.rawValue)]),
          ])
        ])))
    members.append(
      .init(
        key: "dependentSchemas",
        value: object([
          "align": object(["required": strings(["chain"])]),
          "proximity": object([
            "required": strings(["mode"]),
            "properties": object(["mode": object(["const": .string("proximity")])]),
          ]),
        ])))
    return .object(JSONObject(members))
  }

  // MARK: - Building blocks

  static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
    .object(JSONObject(members.map { JSONObject.Member(key: $0.key, value: $0.value) }))
  }

  static func strings(_ values: [String]) -> JSONValue {
    .array(values.map(JSONValue.string))
  }

  static func reference(_ definition: String) -> JSONValue {
    object(["$ref": .string("#/$defs/\(definition)")])
  }

  /// A number in `range` (or `null` when `nullable`).
  static func number(
    _ range: NumberRange, _ description: String, default defaultValue: Double? = nil,
    nullable: Bool = false
  ) -> JSONValue {
    var members = [JSONObject.Member(key: "description", value: .string(description))]
    members += numberConstraints(range, nullable: nullable)
    if let defaultValue { members.append(.init(key: "default", value: .number(defaultValue))) }
    return .object(JSONObject(members))
  }

  static func numberConstraints(_ range: NumberRange, nullable: Bool) -> [JSONObject.Member] {
    [
      .init(key: "type", value: nullable ? strings(["number", "null"]) : .string("number")),
      .init(key: range.excludesLower ? "exclusiveMinimum" : "minimum", value: .number(range.lower)),
      .init(key: "maximum", value: .number(range.upper)),
    ]
  }

  static func choice<Choice: RawRepresentable & CaseIterable>(
    _ type: Choice.Type, _ description: String, default defaultValue: Choice
  ) -> JSONValue where Choice.RawValue == String {
    object([
      "description": .string(description),
      "enum": strings(type.allCases.map(\.rawValue)),
      "default": .string(defaultValue.rawValue),
    ])
  }

  /// An object of `properties` and no other key.
  static func closedObject(
    _ description: String, _ properties: [(key: String, schema: JSONValue)],
    required: [String] = []
  ) -> JSONValue {
    .object(JSONObject(closedObjectMembers(description, properties, required: required)))
  }

  static func closedObjectMembers(
    _ description: String, _ properties: [(key: String, schema: JSONValue)],
    required: [String] = []
  ) -> [JSONObject.Member] {
    var members: [JSONObject.Member] = [
      .init(key: "description", value: .string(description)),
      .init(key: "type", value: .string("object")),
      .init(
        key: "properties",
        value: .object(JSONObject(properties.map { .init(key: $0.key, value: $0.schema) }))),
    ]
    if !required.isEmpty { members.append(.init(key: "required", value: strings(required))) }
    members.append(.init(key: "additionalProperties", value: .bool(false)))
    return members
  }
}
