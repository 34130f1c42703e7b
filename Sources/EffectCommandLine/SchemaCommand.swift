import EffectHost

/// `effectctl schema`: the JSON Schema of scene files, for editors.
public struct SchemaCommand: Subcommand {
  public static let configuration = CommandConfiguration(
    name: "schema", abstract: "Print the JSON Schema of scene files, for editors.",
    discussion: [
      "A JSON Schema (draft 2020-12) of both forms of a scene file, with every key's type,",
      "range, allowed values, default and summary, and every registered effect type",
      "(--plugin libraries' included). Docs/scene.schema.json is the built-ins' schema.",
    ])

  public init() {}

  public func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    try context.console.print(SceneSchema(registry: context.registry).text)
    return .success
  }
}
