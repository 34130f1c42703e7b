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
      let effects = (0..<random.next(in: 0...4)).map { _ in effectJSON(random.pick(types)) }
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
      let effects = random.pick(lists).map { effectJSON($0) }
      chains.append(chain + ", \"effects\": [" + effects.joined(separator: ", ") + "]}")
    }
    return wrap(chains)
  }

  /// An effect of type `type` with random parameters on the half-point
  /// grid, as JSON.
  mutating func effectJSON(_ type: String) -> String {
    let members = BuiltInEffectGenerators.named(type).exact(&random)
    return "{\"type\": \"\(type)\"" + (members.isEmpty ? "" : ", " + members) + "}"
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

  /// A scene whose chains place each other: frames without `x` or `width`
  /// (the safe area), chains `after` earlier content-attached ones, visuals
  /// of their own, pins whose `until` names a chain or says `"next"`, side
  /// insets, and repeated chains.
  mutating func layoutSceneJSON() -> String {
    let types = BuiltInEffectGenerators.all.map(\.typeName).sorted()
    let count = random.next(in: 1...7)
    let attachments = (0..<count).map { _ in random.chance(0.75) ? "content" : "viewport" }
    let contentChains = attachments.indices.filter { attachments[$0] == "content" }
    var chains: [String] = []
    for index in 0..<count {
      let height = Double(random.next(in: 0...600)) / 2 + 0.5
      var frame = ["\"height\": \(height)"]
      if random.chance(0.5) { frame.append("\"x\": \(random.next(in: -20...20))") }
      if random.chance(0.5) { frame.append("\"width\": \(random.next(in: 1...400))") }
      let earlier = contentChains.filter { $0 < index }
      let isAfter = attachments[index] == "content" && !earlier.isEmpty && random.chance(0.5)
      frame.append(
        "\"y\": \(Double(random.next(in: isAfter ? -40...120 : -200...3000)) / 2)")
      var chain = "{\"name\": \"c\(index)\", \"frame\": {" + frame.joined(separator: ", ") + "}"
      chain += ", \"attachment\": \"\(attachments[index])\""
      if isAfter { chain += ", \"after\": \"c\(random.pick(earlier))\"" }
      if random.chance(0.25) { chain += ", \"zIndex\": \(random.next(in: -2...3))" }
      if random.chance(0.25) { chain += ", \"opacity\": \(Double(random.next(in: 0...4)) / 4)" }
      let repeated = random.chance(0.4)
      if repeated {
        chain += ", \"repeat\": {\"count\": \(random.next(in: 0...12))"
        chain += ", \"spacing\": \(Double(random.next(in: 0...40)) / 2)}"
      }
      var effects = (0..<random.next(in: 0...3)).map { _ in effectJSON(random.pick(types)) }
      let edge = random.pick(["top", "bottom"])
      // A stateful chain's reference (an evaluator carried through the
      // changes) keeps its effects as made: no pin that follows the layout.
      let isStateful = effects.contains { $0.contains("\"float\"") }
      if !isStateful && !contentChains.isEmpty && random.chance(0.3) {
        let anchor = random.pick(contentChains)
        let pin =
          "{\"type\": \"pin\", \"edge\": \"\(edge)\", \"until\": {\"chain\": \"c\(anchor)\"}}"
        effects.insert(pin, at: random.next(in: 0...effects.count))
      }
      if !isStateful && repeated && random.chance(0.4) {
        let pin = "{\"type\": \"pin\", \"edge\": \"\(edge)\", \"until\": \"next\"}"
        effects.insert(pin, at: random.next(in: 0...effects.count))
      }
      chains.append(chain + ", \"effects\": [" + effects.joined(separator: ", ") + "]}")
    }
    var scene = "{\"viewport\": {\"width\": \(random.next(in: 200...900))"
    scene += ", \"height\": \(random.next(in: 300...1000))}"
    scene += ", \"contentInsets\": {\"top\": \(random.next(in: 0...60))"
    scene += ", \"bottom\": \(random.next(in: 0...40)), \"left\": \(random.next(in: 0...50))"
    scene += ", \"right\": \(random.next(in: 0...50))}"
    if random.chance(0.3) { scene += ", \"contentHeight\": \(random.next(in: 0...4000))" }
    return scene + ", \"chains\": [" + chains.joined(separator: ", ") + "]}"
  }
}
