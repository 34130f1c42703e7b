/// A parsed JSON value. Objects keep their members in file order, duplicates
/// included, so that readers can report them.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  /// How the value reads in an error message: `the string "fast"`, `2`,
  /// `an array`.
  public var errorDescription: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let value): "the number \(MessageText.number(value))"
    case .string(let value): "the string \(MessageText.quoted(value))"
    case .array(let values): values.isEmpty ? "an empty array" : "an array"
    case .object: "an object"
    }
  }
}

/// The members of a JSON object, in file order.
public struct JSONObject: Sendable, Equatable {
  /// One member of an object: a key and its value.
  public struct Member: Sendable, Equatable {
    /// The member's name, escapes decoded.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Makes a member named `key` holding `value`.
    public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The members in file order, duplicate keys included.
  public var members: [Member]

  /// Makes an object of `members`, in the given order; empty by default.
  public init(_ members: [Member] = []) {
    self.members = members
  }

  /// The value of the first member named `key`.
  public subscript(key: String) -> JSONValue? {
    for member in members where member.key == key {
      return member.value
    }
    return nil
  }

  /// The members' names in file order, duplicates included.
  public var keys: [String] { members.map(\.key) }
}

extension MessageText {
  /// Formats a number for people: integers without a fraction (`400`, `-0` as
  /// `0`), others in the shortest form that reads back to the same Double.
  public static func number(_ value: Double) -> String {
    if value == 0 { return "0" }
    // Every integer below 2^63 in magnitude converts exactly: no `.0`, as
    // `1000000000000000.0` would be written.
    if value == value.rounded(), abs(value) < 9.2e18 {
      return String(Int64(value))
    }
    return "\(value)"
  }
}

extension MessageText {
  /// `text` in double quotes for an error message, as JSON would write it:
  /// quotes, backslashes and control characters escaped (`"a\\nb"`), so that a
  /// message stays on one line whatever a file holds; longer than `limit`
  /// characters, it is cut and ends in `…`.
  public static func quoted(_ text: String, limit: Int = 40) -> String {
    var result = "\""
    var count = 0
    for character in text {
      if count == limit {
        result += "…"
        break
      }
      count += 1
      for scalar in character.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        default: appendEscapingUnsafe(scalar, to: &result)
        }
      }
    }
    return result + "\""
  }
}

extension MessageText {
  /// `names` for a list in an error message: at most `limit` of them, each
  /// cut at 40 characters (ending in `…`) and with what could break a line
  /// escaped, joined by commas, and `, …` when there are more: a message
  /// stays one short line whatever names a file holds.
  package static func names(_ names: [String], limit: Int = 10) -> String {
    let shown = names.prefix(limit).map { name in
      escapingUnsafe(String(name.prefix(40))) + (name.count > 40 ? "…" : "")
    }
    return shown.joined(separator: ", ") + (names.count > limit ? ", …" : "")
  }
}

extension MessageText {
  /// `text` with every scalar that could break or disguise a line of output
  /// (see ``Unicode/Scalar/isUnsafeInMessage``) written as an escape (`\n`,
  /// `\r`, `\t`, `\u001B`), the rest as it is: a name in a table, one line
  /// a row.
  package static func escapingUnsafe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: \.isUnsafeInMessage) else { return text }
    var result = ""
    for scalar in text.unicodeScalars { appendEscapingUnsafe(scalar, to: &result) }
    return result
  }
}

/// Appends `scalar`, or its escape when it is unsafe in a line of output.
private func appendEscapingUnsafe(_ scalar: Unicode.Scalar, to result: inout String) {
  switch scalar {
  case "\n": result += "\\n"
  case "\r": result += "\\r"
  case "\t": result += "\\t"
  default:
    if scalar.isUnsafeInMessage {
      result += "\\u" + MessageText.hex(scalar.value, count: 4)
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
}

extension Unicode.Scalar {
  /// Whether printing the scalar raw could break or disguise a message line:
  /// control characters, line and paragraph separators, invisible format
  /// characters such as bidirectional overrides, and every space but U+0020
  /// (a no-break space reads as a space but is another name).
  package var isUnsafeInMessage: Bool {
    switch properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: true
    case .spaceSeparator: self != " "
    default: false
    }
  }
}

extension MessageText {
  /// `value` in upper-case hexadecimal, zero-padded to `count` digits.
  package static func hex(_ value: UInt32, count: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, count - digits.count)) + digits
  }
}

/// The text helpers that messages share: numbers as people read them, names
/// quoted and escaped so that a message stays one honest line, and (in
/// EffectProtocol) the nearest name for a "did you mean".
public enum MessageText {}
