// Test scaffolding, not SwiftUI and not from its documentation: what the
// stand-in declarations do when called, so that tests can see what the
// adapter applied and drive the closures it registered. Every name here
// starts with an underscore.

/// One modifier applied: the documented declaration's name, its arguments,
/// and for a modifier that registers an action, the action to drive.
public struct _Record {
  public let name: String
  public let arguments: [Any]
  public let action: Any?

  public init(name: String, arguments: [Any] = [], action: Any? = nil) {
    self.name = name
    self.arguments = arguments
    self.action = action
  }
}

/// A view with one modifier applied.
nonisolated public struct _Modified<Content: View>: View {
  public let content: Content
  public let record: _Record

  public nonisolated init(content: Content, record: _Record) {
    self.content = content
    self.record = record
  }

  public typealias Body = Never
  public var body: Never { fatalError("a primitive view has no body") }
}

/// A registered action: `send` does what SwiftUI does when the input changes.
public final class _Action<Input> {
  let fire: (Input) -> Void

  public init(_ fire: @escaping (Input) -> Void) {
    self.fire = fire
  }

  /// An action that SwiftUI runs with the old and new value of
  /// `transform(input)` when that value changes; the first input counts as
  /// a change from itself.
  public static func changes<T: Equatable>(
    transform: @escaping (Input) -> T, action: @escaping (T, T) -> Void
  ) -> _Action {
    let last = _Box<T?>(nil)
    return _Action { input in
      let value = transform(input)
      guard value != last.value else { return }
      let old = last.value ?? value
      last.value = value
      action(old, value)
    }
  }

  public func send(_ input: Input) { fire(input) }
}

/// Shared storage, as SwiftUI keeps a view's state.
public final class _Box<Value> {
  public var value: Value
  public init(_ value: Value) { self.value = value }
}

/// One call of `LayoutSubview.place(at:anchor:proposal:)`.
public struct _Placement: Equatable {
  public let position: CGPoint
  public let anchor: UnitPoint
  public let proposal: ProposedViewSize

  public init(position: CGPoint, anchor: UnitPoint, proposal: ProposedViewSize) {
    self.position = position
    self.anchor = anchor
    self.proposal = proposal
  }
}

/// What a walk of a view found.
public enum _Scaffold {
  /// The environment that `@Environment` reads: a test sets it before it
  /// asks a view for its body.
  nonisolated(unsafe) public static var environment = EnvironmentValues()

  /// The modifiers applied in `view`, outermost first, found by asking each
  /// view for its body and each modifier for its body, down to the leaves.
  @MainActor public static func records<V: View>(of view: V) -> [_Record] {
    var records: [_Record] = []
    walk(view, into: &records)
    return records
  }

  @MainActor static func walk<V: View>(_ view: V, into records: inout [_Record]) {
    if let walkable = view as? any _Walkable {
      walkable._walk(into: &records)
    } else if V.Body.self != Never.self {
      walk(view.body, into: &records)
    }
  }
}

/// A view that the walk looks inside.
protocol _Walkable {
  @MainActor func _walk(into records: inout [_Record])
}

extension _Modified: _Walkable {
  @MainActor func _walk(into records: inout [_Record]) {
    records.append(record)
    // An environment value holds for the views inside, as in SwiftUI.
    if let write = record.action as? _EnvironmentWrite {
      let outside = _Scaffold.environment
      write.apply(&_Scaffold.environment)
      defer { _Scaffold.environment = outside }
      _Scaffold.walk(content, into: &records)
    } else {
      _Scaffold.walk(content, into: &records)
    }
  }
}

/// What `environment(_:_:)` sets for the views inside it.
public struct _EnvironmentWrite {
  let apply: (inout EnvironmentValues) -> Void
  public init(_ apply: @escaping (inout EnvironmentValues) -> Void) {
    self.apply = apply
  }
}

extension ModifiedContent: _Walkable where Content: View, Modifier: ViewModifier {
  @MainActor func _walk(into records: inout [_Record]) {
    _Scaffold.walk(modifier.body(content: _ViewModifier_Content(_content: content)), into: &records)
  }
}

extension _ViewModifier_Content: _Walkable {
  @MainActor func _walk(into records: inout [_Record]) {
    _Scaffold.walk(_content, into: &records)
  }
}

extension TupleView: _Walkable {
  @MainActor func _walk(into records: inout [_Record]) {
    for child in _children { _Scaffold.walk(child, into: &records) }
  }
}

extension ScrollView: _Walkable {
  @MainActor func _walk(into records: inout [_Record]) {
    records.append(_Record(name: "ScrollView"))
    _Scaffold.walk(_content, into: &records)
  }
}

extension VStack: _Walkable {
  @MainActor func _walk(into records: inout [_Record]) {
    records.append(_Record(name: "VStack"))
    _Scaffold.walk(_content, into: &records)
  }
}

extension Image: _Walkable {
  @MainActor func _walk(into records: inout [_Record]) {
    records.append(_Record(name: "Image", arguments: [_name, _isResizable]))
  }
}

extension Text: _Walkable {
  @MainActor func _walk(into records: inout [_Record]) {
    records.append(_Record(name: "Text", arguments: [_string]))
  }
}
