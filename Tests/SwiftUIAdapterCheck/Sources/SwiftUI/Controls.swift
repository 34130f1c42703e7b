// The views of the README's example: see Views.swift for what this module is.

// https://developer.apple.com/documentation/swiftui/horizontalalignment
@frozen public struct HorizontalAlignment: Equatable, Sendable {
  /// Scaffolding: which one.
  let _name: String
  // https://developer.apple.com/documentation/swiftui/horizontalalignment/center
  public static let center = HorizontalAlignment(_name: "center")
}

// https://developer.apple.com/documentation/swiftui/vstack
@frozen public struct VStack<Content> where Content: View {
  /// Scaffolding: the content.
  let _content: Content

  /// Scaffolding: a stack of `content`.
  public nonisolated init(_content content: Content) {
    _content = content
  }

  // https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
  @export(implementation) nonisolated public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ContentBuilder content: () -> Content
  ) {
    self.init(_content: content())
  }
}

extension VStack: View {
  /// Scaffolding: a primitive view's body, which SwiftUI keeps to itself.
  public typealias Body = Never
  /// Scaffolding: never asked for.
  public var body: Never { fatalError("a primitive view has no body") }
}

// https://developer.apple.com/documentation/swiftui/image
@frozen public struct Image: Equatable, Sendable {
  /// Scaffolding: the image's name.
  public let _name: String
  /// Scaffolding: whether it was made resizable.
  public var _isResizable = false

  // https://developer.apple.com/documentation/swiftui/image/init(_:bundle:)
  public init(_ name: String, bundle: Bundle? = nil) {
    _name = name
  }

  // https://developer.apple.com/documentation/swiftui/image/resizingmode
  public enum ResizingMode: Sendable {
    // https://developer.apple.com/documentation/swiftui/image/resizingmode/stretch
    case stretch
  }

  // https://developer.apple.com/documentation/swiftui/image/resizable(capinsets:resizingmode:)
  public func resizable(
    capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch
  ) -> Image {
    var image = self
    image._isResizable = true
    return image
  }
}

extension Image: View {
  /// Scaffolding: a primitive view's body, which SwiftUI keeps to itself.
  public typealias Body = Never
  /// Scaffolding: never asked for.
  public var body: Never { fatalError("a primitive view has no body") }
}

// https://developer.apple.com/documentation/swiftui/text
@frozen public struct Text: Equatable, Sendable {
  /// Scaffolding: the text.
  public let _string: String

  // https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
  public init<S>(_ content: S) where S: StringProtocol {
    _string = String(content)
  }
}

extension Text: View {
  /// Scaffolding: a primitive view's body, which SwiftUI keeps to itself.
  public typealias Body = Never
  /// Scaffolding: never asked for.
  public var body: Never { fatalError("a primitive view has no body") }
}
