import EffectCommandLine
import Foundation
import ScrollEffectsTestSupport
import Testing

/// Text from outside (flag values, chain names, file names) reaches the
/// terminal escaped in every message, so that no value can break a line,
/// colour the terminal, reorder text or pass for another name.
@Suite struct EscapingTests {
  /// A raw scalar and how a message shows it.
  static let unsafe: [(raw: String, shown: String)] = [
    ("\n", "\\n"), ("\r", "\\r"), ("\t", "\\t"), ("\u{1B}[31m", "\\u001B[31m"),
    ("\u{202E}", "\\u202E"), ("\u{A0}", "\\u00A0"), ("\u{2028}", "\\u2028"), ("\u{7F}", "\\u007F"),
  ]

  static let evalUsage =
    "effectctl eval <scene> --offsets <spec> [--format <format>] [--chain <name> ...] [--events] [--visible] [--columns <names>] [--reduce-motion] [--device <name>] [--set <key=value> ...]"

  @Test("a --chain value is escaped in the unknown-chain message", arguments: unsafe)
  func chainValue(raw: String, shown: String) {
    let result = InProcess([
      "eval", InProcess.stretchyHeader, "--offsets", "0", "--chain", "qq\(raw)qq",
    ])
    #expect(result.status == .usage)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == InProcess.usageError(
          "The value 'qq\(shown)qq' is invalid for '--chain <name> ...': no chain is named "
            + "'qq\(shown)qq'. The chains are: header, body", usage: Self.evalUsage,
          command: "eval"))
  }

  /// As ``unsafe``, ESC without the `[` a chain name may not hold.
  static let unsafeInNames = unsafe.filter { !$0.raw.contains("[") } + [("\u{1B}", "\\u001B")]

  @Test("a scene's chain names are escaped in the list of chains", arguments: unsafeInNames)
  func chainNames(raw: String, shown: String) throws {
    let json = Self.jsonString("a\(raw)b")
    let scene = try Self.file(
      #"{"chains": [{"name": \#(json), "frame": {"height": 10}}, "#
        + #"{"name": "row", "frame": {"height": 10}, "repeat": {"count": 3}}]}"#)
    let unknown = InProcess(["eval", scene, "--offsets", "0", "--chain", "zzzzzz"])
    #expect(unknown.status == .usage)
    #expect(
      unknown.stderr
        == InProcess.usageError(
          "The value 'zzzzzz' is invalid for '--chain <name> ...': no chain is named 'zzzzzz'. "
            + "The chains are: \"a\(shown)b\", row (row[0] to row[2])", usage: Self.evalUsage,
          command: "eval"))
    let notRepeated = InProcess(["eval", scene, "--offsets", "0", "--chain", "a\(raw)b[1]"])
    #expect(notRepeated.status == .usage)
    #expect(
      notRepeated.stderr
        == InProcess.usageError(
          "The value 'a\(shown)b[1]' is invalid for '--chain <name> ...': 'a\(shown)b' does not "
            + "repeat, so 'a\(shown)b[1]' names no view; give 'a\(shown)b'", usage: Self.evalUsage,
          command: "eval"))
  }

  @Test(
    "a line break and a backslash and n in chain names stay apart in check's report and the list")
  func namesStayApart() throws {
    // "a<LF>b" and "a\\nb": both would read a\nb escaped alone.
    let scene = try Self.file(
      #"{"chains": [{"name": "a\nb", "frame": {"height": 10}}, "#
        + #"{"name": "a\\nb", "frame": {"y": 10, "height": 10}, "repeat": {"count": 2}}]}"#)
    let golden = try Self.directory() + "/golden.csv"
    let update = InProcess(["check", scene, "--offsets", "0", "--golden", golden, "--update"])
    #expect(update.status == .success)
    let check = InProcess(["check", scene, "--offsets", "0:1", "--golden", golden])
    #expect(check.status == .failure)
    #expect(
      check.stdout.hasSuffix(
        #"""
        only now: offset 1, "a\nb"
        only now: offset 1, "a\\nb"[0]
        only now: offset 1, "a\\nb"[1]

        """#))
    let unknown = InProcess(["eval", scene, "--offsets", "0", "--chain", "zz"])
    #expect(
      unknown.stderr.hasPrefix(
        #"Error: The value 'zz' is invalid for '--chain <name> ...': no chain is named 'zz'. "#
          + #"The chains are: "a\nb", "a\\nb" ("a\\nb"[0] to "a\\nb"[1])"#))
  }

  @Test("--offsets, --format and --frames values are escaped", arguments: unsafe)
  func flagValues(raw: String, shown: String) {
    let offsets = InProcess(["eval", InProcess.stretchyHeader, "--offsets", "1\(raw)"])
    #expect(offsets.status == .usage)
    #expect(
      offsets.stderr
        == InProcess.usageError(
          "The value '1\(shown)' is invalid for '--offsets <spec>': '1\(shown)' is not a number; "
            + "expected a decimal number such as -100 or 0.5", usage: Self.evalUsage,
          command: "eval"))
    let format = InProcess([
      "eval", InProcess.stretchyHeader, "--offsets", "0", "--format", "x\(raw)",
    ])
    #expect(format.status == .usage)
    #expect(
      format.stderr
        == InProcess.usageError(
          "The value 'x\(shown)' is invalid for '--format <format>'. "
            + "Expected one of 'table', 'json', 'ndjson' or 'csv'", usage: Self.evalUsage,
          command: "eval"))
    let frames = InProcess(["bench", InProcess.stretchyHeader, "--frames", "\(raw)3"])
    #expect(frames.status == .usage)
    #expect(
      frames.stderr
        == InProcess.usageError(
          "The value '\(shown)3' is invalid for '--frames <n>': expected a whole number of "
            + "frames, 1 or more",
          usage:
            "effectctl bench <scene> [--frames <n>] [--offsets <spec>] [--visible] [--reduce-motion] [--device <name>] [--set <key=value> ...]",
          command: "bench"))
  }

  @Test("unknown subcommands, options, arguments and effect types are escaped", arguments: unsafe)
  func words(raw: String, shown: String) {
    let subcommand = InProcess(["zz\(raw)"])
    #expect(subcommand.status == .usage)
    #expect(
      subcommand.stderr
        == InProcess.usageError("Unknown subcommand 'zz\(shown)'", usage: nil, command: nil))
    let option = InProcess(["eval", InProcess.stretchyHeader, "--offsets", "0", "--zz\(raw)"])
    #expect(
      option.stderr
        == InProcess.usageError(
          "Unknown option '--zz\(shown)'", usage: Self.evalUsage, command: "eval"))
    let argument = InProcess(["help", "eval", "x\(raw)"])
    #expect(argument.status == .usage)
    #expect(
      argument.stderr
        == InProcess.usageError("Unexpected argument 'x\(shown)'", usage: nil, command: nil))
    let effect = InProcess(["effects", "zzzzzzzz\(raw)"])
    #expect(effect.status == .usage)
    #expect(
      effect.stderr.hasPrefix("Error: Unknown effect type 'zzzzzzzz\(shown)'. The types are: "))
    // The message, the usage and where help is: three lines, none forged.
    #expect(effect.stderr.split(separator: "\n", omittingEmptySubsequences: false).count == 4)
  }

  @Test(
    "a file name is shown escaped, unquoted, in validate's line and every error", arguments: unsafe)
  func fileNames(raw: String, shown: String) throws {
    let directory = try Self.directory()
    let valid = directory + "/ok\(raw)error: all good.json"
    try #"{"name": "h", "frame": {"height": 3}, "effects": []}"#.write(
      toFile: valid, atomically: false, encoding: .utf8)
    let invalid = directory + "/bad\(raw)x.json"
    try #"{"name": "h", "frame": {"height": -3}, "effects": []}"#.write(
      toFile: invalid, atomically: false, encoding: .utf8)
    let malformed = directory + "/worse\(raw)x.json"
    try "{".write(toFile: malformed, atomically: false, encoding: .utf8)
    let missing = directory + "/gone\(raw)x.json"
    let result = InProcess(["validate", valid, invalid, malformed, missing])
    let shownDirectory = directory
    #expect(result.status == .invalidScene)
    #expect(
      result.stdout == "\(shownDirectory)/ok\(shown)error: all good.json: valid (1 chain, 1 view)\n"
    )
    #expect(
      result.stderr == """
        error: \(shownDirectory)/bad\(shown)x.json: frame.height: expected a number greater than 0 (at most 1e9), found the number -3
        error: \(shownDirectory)/worse\(shown)x.json:1:2: malformed JSON: expected a key string, found the end of the file
        error: \(shownDirectory)/gone\(shown)x.json: no such file

        """)
    let eval = InProcess(["eval", invalid, "--offsets", "0"])
    #expect(eval.status == .invalidScene)
    #expect(
      eval.stderr
        == "error: \(shownDirectory)/bad\(shown)x.json: frame.height: expected a number greater than 0 (at most 1e9), found the number -3\n"
    )
  }

  /// `text` as a JSON string, every non-ASCII or control scalar as `\uXXXX`.
  static func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || scalar.value >= 0x7F || scalar == "\"" || scalar == "\\" {
        result += String(format: "\\u%04X", scalar.value)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A new temporary directory, its path free of unsafe scalars.
  static func directory() throws -> String {
    let path = Scratch.root.path + "/escaping-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// `text` in a new temporary file; its path.
  static func file(_ text: String) throws -> String {
    let path = try directory() + "/scene.json"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }
}
