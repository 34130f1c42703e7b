import Foundation
import ScrollEffectsTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT and SIGTERM sent to a running `effectctl`: the output is completed
/// at a row boundary, the rows are counted on standard error, the exit
/// status is 130 or 143, and no `-o` file is left behind.
@Suite(.serialized) struct InterruptionTests {
  /// A running `effectctl`, its output going to files, its input a pipe.
  struct Running {
    let process = Process()
    let input = Pipe()
    let outURL: URL
    let errURL: URL

    init(_ arguments: [String]) throws {
      let executable = try #require(Effectctl.executable, "effectctl was not built")
      let directory = Scratch.root
      outURL = directory.appendingPathComponent("interrupted-\(UUID().uuidString).out")
      errURL = directory.appendingPathComponent("interrupted-\(UUID().uuidString).err")
      _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
      _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
      process.executableURL = executable
      process.arguments = arguments
      process.currentDirectoryURL = Effectctl.root
      process.standardOutput = try FileHandle(forWritingTo: outURL)
      process.standardError = try FileHandle(forWritingTo: errURL)
      process.standardInput = input
      try process.run()
    }

    /// Waits, at most `seconds`, until `condition` holds; whether it did.
    func wait(seconds: Double, until condition: () -> Bool) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
      }
      return condition()
    }

    /// Whether the process catches `signal` (its handler is installed):
    /// the `SigCgt` mask of `/proc/PID/status`.
    func catches(_ signal: Int32) -> Bool {
      guard
        let status = try? String(
          contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
        let mask = UInt64(
          line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
      else { return false }
      return mask & (1 << UInt64(signal - 1)) != 0
    }

    var outputSize: Int {
      ((try? FileManager.default.attributesOfItem(atPath: outURL.path)[.size]) as? Int) ?? 0
    }

    /// Sends `signal`, closes the input, waits for the end; status, stdout, stderr.
    func stop(with signal: Int32) throws -> (status: Int32, stdout: String, stderr: String) {
      kill(process.processIdentifier, signal)
      try input.fileHandleForWriting.close()
      process.waitUntilExit()
      defer {
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
      }
      return (
        process.terminationStatus,
        String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
        String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
      )
    }
  }

  @Test(
    "simulate, streaming JSON, stops at a row boundary with the array closed and the rows counted",
    .timeLimit(.minutes(1)), arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func simulateStops(signal: Int32, status: Int32) throws {
    // Ten minutes of frames at 1000 a second: far more than it can print
    // before the signal.
    let running = try Running([
      "simulate", Effectctl.stretchyHeader, "--gesture", "hold:590000", "--fps", "1000",
      "--format", "json",
    ])
    #expect(running.wait(seconds: 30) { running.outputSize > 200_000 })
    let result = try running.stop(with: signal)
    #expect(result.status == status)
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(rows.count > 100)
    // Whole frames: both views of each.
    #expect(rows.count % 2 == 0)
    #expect(result.stderr == "interrupted after \(rows.count) rows\n")
  }

  @Test("eval in CSV stops after whole rows and says how many", .timeLimit(.minutes(1)))
  func evalStops() throws {
    let running = try Running([
      "eval", Effectctl.stretchyHeader, "--offsets", "0:99999999", "--format", "csv",
    ])
    #expect(running.wait(seconds: 30) { running.outputSize > 200_000 })
    let result = try running.stop(with: SIGINT)
    #expect(result.status == 130)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "")
    let rows = lines.dropFirst().dropLast()
    #expect(rows.allSatisfy { $0.split(separator: ",").count == 16 })
    #expect(result.stderr == "interrupted after \(rows.count) rows\n")
  }

  @Test(
    "a signal while the scene is still being read ends the program as by default, writing nothing",
    .timeLimit(.minutes(1)), arguments: [SIGINT, SIGTERM])
  func signalWhileReading(signal: Int32) throws {
    let folder = Scratch.root
      .appendingPathComponent("interrupted-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // The scene comes on standard input, which stays open: the read waits,
    // with the signals' default actions, as a `-` at a terminal does.
    let running = try Running([
      "plot", "-", "--offsets", "-100:300", "-o", folder.appendingPathComponent("plot.svg").path,
    ])
    usleep(500_000)
    #expect(!running.catches(signal))
    let result = try running.stop(with: signal)
    #expect(running.process.terminationReason == .uncaughtSignal)
    #expect(result.status == signal)
    #expect(result.stdout == "" && result.stderr == "")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test(
    "a filmstrip of 100,000 offsets stops drawing at the signal, not after the picture",
    .timeLimit(.minutes(1)), arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func longPictureStops(signal: Int32, status: Int32) throws {
    // Drawn whole, this picture takes minutes and gigabytes (the most
    // offsets a picture may have, each a frame with its labels placed).
    let folder = Scratch.root
      .appendingPathComponent("interrupted-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let running = try Running([
      "filmstrip", Effectctl.root.appendingPathComponent("Configs/fade-in-list.json").path,
      "--offsets", "0:99999", "-o", folder.appendingPathComponent("strip.svg").path,
    ])
    let result = try running.interrupted(by: signal, stoppingWithin: 20)
    #expect(result.status == status)
    #expect(result.stderr == "interrupted before writing its file\n")
    #expect(result.stdout == "")
    // No file, not even a temporary one.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test(
    "a preview of many views stops sampling at the signal, not after the page",
    .timeLimit(.minutes(1)))
  func longPreviewStops() throws {
    // Sampled whole, this page takes tens of seconds in a debug build: 10,000
    // rows at the default offsets' 2,000.
    let scene = try Effectctl.temporaryFile(
      #"{"contentHeight": 800000, "chains": [{"name": "rows", "frame": {"height": 80}, "#
        + #""repeat": {"count": 10000}, "effects": [{"type": "parallax", "rate": 0.5}]}]}"#)
    let folder = URL(fileURLWithPath: scene).deletingLastPathComponent()
    let page = folder.appendingPathComponent("preview.html").path
    let running = try Running(["preview", scene, "-o", page])
    let result = try running.interrupted(by: SIGINT, stoppingWithin: 10)
    #expect(result.status == 130)
    #expect(result.stderr == "interrupted before writing its file\n")
    #expect(!FileManager.default.fileExists(atPath: page))
  }
}

extension InterruptionTests.Running {
  /// `signal` sent a second after the program catches it, and what the
  /// program printed and how it ended; expects it to stop within `seconds`
  /// (killed after them, so that the test ends).
  func interrupted(by signal: Int32, stoppingWithin seconds: Double) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    #expect(wait(seconds: 30) { catches(signal) })
    usleep(1_000_000)
    kill(process.processIdentifier, signal)
    let stopped = wait(seconds: seconds) { !process.isRunning }
    if !stopped { kill(process.processIdentifier, SIGKILL) }
    #expect(stopped)
    return try stop(with: signal)
  }
}
