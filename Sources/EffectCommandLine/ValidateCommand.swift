import EffectHost
import EffectProtocol

/// `effectctl validate`: checks scene files and reports every error in each.
public struct ValidateCommand: Subcommand {
  public static let configuration = CommandConfiguration(
    name: "validate",
    abstract: "Check scene files and report every error in each.",
    discussion: [
      "Prints '<file>: valid (N chains, M views)' for each valid file and every error of",
      "the others, each line starting with 'error: '. Exits with 65 when any file is",
      "invalid, else 66 when any is missing or unreadable; the same when the reader",
      "of the output goes away first (every file is still checked).",
    ])

  @Argument("scene", help: ["Scene files; - reads standard input."], reader: .path)
  public var scenes: [String]
  /// `--device` and `--set`: the layout given on the command line, set in
  /// every file.
  public var layout = LayoutOptions()

  public init() {}

  public func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    // Standard input is read once: a second `-` would find it empty.
    if scenes.count(where: { $0 == "-" }) > 1 {
      throw .usage(
        UsageError(
          message: "The value '-' is given more than once for '<scene> ...': standard input "
            + "can be read once; expected '-' at most once",
          command: Self.spec))
    }
    let console = context.console
    var sawInvalid = false
    var sawUnreadable = false
    // The verdict is the exit status: a reader that goes away (`| head`)
    // stops the lines, not the checking of the files after them.
    var readerGone = false
    let loader = SceneLoader(registry: context.registry)
    for path in scenes {
      let scene: Scene
      do {
        // The same settings in several files: a chain one of them lacks
        // is that file's problem, and the others are still checked.
        scene = try loader.loadForCommand(
          path, layout: layout, command: Self.spec, ofSeveral: scenes.count > 1)
      } catch {
        switch error {
        case .scene(let error):
          console.reportErrors(error)
          switch error {
          case .invalid, .invalidWithSettings: sawInvalid = true
          case .unreadable: sawUnreadable = true
          }
        case .failed(let message, .invalidScene):
          // A value set from the command line that the file cannot take.
          try? console.error.write("error: \(MessageText.escapingUnsafe(message))\n")
          sawInvalid = true
        default:
          throw error
        }
        continue
      }
      let name = MessageText.sceneFile(path)
      let chains = Self.counted(scene.chains.count, "chain")
      guard !readerGone else { continue }
      do {
        try console.print("\(name): valid (\(chains), \(Self.counted(scene.viewCount, "view")))\n")
      } catch {
        guard case .output(.closed) = error else { throw error }
        readerGone = true
      }
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
