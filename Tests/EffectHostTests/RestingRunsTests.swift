import EffectProtocol
import ScrollEffectsTestSupport
import StrictJSON
import Testing

@testable import EffectHost

/// Once a full frame has written the views that rest, a frame visits only
/// the chains evaluated by themselves that it may write (``SceneHost/visitedRuns``):
/// it leaves out, untested, the fixed ones and those without effects attached
/// to the viewport, whose natural flags the host wrote when it was made.
/// Every frame of such a host is checked against a fresh host, which visits
/// every chain, and its events against a host of the same scene in which no
/// chain rests.
@Suite("Chains left out of a frame at rest")
struct RestingRunsTests {
  /// Chains evaluated by themselves of every way to rest, with and without
  /// visuals and events, beside chains that move with every frame.
  static let scene = #"""
    {"viewport": {"width": 390, "height": 640}, "contentInsets": {"top": 40, "bottom": 20},
     "contentHeight": 2400,
     "chains": [
       {"name": "rows", "frame": {"y": 0, "height": 60, "x": 10, "width": 300},
        "repeat": {"count": 12, "spacing": 4},
        "events": [{"name": "rowTop", "input": "minY", "crosses": 200}]},
       {"name": "dots", "frame": {"y": 500, "height": 8, "x": 20, "width": 8},
        "attachment": "viewport", "repeat": {"count": 5, "spacing": 6}, "opacity": 0.5,
        "events": [{"name": "dotLow", "input": "minY", "crosses": 530},
                   {"name": "dotSeen", "input": "progress", "crosses": 0.5}]},
       {"name": "ticks", "frame": {"y": 100, "height": 4, "x": 0, "width": 4},
        "attachment": "viewport", "repeat": {"count": 3, "spacing": 2}},
       {"name": "footer", "frame": {"y": 560, "height": 50, "x": 0, "width": 390},
        "attachment": "viewport", "effects": [{"type": "footerPin"}],
        "events": [{"name": "tall", "input": "height", "crosses": 70}]},
       {"name": "cards", "frame": {"y": 300, "height": 120}, "repeat": {"count": 4, "spacing": 10},
        "effects": [{"type": "parallax", "rate": 0.25}],
        "events": [{"name": "cardTop", "input": "minY", "crosses": 100}]},
       {"name": "banner", "frame": {"y": 40, "height": 30}, "attachment": "viewport",
        "repeat": {"count": 2, "spacing": 0}, "zIndex": 2,
        "effects": [{"type": "interpolate", "property": "opacity", "input": "offset",
                     "stops": [[0, 1], [200, 0]]}]}
     ]}
    """#

  /// `json` with an effect that changes nothing but reads the offset added
  /// to every chain attached to the viewport or without effects: a scene
  /// in which no chain rests, with the same views.
  static func moving(_ json: JSONValue) -> JSONValue {
    RestingTwin.moving(json) { members, effects in
      members["attachment"] == .string("viewport") || effects.isEmpty
    }
  }

  /// The scene's runs and the ones a frame at rest visits: every run but
  /// the fixed footer and the two viewport chains without effects.
  @Test("a frame at rest visits only the runs it may write")
  func visitedRuns() throws {
    let scene = try SceneTwinTests.load(SceneTwinTests.parse(Self.scene))
    var host = SceneHost(scene: scene)
    let names = { (runs: [ChainRun]) in runs.map { scene.chains[$0.chain].name } }
    #expect(names(host.runs) == ["rows", "dots", "ticks", "footer", "cards", "banner"])
    #expect(names(host.movingRuns) == ["rows", "cards", "banner"])
    #expect(names(host.visitedRuns) == names(host.runs))
    // A chain without effects keeps its natural frames: its flag is true
    // before any frame writes it, and after every frame.
    let flags = { (host: SceneHost) in
      try ["rows", "dots", "ticks"].map {
        host.eventDetector.naturalChains[try #require(scene.chainIndex(named: $0))]
      }
    }
    #expect(try flags(host) == [true, true, true])
    host.evaluate(offset: 10)
    #expect(names(host.visitedRuns) == ["rows", "cards", "banner"])
    host.evaluate(offset: 30)
    #expect(try flags(host) == [true, true, true])
    host.setViewport(Size(width: 390, height: 700))
    #expect(names(host.visitedRuns) == names(host.runs))
    host.evaluate(offset: 20)
    #expect(names(host.visitedRuns) == ["rows", "cards", "banner"])
  }

  /// In the three directions, a host goes through frames of every kind
  /// (offsets, frames in other viewports, insets and content heights,
  /// windowed frames, copies of the host, live layout changes and counts)
  /// beside a host of the same scene in which no chain rests: each frame
  /// equals the other host's bit for bit and fires the same events, and a
  /// full frame equals a fresh host's.
  @Test("every frame of every kind is that of a host that visits every chain")
  func framesMatch() throws {
    let vertical = try SceneTwinTests.parse(Self.scene)
    for json in [
      vertical, HorizontalTwin.transposed(vertical),
      HorizontalTwin.transposed(vertical, rightToLeft: true),
    ] {
      var scene = try SceneTwinTests.load(json)
      var hosts = (
        rest: SceneHost(scene: scene),
        reference: SceneHost(scene: try SceneTwinTests.load(Self.moving(json)))
      )
      #expect(hosts.reference.movingRuns.count == hosts.reference.runs.count)
      var random = SplitMix64(seed: 0x2E57)
      var geometry = hosts.rest.geometry
      for frame in 0..<150 {
        let label = "\(scene.axis) \(scene.layoutDirection), frame \(frame)"
        switch frame {
        case 50, 100:
          // The layout changes between two frames.
          var viewport = scene.viewport
          viewport.height += frame == 50 ? 48 : -100
          scene.viewport = viewport
          hosts.rest.setViewport(viewport)
          hosts.reference.setViewport(viewport)
          geometry = hosts.rest.geometry
        case 75, 125:
          // A chain without effects in the viewport gets another count.
          let index = try #require(scene.chainIndex(named: frame == 75 ? "dots" : "ticks"))
          let repetition = Chain.Repetition(count: frame == 75 ? 9 : 1, spacing: 3)
          scene.chains[index].repetition = repetition
          hosts.rest.setRepetition(repetition, ofChain: index)
          hosts.reference.setRepetition(repetition, ofChain: index)
        default: break
        }
        guard
          RestingTwin.frame(
            &hosts, names: ("resting runs left out", "every run"), scene: scene,
            random: &random, geometry: &geometry, label: label)
        else { return }
      }
    }
  }
}
