#if canImport(SwiftUI)
  import EffectHost
  import EffectProtocol
  import SwiftUI

  /// What a view's modifiers take for one transform of its chain: the
  /// arithmetic between a ``PlacedTransform`` and SwiftUI, apart from the
  /// modifiers so that it can be tested alone.
  ///
  /// Size and position are changes from the natural frame, applied to the
  /// frame the view was laid out in: a view at rest is drawn exactly where it
  /// lies, even before its measured frame has reached the host, and a copy
  /// of a repeated chain whose height is not copy 0's keeps its own.
  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  struct ModifierValues: Equatable {
    /// How much wider and taller than its natural frame the view is drawn:
    /// `width - naturalWidth`, `height - naturalHeight`.
    var sizeChange: CGSize
    /// `.offset`: `translateX`, `translateY`.
    var offset: CGSize
    /// `.scaleEffect(_:anchor:)`: `scaleX`, `scaleY`.
    var scale: CGSize
    /// The anchor of the scale and the rotation: `anchorX`, `anchorY`.
    var anchor: UnitPoint
    /// `.rotationEffect(_:anchor:)`: `rotation` degrees.
    var rotation: Angle
    /// `.opacity`: `opacity`.
    var opacity: Double
    /// `.blur(radius:)`: `blur`.
    var blur: CGFloat
    /// `.zIndex`: `zIndex`.
    var zIndex: Double

    /// A view at rest: drawn as it is laid out.
    static let identity = ModifierValues(
      sizeChange: .zero, offset: .zero, scale: CGSize(width: 1, height: 1),
      anchor: UnitPoint(x: 0.5, y: 0.5), rotation: .degrees(0), opacity: 1, blur: 0, zIndex: 0)

    init(
      sizeChange: CGSize, offset: CGSize, scale: CGSize, anchor: UnitPoint, rotation: Angle,
      opacity: Double, blur: CGFloat, zIndex: Double
    ) {
      self.sizeChange = sizeChange
      self.offset = offset
      self.scale = scale
      self.anchor = anchor
      self.rotation = rotation
      self.opacity = opacity
      self.blur = blur
      self.zIndex = zIndex
    }

    init(_ placed: PlacedTransform) {
      let transform = placed.transform
      let natural = placed.naturalFrame
      sizeChange = CGSize(
        width: transform.width - natural.width, height: transform.height - natural.height)
      offset = CGSize(width: placed.translateX, height: placed.translateY)
      scale = CGSize(width: transform.scaleX, height: transform.scaleY)
      anchor = UnitPoint(x: transform.anchorX, y: transform.anchorY)
      rotation = .degrees(transform.rotation)
      opacity = transform.opacity
      blur = CGFloat(transform.blur)
      zIndex = transform.zIndex
    }

    /// The size the view is drawn at when it was laid out at `size`: the
    /// size changed by ``sizeChange``, never below 0.
    func drawnSize(laidOut size: CGSize) -> CGSize {
      CGSize(
        width: max(0, size.width + sizeChange.width),
        height: max(0, size.height + sizeChange.height))
    }
  }
#endif
