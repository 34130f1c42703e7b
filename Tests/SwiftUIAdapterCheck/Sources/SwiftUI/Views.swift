// A stand-in for SwiftUI on Linux: the declarations that ScrollEffectsSwiftUI
// and the README's example use, each transcribed from Apple's documentation
// page cited above it (the declaration as the page gives it; where a body
// is needed, its behaviour is test scaffolding, defined in Scaffolding.swift
// and named with a leading underscore). Not SwiftUI: nothing here draws.
// Protocols carry only the requirements the adapter implements or calls;
// SwiftUI gives the others defaults.

@_exported import Foundation

// https://developer.apple.com/documentation/swiftui/view
@MainActor @preconcurrency public protocol View {
  // https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
  associatedtype Body: View
  // https://developer.apple.com/documentation/swiftui/view/body-8kl5o
  @ContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// https://developer.apple.com/documentation/swiftui/never
extension Never: View {
  /// Scaffolding: a primitive view's body, which SwiftUI keeps to itself.
  public typealias Body = Never
  /// Scaffolding: never asked for.
  public var body: Never { fatalError("a primitive view has no body") }
}

// https://developer.apple.com/documentation/swiftui/viewmodifier
@MainActor @preconcurrency public protocol ViewModifier {
  // https://developer.apple.com/documentation/swiftui/viewmodifier/body
  associatedtype Body: View
  // https://developer.apple.com/documentation/swiftui/viewmodifier/content
  typealias Content = _ViewModifier_Content<Self>
  // https://developer.apple.com/documentation/swiftui/viewmodifier/body(content:)
  @ContentBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

// https://developer.apple.com/documentation/swiftui/_viewmodifier_content
public struct _ViewModifier_Content<Modifier> where Modifier: ViewModifier {
  /// Scaffolding: the view the modifier was applied to.
  public let _content: any View
}

extension _ViewModifier_Content: View {
  /// Scaffolding: a primitive view's body, which SwiftUI keeps to itself.
  public typealias Body = Never
  /// Scaffolding: never asked for.
  public var body: Never { fatalError("a primitive view has no body") }
}

// https://developer.apple.com/documentation/swiftui/modifiedcontent
@frozen public struct ModifiedContent<Content, Modifier> {
  // https://developer.apple.com/documentation/swiftui/modifiedcontent/content
  public var content: Content
  // https://developer.apple.com/documentation/swiftui/modifiedcontent/modifier
  public var modifier: Modifier
  // https://developer.apple.com/documentation/swiftui/modifiedcontent/init(content:modifier:)
  nonisolated public init(content: Content, modifier: Modifier) {
    self.content = content
    self.modifier = modifier
  }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  /// Scaffolding: a primitive view's body, which SwiftUI keeps to itself.
  public typealias Body = Never
  /// Scaffolding: never asked for.
  public var body: Never { fatalError("a primitive view has no body") }
}

extension View {
  // https://developer.apple.com/documentation/swiftui/view/modifier(_:)
  nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
    ModifiedContent(content: self, modifier: modifier)
  }
}

// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder public struct ViewBuilder {
  // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
  @export(implementation) public static func buildBlock<Content>(_ content: Content) -> Content {
    content
  }

  // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)-2bj1g
  @export(implementation) public static func buildBlock<each Content>(
    _ content: repeat each Content
  ) -> TupleView<(repeat each Content)> where repeat each Content: View {
    var children: [any View] = []
    for child in repeat each content { children.append(child) }
    var tuple = TupleView((repeat each content))
    tuple._children = children
    return tuple
  }
}

// https://developer.apple.com/documentation/swiftui/contentbuilder
public typealias ContentBuilder = ViewBuilder

// https://developer.apple.com/documentation/swiftui/tupleview
@frozen public struct TupleView<T> {
  // https://developer.apple.com/documentation/swiftui/tupleview/value
  public var value: T
  /// Scaffolding: the views of `value`, in order.
  public var _children: [any View] = []
  // https://developer.apple.com/documentation/swiftui/tupleview/init(_:)
  public init(_ value: T) {
    self.value = value
  }
}

extension TupleView: View {
  /// Scaffolding: a primitive view's body, which SwiftUI keeps to itself.
  public typealias Body = Never
  /// Scaffolding: never asked for.
  public var body: Never { fatalError("a primitive view has no body") }
}

// Here so that `Scene` is as ambiguous beside EffectHost as in SwiftUI.
// https://developer.apple.com/documentation/swiftui/scene
@MainActor @preconcurrency public protocol Scene {}

// Here so that `Gesture` is as ambiguous beside EffectHost as in SwiftUI.
// https://developer.apple.com/documentation/swiftui/gesture
@MainActor @preconcurrency public protocol Gesture<Value> {
  // https://developer.apple.com/documentation/swiftui/gesture/value
  associatedtype Value
}
