import EffectProtocol
import ScrollEffectsTestSupport
import StrictJSON
import Testing

@testable import EffectHost

/// A chain evaluated by itself with visuals of its own (`zIndex`,
/// `opacity`) has its views written by the host, with no step: whole in a
/// frame after a layout change, and once a full frame has written them,
/// only the columns its effects may change and the natural top
/// (``ChainRun/Rewrite``). Every frame of such a host is checked against
/// a host of the same scene whose chains have identity visuals and an
/// `expression` that assigns the visuals as their first effect, and full
/// frames against a fresh host.
@Suite("A chain's own visuals")
struct OwnVisualsTests {
  /// Chains with visuals of their own whose effects change the top alone,
  /// the frame, or visual columns, one that reads its visuals, one with
  /// events, beside a chain without them; no effect with state, so that a
  /// fresh host's frame is the same.
  static let scene = #"""
    {"viewport": {"width": 390, "height": 640}, "contentInsets": {"top": 40, "bottom": 20},
     "contentHeight": 3000,
     "chains": [
       {"name": "rows", "frame": {"y": 0, "height": 60, "x": 10, "width": 300},
        "repeat": {"count": 12, "spacing": 4}, "zIndex": 2, "opacity": 0.25,
        "effects": [{"type": "pin", "until": "next"}]},
       {"name": "cards", "frame": {"y": 900, "height": 120, "x": 20, "width": 280},
        "repeat": {"count": 6, "spacing": 10}, "opacity": 0.5,
        "effects": [{"type": "collapse", "minHeight": 20}, {"type": "stretch", "mode": "grow"}]},
       {"name": "slides", "frame": {"y": 1800, "height": 80, "x": 5, "width": 200},
        "repeat": {"count": 5, "spacing": 6}, "zIndex": -1,
        "effects": [{"type": "translate", "axis": "x", "factor": 0.5}]},
       {"name": "fades", "frame": {"y": 2300, "height": 50},
        "repeat": {"count": 4, "spacing": 2}, "zIndex": 3, "opacity": 0.75,
        "effects": [{"type": "interpolate", "property": "opacity", "input": "offset",
                     "stops": [[0, 1], [900, 0]]},
                    {"type": "stretch", "edge": "bottom", "mode": "zoom"}]},
       {"name": "dots", "frame": {"y": 500, "height": 8, "x": 20, "width": 8},
        "attachment": "viewport", "repeat": {"count": 5, "spacing": 6}, "opacity": 0.5,
        "zIndex": 1.5,
        "effects": [{"type": "expression", "y": "y + opacity * 10 + zIndex + 0.1 * offset"}],
        "events": [{"name": "dotLow", "input": "minY", "crosses": 560}]},
       {"name": "plain", "frame": {"y": 2600, "height": 40},
        "repeat": {"count": 3, "spacing": 0}, "effects": [{"type": "parallax", "rate": 0.5}]}
     ]}
    """#

  /// `json` with each chain's visuals taken out and assigned instead by an
  /// `expression` before its effects: the same views, with no chain that
  /// has visuals of its own.
  static func explicit(_ json: JSONValue) -> JSONValue {
    RestingTwin.mapChains(json) { members in
      var visuals: [JSONObject.Member] = []
      for key in ["zIndex", "opacity"] {
        if case .number(let value)? = members[key] {
          visuals.append(.init(key: key, value: .string("\(value)")))
        }
      }
      guard !visuals.isEmpty else { return .object(members) }
      let assign = JSONValue.object(
        JSONObject([.init(key: "type", value: .string("expression"))] + visuals))
      var effects: [JSONValue] = []
      if case .array(let list)? = members["effects"] { effects = list }
      var changed = members.members.filter {
        !["zIndex", "opacity", "effects"].contains($0.key)
      }
      changed.append(.init(key: "effects", value: .array([assign] + effects)))
      return .object(JSONObject(changed))
    }
  }

  /// What a frame after a full one writes of each chain with visuals of its
  /// own, by name: the effects' columns decide it, and a right-to-left
  /// scene writes them whole.
  @Test("each chain's views are written again as its effects' columns say")
  func rewrites() throws {
    let vertical = try SceneTwinTests.parse(Self.scene)
    let byColumns = [
      "rows": "top", "cards": "frame", "slides": "frame", "fades": "whole", "dots": "top",
    ]
    let whole = byColumns.mapValues { _ in "whole" }
    for (json, expected) in [
      (vertical, byColumns), (HorizontalTwin.transposed(vertical), byColumns),
      (HorizontalTwin.transposed(vertical, rightToLeft: true), whole),
    ] {
      let scene = try SceneTwinTests.load(json)
      let host = SceneHost(scene: scene)
      var found: [String: String] = [:]
      for run in host.runs where run.rest == .ownVisuals {
        found[scene.chains[run.chain].name] = "\(run.rewrite)"
      }
      #expect(found == expected, "\(scene.axis) \(scene.layoutDirection)")
      // The chain without visuals is evaluated as ever.
      let plain = try #require(scene.chainIndex(named: "plain"))
      #expect(host.runs.first { $0.chain == plain }?.rest == ChainRun.Rest.none)
    }
  }

  /// In the three directions, a host goes through frames of every kind
  /// (offsets, frames in other viewports, insets and content heights,
  /// windowed frames, copies of the host, states reset, live changes of the
  /// viewport, a count and a frame) beside the host of the scene whose
  /// visuals an `expression` assigns: each frame equals the other host's
  /// bit for bit and fires the same events, and a full frame equals a fresh
  /// host's.
  @Test("every frame of every kind is that of the visuals assigned by an effect")
  func framesMatch() throws {
    let vertical = try SceneTwinTests.parse(Self.scene)
    for json in [
      vertical, HorizontalTwin.transposed(vertical),
      HorizontalTwin.transposed(vertical, rightToLeft: true),
    ] {
      var scene = try SceneTwinTests.load(json)
      var hosts = (
        rest: SceneHost(scene: scene),
        reference: SceneHost(scene: try SceneTwinTests.load(Self.explicit(json)))
      )
      #expect(!hosts.reference.runs.contains { $0.rest == .ownVisuals })
      var random = SplitMix64(seed: 0x715A)
      var geometry = hosts.rest.geometry
      for frame in 0..<160 {
        let label = "\(scene.axis) \(scene.layoutDirection), frame \(frame)"
        switch frame {
        case 40, 110:
          // The layout changes between two frames.
          var viewport = scene.viewport
          viewport.height += frame == 40 ? 48 : -100
          scene.viewport = viewport
          hosts.rest.setViewport(viewport)
          hosts.reference.setViewport(viewport)
          geometry = hosts.rest.geometry
        case 60, 130:
          // A chain with visuals gets another count.
          let index = try #require(scene.chainIndex(named: frame == 60 ? "rows" : "cards"))
          let repetition = Chain.Repetition(count: frame == 60 ? 9 : 8, spacing: 3)
          scene.chains[index].repetition = repetition
          hosts.rest.setRepetition(repetition, ofChain: index)
          hosts.reference.setRepetition(repetition, ofChain: index)
        case 85, 145:
          // Another frame across the scroll axis, which a frame at rest
          // does not write again.
          for name in ["rows", "slides"] {
            let index = try #require(scene.chainIndex(named: name))
            var rect = scene.chains[index].frame
            rect.x += frame == 85 ? 7 : -3
            rect.width += frame == 85 ? 12 : -20
            scene.chains[index].frame = rect
            scene.chains[index].automaticFrame = []
            hosts.rest.setFrame(rect, ofChain: index, automaticFrame: [])
            hosts.reference.setFrame(rect, ofChain: index, automaticFrame: [])
          }
        case 95:
          hosts.rest.resetState()
          hosts.reference.resetState()
        default: break
        }
        guard
          RestingTwin.frame(
            &hosts, names: ("own visuals", "assigned visuals"), scene: scene,
            random: &random, geometry: &geometry, label: label)
        else { return }
      }
    }
  }
}
