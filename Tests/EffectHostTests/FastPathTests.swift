import EffectHost
import EffectProtocol
import Effects
import Foundation
import ScrollEffectsTestSupport
import Testing

/// The host's batched evaluation (one call per effect per chain, every copy at
/// once, one reused buffer) gives exactly the transforms of the plainest
/// evaluation: each view alone, one effect at a time, in a one-view batch.
@Suite struct FastPathTests {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every scene file of `Configs/`, and the benchmarks' scenes.
  static let sceneFiles: [String] = {
    let configs = packageRoot.appendingPathComponent("Configs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: configs.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { "Configs/" + $0 }
      + [
        "Benchmarks/bench-scene.json", "Benchmarks/feed-scene.json", "Benchmarks/list-scene.json",
        "Benchmarks/one-effect-scene.json", "Benchmarks/user-effect-scene.json",
        "Fuzz/corpus/valid-groups.json", "Fuzz/corpus/valid-group-classes.json",
      ]
  }()

  /// Offsets from 300 before the top to 300 past the bottom in steps of 12.5,
  /// and the edges: every value a multiple of 1/4, so the two evaluations'
  /// sums are exact and must agree to the last bit.
  static func offsets(maxOffset: Double) -> [Double] {
    var offsets = Array(stride(from: -300.0, through: maxOffset + 300, by: 12.5))
    offsets += [-0.25, 0, 0.25, maxOffset - 0.25, maxOffset, maxOffset + 0.25]
    // Where products saturate, up to the host's limit on offsets (the
    // reference does not clamp offsets beyond it).
    offsets += [6e14, -6e14, 1e15, -1e15]
    return offsets
  }

  /// Compares the host's frames with the reference ones at every offset, in
  /// order, bit for bit.
  static func expectSameFrames(_ scene: Scene, label: String) {
    var host = SceneHost(scene: scene)
    // Stateful chains are compared frame by frame: the reference carries
    // their states over the same sequence of offsets.
    var reference = ViewAloneReference.Session(scene: scene)
    for offset in offsets(maxOffset: scene.geometry(offset: 0).maxOffset) {
      host.evaluate(offset: offset)
      let expected = reference.transforms(offset: offset)
      #expect(host.viewCount == expected.count)
      let actual = (0..<host.viewCount).map { host.transform(at: $0) }
      guard
        let difference = firstBitwiseDifference(
          actual, expected, actualName: "host", expectedName: "per view")
      else { continue }
      Issue.record("\(label) at offset \(offset), \(difference)")
      return
    }
  }

  @Test("the scene files of Configs, Benchmarks and the fuzz corpus's groups match view by view")
  func configsMatch() throws {
    #expect(Self.sceneFiles.count > 1)
    for file in Self.sceneFiles {
      let scene = try SceneLoader().load(
        contentsOf: Self.packageRoot.appendingPathComponent(file).path)
      Self.expectSameFrames(scene, label: file)
    }
  }

  @Test("random chains of every built-in effect are evaluated by the host as view by view")
  func randomChainsMatch() throws {
    #expect(
      Set(BuiltInEffectGenerators.all.map(\.typeName))
        == Set(BuiltInEffects.all.map { $0.typeName }),
      "every built-in effect is drawn")
    for seed in 1...40 as ClosedRange<UInt64> {
      var generator = RandomScene(seed: seed)
      let json = generator.sceneJSON()
      let scene = try SceneLoader().load(json: json, file: "seed \(seed)")
      Self.expectSameFrames(scene, label: "seed \(seed): \(json)")
    }
  }
}

/// Scenes whose single-view chains share lists of effect types, which the
/// host evaluates in groups (one call per effect for every chain of a group).
@Suite struct GroupedChainTests {
  @Test("chains evaluated in groups give the transforms of each view alone, bit for bit")
  func groupsMatch() throws {
    var grouped = 0
    for seed in 1...60 as ClosedRange<UInt64> {
      var generator = RandomScene(seed: seed)
      let json = generator.groupedSceneJSON()
      let scene = try SceneLoader().load(json: json, file: "seed \(seed)")
      grouped += SceneHost(scene: scene).groupedChainCount
      FastPathTests.expectSameFrames(scene, label: "seed \(seed): \(json)")
    }
    // The draw must really exercise groups: about 40% of the chains can join one.
    #expect(grouped > 150, "chains evaluated in groups over 60 scenes: \(grouped)")
  }

