import EffectProtocol

// The built-in effects that change each view from the frame, its own
// transform and its natural frame alone (see CopyLocalEffect): a host may
// evaluate only the visible copies of their chains. `expression` is not one:
// its `index` and `count` see the whole chain.

extension StretchEffect: CopyLocalEffect {}
extension FooterPinEffect: CopyLocalEffect {}
extension PinEffect: CopyLocalEffect {}
extension ParallaxEffect: CopyLocalEffect {}
extension TranslateEffect: CopyLocalEffect {}
extension CollapseEffect: CopyLocalEffect {}
extension InterpolateEffect: CopyLocalEffect {}
