import EffectProtocol
import Effects
import ScrollEffectsTestSupport

/// The full text of the error thrown when decoding `json` as `type`, or
/// `nil` when it decodes.
func decodingError<Effect: ScrollEffect>(_ type: Effect.Type, _ json: String) -> String? {
  do {
    _ = try type.decode(json: json)
    return nil
  } catch {
    return String(describing: error)
  }
}

/// Evaluates `effects` on `count` copies of `setup`'s view, each `stride`
/// below the last, in one batch, as a host does for a repeated chain.
func evaluateBatch(
  _ effects: [any ScrollEffect], setup: ExampleSetup, count: Int, stride: Double, offset: Double
) -> [ViewTransform] {
  var evaluator = EffectEvaluator(
    effects, naturalFrame: setup.frame, attachment: setup.attachment, count: count,
    stride: stride)
  return evaluator.evaluate(setup.geometry(offset: offset))
}

/// A test effect that gives every view the same height, standing in for an
/// earlier effect of a chain that changed it.
func fixedHeight(_ height: Double) -> BatchProbe {
  BatchProbe { views in views.modifyEach { view in view.height = height } }
}
