/// What a scroll view is doing at a frame, with SwiftUI's `ScrollPhase` names.
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

/// The physics a simulated scroll follows (`--physics`).
public enum ScrollPhysics: String, Sendable, Equatable, CaseIterable {
  /// UIScrollView's: rubber band past the edges while dragging, exponential
  /// deceleration, spring-back from past an edge.
  case ios
  /// Android's OverScroller fling as Flutter's ClampingScrollSimulation
  /// ports it: no overscroll, a fling stops at an edge.
  case android
}
