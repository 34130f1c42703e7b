import EffectHost
import EffectProtocol

/// An option of a subcommand, as help and the parser see it: `--name <value>`.
public struct OptionSpec: Sendable {
  /// With the dashes: `--offsets`.
  public let name: String
  /// `spec` for `--offsets <spec>`.
  public let valueName: String
  /// Whether it may be given more than once (`--chain`).
  public var isRepeatable = false
  /// Whether the subcommand needs it.
  public var isRequired = false
  /// What the usage error says when a required option is missing;
  /// `Missing expected argument '--name <value>'` when `nil`.
  public var missingMessage: String?
  /// Lines of help; the first is the summary.
  public let help: [String]
  /// Whether it takes no value (`--events`): a ``Flag``.
  public var isFlag = false

  /// `--offsets <spec>`; a flag's name alone.
  public var label: String { isFlag ? name : "\(name) <\(valueName)>" }
  /// The label in help, usage lines and messages: `--chain <name> ...` when
  /// repeatable.
  public var fullLabel: String { isRepeatable ? "\(label) ..." : label }
}

/// A positional argument of a subcommand, as help and the parser see it:
/// `<scene>`.
public struct ArgumentSpec: Sendable {
  /// Unique within its subcommand.
  public let name: String
  /// At least one (`validate`), exactly one, or at most one (`effects`).
  public enum Count: Sendable { case one, optional, oneOrMore }
  public let count: Count
  public let help: [String]

  public var label: String { count == .oneOrMore ? "<\(name)> ..." : "<\(name)>" }
}

/// What a subcommand accepts, and its help.
public struct CommandSpec: Sendable {
  public let name: String
  public let abstract: String
  public var discussion: [String] = []
  public let arguments: [ArgumentSpec]
  public let options: [OptionSpec]
  /// Where the options this subcommand does not take belong, by name with
  /// dashes: `the subcommand` for the program's own options (`--plugin`),
  /// else the subcommands that take it. A program of subcommands fills it
  /// in, so that an option given in the wrong place says where it goes.
  public var placesOfOtherOptions: [String: String] = [:]

  public init(
    name: String, abstract: String, discussion: [String] = [], arguments: [ArgumentSpec],
    options: [OptionSpec]
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
  }

  /// `effectctl eval <scene> --offsets <spec> [--format <format>] [--chain <name> ...]`
  public func usage(program: String) -> String {
    var parts = [program, name]
    for argument in arguments {
      parts.append(argument.count == .optional ? "[\(argument.label)]" : argument.label)
    }
    for option in options {
      parts.append(option.isRequired ? option.fullLabel : "[\(option.fullLabel)]")
    }
    return parts.joined(separator: " ")
  }
}

/// The arguments of one subcommand, read and counted: the texts a
/// subcommand's ``Option``, ``Flag`` and ``Argument`` declarations read
/// their values from (``Subcommand/init(_:)``).
public struct ParsedArguments: Sendable {
  /// The subcommand they were read for: its usage goes with any error.
  public let command: CommandSpec
  /// The positional values of each argument, by name.
  var positionals: [String: [String]] = [:]
  /// Every value given for each option, by option name with dashes.
  var values: [String: [String]] = [:]

  /// Every text given for `option`, in order.
  func texts(of option: OptionSpec) -> [String] { values[option.name] ?? [] }

  /// Every text given for `argument`, in order.
  func texts(of argument: ArgumentSpec) -> [String] { positionals[argument.name] ?? [] }

  /// Whether `flag` was given.
  func isSet(_ flag: OptionSpec) -> Bool { values[flag.name] != nil }

  /// `texts` read by `reader`; a text it refuses is a usage error naming
  /// `label`.
  func read<Value>(_ texts: [String], label: String, with reader: ValueReader<Value>)
    throws(UsageError) -> [Value]
  {
    var result: [Value] = []
    for text in texts {
      do {
        result.append(try reader.read(text))
      } catch {
        var usage = UsageError(
          message: "The value '\(text)' is invalid for '\(label)'\(error.detail)",
          command: command)
        usage.isReportedLast = error.isInconsistency
        throw usage
      }
    }
    return result
  }
}

/// A usage error: exit code 64, with the usage of `command` (the top level
/// when `nil`).
public struct UsageError: Error, Sendable, Equatable {
  /// The message, with every scalar that could break or disguise the line
  /// (a newline, ESC, U+202E in an echoed flag value) escaped.
  public let message: String
  /// The subcommand's name, for its usage line.
  public let commandName: String?
  let command: CommandSpec?
  /// Whether a subcommand reports this after every other value it reads
  /// (a value that is ``InvalidValue/inconsistent(_:)``).
  var isReportedLast = false

