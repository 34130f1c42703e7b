import EffectHost

/// A subcommand: its name and help, its options and arguments, and what it
/// does.
///
/// Each option, flag and positional argument is one stored property with
/// its declaration, as in swift-argument-parser: the name, the help, the
/// type of the value and the value itself.
///
///     struct GreetCommand: Subcommand {
///       static let configuration = CommandConfiguration(
///         name: "greet", abstract: "Greet someone.")
///
///       @Argument("name", help: ["Who to greet."])
///       var name: String
///       @Option("--times", valueName: "n", help: ["How often."], reader: .count(of: "times", atLeast: 1))
///       var times: Int = 1
///       @Flag("--loud", help: ["Shout."])
///       var loud: Bool
///
///       init() {}
///
///       func run(_ context: CommandContext) throws(CommandError) -> ExitCode { ... }
///     }
///
/// A property's type says how often the command line may give it: a plain
/// type without a default is required, one with a default (`= 1`) or an
/// optional (`String?`) may be left out, an array (`[String]`) is
/// repeatable (for an argument: one or more). Help and usage list the
/// declarations in the order of the properties, and a value that cannot be
/// read is a usage error found before ``run(_:)``, the first in that order.
public protocol Subcommand {
  /// Its name, abstract and discussion.
  static var configuration: CommandConfiguration { get }
  /// Every declaration at its default; the parser then fills in what the
  /// command line gives. A property declared without a default must not be
  /// read before that.
  init()
  /// Does the work, writing to the context's console and reading scenes
  /// with its registry; the exit status.
  func run(_ context: CommandContext) throws(CommandError) -> ExitCode
}

/// A subcommand's name and the text of its help page.
public struct CommandConfiguration: Sendable {
  /// What the command line names it by: `eval`.
  public let name: String
  /// One line: the summary in the tool's help and the page's overview.
  public let abstract: String
  /// Lines after the overview on its help page.
  public var discussion: [String]

  public init(name: String, abstract: String, discussion: [String] = []) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
  }
}

/// What a subcommand runs with besides its arguments: where it writes and
/// the effect types scenes may name.
public struct CommandContext {
  /// The output and error streams.
  public var console: Console
  /// The tool's registry, with the effect types of any `--plugin` library
  /// given before the subcommand.
  public var registry: EffectRegistry

  public init(console: Console, registry: EffectRegistry) {
    self.console = console
    self.registry = registry
  }
}

extension Subcommand {
  /// Its name, help, arguments and options, as help and the parser see them.
  public static var spec: CommandSpec {
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
    for parameter in Self().parameters {
      switch parameter.declaration {
      case .argument(let argument): arguments.append(argument)
      case .option(let option): options.append(option)
      }
    }
    return CommandSpec(
      name: configuration.name, abstract: configuration.abstract,
      discussion: configuration.discussion, arguments: arguments, options: options)
  }

  /// The subcommand with the typed values of `arguments` (read from the
  /// command line by ``CommandSpec/parse(_:)`` with ``spec``); a value that
  /// is wrong is a usage error found before any file is read.
  public init(_ arguments: ParsedArguments) throws(UsageError) {
    self.init()
    // A value whose parts contradict each other is reported only when every
    // other value is well formed: `--gesture release --physics uikit` names
    // the physics, the misspelling, before the gesture's order.
    var inconsistency: UsageError?
    for parameter in parameters {
      do {
        try parameter.take(from: arguments)
      } catch  where error.isReportedLast {
        if inconsistency == nil { inconsistency = error }
      }
    }
    if let inconsistency { throw inconsistency }
  }

  /// Its declarations in the order of its properties, with those of a
  /// subcommand it holds (whose arguments it takes as its own) in place.
  var parameters: [any DeclaredParameter] {
    var found: [any DeclaredParameter] = []
    collectParameters(of: self, into: &found)
    return found
  }
}

/// Declarations that several subcommands share, held as one stored property
/// of each (as swift-argument-parser's `@OptionGroup`): its declarations
/// stand in the subcommand's help and usage where the property stands.
public protocol OptionGroup {}

/// Appends the declarations among `value`'s stored properties to `found`,
/// reading through those that are subcommands themselves.
private func collectParameters(of value: Any, into found: inout [any DeclaredParameter]) {
  for child in Mirror(reflecting: value).children {
    if let parameter = child.value as? any DeclaredParameter {
      found.append(parameter)
    } else if child.value is any Subcommand || child.value is any OptionGroup {
      collectParameters(of: child.value, into: &found)
    }
  }
}
