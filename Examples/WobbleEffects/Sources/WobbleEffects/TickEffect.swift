import EffectPlugin

/// Turns a view a little further every frame, whatever the offset: a
/// stateful effect that counts the frames of its chain.
///
/// `rotation += step * n`, in degrees, where `n` is the number of frames
/// this chain was evaluated before this one (0 on the first frame); `step`
/// defaults to 15. The count is the effect's state, one per chain.
public struct TickEffect: ScrollEffect, Equatable {
  /// The frames of the chain evaluated so far.
  public struct State: Sendable, Equatable {
    public var frames: Int = 0
  }

  /// Degrees per frame; default 15.
  public var step: Double

  public init(step: Double = 15) {
    self.step = step
  }

  public init(from reader: inout ParameterReader) {
    step = reader.number("step", default: 15, in: .finite)
  }

  public static let descriptor = EffectDescriptor(
    typeName: "tick",
    summary: "Turns a view a step further every frame: counts the frames of its chain.",
    discussion: "rotation += step * n, where n counts the chain's earlier frames (0 on the first)",
    parameters: [
      ParameterDescriptor(
        name: "step", values: "degrees", defaultValue: "15",
        summary: "how far the view turns each frame",
        domain: .number(.finite, unit: ParameterUnit("degrees")))
    ],
    // Each example is a first frame: no turn yet, whatever the offset.
    examples: [
      EffectExample("the first frame: no turn", offset: 100, expected: [.y: -100])
    ], defaultReducedMotion: "skip")

  public func makeState(viewCount: Int) -> State { State() }

  /// Skipped: the view turns for decoration.
  public var defaultReducedMotion: ReducedMotion { .skip }

  public func apply(to views: inout ViewBatch, state: inout State) {
    let turn = step * Double(state.frames)
    state.frames += 1
    guard turn != 0, turn.isFinite else { return }
    views.modifyVisuals { $0.rotation += turn }
  }
}
