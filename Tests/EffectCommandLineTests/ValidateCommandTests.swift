import EffectCommandLine
import EffectHost
import Effects
import Testing

@Suite struct ValidateCommandTests {
  @Test("validate: a line per valid file; 65 when any is invalid, else 66 when any is missing")
  func validate() {
    let valid = InProcess(["validate", InProcess.stretchyHeader])
    #expect(valid.status == .success)
    #expect(valid.stdout == "\(InProcess.stretchyHeader): valid (2 chains, 2 views)\n")
    let missing = InProcess(["validate", InProcess.stretchyHeader, "/no/such.json"])
    #expect(missing.status == .unreadableScene)
    #expect(missing.stdout == valid.stdout)
    #expect(missing.stderr == "error: /no/such.json: no such file\n")
    // /dev/null reads as an empty file: malformed JSON at line 1, column 1.
    let invalid = InProcess(["validate", "/no/such.json", "/dev/null"])
    #expect(invalid.status == .invalidScene)
    #expect(invalid.stdout == "")
    #expect(
      invalid.stderr
        == "error: /no/such.json: no such file\n"
        + "error: /dev/null:1:1: malformed JSON: expected a JSON value, found an empty document\n")
  }

  @Test("standard input named twice is a usage error, before anything is read")
  func standardInputTwice() {
    let run = InProcess(["validate", "-", InProcess.stretchyHeader, "-"])
    #expect(run.status == .usage)
    #expect(run.stdout == "")
    #expect(
      run.stderr.hasPrefix(
        "Error: The value '-' is given more than once for '<scene> ...': standard input can be "
          + "read once; expected '-' at most once\n"))
  }
}
