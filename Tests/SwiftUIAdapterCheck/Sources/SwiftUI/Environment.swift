// The environment and state: see Views.swift for what this module is.

// https://developer.apple.com/documentation/swiftui/environmentkey
public protocol EnvironmentKey {
  // https://developer.apple.com/documentation/swiftui/environmentkey/value
  associatedtype Value
  // https://developer.apple.com/documentation/swiftui/environmentkey/defaultvalue
  static var defaultValue: Self.Value { get }
}

// https://developer.apple.com/documentation/swiftui/environmentvalues
public struct EnvironmentValues {
  /// Scaffolding: the values set, by key type.
  var _values: [ObjectIdentifier: Any] = [:]

  // https://developer.apple.com/documentation/swiftui/environmentvalues/init()
  public init() {}

  // https://developer.apple.com/documentation/swiftui/environmentvalues/subscript(_:)
  public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey {
    get { _values[ObjectIdentifier(key)].map { $0 as! K.Value } ?? K.defaultValue }
    set { _values[ObjectIdentifier(key)] = newValue }
  }

  /// Scaffolding: what ``accessibilityReduceMotion`` reads.
  public var _reduceMotion = false

  // https://developer.apple.com/documentation/swiftui/environmentvalues/accessibilityreducemotion
  public var accessibilityReduceMotion: Bool { _reduceMotion }
}

// https://developer.apple.com/documentation/swiftui/environment
@frozen @propertyWrapper public struct Environment<Value> {
  /// Scaffolding: what the value is read with.
  let _keyPath: KeyPath<EnvironmentValues, Value>

  // https://developer.apple.com/documentation/swiftui/environment/init(_:)
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
    _keyPath = keyPath
  }

  // https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
  public var wrappedValue: Value { _Scaffold.environment[keyPath: _keyPath] }
}

// https://developer.apple.com/documentation/swiftui/state
@frozen @propertyWrapper public struct State<Value> {
  /// Scaffolding: the value's storage, shared by copies as SwiftUI's is.
  let _box: _Box<Value>

  // https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
  public init(wrappedValue value: Value) {
    _box = _Box(value)
  }

  // https://developer.apple.com/documentation/swiftui/state/init(initialvalue:)
  public init(initialValue value: Value) {
    _box = _Box(value)
  }

  // https://developer.apple.com/documentation/swiftui/state/wrappedvalue
  public var wrappedValue: Value {
    get { _box.value }
    nonmutating set { _box.value = newValue }
  }
}

// https://developer.apple.com/documentation/swiftui/layoutdirection
public enum LayoutDirection: Hashable, CaseIterable, Sendable {
  // https://developer.apple.com/documentation/swiftui/layoutdirection/lefttoright
  case leftToRight
  // https://developer.apple.com/documentation/swiftui/layoutdirection/righttoleft
  case rightToLeft
}
