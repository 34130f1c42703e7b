import EffectProtocol
import Effects

/// The effect types a scene may name, by JSON type name.
///
/// A value: ``builtIn`` holds the built-in effects, and a user adds their
/// own types with ``registering(_:)`` (a new registry) or ``register(_:)``
/// (in place), one call per type; a copy, such as a loader's, does not see
/// types added to the original later. The loader and host look types up
/// here and never name a built-in type.
public struct EffectRegistry: Sendable {
  /// The registered types, in registration order.
  public private(set) var types: [any ScrollEffect.Type] = []
  private var indexByName: [String: Int] = [:]

  /// A registry of `types`; two types with one name are an error.
  public init(_ types: [any ScrollEffect.Type]) throws(RegistryError) {
    for type in types {
      try register(type)
    }
  }

  /// The built-in effects of ``BuiltInEffects/all``.
  public static let builtIn: EffectRegistry = {
    do {
      return try EffectRegistry(BuiltInEffects.all)
    } catch {
      // BuiltInEffects is one hand-kept list, and a test registers it.
      fatalError("the built-in effects cannot be registered: \(error)")
    }
  }()

  /// This registry with `type` added.
  public func registering(_ type: any ScrollEffect.Type) throws(RegistryError) -> EffectRegistry {
    var copy = self
    try copy.register(type)
    return copy
  }

  /// Adds `type`; a type name registered before, or one that is empty or
  /// holds white space, a control or a format character (which a scene's
  /// `"type"` could hold, but no listing or message shows as one word), is
  /// an error (``isTypeName(_:)``), as is a parameter named by one of
  /// ``reservedKeys`` (``reservedParameter(of:)``).
  public mutating func register(_ type: any ScrollEffect.Type) throws(RegistryError) {
    let name = type.descriptor.typeName
    guard Self.isTypeName(name) else { throw RegistryError.invalidTypeName(name) }
    guard indexByName[name] == nil else { throw RegistryError.duplicateTypeName(name) }
    if let key = Self.reservedParameter(of: type) {
      throw RegistryError.reservedParameter(typeName: name, key: key)
    }
    indexByName[name] = types.count
    types.append(type)
  }

  /// The keys of an effect's object that the loader reads itself, before
  /// the effect's `init(from:)`: `"type"` names the effect's type and
  /// `"reducedMotion"` says what reduced motion does with it. A parameter of
  /// either name could never be given to the effect: a scene's value is the
  /// loader's.
  public static let reservedKeys = ["type", "reducedMotion"]

  /// The first of ``reservedKeys`` that `type` has as a parameter: one its
  /// descriptor declares, else one its reader reads from an empty object or
  /// from the declared parameters' defaults (as
  /// ``checkParametersDeclared(of:)`` runs it); `nil` when it has none.
  public static func reservedParameter(of type: any ScrollEffect.Type) -> String? {
    let descriptor = type.descriptor
    let declared = Set(descriptor.parameters.map(\.name))
    if let key = reservedKeys.first(where: declared.contains) { return key }
    let read = keysRead(by: type)
    return reservedKeys.first(where: read.contains)
  }

  /// Whether `name` may name an effect type: not empty, and no white space,
  /// control character or invisible format character (a zero-width space,
  /// a direction override) in it.
  public static func isTypeName(_ name: String) -> Bool {
    !name.isEmpty
      && !name.unicodeScalars.contains {
        $0.properties.isWhitespace || $0.properties.generalCategory == .control
          || $0.properties.generalCategory == .format
      }
  }

  /// The type registered as `name`.
  public func type(named name: String) -> (any ScrollEffect.Type)? {
    indexByName[name].map { types[$0] }
  }

  /// Every registered type name, in registration order.
  public var typeNames: [String] { types.map { $0.descriptor.typeName } }
}

/// Why a type could not be registered.
public enum RegistryError: Error, Equatable, CustomStringConvertible {
  case duplicateTypeName(String)
  /// An empty type name, or one with white space, a control character or
  /// a format character (``EffectRegistry/isTypeName(_:)``).
  case invalidTypeName(String)
  /// A parameter named by one of ``EffectRegistry/reservedKeys``, which the
  /// loader reads from every effect's object itself, so no scene could give
  /// it to the effect (``EffectRegistry/reservedParameter(of:)``).
  case reservedParameter(typeName: String, key: String)

  public var description: String {
    switch self {
    case .duplicateTypeName(let name):
      "an effect type named \"\(name)\" is already registered; expected a unique type name"
    case .invalidTypeName(let name):
      "an effect type named \(MessageText.quoted(name, limit: .max)); expected a type name "
        + "that is not empty and has no white space, control or format character"
    case .reservedParameter(let typeName, let key):
      "the effect type \(MessageText.quoted(typeName, limit: .max)) "
        + Self.reservedParameterText(key: key)
    }
  }

  /// What is wrong with a parameter named `key`, one of
  /// ``EffectRegistry/reservedKeys``, and what is expected instead.
  package static func reservedParameterText(key: String) -> String {
    let keys = EffectRegistry.reservedKeys.map { "\"\($0)\"" }.joined(separator: " and ")
    return "has a parameter named \"\(key)\", a key the loader reads itself from every "
      + "effect's object (\(keys)), so no scene could give it to the effect; expected another "
      + "parameter name"
  }
}
