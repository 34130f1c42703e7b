import EffectProtocol

// interpolate in a chain a host evaluates by itself (repeated, or with an
// effect no group takes): the box's curve, made once, on the chain's batch,
// or on its one view in place (InterpolateEffect+OneView.swift).
// Through the effect's witness, each call built the curve from the
// effect's keyframes and shape, copying them to the stack, and went
// through the protocol's witness to get there.

extension InterpolateEffect.EffectBox {
  /// What ``InterpolateEffect/apply(to:)`` does to `views`: the same
  /// curve, input and combiner for each form of the keyframes, so the same
  /// bits, with the curve read where the box holds it.
  package func apply(to views: inout ViewBatch) {
    typealias Effect = InterpolateEffect
    guard evaluates else { return }
    // One view (a chain of one, evaluated by itself): the curve on the view
    // in place, as a group's member gets it, without the set-up of the
    // batch's loops. Two linear stops keep their own loop.
    if views.count == 1 && !isPair {
      applyToOne(&views)
      return
    }
    let timeline = hasTimeline ? timeline : nil
    switch ease {
    case .keyframes where isPair:
      Effect.apply(pair, property: property, input: input, to: &views)
    case .keyframes:
      Effect.apply(curve, property: property, input: input, to: &views)
    case .bezier:
      Effect.apply(
        Effect.EasedKeyframes(curve: curve, ease: bezier), property: property, input: input,
        timeline: timeline, to: &views)
    case .steps:
      Effect.apply(
        Effect.EasedKeyframes(curve: curve, ease: steps), property: property, input: input,
        timeline: timeline, to: &views)
    case .piecewiseLinear:
      Effect.apply(
        Effect.EasedKeyframes(curve: curve, ease: linearPoints), property: property,
        input: input, timeline: timeline, to: &views)
    }
  }
}
