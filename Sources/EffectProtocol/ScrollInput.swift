/// A value that scrolling changes, measured in one frame: what
/// `interpolate`'s stops, a chain's events and an expression's names of the
/// same spelling read.
///
/// `offset`, `pull` and `pullBottom` are the frame's (``ScrollGeometry``);
/// `minY`, `height`, `minX`, `width` and `progress` are a view's, read from
/// its current transform.
public enum ScrollInput: String, Sendable, CaseIterable {
  /// The scroll offset, points (0 at rest).
  case offset
  /// How far the content is pulled past its top, points: `max(0, -offset)`.
  case pull
  /// How far the content is pulled past its bottom, points:
  /// `max(0, offset - maxOffset)`.
  case pullBottom
  /// The view's current top in the viewport, points.
  case minY
  /// The view's current height, points.
  case height
  /// The view's current left edge in the viewport, points: a horizontal
  /// scene's input along its axis.
  case minX
  /// The view's current width, points.
  case width
  /// CSS's `view()` cover progress, `(V - minY) / (V + height)`: 0 as the
  /// view's top enters at the viewport's bottom, 1 as its bottom leaves at
  /// the top.
  case progress

  /// Whether the value is a view's (read from its transform) rather than
  /// the frame's, the same for every view.
  public var isPerView: Bool {
    switch self {
    case .offset, .pull, .pullBottom: false
    case .minY, .height, .minX, .width, .progress: true
    }
  }
}

extension ScrollInput: AliasedChoice {
  /// `pullStart` and `pullEnd`, the pulls past either end in both axes:
  /// `pull` and `pullBottom`, whatever effect reads the input.
  package static var aliases: [(alias: String, meaning: String)] {
    [("pullStart", "pull"), ("pullEnd", "pullBottom")]
  }
}
