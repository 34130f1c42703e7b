import EffectCommandLine
import Foundation

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

  /// `Configs/<name>` from the package root.
  static func config(_ name: String) -> String {
    URL(fileURLWithPath: InProcess.stretchyHeader).deletingLastPathComponent()
      .appendingPathComponent(name).path
  }
}
