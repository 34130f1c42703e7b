import EffectHost

/// The `effectctl` program: its subcommands, in the order help lists them.
/// A new subcommand is a ``Subcommand`` in its own file, added here.
public enum Effectctl {
  public static let version = "0.2.0"

  /// `eval`, `simulate`, `check`, `validate`, `effects`, `schema`, `devices`,
  /// `bench`, `plot`, `filmstrip`, `preview` and `export`.
  public static var commands: [any Subcommand.Type] {
    [
      EvalCommand.self, SimulateCommand.self, CheckCommand.self, ValidateCommand.self,
      EffectsCommand.self, SchemaCommand.self, DevicesCommand.self, BenchCommand.self,
      PlotCommand.self,
      FilmstripCommand.self,
      PreviewCommand.self, ExportCommand.self,
    ]
  }

  /// `effectctl` with the built-in effect types, and `--plugin` for more.
  public static var tool: CommandLineTool { tool(registry: .builtIn) }

  /// `effectctl` whose scenes may name the types of `registry` (and of any
  /// `--plugin` library): an app's own `effectctl` with its own effects
  /// compiled in, with no plugin library to build or load for them.
  public static func tool(registry: EffectRegistry) -> CommandLineTool {
    var tool = CommandLineTool(
      name: "effectctl",
      abstract: "Evaluate, simulate, check, list, draw and measure chains of scroll effects.",
      discussion: [
        "Exit status: 0 success, 64 usage error, 65 invalid scene, 66 scene (or --plugin",
        "library, or check's golden file) missing or unreadable, 1 any other failure.",
      ],
      version: version, registry: registry, commands: commands)
    tool.loadsPlugins = true
    return tool
  }
}
