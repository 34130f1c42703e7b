import EffectHost
import EffectProtocol
import Effects
import ScrollEffectsTestSupport
import Testing

/// A host made for reduced motion evaluates a scene as if its chains did not
/// list the effects that reduced motion skips: its frames are, bit for bit,
/// those of the scene file with those effects removed.
@Suite struct SceneHostReducedMotionTests {
  /// Three versions of one random scene file: `marked`, whose effects say
  /// `"reducedMotion"` now and then; `unmarked`, the same without the key;
  /// and `reduced`, without the effects that reduced motion skips (the key,
  /// else the type's default as the scene-file documentation lists it).
  struct Versions {
    var marked: String
    var unmarked: String
    var reduced: String
    var skipped: Int
  }

  /// The types skipped by default, and `interpolate`'s properties that are.
  static let skippedTypes: Set<String> = ["parallax", "translate"]
  static let skippedProperties: Set<String> = [
    "translateX", "translateY", "scale", "scaleX", "scaleY", "rotation",
  ]

  /// Chains whose effect lists are drawn from a few lists of types, so that
  /// some form groups (the host's fast path), with repeated chains now and
  /// then.
  static func versions(seed: UInt64) throws -> Versions {
    var generator = RandomScene(seed: seed)
    let types = BuiltInEffectGenerators.all.map(\.typeName).sorted()
    let lists = (0..<generator.random.next(in: 1...3)).map { _ in
      (0..<generator.random.next(in: 0...4)).map { _ in generator.random.pick(types) }
    }
    var marked: [String] = []
    var unmarked: [String] = []
    var reduced: [String] = []
    var skipped = 0
    for index in 0..<generator.random.next(in: 1...12) {
      var start = generator.chainStart(index)
      if generator.random.next(in: 0...3) == 0 {
        start += ", \"repeat\": {\"count\": \(generator.random.next(in: 0...8))}"
      }
      var effects: (marked: [String], unmarked: [String], reduced: [String]) = ([], [], [])
      for type in generator.random.pick(lists) {
        let members = BuiltInEffectGenerators.named(type).exact(&generator.random)
        let object = "{\"type\": \"\(type)\"" + (members.isEmpty ? "" : ", " + members) + "}"
        let choice = generator.random.pick([nil, "keep", "skip"] as [String?])
        let isSkipped = try choice.map { $0 == "skip" } ?? isSkippedByDefault(type, object)
        effects.unmarked.append(object)
        effects.marked.append(
          choice.map { "{\"reducedMotion\": \"\($0)\", " + object.dropFirst() } ?? object)
        if isSkipped { skipped += 1 } else { effects.reduced.append(object) }
      }
      func chain(_ effects: [String]) -> String {
        start + ", \"effects\": [" + effects.joined(separator: ", ") + "]}"
      }
      marked.append(chain(effects.marked))
      unmarked.append(chain(effects.unmarked))
      reduced.append(chain(effects.reduced))
    }
    // One viewport, insets and content height for the three.
    let wrapped = generator.wrap(["CHAINS"])
    func scene(_ chains: [String]) -> String {
      wrapped.replacing("CHAINS", with: chains.joined(separator: ", "))
    }
    return Versions(
      marked: scene(marked), unmarked: scene(unmarked), reduced: scene(reduced), skipped: skipped)
  }

  static func isSkippedByDefault(_ type: String, _ object: String) throws -> Bool {
    if skippedTypes.contains(type) { return true }
    guard type == "interpolate" else { return false }
    guard case .object(let members) = try JSONParser.parse(object),
      case .string(let property)? = members["property"]
    else {
      Issue.record("an interpolate without a property: \(object)")
      return false
    }
    return skippedProperties.contains(property)
  }

  /// The first frame where `host` and `other` differ, at the offsets of the
  /// host tests, in order; `nil` when every frame is the same to the bit.
  static func firstDifference(_ host: SceneHost, _ other: SceneHost) -> String? {
    var (host, other) = (host, other)
    for offset in SceneFiles.offsets(maxOffset: host.geometry.maxOffset) {
      host.evaluate(offset: offset)
      other.evaluate(offset: offset)
      let actual = (0..<host.viewCount).map { host.transform(at: $0) }
      let expected = (0..<other.viewCount).map { other.transform(at: $0) }
      if let difference = firstBitwiseDifference(
        actual, expected, actualName: "reduced motion", expectedName: "edited")
      {
        return "offset \(offset): \(difference)"
      }
    }
    return nil
  }

  @Test("reduced motion gives, bit for bit, the frames of the scene without the skipped effects")
  func randomScenes() throws {
    var skipped = 0
    for seed in 1...60 as ClosedRange<UInt64> {
      let versions = try Self.versions(seed: seed)
      skipped += versions.skipped
      let marked = try SceneLoader().load(json: versions.marked)
      let reduced = try SceneLoader().load(json: versions.reduced)
      let unmarked = try SceneLoader().load(json: versions.unmarked)
      if let difference = Self.firstDifference(
        SceneHost(scene: marked, reducesMotion: true), SceneHost(scene: reduced))
      {
        Issue.record("seed \(seed), \(difference)\n\(versions.marked)")
      }
      // Without reduced motion the key changes nothing.
      if let difference = Self.firstDifference(
        SceneHost(scene: marked), SceneHost(scene: unmarked))
      {
        Issue.record("seed \(seed) without reduced motion, \(difference)\n\(versions.marked)")
      }
    }
    #expect(skipped > 20, "the scenes skip effects")
  }

  @Test("a host says whether it reduces motion, and its scene is the one evaluated")
  func setting() throws {
    let scene = try SceneLoader().load(
      json: #"""
        {"chains": [{"name": "header", "frame": {"height": 300},
          "effects": [{"type": "stretch"}, {"type": "parallax"}]}]}
        """#)
    let plain = SceneHost(scene: scene)
    #expect(!plain.reducesMotion)
    #expect(plain.scene.chains[0].effects.count == 2)
    var reduced = try SceneHost(allocating: scene, reducesMotion: true)
    #expect(reduced.reducesMotion)
    #expect(reduced.scene.chains[0].effects.map { type(of: $0).typeName } == ["stretch"])
    reduced.evaluate(offset: 100)
    #expect(reduced.transform(at: 0).y == -100)
    reduced.evaluate(offset: -100)
    #expect(reduced.transform(at: 0).height == 400)
  }
}
