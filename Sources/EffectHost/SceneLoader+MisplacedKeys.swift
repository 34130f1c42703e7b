import EffectProtocol

extension SceneLoader {
  /// `diagnostics`, problems at the file's paths, each told where its key goes
  /// when it is an unknown key, near no valid key's spelling, that another
  /// object of a scene file takes (``SceneDiagnostic/Problem/misplacedKey(owner:place:valid:)``):
  /// `"repeat"` in a frame is a chain's, `"stops"` on a chain an effect's,
  /// `"crosses"` in an effect an event's, `"contentInsets"` in the viewport
  /// the scene's.
  ///
  /// The keys of effects are the registry's, gathered once for all of a
  /// file's problems.
  func placing(_ diagnostics: [SceneDiagnostic], isSingleChain: Bool) -> [SceneDiagnostic] {
    guard
      diagnostics.contains(where: {
        if case .unknownKey(_, nil, _) = $0.problem { true } else { false }
      })
    else { return diagnostics }
    let effectKeys = self.effectKeys
    return diagnostics.map { diagnostic in
      guard case .unknownKey(let owner, nil, let valid) = diagnostic.problem,
        case .key(let key)? = diagnostic.path.components.last
      else { return diagnostic }
      let parents = Array(diagnostic.path.components.dropLast())
      guard
        let place = Self.place(
          of: key, under: parents, isSingleChain: isSingleChain, effectKeys: effectKeys)
      else { return diagnostic }
      return SceneDiagnostic(
        path: diagnostic.path, problem: .misplacedKey(owner: owner, place: place, valid: valid))
    }
  }

  /// A chain's keys, and a scene's top level's.
  private static let chainKeys = Set(SceneSchema.chainKeys.map(\.key))
  private static let sceneKeys = Set(
    SceneSchema.sceneKeys.map(\.key) + SceneSchema.sceneKeysAfterChains.map(\.key) + ["chains"])

  /// Where `key`, found in the object at `parents`, goes, or `nil`.
  private static func place(
    of key: String, under parents: [JSONPath.Component], isSingleChain: Bool,
    effectKeys: Set<String>
  ) -> String? {
    let eventOnly: Set = ["crosses", "direction"]
    // The chain's level: `chains[i]`, or the top level of a one-chain file.
    let isChain =
      isSingleChain
      ? parents.isEmpty
      : parents.count == 2 && parents[0] == .key("chains")
    if isChain {
      // Before the effects' keys, which an expression's columns are too.
      if ["x", "y", "width", "height"].contains(key) { return "a frame, in the chain's \"frame\"" }
      if ["count", "spacing"].contains(key) { return "a repeat, in the chain's \"repeat\"" }
      if eventOnly.contains(key) { return "an event, in the chain's \"events\"" }
      if !isSingleChain && sceneKeys.contains(key) { return "the scene's top level" }
      if effectKeys.contains(key) {
        return "an effect, in the chain's \"effects\" with its \"type\""
      }
      return nil
    }
    guard let last = parents.last else {
      // A scene's top level with its chains: a chain's own key.
      return chainKeys.contains(key) ? "a chain, in \"chains\"" : nil
    }
    if last == .key("frame") && chainKeys.contains(key) {
      return "a chain, beside \"frame\""
    }
    if last == .key("repeat") && chainKeys.contains(key) {
      return "a chain, beside \"repeat\""
    }
    if parents.count >= 2, parents[parents.count - 2] == .key("effects"), case .index = last {
      if eventOnly.contains(key) { return "an event, in the chain's \"events\"" }
      if chainKeys.contains(key) { return "a chain, beside \"effects\"" }
      return nil
    }
    if parents.count == 1, last == .key("viewport") || last == .key("contentInsets"),
      sceneKeys.contains(key)
    {
      return "the scene's top level"
    }
    return nil
  }

  /// Every key an effect type of the registry takes, and `type`.
  private var effectKeys: Set<String> {
    var keys: Set = ["type"]
    for name in registry.typeNames {
      guard let type = registry.type(named: name) else { continue }
      keys.formUnion(type.descriptor.parameters.map(\.name))
    }
    return keys
  }
}
