import EffectHost
import EffectProtocol
import Effects
import Foundation
import ScrollEffectsTestSupport
import Testing

/// Scenes whose single-view chains share lists of effect types, which the
/// host evaluates in groups (one call per effect for every chain of a group).
@Suite struct SceneHostGroupsTests {
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
      contentsOf: SceneFiles.packageRoot.appendingPathComponent("Benchmarks/feed-scene.json")
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
      contentsOf: SceneFiles.packageRoot.appendingPathComponent("Configs/stretchy-header.json")
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
