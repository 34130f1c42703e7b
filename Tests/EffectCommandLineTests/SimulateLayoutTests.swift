import EffectCommandLine
import Foundation
import ScrollEffectsTestSupport
import Testing

/// `simulate`'s `set:KEY=VALUE` step end to end: the rows after the step are
/// the changed scene's, the host keeps its state, copies follow a changed
/// count, and every refusal has its message and exit status.
@Suite struct SimulateLayoutTests {
  /// The csv rows of `arguments` split into fields, the header left out.
  static func rows(_ arguments: [String]) -> [[Substring]] {
    let run = InProcess(arguments)
    #expect(run.status == .success, "\(run.stderr)")
    return run.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
  }

  /// Writes `text` to a temporary file for `body`, removed after.
  static func withScene(_ text: String, _ body: (String) throws -> Void) throws {
    let file = Scratch.root
      .appendingPathComponent("simulate-layout-\(UUID().uuidString).json")
    try text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    try body(file.path)
  }

  @Test("after set:header.frame.height=420 the rows are the edited file's at the same offsets")
  func rowsAreTheChangedScene() throws {
    let header = InProcess.stretchyHeader
    let edited = try String(contentsOfFile: header, encoding: .utf8)
      .replacing(#""height": 300"#, with: #""height": 420"#)
    #expect(edited.contains(#""height": 420"#))
    try Self.withScene(edited) { edited in
      let simulated = Self.rows([
        "simulate", header, "--gesture", "drag:300:300,set:header.frame.height=420,hold:50,release",
        "--format", "csv",
      ])
      // The step is at t = 0.3: frame 36 at 120 fps.
      #expect(simulated.contains { $0[0] == "36" })
      for row in simulated {
        let frame = Int(row[0]) ?? -1
        let file = frame >= 36 ? edited : header
        let evaluated = Self.rows([
          "eval", file, "--offsets", String(row[3]), "--chain", String(row[4]), "--format", "csv",
        ])
        // eval's row: offset, chain, then the same transform columns.
        #expect(Array(evaluated[0].dropFirst(2)) == Array(row.dropFirst(5)), "frame \(frame)")
      }
    }
  }

  @Test("the quick-return header keeps how far it is hidden through a layout change")
  func stateIsKept() throws {
    let scene = #"""
      {"chains": [
        {"name": "bar", "frame": {"height": 60}, "effects": [{"type": "float"}]},
        {"name": "body", "frame": {"y": 60, "height": 3000}}]}
      """#
    try Self.withScene(scene) { path in
      let rows = Self.rows([
        "simulate", path, "--gesture", "drag:200:200,set:viewport.width=300,drag:-30:100,hold:10",
        "--chain", "bar", "--format", "csv",
      ])
      func row(_ frame: Int) -> [Substring] { rows.first { $0[0] == "\(frame)" } ?? [] }
      // float: h = clamp(h + delta, 0, 60), y = max(y, It - h). Scrolled 200,
      // h is 60: the bar at -60. At frame 24 (t = 0.2) the width becomes
      // 300 and h stays 60 (a new host would start at 0 and show the bar at
      // y 0); scrolling back 30 by frame 36 brings h to 30, the bar to -30.
      #expect(row(23)[6] == "-60" && row(23)[7] == "390")
      #expect(row(24)[6] == "-60" && row(24)[7] == "300")
      #expect(row(36)[3] == "170" && row(36)[6] == "-30")
    }
  }

  @Test("a set: step that changes a chain's count prints the copies it has from then on")
  func copiesFollowTheCount() throws {
    let scene = #"""
      {"chains": [
        {"name": "row", "frame": {"height": 80}, "repeat": {"count": 2}},
        {"name": "badge", "frame": {"y": 40, "height": 20}}]}
      """#
    try Self.withScene(scene) { path in
      let gesture = "hold:20,set:row.repeat.count=12,set:badge.repeat.count=1,hold:10"
      let rows = Self.rows(["simulate", path, "--gesture", gesture, "--format", "csv"])
      func names(_ frame: Int) -> [Substring] { rows.filter { $0[0] == "\(frame)" }.map { $0[4] } }
      #expect(names(2) == ["row[0]", "row[1]", "badge"])
      // The steps are at t = 0.02: frame 3 at 120 fps.
      #expect(names(3) == (0..<12).map { "row[\($0)]" } + ["badge[0]"])
      // Copy 11, 11 strides of 80 below the first, at y 880 at rest.
      #expect(rows.first { $0[0] == "3" && $0[4] == "row[11]" }?[6] == "880")
      // The table's chain column fits `badge[0]` from its header on.
      let table = InProcess(["simulate", path, "--gesture", gesture]).stdout
      let lines = table.split(separator: "\n")
      let columns = lines.map { $0.firstRange(of: "  x")?.lowerBound.utf16Offset(in: $0) }
      #expect(Set(lines.map { $0.count }).count == 1, "\(table)")
      #expect(columns.first != nil)
      // --chain 'row[1]' keeps that copy while it is there.
      let one = Self.rows([
        "simulate", path, "--gesture", "hold:20,set:row.repeat.count=1,hold:10", "--chain",
        "row[1]",
        "--format", "csv",
      ])
      #expect(one.map(\.[0]) == ["0", "1", "2"])
    }
  }

  @Test("Configs/growing-header.json: the title follows the header that grows under the finger")
  func growingHeaderConfig() throws {
    let file = InProcess.config("growing-header.json")
    let gesture = "drag:100:200,set:header.frame.height=320,hold:100,fling:3000"
    let rows = Self.rows([
      "simulate", file, "--gesture", gesture, "--chain", "title", "--format", "csv",
    ])
    func row(_ frame: Int) -> [Substring] { rows.first { $0[0] == "\(frame)" } ?? [] }
    // Frame 23, t = 23 / 120: the drag has the offset at 100 * 23 / 24 and
    // the title at its natural 200 less that.
    let offset23 = 100.0 * 23 / 24
    #expect(Double(row(23)[3]) == offset23 && Double(row(23)[6]) == 200 - offset23)
    // Frame 24, t = 0.2: the header is 320, the title at 320 + 0 - 100.
    #expect(row(24)[3] == "100" && row(24)[6] == "220")
    // At rest at the new bottom: 320 + 60 + 8 + 1600 - 844 = 1144; the old
    // one was 200 + 60 + 8 + 1600 - 844 = 1024.
    #expect(rows.last?[2] == "idle" && rows.last?[3] == "1144")
    let before = Self.rows([
      "simulate", file, "--gesture", "drag:100:200,hold:100,fling:3000", "--chain", "title",
      "--format", "csv",
    ])
    #expect(before.last?[3] == "1024")
    // eval at 300 with and without the taller header: pinned at 0, or at
    // 320 + 0 - 300 = 20.
    func title(_ options: [String]) -> String {
      InProcess(
        ["eval", file, "--offsets", "300", "--chain", "title", "--columns", "y", "--format", "csv"]
          + options
      ).stdout
    }
    #expect(title([]) == "offset,chain,y\n300,title,0\n")
    #expect(title(["--set", "header.frame.height=320"]) == "offset,chain,y\n300,title,20\n")
  }

  static let usage =
    "effectctl simulate <scene> --gesture <spec> [--physics <physics>] [--fps <n>] "
    + "[--start <offset>] [--format <format>] [--chain <name> ...] [--events] [--reduce-motion] "
    + "[--device <name>] [--set <key=value> ...]"

  /// Gestures and the usage error each gives (exit 64).
  static let usageErrors: [(String, String)] = [
    (
      "drag:300:300,set:heder.frame.height=420,release",
      "step 2 \"set:heder.frame.height=420\": no chain is named \"heder\"; did you mean \"header\"? (chains: header, body)"
    ),
    (
      "fling:10,set:header.frame.height",
      "step 2 \"set:header.frame.height\": expected KEY=VALUE such as header.frame.height=420, found \"header.frame.height\" (no '=')"
    ),
    // An effect's parameter under a chain's name: the chain's keys, and
    // that parameters cannot be set, as `--set` says.
    (
      "drag:10:100,set:header.expression.y=1",
      "step 2 \"set:header.expression.y=1\": unknown key \"header.expression.y\": \"header\" is a chain, whose keys are header.frame.x, header.frame.y, header.frame.width, header.frame.height, header.repeat.count, header.repeat.spacing; an effect's parameters cannot be set"
    ),
    // Under no chain of the scene: no chain's key is offered.
    (
      "set:h.expression.y=1",
      "step 1 \"set:h.expression.y=1\": unknown key \"h.expression.y\" (expected viewport.width, viewport.height, contentInsets.top, contentInsets.bottom, contentInsets.left, contentInsets.right, contentHeight, contentWidth, NAME.frame.x, NAME.frame.y, NAME.frame.width, NAME.frame.height, NAME.repeat.count, NAME.repeat.spacing)"
    ),
    (
      "set:viewport.hieght=600",
      "step 1 \"set:viewport.hieght=600\": unknown key \"viewport.hieght\"; did you mean \"viewport.height\"? (expected viewport.width, viewport.height, contentInsets.top, contentInsets.bottom, contentInsets.left, contentInsets.right, contentHeight, contentWidth, NAME.frame.x, NAME.frame.y, NAME.frame.width, NAME.frame.height, NAME.repeat.count, NAME.repeat.spacing)"
    ),
  ]

  @Test("a set: step that is malformed or names no chain is a usage error", arguments: usageErrors)
  func usageError(gesture: String, reason: String) {
    let run = InProcess(["simulate", InProcess.stretchyHeader, "--gesture", gesture])
    #expect(run.status == .usage)
    #expect(
      run.stderr
        == InProcess.usageError(
          "The value '\(gesture)' is invalid for '--gesture <spec>': \(reason)",
          usage: Self.usage, command: "simulate"))
  }

  @Test("a set: value the scene refuses makes it invalid (65), named by its step")
  func refusal() {
    let file = InProcess.stretchyHeader
    for command in [["simulate"], ["check", "--golden", "/nonexistent/golden.csv"]] {
      let run = InProcess(
        [command[0], file] + command.dropFirst() + ["--gesture", "fling:100,set:viewport.width=0"])
      #expect(run.status == .invalidScene)
      #expect(
        run.stderr
          == "error: \(file): --gesture step 2 set:viewport.width: expected a number greater than 0 (at most 1e9), found the number 0\n"
      )
    }
    let spacing = InProcess([
      "simulate", file, "--gesture", "fling:100,wait:10,set:header.repeat.spacing=4",
    ])
    #expect(spacing.status == .invalidScene)
    #expect(
      spacing.stderr
        == "error: \(file): --gesture step 3 set:header.repeat.spacing: expected a repeated chain, found \"header\", which has no \"repeat\"; set header.repeat.count to give it copies\n"
    )
  }

  @Test("preview refuses a gesture with a set: step: its page has one layout")
  func previewRefuses() {
    let run = InProcess([
      "preview", InProcess.stretchyHeader, "--gesture", "fling:100,set:viewport.width=300",
    ])
    #expect(run.status == .usage)
    #expect(
      run.stderr.hasPrefix(
        "Error: The value 'fling:100,set:viewport.width=300' is invalid for '--gesture <spec> ...': step 2 \"set:viewport.width=300\": a preview's page has one layout; expected steps without set: (simulate plays them)\n"
      ))
  }

  @Test("check --gesture with a set: step matches the rows simulate prints")
  func checkPlaysTheStep() throws {
    let gesture = "drag:300:300,set:header.frame.height=420,hold:50,release"
    let simulated = InProcess([
      "simulate", InProcess.stretchyHeader, "--gesture", gesture, "--format", "csv",
    ])
    try Self.withScene(simulated.stdout) { golden in
      let check = InProcess([
        "check", InProcess.stretchyHeader, "--gesture", gesture, "--golden", golden,
      ])
      #expect(check.status == .success, "\(check.stdout)")
    }
  }
}
