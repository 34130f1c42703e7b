/// The transform of one view in one frame: its layout frame in viewport
/// coordinates and its visual changes.
///
/// Evaluation starts from the view's natural frame and identity visuals; each
/// effect of a chain reads and changes it in turn. `translateX` and
/// `translateY` are not stored: they are the frame origin minus the natural
/// origin, so an effect that moves a view changes `x` or `y`.
public struct ViewTransform: Sendable, Equatable, Hashable {
  /// Layout frame, viewport coordinates, points: the left edge.
  public var x: Double
  /// The layout frame's top edge, viewport coordinates, points.
  public var y: Double
  /// The layout frame's width, points; 0 or more.
  public var width: Double
  /// The layout frame's height, points; 0 or more.
  public var height: Double
  /// Horizontal visual scale about the anchor; 1 is none.
  public var scaleX: Double
  /// Vertical visual scale about the anchor; 1 is none.
  public var scaleY: Double
  /// Unit point of the scale and rotation anchor; 0.5, 0.5 is the centre.
  public var anchorX: Double
  /// The anchor's unit y: 0 the top edge, 1 the bottom, 0.5 the centre.
  public var anchorY: Double
  /// 0...1.
  public var opacity: Double
  /// Blur radius in points, never negative.
  public var blur: Double
  /// Degrees, clockwise, about the anchor.
  public var rotation: Double
  /// Drawing order.
  public var zIndex: Double

  /// The identity transform of a view whose layout frame is `frame`.
  @inlinable
  public init(frame: Rect) {
    x = frame.x
    y = frame.y
    width = frame.width
    height = frame.height
    scaleX = 1
    scaleY = 1
    anchorX = 0.5
    anchorY = 0.5
    opacity = 1
    blur = 0
    rotation = 0
    zIndex = 0
  }

  /// The layout frame.
  @inlinable public var frame: Rect {
    get { Rect(x: x, y: y, width: width, height: height) }
    set {
      x = newValue.x
      y = newValue.y
      width = newValue.width
      height = newValue.height
    }
  }

  /// The bottom edge of the layout frame, `y + height`.
  @inlinable public var maxY: Double { y + height }

  /// How far the view moved along x from its natural frame `natural` (in
  /// the same frame's viewport coordinates): `x - natural.x`, the
  /// `translateX` output column, what SwiftUI's `.offset(x:)` takes.
  @inlinable public func translateX(from natural: Rect) -> Double { x - natural.x }

  /// How far the view moved along y from its natural frame `natural`:
  /// `y - natural.y`, the `translateY` output column.
  @inlinable public func translateY(from natural: Rect) -> Double { y - natural.y }
}

/// The output columns of an evaluated view, in the order of the contract.
public enum TransformColumn: String, Sendable, CaseIterable {
  /// The layout frame (``ViewTransform/frame``), its moves from the natural
  /// origin (``ViewTransform/translateX(from:)``, `translateY`), the scale
  /// factors and their anchor: the ``ViewTransform`` field of each name.
  case x, y, width, height, translateX, translateY, scaleX, scaleY, anchorX, anchorY
  /// The visuals: opacity 0...1, blur radius in points, rotation in degrees
  /// clockwise, drawing order.
  case opacity, blur, rotation, zIndex

  /// The column's value for `transform`, whose natural origin is
  /// (`naturalX`, `naturalY`): the translate columns are measured from it.
  public func value(of transform: ViewTransform, naturalX: Double, naturalY: Double) -> Double {
    switch self {
    case .x: transform.x
    case .y: transform.y
    case .width: transform.width
    case .height: transform.height
    case .translateX: transform.x - naturalX
    case .translateY: transform.y - naturalY
    case .scaleX: transform.scaleX
    case .scaleY: transform.scaleY
    case .anchorX: transform.anchorX
    case .anchorY: transform.anchorY
    case .opacity: transform.opacity
    case .blur: transform.blur
    case .rotation: transform.rotation
    case .zIndex: transform.zIndex
    }
  }
}
