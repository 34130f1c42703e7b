/// The physics a simulated scroll follows (`--physics`).
public enum ScrollPhysics: String, Sendable, Equatable, CaseIterable {
  /// UIScrollView's: rubber band past the edges while dragging, exponential
  /// deceleration, spring-back from past an edge.
  case ios
  /// Android's OverScroller fling as Flutter's ClampingScrollSimulation
  /// ports it: no overscroll, a fling stops at an edge.
  case android
}
