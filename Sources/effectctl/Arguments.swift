import EffectProtocol

/// An option of a subcommand: `--name <value>`.
struct OptionSpec: Sendable {
  /// With the dashes: `--offsets`.
  let name: String
  /// `spec` for `--offsets <spec>`.
  let valueName: String
  /// Whether it may be given more than once (`--chain`).
  var isRepeatable = false
  /// Whether the subcommand needs it.
  var isRequired = false
  /// Lines of help; the first is the summary.
  let help: [String]

  var label: String { "\(name) <\(valueName)>" }
}

/// A positional argument of a subcommand: `<scene>`.
struct ArgumentSpec: Sendable {
  let name: String
  /// At least one (`validate`), exactly one, or at most one (`effects`).
  enum Count: Sendable { case one, optional, oneOrMore }
  let count: Count
  let help: [String]

  var label: String { count == .oneOrMore ? "<\(name)> ..." : "<\(name)>" }
}

/// What a subcommand accepts, and its help.
struct CommandSpec: Sendable {
  let name: String
  let abstract: String
  var discussion: [String] = []
  let arguments: [ArgumentSpec]
  let options: [OptionSpec]

  /// `effectctl eval <scene> --offsets <spec> [--format <format>] [--chain <name> ...]`
  var usage: String {
    var parts = ["effectctl", name]
    for argument in arguments {
      parts.append(argument.count == .optional ? "[\(argument.label)]" : argument.label)
    }
    for option in options {
      let label = option.isRepeatable ? "\(option.label) ..." : option.label
      parts.append(option.isRequired ? label : "[\(label)]")
    }
    return parts.joined(separator: " ")
  }
}

/// The arguments of one subcommand, read but not yet interpreted.
struct ParsedArguments {
  var positionals: [String] = []
  /// Every value given for each option, by option name with dashes.
  var values: [String: [String]] = [:]

  /// The one value of `option`, if given.
  func value(_ option: String) -> String? { values[option]?.first }
}

/// A usage error: exit code 64, with the usage of `command` (the top level
/// when `nil`).
struct UsageError: Error {
  let message: String
  let command: CommandSpec?
}

/// What the command line asked for.
enum ParseOutcome {
  case run(ParsedArguments)
  case help
}

/// Reads `arguments` for `command` the way swift-argument-parser does:
/// `--name value` and `--name=value`; the value after an option is taken
/// whatever it looks like (`--offsets -100:300`); `--` ends the options;
/// `-` alone is a positional (standard input); `-h`/`--help` anywhere asks
/// for help, and wins over any other error.
func parse(_ arguments: [String], for command: CommandSpec) throws(UsageError) -> ParseOutcome {
  var parsed = ParsedArguments()
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
      parsed.positionals.append(argument)
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
      let names = command.options.map(\.name) + ["--help"]
      fail("Unknown option '\(name)'" + (suggestion(name, in: names).map { ". " + $0 } ?? ""))
      continue
    }
    let value: String
    if let inlineValue {
      value = inlineValue
    } else if index < arguments.count {
      value = arguments[index]
      index += 1
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
  try checkCounts(parsed, for: command)
  return .run(parsed)
}

private func checkCounts(_ parsed: ParsedArguments, for command: CommandSpec) throws(UsageError) {
  var remaining = parsed.positionals[...]
  for argument in command.arguments {
    switch argument.count {
    case .one:
      guard remaining.popFirst() != nil else {
        throw UsageError(
          message: "Missing expected argument '\(argument.label)'", command: command)
      }
    case .optional:
      _ = remaining.popFirst()
    case .oneOrMore:
      guard !remaining.isEmpty else {
        throw UsageError(
          message: "Missing expected argument '\(argument.label)'", command: command)
      }
      remaining.removeAll()
    }
  }
  if let extra = remaining.first {
    throw UsageError(message: "Unexpected argument '\(extra)'", command: command)
  }
  for option in command.options where option.isRequired && parsed.values[option.name] == nil {
    throw UsageError(message: "Missing expected argument '\(option.label)'", command: command)
  }
}

/// `Did you mean 'eval'?` when `word` is near one of `candidates`.
func suggestion(_ word: String, in candidates: [String]) -> String? {
  nearestName(to: word, in: candidates).map { "Did you mean '\($0)'?" }
}
