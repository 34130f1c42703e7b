/// The `effectctl` program: its subcommands, in the order help lists them.
/// A new subcommand is a ``Subcommand`` in its own file, added here.
public enum Effectctl {
  public static let version = "0.1.0"

  public static var tool: CommandLineTool {
    var tool = CommandLineTool(
      name: "effectctl",
      abstract: "Evaluate, simulate, check, list, draw and measure chains of scroll effects.",
      discussion: [
        "Exit status: 0 success, 64 usage error, 65 invalid scene, 66 scene missing or",
        "unreadable, 1 any other failure.",
      ],
      version: version,
      commands: [
        EvalCommand.self, SimulateCommand.self, ValidateCommand.self, EffectsCommand.self,
        BenchCommand.self, PlotCommand.self, FilmstripCommand.self, PreviewCommand.self,
      ])
    tool.loadsPlugins = true
    return tool
  }
}
