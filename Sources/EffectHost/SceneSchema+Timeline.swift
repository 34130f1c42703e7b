import EffectProtocol
import Effects

// The string forms of easings, view ranges and timeline insets, as patterns:
// the schema says which texts the loader takes, not only that they are strings.
extension SceneSchema {
  /// CSS whitespace, any amount.
  private static let space = "[ \\t\\n\\r\\f]*"
  /// A CSS `<number>`.
  private static let number = "[+-]?(?:[0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?"

  /// CSS `<easing-function>` text: the keywords, `cubic-bezier(...)`,
  /// `steps(...)` and `linear(...)`.
  static var easingTextPattern: String {
    let s = space
    let n = number
    let percentage = "\(n)%"
    let keywords = "linear|ease|ease-in|ease-out|ease-in-out|step-start|step-end"
    let bezier = "cubic-bezier\\(\(s)\(n)\(s),\(s)\(n)\(s),\(s)\(n)\(s),\(s)\(n)\(s)\\)"
    let positions = "jump-start|jump-end|jump-none|jump-both|start|end"
    let steps = "steps\\(\(s)\\+?[0-9]+\(s)(?:,\(s)(?:\(positions))\(s))?\\)"
    let stop =
      "(?:\(n)(?:[ \\t\\n\\r\\f]+\(percentage)){0,2}|\(percentage)(?:[ \\t\\n\\r\\f]+\(percentage))?"
      + "[ \\t\\n\\r\\f]+\(n))"
    let linear = "linear\\(\(s)\(stop)\(s)(?:,\(s)\(stop)\(s))+\\)"
    return "^\(s)(?:\(keywords)|\(bezier)|\(steps)|\(linear))\(s)$"
  }

  /// A view range: one or two parts, each a name optionally followed by an
  /// offset.
  static var rangePattern: String {
    let names = ViewRange.Name.allCases.map(\.rawValue).joined(separator: "|")
    let part = "(?:\(names))(?:[ \\t\\n\\r\\f]+\(number)(?:%|px))?"
    return "^\(space)\(part)(?:[ \\t\\n\\r\\f]+\(part))?\(space)$"
  }

  /// The schema of a `range` value.
  static var rangeMembers: [JSONObject.Member] {
    [
      .init(key: "type", value: .string("string")),
      .init(key: "pattern", value: .string(rangePattern)),
    ]
  }

  /// The schema of a `timelineInset` value: one side for both ends, or
  /// `[start, end]`.
  static var timelineInsetMembers: [JSONObject.Member] {
    let side = object([
      "anyOf": .array([
        .object(JSONObject(numberConstraints(.finite, nullable: false))),
        object([
          "type": .string("string"),
          "pattern": .string("^\(space)(?:auto|\(number)%)\(space)$"),
        ]),
      ])
    ])
    let pair = object([
      "type": .string("array"),
      "prefixItems": .array([side, side]),
      "minItems": .number(2),
      "maxItems": .number(2),
    ])
    return [.init(key: "anyOf", value: .array([side, pair]))]
  }

  /// An event's or an effect's `range` or `timelineInset` with its
  /// description and default, as a parameter's schema shows it.
  static func timelineKey(_ descriptor: ParameterDescriptor) -> JSONValue {
    parameter(
      descriptor,
      written: descriptor.name == ViewRange.parameter.key ? rangeMembers : timelineInsetMembers,
      readsEdges: false)
  }
}
