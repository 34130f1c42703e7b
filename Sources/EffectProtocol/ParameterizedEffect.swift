/// A declared parameter bound to the stored property of the effect that holds
/// it: what ``ParameterizedEffect`` reads and lists.
// A class: reading copies each field out of the list, and a copy is then one
// reference count rather than one for each string of the descriptor.
public final class ParameterField<Effect>: ParameterDeclaration {
  /// What `effectctl effects TYPE` prints about the parameter.
  public let descriptor: ParameterDescriptor
  /// Reads the parameter and stores it in the property.
  @usableFromInline let readValue:
    @Sendable (_ effect: inout Effect, _ reader: inout ParameterReader) -> Void

  /// `parameter`, read into `property`.
  // Inlinable so that the closure is specialised where the key path is a
  // literal, and the write is a plain store rather than a key path
  // application: it runs once per parameter of every effect loaded.
  @inlinable public init<Value>(
    _ property: WritableKeyPath<Effect, Value> & Sendable, _ parameter: EffectParameter<Value>
  ) {
    descriptor = ParameterDescriptor(parameter)
    readValue = { effect, reader in effect[keyPath: property] = reader.read(parameter) }
  }

  /// Reads the parameter from `reader` into `effect`.
  @inlinable public func read(into effect: inout Effect, from reader: inout ParameterReader) {
    readValue(&effect, &reader)
  }
}

/// An effect whose parameters are its own stored properties, each bound to its
/// declaration by a ``ParameterField``.
///
/// The effect writes its properties, a public memberwise init whose defaults
/// are the declarations' (`resistance: Double = Self.resistance.defaultValue`),
/// `init()` and the list of fields; reading (``init(from:)``) and the
/// descriptor's parameters (`parameters: parameterFields`) derive from the
/// list. An effect that checks a relation between parameters writes its own
/// `init(from:)` that calls ``init(fieldsFrom:)`` first.
///
/// The effect is its own `Parameters`: `StretchEffect(parameters: .init(resistance: 0.5))`
/// and `effect.parameters.resistance`, the spellings of the time when the
/// parameters were a struct of their own, still work.
public protocol ParameterizedEffect: ScrollEffect {
  /// The effect with every parameter at its declared default.
  init()

  /// Every parameter with the property that holds it, in the order the effect
  /// reads them and the descriptor lists them.
  static var parameterFields: [ParameterField<Self>] { get }
}

extension ParameterizedEffect {
  /// The effect's parameters: the effect itself.
  public typealias Parameters = Self

  /// Reads every field in order into an effect at its defaults, reporting
  /// problems to `reader`.
  // Inlinable, as the fields' reads are: specialised for each effect, loading
  // copies no field through generic value witnesses.
  @inlinable public init(fieldsFrom reader: inout ParameterReader) {
    self.init()
    for field in Self.parameterFields {
      field.read(into: &self, from: &reader)
    }
  }

  @inlinable public init(from reader: inout ParameterReader) {
    self.init(fieldsFrom: &reader)
  }

  /// The effect with `parameters`: the effect itself.
  @inlinable public init(parameters: Parameters) {
    self = parameters
  }

  /// The effect's parameters: the effect itself.
  @inlinable public var parameters: Parameters {
    get { self }
    set { self = newValue }
  }
}
