import EffectHost

/// `effectctl effects`: the registered effect types, or one type's page.
public struct EffectsCommand: Subcommand {
  static let type = Argument<String>(
    "type", count: .optional,
    help: ["An effect type: shows its parameters, units, defaults", "and worked examples."])

  public static let spec = CommandSpec(
    name: "effects",
    abstract: "List the registered effect types, or describe one.",
    arguments: [type.spec],
    options: [])

  /// The type to describe; every type is listed when `nil`.
  public var type: String?

  /// The effect types scenes may name: built-ins and plugins.
  public var registry: EffectRegistry

  public init(_ arguments: ParsedArguments) throws(UsageError) {
    registry = arguments.registry
    type = try arguments.value(Self.type)
  }

  public func run(_ console: Console) throws(CommandError) -> ExitCode {
    guard let name = type else {
      try console.print(EffectDocumentation.list(registry))
      return .success
    }
    guard let type = registry.type(named: name) else {
      let names = registry.typeNames
      let hint = UsageError.suggestion(name, in: names).map { " " + $0 } ?? ""
      throw .usage(
        UsageError(
          message:
            "Unknown effect type '\(name)'.\(hint) The types are: \(names.joined(separator: ", ")).",
          command: Self.spec))
    }
    try console.print(EffectDocumentation.page(type.descriptor))
    return .success
  }
}
