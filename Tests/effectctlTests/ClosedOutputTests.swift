import Foundation
import Testing

/// A reader that goes away before the output is written (`| head -0`): a
/// command whose exit status is a verdict keeps it, and a pipe reached by a
/// path (`-o /dev/stdout`) stops as quietly as `-` does.
@Suite struct ClosedOutputTests {
  /// Runs `effectctl arguments` with standard output a pipe whose reading
  /// end is closed before the program starts: its first write meets
  /// `EPIPE`, whatever the timing.
  static func runWithoutReader(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
    let executable = try #require(Effectctl.executable)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = Effectctl.root
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try out.fileHandleForReading.close()
    try process.run()
    let errors = try err.fileHandleForReading.readToEnd() ?? Data()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    return (process.terminationStatus, String(decoding: errors, as: UTF8.self))
  }

  static let invalid = #"{"chains": [{"name": "h", "frame": {"height": -3}}]}"#

  @Test("validate still exits 65 for an invalid file, before or after the reader left")
  func validateKeepsItsVerdict() throws {
    let bad = try Effectctl.temporaryFile(Self.invalid)
    // The invalid file first: its error is on standard error when the
    // valid file's line meets the closed pipe.
    let first = try Self.runWithoutReader(["validate", bad, Effectctl.stretchyHeader])
    #expect(first.status == 65)
    #expect(first.stderr.contains("error: \(bad): chains[0].frame.height:"))
    // The invalid file after the valid one, whose line the reader never
    // took: still checked.
    let last = try Self.runWithoutReader(["validate", Effectctl.stretchyHeader, bad])
    #expect(last.status == 65)
    #expect(last.stderr.contains("error: \(bad): chains[0].frame.height:"))
    // Unreadable and no invalid file: 66, as with a reader.
    let missing = try Self.runWithoutReader([
      "validate", Effectctl.stretchyHeader, "/nonexistent/scene.json",
    ])
    #expect(missing.status == 66)
    // Every file valid: the reader's going away is no failure.
    let valid = try Self.runWithoutReader(["validate", Effectctl.stretchyHeader])
    #expect(valid == (0, ""))
  }

  @Test("check still exits 1 when the rows differ, and 0 when they match")
  func checkKeepsItsVerdict() throws {
    let golden = Effectctl.root.appendingPathComponent("Configs/goldens/stretchy-header.csv").path
    // The golden file's offsets are -100:300:10: at 310 a row more.
    let differs = try Self.runWithoutReader([
      "check", Effectctl.stretchyHeader, "--offsets", "-100:310:10", "--golden", golden,
    ])
    #expect(differs == (1, ""))
    let matches = try Self.runWithoutReader([
      "check", Effectctl.stretchyHeader, "--offsets", "-100:300:10", "--golden", golden,
    ])
    #expect(matches == (0, ""))
  }

  @Test("-o /dev/stdout on a pipe whose reader left stops quietly, as -o - does")
  func standardOutputByPath() throws {
    for output in ["-", "/dev/stdout"] {
      let picture = try Self.runWithoutReader([
        "filmstrip", Effectctl.stretchyHeader, "--offsets", "0:1000:10", "-o", output,
      ])
      #expect(picture == (0, ""), "-o \(output)")
    }
    // A golden file written to standard output by its path.
    let golden = try Self.runWithoutReader([
      "check", Effectctl.stretchyHeader, "--offsets", "0:100", "--golden", "/dev/stdout",
      "--update",
    ])
    #expect(golden == (0, ""))
  }
}
