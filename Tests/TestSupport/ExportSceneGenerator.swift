import EffectHost
import EffectProtocol
import Effects

/// Random scenes for checking exports against the host, from a seed: every
/// built-in effect (parameters of any value, or on exact grids), repeated
/// chains, both attachments, events on every input, stateful chains, random
/// viewports, insets and content heights; a quarter of them horizontal and a
/// quarter right to left (``HorizontalTwin``). Reduced motion is the
/// caller's to set (SwiftExportCompiledTests sets it on one scene in seven).
public struct ExportSceneGenerator {
  public var random: SplitMix64

  public init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// The built-in types, in the order the generator draws from.
  public static let types = BuiltInEffectGenerators.all.map(\.typeName).sorted()

  /// A scene's JSON text: 1 to 6 chains of 0 to 4 effects each; chain
  /// `index` of a scene of `types` effects draws from them alone (every
  /// type is then sure to appear in a run of scenes).
  public mutating func sceneJSON(types: [String] = Self.types) -> String {
    var chains: [String] = []
    var contentChains: [Int] = []
    for index in 0..<random.next(in: 1...6) {
      let height = Double(random.next(in: 0...800)) / 2 + 0.5
      let isContent = random.chance(0.5)
      // Placed after an earlier chain, or at a y of its own; x and width
      // left to the safe area now and then.
      let after = isContent && !contentChains.isEmpty && random.chance(0.3)
      var frame = [
        "\"y\": \(Double(random.next(in: after ? -40...120 : -200...3000)) / 2)",
        "\"height\": \(height)",
      ]
      if random.chance(0.8) { frame.append("\"x\": \(random.next(in: -20...20))") }
      if random.chance(0.8) { frame.append("\"width\": \(random.next(in: 1...400))") }
      var chain = "{\"name\": \"c\(index)\", \"frame\": {" + frame.joined(separator: ", ") + "}"
      chain += ", \"attachment\": \(isContent ? "\"content\"" : "\"viewport\"")"
      if after { chain += ", \"after\": \"c\(random.pick(contentChains))\"" }
      if random.chance(0.15) { chain += ", \"zIndex\": \(random.next(in: -2...3))" }
      if random.chance(0.15) { chain += ", \"opacity\": \(Double(random.next(in: 0...4)) / 4)" }
      let repeated = random.chance(0.4)
      if repeated {
        chain += ", \"repeat\": {\"count\": \(random.next(in: 0...40))"
        chain += ", \"spacing\": \(Double(random.next(in: 0...40)) / 2)}"
      }
      var effects = (0..<random.next(in: 0...4)).map { _ in effect(random.pick(types)) }
      // Pins whose section edge follows the layout.
      if repeated && random.chance(0.2) {
        effects.append("{\"type\": \"pin\", \"until\": \"next\"}")
      }
      if !contentChains.isEmpty && random.chance(0.15) {
        let edge = random.pick(["top", "bottom"])
        effects.append(
          "{\"type\": \"pin\", \"edge\": \"\(edge)\", \"until\": {\"chain\": \"c\(random.pick(contentChains))\"}}"
        )
      }
      chain += ", \"effects\": [" + effects.joined(separator: ", ") + "]"
      if random.chance(0.3) {
        let events = (0..<random.next(in: 1...3)).map { index in event(index) }
        chain += ", \"events\": [" + events.joined(separator: ", ") + "]"
      }
      chains.append(chain + "}")
      if isContent { contentChains.append(index) }
    }
    var scene = "{\"viewport\": {\"width\": \(random.next(in: 200...500))"
    scene += ", \"height\": \(random.next(in: 300...1000))}"
    scene += ", \"contentInsets\": {\"top\": \(random.next(in: 0...60))"
    scene += ", \"bottom\": \(random.next(in: 0...40)), \"left\": \(random.next(in: 0...30))"
    scene += ", \"right\": \(random.next(in: 0...30))}"
    if random.chance(0.5) { scene += ", \"contentHeight\": \(random.next(in: 0...4000))" }
    return scene + ", \"chains\": [" + chains.joined(separator: ", ") + "]}"
  }

  /// An effect of `type`: half the time with parameters of any value, half
  /// on exact grids.
  mutating func effect(_ type: String) -> String {
    let generator = BuiltInEffectGenerators.named(type)
    var members =
      random.chance(0.5)
      ? generator.make(&random).members.joined(separator: ", ") : generator.exact(&random)
    // An interpolate with a step or linear() easing now and then, on any
    // input (the effects' generator gives them on progress only).
    if type == "interpolate", random.chance(0.25),
      let easing = members.range(of: #""easing": "#)
    {
      let end = members[easing.upperBound...].range(of: ", \"")?.lowerBound
      let shaped = random.pick(Self.shapedEasings)
      members.replaceSubrange(
        easing.lowerBound..<(end ?? members.endIndex), with: #""easing": "\#(shaped)""#)
    }
    return "{\"type\": \"\(type)\"" + (members.isEmpty ? "" : ", " + members) + "}"
  }

  /// The CSS easings the library evaluates out of line.
  static let shapedEasings = [
    "steps(4)", "step-start", "step-end", "steps(3, jump-both)", "steps(2, jump-none)",
    "steps(5, jump-start)", "linear(0, 0.25 75%, 1)", "linear(1, 0 50%, 1 50%, 0)",
    "linear(0, 1.5 40%, -0.5 60% 70%, 1)",
  ]

  /// The view ranges and timeline insets events on progress draw from.
  public static let ranges = [
    "entry", "exit", "contain", "cover 10% cover 90%", "entryCrossing 20px exitCrossing",
    "contain -50% entry 200%", "exit 100% entry 0%", "exitCrossing 50%",
  ]
  public static let timelineInsets = [
    "\"auto\"", "[20, \"10%\"]", "-30", "\"50%\"", "[\"auto\", 0]",
  ]

  mutating func event(_ index: Int) -> String {
    let input = random.pick([
      "offset", "pull", "pullBottom", "minY", "height", "minX", "width", "progress",
    ])
    let crosses =
      input == "progress"
      ? Double(random.next(in: -4...12)) / 8 : Double(random.next(in: -400...2400)) / 2
    var text = "{\"name\": \"e\(index)\", \"input\": \"\(input)\", \"crosses\": \(crosses)"
    if random.chance(0.7) {
      text += ", \"direction\": \"\(random.pick(["increasing", "decreasing", "both"]))\""
    }
    if input == "progress", random.chance(0.5) {
      text += ", \"range\": \"\(random.pick(Self.ranges))\""
    }
    if input == "progress", random.chance(0.3) {
      text += ", \"timelineInset\": \(random.pick(Self.timelineInsets))"
    }
    return text + "}"
  }

  /// `count` scenes that load, with their names, from seeds `seed`, `seed + 1`, ...:
  /// the seeds 1 and 2 more than a multiple of 4 transposed into horizontal
  /// and right-to-left scenes (``HorizontalTwin``).
  public static func scenes(count: Int, seed: UInt64, loader: SceneLoader = SceneLoader())
    -> [(name: String, scene: Scene, json: String)]
  {
    var scenes: [(name: String, scene: Scene, json: String)] = []
    var next = seed
    while scenes.count < count {
      var generator = ExportSceneGenerator(seed: next)
      // Every type alone now and then, so that each is sure to be exported.
      let types =
        next % 3 == 0 ? [Self.types[Int(next / 3) % Self.types.count]] : Self.types
      var json = generator.sceneJSON(types: types)
      var name = "seed \(next)"
      if next % 4 == 1 || next % 4 == 2, let vertical = try? JSONParser.parse(json) {
        let rightToLeft = next % 4 == 2
        json = HorizontalTwin.text(HorizontalTwin.transposed(vertical, rightToLeft: rightToLeft))
        name += rightToLeft ? " (right to left)" : " (horizontal)"
      }
      if let scene = try? loader.load(json: json, file: name) {
        scenes.append((name, scene, json))
      }
      next += 1
    }
    return scenes
  }
}
