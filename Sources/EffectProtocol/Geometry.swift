/// A width and a height, in points.
public struct Size: Sendable, Equatable, Hashable {
  /// The horizontal extent, in points.
  public var width: Double
  /// The vertical extent, in points.
  public var height: Double

  /// A size of `width` x `height` points.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// An iPhone's portrait viewport, 390 x 844 points: the default of every scene.
  public static let phone = Size(width: 390, height: 844)
}

/// Insets of the scroll view's content from its edges, in points (SwiftUI's `contentInsets`).
public struct EdgeInsets: Sendable, Equatable, Hashable {
  /// It, the inset at the top edge.
  public var top: Double
  /// Ib, the inset at the bottom edge.
  public var bottom: Double
  /// The inset at the left edge.
  public var left: Double
  /// The inset at the right edge.
  public var right: Double

  /// Insets of these amounts, each 0 when left out.
  public init(top: Double = 0, bottom: Double = 0, left: Double = 0, right: Double = 0) {
    self.top = top
    self.bottom = bottom
    self.left = left
    self.right = right
  }

  /// No inset on any edge.
  public static let zero = EdgeInsets()
}

/// A rectangle in points; y grows downward.
public struct Rect: Sendable, Equatable, Hashable {
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// A rectangle with its top-left corner at (`x`, `y`); `x` is 0 when left
  /// out.
  public init(x: Double = 0, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The bottom edge: `y + height`.
  public var maxY: Double { y + height }
}

/// What a view's natural frame is measured in.
public enum Attachment: String, Sendable, CaseIterable {
  /// Content coordinates: the view scrolls with the content (the default).
  case content
  /// Viewport coordinates: an overlay that does not scroll.
  case viewport
}

/// One frame of scroll geometry, in the conventions of UIKit and SwiftUI.
///
/// `offset` is how far the content is scrolled from its resting position
/// (SwiftUI's `contentOffset.y + contentInsets.top`): 0 at rest, negative when
/// pulled down past the top, above ``maxOffset`` when pulled up past the bottom.
/// Content y = 0 sits at viewport y = `contentInsets.top - offset`.
public struct ScrollGeometry: Sendable, Equatable, Hashable {
  /// The scroll offset o, in points.
  public var offset: Double
  /// The scroll view's size, W x V.
  public var viewport: Size
  /// The content insets It, Ib (and left, right).
  public var contentInsets: EdgeInsets
  /// The content height C, in points.
  public var contentHeight: Double

  /// The geometry at `offset` of a scroll view of size `viewport` (``Size/phone`` by default)
  /// with `contentInsets` (none by default) and `contentHeight` points of content.
  public init(
    offset: Double, viewport: Size = .phone, contentInsets: EdgeInsets = .zero,
    contentHeight: Double
  ) {
    self.offset = offset
    self.viewport = viewport
    self.contentInsets = contentInsets
    self.contentHeight = contentHeight
  }

  /// The largest resting offset: `max(0, C + It + Ib - V)`.
  @inlinable public var maxOffset: Double {
    max(0, contentHeight + contentInsets.top + contentInsets.bottom - viewport.height)
  }

  /// How far the content is pulled down past its top: `max(0, -offset)`,
  /// +0 at rest (written `max(-offset, 0)`: `Swift.max(0, -0.0)` is -0,
  /// which `1 / pull` would tell apart).
  @inlinable public var pull: Double { max(-offset, 0) }

  /// How far the content is pulled up past its bottom: `max(0, offset -
  /// maxOffset)`, +0 at the end as ``pull`` is at rest (`-0.0 - 0` is -0).
  @inlinable public var pullBottom: Double { max(offset - maxOffset, 0) }

  /// The viewport y of content y = 0: `It - offset`.
  @inlinable public var contentOrigin: Double { contentInsets.top - offset }

  /// The viewport y of a natural top `y` in this frame: `It + y - offset`
  /// for a content-attached view, `y` itself for a viewport-attached one.
  @inlinable
  public func viewportY(ofNaturalY y: Double, attachment: Attachment) -> Double {
    attachment == .content ? contentOrigin + y : y
  }

  /// CSS's `view()` cover progress of a view whose top is at viewport y
  /// `minY` and whose height is `height`, in a viewport `viewportHeight`
  /// tall: `(V - minY) / (V + height)`, saturated (``Saturation.clamp(_:)``).
  ///
  /// 0 as the view's top enters at the viewport's bottom edge, 1 as its
  /// bottom leaves at the top. The quotient overflows when the span is tiny
  /// (a viewport and a view 5e-324 tall make it 1e-323): saturating keeps it
  /// finite, so what is computed from it (an `extend` slope of 0 times the
  /// progress) is too. A span that is not above 0 (no loaded scene has one)
  /// gives 0 instead of NaN.
  @inlinable
  public static func coverProgress(minY: Double, height: Double, viewportHeight: Double)
    -> Double
  {
    let span = viewportHeight + height
    return span > 0 ? Saturation.clamp((viewportHeight - minY) / span) : 0
  }
}
