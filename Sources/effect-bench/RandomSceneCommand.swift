import EffectCommandLine
import EffectHost
import ScrollEffectsTestSupport

/// `effect-bench random-scene --seed N`: a scene of the generator the export
/// check draws from, for the host-against-export benchmark.
struct RandomSceneCommand: Subcommand {
  static let configuration = CommandConfiguration(
    name: "random-scene",
    abstract: "Print the random scene of a seed that the export check draws (the first that loads)."
  )

  @Option(
    "--seed", valueName: "n", help: ["The random seed. (default: 1)"],
    reader: .count(of: "seed values", atLeast: 0))
  var seed: Int = 1

  func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    let scenes = ExportSceneGenerator.scenes(count: 1, seed: UInt64(seed))
    try context.console.print(scenes[0].json + "\n")
    return .success
  }
}
