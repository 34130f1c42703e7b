/// What a scroll view is doing at a frame, with SwiftUI's `ScrollPhase` names.
///
/// Each frame a host evaluates is (geometry, time, phase); effects read the
/// phase from their ``ViewBatch``. `effectctl eval` frames are `idle` and
/// untimed.
public enum ScrollPhase: String, Sendable, Equatable, CaseIterable {
  /// At rest: nothing moves.
  case idle
  /// A finger is down: the content follows it.
  case interacting
  /// Moving freely after the finger lifted: inertia, spring-back or snapping.
  case decelerating
  /// A programmatic scroll (`scrollTo`).
  case animating
}