  /// A usage error saying `message`; text from the command line in it
  /// needs no escaping, as every unsafe scalar of it is escaped here.
  public init(message: String, command: CommandSpec?) {
    self.message = MessageText.escapingUnsafe(message)
    self.command = command
    commandName = command?.name
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.message == rhs.message && lhs.commandName == rhs.commandName
  }
}

/// What the command line asked for.
public enum ParseOutcome: Sendable {
  case run(ParsedArguments)
  case help
}

extension CommandSpec {
  /// Reads `arguments` for this subcommand the way swift-argument-parser does:
  /// `--name value` and `--name=value`; the value after an option is taken
  /// whatever it looks like (`--offsets -100:300`); `--` ends the options;
  /// `-` alone is a positional (standard input); `-h`/`--help` anywhere asks
  /// for help, and wins over any other error.
  public func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
    try parseArguments(arguments, for: self)
  }
}

private func parseArguments(_ arguments: [String], for command: CommandSpec) throws(UsageError)
  -> ParseOutcome
{
  var parsed = ParsedArguments(command: command)
  var positionals: [String] = []
  var firstError: String?
  var wantsHelp = false
  func fail(_ message: String) {
    if firstError == nil { firstError = message }
  }
  var index = 0
  var optionsEnded = false
  while index < arguments.count {
    let argument = arguments[index]
    index += 1
    if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
      positionals.append(argument)
      continue
    }
    if argument == "--" {
      optionsEnded = true
      continue
    }
    var name = argument
    var inlineValue: String?
    if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
      name = String(argument[..<equals])
      inlineValue = String(argument[argument.index(after: equals)...])
    }
    if name == "-h" || name == "--help" {
      if inlineValue == nil { wantsHelp = true } else { fail("Option '\(name)' takes no value") }
      continue
    }
    guard let option = command.options.first(where: { $0.name == name }) else {
      if let place = command.placesOfOtherOptions[name] {
        fail("Unknown option '\(name)' for \(command.name); \(place)")
        continue
      }
      let names = command.options.map(\.name) + ["--help"]
      fail(
        "Unknown option '\(name)'"
          + (UsageError.suggestion(name, in: names).map { ". " + $0 } ?? ""))
      continue
    }
    let value: String
    if option.isFlag {
      // A flag takes no value: what follows it is the next argument.
      if inlineValue != nil {
        fail("Option '\(name)' takes no value")
        continue
      }
      value = ""
    } else if let inlineValue {
      value = inlineValue
    } else if index < arguments.count {
      value = arguments[index]
      index += 1
      // `--offsets --format csv`: the value was left out, and the option
      // after it would be taken for it (and `csv` reported as a stray
      // argument). A value that is an option's name goes after `=`.
      let named = value.hasPrefix("--") ? String(value.prefix { $0 != "=" }) : value
      if command.options.contains(where: { $0.name == named }) {
        fail(
          "Missing value for '\(option.label)': found the option '\(named)' "
            + "(a value that is an option's name goes after '=': \(name)=\(value))")
        continue
      }
    } else {
      fail("Missing value for '\(option.label)'")
      continue
    }
    if !option.isRepeatable, parsed.values[option.name] != nil {
      fail("'\(option.name)' was given more than once; give it once")
      continue
    }
    parsed.values[option.name, default: []].append(value)
  }
  if wantsHelp { return .help }
  if let firstError { throw UsageError(message: firstError, command: command) }
  parsed.positionals = try assign(positionals, for: command)
  for option in command.options where option.isRequired && parsed.values[option.name] == nil {
    throw UsageError(
      message: option.missingMessage ?? "Missing expected argument '\(option.label)'",
      command: command)
  }
  return .run(parsed)
}

/// Hands the positional values to `command`'s arguments in order, checking
/// that each gets as many as it takes.
private func assign(_ positionals: [String], for command: CommandSpec) throws(UsageError)
  -> [String: [String]]
{
  var assigned: [String: [String]] = [:]
  var remaining = positionals[...]
  for argument in command.arguments {
    switch argument.count {
    case .one:
      guard let value = remaining.popFirst() else {
        throw UsageError(
          message: "Missing expected argument '\(argument.label)'", command: command)
      }
      assigned[argument.name] = [value]
    case .optional:
      assigned[argument.name] = remaining.popFirst().map { [$0] } ?? []
    case .oneOrMore:
      guard !remaining.isEmpty else {
        throw UsageError(
          message: "Missing expected argument '\(argument.label)'", command: command)
      }
      assigned[argument.name] = Array(remaining)
      remaining.removeAll()
    }
  }
  if let extra = remaining.first {
    throw UsageError(message: "Unexpected argument '\(extra)'", command: command)
  }
  return assigned
}

extension UsageError {
  /// `Did you mean 'eval'?` when `word` is near one of `candidates`.
  public static func suggestion(_ word: String, in candidates: [String]) -> String? {
    MessageText.nearestName(to: word, in: candidates).map { "Did you mean '\($0)'?" }
  }
}
