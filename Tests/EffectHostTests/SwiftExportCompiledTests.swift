import EffectHost
import Effects
import Foundation
import ScrollEffectsTestSupport
import Testing

/// Exports compiled by `swiftc` and run against the host (ExportedSceneCheck):
/// equal as Doubles in every column and event, at 100 offsets a scene, with
/// no compiler warning. A handful of scenes here, a right-to-left one among
/// them, built with `-Onone` (the exports built alone with `-O`);
/// `Scripts/export-check.sh` builds with `-O` and runs every Config (the
/// horizontal and right-to-left ones included), every benchmark scene, 200
/// random scenes, half of them horizontal or right to left, 40 random
/// chains whose events the export searches and events of chains without
/// copies (EXPORT_CHECK=all).
@Suite struct SwiftExportCompiledTests {
  /// Whether the run is CI's of every scene, built with `-O`
  /// (EXPORT_CHECK=all), rather than `swift test`'s few.
  static var checksAll: Bool { ProcessInfo.processInfo.environment["EXPORT_CHECK"] == "all" }

  /// The scenes of the run: a few by default; with EXPORT_CHECK=all, every
  /// scene file and EXPORT_CHECK_SCENES random scenes (default 200) drawn
  /// from the generator's seed EXPORT_CHECK_SEED (default 1, the one CI
  /// runs; another seed draws other scenes, to look for a difference).
  static var cases: [ExportedSceneCheck.Case] {
    let environment = ProcessInfo.processInfo.environment
    let all = Self.checksAll
    let files =
      all
      ? SceneFiles.all + Self.expressionScenes
        + [
          "Benchmarks/events-scene.json", "Benchmarks/bench-horizontal.json",
          "Benchmarks/feed-horizontal.json",
        ]
      : [
        "Configs/stretchy-header.json", "Configs/app-bar-events.json",
        "Benchmarks/ranges-scene.json", "Configs/carousel-rtl.json",
      ]
    var cases: [ExportedSceneCheck.Case] = []
    for (index, file) in files.enumerated() {
      let path = SceneFiles.packageRoot.appendingPathComponent(file).path
      let scene: Scene
      do {
        scene = try SceneLoader().load(contentsOf: path)
      } catch {
        Issue.record("\(file) does not load: \(error)")
        continue
      }
      for reducesMotion in all ? [false, true] : [false] {
        cases.append(
          ExportedSceneCheck.Case(
            name: file + (reducesMotion ? " (reduced motion)" : ""), scene: scene,
            reducesMotion: reducesMotion,
            offsets: ExportedSceneCheck.offsets(for: scene, seed: UInt64(index))))
      }
    }
    // Names, events, a description and expressions with line breaks in
    // them, and a file name with one: the export compiles without warnings.
    if let awkward = Self.load(SwiftExportTextTests.awkwardScene, file: "a") {
      cases.append(
        ExportedSceneCheck.Case(
          name: "awkward\r\n*/ /*.json", scene: awkward,
          offsets: ExportedSceneCheck.offsets(for: awkward, seed: 27)))
    }
    // pow of constants, which the optimiser would rewrite, and subnormal numbers.
    if let literals = Self.load(SwiftExportNumberTests.literalsScene, file: "l") {
      cases.append(
        ExportedSceneCheck.Case(
          name: "literals.json", scene: literals,
          offsets: ExportedSceneCheck.offsets(for: literals, seed: 30)))
    }
    // Parts of expressions computed once a frame, before the copies.
    if let terms = Self.load(SwiftExportFrameTermsTests.scene, file: "t") {
      cases.append(
        ExportedSceneCheck.Case(
          name: "terms.json", scene: terms,
          offsets: ExportedSceneCheck.offsets(for: terms, seed: 28)))
    }
    // Expressions of 1000 tokens and nested 64 deep.
    let long = SwiftExportLongExpressionTests.scene(
      ["sum", "difference", "min", "less", "parentheses", "conditionals"], repeated: false)
    if let long = Self.load(long, file: "long") {
      cases.append(
        ExportedSceneCheck.Case(
          name: "long.json", scene: long, offsets: ExportedSceneCheck.offsets(for: long, seed: 32)))
    }
    // Events found by search over the copies, and by comparing each.
    if let search = Self.load(SwiftExportEventSearchTests.scene, file: "s") {
      cases.append(
        ExportedSceneCheck.Case(
          name: "search.json", scene: search,
          offsets: ExportedSceneCheck.offsets(for: search, seed: 29)))
    }
    // With EXPORT_CHECK=all, events of a chain of no copies, alone and
    // beside one that fires (`swift test` checks their source:
    // SwiftExportEventSearchTests).
    for barFires in all ? [false, true] : [] {
      let json = SwiftExportEventSearchTests.chainWithoutCopiesScene(barFires: barFires)
      if let gone = Self.load(json, file: "g") {
        cases.append(
          ExportedSceneCheck.Case(
            name: "gone-\(barFires).json", scene: gone,
            offsets: ExportedSceneCheck.offsets(for: gone, seed: barFires ? 34 : 33)))
      }
    }
    // With EXPORT_CHECK=all, 40 random chains whose events are searched.
    if all {
      for (index, natural) in SwiftExportEventSearchTests.naturalScenes(count: 40, seed: 31)
        .enumerated()
      {
        cases.append(
          ExportedSceneCheck.Case(
            name: natural.name, scene: natural.scene,
            offsets: ExportedSceneCheck.offsets(for: natural.scene, seed: UInt64(100 + index))))
      }
    }
    // By default seed 1, transposed into a horizontal scene, and seed 2, right to left.
    let count = all ? Int(environment["EXPORT_CHECK_SCENES"] ?? "") ?? 200 : 2
    let seed = all ? UInt64(environment["EXPORT_CHECK_SEED"] ?? "") ?? 1 : 1
    for (index, generated) in ExportSceneGenerator.scenes(count: count, seed: seed).enumerated() {
      cases.append(
        ExportedSceneCheck.Case(
          name: generated.name, scene: generated.scene, reducesMotion: index % 7 == 6,
          offsets: ExportedSceneCheck.offsets(for: generated.scene, seed: UInt64(index))))
    }
    return cases
  }

