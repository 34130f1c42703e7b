import EffectCommandLine
import EffectHost
import Effects
import Testing

@Suite struct BenchCommandTests {
  @Test("bench: frames, views, times and the checksum of Benchmark.checksum")
  func bench() throws {
    let result = InProcess([
      "bench", InProcess.stretchyHeader, "--frames", "3", "--offsets", "-100,150",
    ])
    #expect(result.status == .success)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 5)
    #expect(lines[0] == "frames:    3")
    #expect(lines[1] == "views:     2")
    // Frames at -100, 150, -100; each view's columns summed by hand from the
    // worked numbers (x + y + width + height + translations + 1 + 1 + 0.5 +
    // 0.5 + 1): header at -100: 0 + 0 + 390 + 400 - 100 + 4 = 694; body at
    // -100: 400 + 390 + 1700 + 4 = 2494; header at 150: -150 + 390 + 300 + 4
    // = 544; body at 150: 150 + 390 + 1700 + 4 = 2244.
    #expect(lines[4] == "checksum:  \(2 * (694 + 2494) + 544 + 2244)")
  }

  @Test("bench: a wrong --frames is a usage error with the bench usage")
  func benchFrames() {
    let result = InProcess(["bench", InProcess.stretchyHeader, "--frames", "1.5"])
    #expect(result.status == .usage)
    #expect(
      result.stderr
        == InProcess.usageError(
          "The value '1.5' is invalid for '--frames <n>': expected a whole number of frames, 1 or more",
          usage:
            "effectctl bench <scene> [--frames <n>] [--offsets <spec>] [--visible] [--reduce-motion] [--device <name>] [--set <key=value> ...]",
          command: "bench"))
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
          usage:
            "effectctl bench <scene> [--frames <n>] [--offsets <spec>] [--visible] [--reduce-motion] [--device <name>] [--set <key=value> ...]",
          command: "bench"))
  }
}
