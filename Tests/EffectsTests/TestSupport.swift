import EffectProtocol
import Effects

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
  let geometry = setup.geometry(offset: offset)
  let natural = setup.naturalViewportFrame(offset: offset)
  var transforms = (0..<count).map { index in
    var frame = natural
    frame.y += Double(index) * stride
    return ViewTransform(frame: frame)
  }
  transforms.withUnsafeMutableBufferPointer { buffer in
    guard let base = buffer.baseAddress else { return }
    var batch = ViewBatch(
      geometry: geometry, attachment: setup.attachment, naturalFrame: setup.frame, stride: stride,
      base: base, count: count)
    for effect in effects {
      apply(effect, to: &batch)
    }
  }
  return transforms
}

private func apply<Effect: ScrollEffect>(_ effect: Effect, to batch: inout ViewBatch) {
  var state = effect.makeState(viewCount: batch.count)
  effect.apply(to: &batch, state: &state)
}

/// A test effect that gives every view the same height, standing in for an
/// earlier effect of a chain that changed it.
struct FixedHeight: StatelessScrollEffect {
  var height: Double

  init(_ height: Double) {
    self.height = height
  }

  init(from reader: inout ParameterReader) {
    height = reader.number("height", default: 0, in: .nonNegative)
  }

  static let descriptor = EffectDescriptor(
    typeName: "fixedHeight", summary: "Sets every view's height.", discussion: "height = h",
    parameters: [], examples: [])

  func apply(to views: inout ViewBatch) {
    views.modifyEach { view in view.height = height }
  }
}
