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
    case .number(let value): "the number \(formatNumber(value))"
    case .string(let value):
      value.count > 40 ? "the string \"\(value.prefix(40))…\"" : "the string \"\(value)\""
    case .array(let values): values.isEmpty ? "an empty array" : "an array"
    case .object: "an object"
    }
  }
}

/// The members of a JSON object, in file order.
public struct JSONObject: Sendable, Equatable {
  public struct Member: Sendable, Equatable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  public var members: [Member]

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

  public var keys: [String] { members.map(\.key) }
}

/// Formats a number for people: integers without a fraction (`400`, `-0` as
/// `0`), others in the shortest form that reads back to the same Double.
public func formatNumber(_ value: Double) -> String {
  if value == 0 { return "0" }
  if value == value.rounded(), abs(value) < 1e15 {
    return String(Int64(value))
  }
  return "\(value)"
}
