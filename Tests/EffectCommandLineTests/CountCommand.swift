import EffectCommandLine
import EffectHost

/// The README's subcommand, as written there.
struct CountCommand: Subcommand {
  static let configuration = CommandConfiguration(
    name: "count", abstract: "Count a scene's views.")

  @Argument("scene", help: ["The scene file."])
  var scene: String
  @Option("--format", valueName: "format", help: RowFormat.help(default: .table))
  var format: RowFormat = .table

  func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    let loaded = try SceneLoader(registry: context.registry).loadForCommand(scene)
    try context.console.print("\(loaded.viewCount)\n")
    return .success
  }
}
