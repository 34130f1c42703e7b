/// Help pages in the layout of swift-argument-parser.
enum Help {
  /// Where help text starts on a line: after the label column.
  static let labelWidth = 24

  /// `effectctl --help`.
  static func topLevel(_ tool: CommandLineTool) -> String {
    var text = "OVERVIEW: \(tool.abstract)\n\n"
    if !tool.discussion.isEmpty {
      text += tool.discussion.map { $0 + "\n" }.joined() + "\n"
    }
    text += "USAGE: \(tool.name) <subcommand>\n\n"
    text += "OPTIONS:\n"
    if tool.loadsPlugins {
      text += row(
        CommandLineTool.pluginLabel,
        [
          "Load the effect types of a plugin library for this run;",
          "repeatable. See Docs/Plugins.md.",
        ])
    }
    if tool.version != nil {
      text += row("--version", ["Show the version."])
    }
    text += row("-h, --help", ["Show help information."])
    text += "\nSUBCOMMANDS:\n"
    for command in tool.commands {
      text += row(command.configuration.name, [command.configuration.abstract])
    }
    text += "\n  See '\(tool.name) help <subcommand>' for detailed help.\n"
    return text
  }

  /// The `help` subcommand itself, for `effectctl help help`, as
  /// swift-argument-parser describes its own.
  static let helpCommand = CommandSpec(
    name: "help", abstract: "Show subcommand help information.",
    arguments: [
      ArgumentSpec(name: "subcommand", count: .optional, help: ["The subcommand to describe."])
    ], options: [])

  /// `effectctl eval --help` and `effectctl help eval`.
  static func page(_ command: CommandSpec, program: String) -> String {
    var text = "OVERVIEW: \(command.abstract)\n"
    if !command.discussion.isEmpty {
      text += "\n" + command.discussion.map { $0 + "\n" }.joined()
    }
    text += "\nUSAGE: \(command.usage(program: program))\n"
    if !command.arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in command.arguments {
        text += row(argument.label, argument.help)
      }
    }
    text += "\nOPTIONS:\n"
    for option in command.options {
      text += row(option.fullLabel, option.help)
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
  static func usageError(_ error: UsageError, program: String) -> String {
    let usage = error.command?.usage(program: program) ?? "\(program) <subcommand>"
    let helpCommand = error.command.map { "\(program) \($0.name) --help" } ?? "\(program) --help"
    return """
      Error: \(error.message)
      Usage: \(usage)
        See '\(helpCommand)' for more information.

      """
  }
}
