/// The allowed values of a number parameter, and how an error message says so.
///
/// Every range is finite: outputs stay finite only when parameters are, so
/// lengths, factors and stops are bounded by ``limit`` (far beyond any screen).
public struct NumberRange: Sendable, Equatable {
  /// The lower bound, included unless ``excludesLower``.
  public var lower: Double
  /// The upper bound, included.
  public var upper: Double
  /// Whether `lower` itself is excluded (`positive`).
  public var excludesLower: Bool
  /// How the range reads after "expected": `a number from 0 to 1`.
  public var description: String

  /// Makes the range from `lower` (excluded when `excludesLower`) to `upper`
  /// (included), read as `description` after "expected".
  public init(lower: Double, upper: Double, excludesLower: Bool = false, description: String) {
    self.lower = lower
    self.upper = upper
    self.excludesLower = excludesLower
    self.description = description
  }

  /// The largest magnitude a parameter may have: 1e9.
  public static let limit = 1e9

  /// Any number of magnitude at most 1e9.
  public static let finite = NumberRange(
    lower: -limit, upper: limit, description: "a number from -1e9 to 1e9")
  /// 0 or more, at most 1e9.
  public static let nonNegative = NumberRange(
    lower: 0, upper: limit, description: "a number from 0 to 1e9")
  /// More than 0, at most 1e9.
  public static let positive = NumberRange(
    lower: 0, upper: limit, excludesLower: true,
    description: "a number greater than 0 (at most 1e9)")
  /// 0...1.
  public static let unitInterval = NumberRange(
    lower: 0, upper: 1, description: "a number from 0 to 1")

  /// `lower...upper`, described as `a number from lower to upper`.
  public static func closed(_ lower: Double, _ upper: Double) -> NumberRange {
    NumberRange(
      lower: lower, upper: upper,
      description: "a number from \(MessageText.number(lower)) to \(MessageText.number(upper))")
  }

  /// Whether `value` is in the range: at most `upper`, and at least `lower` (above
  /// it when ``excludesLower``). NaN is in no range.
  public func contains(_ value: Double) -> Bool {
    (excludesLower ? value > lower : value >= lower) && value <= upper
  }
}

/// Reads the members of one JSON object strictly, collecting every problem.
///
/// Each read names a key, its type and its default; a value of the wrong type
/// or out of range is reported with its JSON path and the default is returned
/// so reading goes on and every problem of a file is found in one pass.
/// ``finish()`` reports the keys that nothing read (with the nearest valid
/// key) and keys given twice. Effects read their parameters with it in
/// ``ScrollEffect/init(from:)``; the scene loader reads scenes with it.
///
/// A reader keeps at most ``maximumDiagnosticCount`` + 1 problems: a hostile
/// file can hold millions, and the one beyond the limit is enough to say that
/// there are more (``isFull``).
public struct ParameterReader: Sendable {
  /// The most problems reported for one file.
  public static let maximumDiagnosticCount = 1000

  /// The object's path in its document.
  public let path: JSONPath
  /// What the object is, for messages: `effect "stretch"`, `a chain`.
  public let owner: String
  /// The object being read.
  public let object: JSONObject
  /// Problems found so far.
  public private(set) var diagnostics: [SceneDiagnostic] = []
  /// The keys read so far, in order: the object's valid keys.
  public private(set) var readKeys: [String] = []
  /// Keys that another problem reported already: ``finish()`` does not
  /// report them as unknown, nor lists them as valid.
  package private(set) var coveredKeys: Set<String> = []

  /// A reader of `object` at `path`; keys in `alreadyRead` count as valid.
  public init(object: JSONObject, path: JSONPath, owner: String, alreadyRead: [String] = []) {
    self.object = object
    self.path = path
    self.owner = owner
    self.readKeys = alreadyRead
  }

  /// Whether any problem was reported.
  public var hasProblems: Bool { !diagnostics.isEmpty }

  /// Whether more than ``maximumDiagnosticCount`` problems were reported, so
  /// that reading on would find nothing that is shown.
  public var isFull: Bool { diagnostics.count > Self.maximumDiagnosticCount }

  /// The path of `key` in this object.
  public func path(of key: String) -> JSONPath { path.appending(key) }

