import EffectHost
import EffectProtocol
import Effects
import Foundation
import ScrollEffectsTestSupport
import Testing

/// The host's batched evaluation (one call per effect per chain, every copy at
/// once, one reused buffer) gives exactly the transforms of the plainest
/// evaluation: each view alone, one effect at a time, in a one-view batch
/// (a chain with a stateful effect or an `expression` by an `EffectEvaluator`;
/// see ``ViewAloneReference``).
@Suite struct FastPathTests {
  /// Compares the host's frames with the reference ones at every offset, in
  /// order, bit for bit.
  static func expectSameFrames(_ scene: Scene, label: String) {
    var host = SceneHost(scene: scene)
    // Stateful chains are compared frame by frame: the reference carries
    // their states over the same sequence of offsets.
    var reference = ViewAloneReference.Session(scene: scene)
    for offset in SceneFiles.offsets(maxOffset: scene.geometry(offset: 0).maxOffset) {
      host.evaluate(offset: offset)
      // The reference evaluates a horizontal scene's vertical twin; the
      // host gives the screen's transforms.
      let expected = reference.transforms(offset: offset).map(host.screenMapping.transform)
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

  /// Sections pinned until the next, whose last one's section ends at the
  /// content's end, 900, not where a fourth copy would start (920).
  @Test("pins until the next copy match view by view, the last one until the content's end")
  func untilNextMatches() throws {
    let scene = try SceneLoader().load(json: SceneLayoutTests.untilNextScene)
    Self.expectSameFrames(scene, label: "until next")
  }

  @Test(
    "the scene files of Configs, Benchmarks and the fuzz corpus's groups match view by view",
    arguments: SceneFiles.all)
  func configsMatch(file: String) throws {
    #expect(SceneFiles.all.count > 1)
    let scene = try SceneLoader().load(
      contentsOf: SceneFiles.packageRoot.appendingPathComponent(file).path)
    Self.expectSameFrames(scene, label: file)
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
