import ScrollEffectsTestSupport

/// Random scenes of every built-in effect, from a seed: frames, insets and
/// offsets on a grid of 1/2 points so that evaluation is exact.
struct RandomScene {
  var random: SplitMix64

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  mutating func sceneJSON() -> String {
    let types = BuiltInEffectGenerators.all.map(\.typeName).sorted()
    var chains: [String] = []
    for index in 0..<random.next(in: 1...6) {
      var chain = chainStart(index)
      if random.next(in: 0...2) == 0 {
        chain += ", \"repeat\": {\"count\": \(random.next(in: 0...12))"
        chain += ", \"spacing\": \(Double(random.next(in: 0...40)) / 2)}"
      }
      let effects = (0..<random.next(in: 0...4)).map { _ in
        let type = random.pick(types)
        let members = BuiltInEffectGenerators.named(type).exact(&random)
        return "{\"type\": \"\(type)\"" + (members.isEmpty ? "" : ", " + members) + "}"
      }
      chains.append(chain + ", \"effects\": [" + effects.joined(separator: ", ") + "]}")
    }
    return wrap(chains)
  }

  /// A scene of 4 to 16 chains, most of one view, whose effect lists are
  /// drawn from 1 to 3 lists of types (each chain with its own parameters),
  /// with a repeated chain now and then.
  mutating func groupedSceneJSON() -> String {
    let types = BuiltInEffectGenerators.all.map(\.typeName).sorted()
    let lists = (0..<random.next(in: 1...3)).map { _ in
      (0..<random.next(in: 0...3)).map { _ in random.pick(types) }
    }
    var chains: [String] = []
    for index in 0..<random.next(in: 4...16) {
      var chain = chainStart(index)
      if random.next(in: 0...5) == 0 {
        chain += ", \"repeat\": {\"count\": \(random.next(in: 0...6))}"
      }
      let effects = random.pick(lists).map { type in
        let members = BuiltInEffectGenerators.named(type).exact(&random)
        return "{\"type\": \"\(type)\"" + (members.isEmpty ? "" : ", " + members) + "}"
      }
      chains.append(chain + ", \"effects\": [" + effects.joined(separator: ", ") + "]}")
    }
    return wrap(chains)
  }

  /// The start of chain `index`'s object: its name, a random frame on the
  /// half-point grid and its attachment.
  mutating func chainStart(_ index: Int) -> String {
    let height = Double(random.next(in: 0...800)) / 2 + 0.5
    var chain = "{\"name\": \"c\(index)\", \"frame\": {\"x\": \(random.next(in: -20...20))"
    chain += ", \"y\": \(Double(random.next(in: -200...3000)) / 2), \"height\": \(height)"
    chain += ", \"width\": \(random.next(in: 1...400))}"
    return chain + ", \"attachment\": \(random.pick(["\"content\"", "\"viewport\""]))"
  }

  /// A scene of `chains` with a random viewport, insets and content height.
  mutating func wrap(_ chains: [String]) -> String {
    var scene = "{\"viewport\": {\"width\": \(random.next(in: 200...500))"
    scene += ", \"height\": \(random.next(in: 300...1000))}"
    scene += ", \"contentInsets\": {\"top\": \(random.next(in: 0...60))"
    scene += ", \"bottom\": \(random.next(in: 0...40))}"
    if random.next(in: 0...1) == 0 { scene += ", \"contentHeight\": \(random.next(in: 0...4000))" }
    return scene + ", \"chains\": [" + chains.joined(separator: ", ") + "]}"
  }
}
