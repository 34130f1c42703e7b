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
    guard case .object(let file) = json else { fatalError("a scene") }
    let reader = JSONValue.object(
      JSONObject([
        .init(key: "type", value: .string("expression")),
        .init(key: "opacity", value: .string("opacity + 0 * offset")),
      ]))
    return .object(
      JSONObject(
        file.members.map { member in
          guard member.key == "chains", case .array(let chains) = member.value else {
            return member
          }
          return .init(key: "chains", value: .array(chains.map { movingChain($0, reader) }))
        }))
  }

  /// `chain` with `reader` after its effects when it is attached to the
  /// viewport or has none.
  static func movingChain(_ chain: JSONValue, _ reader: JSONValue) -> JSONValue {
    guard case .object(let members) = chain else { return chain }
    let effects: [JSONValue]
    if case .array(let list)? = members["effects"] { effects = list } else { effects = [] }
    guard members["attachment"] == .string("viewport") || effects.isEmpty else { return chain }
    var changed = members.members.filter { $0.key != "effects" }
    changed.append(.init(key: "effects", value: .array(effects + [reader])))
    return .object(JSONObject(changed))
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
        resting: SceneHost(scene: scene),
        moving: SceneHost(scene: try SceneTwinTests.load(Self.moving(json)))
      )
      #expect(hosts.moving.movingRuns.count == hosts.moving.runs.count)
      var random = SplitMix64(seed: 0x2E57)
      var geometry = hosts.resting.geometry
      for frame in 0..<150 {
        let label = "\(scene.axis) \(scene.layoutDirection), frame \(frame)"
        switch frame {
        case 50, 100:
          // The layout changes between two frames.
          var viewport = scene.viewport
          viewport.height += frame == 50 ? 48 : -100
          scene.viewport = viewport
          hosts.resting.setViewport(viewport)
          hosts.moving.setViewport(viewport)
          geometry = hosts.resting.geometry
        case 75, 125:
          // A chain without effects in the viewport gets another count.
          let index = try #require(scene.chainIndex(named: frame == 75 ? "dots" : "ticks"))
          let repetition = Chain.Repetition(count: frame == 75 ? 9 : 1, spacing: 3)
          scene.chains[index].repetition = repetition
          hosts.resting.setRepetition(repetition, ofChain: index)
          hosts.moving.setRepetition(repetition, ofChain: index)
        default: break
        }
        if random.chance(0.15) {
          var copies = hosts
          copies.resting.evaluate(offset: 333, visibleOnly: random.chance(0.5))
          copies.moving.evaluate(offset: 333, visibleOnly: random.chance(0.5))
          if random.chance(0.5) { hosts = copies }
        }
        geometry.offset = Double(random.next(in: -600...5000)) / 2
        if random.chance(0.2) {
          switch random.next(in: 0...2) {
          case 0: geometry.viewport.height = Double(random.next(in: 400...900))
          case 1: geometry.contentInsets.bottom = Double(random.next(in: 0...80))
          default: geometry.contentHeight = Double(random.next(in: 0...4000))
          }
        }
        let visibleOnly = random.chance(0.2)
        hosts.resting.evaluate(geometry, visibleOnly: visibleOnly)
        hosts.moving.evaluate(geometry, visibleOnly: visibleOnly)
        if let difference = SceneHostMirrorTests.firstDifference(
          hosts.resting, ("resting runs left out", "every run"),
          expected: { hosts.moving.transform(at: $0) })
        {
          Issue.record("\(label): \(difference)")
          return
        }
        #expect(hosts.resting.eventsOfLastFrame == hosts.moving.eventsOfLastFrame, "\(label)")
        if !visibleOnly {
          var fresh = SceneHost(scene: scene)
          fresh.evaluate(geometry)
          if let difference = firstBitwiseDifference(
            SceneTwinTests.views(hosts.resting), SceneTwinTests.views(fresh),
            actualName: "host", expectedName: "fresh")
          {
            Issue.record("\(label): \(difference)")
            return
          }
        }
      }
    }
  }
}
