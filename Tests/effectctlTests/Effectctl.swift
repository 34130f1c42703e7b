import Foundation
import ScrollEffectsTestSupport
import Testing

/// Runs the built `effectctl` and captures what it printed and how it ended.
enum Effectctl {
  /// The package's root directory.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `Configs/stretchy-header.json`, by absolute path.
  static let stretchyHeader = root.appendingPathComponent("Configs/stretchy-header.json").path

  /// The binary: beside the test executable (`swift test` builds it there,
  /// as the test target depends on it), else in `.build/debug`.
  static let executable: URL? = {
    let beside = Bundle.main.bundleURL
    let candidates = [
      beside.appendingPathComponent("effectctl"),
      beside.deletingLastPathComponent().appendingPathComponent("effectctl"),
      root.appendingPathComponent(".build/debug/effectctl"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `effectctl arguments` (the binary `executable`, by default the
  /// one found beside the tests) with `input` on standard input, or the
  /// file `inputFile` (as a shell's `< FILE` gives it), from the package's
  /// root.
  static func run(
    _ arguments: [String], input: String? = nil, inputFile: String? = nil,
    executable: URL? = nil
  ) throws -> Output {
    let executable = try #require(executable ?? Self.executable, "effectctl was not built")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = root
    // Files rather than pipes: nothing blocks however much is printed.
    let directory = Scratch.root
    let outURL = directory.appendingPathComponent("effectctl-\(UUID().uuidString).out")
    let errURL = directory.appendingPathComponent("effectctl-\(UUID().uuidString).err")
    try #require(FileManager.default.createFile(atPath: outURL.path, contents: nil))
    try #require(FileManager.default.createFile(atPath: errURL.path, contents: nil))
    defer {
      try? FileManager.default.removeItem(at: outURL)
      try? FileManager.default.removeItem(at: errURL)
    }
    let outHandle = try FileHandle(forWritingTo: outURL)
    let errHandle = try FileHandle(forWritingTo: errURL)
    process.standardOutput = outHandle
    process.standardError = errHandle
    if let inputFile {
      process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputFile))
      try process.run()
    } else {
      let inputPipe = Pipe()
      process.standardInput = inputPipe
      try process.run()
      if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
      try inputPipe.fileHandleForWriting.close()
    }
    process.waitUntilExit()
    try outHandle.close()
    try errHandle.close()
    return Output(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }

  /// Writes `text` to a new temporary file and returns its path.
  static func temporaryFile(_ text: String, name: String = "scene.json") throws -> String {
    let directory = Scratch.root
      .appendingPathComponent("effectctl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// What a usage error prints: the message, the usage of `command` (the top
  /// level when `nil`) and where help is.
  static func usageError(_ message: String, command: String?) -> String {
    let usages = [
      "eval":
        "effectctl eval <scene> --offsets <spec> [--format <format>] [--chain <name> ...] [--events] [--visible] [--columns <names>] [--reduce-motion] [--device <name>] [--set <key=value> ...]",
      "validate": "effectctl validate <scene> ... [--device <name>] [--set <key=value> ...]",
      "effects": "effectctl effects [<type>] [--markdown] [--check]",
      "bench":
        "effectctl bench <scene> [--frames <n>] [--offsets <spec>] [--visible] [--reduce-motion] [--device <name>] [--set <key=value> ...]",
    ]
    let usage = command.flatMap { usages[$0] } ?? "effectctl <subcommand>"
    let help = command.map { "effectctl \($0) --help" } ?? "effectctl --help"
    return "Error: \(message)\nUsage: \(usage)\n  See '\(help)' for more information.\n"
  }
}
