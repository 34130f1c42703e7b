import EffectHost
import Foundation
import Testing

@testable import EffectCommandLine

/// Small command-line behaviours: `help help`, flags after `-h` and
/// `--version`, copy numbers with leading zeros, counts too large for an
/// Int, and the table's chain column in terminal cells.
@Suite struct SmallFixesTests {
  static let evalUsage =
    "effectctl eval <scene> --offsets <spec> [--format <format>] [--chain <name> ...] [--events] [--visible] [--columns <names>]"

  @Test("help help prints the help subcommand's own page, exit 0")
  func helpHelp() {
    let result = InProcess(["help", "help"])
    #expect(result.status == .success)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        OVERVIEW: Show subcommand help information.

        USAGE: effectctl help [<subcommand>]

        ARGUMENTS:
          <subcommand>            The subcommand to describe.

        OPTIONS:
          -h, --help              Show help information.

        """)
    let extra = InProcess(["help", "help", "eval"])
    #expect(extra.status == .usage)
    #expect(
      extra.stderr
        == InProcess.usageError("Unexpected argument 'eval'", usage: nil, command: nil))
  }

  @Test(
    "as in swift-argument-parser, a leading -h or --help wins over what follows; --version takes nothing after it",
    arguments: [["extra"], ["eval", "--offsets"], ["--bogus", "x"]])
  func builtInFlagsWin(rest: [String]) {
    let top = InProcess([])
    for flag in ["-h", "--help"] {
      let help = InProcess([flag] + rest)
      #expect(help.status == .success)
      #expect(help.stdout == top.stdout)
      #expect(help.stderr == "")
    }
    let version = InProcess(["--version"] + rest)
    #expect(version.status == .usage)
    #expect(version.stdout == "")
    #expect(
      version.stderr
        == InProcess.usageError("Unexpected argument '\(rest[0])'", usage: nil, command: nil))
    let alone = InProcess(["--version"])
    #expect(alone.status == .success)
    #expect(alone.stdout == "effectctl \(Effectctl.tool.version ?? "")\n")
  }

  /// Four copies of `rep`.
  static func repScene() throws -> String {
    let path = FileManager.default.temporaryDirectory.path + "/rep-\(UUID().uuidString).json"
    try #"{"chains": [{"name": "rep", "frame": {"height": 10}, "repeat": {"count": 4}}]}"#.write(
      toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  @Test(
    "a copy number with leading zeros is refused, with the name without them when it exists",
    arguments: [
      ("rep[03]", ", e.g. 'rep[3]'"), ("rep[00]", ", e.g. 'rep[0]'"),
      ("rep[0001]", ", e.g. 'rep[1]'"),
      ("rep[04]", ""), ("rep[099999999999999999999]", ""),
    ])
  func leadingZeros(name: String, example: String) throws {
    let result = InProcess(["eval", try Self.repScene(), "--offsets", "0", "--chain", name])
    #expect(result.status == .usage)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == InProcess.usageError(
          "The value '\(name)' is invalid for '--chain <name> ...': '\(name)' is not a copy of "
            + "'rep': expected a copy number without leading zeros\(example); it has copies "
            + "rep[0] to rep[3]", usage: Self.evalUsage, command: "eval"))
  }

  @Test("rep[0] and rep[3] are still copies")
  func plainCopies() throws {
    let result = InProcess([
      "eval", try Self.repScene(), "--offsets", "0", "--chain", "rep[3]", "--chain", "rep[0]",
      "--format", "csv",
    ])
    #expect(result.status == .success)
    let names = result.stdout.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",")[1]
    }
    #expect(names == ["rep[0]", "rep[3]"])
  }

  @Test(
    "a count too large for an Int says so, with the limit",
    arguments: ["99999999999999999999", "9223372036854775808", String(repeating: "9", count: 400)])
  func framesTooLarge(text: String) throws {
    let result = InProcess(["bench", InProcess.stretchyHeader, "--frames", text])
    #expect(result.status == .usage)
    #expect(
      result.stderr
        == InProcess.usageError(
          "The value '\(text)' is invalid for '--frames <n>': the number is too large; expected "
            + "a whole number of frames from 1 to 9223372036854775807",
          usage: "effectctl bench <scene> [--frames <n>] [--offsets <spec>] [--visible]",
          command: "bench"))
  }

  @Test("the largest Int is still a count; 0 is still too small")
  func framesBounds() throws {
    let reader = ValueReader<Int>.count(of: "frames", atLeast: 1)
    #expect(try reader.read("9223372036854775807") == Int.max)
    #expect(throws: InvalidValue.because("expected a whole number of frames, 1 or more")) {
      try reader.read("0")
    }
  }

  @Test(
    "terminal cells: wide and fullwidth 2, emoji 2, combining marks 0, the rest 1",
    arguments: [
      ("chain", 5), ("表头表头", 8), ("表头x", 5), ("한국", 4), ("ｱｲ", 2), ("ＡＢ", 4),
      ("👍", 2), ("👍🏽", 2), ("☺", 1), ("☺\u{FE0F}", 2), ("e\u{0301}", 1), ("\u{0301}", 0),
      ("a\u{20DD}", 1), ("𠀀", 2), ("ü", 1), ("Ω", 1), ("→", 1),
    ])
  func cells(text: String, cells: Int) {
    #expect(TerminalWidth.cells(of: text) == cells)
  }

  @Test("the wide ranges are sorted and disjoint, so the binary search finds every one")
  func rangesSorted() {
    let ranges = TerminalWidth.wideRanges
    for (left, right) in zip(ranges, ranges.dropFirst()) {
      #expect(left.upperBound < right.lowerBound)
    }
    for range in ranges {
      #expect(TerminalWidth.isWide(range.lowerBound))
      #expect(TerminalWidth.isWide(range.upperBound))
      #expect(
        !TerminalWidth.isWide(range.lowerBound - 1)
          || ranges.contains { $0.contains(range.lowerBound - 1) })
    }
  }

  @Test("the table pads chain names by terminal cells and quotes names with end spaces")
  func tableCells() throws {
    let path = FileManager.default.temporaryDirectory.path + "/wide-\(UUID().uuidString).json"
    try #"""
    {"chains": [{"name": "表头表头", "frame": {"height": 10}}, {"name": "👍", "frame": {"height": 10}},
      {"name": "e\u0301x", "frame": {"height": 10}}, {"name": "trail ", "frame": {"height": 10}},
      {"name": "trail", "frame": {"height": 10}}, {"name": " lead", "frame": {"height": 10}},
      {"name": "\"q", "frame": {"height": 10}}]}
    """#.write(toFile: path, atomically: false, encoding: .utf8)
    let result = InProcess(["eval", path, "--offsets", "0"])
    #expect(result.status == .success)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    // The widest name takes 8 cells (表头表头, "trail " with its quotes);
    // each row is the offset in 10, two spaces, the name padded to 8 cells,
    // then x in 10 after two spaces.
    #expect(lines[0].hasPrefix("    offset  chain     " + "         x"))
    let shown: [(String, Int)] = [
      ("表头表头", 8), ("👍", 2), ("e\u{0301}x", 2), ("\"trail \"", 8), ("trail", 5),
      ("\" lead\"", 7), ("\"\\\"q\"", 5),
    ]
    #expect(lines.count == shown.count + 1)
    for ((name, cells), line) in zip(shown, lines.dropFirst()) {
      let expected =
        "         0  " + name + String(repeating: " ", count: 8 - cells) + "        0.00  "
      #expect(line.hasPrefix(expected), "\(line)")
    }
  }
}
