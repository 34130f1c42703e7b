import EffectCommandLine
import Testing

/// How a subcommand reads its values: each well-formed, then how their parts
/// go together.
@Suite struct SubcommandTests {
  static let simulateUsage =
    "effectctl simulate <scene> --gesture <spec> [--physics <physics>] [--fps <n>] "
    + "[--start <offset>] [--format <format>] [--chain <name> ...] [--events] [--reduce-motion] "
    + "[--device <name>] [--set <key=value> ...]"

  static let releaseWithFingerUp =
    "The value 'release' is invalid for '--gesture <spec>': step 1 \"release\": the finger is "
    + "up; expected release only while it is down (after drag or hold)"

  @Test("a misspelt value is reported before a gesture whose steps do not go together")
  func misspeltValueFirst() {
    for order in [
      ["--gesture", "release", "--physics", "uikit"],
      ["--physics", "uikit", "--gesture", "release"],
    ] {
      let result = InProcess(["simulate", InProcess.stretchyHeader] + order)
      #expect(result.status == .usage)
      #expect(
        result.stderr
          == InProcess.usageError(
            "The value 'uikit' is invalid for '--physics <physics>'. Expected one of 'ios' or "
              + "'android'", usage: Self.simulateUsage, command: "simulate"))
    }
  }

  @Test("with every value well formed, the gesture's order is reported")
  func sequenceAfterValues() {
    let result = InProcess([
      "simulate", InProcess.stretchyHeader, "--gesture", "release", "--physics", "ios",
    ])
    #expect(result.status == .usage)
    #expect(
      result.stderr
        == InProcess.usageError(
          Self.releaseWithFingerUp, usage: Self.simulateUsage, command: "simulate"))
  }

  @Test("a malformed gesture step is a value's form, reported in the options' order")
  func malformedStepInOrder() {
    let result = InProcess([
      "simulate", InProcess.stretchyHeader, "--gesture", "drag:x:100", "--physics", "uikit",
    ])
    #expect(result.status == .usage)
    #expect(result.stderr.hasPrefix("Error: The value 'drag:x:100' is invalid for '--gesture"))
  }
}
