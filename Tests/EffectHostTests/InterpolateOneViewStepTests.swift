import EffectProtocol
import ScrollEffectsTestSupport
import Testing

@testable import EffectHost

/// `interpolate` on a chain of one view that the host evaluates by itself
/// (one with a `float` or an `expression`), whose step evaluates the curve
/// on the view in place, as a group does for its members, instead of
/// through the batch's loops: every form of curve but two linear stops
/// (which keep their loop), every property and input, first in the chain
/// (the view at rest) or after effects that moved it, one or two in a row,
/// along either axis and right to left. The frames are those of each
/// effect applied by itself to the view, bit for bit.
@Suite("interpolate on a chain of one view")
struct InterpolateOneViewStepTests {
  @Test("interpolate on the one view of a chain evaluated by itself matches view by view")
  func oneViewStepsMatch() throws {
    var random = SplitMix64(seed: 53)
    let movers = [
      #"{"type": "translate", "factor": -0.75}"#, #"{"type": "parallax", "rate": 0.5}"#,
      #"{"type": "collapse", "inset": 30}"#,
      #"{"type": "stretch", "edge": "leading", "resistance": 0.5, "maxStretch": 80}"#,
    ]
    var (atRest, written) = (0, 0)
    for round in 0..<100 {
      let horizontal = random.chance(0.5)
      var effects: [(json: String, isCurve: Bool)] = []
      if random.chance(0.5) { effects.append((random.pick(movers), false)) }
      for _ in 0..<(1 + random.int(0..<2)) {
        let (json, form) = FastPathTests.interpolate(&random)
        effects.append((json, form != "pair"))
      }
      // A float, or an expression, keeps the chain out of the groups.
      let other =
        random.chance(0.6)
        ? #"{"type": "float", "inset": \#(random.int(-20..<40))}"#
        : #"{"type": "expression", "rotation": "rotation + offset / 90"}"#
      effects.insert((other, false), at: random.chance(0.5) ? 0 : effects.count)
      for (index, effect) in effects.enumerated() where effect.isCurve {
        if index == 0 { atRest += 1 } else { written += 1 }
      }
      let (place, size, length) =
        horizontal ? ("x", "width", "contentWidth") : ("y", "height", "contentHeight")
      let axis =
        !horizontal
        ? #""axis": "vertical""#
        : #""axis": "horizontal", "layoutDirection": "\#(random.chance(0.5) ? "rightToLeft" : "leftToRight")""#
      let json = #"""
        {\#(axis), "viewport": {"width": 390, "height": 600},
         "contentInsets": {"top": 20, "bottom": 10, "left": 6, "right": 14},
         "\#(length)": \#(400 + random.int(0..<2400)),
         "chains": [{"name": "one", "attachment": "\#(random.chance(0.5) ? "content" : "viewport")",
                     "frame": {"\#(place)": \#(random.int(0..<900)), "\#(size)": \#(20 + random.int(0..<200))},
                     "effects": [\#(effects.map(\.json).joined(separator: ", "))]}]}
        """#
      let scene = try SceneLoader().load(json: json, file: "round \(round)")
      #expect(scene.chains[0].viewCount == 1, "round \(round)")
      #expect(SceneHost(scene: scene).groupedChainCount == 0, "round \(round): \(json)")
      FastPathTests.expectSameFrames(scene, label: "round \(round): \(json)")
    }
    // The draw must reach the one-view path often, on views at rest and
    // on views earlier effects wrote.
    #expect(atRest > 15 && written > 60, "at rest \(atRest), written \(written)")
  }
}
