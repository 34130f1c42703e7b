import EffectProtocol

// The built-in effects that change each view from the frame, its own
// transform and its natural frame alone (see CopyLocalEffect): a host may
// evaluate only the visible copies of their chains. `expression` is not one:
// its `index` and `count` see the whole chain.
//
// Each writes its own `applyEach` as `run(effects, group)`: the loop is
// then specialised for the type (see CopyLocalEffect.applyEach).

extension StretchEffect: CopyLocalEffect {
  package static func applyEach(_ effects: [Self], _ group: SingleViewGroup) {
    run(effects, group)
  }
}
extension FooterPinEffect: CopyLocalEffect {
  package static func applyEach(_ effects: [Self], _ group: SingleViewGroup) {
    run(effects, group)
  }
}
extension PinEffect: CopyLocalEffect {
  package static func applyEach(_ effects: [Self], _ group: SingleViewGroup) {
    run(effects, group)
  }
}
extension ParallaxEffect: CopyLocalEffect {
  package static func applyEach(_ effects: [Self], _ group: SingleViewGroup) {
    run(effects, group)
  }
}
extension TranslateEffect: CopyLocalEffect {
  package static func applyEach(_ effects: [Self], _ group: SingleViewGroup) {
    run(effects, group)
  }
}
extension CollapseEffect: CopyLocalEffect {
  package static func applyEach(_ effects: [Self], _ group: SingleViewGroup) {
    run(effects, group)
  }
}
// interpolate keeps a form of its own: InterpolateEffect+Group.swift.

extension CopyLocalEffect where GroupForm == Self {
  /// The default `applyEach`, compiled in this module, where the
  /// conformances are: each type's `applyEach` gets the loop specialised
  /// for it. The same loop as EffectProtocol's default on purpose: a
  /// witness here that calls that generic inlinable loop is not
  /// specialised across the module boundary (the feed measured 18 975
  /// instructions a frame that way, 7 225 with this copy).
  @inline(__always)
  static func run(_ effects: [Self], _ group: SingleViewGroup) {
    for index in group.members.indices {
      var batch = group.batch(member: index)
      effects[index].apply(to: &batch)
    }
  }
}
