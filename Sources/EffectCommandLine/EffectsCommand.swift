import EffectHost

/// `effectctl effects`: the registered effect types, or one type's page.
public struct EffectsCommand: Subcommand {
  static let type = Argument<String>(
    "type", count: .optional,
    help: ["An effect type: shows its parameters, units, defaults", "and worked examples."])
  static let markdown = Flag(
    "--markdown",
    help: [
      "Print every type's section of Docs/Effects.md (TYPE's alone",
      "when given) as Markdown.",
    ])

  public static let spec = CommandSpec(
    name: "effects",
    abstract: "List the registered effect types, or describe one.",
    arguments: [type.spec],
    options: [markdown.spec])

  /// The type to describe; every type is listed when `nil`.
  public var type: String?

  /// Whether `--markdown` asks for the Markdown sections.
  public var markdown: Bool

  /// The effect types scenes may name: built-ins and plugins.
  public var registry: EffectRegistry

  public init(_ arguments: ParsedArguments) throws(UsageError) {
    registry = arguments.registry
    type = try arguments.value(Self.type)
    markdown = arguments.isSet(Self.markdown)
  }

  public func run(_ console: Console) throws(CommandError) -> ExitCode {
    guard let name = type else {
      if markdown {
        try console.print(EffectDocumentation.markdown(registry.types.map { $0.descriptor }))
        return .success
      }
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
    let descriptor = type.descriptor
    try console.print(
      markdown
        ? EffectDocumentation.markdownSection(descriptor) : EffectDocumentation.page(descriptor))
    return .success
  }
}
