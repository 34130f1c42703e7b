import Effects
import ScrollEffectsTestSupport
import Testing

@testable import EffectHost

/// The fields of a chain that the host finds from its effects' statements
/// (``SceneHost/fieldsWritten(byChain:in:)``, what the right-to-left
/// mirror and the events' constant inputs read) are those its effects'
/// exported Swift writes, for chains of several random built-in effects,
/// placed pins among them.
@Suite struct FieldsWrittenTests {
  @Test("a chain's stated fields are those its exported Swift writes", arguments: 0..<4)
  func statedFieldsAreTheExportedOnes(seed: UInt64) throws {
    var random = SplitMix64(seed: 900 + seed)
    var chainsWithEffects = 0
    for _ in 0..<20 {
      let scene = try SceneLoader().load(
        json: RandomChainPropertyTests.generateScene(&random).json)
      for index in scene.chains.indices {
        let stated = SceneHost.fieldsWritten(byChain: index, in: scene)
        let exported = SceneHost.exportedFieldsWritten(byChain: index, in: scene)
        #expect(stated != nil)
        #expect(stated == exported, "chain \(index) of \(scene.chains[index].effects)")
        if !scene.chains[index].effects.isEmpty { chainsWithEffects += 1 }
      }
    }
    #expect(chainsWithEffects > 20)
  }
}
