import EffectCommandLine
import EffectHost

/// The command line: picks the subcommand, runs it, reports how it ended.
enum EffectCtl {
  /// Runs the command line `arguments` (without the program name) and
  /// returns the exit status. Never traps on any argument.
  static func run(_ arguments: [String]) -> ExitCode {
    do {
      return try dispatch(arguments)
    } catch {
      return report(error)
    }
  }

  private static func dispatch(_ arguments: [String]) throws(CommandError) -> ExitCode {
    let specs = Commands.all.map(\.spec)
    guard let first = arguments.first else {
      // As swift-argument-parser does for a command made of subcommands.
      try Commands.write(Help.topLevel(specs))
      return .success
    }
    switch first {
    case "-h", "--help":
      try Commands.write(Help.topLevel(specs))
      return .success
    case "--version":
      try Commands.write("effectctl \(Commands.version)\n")
      return .success
    case "help":
      guard arguments.count > 1, arguments[1] != "-h", arguments[1] != "--help" else {
        try Commands.write(Help.topLevel(specs))
        return .success
      }
      let command = try command(named: arguments[1])
      if let extra = arguments.dropFirst(2).first {
        throw .usage(UsageError(message: "Unexpected argument '\(extra)'", command: nil))
      }
      try Commands.write(Help.page(command.spec))
      return .success
    default:
      let command = try command(named: first)
      let outcome: ParseOutcome
      do {
        outcome = try parse(Array(arguments.dropFirst()), for: command.spec)
      } catch {
        throw .usage(error)
      }
      switch outcome {
      case .help:
        try Commands.write(Help.page(command.spec))
        return .success
      case .run(let parsed):
        return try command.run(parsed)
      }
    }
  }

  private static func command(named name: String) throws(CommandError) -> Command {
    if let command = Commands.all.first(where: { $0.spec.name == name }) { return command }
    if name.hasPrefix("-") {
      let hint = suggestion(name, in: ["--help", "--version"]).map { ". " + $0 } ?? ""
      throw .usage(UsageError(message: "Unknown option '\(name)'\(hint)", command: nil))
    }
    let names = Commands.all.map(\.spec.name) + ["help"]
    let hint = suggestion(name, in: names).map { ". " + $0 } ?? ""
    throw .usage(UsageError(message: "Unknown subcommand '\(name)'\(hint)", command: nil))
  }

  /// Prints how a subcommand failed to standard error; the exit status.
  private static func report(_ error: CommandError) -> ExitCode {
    switch error {
    case .usage(let usage):
      try? FileOutput.standardError.write(Help.usageError(usage))
      return .usage
    case .scene(let sceneError):
      Commands.reportErrors(sceneError)
      switch sceneError {
      case .invalid: return .invalidScene
      case .unreadable: return .unreadableScene
      }
    case .output(.closed):
      // The reader has all it wanted (`| head`): not a failure.
      return .success
    case .output(.failed(let reason)):
      try? FileOutput.standardError.write("error: cannot write the output: \(reason)\n")
      return .failure
    }
  }
}
