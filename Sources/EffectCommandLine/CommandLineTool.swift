import EffectHost
import EffectProtocol

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program made of subcommands: dispatch, help, version and how failures
/// are reported.
///
/// An app's own tool is one value: its name, its subcommands and the
/// effect types its scenes may name, run in `main` with
/// `exit(tool.run(Array(CommandLine.arguments.dropFirst())).rawValue)`, or
/// with ``run(bytes:console:)`` and the arguments' bytes, which refuses one
/// that is not UTF-8 where `CommandLine.arguments` would change it.
/// ``Effectctl/tool(registry:)`` is `effectctl` over any registry.
public struct CommandLineTool {
  /// The program's name in usage lines: `effectctl`.
  public let name: String
  /// The first line of the top-level help.
  public let abstract: String
  /// Lines between the overview and the usage in the top-level help.
  public var discussion: [String]
  /// What `--version` prints after the name; no `--version` when `nil`.
  public var version: String?
  /// The effect types scenes may name, handed to every subcommand in its
  /// ``CommandContext``.
  public var registry: EffectRegistry
  /// The subcommands, in the order help lists them.
  public let commands: [any Subcommand.Type]
  /// Whether `--plugin LIB` (repeatable, before the subcommand) loads effect
  /// types into the registry every subcommand receives.
  public var loadsPlugins = false

  public init(
    name: String, abstract: String, discussion: [String] = [], version: String? = nil,
    registry: EffectRegistry = .builtIn, commands: [any Subcommand.Type]
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.version = version
    self.registry = registry
    self.commands = commands
  }

  /// The subcommands' names, in order.
  public var commandNames: [String] {
    var names: [String] = []
    for command in commands { names.append(command.configuration.name) }
    return names
  }

  /// Runs the command line `arguments` (without the program name), writing
  /// to `console`, and returns the exit status. Never traps on any argument.
  public func run(_ arguments: [String], console: Console = .standard) -> ExitCode {
    do {
      return try dispatch(arguments, console)
    } catch {
      return report(error, console)
    }
  }

  /// Runs the command line given as each argument's bytes (without the
  /// program name), as `main` gets them: an argument that is not UTF-8 is
  /// a usage error, where `CommandLine.arguments` would have replaced its
  /// bytes (a file name that is not UTF-8 would name another file).
  public func run(bytes arguments: [[UInt8]], console: Console = .standard) -> ExitCode {
    var texts: [String] = []
    for (index, bytes) in arguments.enumerated() {
      guard let text = String(validating: bytes, as: UTF8.self) else {
        let shown = Self.shownBytes(bytes)
        return report(
          .usage(
            UsageError(
              message: "Argument \(index + 1), '\(shown)', is not UTF-8 text; expected file "
                + "names and values in UTF-8",
              command: nil)), console)
      }
      texts.append(text)
    }
    return run(texts, console: console)
  }

  /// `bytes` as a message shows them: each UTF-8 character as itself (the
  /// message escapes what could break a line), each byte of no character
  /// as `\xFF`.
  static func shownBytes(_ bytes: [UInt8]) -> String {
    var shown = ""
    var index = 0
    next: while index < bytes.count {
      for length in 1...4 where index + length <= bytes.count {
        if let text = String(validating: bytes[index..<index + length], as: UTF8.self),
          text.unicodeScalars.count == 1
        {
          shown += text
          index += length
          continue next
        }
      }
      shown += "\\x" + MessageText.hex(UInt32(bytes[index]), count: 2)
      index += 1
    }
    return shown
  }

