#if canImport(SwiftUI)
  import EffectHost
  import EffectProtocol
  import SwiftUI

  // Plain arithmetic between SwiftUI's values and the host's, apart from the
  // modifiers so that it can be tested alone. SwiftUI and EffectProtocol
  // both have `ScrollGeometry`, `EdgeInsets` and `ScrollPhase` (and SwiftUI
  // and EffectHost `LayoutDirection`): every use here names its module.

  /// What the host is given for one frame of SwiftUI's scroll geometry.
  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  struct ScrollFrame: Sendable, Equatable {
    /// How far the content is scrolled from rest: `contentOffset` plus the
    /// leading content inset along the axis. A scroll view pulled past an
    /// edge reports the rubber band's offset, which passes through as it is.
    var offset: Double
    /// The scroll view's size: `containerSize`.
    var viewport: EffectProtocol.Size
    /// `contentInsets`, leading as left and trailing as right: SwiftUI lays
    /// out in left-to-right coordinates and mirrors a right-to-left layout
    /// when it draws.
    var contentInsets: EffectProtocol.EdgeInsets
    /// The content's length along the axis: `contentSize`'s height (its
    /// width for a horizontal scene).
    var contentLength: Double

    init(
      offset: Double, viewport: EffectProtocol.Size, contentInsets: EffectProtocol.EdgeInsets,
      contentLength: Double
    ) {
      self.offset = offset
      self.viewport = viewport
      self.contentInsets = contentInsets
      self.contentLength = contentLength
    }

    init(_ geometry: SwiftUI.ScrollGeometry, axis: EffectHost.ScrollAxis) {
      let insets = geometry.contentInsets
      switch axis {
      case .vertical:
        offset = Double(geometry.contentOffset.y + insets.top)
        contentLength = Double(geometry.contentSize.height)
      case .horizontal:
        offset = Double(geometry.contentOffset.x + insets.leading)
        contentLength = Double(geometry.contentSize.width)
      }
      viewport = EffectProtocol.Size(
        width: Double(geometry.containerSize.width), height: Double(geometry.containerSize.height))
      contentInsets = EffectProtocol.EdgeInsets(
        top: Double(insets.top), bottom: Double(insets.bottom), left: Double(insets.leading),
        right: Double(insets.trailing))
    }

    /// The viewport as the host of a scene scrolling along `axis` takes it: a
    /// horizontal scene's host holds its vertical twin (``ScrollAxis``), so
    /// width and height swap.
    func hostViewport(_ axis: EffectHost.ScrollAxis) -> EffectProtocol.Size {
      switch axis {
      case .vertical: viewport
      case .horizontal: EffectProtocol.Size(width: viewport.height, height: viewport.width)
      }
    }

    /// The insets as the host of a scene scrolling along `axis` takes them:
    /// the twin's top is the leading inset, its bottom the trailing one, its
    /// left and right the top and bottom.
    func hostInsets(_ axis: EffectHost.ScrollAxis) -> EffectProtocol.EdgeInsets {
      switch axis {
      case .vertical: contentInsets
      case .horizontal:
        EffectProtocol.EdgeInsets(
          top: contentInsets.left, bottom: contentInsets.right, left: contentInsets.top,
          right: contentInsets.bottom)
      }
    }

    /// Whether a host can evaluate the frame: every value finite, the
    /// viewport more than 0 on both sides, insets and content 0 or more, and
    /// none but the offset past 1e9, as a scene file's (the host's layout
    /// changes take no other; the offset it clamps). A scroll view reports
    /// a zero size before its first layout.
    var isEvaluable: Bool {
      let insets = contentInsets
      let sizes = [
        viewport.width, viewport.height, insets.top, insets.bottom, insets.left, insets.right,
        contentLength,
      ]
      return offset.isFinite && sizes.allSatisfy { $0.isFinite && $0 <= NumberRange.limit }
        && viewport.width > 0 && viewport.height > 0
        && min(insets.top, insets.bottom, insets.left, insets.right, contentLength) >= 0
    }
  }

  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  extension EffectProtocol.ScrollPhase {
    /// The host's phase for SwiftUI's: `tracking` (a finger down, the
    /// content not moving yet) is `interacting`, as a finger is down.
    init(_ phase: SwiftUI.ScrollPhase) {
      switch phase {
      case .idle: self = .idle
      case .tracking, .interacting: self = .interacting
      case .decelerating: self = .decelerating
      case .animating: self = .animating
      }
    }
  }
#endif
