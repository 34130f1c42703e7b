/// Why the text given for an option or argument was refused: what follows
/// `The value 'x' is invalid for '--offsets <spec>'` in the message.
public struct InvalidValue: Error, Sendable, Equatable {
  /// `: reason`, or `. Did you mean ...? Expected ...` for a choice.
  public let detail: String
  /// Whether the value is well formed and only its parts contradict each
  /// other (``inconsistent(_:)``): such a refusal is reported after every
  /// other option's value is read, so that a misspelt value elsewhere on
  /// the line is reported first.
  public var isInconsistency = false

  public init(detail: String) {
    self.detail = detail
  }

  /// `: reason`.
  public static func because(_ reason: String) -> InvalidValue {
    InvalidValue(detail: ": " + reason)
  }

  /// `: reason`, for a value whose parts are each well formed but do not go
  /// together (a gesture that releases a finger that is up).
  public static func inconsistent(_ reason: String) -> InvalidValue {
    var value = InvalidValue(detail: ": " + reason)
    value.isInconsistency = true
    return value
  }
}

/// A type an option's or argument's text is read into.
public protocol ArgumentValue: Sendable {
  /// Reads `text`, or says why it is not a value.
  init(argument text: String) throws(InvalidValue)
}

/// A value that is one of its cases, named by raw value: its help lists the
/// cases, a wrong name gets "did you mean" and the list of cases. Adding a
/// case adds it to both.
public protocol ChoiceValue: ArgumentValue, CaseIterable, RawRepresentable<String>
where AllCases: Collection {
  /// What the case means, in a few words for help: `an array of row objects`.
  var summary: String { get }
}

extension ChoiceValue {
  public init(argument text: String) throws(InvalidValue) {
    if let value = Self(rawValue: text) {
      self = value
      return
    }
    let names = Self.allCases.map(\.rawValue)
    let hint = UsageError.suggestion(text, in: names).map { " " + $0 } ?? ""
    throw InvalidValue(detail: ".\(hint) Expected one of \(Self.listed(names.map { "'\($0)'" }))")
  }

  /// `table (aligned), json (an array of row objects) or csv (a header line
  /// first). (default: table)`, wrapped to `width` characters a line.
  public static func help(default defaultValue: Self?, width: Int = 54) -> [String] {
    var text = listed(Self.allCases.map { "\($0.rawValue) (\($0.summary))" }) + "."
    if let defaultValue { text += " (default: \(defaultValue.rawValue))" }
    return wrapped(text, width: width)
  }

  /// `a, b or c`.
  static func listed(_ items: [String]) -> String {
    guard let last = items.last else { return "" }
    let rest = items.dropLast()
    return rest.isEmpty ? last : rest.joined(separator: ", ") + " or " + last
  }
}

/// `text` broken into lines of at most `width` characters at spaces (a word
/// longer than that gets a line of its own).
func wrapped(_ text: String, width: Int) -> [String] {
  var lines: [String] = []
  var line = ""
  for word in text.split(separator: " ") {
    if !line.isEmpty, line.count + 1 + word.count > width {
      lines.append(line)
      line = ""
    }
    line += (line.isEmpty ? "" : " ") + word
  }
  if !line.isEmpty { lines.append(line) }
  return lines
}

/// How the text of an option or argument becomes its value.
public struct ValueReader<Value>: Sendable {
  public let read: @Sendable (String) throws(InvalidValue) -> Value

  public init(_ read: @escaping @Sendable (String) throws(InvalidValue) -> Value) {
    self.read = read
  }

  /// Text as given: a chain name.
  public static var text: ValueReader<String> { ValueReader<String> { $0 } }

  /// A file's path as given, or `-`: an empty text names no file, and is
  /// refused here, as the option's value, rather than as a file that is
  /// not there.
  public static var path: ValueReader<String> {
    ValueReader<String> { (text) throws(InvalidValue) -> String in
      guard !text.isEmpty else { throw .because("expected a file's path, found an empty text") }
      return text
    }
  }

  /// A whole number of `noun` (`frames`), `minimum` or more, written in
  /// decimal digits only: `10000`, not `+1e4` or `1.5`; more than `Int.max`
  /// is refused as too large, with the limit.
  public static func count(of noun: String, atLeast minimum: Int) -> ValueReader<Int> {
    ValueReader<Int> { (text) throws(InvalidValue) -> Int in
      let isDigits = !text.isEmpty && text.allSatisfy { $0 >= "0" && $0 <= "9" }
      if isDigits && Int(text) == nil {
        throw .because(
          "the number is too large; expected a whole number of \(noun) from \(minimum) to \(Int.max)"
        )
      }
      guard isDigits, let value = Int(text), value >= minimum else {
        throw .because("expected a whole number of \(noun), \(minimum) or more")
      }
      return value
    }
  }
}

extension ValueReader where Value: ArgumentValue {
  /// The type's own reading.
  public static var standard: ValueReader<Value> {
    ValueReader { (text) throws(InvalidValue) -> Value in try Value(argument: text) }
  }
}

extension String: ArgumentValue {
  /// Text as given: a scene path, a chain name.
  public init(argument text: String) {
    self = text
  }
}

extension OffsetSpec: ArgumentValue {
  /// Reads an `--offsets` value; the reason names what was expected.
  public init(argument text: String) throws(InvalidValue) {
    do {
      try self.init(parsing: text)
    } catch {
      throw .because(error.description)
    }
  }
}

extension RowFormat: ChoiceValue {}