  private func dispatch(_ arguments: [String], _ console: Console) throws(CommandError)
    -> ExitCode
  {
    var arguments = arguments
    let registry = try registryWithLeadingPlugins(&arguments)
    guard let first = arguments.first else {
      // As swift-argument-parser does for a command made of subcommands.
      try console.print(Help.topLevel(self))
      return .success
    }
    switch first {
    case "-h", "--help":
      try console.print(Help.topLevel(self))
      return .success
    case "--version" where version != nil:
      if let extra = arguments.dropFirst().first {
        throw .usage(UsageError(message: "Unexpected argument '\(extra)'", command: nil))
      }
      try console.print("\(name) \(version ?? "")\n")
      return .success
    case "help":
      guard arguments.count > 1, arguments[1] != "-h", arguments[1] != "--help" else {
        try console.print(Help.topLevel(self))
        return .success
      }
      let page = arguments[1] == "help" ? Help.helpCommand : try command(named: arguments[1]).spec
      if let extra = arguments.dropFirst(2).first {
        throw .usage(UsageError(message: "Unexpected argument '\(extra)'", command: nil))
      }
      try console.print(Help.page(page, program: name))
      return .success
    default:
      let command = try command(named: first)
      var spec = command.spec
      spec.placesOfOtherOptions = placesOfOptions(other: spec)
      let subcommand: (any Subcommand)?
      do throws(UsageError) {
        switch try spec.parse(Array(arguments.dropFirst())) {
        case .help: subcommand = nil
        case .run(let parsed): subcommand = try command.init(parsed)
        }
      } catch {
        throw .usage(error)
      }
      guard let subcommand else {
        try console.print(Help.page(spec, program: name))
        return .success
      }
      return try subcommand.run(CommandContext(console: console, registry: registry))
    }
  }

  private func command(named name: String) throws(CommandError) -> any Subcommand.Type {
    for command in commands where command.configuration.name == name { return command }
    if name.hasPrefix("-") {
      let options =
        (version == nil ? ["--help"] : ["--help", "--version"])
        + (loadsPlugins ? [Self.pluginOption] : [])
      let option = String(name.prefix { $0 != "=" })
      if option != name && ["--help", "--version"].contains(option) && options.contains(option) {
        throw .usage(UsageError(message: "Option '\(option)' takes no value", command: nil))
      }
      // A subcommand's option given before the subcommand.
      var takers: [String] = []
      for command in commands where command.spec.options.contains(where: { $0.name == option }) {
        takers.append(command.configuration.name)
      }
      if !takers.isEmpty {
        throw .usage(
          UsageError(
            message: "Option '\(option)' goes after a subcommand that takes it "
              + "(\(takers.joined(separator: ", "))), not before one",
            command: nil))
      }
      let hint = UsageError.suggestion(name, in: options).map { ". " + $0 } ?? ""
      throw .usage(UsageError(message: "Unknown option '\(name)'\(hint)", command: nil))
    }
    let names = commandNames + ["help"]
    let hint = UsageError.suggestion(name, in: names).map { ". " + $0 } ?? ""
    throw .usage(UsageError(message: "Unknown subcommand '\(name)'\(hint)", command: nil))
  }

  /// Where the options that `command` does not take belong: the program's
  /// own before the subcommand, the others' with the subcommands that take
  /// them.
  func placesOfOptions(other command: CommandSpec) -> [String: String] {
    var takers: [String: [String]] = [:]
    var order: [String] = []
    for other in commands {
      let spec = other.spec
      guard spec.name != command.name else { continue }
      for option in spec.options where !command.options.contains(where: { $0.name == option.name })
      {
        if takers[option.name] == nil { order.append(option.name) }
        takers[option.name, default: []].append(spec.name)
      }
    }
    var places: [String: String] = [:]
    for option in order {
      let names = takers[option] ?? []
      let list =
        names.count == 1
        ? names[0] : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
      places[option] = "it is an option of \(list)"
    }
    if loadsPlugins {
      places[Self.pluginOption] =
        "it goes before the subcommand: \(name) \(Self.pluginLabel) \(command.name) ..."
    }
    return places
  }

  /// Prints how a subcommand failed to the error stream; the exit status.
  private func report(_ error: CommandError, _ console: Console) -> ExitCode {
    switch error {
    case .usage(let usage):
      try? console.error.write(Help.usageError(usage, program: name))
      return .usage
    case .scene(let sceneError):
      console.reportErrors(sceneError)
      switch sceneError {
      case .invalid, .invalidWithSettings: return .invalidScene
      case .unreadable: return .unreadableScene
      }
    case .output(.closed):
      // The reader has all it wanted (`| head`): not a failure.
      return .success
    case .output(.failed(let reason)):
      try? console.error.write(
        "error: cannot write the output: \(MessageText.escapingUnsafe(reason))\n")
      return .failure
    case .failed(let message, let status):
      try? console.error.write("error: \(MessageText.escapingUnsafe(message))\n")
      return status
    case .interrupted(let rows, let signal):
      let what = rows.map { "after \($0) \($0 == 1 ? "row" : "rows")" } ?? "before writing its file"
      try? console.error.write("interrupted \(what)\n")
      return signal == SIGTERM ? .terminated : .interrupted
    }
  }
}
