/// One parameter of an effect, declared once: its JSON key, default, allowed
/// values and unit, and summary.
///
/// The reader reads it (``ParameterReader/read(_:)``), the descriptor lists it
/// (``ParameterDescriptor/init(_:)``), and the init that sets the property
/// that holds it takes its default from ``defaultValue``, so none of them can
/// drift from the others. Declare a parameter as a static member of its
/// effect (and list it in the effect's ``ParameterList``, see
/// ``ParameterizedEffect``):
///
/// ```swift
/// static let resistance = EffectParameter.number(
///   "resistance", default: 1, in: .unitInterval, unit: .fraction,
///   summary: "the share of the overscroll that becomes stretch")
/// ```
public struct EffectParameter<Value: Sendable>: Sendable {
  /// The JSON key.
  public let key: String
  /// The allowed values and unit, as `effectctl effects TYPE` prints them:
  /// `fraction, 0 to 1`, `"top" or "bottom"`.
  public let values: String
  /// The value when the key is absent; for a required parameter, what reading
  /// gives after reporting it missing.
  public let defaultValue: Value
  /// The default as JSON text (`1`, `"top"`, `null`), or `required`.
  public let defaultText: String
  /// What the parameter does.
  public let summary: String
  /// The JSON values it takes, for tools that make valid values (random
  /// parameters for tests) or write its documentation.
  public let domain: ParameterDomain
  /// Reads the value of `key`, reporting problems; `defaultValue` when absent.
  @usableFromInline let decode:
    @Sendable (_ reader: inout ParameterReader, _ parameter: Self) -> Value

  /// A parameter read by `read`, for values the other declarations do not
  /// cover; `read` returns `defaultValue` (or a placeholder) after reporting a
  /// problem.
  public init(
    key: String, values: String, default defaultValue: Value, defaultText: String,
    summary: String, domain: ParameterDomain = .other,
    read: @escaping @Sendable (_ reader: inout ParameterReader, _ parameter: Self) -> Value
  ) {
    self.key = key
    self.values = values
    self.defaultValue = defaultValue
    self.defaultText = defaultText
    self.summary = summary
    self.domain = domain
    self.decode = read
  }

  /// The text of ``defaultText`` for a parameter that must be given.
  public static var requiredText: String { "required" }

  /// Whether the parameter must be given.
  public var isRequired: Bool { defaultText == Self.requiredText }

  /// Reads the parameter from `reader`.
  // Inlinable, as the reader's `read(_:)` is: a parameter list reads each
  // parameter where its type is known, through no generic metadata.
  @inlinable func read(from reader: inout ParameterReader) -> Value {
    decode(&reader, self)
  }
}

/// The JSON values a parameter takes, as its declaration states them.
public enum ParameterDomain: Sendable, Equatable {
  /// A number in the range.
  case number(NumberRange, unit: ParameterUnit)
  /// A number in the range, or `null`.
  case optionalNumber(NumberRange, unit: ParameterUnit)
  /// `true` or `false`.
  case bool
  /// One of these strings: a choice's raw values, then any other
  /// spellings of them the reader takes (`pullStart` for `pull`).
  case choice([String])
  /// Values read by the declaration's own code (stops, an easing), which only
  /// its description states.
  case other
}

/// The unit of a number parameter, as its description names it.
public struct ParameterUnit: Sendable, Equatable {
  /// `points`, `fraction`.
  public var name: String

  /// A unit named `name`, as a parameter's description prints it.
  public init(_ name: String) {
    self.name = name
  }

  /// Lengths and positions in the viewport, points.
  public static let points = ParameterUnit("points")
  /// A share of something, usually 0 to 1.
  public static let fraction = ParameterUnit("fraction")
  /// A multiplier without unit.
  public static let factor = ParameterUnit("factor")
  /// A position in content coordinates.
  public static let contentY = ParameterUnit("content y in points")
  /// A scroll offset.
  public static let offset = ParameterUnit("offset in points")
}

extension NumberRange {
  /// How the range reads in a parameter's description: `0 to 1`, `0 or more`,
  /// `greater than 0`, `any from -1e9 to 1e9`.
  public var summary: String {
    let limit = NumberRange.limit
    switch (lower, upper, excludesLower) {
    case (-limit, limit, false): return "any from -1e9 to 1e9"
    case (_, limit, false): return "\(MessageText.number(lower)) or more"
    case (_, limit, true): return "greater than \(MessageText.number(lower))"
    case (_, _, false): return "\(MessageText.number(lower)) to \(MessageText.number(upper))"
    case (_, _, true):
      return "greater than \(MessageText.number(lower)), at most \(MessageText.number(upper))"
    }
  }
}

