import EffectHost
import EffectProtocol
import Foundation
import Testing

@testable import EffectCommandLine

/// An effect that is not built in and breaks the rule every effect keeps
/// from some offset on: what every command refuses to print, draw, compare
/// or time.
@Suite struct OutputCheckTests {
  /// Writes `value` into `column` from offset `from` on; before it, nothing.
  struct SpoilEffect: StatelessScrollEffect {
    enum Spoil: String, CaseIterable {
      case nanOpacity, infiniteX, negativeWidth, brightOpacity
    }
    var spoil: Spoil
    var from: Double

    init(from reader: inout ParameterReader) {
      spoil = reader.choice("spoil", default: .nanOpacity)
      from = reader.number("from", default: 50, in: .finite)
    }

    static let descriptor = EffectDescriptor(
      typeName: "spoil", summary: "Breaks the rule from an offset on.", discussion: "",
      parameters: [
        .init(name: "spoil", values: "a choice", defaultValue: "\"nanOpacity\"", summary: "what"),
        .init(name: "from", values: "points", defaultValue: "50", summary: "where"),
      ],
      examples: [])

    func apply(to views: inout ViewBatch) {
      guard views.geometry.offset >= from else { return }
      let spoil = spoil
      views.modifyEach { view in
        switch spoil {
        case .nanOpacity: view.opacity = .nan
        case .infiniteX: view.x = .infinity
        case .negativeWidth: view.width = -5
        case .brightOpacity: view.opacity = 1.5
        }
      }
    }
  }

  static func tool() throws -> CommandLineTool {
    Effectctl.tool(registry: try EffectRegistry.builtIn.registering(SpoilEffect.self))
  }

  /// The stretchy header with `spoil` after its stretch on the header, and
  /// an event on the header's height.
  static func scene(_ spoil: String = "nanOpacity", from: Double = 50) -> String {
    """
    {"viewport": {"width": 390, "height": 844}, "contentHeight": 2000,
     "chains": [
       {"name": "header", "frame": {"y": 0, "height": 300},
        "effects": [{"type": "stretch"}, {"type": "spoil", "spoil": "\(spoil)", "from": \(from)}],
        "events": [{"name": "tall", "input": "offset", "crosses": 10}]},
       {"name": "body", "frame": {"y": 300, "height": 1700}, "effects": []}]}
    """
  }

  static let breach =
    "\"header\": opacity is nan, expected a finite number; an effect that is not built in "
    + "(\"spoil\") broke the rule every effect keeps: every column finite, width, height and "
    + "blur 0 or more, opacity from 0 to 1"

  @Test("eval stops at the first offset that breaks the rule: its rows unwritten, exit 1")
  func eval() throws {
    let tool = try Self.tool()
    try InProcess.withSceneFiles([("spoiled", Self.scene())], prefix: "spoil") { paths in
      let path = paths[0]
      let run = InProcess(["eval", path, "--offsets", "0,20,50,60", "--format", "csv"], tool: tool)
      #expect(run.status == .failure)
      #expect(run.stderr == "error: \(path): at offset 50, \(Self.breach)\n")
      // The header and the rows of 0 and 20, two views each; nothing of 50.
      let lines = run.stdout.split(separator: "\n")
      #expect(lines.count == 1 + 2 * 2)
      #expect(!run.stdout.contains("nan"))
      // Before offset 50 the effect changes nothing: the rows are the file's.
      let clean = InProcess(["eval", path, "--offsets", "0,20", "--format", "csv"], tool: tool)
      #expect(clean.status == .success)
      #expect(clean.stdout == run.stdout)
    }
  }

  @Test(
    "every other way to break it is named: an infinity, a negative width, an opacity above 1",
    arguments: [
      ("infiniteX", "x is inf, expected a finite number"),
      ("negativeWidth", "width is -5, expected 0 or more"),
      ("brightOpacity", "opacity is 1.5, expected a number from 0 to 1"),
    ])
  func violations(spoil: String, violation: String) throws {
    let tool = try Self.tool()
    try InProcess.withSceneFiles([("spoiled", Self.scene(spoil, from: 0))], prefix: "spoil") {
      paths in
      let path = paths[0]
      let run = InProcess(["eval", path, "--offsets", "0"], tool: tool)
      #expect(run.status == .failure)
      #expect(run.stderr.hasPrefix("error: \(path): at offset 0, \"header\": \(violation);"))
    }
  }

