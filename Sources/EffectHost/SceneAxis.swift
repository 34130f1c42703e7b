/// The direction a scene scrolls in (the file's `"axis"`).
///
/// A horizontal scene is held and evaluated as its vertical twin: the scene
/// with x and y, widths and heights, and the left and right insets with the
/// top and bottom ones swapped, so that every effect, the layout and the
/// scroll physics have one implementation along y. ``SceneHost`` maps each
/// evaluated transform back to the screen's axes.
public enum ScrollAxis: String, Sendable, CaseIterable {
  /// Scrolls along y; the default.
  case vertical
  /// Scrolls along x: carousels, paged photos, chips.
  case horizontal
}

/// The direction a horizontal scene reads in (the file's `"layoutDirection"`).
///
/// A right-to-left scene is laid out and evaluated as its left-to-right twin
/// (its left and right insets swapped) and shown as that twin's mirror image:
/// `x' = W - x - width`, `translateX' = -translateX`, `anchorX' = 1 - anchorX`,
/// `rotation' = -rotation`. Its leading edge is the right one.
public enum LayoutDirection: String, Sendable, CaseIterable {
  /// The default.
  case leftToRight
  /// The mirror image of the left-to-right scene.
  case rightToLeft
}
