import EffectHost
import EffectProtocol

/// `effectctl validate`: checks scene files and reports every error in each.
public struct ValidateCommand: Subcommand {
  static let scenes = Argument<String>(
    "scene", count: .oneOrMore, help: ["Scene files; - reads standard input."])

  public static let spec = CommandSpec(
    name: "validate",
    abstract: "Check scene files and report every error in each.",
    discussion: [
      "Prints '<file>: valid (N chains, M views)' for each valid file and every error of",
      "the others, each line starting with 'error: '. Exits with 65 when any file is",
      "invalid, else 66 when any is missing or unreadable.",
    ],
    arguments: [scenes.spec],
    options: [])

  public var scenes: [String]

  /// The effect types scenes may name: built-ins and plugins.
  public var registry: EffectRegistry

  public init(_ arguments: ParsedArguments) throws(UsageError) {
    registry = arguments.registry
    scenes = try arguments.values(Self.scenes)
  }

  public func run(_ console: Console) throws(CommandError) -> ExitCode {
    var sawInvalid = false
    var sawUnreadable = false
    let loader = SceneLoader(registry: registry)
    for path in scenes {
      let scene: Scene
      do {
        scene = try loader.load(contentsOf: path)
      } catch {
        console.reportErrors(error)
        switch error {
        case .invalid: sawInvalid = true
        case .unreadable: sawUnreadable = true
        }
        continue
      }
      let name = path == "-" ? "<stdin>" : MessageText.escapingUnsafe(path)
      let chains = Self.counted(scene.chains.count, "chain")
      try console.print("\(name): valid (\(chains), \(Self.counted(scene.viewCount, "view")))\n")
    }
    // An invalid file is the more specific news: it was read, and is wrong.
    if sawInvalid { return .invalidScene }
    if sawUnreadable { return .unreadableScene }
    return .success
  }

  /// `1 chain`, `3 views`.
  static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
