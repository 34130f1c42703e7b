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
