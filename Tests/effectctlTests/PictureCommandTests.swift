import Foundation
import ScrollEffectsTestSupport
import Testing

/// The built `effectctl` writes pictures and refuses an unwritable `-o`.
@Suite struct PictureCommandTests {
  @Test("plot -o writes the SVG it prints without -o; a missing directory is exit 1")
  func plotToFile() throws {
    let directory = Scratch.root
      .appendingPathComponent("effectctl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("plot.svg").path
    let arguments = ["plot", Effectctl.stretchyHeader, "--offsets", "-100:300:50"]
    let printed = try Effectctl.run(arguments)
    #expect(printed.status == 0)
    #expect(printed.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    let written = try Effectctl.run(arguments + ["-o", path])
    #expect(written.status == 0 && written.stdout == "" && written.stderr == "")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == printed.stdout)
    let missing = directory.appendingPathComponent("no/plot.svg").path
    let failed = try Effectctl.run(arguments + ["-o", missing])
    #expect(failed.status == 1)
    #expect(
      failed.stderr
        == "error: cannot write '\(missing)': the directory '\(directory.path)/no' does not exist\n"
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["plot.svg"])
  }

  @Test("-o /dev/stdout on a pipe writes into the pipe, as -o - does; so does a golden file")
  func devStdoutOnAPipe() throws {
    let executable = try #require(Effectctl.executable, "effectctl was not built")
    func run(_ extra: [String], command: String = "plot") throws -> (
      status: Int32, stdout: String, stderr: String
    ) {
      let process = Process()
      process.executableURL = executable
      process.arguments = [command, Effectctl.stretchyHeader, "--offsets", "0:100:50"] + extra
      let out = Pipe()
      let err = Pipe()
      process.standardOutput = out
      process.standardError = err
      try process.run()
      // Read to the end before waiting: the picture may fill a pipe's buffer.
      let printed = out.fileHandleForReading.readDataToEndOfFile()
      let errors = err.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (
        process.terminationStatus, String(decoding: printed, as: UTF8.self),
        String(decoding: errors, as: UTF8.self)
      )
    }
    let dash = try run(["-o", "-"])
    #expect(dash.status == 0)
    #expect(dash.stdout.hasPrefix("<svg "))
    let device = try run(["-o", "/dev/stdout"])
    #expect(device.status == 0, "\(device.stderr)")
    #expect(device.stderr == "")
    #expect(device.stdout == dash.stdout)
    // A golden file written to /dev/stdout holds the rows alone; the count
    // goes to the error stream.
    let golden = try Effectctl.run([
      "eval", Effectctl.stretchyHeader, "--offsets", "0:100:50", "--format", "csv",
    ])
    let update = try run(["--golden", "/dev/stdout", "--update"], command: "check")
    #expect(update.status == 0)
    #expect(update.stdout == golden.stdout)
    #expect(update.stderr == "wrote 6 rows to /dev/stdout\n")
  }

  @Test("preview refuses more than 100,000 offsets with exit 64")
  func previewLimit() throws {
    let result = try Effectctl.run(["preview", Effectctl.stretchyHeader, "--offsets", "0:100000"])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "Error: The value '0:100000' is invalid for '--offsets <spec>': the offsets give 100001 "
        + "offsets; a picture draws at most 100000 (use a larger step)\n"
        + "Usage: effectctl preview <scene> [--offsets <spec>] [--gesture <spec> ...] [--reduce-motion] [--device <name>] [--set <key=value> ...] [-o <file>]\n"
        + "  See 'effectctl preview --help' for more information.\n")
  }

  @Test(
    "- reading the scene from a file on standard input, -o or --golden naming that file is refused; nothing is written"
  )
  func standardInputIsTheOutput() throws {
    let scene = try Effectctl.temporaryFile(
      try String(contentsOfFile: Effectctl.stretchyHeader, encoding: .utf8))
    let original = try Data(contentsOf: URL(fileURLWithPath: scene))
    let link = URL(fileURLWithPath: scene).deletingLastPathComponent()
      .appendingPathComponent("link.json").path
    #expect(symlink(scene, link) == 0)
    let runs: [(arguments: [String], option: String, target: String)] = [
      (["plot", "-", "--offsets", "0:10", "-o", scene], "-o <file>", scene),
      (["filmstrip", "-", "--offsets", "0,10", "-o", link], "-o <file>", link),
      (["preview", "-", "--offsets", "0:10", "-o", "/dev/stdin"], "-o <file>", "/dev/stdin"),
      (["export", "-", "--swift", "-o", scene], "-o <file>", scene),
      (
        ["check", "-", "--offsets", "0:10", "--golden", scene, "--update"], "--golden <file>",
        scene
      ),
    ]
    for run in runs {
      let result = try Effectctl.run(run.arguments, inputFile: scene)
      #expect(result.status == 64, "\(run.arguments)")
      #expect(
        result.stderr.hasPrefix(
          "Error: The value '\(run.target)' is invalid for '\(run.option)': it is the file "
            + "standard input reads; expected another file\n"), "\(result.stderr)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: scene)) == original)
    }
    // Another file, and standard input from a pipe, are written as before.
    let other = URL(fileURLWithPath: scene).deletingLastPathComponent()
      .appendingPathComponent("plot.svg").path
    let plot = try Effectctl.run(["plot", "-", "--offsets", "0:10", "-o", other], inputFile: scene)
    #expect(plot.status == 0)
    #expect(try String(contentsOfFile: other, encoding: .utf8).hasPrefix("<svg"))
    let piped = try Effectctl.run(
      ["plot", "-", "--offsets", "0:10", "-o", other],
      input: String(decoding: original, as: UTF8.self))
    #expect(piped.status == 0)
  }

  @Test("preview refuses a scene of more than 10,000 views before it allocates them, with exit 64")
  func previewViewLimit() throws {
    let scene = try Effectctl.temporaryFile(
      #"{"chains": [{"name": "a", "frame": {"height": 10}}, {"name": "b", "frame": {"height": 10}, "#
        + #""repeat": {"count": 1000000}}, {"name": "c", "frame": {"height": 10}, "#
        + #""repeat": {"count": 20}}]}"#)
    let page = URL(fileURLWithPath: scene).deletingLastPathComponent()
      .appendingPathComponent("preview.html").path
    let result = try Effectctl.run(["preview", scene, "-o", page])
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "error: \(scene): the scene has 1000021 views; a preview's page holds at most 10000 "
        + "(give a repeated chain fewer copies: --set b.repeat.count=N)\n")
    #expect(!FileManager.default.fileExists(atPath: page))
    let fewer = try Effectctl.run([
      "preview", scene, "--set", "b.repeat.count=100", "--offsets", "0:10", "-o", page,
    ])
    #expect(fewer.status == 0)
    #expect(try String(contentsOfFile: page, encoding: .utf8).contains("\"b[99]\""))
  }
}
