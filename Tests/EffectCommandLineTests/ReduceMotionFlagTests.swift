import EffectCommandLine
import EffectHost
import Effects
import Foundation
import Testing

/// `--reduce-motion` on every subcommand that evaluates: the output of the
/// scene with the effects that reduced motion skips removed, and
/// `effectctl effects TYPE` says what each type does by default.
@Suite struct ReduceMotionFlagTests {
  /// A header whose parallax (skipped by default) and scale (kept by its
  /// key) run after a stretch, beside a fading row.
  static let marked = #"""
    {"chains": [
      {"name": "header", "frame": {"height": 300}, "effects": [
        {"type": "stretch"}, {"type": "parallax"},
        {"type": "interpolate", "property": "scale", "stops": [[0, 1], [200, 1.5]],
         "reducedMotion": "keep"},
        {"type": "interpolate", "property": "opacity", "stops": [[0, 1], [200, 0]],
         "reducedMotion": "skip"}]},
      {"name": "row", "frame": {"y": 300, "height": 80}, "repeat": {"count": 3},
       "effects": [{"type": "translate", "axis": "x", "factor": 0.25}]}]}
    """#
  /// The same scene without the effects skipped.
  static let edited = #"""
    {"chains": [
      {"name": "header", "frame": {"height": 300}, "effects": [
        {"type": "stretch"},
        {"type": "interpolate", "property": "scale", "stops": [[0, 1], [200, 1.5]]}]},
      {"name": "row", "frame": {"y": 300, "height": 80}, "repeat": {"count": 3}}]}
    """#

  /// Calls `body` with the two scenes as files of one name in directories of
  /// their own, so that outputs that name the file are the same: (marked,
  /// edited); removes them after.
  static func withFiles(_ body: (String, String) throws -> Void) throws {
    try InProcess.withSceneFiles(
      [("marked", marked), ("edited", edited)], prefix: "reduce-motion"
    ) { try body($0[0], $0[1]) }
  }

  static let commands: [[String]] = [
    ["eval", "--offsets=-100:300:25"],
    ["eval", "--offsets", "0,150", "--format", "csv", "--visible"],
    ["simulate", "--gesture", "drag:300:200"],
    ["plot", "--offsets=-100:300"],
    ["filmstrip", "--offsets", "0,150"],
    ["preview"],
  ]

  @Test(
    "with --reduce-motion, the output of the scene without the skipped effects",
    arguments: commands)
  func sameAsEdited(command: [String]) throws {
    try Self.withFiles { marked, edited in
      let reduced = InProcess([command[0], marked] + command.dropFirst() + ["--reduce-motion"])
      let expected = InProcess([command[0], edited] + command.dropFirst())
      #expect(reduced.status == .success)
      #expect(reduced.stderr == "")
      #expect(reduced.stdout == expected.stdout)
      // The flag makes a difference in this scene.
      #expect(InProcess([command[0], marked] + command.dropFirst()).stdout != reduced.stdout)
    }
  }

  @Test("check --reduce-motion matches a golden file of the scene without the skipped effects")
  func check() throws {
    try Self.withFiles { marked, edited in
      let golden = URL(fileURLWithPath: edited).deletingLastPathComponent()
        .appendingPathComponent("golden.csv").path
      let eval = InProcess(["eval", edited, "--offsets=-100:300:25", "--format", "csv"])
      try eval.stdout.write(toFile: golden, atomically: true, encoding: .utf8)
      let rows = eval.stdout.split(separator: "\n").count - 1
      let reduced = InProcess([
        "check", marked, "--offsets=-100:300:25", "--golden", golden, "--reduce-motion",
      ])
      #expect(reduced.status == .success)
      #expect(reduced.stdout == "\(rows) rows match \(golden)\n")
      let full = InProcess(["check", marked, "--offsets=-100:300:25", "--golden", golden])
      #expect(full.status == .failure)
    }
  }

  @Test("bench --reduce-motion evaluates the scene without the skipped effects")
  func bench() throws {
    try Self.withFiles { marked, edited in
      func checksum(_ arguments: [String]) -> Substring? {
        let result = InProcess(["bench"] + arguments + ["--frames", "20"])
        #expect(result.status == .success)
        return result.stdout.split(separator: "\n").first { $0.hasPrefix("checksum:") }
      }
      #expect(checksum([marked, "--reduce-motion"]) == checksum([edited]))
      #expect(checksum([marked, "--reduce-motion"]) != nil)
    }
  }

  @Test(
    "every subcommand that evaluates lists --reduce-motion in its help",
    arguments: ["eval", "simulate", "check", "bench", "plot", "filmstrip", "preview"])
  func help(command: String) {
    let help = InProcess([command, "--help"])
    #expect(help.status == .success)
    #expect(help.stdout.contains("[--reduce-motion]"))
    #expect(help.stdout.contains("  --reduce-motion  "))
  }

  @Test("effects parallax and effects interpolate say what reduced motion does by default")
  func effectsPage() {
    let parallax = InProcess(["effects", "parallax"]).stdout
    #expect(
      parallax.contains(
        """

        REDUCED MOTION ("reducedMotion": "keep" or "skip", which every effect takes):
          default skip

        """))
    #expect(InProcess(["effects", "stretch"]).stdout.contains("\n  default keep\n"))
    #expect(
      InProcess(["effects", "interpolate"]).stdout.contains(
        "\n  default skip when property is translateX, translateY, scale, scaleX, scaleY or "
          + "rotation; keep otherwise\n"))
  }
}
