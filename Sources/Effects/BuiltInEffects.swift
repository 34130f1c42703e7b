import EffectProtocol

/// The built-in effects, in the order `effectctl effects` lists them: the one
/// list a registry starts from.
public enum BuiltInEffects {
  public static let all: [any ScrollEffect.Type] = [
    StretchEffect.self,
    FooterPinEffect.self,
    PinEffect.self,
    ParallaxEffect.self,
    TranslateEffect.self,
    CollapseEffect.self,
    InterpolateEffect.self,
    ExpressionEffect.self,
    FloatEffect.self,
  ]
}
