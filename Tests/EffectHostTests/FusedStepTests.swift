import EffectHost
import EffectProtocol
import Effects
import Foundation
import ScrollEffectsTestSupport
import Testing

/// Effects in a row of a chain evaluated by itself that change each view by
/// itself from the geometry alone (`collapse`, `parallax`, `translate`,
/// `footerPin`, a pin whose section edge is a number or none), which the
/// host runs two at a time as one pass: each effect's view by view, one
/// after another.
@Suite struct FusedStepTests {
  /// One of the effects a host fuses, drawn with parameters that make
  /// every branch of its formula happen, and some that leave the views as
  /// they are (a `parallax` rate or `translate` factor of 0).
  static func fusible(_ random: inout SplitMix64, horizontal: Bool) -> String {
    let least = horizontal ? "minWidth" : "minHeight"
    switch random.int(0..<5) {
    case 0:
      let rate = random.chance(0.2) ? 0 : Double(random.int(-40..<40)) / 8
      return #"{"type": "parallax", "rate": \#(rate)}"#
    case 1:
      let factor = random.chance(0.2) ? 0 : Double(random.int(-8..<8)) / 4
      let limits = random.chance(0.5) ? #", "from": -50, "to": 400"# : ""
      return #"{"type": "translate", "factor": \#(factor)\#(limits)}"#
    case 2:
      return #"{"type": "collapse", "\#(least)": \#(random.int(0..<60)), "#
        + #""inset": \#(random.int(-40..<40)), "pinned": \#(random.chance(0.5))}"#
    case 3:
      return #"{"type": "footerPin", "mode": "\#(random.chance(0.5) ? "stretch" : "move")"}"#
    default:
      let until = random.chance(0.5) ? "\(random.int(0..<2400))" : "null"
      return #"{"type": "pin", "edge": "\#(random.chance(0.5) ? "leading" : "trailing")", "#
        + #""inset": \#(random.int(-30..<30)), "until": \#(until)}"#
    }
  }

  /// Runs of 1 to 7 of them, between effects the host does not fuse or
  /// not, in repeated chains along either axis, right to left or not: the
  /// frames are each view's alone, bit for bit; a frame of the visible
  /// copies gives them the full frame's bits; and the host runs as many
  /// steps as the rule gives (a run of `k`: `k / 2` steps, rounded up).
  @Test("effects in a row fused into one step match each effect view by view")
  func fusedRunsMatch() throws {
    var random = SplitMix64(seed: 41)
    let others = [
      #"{"type": "interpolate", "property": "opacity", "input": "minY", "stops": [[0, 0], [500, 1]]}"#,
      #"{"type": "stretch", "edge": "leading", "resistance": 0.5, "maxStretch": 80}"#,
      #"{"type": "pin", "until": "next"}"#,
    ]
    var fusedSteps = 0
    for round in 0..<80 {
      let horizontal = random.chance(0.5)
      var effects: [String] = []
      var expectedSteps = 0
      // Fusible effects since the last other one: pairs from its first.
      var run = 0
      func endRun() {
        expectedSteps += (run + 1) / 2
        fusedSteps += run / 2
        run = 0
      }
      for _ in 0..<(1 + random.int(0..<3)) {
        let count = 1 + random.int(0..<7)
        effects += (0..<count).map { _ in Self.fusible(&random, horizontal: horizontal) }
        run += count
        if random.chance(0.6) {
          endRun()
          effects.append(others[random.int(0..<others.count)])
          expectedSteps += 1
        }
      }
      endRun()
      var json = FastPathTests.rowsScene(
        horizontal: horizontal, effects: effects, random: &random)
      if horizontal && random.chance(0.5) {
        json = json.replacingOccurrences(
          of: #""axis": "horizontal","#,
          with: #""axis": "horizontal", "layoutDirection": "rightToLeft","#)
      }
      let scene = try SceneLoader().load(json: json, file: "round \(round)")
      #expect(SceneHost(scene: scene).chainStepCount == expectedSteps, "round \(round): \(json)")
      FastPathTests.expectSameFrames(scene, label: "round \(round): \(json)")
      SceneHostVisibleTests.expectVisibleMatch(
        scene, offsets: [-120, 0, 35.5, 480, 1300, 2900, 75], label: "round \(round)")
    }
    #expect(fusedSteps > 100, "pairs drawn: \(fusedSteps)")
  }

  /// Fused effects in a chain with events on its views' geometry: the host
  /// tells a frame's events from whether a chain's views kept their natural
  /// frames, which a fused step must say as the effects' own steps would.
  /// The events are those the rule gives from the frames' transforms.
  @Test("a chain of fused effects with events fires what the rule gives")
  func fusedRunsFireEvents() throws {
    var random = SplitMix64(seed: 43)
    var fired = 0
    for round in 0..<30 {
      let effects = (0..<(2 + random.int(0..<4))).map { _ in
        Self.fusible(&random, horizontal: false)
      }
      let crosses = Double(random.int(-100..<700))
      let json = FastPathTests.rowsScene(horizontal: false, effects: effects, random: &random)
        .replacingOccurrences(
          of: #""effects": ["#,
          with:
            #""events": [{"name": "e", "input": "minY", "crosses": \#(crosses), "direction": "both"}], "effects": ["#
        )
      let scene = try SceneLoader().load(json: json, file: "round \(round)")
      var host = SceneHost(scene: scene)
      var previous: [ViewTransform]?
      for frame in 0..<60 {
        let offset = random.chance(0.3) ? 0 : Double(random.int(-20..<120)) * 10
        host.evaluate(offset: offset)
        let current = host.withTransforms { Array($0) }
        let expected = ChainEventTests.ruleEvents(
          [[("minY", crosses, "both")]], counts: [scene.chains[0].viewCount],
          previous: previous, current: current, viewportHeights: (600, 600))
        #expect(
          host.withEvents { Array($0) } == expected, "round \(round) frame \(frame): \(json)")
        fired += expected.count
        previous = current
      }
    }
    #expect(fired > 100, "events fired: \(fired)")
  }
}
