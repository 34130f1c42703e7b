// Custom layout: see Views.swift for what this module is.

// Here as `Layout`'s parent; its requirements have defaults the adapter uses.
// https://developer.apple.com/documentation/swiftui/animatable
public protocol Animatable {}

// https://developer.apple.com/documentation/swiftui/layout
@preconcurrency public protocol Layout: Sendable, Animatable {
  // https://developer.apple.com/documentation/swiftui/layout/cache
  associatedtype Cache = Void
  // https://developer.apple.com/documentation/swiftui/layout/subviews
  typealias Subviews = LayoutSubviews

  // https://developer.apple.com/documentation/swiftui/layout/sizethatfits(proposal:subviews:cache:)
  func sizeThatFits(proposal: ProposedViewSize, subviews: Self.Subviews, cache: inout Self.Cache)
    -> CGSize

  // https://developer.apple.com/documentation/swiftui/layout/placesubviews(in:proposal:subviews:cache:)
  func placeSubviews(
    in bounds: CGRect, proposal: ProposedViewSize, subviews: Self.Subviews,
    cache: inout Self.Cache)

  // https://developer.apple.com/documentation/swiftui/layout/makecache(subviews:)
  func makeCache(subviews: Self.Subviews) -> Self.Cache
}

extension Layout where Self.Cache == () {
  // https://developer.apple.com/documentation/swiftui/layout/makecache(subviews:)
  public func makeCache(subviews: Self.Subviews) -> Self.Cache { () }
}

extension Layout {
  // https://developer.apple.com/documentation/swiftui/layout/callasfunction(_:)
  @export(implementation) public func callAsFunction<V>(@ContentBuilder _ content: () -> V)
    -> some View where V: View
  {
    _Modified(content: content(), record: _Record(name: "Layout", arguments: [self]))
  }
}

// https://developer.apple.com/documentation/swiftui/layoutsubviews
public struct LayoutSubviews: RandomAccessCollection {
  /// Scaffolding: the subviews a test gives.
  let _subviews: [LayoutSubview]

  /// Scaffolding: a collection of `subviews`.
  public init(_subviews subviews: [LayoutSubview]) {
    _subviews = subviews
  }

  // https://developer.apple.com/documentation/swiftui/layoutsubviews/startindex
  public var startIndex: Int { _subviews.startIndex }
  // https://developer.apple.com/documentation/swiftui/layoutsubviews/endindex
  public var endIndex: Int { _subviews.endIndex }
  // https://developer.apple.com/documentation/swiftui/layoutsubviews/subscript(_:)
  public subscript(index: Int) -> LayoutSubview { _subviews[index] }
}

// https://developer.apple.com/documentation/swiftui/layoutsubview
public struct LayoutSubview {
  /// Scaffolding: the subview's size for a proposal, and where it is placed.
  let _size: (ProposedViewSize) -> CGSize
  let _placements: _Box<[_Placement]>

  /// Scaffolding: a subview whose size for a proposal is `size(proposal)`.
  public init(_size size: @escaping (ProposedViewSize) -> CGSize) {
    _size = size
    _placements = _Box([])
  }

  /// Scaffolding: every call of ``place(at:anchor:proposal:)`` so far.
  public var _placed: [_Placement] { _placements.value }

  // https://developer.apple.com/documentation/swiftui/layoutsubview/sizethatfits(_:)
  public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
    _size(proposal)
  }

  // https://developer.apple.com/documentation/swiftui/layoutsubview/place(at:anchor:proposal:)
  public func place(
    at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize
  ) {
    _placements.value.append(_Placement(position: position, anchor: anchor, proposal: proposal))
  }
}
