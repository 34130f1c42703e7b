// Scroll views and their geometry: see Views.swift for what this module is.

// https://developer.apple.com/documentation/swiftui/scrollgeometry
public struct ScrollGeometry: Equatable, Sendable {
  // https://developer.apple.com/documentation/swiftui/scrollgeometry/contentoffset
  public var contentOffset: CGPoint
  // https://developer.apple.com/documentation/swiftui/scrollgeometry/contentsize
  public var contentSize: CGSize
  // https://developer.apple.com/documentation/swiftui/scrollgeometry/contentinsets
  public var contentInsets: EdgeInsets
  // https://developer.apple.com/documentation/swiftui/scrollgeometry/containersize
  public var containerSize: CGSize

  // https://developer.apple.com/documentation/swiftui/scrollgeometry/init(contentoffset:contentsize:contentinsets:containersize:)
  public init(
    contentOffset: CGPoint, contentSize: CGSize, contentInsets: EdgeInsets, containerSize: CGSize
  ) {
    self.contentOffset = contentOffset
    self.contentSize = contentSize
    self.contentInsets = contentInsets
    self.containerSize = containerSize
  }
}

// https://developer.apple.com/documentation/swiftui/scrollphase
@frozen public enum ScrollPhase: Equatable, Sendable {
  // https://developer.apple.com/documentation/swiftui/scrollphase/idle
  case idle
  // https://developer.apple.com/documentation/swiftui/scrollphase/tracking
  case tracking
  // https://developer.apple.com/documentation/swiftui/scrollphase/interacting
  case interacting
  // https://developer.apple.com/documentation/swiftui/scrollphase/decelerating
  case decelerating
  // https://developer.apple.com/documentation/swiftui/scrollphase/animating
  case animating
}

extension View {
  // https://developer.apple.com/documentation/swiftui/view/onscrollgeometrychange(for:of:action:)
  nonisolated public func onScrollGeometryChange<T>(
    for type: T.Type, of transform: @escaping (ScrollGeometry) -> T,
    action: @escaping (T, T) -> Void
  ) -> some View where T: Equatable {
    _Modified(
      content: self,
      record: _Record(
        name: "onScrollGeometryChange(for:of:action:)",
        action: _Action.changes(transform: transform, action: action)))
  }

  // https://developer.apple.com/documentation/swiftui/view/onscrollphasechange(_:)
  nonisolated public func onScrollPhaseChange(
    _ action: @escaping (ScrollPhase, ScrollPhase) -> Void
  ) -> some View {
    _Modified(
      content: self,
      record: _Record(
        name: "onScrollPhaseChange(_:)",
        action: _Action.changes(transform: { (phase: ScrollPhase) in phase }, action: action)))
  }
}

// https://developer.apple.com/documentation/swiftui/axis
@frozen public enum Axis: Sendable {
  // https://developer.apple.com/documentation/swiftui/axis/horizontal
  case horizontal
  // https://developer.apple.com/documentation/swiftui/axis/vertical
  case vertical

  // https://developer.apple.com/documentation/swiftui/axis/set
  @frozen public struct Set: OptionSet, Sendable {
    // https://developer.apple.com/documentation/swiftui/axis/set/rawvalue
    public let rawValue: Int8
    // https://developer.apple.com/documentation/swiftui/axis/set/init(rawvalue:)
    public init(rawValue: Int8) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/swiftui/axis/set/horizontal
    public static let horizontal = Set(rawValue: 1)
    // https://developer.apple.com/documentation/swiftui/axis/set/vertical
    public static let vertical = Set(rawValue: 2)
  }
}

// https://developer.apple.com/documentation/swiftui/scrollview
nonisolated public struct ScrollView<Content> where Content: View {
  /// Scaffolding: the content.
  let _content: Content

  /// Scaffolding: a scroll view of `content`.
  public nonisolated init(_content content: Content) {
    _content = content
  }

  // https://developer.apple.com/documentation/swiftui/scrollview/init(_:content:)
  @export(implementation) nonisolated public init(
    _ axes: Axis.Set = .vertical, @ContentBuilder content: () -> Content
  ) {
    self.init(_content: content())
  }
}

extension ScrollView: View {
  /// Scaffolding: a primitive view's body, which SwiftUI keeps to itself.
  public typealias Body = Never
  /// Scaffolding: never asked for.
  public var body: Never { fatalError("a primitive view has no body") }
}