  /// The scenes of Benchmarks/expression/.
  static var expressionScenes: [String] {
    let folder = SceneFiles.packageRoot.appendingPathComponent("Benchmarks/expression")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { "Benchmarks/expression/" + $0 }
  }

  @Test("the random scenes have every form the library evaluates out of line")
  func randomScenesHaveEveryShapedForm() {
    let scenes = ExportSceneGenerator.scenes(count: 200, seed: 1)
    let effects = scenes.flatMap { $0.scene.chains.flatMap(\.effects) }
      .compactMap { $0 as? InterpolateEffect }
    let easings = Set(effects.map(\.parameters.easing.cssText))
    #expect(easings.contains { $0.hasPrefix("steps(") })
    #expect(easings.contains { $0.hasPrefix("linear(") })
    // Steps on an input other than progress, and ranges with insets.
    #expect(
      effects.contains {
        $0.parameters.input != .progress && $0.parameters.easing.cssText.hasPrefix("steps(")
      })
    #expect(effects.contains { $0.parameters.input == .progress && $0.parameters.range != .cover })
    #expect(effects.contains { $0.parameters.timelineInset != .zero })
    let events = scenes.flatMap { $0.scene.chains.flatMap(\.events) }
    #expect(events.contains { $0.range != .cover })
    #expect(events.contains { $0.timelineInset != .zero })
    // Horizontal and right-to-left scenes, some with events on a view's
    // input along the axis (the file's minX, the twin's minY) and across it.
    let horizontal = scenes.filter { $0.scene.axis == .horizontal }
    let rightToLeft = horizontal.filter { $0.scene.layoutDirection == .rightToLeft }
    #expect(horizontal.count >= 60 && horizontal.count <= 140)
    #expect(rightToLeft.count >= 30 && rightToLeft.count < horizontal.count)
    for scenes in [horizontal, rightToLeft] {
      let inputs = Set(scenes.flatMap { $0.scene.chains.flatMap(\.events).map(\.input) })
      #expect(inputs.isSuperset(of: [.minY, .height, .minX, .width, .progress]))
    }
  }

  /// The scene of `json`, or `nil` with an issue recorded: a case that does
  /// not load is a failure, not a case left out.
  static func load(_ json: String, file: String) -> Scene? {
    do {
      return try SceneLoader().load(json: json, file: file)
    } catch {
      Issue.record("\(file) does not load: \(error)")
      return nil
    }
  }

  /// One chain of one view, with `effect` (JSON) as its effect.
  static func oneEffectScene(_ effect: String) -> String {
    #"{"chains": [{"name": "a", "frame": {"y": 100, "height": 200}, "effects": [\#(effect)]}]}"#
  }

  /// Scenes that each call one function of the platform's C math, or one
  /// the standard library may lower to it: every expression function and
  /// every kind of easing. By default the four that the standard library's
  /// rounding and square root give.
  static var mathScenes: [(name: String, json: String)] {
    let all = Self.checksAll
    let functions =
      all
      ? [
        "sqrt(pull)", "floor(offset / 7)", "ceil(offset / 7)", "round(offset / 7)",
        "abs(offset)", "min(offset, 3, pull)", "max(offset, 3)", "pow(offset, 2)",
        "exp(offset / 100)", "log(pull)", "sin(offset)", "cos(offset)",
        "clamp(0, offset, 50)", "sign(offset)", "lerp(0, 9, offset / 200)",
        "step(10, offset)", "smoothstep(0, 200, offset)",
      ]
      : ["sqrt(pull)", "floor(offset / 7)", "ceil(offset / 7)", "round(offset / 7)"]
    var scenes = functions.map { function in
      (function, oneEffectScene(#"{"type": "expression", "rotation": "\#(function)"}"#))
    }
    if all {
      for easing in [
        "steps(4, jump-start)", "cubic-bezier(0.3, 0.1, 0.2, 1.4)", "ease-in-out",
        "linear(0, 0.7 30%, 1)",
      ] {
        scenes.append(
          (
            easing,
            oneEffectScene(
              #"{"type": "interpolate", "property": "opacity", "input": "offset", "stops": [[0, 0], [300, 1]], "easing": "\#(easing)"}"#
            )
          ))
      }
    }
    return scenes
  }

  @Test(
    "an export that calls C math, or rounds, builds alone: with no other file to import the C library for it"
  )
  func exportsBuildAlone() throws {
    for (index, math) in Self.mathScenes.enumerated() {
      guard let scene = Self.load(math.json, file: math.name) else { continue }
      let directory = Scratch.root
        .appendingPathComponent("export-alone-\(getpid())-\(index)")
      defer { try? FileManager.default.removeItem(at: directory) }
      let check = ExportedSceneCheck(cases: [
        ExportedSceneCheck.Case(
          name: math.name, scene: scene,
          offsets: ExportedSceneCheck.offsets(for: scene, count: 20, seed: UInt64(index)))
      ])
      let outcome = try check.run(in: directory)
      #expect(outcome.compilerOutput == "", "\(math.name)")
      #expect(outcome.differences == [], "\(math.name)")
    }
  }

  @Test func exportsCompiledWithoutWarningsGiveTheHostsValuesAsDoubles() throws {
    let directory = Scratch.root
      .appendingPathComponent("export-check-\(getpid())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let cases = Self.cases
    // `swift test` builds its few scenes without the optimiser, as `-O`
    // would take most of the suite's minute; CI's run of every scene
    // (EXPORT_CHECK=all) builds with `-O`, as do the exports built alone.
    let all = Self.checksAll
    let outcome = try ExportedSceneCheck(cases: cases, optimization: all ? "-O" : "-Onone")
      .run(in: directory)
    #expect(outcome.compilerOutput == "")
    #expect(outcome.differences == [])
    #expect(outcome.frames >= 100 * cases.count)
  }
}
