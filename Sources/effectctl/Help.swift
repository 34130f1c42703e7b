/// Help pages in the layout of swift-argument-parser.
enum Help {
  /// Where help text starts on a line: after the label column.
  static let labelWidth = 24

  static let topLevelAbstract = "Evaluate, check, list and measure chains of scroll effects."

  /// `effectctl --help`.
  static func topLevel(_ commands: [CommandSpec]) -> String {
    var text = "OVERVIEW: \(topLevelAbstract)\n\n"
    text += "Exit status: 0 success, 64 usage error, 65 invalid scene, 66 scene missing or\n"
    text += "unreadable, 1 any other failure.\n\n"
    text += "USAGE: effectctl <subcommand>\n\n"
    text += "OPTIONS:\n"
    text += row("--version", ["Show the version."])
    text += row("-h, --help", ["Show help information."])
    text += "\nSUBCOMMANDS:\n"
    for command in commands {
      text += row(command.name, [command.abstract])
    }
    text += "\n  See 'effectctl help <subcommand>' for detailed help.\n"
    return text
  }

  /// `effectctl eval --help` and `effectctl help eval`.
  static func page(_ command: CommandSpec) -> String {
    var text = "OVERVIEW: \(command.abstract)\n"
    if !command.discussion.isEmpty {
      text += "\n" + command.discussion.map { $0 + "\n" }.joined()
    }
    text += "\nUSAGE: \(command.usage)\n"
    if !command.arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in command.arguments {
        text += row(argument.label, argument.help)
      }
    }
    text += "\nOPTIONS:\n"
    for option in command.options {
      text += row(option.isRepeatable ? "\(option.label) ..." : option.label, option.help)
    }
    text += row("-h, --help", ["Show help information."])
    return text
  }

  /// `  label                 first line` and the other lines indented to
  /// match; a label too long for its column gets a line of its own.
  static func row(_ label: String, _ lines: [String]) -> String {
    let indent = String(repeating: " ", count: labelWidth + 2)
    var text = "  " + label
    if label.count + 2 > labelWidth {
      text += "\n" + indent
    } else {
      text += String(repeating: " ", count: labelWidth - label.count)
    }
    text += lines.first ?? ""
    text += "\n"
    for line in lines.dropFirst() {
      text += indent + line + "\n"
    }
    return text
  }

  /// The lines of a usage error: the message, the usage, where to find help.
  static func usageError(_ error: UsageError) -> String {
    let usage = error.command?.usage ?? "effectctl <subcommand>"
    let helpCommand = error.command.map { "effectctl \($0.name) --help" } ?? "effectctl --help"
    return """
      Error: \(error.message)
      Usage: \(usage)
        See '\(helpCommand)' for more information.

      """
  }
}
