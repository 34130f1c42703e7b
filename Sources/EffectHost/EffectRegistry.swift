import EffectProtocol
import Effects

/// The effect types a scene may name, by JSON type name.
///
/// An immutable value: ``builtIn`` holds the built-in effects, and a user adds
/// their own types with ``registering(_:)``, one call per type. The loader
/// and host look types up here and never name a built-in type.
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
      // BuiltInEffects is one hand-kept list, and a test checks its names.
      fatalError("the built-in effects repeat a type name: \(error)")
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
  /// an error (``isTypeName(_:)``).
  public mutating func register(_ type: any ScrollEffect.Type) throws(RegistryError) {
    let name = type.descriptor.typeName
    guard Self.isTypeName(name) else { throw RegistryError.invalidTypeName(name) }
    guard indexByName[name] == nil else { throw RegistryError.duplicateTypeName(name) }
    indexByName[name] = types.count
    types.append(type)
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

  public var description: String {
    switch self {
    case .duplicateTypeName(let name):
      "an effect type named \"\(name)\" is already registered; expected a unique type name"
    case .invalidTypeName(let name):
      "an effect type named \(MessageText.quoted(name, limit: .max)); expected a type name "
        + "that is not empty and has no white space, control or format character"
    }
  }
}
