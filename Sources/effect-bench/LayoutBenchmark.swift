import EffectCommandLine
import EffectHost
import EffectProtocol

/// A kind of live layout change that `effect-bench layout` repeats.
enum LayoutChangeKind: String, ChoiceValue {
  /// The viewport, portrait and landscape in turn (every chain without a
  /// width moves).
  case viewport
  /// The content insets, two sets in turn.
  case insets
  /// The content height, declared and worked out in turn.
  case contentHeight = "content-height"
  /// The first chain's height, 40 points more and less in turn (every chain
  /// after it follows).
  case frame
  /// The last repeated chain's spacing, 4 points more and less in turn.
  case spacing
  /// The last repeated chain's count, one more and less in turn.
  case count

  var summary: String {
    switch self {
    case .viewport: "the viewport, portrait and landscape in turn"
    case .insets: "the content insets, two sets in turn"
    case .contentHeight: "the content height, declared and worked out in turn"
    case .frame: "the first chain's height, 40 points more and less in turn"
    case .spacing: "the last repeated chain's spacing, 4 points more and less"
    case .count: "the last repeated chain's count, one more and less"
    }
  }
}

/// `effect-bench layout <scene> <changes> --change KIND`: a host of the
/// scene, one frame, then `changes` live layout changes of one kind with no
/// frame between them: what one change costs, by differencing two runs.
struct LayoutCommand: Subcommand {
  static let configuration = CommandConfiguration(
    name: "layout", abstract: "Change a host's layout <changes> times, one kind of change.")

  @Argument("scene", help: ["The scene file."])
  var scene: String
  @Argument(
    "changes", help: ["How many changes to make."], reader: .count(of: "changes", atLeast: 0))
  var changes: Int
  @Option("--change", valueName: "kind", help: LayoutChangeKind.help(default: .viewport))
  var kind: LayoutChangeKind = .viewport

  func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    let loaded = try SceneLoader(registry: context.registry).loadForCommand(scene)
    var host = SceneHost(scene: loaded)
    host.evaluate(offset: 100)
    let repeated = loaded.chains.lastIndex { $0.repetition != nil }
    guard kind != .spacing && kind != .count || repeated != nil else {
      throw CommandError.failed(
        message: "--change \(kind.rawValue): \(scene) has no repeated chain", status: .usage)
    }
    let first = loaded.chains[0].frame
    let viewports = [
      loaded.viewport, Size(width: loaded.viewport.height, height: loaded.viewport.width),
    ]
    let insets = [loaded.contentInsets, EdgeInsets(top: 0, bottom: 21, left: 47, right: 47)]
    var sum = 0.0
    for change in 0..<changes {
      let odd = change & 1 == 1
      switch kind {
      case .viewport: host.setViewport(viewports[odd ? 0 : 1])
      case .insets: host.setContentInsets(insets[odd ? 0 : 1])
      case .contentHeight: host.setContentHeight(odd ? nil : 5000)
      case .frame:
        var frame = first
        frame.height += odd ? 0 : 40
        host.setFrame(frame, ofChain: 0)
      case .spacing:
        var repetition = loaded.chains[repeated!].repetition!
        repetition.spacing += odd ? 0 : 4
        host.setRepetition(repetition, ofChain: repeated!)
      case .count:
        var repetition = loaded.chains[repeated!].repetition!
        repetition.count += odd ? 0 : 1
        host.setRepetition(repetition, ofChain: repeated!)
      }
      sum += host.geometry.contentHeight
    }
    try EffectBench.print(
      ["\(changes) \(kind.rawValue) changes of \(scene): content heights sum to \(sum)"],
      to: context.console)
    return .success
  }
}
