import EffectHost
import Effects
import Foundation
import Testing

@Suite struct UsageErrorTests {
  static let scene = Effectctl.stretchyHeader
  static let directionMessage =
    "The value '300:-100' is invalid for '--offsets <spec>': the offsets go down from 300 to -100 "
    + "but the default step 1 goes up; give a negative step, e.g. 300:-100:-1"

  static let cases: [([String], String?, String)] = [
    (["evl"], nil, "Unknown subcommand 'evl'. Did you mean 'eval'?"),
    (["frobnicate"], nil, "Unknown subcommand 'frobnicate'"),
    (["--versoin"], nil, "Unknown option '--versoin'. Did you mean '--version'?"),
    (["help", "benhc"], nil, "Unknown subcommand 'benhc'. Did you mean 'bench'?"),
    (["help", "eval", "extra"], nil, "Unexpected argument 'extra'"),
    (["eval"], "eval", "Missing expected argument '<scene>'"),
    (["eval", scene], "eval", "Missing expected argument '--offsets <spec>'"),
    (["eval", scene, "--offsets"], "eval", "Missing value for '--offsets <spec>'"),
    (["eval", scene, "a", "--offsets", "0"], "eval", "Unexpected argument 'a'"),
    (
      ["eval", scene, "--offsets", "0", "--fromat", "csv"], "eval",
      "Unknown option '--fromat'. Did you mean '--format'?"
    ),
    (["eval", scene, "--offsets", "0", "-x"], "eval", "Unknown option '-x'"),
    (
      ["eval", scene, "--offsets", "0", "--format", "csv", "--format", "json"], "eval",
      "'--format' was given more than once; give it once"
    ),
    (
      ["eval", scene, "--offsets", "0", "--offsets", "1"], "eval",
      "'--offsets' was given more than once; give it once"
    ),
    (["eval", scene, "--offsets", "0", "--help=yes"], "eval", "Option '--help' takes no value"),
    (
      ["eval", scene, "--offsets", "0", "--format", "xml"], "eval",
      "The value 'xml' is invalid for '--format <format>'. Expected one of 'table', 'json', 'ndjson' or 'csv'"
    ),
    (
      ["eval", scene, "--offsets", "0", "--format", "jsn"], "eval",
      "The value 'jsn' is invalid for '--format <format>'. Did you mean 'json'? Expected one of 'table', 'json', 'ndjson' or 'csv'"
    ),
    (["eval", scene, "--offsets", "300:-100"], "eval", directionMessage),
    (
      ["eval", scene, "--offsets", "abc"], "eval",
      "The value 'abc' is invalid for '--offsets <spec>': 'abc' is not a number; expected a decimal number such as -100 or 0.5"
    ),
    (
      ["eval", scene, "--offsets", "0x10"], "eval",
      "The value '0x10' is invalid for '--offsets <spec>': '0x10' is not a number; expected a decimal number such as -100 or 0.5"
    ),
    (
      ["eval", scene, "--offsets", "nan:1"], "eval",
      "The value 'nan:1' is invalid for '--offsets <spec>': 'nan' is not a finite number; expected a decimal number such as -100 or 0.5"
    ),
    (
      ["eval", scene, "--offsets=inf"], "eval",
      "The value 'inf' is invalid for '--offsets <spec>': 'inf' is not a finite number; expected a decimal number such as -100 or 0.5"
    ),
    (
      ["eval", scene, "--offsets", "0:1,2"], "eval",
      "The value '0:1,2' is invalid for '--offsets <spec>': ':' and ',' are mixed; expected FROM:TO, FROM:TO:STEP or A,B,C"
    ),
    (
      ["eval", scene, "--offsets", "0::1"], "eval",
      "The value '0::1' is invalid for '--offsets <spec>': a part is empty; expected a number before and after each ':' or ','"
    ),
    (
      ["eval", scene, "--offsets="], "eval",
      "The value '' is invalid for '--offsets <spec>': expected FROM:TO, FROM:TO:STEP or A,B,C, found nothing"
    ),
    (
      ["eval", scene, "--offsets", "0:10:0"], "eval",
      "The value '0:10:0' is invalid for '--offsets <spec>': the step is 0; expected a step that is not 0"
    ),
    (
      ["eval", scene, "--offsets", "-100:300:-50"], "eval",
      "The value '-100:300:-50' is invalid for '--offsets <spec>': the offsets go up from -100 to 300 but the step -50 goes down; give a positive step, e.g. -100:300:50"
    ),
    (
      ["eval", scene, "--offsets", "0:1e9"], "eval",
      "The value '0:1e9' is invalid for '--offsets <spec>': that is 1000000001 offsets; expected at most 100000000 (use a larger step)"
    ),
    (
      ["eval", scene, "--offsets", "2e15"], "eval",
      "The value '2e15' is invalid for '--offsets <spec>': '2e15' is out of range; expected a number from -1e15 to 1e15"
    ),
    (
      ["eval", scene, "--offsets", "0", "--chain", "heder"], "eval",
      "The value 'heder' is invalid for '--chain <name> ...': no chain is named 'heder'. Did you mean 'header'? The chains are: header, body"
    ),
    (
      ["eval", scene, "--offsets", "0", "--chain", "body[2]"], "eval",
      "The value 'body[2]' is invalid for '--chain <name> ...': 'body' does not repeat, so 'body[2]' names no view; give 'body'"
    ),
    (["validate"], "validate", "Missing expected argument '<scene> ...'"),
    (["validate", scene, "--strict"], "validate", "Unknown option '--strict'"),
    (["effects", "stretch", "extra"], "effects", "Unexpected argument 'extra'"),
    (
      ["effects", "strech"], "effects",
      "Unknown effect type 'strech'. Did you mean 'stretch'? The types are: \(BuiltInTypes.names)."
    ),
    (
      ["effects", "zzzzzzzz"], "effects",
      "Unknown effect type 'zzzzzzzz'. The types are: \(BuiltInTypes.names)."
    ),
    (["bench"], "bench", "Missing expected argument '<scene>'"),
    (
      ["bench", scene, "--frames", "0"], "bench",
      "The value '0' is invalid for '--frames <n>': expected a whole number of frames, 1 or more"
    ),
    (
      ["bench", scene, "--frames", "-5"], "bench",
      "The value '-5' is invalid for '--frames <n>': expected a whole number of frames, 1 or more"
    ),
    (
      ["bench", scene, "--frames", "1.5"], "bench",
      "The value '1.5' is invalid for '--frames <n>': expected a whole number of frames, 1 or more"
    ),
    (
      ["bench", scene, "--frames", "99999999999999999999"], "bench",
      "The value '99999999999999999999' is invalid for '--frames <n>': the number is too large; expected a whole number of frames from 1 to 9223372036854775807"
    ),
    (["bench", scene, "--frames"], "bench", "Missing value for '--frames <n>'"),
    (
      ["bench", scene, "--offsets", "1:0"], "bench",
      "The value '1:0' is invalid for '--offsets <spec>': the offsets go down from 1 to 0 but the default step 1 goes up; give a negative step, e.g. 1:0:-1"
    ),
  ]

  @Test("usage errors: the message, the usage, where help is; status 64", arguments: cases)
  func usageError(arguments: [String], command: String?, message: String) throws {
    let output = try Effectctl.run(arguments)
    #expect(output.status == 64)
    #expect(output.stdout == "")
    #expect(output.stderr == Effectctl.usageError(message, command: command))
  }

  @Test("a chain copy out of range is a usage error that gives the copies")
  func copyOutOfRange() throws {
    let path = try Effectctl.temporaryFile(EvalCommandTests.rowsScene)
    let output = try Effectctl.run(["eval", path, "--offsets", "0", "--chain", "row[4]"])
    #expect(output.status == 64)
    #expect(
      output.stderr
        == Effectctl.usageError(
          "The value 'row[4]' is invalid for '--chain <name> ...': 'row[4]' is not a copy of 'row': it has copies row[0] to row[3]",
          command: "eval"))
  }
}
