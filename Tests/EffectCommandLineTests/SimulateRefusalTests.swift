import EffectCommandLine
import Foundation
import ScrollEffectsTestSupport
import Testing

/// `effectctl simulate` in process: every refusal with its full message.
@Suite struct SimulateRefusalTests {
  static let usage =
    "effectctl simulate <scene> --gesture <spec> [--physics <physics>] [--fps <n>] "
    + "[--start <offset>] [--format <format>] [--chain <name> ...] [--events] [--reduce-motion] "
    + "[--device <name>] [--set <key=value> ...]"

  @Test(
    "malformed gestures: a usage error quoting the step, exit 64",
    arguments: [
      (
        "drag:1",
        #"step 1 "drag:1": expected drag:D:MS (a distance D in points and a duration MS in milliseconds), found 1 value"#
      ),
      (
        "dragg:1:2",
        #"step 1 "dragg:1:2": unknown step "dragg"; did you mean "drag"? (expected drag:D:MS, hold:MS, release, fling:V, wait:MS, scrollTo:O:MS or set:KEY=VALUE)"#
      ),
      (
        "release",
        #"step 1 "release": the finger is up; expected release only while it is down (after drag or hold)"#
      ),
      (
        "drag:5:10,wait:5",
        #"step 2 "wait:5": the finger is down (since step 1); expected release or fling before wait, or hold:MS to keep it down"#
      ),
      (
        "drag:x:10",
        #"step 1 "drag:x:10": expected D to be a decimal number such as -200 or 0.5, found "x""#
      ),
      (
        "drag:5:0",
        #"step 1 "drag:5:0": expected MS, milliseconds, greater than 0 and at most 600000, found 0"#
      ),
      (
        "fling:inf",
        #"step 1 "fling:inf": expected V to be a decimal number such as -200 or 0.5, found "inf""#
      ),
      (
        "fling:2e9",
        #"step 1 "fling:2e9": expected V to be a finite number from -1e9 to 1e9, found 2e9"#
      ),
      (
        "wait:300000,wait:300001",
        "the gesture lasts 600001 ms; expected at most 600000 ms (600 s) of simulated time"
      ),
      (
        "drag:5:10,,release",
        "step 2 is empty; expected a step (drag:D:MS, hold:MS, release, fling:V, wait:MS, scrollTo:O:MS or set:KEY=VALUE) between the commas"
      ),
      (
        "",
        "expected comma-separated steps (drag:D:MS, hold:MS, release, fling:V, wait:MS, scrollTo:O:MS or set:KEY=VALUE) such as drag:-200:300,release,wait:500, found nothing"
      ),
    ])
  func malformedGestures(gesture: String, reason: String) {
    let result = InProcess(["simulate", InProcess.stretchyHeader, "--gesture", gesture])
    #expect(result.status == .usage)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == InProcess.usageError(
          "The value '\(gesture)' is invalid for '--gesture <spec>': \(reason)", usage: Self.usage,
          command: "simulate"))
  }

  @Test(
    "bad --fps, --physics and --start: a usage error naming the flag, exit 64",
    arguments: [
      (
        ["--fps", "0"],
        "The value '0' is invalid for '--fps <n>': expected a whole number of frames per second from 1 to 1000"
      ),
      (
        ["--fps", "1001"],
        "The value '1001' is invalid for '--fps <n>': expected a whole number of frames per second from 1 to 1000"
      ),
      (
        ["--fps", "12.5"],
        "The value '12.5' is invalid for '--fps <n>': expected a whole number of frames per second from 1 to 1000"
      ),
      (
        ["--fps", "99999999999999999999"],
        "The value '99999999999999999999' is invalid for '--fps <n>': expected a whole number of frames per second from 1 to 1000"
      ),
      (
        ["--physics", "ioss"],
        "The value 'ioss' is invalid for '--physics <physics>'. Did you mean 'ios'? Expected one of 'ios' or 'android'"
      ),
      (
        ["--start", "nan"],
        "The value 'nan' is invalid for '--start <offset>': expected an offset in points, a decimal number such as 0 or 212"
      ),
      (
        ["--start", "0x10"],
        "The value '0x10' is invalid for '--start <offset>': expected an offset in points, a decimal number such as 0 or 212"
      ),
      (
        ["--start", "1156.5"],
        "The value '1156.5' is invalid for '--start <offset>': expected a start offset from 0 to 1156 (the largest resting offset), found 1156.5"
      ),
      (
        ["--start", "-1"],
        "The value '-1' is invalid for '--start <offset>': expected a start offset of 0 or more (and at most the scene's maxOffset, the largest resting offset), found -1"
      ),
      (
        ["--chain", "heade"],
        "The value 'heade' is invalid for '--chain <name> ...': no chain is named 'heade'. Did you mean 'header'? The chains are: header, body"
      ),
    ])
  func badOptions(options: [String], message: String) {
    let result = InProcess(
      ["simulate", InProcess.stretchyHeader, "--gesture", "fling:10"] + options)
    #expect(result.status == .usage)
    #expect(result.stdout == "")
    #expect(
      result.stderr == InProcess.usageError(message, usage: Self.usage, command: "simulate"))
  }

  @Test("--gesture is required; a missing scene is 66, an invalid one 65")
  func sceneErrors() throws {
    let missing = InProcess(["simulate", InProcess.stretchyHeader])
    #expect(missing.status == .usage)
    #expect(
      missing.stderr
        == InProcess.usageError(
          "Missing expected argument '--gesture <spec>'", usage: Self.usage, command: "simulate"))
    let absent = InProcess(["simulate", "/nonexistent/scene.json", "--gesture", "fling:1"])
    #expect(absent.status.rawValue == 66)
    #expect(absent.stdout == "")
    #expect(absent.stderr == "error: /nonexistent/scene.json: no such file\n")
    // A start below 0 is outside every scene's offsets: a usage error found
    // before the scene is read, as every usage error is.
    let below = InProcess(
      ["simulate", "/nonexistent/scene.json", "--gesture", "fling:1", "--start", "-1"])
    #expect(below.status == .usage)
    #expect(below.stderr.contains("'--start <offset>': expected a start offset of 0 or more"))
    let url = Scratch.root.appendingPathComponent(
      "simulate-\(UUID().uuidString).json")
    try Data(#"{"chains": 3}"#.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let invalid = InProcess(["simulate", url.path, "--gesture", "fling:1"])
    #expect(invalid.status.rawValue == 65)
    #expect(invalid.stdout == "")
    // FILE: PATH: expected ..., found ... (Scenes.md, Errors).
    #expect(
      invalid.stderr
        == "error: \(url.path): chains: expected an array of at least one chain, "
        + "found the number 3\n")
  }

  @Test(
    "a malformed snap declaration: simulate and validate refuse the scene with its path, exit 65",
    arguments: [
      (
        #"{}"#,
        #"snap: missing required key; expected "offsets" (an array of offsets), "chain" (the name of a repeated chain) or "paging": true"#
      ),
      (
        #"{"offsets": [0], "chain": "row"}"#,
        #"snap: expected either "offsets" or "chain", found both (a snap declaration takes one of them)"#
      ),
      (
        #"{"chain": "rwo"}"#,
        #"snap.chain: expected the name of a repeated chain, found "rwo", which no chain has; did you mean "row"? (repeated chains: row)"#
      ),
      (
        #"{"offsets": [0, 100], "mode": "proximity", "proximity": 0}"#,
        "snap.proximity: expected a number greater than 0 (at most 1e9), found the number 0"
      ),
    ])
  func malformedSnap(snap: String, message: String) throws {
    let url = Scratch.root.appendingPathComponent(
      "snap-\(UUID().uuidString).json")
    let scene =
      #"{"snap": \#(snap), "chains": [{"name": "row", "frame": {"height": 80}, "repeat": {"count": 20}}]}"#
    try Data(scene.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    for arguments in [["simulate", url.path, "--gesture", "fling:1000"], ["validate", url.path]] {
      let run = InProcess(arguments)
      #expect(run.status.rawValue == 65, "\(arguments[0])")
      #expect(run.stderr == "error: \(url.path): \(message)\n", "\(arguments[0])")
      #expect(run.stdout == "")
    }
  }
}