  @Test("events, simulate, check, bench, plot, filmstrip and preview refuse it too, exit 1")
  func everyCommand() throws {
    let tool = try Self.tool()
    try InProcess.withSceneFiles([("spoiled", Self.scene())], prefix: "spoil") { paths in
      let path = paths[0]
      let folder = (path as NSString).deletingLastPathComponent
      let golden = folder + "/golden.csv"
      let commands: [([String], String)] = [
        (["eval", path, "--offsets", "0:100:10", "--events"], "at offset 50, "),
        (["simulate", path, "--gesture", "drag:100:100"], "at frame "),
        (
          ["check", path, "--offsets", "0:100:10", "--golden", golden, "--update"], "at offset 50, "
        ),
        (["bench", path, "--offsets", "0:100", "--frames", "60"], "at offset 50, "),
        (["plot", path, "--offsets", "0:100", "-o", folder + "/plot.svg"], "at offset 50, "),
        (
          ["filmstrip", path, "--offsets", "0,50,100", "-o", folder + "/strip.svg"],
          "at offset 50, "
        ),
        (["preview", path, "--offsets", "0:100", "-o", folder + "/page.html"], "at offset 50, "),
        (
          [
            "preview", path, "--offsets", "0", "--gesture", "drag:100:100", "-o",
            folder + "/g.html",
          ],
          "gesture \"drag:100:100\" at frame "
        ),
      ]
      for (arguments, place) in commands {
        let run = InProcess(arguments, tool: tool)
        #expect(run.status == .failure, "\(arguments[0])")
        #expect(run.stderr.hasPrefix("error: \(path): \(place)"), "\(arguments): \(run.stderr)")
        #expect(run.stderr.hasSuffix(Self.breach + "\n"), "\(arguments): \(run.stderr)")
      }
      // Nothing was written in their place.
      for file in ["golden.csv", "plot.svg", "strip.svg", "page.html", "g.html"] {
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + file), "\(file)")
      }
    }
  }

  @Test("a scene of built-in effects alone is not checked; one that keeps the rule passes")
  func keptRule() throws {
    let tool = try Self.tool()
    for config in ["stretchy-header.json", "app-bar-events.json", "carousel-rtl.json"] {
      let scene = try SceneLoader().load(contentsOf: InProcess.config(config))
      #expect(!OutputCheck(scene).isNeeded, "\(config)")
    }
    try InProcess.withSceneFiles([("kept", Self.scene(from: 1e9))], prefix: "spoil") { paths in
      let scene = try SceneLoader(registry: tool.registry).load(contentsOf: paths[0])
      #expect(OutputCheck(scene).isNeeded)
      let run = InProcess(["eval", paths[0], "--offsets", "-100:300"], tool: tool)
      #expect(run.status == .success)
      #expect(run.stderr.isEmpty)
    }
  }

  /// Writes NaN into opacity at a frame whose offset is the one before:
  /// stateful, so what it writes depends on the order of the frames.
  struct RepeatSpoilEffect: ScrollEffect {
    init(from reader: inout ParameterReader) {}

    static let descriptor = EffectDescriptor(
      typeName: "repeatSpoil", summary: "Breaks the rule when an offset repeats.",
      discussion: "", parameters: [], examples: [])

    func makeState(viewCount: Int) -> Double? { nil }

    func apply(to views: inout ViewBatch, state: inout Double?) {
      let offset = views.geometry.offset
      if state == offset { views.modifyEach { $0.opacity = .nan } }
      state = offset
    }
  }

  @Test(
    "a stateful effect is checked over the frames as each command evaluates them",
    arguments: [
      // The page evaluates its lowest offset twice: the second breaks the rule.
      (["preview", "--offsets", "0:100:10"], "at offset 0, "),
      // A benchmark's frames cycle through one offset: its second frame breaks it.
      (["bench", "--offsets", "5", "--frames", "2"], "at offset 5, "),
      // Offsets given twice in a row break it where they repeat.
      (["eval", "--offsets", "0,10,10"], "at offset 10, "),
      (["plot", "--offsets", "0,10,10"], "at offset 10, "),
    ])
  func statefulOrder(arguments: [String], place: String) throws {
    let tool = Effectctl.tool(
      registry: try EffectRegistry.builtIn.registering(RepeatSpoilEffect.self))
    let text = """
      {"viewport": {"width": 390, "height": 844}, "contentHeight": 2000,
       "chains": [{"name": "header", "frame": {"y": 0, "height": 300},
                   "effects": [{"type": "repeatSpoil"}]}]}
      """
    try InProcess.withSceneFiles([("repeat", text)], prefix: "spoil") { paths in
      let folder = (paths[0] as NSString).deletingLastPathComponent
      var command = [arguments[0], paths[0]] + arguments.dropFirst()
      if ["preview", "plot"].contains(arguments[0]) { command += ["-o", folder + "/out"] }
      let run = InProcess(command, tool: tool)
      #expect(run.status == .failure)
      #expect(run.stderr.hasPrefix("error: \(paths[0]): \(place)\"header\": opacity is nan"))
      #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }
    // Each offset once, in order: nothing repeats and nothing breaks.
    try InProcess.withSceneFiles([("once", text)], prefix: "spoil") { paths in
      let run = InProcess(["eval", paths[0], "--offsets", "0:100:10"], tool: tool)
      #expect(run.status == .success)
    }
  }
}
