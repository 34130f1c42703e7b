/// An effect's declared parameters, in order, with the memberwise init that
/// makes the effect of their values: what ``ParameterizedEffect`` reads and
/// the descriptor lists.
///
/// ```swift
/// public static let parameterList = ParameterList(Self.init(edge:inset:until:), edge, inset, until)
/// ```
///
/// The init's parameters take the declarations' values in order, and the
/// compiler checks that their types match; reading calls the init with each
/// declaration read from the JSON object, and ``defaults`` with each
/// declaration's default.
public struct ParameterList<Effect>: Sendable {
  /// Every parameter's declaration, in order.
  public let declarations: [any ParameterDeclaration]
  /// What `effectctl effects TYPE` prints about each parameter, in order.
  public let descriptors: [ParameterDescriptor]
  /// Reads every parameter in order and makes the effect of their values.
  @usableFromInline let readEffect: @Sendable (_ reader: inout ParameterReader) -> Effect
  /// Makes the effect of every parameter's default.
  @usableFromInline let makeDefaults: @Sendable () -> Effect

  /// The parameters `parameter`, read in this order and given to `make`: the
  /// effect's memberwise init, `Self.init(edge:inset:until:)`.
  // Inlinable so that the closures are specialised for each effect where the
  // list is declared. The optimiser does not unroll a pack expansion, so
  // reading through this init asks for each parameter's generic metadata and
  // copies it; the overloads below for up to four parameters (every built-in)
  // read each one where its type is known.
  @inlinable public init<each Value>(
    _ make: @escaping @Sendable (repeat each Value) -> Effect,
    _ parameter: repeat EffectParameter<each Value>
  ) {
    var declarations: [any ParameterDeclaration] = []
    for declared in repeat each parameter { declarations.append(declared) }
    // Arguments are evaluated left to right: the keys are read, and their
    // problems reported, in the declarations' order.
    self.init(
      declarations, read: { reader in make(repeat reader.read(each parameter)) },
      defaults: { make(repeat (each parameter).defaultValue) })
  }

  /// One parameter, given to `make`.
  @inlinable public init<A>(
    _ make: @escaping @Sendable (A) -> Effect, _ a: EffectParameter<A>
  ) {
    self.init([a], read: { make($0.read(a)) }, defaults: { make(a.defaultValue) })
  }

  /// Two parameters, read in this order and given to `make`.
  @inlinable public init<A, B>(
    _ make: @escaping @Sendable (A, B) -> Effect, _ a: EffectParameter<A>,
    _ b: EffectParameter<B>
  ) {
    self.init(
      [a, b], read: { make($0.read(a), $0.read(b)) },
      defaults: { make(a.defaultValue, b.defaultValue) })
  }

  /// Three parameters, read in this order and given to `make`.
  @inlinable public init<A, B, C>(
    _ make: @escaping @Sendable (A, B, C) -> Effect, _ a: EffectParameter<A>,
    _ b: EffectParameter<B>, _ c: EffectParameter<C>
  ) {
    self.init(
      [a, b, c], read: { make($0.read(a), $0.read(b), $0.read(c)) },
      defaults: { make(a.defaultValue, b.defaultValue, c.defaultValue) })
  }

  /// Four parameters, read in this order and given to `make`.
  @inlinable public init<A, B, C, D>(
    _ make: @escaping @Sendable (A, B, C, D) -> Effect, _ a: EffectParameter<A>,
    _ b: EffectParameter<B>, _ c: EffectParameter<C>, _ d: EffectParameter<D>
  ) {
    self.init(
      [a, b, c, d], read: { make($0.read(a), $0.read(b), $0.read(c), $0.read(d)) },
      defaults: { make(a.defaultValue, b.defaultValue, c.defaultValue, d.defaultValue) })
  }

  @inlinable init(
    _ declarations: [any ParameterDeclaration],
    read: @escaping @Sendable (_ reader: inout ParameterReader) -> Effect,
    defaults: @escaping @Sendable () -> Effect
  ) {
    self.declarations = declarations
    descriptors = declarations.map(\.descriptor)
    readEffect = read
    makeDefaults = defaults
  }

  /// Reads every parameter from `reader`, reporting problems, and makes the
  /// effect of their values (a parameter with a problem at its default).
  @inlinable public func read(from reader: inout ParameterReader) -> Effect {
    readEffect(&reader)
  }

  /// The effect with every parameter at its declared default: what decoding
  /// `{}` gives.
  public var defaults: Effect { makeDefaults() }
}

/// An effect whose parameters are its own stored properties, each declared
/// once by an ``EffectParameter``, and made by its public memberwise init.
///
/// The effect writes its properties, each with its declaration, the public
/// memberwise init whose defaults are the declarations'
/// (`resistance: Double = Self.resistance.defaultValue`), and the
/// ``ParameterList`` of the declarations with that init; reading
/// (``init(from:)``) and the descriptor's parameters
/// (`parameters: parameterList.descriptors`) derive from the list. An effect
/// that checks a relation between parameters writes its own `init(from:)`
/// that calls ``init(parametersFrom:)`` first.
///
/// Swift has no public memberwise init (the one it synthesises is internal)
/// and no way to list a type's stored properties without macros, so the
/// init and the list are written by hand; the compiler checks both against
/// the declarations' types, not their names (two declarations of one type
/// given in the wrong order compile), and `ParameterDeclarationTests` that
/// each built-in's values land in the properties of their keys.
///
/// The effect is its own `Parameters`: `StretchEffect(parameters: .init(resistance: 0.5))`
/// and `effect.parameters.resistance`, the spellings of effects whose
/// parameters are a struct of their own, work too.
public protocol ParameterizedEffect: ScrollEffect {
  /// Every parameter, in the order the effect reads them and the descriptor
  /// lists them, with the memberwise init that takes their values.
  ///
  /// Required, with no default: an effect that forgets it does not
  /// compile.
  static var parameterList: ParameterList<Self> { get }
}

extension ParameterizedEffect {
  /// The effect's parameters: the effect itself.
  public typealias Parameters = Self

  /// Reads every parameter in order and makes the effect of their values,
  /// reporting problems to `reader`.
  @inlinable public init(parametersFrom reader: inout ParameterReader) {
    self = Self.parameterList.read(from: &reader)
  }

  @inlinable public init(from reader: inout ParameterReader) {
    self.init(parametersFrom: &reader)
  }

  /// The effect with every parameter at its default: `parameterList.defaults`.
  public init() { self = Self.parameterList.defaults }

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
