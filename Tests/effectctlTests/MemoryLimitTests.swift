import EffectCommandLine
import EffectProtocol
import Foundation
import ScrollEffectsTestSupport
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

  @Test("preview --gesture checks its drawings' memory before it plays: exit 1 naming the size")
  func previewGestureMemory() throws {
    let scene = try Effectctl.temporaryFile(
      #"{"chains": [{"name": "r", "frame": {"height": 10}, "repeat": {"count": 10000}}]}"#)
    let folder = URL(fileURLWithPath: scene).deletingLastPathComponent().path
    // wait:60000 at the preview's 120 frames a second is frames 0 to 7,200.
    let frames = 7201
    let drawn = 10_000 * MemoryLayout<DrawnView>.stride * frames
    let run = try Self.run(
      [
        "preview", scene, "--offsets", "0,1", "--gesture", "wait:60000", "-o",
        folder + "/page.html",
      ], limit: 2_000_000)
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "error: cannot allocate \(drawn) bytes for the drawings of 10000 views at \(frames) "
        + "frames of \"wait:60000\" (\(MemoryLayout<DrawnView>.stride) bytes each)\n")
    #expect(!FileManager.default.fileExists(atPath: folder + "/page.html"))
  }

  @Test(
    "with room for the views and little more, plot runs; filmstrip and check exit 1 naming the size",
    .enabled(if: SlowTests.enabled, Comment(rawValue: SlowTests.reason)))
  func pictureAndCheckMemory() throws {
    let scene = try Effectctl.temporaryFile(Self.maximumScene)
    let golden = try Effectctl.temporaryFile("offset,chain,x\n", name: "golden.csv")
    let folder = URL(fileURLWithPath: golden).deletingLastPathComponent().path
    // One buffer of the views, 937,500 KiB, and about 160 MiB more.
    let limit = 1_100_000
    // plot evaluates its own host: no copy of the views. Its default views
    // are the first copy of each chain.
    let plot = try Self.run(
      ["plot", scene, "--offsets", "0,1", "-o", folder + "/plot.svg"], limit: limit)
    #expect(plot.stderr == "")
    #expect(plot.status == 0)
    // filmstrip keeps a drawing of each view of each frame until it writes.
    let filmstrip = try Self.run(
      ["filmstrip", scene, "--offsets", "0", "-o", folder + "/strip.svg"], limit: limit)
    let drawn = 10_000_000 * MemoryLayout<DrawnView>.stride
    #expect(filmstrip.status == 1)
    #expect(
      filmstrip.stderr
        == "error: cannot allocate \(drawn) bytes for the drawings of 10000000 views at 1 offset "
        + "(\(MemoryLayout<DrawnView>.stride) bytes each)\n")
    // check holds every row it compares: the rows outgrow what is left.
    let check = try Self.run(
      ["check", scene, "--golden", golden, "--offsets", "0", "--columns", "x"], limit: limit)
    #expect(check.status == 1)
    #expect(check.stdout == "")
    #expect(
      check.stderr.hasPrefix("error: cannot allocate ")
        && check.stderr.hasSuffix(" bytes for the rows to compare\n"), "\(check.stderr)")
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
