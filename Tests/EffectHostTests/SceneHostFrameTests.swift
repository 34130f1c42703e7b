import EffectProtocol
import Testing

@testable import EffectHost

/// An effect that writes what its batch says of the frame: the time into
/// `rotation` (-1 when untimed) and the phase's position in
/// `ScrollPhase.allCases` into `zIndex`.
private struct FrameProbe: StatelessScrollEffect {
  static let descriptor = EffectDescriptor(
    typeName: "frameProbe", summary: "Writes the frame's time and phase.", discussion: "",
    parameters: [], examples: [])

  init(from reader: inout ParameterReader) {}
  init() {}

  func apply(to views: inout ViewBatch) {
    let time = views.time ?? -1
    let phase = Double(ScrollPhase.allCases.firstIndex(of: views.phase)!)
    views.modifyVisuals { view in
      view.rotation = time
      view.zIndex = phase
    }
  }
}

/// A frame is (geometry, time, phase): the host hands all three to every
/// effect of every chain, and untimed frames are idle.
@Suite struct SceneHostFrameTests {
  static let scene = #"""
    {"chains": [{"name": "header", "frame": {"height": 300}, "effects": [{"type": "frameProbe"}]},
                {"name": "row", "frame": {"y": 300, "height": 80}, "repeat": {"count": 3},
                 "effects": [{"type": "frameProbe"}]}]}
    """#

  func host() throws -> SceneHost {
    let registry = try EffectRegistry.builtIn.registering(FrameProbe.self)
    return SceneHost(scene: try SceneLoader(registry: registry).load(json: Self.scene))
  }

  @Test("an untimed frame is idle, and effects see no time")
  func untimedFramesAreIdle() throws {
    var host = try host()
    host.evaluate(offset: 40)
    #expect(host.time == nil && host.phase == .idle)
    for index in 0..<host.viewCount {
      #expect(host.transform(at: index).rotation == -1)
      #expect(host.transform(at: index).zIndex == 0)
    }
  }

  @Test(
    "each frame's time and phase reach every view of every chain", arguments: ScrollPhase.allCases)
  func timeAndPhaseReachEffects(phase: ScrollPhase) throws {
    var host = try host()
    let time = 1.0 / 120 * 37
    host.evaluate(offset: -20, time: time, phase: phase)
    #expect(host.time == time && host.phase == phase)
    let expectedPhase = Double(ScrollPhase.allCases.firstIndex(of: phase)!)
    for index in 0..<host.viewCount {
      #expect(host.transform(at: index).rotation == time)
      #expect(host.transform(at: index).zIndex == expectedPhase)
    }
    // The next untimed frame forgets both.
    host.evaluate(host.geometry)
    #expect(host.time == nil && host.phase == .idle)
    #expect(host.transform(at: 1).rotation == -1)
  }

  @Test("the evaluator outside a host hands effects the same time and phase")
  func evaluatorPassesTheFrame() {
    var evaluator = EffectEvaluator(
      [FrameProbe()], naturalFrame: Rect(y: 0, width: 390, height: 100), count: 2)
    let geometry = ScrollGeometry(
      offset: 0, viewport: .phone, contentInsets: .zero, contentHeight: 2000)
    let views = evaluator.evaluate(geometry, time: 0.5, phase: .decelerating)
    #expect(views.map(\.rotation) == [0.5, 0.5])
    #expect(views.map(\.zIndex) == [2, 2])
    #expect(evaluator.evaluate(geometry).map(\.rotation) == [-1, -1])
  }
}
