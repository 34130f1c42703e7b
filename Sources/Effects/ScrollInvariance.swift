import EffectProtocol

/// An effect that can say that scrolling does not change what it does: the
/// host then evaluates a chain of such effects attached to the viewport once,
/// and again only when its layout or geometry changes, not every frame.
///
/// Only the library's effects conform; any other effect (a plugin's, a
/// user's) counts as changing with every frame.
package protocol ScrollInvariance {
  /// Whether, on views that do not move, the effect gives the same result in
  /// every frame of the same viewport, insets and content height: it reads
  /// neither the offset nor anything made of it (`pull`, `pullBottom`, the
  /// content's origin), neither the time nor the phase, and keeps no state.
  var isScrollInvariant: Bool { get }
}

extension FooterPinEffect: ScrollInvariance {
  /// The gap is measured from the view to the viewport's bottom edge.
  package var isScrollInvariant: Bool { true }
}

extension PinEffect: ScrollInvariance {
  /// The line is the viewport's; an `until` is a place in the content,
  /// which scrolls.
  package var isScrollInvariant: Bool { until == nil && untilChain == nil && !untilNext }
}

extension InterpolateEffect: ScrollInvariance {
  /// A view's own input (`minY`, `height`, `minX`, `width`, `progress`)
  /// moves only with the view; the offset, `pull` and `pullBottom` scroll.
  package var isScrollInvariant: Bool { input.isPerView }
}

extension ExpressionEffect: ScrollInvariance {
  /// Every name but `offset`, `pull` and `pullBottom` is the view's, its
  /// copy's or the scene's geometry at rest.
  package var isScrollInvariant: Bool { !readsScroll }
}
