import EffectPlugin

/// Fades a view to `reducedMotion` opacity: an author's name for "how far
/// to fade under reduced motion", which the loader takes for itself.
struct DimEffect: StatelessScrollEffect {
  var opacity: Double

  init(from reader: inout ParameterReader) {
    opacity = reader.number("reducedMotion", default: 0.5, in: .unitInterval)
  }

  static let descriptor = EffectDescriptor(
    typeName: "dim", summary: "Fades a view to a fixed opacity.",
    discussion: "opacity = reducedMotion",
    parameters: [
      ParameterDescriptor(
        name: "reducedMotion", values: "0 to 1", defaultValue: "0.5", summary: "the opacity")
    ],
    examples: [EffectExample("dimmed", offset: 0, expected: [.opacity: 0.5])])

  func apply(to views: inout ViewBatch) {
    let opacity = opacity
    views.modifyEach { $0.opacity = opacity }
  }
}

@_cdecl("scroll_effects_plugin")
public func scrollEffectsPlugin(_ host: UnsafeMutableRawPointer) {
  EffectPlugin.register([DimEffect.self], with: host)
}
