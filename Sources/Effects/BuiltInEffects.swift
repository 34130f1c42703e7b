import EffectProtocol

/// The built-in effects, in the order `effectctl effects` lists them: the one
/// list a registry starts from.
public enum BuiltInEffects {
  /// Every built-in effect type: `stretch`, `footerPin`, `pin`, `parallax`, `translate`,
  /// `collapse`, `interpolate`, `expression` and `float`, in this order.
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