extension SimulateRefusalTests {
  /// A release at 1.36 points/s toward a snap target 99,999 points ahead
  /// follows the bent curve of Motion.md, (T - o0) / v0 = 99 999 / 1.36, about
  /// 73,500 s long: the frames stop 600 s after the gesture's end, still
  /// moving, and the command says the rows are not the whole motion.
  @Test("a scroll still moving when the frames stop: the rows, then an error, exit 1")
  func unsettled() throws {
    let scene = #"""
      {"viewport": {"width": 100, "height": 390}, "contentHeight": 300000,
       "chains": [{"name": "v", "frame": {"height": 100}}], "snap": {"offsets": [0, 200000]}}
      """#
    try InProcess.withSceneFiles([("creep", scene)], prefix: "unsettled") { paths in
      let arguments = ["--gesture", "fling:1.36", "--start", "100001", "--fps", "1"]
      let run = InProcess(["simulate", paths[0]] + arguments + ["--format", "csv"])
      #expect(run.status == .failure)
      let last = try #require(run.stdout.split(separator: "\n").last).split(separator: ",")
      // Frame 600 at 1 fps: 600 s after a gesture of no duration.
      #expect(last[0] == "600" && last[1] == "600" && last[2] == "decelerating")
      #expect(
        run.stderr
          == "error: the scroll is still decelerating at 600 s (offset \(last[3])), 600 s after "
          + "the gesture's end, where the frames stop: the rows are not the whole motion\n")

      let golden = paths[0] + ".csv"
      let update = InProcess(["check", paths[0], "--golden", golden, "--update"] + arguments)
      #expect(update.status == .failure)
      #expect(update.stderr == run.stderr)
      #expect(!FileManager.default.fileExists(atPath: golden))
    }
  }
}
