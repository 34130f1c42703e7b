/// A declaration of a subcommand on the stored property that holds its
/// value: an ``Option``, a ``Flag`` or an ``Argument``.
///
/// `Spec` is what help and the parser know of it, an ``OptionSpec`` or an
/// ``ArgumentSpec``; the initializers of ``Option``, ``Flag`` and
/// ``Argument`` say how the value is read and how often it may be given.
@propertyWrapper
public struct CommandParameter<Spec, Value> {
  /// What help and the parser know of it.
  public let spec: Spec
  let declaration: CommandParameterDeclaration
  /// The value given on the command line, or `nil` to keep the default.
  private let read: (ParsedArguments) throws(UsageError) -> Value?
  /// A class because the parser finds the declarations with `Mirror`, which
  /// hands out copies: the copy's box is the subcommand's. An assignment
  /// gives the declaration a box of its own, so copies of a subcommand never
  /// share a change.
  private var storage: ParsedValue<Value>

  public var wrappedValue: Value {
    get {
      guard let value = storage.value else {
        preconditionFailure("\(declaration.name) was read before the command line was parsed")
      }
      return value
    }
    set { storage = ParsedValue(newValue) }
  }

  /// `$chains`: the declaration, for messages that name it.
  public var projectedValue: Spec { spec }

  init(
    _ spec: Spec, _ declaration: CommandParameterDeclaration, default initial: Value?,
    read: @escaping (ParsedArguments) throws(UsageError) -> Value?
  ) {
    self.spec = spec
    self.declaration = declaration
    self.read = read
    storage = ParsedValue(initial)
  }
}

/// An option of a subcommand, `--name <value>`, declared on the property
/// that holds its value:
///
///     @Option("--offsets", valueName: "spec", help: ["The scroll offsets."])
///     var offsets: OffsetSpec
///
/// The property's type says how often it may be given: a plain type without
/// a default is required; with a default (`= .table`) or as an optional
/// (`String?`) it may be left out; an array (`[String]`) is repeatable, in
/// the order given. The value is read with `reader`, or for an
/// ``ArgumentValue`` with its own reading.
public typealias Option<Value> = CommandParameter<OptionSpec, Value>

/// A positional argument of a subcommand, `<name>`, declared on the
/// property that holds its value:
///
///     @Argument("scene", help: ["The scene file."])
///     var scene: String
///
/// The property's type says how many values it takes: a plain type without
/// a default exactly one; with a default (`= 1`) or as an optional
/// (`String?`) at most one; an array (`[String]`) one or more, every value
/// left. The value is read with `reader`, or for an ``ArgumentValue`` with
/// its own reading.
public typealias Argument<Value> = CommandParameter<ArgumentSpec, Value>

/// An option of a subcommand that takes no value, such as `--events`,
/// declared on the property that says whether it was given:
///
///     @Flag("--events", help: ["Print events instead of transforms."])
///     var printsEvents: Bool
public typealias Flag = CommandParameter<OptionSpec, Bool>

/// What the parser needs of a ``CommandParameter`` whatever its types.
protocol DeclaredParameter {
  var declaration: CommandParameterDeclaration { get }
  /// Reads its value from `arguments` into the subcommand that holds it; a
  /// value that is wrong is a usage error.
  func take(from arguments: ParsedArguments) throws(UsageError)
}

extension CommandParameter: DeclaredParameter {
  func take(from arguments: ParsedArguments) throws(UsageError) {
    storage.isGiven =
      switch declaration {
      case .option(let option): arguments.isSet(option)
      case .argument(let argument): !arguments.texts(of: argument).isEmpty
      }
    if let value = try read(arguments) { storage.value = value }
  }

  /// Whether the command line gave this option or argument (a value equal
  /// to the default included): for the subcommand's own checks of options
  /// that do not go together, through its `_name` wrapper.
  var isGiven: Bool { storage.isGiven }
}

/// An option or flag (`--name`), or a positional argument (`<name>`).
enum CommandParameterDeclaration {
  case option(OptionSpec)
  case argument(ArgumentSpec)
}

/// Where a ``CommandParameter`` keeps its value.
final class ParsedValue<Value> {
  var value: Value?
  /// Whether the command line gave it.
  var isGiven = false

  init(_ value: Value?) {
    self.value = value
  }
}

extension CommandParameterDeclaration {
  /// `--offsets`, `<scene>`: for messages about the declaration itself.
  var name: String {
    switch self {
    case .option(let option): option.name
    case .argument(let argument): "<\(argument.name)>"
    }
  }
}
