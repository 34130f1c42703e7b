/// What an effect does when the user asks for reduced motion (SwiftUI's
/// `accessibilityReduceMotion`, `effectctl --reduce-motion`).
///
/// Apple's Human Interface Guidelines ask that views not move, scale or
/// rotate for decoration when motion is reduced: such effects are skipped. A
/// skipped effect does not run, as if its chain did not list it. A scene may
/// choose for each effect with its `"reducedMotion"` key; without it, the
/// effect's ``ScrollEffect/defaultReducedMotion`` holds.
public enum ReducedMotion: String, Sendable, CaseIterable {
  /// The effect runs as usual.
  case keep
  /// The effect does not run.
  case skip
}