  /// Reports a problem at `key` (or at the object itself for `nil`).
  public mutating func report(_ problem: SceneDiagnostic.Problem, at key: String? = nil) {
    guard !isFull else { return }
    diagnostics.append(SceneDiagnostic(path: key.map(path.appending) ?? path, problem: problem))
  }

  /// Adds problems found elsewhere, e.g. by a reader of a nested object.
  public mutating func report(contentsOf other: [SceneDiagnostic]) {
    let room = Self.maximumDiagnosticCount + 1 - diagnostics.count
    if room > 0 { diagnostics.append(contentsOf: other.prefix(room)) }
  }

  /// The problems reported, at most ``maximumDiagnosticCount`` of them,
  /// followed by a note when there were more.
  public var reportedDiagnostics: [SceneDiagnostic] {
    guard isFull else { return diagnostics }
    return Array(diagnostics.prefix(Self.maximumDiagnosticCount)) + [
      SceneDiagnostic(path: path, problem: .tooManyProblems(limit: Self.maximumDiagnosticCount))
    ]
  }

  /// The raw value of `key`, marking the key as valid; `nil` when absent.
  public mutating func value(_ key: String) -> JSONValue? {
    if !readKeys.contains(key) { readKeys.append(key) }
    return object[key]
  }

  /// A number in `range`, or `defaultValue` when the key is absent.
  public mutating func number(
    _ key: String, default defaultValue: Double, in range: NumberRange = .finite
  ) -> Double {
    guard let value = value(key) else { return defaultValue }
    return checkedNumber(value, at: key, in: range) ?? defaultValue
  }

  /// A number in `range`, or `nil` when the key is absent or `null`.
  public mutating func optionalNumber(_ key: String, in range: NumberRange = .finite) -> Double? {
    guard let value = value(key), value != .null else { return nil }
    return checkedNumber(value, at: key, in: range, nullable: true)
  }

  /// A number in `range` that must be present; `nil` after reporting when not.
  public mutating func requiredNumber(_ key: String, in range: NumberRange = .finite) -> Double? {
    guard let value = value(key) else {
      report(.missingKey(expected: range.description), at: key)
      return nil
    }
    return checkedNumber(value, at: key, in: range)
  }

  /// A whole number in `range`, or `defaultValue` when the key is absent.
  ///
  /// The number is converted exactly and then compared as an `Int`: bounds
  /// converted to `Double` round (`Double(Int.max)` is 2^63, one more than
  /// `Int.max`), so a range reaching `Int.max` would let 2^63 through.
  public mutating func integer(
    _ key: String, default defaultValue: Int, in range: ClosedRange<Int>
  ) -> Int {
    guard let value = value(key) else { return defaultValue }
    let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
    guard case .number(let number) = value, let whole = Int(exactly: number),
      range.contains(whole)
    else {
      report(.mismatch(expected: expected, found: value), at: key)
      return defaultValue
    }
    return whole
  }

  /// `true` or `false`, or `defaultValue` when the key is absent.
  public mutating func bool(_ key: String, default defaultValue: Bool) -> Bool {
    guard let value = value(key) else { return defaultValue }
    guard case .bool(let flag) = value else {
      report(.mismatch(expected: "true or false", found: value), at: key)
      return defaultValue
    }
    return flag
  }

  /// A string, or `nil` when absent (and, when `required`, reported).
  public mutating func string(_ key: String, required: Bool = false, expected: String = "a string")
    -> String?
  {
    guard let value = value(key) else {
      if required { report(.missingKey(expected: expected), at: key) }
      return nil
    }
    guard case .string(let text) = value else {
      report(.mismatch(expected: expected, found: value), at: key)
      return nil
    }
    return text
  }

  /// One of a string enumeration's raw values, or `defaultValue` when absent;
  /// a string near a valid one is reported with it ("did you mean").
  public mutating func choice<Choice: RawRepresentable & CaseIterable>(
    _ key: String, default defaultValue: Choice
  ) -> Choice where Choice.RawValue == String {
    guard let value = value(key) else { return defaultValue }
    if case .string(let text) = value, let choice = Self.choice(named: text, Choice.self) {
      return choice
    }
    report(Self.choiceProblem(found: value, Choice.self), at: key)
    return defaultValue
  }

