import EffectPlugin

/// Moves a view right by `by` points. Of its examples the first holds, the
/// second expects the wrong `x`, and the third misspells `by`.
struct ShoveEffect: StatelessScrollEffect {
  var by: Double

  init(from reader: inout ParameterReader) {
    by = reader.number("by", default: 10, in: .finite)
  }

  static let descriptor = EffectDescriptor(
    typeName: "shove", summary: "Moves a view right by a fixed distance.", discussion: "x += by",
    parameters: [
      ParameterDescriptor(name: "by", values: "points", defaultValue: "10", summary: "the shove")
    ],
    examples: [
      EffectExample("shoved 10", offset: 0, expected: [.x: 10]),
      EffectExample("shoved 20", parameters: #"{"by": 20}"#, offset: 0, expected: [.x: 25]),
      EffectExample("shoved 30", parameters: #"{"bye": 30}"#, offset: 0, expected: [.x: 30]),
    ])

  func apply(to views: inout ViewBatch) {
    let by = by
    views.modifyEach { $0.x += by }
  }
}

@_cdecl("scroll_effects_plugin")
public func scrollEffectsPlugin(_ host: UnsafeMutableRawPointer) {
  EffectPlugin.register([ShoveEffect.self], with: host)
}
