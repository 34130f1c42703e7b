import EffectProtocol
import Effects
import Testing

@testable import EffectHost

/// A host is a value: its transforms are its own once it evaluates.
@Suite struct HostCopyTests {
  @Test(
    "a copy of a host keeps the frame it was copied with while the original evaluates another",
    arguments: ["Configs/stretchy-header.json", "Benchmarks/bench-scene.json"])
  func copiesKeepTheirFrames(file: String) throws {
    let scene = try SceneLoader().load(
      contentsOf: SceneFiles.packageRoot.appendingPathComponent(file).path)
    var original = SceneHost(scene: scene)
    original.evaluate(offset: -80)
    let pulled = original.withTransforms { Array($0) }
    let copy = original
    original.evaluate(offset: 250)
    // The copy still has the frame at -80, the original that of a host
    // that only ever evaluated 250.
    #expect(copy.withTransforms { Array($0) } == pulled)
    var fresh = SceneHost(scene: scene)
    fresh.evaluate(offset: 250)
    #expect(original.withTransforms { Array($0) } == fresh.withTransforms { Array($0) })
    #expect(pulled != fresh.withTransforms { Array($0) })
  }
}