  /// The choice `text` spells: its raw value, or another spelling of it
  /// (``AliasedChoice``).
  package static func choice<Choice: RawRepresentable & CaseIterable>(
    named text: String, _: Choice.Type
  ) -> Choice? where Choice.RawValue == String {
    if let choice = Choice(rawValue: text) { return choice }
    guard
      let meaning = (Choice.self as? any AliasedChoice.Type)?.aliases.first(where: {
        $0.alias == text
      })?.meaning
    else { return nil }
    return Choice(rawValue: meaning)
  }

  /// Every spelling a choice of `type` is read from: the raw values, then
  /// the other spellings (``AliasedChoice``).
  package static func spellings<Choice: RawRepresentable & CaseIterable>(
    of type: Choice.Type
  ) -> [String] where Choice.RawValue == String {
    type.allCases.map(\.rawValue) + ((type as? any AliasedChoice.Type)?.aliases.map(\.alias) ?? [])
  }

  /// What is wrong with `found` where one of `Choice`'s raw values was
  /// expected: a ``SceneDiagnostic/Problem/nearMiss(expected:found:suggestion:)``
  /// when it is a string near one of them (`"botom"` for `"bottom"`), else a
  /// ``SceneDiagnostic/Problem/mismatch(expected:found:)``.
  package static func choiceProblem<Choice: RawRepresentable & CaseIterable>(
    found: JSONValue, _ type: Choice.Type
  ) -> SceneDiagnostic.Problem where Choice.RawValue == String {
    let expected = describeChoices(type)
    if case .string(let text) = found,
      let suggestion = MessageText.nearestName(to: text, in: spellings(of: type))
    {
      return .nearMiss(expected: expected, found: found, suggestion: suggestion)
    }
    return .mismatch(expected: expected, found: found)
  }

  /// `"a" or "b"`, `"a", "b" or "c"`.
  public static func describeChoices<Choice: RawRepresentable & CaseIterable>(
    _ type: Choice.Type
  ) -> String where Choice.RawValue == String {
    let aliases = (type as? any AliasedChoice.Type)?.aliases ?? []
    let names = type.allCases.map { choice in
      let other = aliases.filter { $0.meaning == choice.rawValue }.map { "\"\($0.alias)\"" }
      return "\"\(choice.rawValue)\""
        + (other.isEmpty ? "" : " (or \(other.joined(separator: ", ")))")
    }
    guard names.count > 1 else { return names.first ?? "nothing" }
    return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
  }

  /// Leaves `keys` out of ``finish()``'s unknown keys: a problem already
  /// reported names them (a top level of a chain's keys, without `effects`).
  package mutating func cover(_ keys: some Sequence<String>) {
    coveredKeys.formUnion(keys)
  }

  /// Reports keys that nothing read and keys given more than once.
  public mutating func finish() {
    var seen: Set<String> = []
    for member in object.members {
      if isFull { return }
      if !seen.insert(member.key).inserted {
        report(.duplicateKey, at: member.key)
      } else if !readKeys.contains(member.key) && !coveredKeys.contains(member.key) {
        let suggestion = MessageText.nearestName(to: member.key, in: readKeys)
        // A required key misspelt (`"heigth"`) is reported once, as the
        // unknown key and its "did you mean", not also as missing.
        if let suggestion {
          let missing = path(of: suggestion)
          diagnostics.removeAll {
            if case .missingKey = $0.problem { $0.path == missing } else { false }
          }
        }
        report(
          .unknownKey(owner: owner, suggestion: suggestion, valid: readKeys), at: member.key)
      }
    }
  }

  private mutating func checkedNumber(
    _ value: JSONValue, at key: String, in range: NumberRange, nullable: Bool = false
  ) -> Double? {
    guard case .number(let number) = value, range.contains(number) else {
      let expected = nullable ? "\(range.description) or null" : range.description
      report(.mismatch(expected: expected, found: value), at: key)
      return nil
    }
    return number
  }
}

/// A choice that a scene file may also spell another way (`pullStart` for
/// `pull`): ``ParameterReader/choice(_:default:)`` reads each spelling as
/// its choice, and a problem lists the other spellings beside their
/// choices and suggests them.
package protocol AliasedChoice {
  /// Each other spelling and the raw value it means.
  static var aliases: [(alias: String, meaning: String)] { get }
}
