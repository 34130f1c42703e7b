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

  /// A scene of one chain, `rows`, along the scroll axis of `horizontal`,
  /// of `count` copies (from 2 to 13, drawn, when `nil`) with `effects`
  /// (JSON objects), its content length, attachment, frame and spacing
  /// drawn from `random`.
  static func rowsScene(
    horizontal: Bool, count: Int? = nil, effects: [String], random: inout SplitMix64
  ) -> String {
    let (length, place, size) =
      horizontal ? ("contentWidth", "x", "width") : ("contentHeight", "y", "height")
    return #"""
      {"axis": "\#(horizontal ? "horizontal" : "vertical")",
       "viewport": {"width": 390, "height": 600}, "contentInsets": {"top": 20, "bottom": 10},
       "\#(length)": \#(400 + random.int(0..<2400)),
       "chains": [{"name": "rows", "attachment": "\#(random.chance(0.5) ? "content" : "viewport")",
                   "frame": {"\#(place)": \#(random.int(0..<900)), "\#(size)": \#(20 + random.int(0..<200))},
                   "repeat": {"count": \#(count ?? 2 + random.int(0..<12)), "spacing": \#(random.int(0..<30))},
                   "effects": [\#(effects.joined(separator: ", "))]}]}
      """#
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
      let effects = (0..<(1 + random.int(0..<4))).map { _ -> String in
        guard random.chance(1.0 / 6) else {
          return FusedStepTests.fusible(&random, horizontal: horizontal)
        }
        return #"{"type": "stretch", "edge": "\#(random.chance(0.5) ? "leading" : "trailing")", "#
          + #""resistance": \#(Double(random.int(0..<5)) / 4), "maxStretch": \#(random.int(1..<200))}"#
      }
      let json = Self.rowsScene(horizontal: horizontal, effects: effects, random: &random)
      let scene = try SceneLoader().load(json: json, file: "round \(round)")
      Self.expectSameFrames(scene, label: "round \(round): \(json)")
    }
  }

  /// `interpolate` in a chain evaluated by itself (a repeated one, or one
  /// view with a `float`), whose step holds its curve made once: every
  /// form of keyframes (two linear stops, more stops, a keyframe Bézier,
  /// `steps()`, `linear(...)`, a view range or inset), every input and
  /// property, clamped or extended, first in its chain or after an effect
  /// that moves the views, along either axis.
  /// The easings ``interpolate(_:)`` draws from.
  static let interpolateEasings = [
    "linear", "ease", "easeInOut", "cubic-bezier(0.3, -0.5, 0.6, 1.4)", "steps(3, jump-none)",
    "steps(2)", "linear(0, 1.5 40%, -0.5 60% 70%, 1)",
  ]

  /// An `interpolate` of any form, drawn from `random`: two linear stops or
  /// more (a keyframe Bézier, `steps()`, `linear(...)`), any property and
  /// input, clamped or extended, a progress through a view range or with
  /// an inset; and its form, `"pair"` for two linear stops without a range
  /// (the form with a loop of its own), its easing otherwise.
  static func interpolate(_ random: inout SplitMix64) -> (json: String, form: String) {
    let properties = [
      "opacity", "scale", "scaleX", "scaleY", "blur", "rotation", "translateX", "translateY",
      "width", "height", "zIndex",
    ]
    let inputs = ["offset", "pull", "pullBottom", "height", "minY", "minX", "width", "progress"]
    let ranges = [
      "cover", "contain", "entry", "exit", "entryCrossing", "exitCrossing", "entry 20% exit 80%",
      "contain 10px cover 90%",
    ]
    let property = properties[random.int(0..<properties.count)]
    let input = inputs[random.int(0..<inputs.count)]
    // Progress stops are fractions; the others points. Outputs fit every property.
    let scale = input == "progress" ? 0.25 : 150.0
    let stopCount = random.chance(0.4) ? 2 : 3 + random.int(0..<6)
    var at = Double(random.int(-4..<2)) * scale
    let stops = (0..<stopCount).map { _ -> String in
      at += Double(1 + random.int(0..<4)) * scale
      return "[\(at), \(Double(random.int(0..<9)) / 8)]"
    }
    let easing =
      random.chance(0.4)
      ? "linear" : interpolateEasings[random.int(0..<interpolateEasings.count)]
    var keys =
      #""property": "\#(property)", "input": "\#(input)", "stops": [\#(stops.joined(separator: ", "))], "#
      + #""easing": "\#(easing)", "extrapolate": "\#(random.chance(0.5) ? "clamp" : "extend")""#
    if input == "progress" && random.chance(0.5) {
      keys += #", "range": "\#(ranges[random.int(0..<ranges.count)])""#
      if random.chance(0.5) { keys += #", "timelineInset": \#(random.int(-40..<80))"# }
    }
    let isPair = stopCount == 2 && easing == "linear" && !keys.contains("range")
    return (#"{"type": "interpolate", \#(keys)}"#, isPair ? "pair" : easing)
  }

  @Test("repeated chains of interpolate in every form match view by view")
  func interpolateStepsMatch() throws {
    var random = SplitMix64(seed: 29)
    var forms = Set<String>()
    for round in 0..<80 {
      let horizontal = random.chance(0.5)
      let (interpolate, form) = Self.interpolate(&random)
      forms.insert(form)
      var effects = [interpolate]
      if random.chance(0.5) {
        let factor = Double(random.int(-8..<8)) / 4
        effects.insert(#"{"type": "translate", "factor": \#(factor)}"#, at: 0)
      }
      // One view with a float is a chain of its own; more are repeated.
      let count = random.chance(0.3) ? 1 : 2 + random.int(0..<12)
      if count == 1 || random.chance(0.3) { effects.append(#"{"type": "float", "inset": 10}"#) }
      let json = Self.rowsScene(
        horizontal: horizontal, count: count, effects: effects, random: &random)
      let scene = try SceneLoader().load(json: json, file: "round \(round)")
      Self.expectSameFrames(scene, label: "round \(round): \(json)")
    }
    #expect(
      forms.count == Self.interpolateEasings.count + 1, "every form drawn: \(forms.sorted())")
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
