import EffectProtocol

// The schema's text: pretty-printed JSON whose bytes depend only on the
// document, so that the committed file can be compared with it byte for byte.
extension SceneSchema {
  /// Appends `value` to `text`: objects a member a line, arrays of scalars on
  /// one line, others an element a line; `indent` is the current line's.
  static func write(_ value: JSONValue, indent: String, to text: inout String) {
    switch value {
    case .null: text += "null"
    case .bool(let flag): text += flag ? "true" : "false"
    case .number(let number): text += MessageText.number(number)
    case .string(let string): writeString(string, to: &text)
    case .array(let elements):
      if elements.isEmpty {
        text += "[]"
      } else if elements.allSatisfy(\.isScalar) {
        text += "["
        for (index, element) in elements.enumerated() {
          if index > 0 { text += ", " }
          write(element, indent: indent, to: &text)
        }
        text += "]"
      } else {
        let inner = indent + "  "
        text += "[\n"
        for (index, element) in elements.enumerated() {
          text += inner
          write(element, indent: inner, to: &text)
          text += index == elements.count - 1 ? "\n" : ",\n"
        }
        text += indent + "]"
      }
    case .object(let object):
      guard !object.members.isEmpty else {
        text += "{}"
        return
      }
      let inner = indent + "  "
      text += "{\n"
      for (index, member) in object.members.enumerated() {
        text += inner
        writeString(member.key, to: &text)
        text += ": "
        write(member.value, indent: inner, to: &text)
        text += index == object.members.count - 1 ? "\n" : ",\n"
      }
      text += indent + "}"
    }
  }

  /// `string` as a JSON string.
  static func writeString(_ string: String, to text: inout String) {
    text += "\"" + JSONString.escaped(string) + "\""
  }
}

extension JSONValue {
  fileprivate var isScalar: Bool {
    switch self {
    case .array, .object: false
    case .null, .bool, .number, .string: true
    }
  }
}
