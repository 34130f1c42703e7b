import EffectHost

/// `effectctl effects`: the registered effect types, or one type's page.
public struct EffectsCommand: Subcommand {
  public static let configuration = CommandConfiguration(
    name: "effects", abstract: "List the registered effect types, or describe one.")

  /// The type to describe; every type is listed when `nil`.
  @Argument(
    "type",
    help: ["An effect type: shows its parameters, units, defaults", "and worked examples."])
  public var type: String?
  /// Whether `--markdown` asks for the Markdown sections.
  @Flag(
    "--markdown",
    help: [
      "Print every type's section of Docs/Effects.md (TYPE's alone",
      "when given) as Markdown.",
    ])
  public var markdown: Bool

  public init() {}

  public func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    let console = context.console
    let registry = context.registry
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
