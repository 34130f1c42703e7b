// The global spellings of the helpers that now live in namespaces, kept
// for effects written against them.

@available(*, deprecated, renamed: "MessageText.number(_:)")
public func formatNumber(_ value: Double) -> String { MessageText.number(value) }

@available(*, deprecated, renamed: "MessageText.quoted(_:limit:)")
public func quotedForMessage(_ text: String, limit: Int = 40) -> String {
  MessageText.quoted(text, limit: limit)
}

@available(*, deprecated, renamed: "MessageText.nearestName(to:in:)")
public func nearestName(to word: String, in candidates: [String]) -> String? {
  MessageText.nearestName(to: word, in: candidates)
}

@available(*, deprecated, renamed: "Saturation.limit")
public let saturationLimit = Saturation.limit

@available(*, deprecated, renamed: "Saturation.clamp(_:)")
@inlinable
public func saturated(_ value: Double) -> Double { Saturation.clamp(value) }

// MARK: - Parameters bound by key path (session 3's spelling)

/// A stored property bound to its ``EffectParameter``: how an effect
/// declared its parameters before ``ParameterList``, with an `init()` and
/// `static let parameterFields: [ParameterField<Self>]`. Such an effect
/// still compiles and reads its parameters as before (starting from
/// `init()`, each field written by its key path), with a deprecation
/// warning that names the new spelling.
///
/// A class: reading copies each field out of the list, and a copy is then one
/// reference count rather than one for each string of the descriptor.
public final class ParameterField<Effect>: ParameterDeclaration {
  public let descriptor: ParameterDescriptor
  @usableFromInline let readValue:
    @Sendable (_ effect: inout Effect, _ reader: inout ParameterReader) -> Void

  @available(
    *, deprecated,
    message:
      "declare `static let parameterList = ParameterList(Self.init(...), ...)` with the public memberwise init instead of parameterFields"
  )
  @inlinable public convenience init<Value>(
    _ property: WritableKeyPath<Effect, Value> & Sendable, _ parameter: EffectParameter<Value>
  ) {
    self.init(property: property, parameter)
  }

  /// The deprecated init's work, without the deprecation: what the tests
  /// of the old spelling call.
  @inlinable package init<Value>(
    property: WritableKeyPath<Effect, Value> & Sendable, _ parameter: EffectParameter<Value>
  ) {
    descriptor = ParameterDescriptor(parameter)
    readValue = { effect, reader in effect[keyPath: property] = reader.read(parameter) }
  }

  @inlinable public func read(into effect: inout Effect, from reader: inout ParameterReader) {
    readValue(&effect, &reader)
  }
}

extension ParameterList where Effect: ParameterizedEffect {
  /// The list of an effect that declares `init()` and `parameterFields`:
  /// reading starts from `init()` and writes each field in order.
  @available(*, deprecated, message: "use ParameterList(Self.init(...), ...)")
  public init(fields: [ParameterField<Effect>]) {
    self.init(legacyFields: fields)
  }

  /// ``init(fields:)`` without the deprecation: what the default
  /// `parameterList` of an effect of the old spelling is, and what its
  /// tests call.
  package init(legacyFields fields: [ParameterField<Effect>]) {
    self.init(
      fields,
      read: { reader in
        var effect = Effect()
        for field in fields { field.read(into: &effect, from: &reader) }
        return effect
      },
      defaults: { Effect() })
  }
}

extension ParameterizedEffect {
  /// No fields: an effect declares its ``ParameterList`` instead.
  public static var parameterFields: [ParameterField<Self>] { [] }

  /// The effect with every parameter at its default; an effect of the old
  /// spelling declares its own.
  public init() { self = Self.parameterList.defaults }

  /// The list made from `init()` and `parameterFields`, for an effect of the
  /// old spelling that declares no `parameterList` of its own.
  @available(
    *, deprecated,
    message:
      "declare `static let parameterList = ParameterList(Self.init(...), ...)` with the public memberwise init instead of init() and parameterFields"
  )
  public static var parameterList: ParameterList<Self> {
    ParameterList(legacyFields: parameterFields)
  }

  @available(*, deprecated, renamed: "init(parametersFrom:)")
  @inlinable public init(fieldsFrom reader: inout ParameterReader) {
    self.init(parametersFrom: &reader)
  }
}