  @Test("a feed of single-view chains of the same types forms one group")
  func feedIsOneGroup() throws {
    let scene = try SceneLoader().load(
      contentsOf: FastPathTests.packageRoot.appendingPathComponent("Benchmarks/feed-scene.json")
        .path)
    #expect(scene.chains.count == 50)
    #expect(SceneHost(scene: scene).groupedChainCount == 50)
    #expect(SceneHost(scene: scene).groupCount == 1)
    // parallax: every rate within ±1, one class; interpolate: opacity,
    // translateY and scale of minY, all extended, three; pin: all at the
    // top with an until, one.
    #expect(SceneHost(scene: scene).groupKernelCount == 5)
  }

  @Test("a group's effects run one loop per class: pin by edge and until, parallax by rate")
  func classesSplitKernels() throws {
    let scene = try SceneLoader().load(
      json: """
        {"viewport": {"width": 100, "height": 200}, "contentHeight": 2000, "chains": [
          {"name": "a", "frame": {"y": 0, "height": 10, "width": 10},
           "effects": [{"type": "parallax", "rate": 0.5}, {"type": "pin"}]},
          {"name": "b", "frame": {"y": 300, "height": 10, "width": 10},
           "effects": [{"type": "parallax", "rate": 2}, {"type": "pin", "until": 900}]},
          {"name": "c", "frame": {"y": 600, "height": 10, "width": 10},
           "effects": [{"type": "parallax", "rate": -1}, {"type": "pin", "edge": "bottom"}]},
          {"name": "d", "frame": {"y": 1200, "height": 10, "width": 10}, "attachment": "viewport",
           "effects": [{"type": "parallax", "rate": -1.5},
                       {"type": "pin", "edge": "bottom", "until": 1100, "inset": 4}]}
        ]}
        """, file: "classes.json")
    let host = SceneHost(scene: scene)
    #expect(host.groupCount == 1)
    // parallax, the first effect, writes views at rest: one loop for each
    // class and attachment: |rate| <= 1 (a, c), above it attached to the
    // content (b) and to the viewport (d); pin: all four classes.
    #expect(host.groupKernelCount == 3 + 4)
    FastPathTests.expectSameFrames(scene, label: "classes.json")
  }

  @Test("a parallax within ±1 needs no saturation: the host bounds offsets by the same limit")
  func offsetLimitIsSaturationLimit() {
    #expect(SceneHost.offsetLimit == Saturation.limit)
  }

  @Test("a single-view chain with no partner is a group of its own, one without effects too")
  func loneChainsAreGroups() throws {
    let scene = try SceneLoader().load(
      contentsOf: FastPathTests.packageRoot.appendingPathComponent("Configs/stretchy-header.json")
        .path)
    let host = SceneHost(scene: scene)
    #expect(host.groupedChainCount == 2)
    #expect(host.groupCount == 2)
    FastPathTests.expectSameFrames(scene, label: "stretchy-header.json")
  }

  @Test("repeated chains, chains with events and stateful effects are not grouped")
  func ungroupable() throws {
    let scene = try SceneLoader().load(
      json: """
        {"chains": [
          {"name": "a", "frame": {"y": 0, "height": 10, "width": 10},
           "effects": [{"type": "parallax"}]},
          {"name": "b", "frame": {"y": 20, "height": 10, "width": 10},
           "effects": [{"type": "parallax"}]},
          {"name": "rows", "frame": {"y": 40, "height": 10, "width": 10},
           "repeat": {"count": 3}, "effects": [{"type": "parallax"}]},
          {"name": "c", "frame": {"y": 90, "height": 10, "width": 10},
           "effects": [{"type": "parallax"}],
           "events": [{"name": "e", "input": "offset", "crosses": 5}]},
          {"name": "d", "frame": {"y": 110, "height": 10, "width": 10},
           "effects": [{"type": "float"}]},
          {"name": "e", "frame": {"y": 130, "height": 10, "width": 10},
           "effects": [{"type": "float"}]}
        ]}
        """, file: "ungroupable.json")
    #expect(SceneHost(scene: scene).groupedChainCount == 2)
    FastPathTests.expectSameFrames(scene, label: "ungroupable.json")
  }
}

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
