import EffectProtocol

// Reduced motion: the scene that a host evaluates when the user asks for it.
extension Scene {
  /// This scene without the effects that reduced motion skips: every
  /// chain's effects whose ``Chain/reducedMotion(ofEffect:)`` is
  /// ``ReducedMotion/skip`` left out, everything else (content height
  /// included) as it is.
  public func reducingMotion() -> Scene {
    var scene = self
    scene.chains = chains.map { $0.reducingMotion() }
    return scene
  }
}

extension Chain {
  /// What reduced motion does with effect `index`: its entry in
  /// ``reducedMotion``, or the effect's ``ScrollEffect/defaultReducedMotion``
  /// when it has none.
  public func reducedMotion(ofEffect index: Int) -> ReducedMotion {
    index < reducedMotion.count ? reducedMotion[index] : effects[index].defaultReducedMotion
  }

  /// This chain without the effects that reduced motion skips.
  public func reducingMotion() -> Chain {
    let kept = effects.indices.filter { reducedMotion(ofEffect: $0) == .keep }
    var chain = self
    chain.effects = kept.map { effects[$0] }
    chain.reducedMotion = kept.map { _ in .keep }
    return chain
  }
}