extension EffectParameter where Value == Double {
  /// A number in `range`, `defaultValue` when absent.
  public static func number(
    _ key: String, default defaultValue: Double, in range: NumberRange, unit: ParameterUnit,
    summary: String
  ) -> Self {
    Self(
      key: key, values: "\(unit.name), \(range.summary)", default: defaultValue,
      defaultText: MessageText.number(defaultValue), summary: summary,
      domain: .number(range, unit: unit)
    ) { reader, parameter in
      reader.number(parameter.key, default: parameter.defaultValue, in: range)
    }
  }
}

extension EffectParameter where Value == Double? {
  /// A number in `range` or `null`, the default.
  public static func optionalNumber(
    _ key: String, in range: NumberRange, unit: ParameterUnit, summary: String
  ) -> Self {
    Self(
      key: key, values: "\(unit.name), \(range.summary), or null", default: nil,
      defaultText: "null", summary: summary, domain: .optionalNumber(range, unit: unit)
    ) { reader, parameter in
      reader.optionalNumber(parameter.key, in: range)
    }
  }
}

extension EffectParameter where Value == Bool {
  /// `true` or `false`, `defaultValue` when absent.
  public static func bool(_ key: String, default defaultValue: Bool, summary: String) -> Self {
    Self(
      key: key, values: "true or false", default: defaultValue,
      defaultText: defaultValue ? "true" : "false", summary: summary, domain: .bool
    ) { reader, parameter in
      reader.bool(parameter.key, default: parameter.defaultValue)
    }
  }
}

extension EffectParameter where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
  /// One of `Value`'s raw values, `defaultValue` when absent.
  public static func choice(_ key: String, default defaultValue: Value, summary: String) -> Self {
    Self(
      key: key, values: ParameterReader.describeChoices(Value.self), default: defaultValue,
      defaultText: "\"\(defaultValue.rawValue)\"", summary: summary,
      domain: .choice(ParameterReader.spellings(of: Value.self))
    ) { reader, parameter in
      reader.choice(parameter.key, default: parameter.defaultValue)
    }
  }
}

extension EffectParameter {
  /// One of `Choice`'s raw values, required: `nil` after reporting it missing
  /// or invalid.
  public static func requiredChoice<Choice: RawRepresentable & CaseIterable>(
    _ key: String, summary: String
  ) -> Self where Value == Choice?, Choice.RawValue == String {
    let expected = ParameterReader.describeChoices(Choice.self)
    return Self(
      key: key, values: expected, default: nil, defaultText: requiredText, summary: summary,
      domain: .choice(ParameterReader.spellings(of: Choice.self))
    ) { reader, parameter in
      guard let value = reader.value(parameter.key) else {
        reader.report(.missingKey(expected: expected), at: parameter.key)
        return nil
      }
      guard case .string(let name) = value,
        let choice = ParameterReader.choice(named: name, Choice.self)
      else {
        reader.report(ParameterReader.choiceProblem(found: value, Choice.self), at: parameter.key)
        return nil
      }
      return choice
    }
  }
}

extension ParameterReader {
  /// The value of `parameter`, reported when wrong; its default when absent.
  @inlinable public mutating func read<Value>(_ parameter: EffectParameter<Value>) -> Value {
    parameter.read(from: &self)
  }
}

extension ParameterDescriptor {
  /// The descriptor of a declared parameter.
  public init<Value>(_ parameter: EffectParameter<Value>) {
    self.init(
      name: parameter.key, values: parameter.values, defaultValue: parameter.defaultText,
      summary: parameter.summary, domain: parameter.domain)
  }
}

/// A declared parameter of any value type, for lists of them.
public protocol ParameterDeclaration: Sendable {
  /// What `effectctl effects TYPE` prints about it.
  var descriptor: ParameterDescriptor { get }
  /// The JSON values it takes; `.other` unless the declaration says.
  var domain: ParameterDomain { get }
}

extension ParameterDeclaration {
  /// ``ParameterDomain/other``: the declaration leaves its values to its
  /// description.
  public var domain: ParameterDomain { .other }
}

extension EffectParameter: ParameterDeclaration {
  /// The parameter's key, values, default text, summary and domain, as
  /// `effectctl effects TYPE` prints them.
  public var descriptor: ParameterDescriptor { ParameterDescriptor(self) }
}

extension EffectDescriptor {
  /// A descriptor whose parameters are `parameters`' declarations, in the
  /// order the effect reads them.
  // Disfavoured so that `parameters: []` still means the descriptors' init,
  // as it did before declarations existed (swift-argument-parser's device).
  @_disfavoredOverload
  public init(
    typeName: String, summary: String, discussion: String,
    parameters: [any ParameterDeclaration], examples: [EffectExample],
    defaultReducedMotion: String = "keep"
  ) {
    self.init(
      typeName: typeName, summary: summary, discussion: discussion,
      parameters: parameters.map(\.descriptor), examples: examples,
      defaultReducedMotion: defaultReducedMotion)
  }
}
