import EffectPlugin

/// An effect like any other, compiled against this package's own copy of
/// EffectProtocol.
struct OwnCopyEffect: StatelessScrollEffect {
  init(from reader: inout ParameterReader) {}

  static let descriptor = EffectDescriptor(
    typeName: "ownCopy", summary: "Does nothing; its conformance is to another ScrollEffect.",
    discussion: "", parameters: [], examples: [])

  func apply(to views: inout ViewBatch) {}
}

@_cdecl("scroll_effects_plugin")
public func scrollEffectsPlugin(_ host: UnsafeMutableRawPointer) {
  EffectPlugin.register([OwnCopyEffect.self], with: host)
}
