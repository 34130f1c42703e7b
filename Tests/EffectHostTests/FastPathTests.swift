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

  /// `collapse`, `footerPin`, pins with a fixed section edge or none,
  /// `parallax`, `translate` and `stretch`, which have steps of their own
  /// in a chain evaluated by itself (a repeated one), in random orders and
  /// parameters, along either axis.
  @Test("repeated chains of the built-ins with steps of their own match view by view")
  func ownStepsMatch() throws {
    var random = SplitMix64(seed: 17)
    for round in 0..<60 {
      let horizontal = random.chance(0.5)
      // The scroll axis's names: its length, the frame's place and size,
      // and collapse's least size.
      let (length, place, size, least) =
        horizontal
        ? ("contentWidth", "x", "width", "minWidth") : ("contentHeight", "y", "height", "minHeight")
      let effects = (0..<(1 + random.int(0..<4))).map { _ -> String in
        switch random.int(0..<6) {
        case 3:
          return #"{"type": "parallax", "rate": \#(Double(random.int(-40..<40)) / 8)}"#
        case 4:
          return #"{"type": "translate", "factor": \#(Double(random.int(-8..<8)) / 4)}"#
        case 5:
          return #"{"type": "stretch", "edge": "\#(random.chance(0.5) ? "leading" : "trailing")", "#
            + #""resistance": \#(Double(random.int(0..<5)) / 4), "maxStretch": \#(random.int(1..<200))}"#
        case 0:
          return #"{"type": "collapse", "\#(least)": \#(random.int(0..<60)), "#
            + #""inset": \#(random.int(-40..<40)), "pinned": \#(random.chance(0.5))}"#
        case 1:
          return #"{"type": "footerPin", "mode": "\#(random.chance(0.5) ? "stretch" : "move")"}"#
        default:
          let until = random.chance(0.5) ? "\(random.int(0..<2400))" : "null"
          return #"{"type": "pin", "edge": "\#(random.chance(0.5) ? "leading" : "trailing")", "#
            + #""inset": \#(random.int(-30..<30)), "until": \#(until)}"#
        }
      }
      let json = #"""
        {"axis": "\#(horizontal ? "horizontal" : "vertical")",
         "viewport": {"width": 390, "height": 600}, "contentInsets": {"top": 20, "bottom": 10},
         "\#(length)": \#(400 + random.int(0..<2400)),
         "chains": [{"name": "rows", "attachment": "\#(random.chance(0.5) ? "content" : "viewport")",
                     "frame": {"\#(place)": \#(random.int(0..<900)), "\#(size)": \#(20 + random.int(0..<200))},
                     "repeat": {"count": \#(2 + random.int(0..<12)), "spacing": \#(random.int(0..<30))},
                     "effects": [\#(effects.joined(separator: ", "))]}]}
        """#
      let scene = try SceneLoader().load(json: json, file: "round \(round)")
      Self.expectSameFrames(scene, label: "round \(round): \(json)")
    }
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

  /// `expression` effects in a row, which the host runs as one
  /// (`ExpressionEffect.followed(by:)`), between other effects or not, in
  /// chains of one view or many (in lanes from four), along either axis
  /// and right to left: each effect's view by view, one after another.
  @Test("runs of expressions, joined by the host, match each expression view by view")
  func expressionRunsMatch() throws {
    let expressions = [
      #"{"type": "expression", "y": "y + 0.5 * max(0, offset)", "blur": "pull / 10"}"#,
      #"{"type": "expression", "height": "height * (1 + pull / 300)", "y": "y - height / 4"}"#,
      #"{"type": "expression", "rotation": "sin(offset / 90) * 8 + index", "opacity": "progress"}"#,
      #"{"type": "expression", "zIndex": "naturalY + translateY / 2 - count"}"#,
      #"{"type": "expression", "scale": "1 + max(0, minY) / (viewportHeight * 4)"}"#,
      #"{"type": "expression", "x": "x + index * 3 - offset / 7", "width": "width - pullBottom"}"#,
      #"{"type": "expression", "anchorY": "0.25", "scaleY": "scaleY * 1.5"}"#,
    ]
    let others = [
      #"{"type": "parallax", "rate": 0.5}"#, #"{"type": "collapse", "inset": 40}"#,
      #"{"type": "interpolate", "property": "opacity", "input": "offset", "stops": [[0, 1], [300, 0.2]]}"#,
    ]
    var random = SplitMix64(seed: 29)
    for round in 0..<40 {
      let horizontal = random.chance(0.4)
      let (length, place, size) =
        horizontal ? ("contentWidth", "x", "width") : ("contentHeight", "y", "height")
      var effects: [String] = []
      for _ in 0..<(2 + random.int(0..<5)) {
        effects.append(
          random.chance(0.8)
            ? expressions[random.int(0..<expressions.count)] : others[random.int(0..<others.count)])
      }
      let count = random.chance(0.5) ? 1 : 2 + random.int(0..<11)
      let direction = horizontal && random.chance(0.5) ? #""layoutDirection": "rightToLeft","# : ""
      let repetition = count > 1 ? #""repeat": {"count": \#(count), "spacing": 6},"# : ""
      let json = #"""
        {"axis": "\#(horizontal ? "horizontal" : "vertical")", \#(direction)
         "viewport": {"width": 390, "height": 600}, "contentInsets": {"top": 20, "bottom": 10},
         "\#(length)": \#(800 + random.int(0..<2000)),
         "chains": [{"name": "rows", "attachment": "\#(random.chance(0.5) ? "content" : "viewport")",
                     "frame": {"\#(place)": \#(random.int(0..<900)), "\#(size)": \#(20 + random.int(0..<200))},
                     \#(repetition)
                     "effects": [\#(effects.joined(separator: ", "))]}]}
        """#
      let scene = try SceneLoader().load(json: json, file: "round \(round)")
      Self.expectSameFrames(scene, label: "round \(round): \(json)")
    }
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
