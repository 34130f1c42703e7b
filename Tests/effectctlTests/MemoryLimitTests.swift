import EffectCommandLine
import EffectProtocol
import Foundation
import Testing

/// `eval` and `bench` at the documented maximum of 10,000,000 views, under a
/// limit on the address space: one view buffer, and a clean error when even
/// that one cannot be had.
@Suite(.serialized) struct MemoryLimitTests {
  /// Ten chains of a million copies each: the most views a scene may have.
  static let maximumScene: String = {
    let chains = (0..<10).map { index in
      #"{"name": "row\#(index)", "frame": {"height": 10}, "repeat": {"count": 1000000}, "#
        + #""effects": [{"type": "interpolate", "property": "opacity", "input": "progress", "#
        + #""stops": [[0, 0], [1, 1]]}]}"#
    }
    return #"{"chains": ["# + chains.joined(separator: ", ") + "]}"
  }()

  /// Runs `effectctl arguments` with its address space limited to
  /// `kilobytes` (`ulimit -v`).
  static func run(_ arguments: [String], limit kilobytes: Int) throws -> Effectctl.Output {
    let executable = try #require(Effectctl.executable, "effectctl was not built").path
    let script = "ulimit -v \(kilobytes) && exec \"$0\" \"$@\""
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script, executable] + arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Small outputs: read after the exit without blocking.
    process.waitUntilExit()
    return Effectctl.Output(
      status: process.terminationStatus,
      stdout: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
      stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
  }

  @Test("with room for one buffer of 10,000,000 views but not two, eval and bench run")
  func oneBuffer() throws {
    let scene = try Effectctl.temporaryFile(Self.maximumScene)
    // 10,000,000 views × 96 bytes is 937,500 KiB; two buffers would need
    // 1,875,000 KiB, more than the limit.
    let buffer = 10_000_000 * MemoryLayout<ViewTransform>.stride / 1024
    let limit = 1_500_000
    #expect(buffer < limit && 2 * buffer > limit)
    let eval = try Self.run(
      ["eval", scene, "--offsets", "0", "--format", "csv", "--chain", "row9[999999]"], limit: limit)
    #expect(eval.stderr == "")
    #expect(eval.status == 0)
    // The last view: copy 999,999 of a chain at the top, 10 apart, the
    // phone's width; progress (844 − 9,999,990)/(844 + 10) is below 0, so opacity clamps
    // to the first stop's 0.
    #expect(
      eval.stdout.split(separator: "\n").last
        == "0,row9[999999],0,9999990,390,10,0,0,1,1,0.5,0.5,0,0,0,0")
    let bench = try Self.run(["bench", scene, "--frames", "1", "--offsets", "0"], limit: limit)
    #expect(bench.status == 0)
    #expect(bench.stdout.contains("views:     10000000\n"))
  }

  @Test(
    "without room for the buffer, eval and bench exit 1 naming the size",
    arguments: ["eval", "bench"])
  func noRoom(command: String) throws {
    let scene = try Effectctl.temporaryFile(Self.maximumScene)
    let output = try Self.run([command, scene, "--offsets", "0"], limit: 700_000)
    let bytes = 10_000_000 * MemoryLayout<ViewTransform>.stride
    #expect(output.status == 1)
    #expect(output.stdout == "")
    #expect(
      output.stderr
        == "error: cannot allocate \(bytes) bytes for the transforms of 10000000 views "
        + "(\(MemoryLayout<ViewTransform>.stride) bytes each)\n")
  }
}
