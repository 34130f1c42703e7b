#if canImport(SwiftUI)
  import SwiftUI

  /// Lays its view out at the view's own size and draws it at the size its
  /// transform gives, so that a stretched header does not push the views
  /// after it down: what the effects change is drawn, never laid out.
  ///
  /// `.frame(width:height:)` would change the size the view takes in its
  /// stack, which would move its neighbours and come back as the view's
  /// measured natural size; this asks the view for its size as its parent
  /// proposes (the natural size, unaffected by the transform) and proposes
  /// the changed size only when it places the view. A view that takes the
  /// size proposed (a resizable image, a shape, a flexible frame) is drawn
  /// at it. A view that takes another size (one of fixed size, or an image
  /// `.scaledToFill()`, wider than proposed) is centred on the frame drawn,
  /// as `.frame(width:height:)` centres its content: it overflows both
  /// sides alike, and scales and turns about the frame's centre.
  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  struct TransformedFrame: Layout {
    var values: ModifierValues

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
      subviews.first?.sizeThatFits(proposal) ?? .zero
    }

    func placeSubviews(
      in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
    ) {
      let size = values.drawnSize(laidOut: bounds.size)
      let centre = CGPoint(x: bounds.minX + size.width / 2, y: bounds.minY + size.height / 2)
      for subview in subviews {
        subview.place(at: centre, anchor: .center, proposal: ProposedViewSize(size))
      }
    }
  }
#endif
