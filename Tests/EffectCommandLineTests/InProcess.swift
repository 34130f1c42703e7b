import EffectCommandLine
import Foundation
import ScrollEffectsTestSupport

/// Runs an `effectctl` command line in process and captures what it wrote.
struct InProcess {
  var status: ExitCode
  var stdout: String
  var stderr: String

  init(_ arguments: [String], tool: CommandLineTool = Effectctl.tool) {
    let output = CapturedOutput()
    let error = CapturedOutput()
    status = tool.run(arguments, console: Console(output: output, error: error))
    stdout = output.text
    stderr = error.text
  }

  /// What a usage error of `effectctl` prints (the top level when `command`
  /// is `nil`), with the usage line written out by hand.
  static func usageError(_ message: String, usage: String?, command: String?) -> String {
    let help = command.map { "effectctl \($0) --help" } ?? "effectctl --help"
    return "Error: \(message)\nUsage: \(usage ?? "effectctl <subcommand>")\n"
      + "  See '\(help)' for more information.\n"
  }

  /// `Configs/stretchy-header.json` from the package root.
  static let stretchyHeader: String = {
    let file = #filePath
    var parts = file.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/") + "/Configs/stretchy-header.json"
  }()

  /// Calls `body` with the paths of `files`, each text written as
  /// `scene.json` in a directory of its name below a temporary directory
  /// named from `prefix` (so outputs that name the file agree); removes
  /// them after.
  static func withSceneFiles(
    _ files: [(name: String, text: String)], prefix: String, _ body: ([String]) throws -> Void
  ) throws {
    let root = Scratch.root
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    var paths: [String] = []
    for (name, text) in files {
      let directory = root.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let file = directory.appendingPathComponent("scene.json")
      try text.write(to: file, atomically: true, encoding: .utf8)
      paths.append(file.path)
    }
    defer { try? FileManager.default.removeItem(at: root) }
    try body(paths)
  }

  /// `Configs/<name>` from the package root.
  static func config(_ name: String) -> String {
    URL(fileURLWithPath: InProcess.stretchyHeader).deletingLastPathComponent()
      .appendingPathComponent(name).path
  }
}
