import EffectHost
import EffectProtocol

/// `effectctl filmstrip`: an SVG of the viewport at each offset, side by side
/// (one above the other for a horizontal scene).
public struct FilmstripCommand: Subcommand {
  public static let configuration = CommandConfiguration(
    name: "filmstrip",
    abstract: "Draw the viewport at each offset, side by side, as an SVG.",
    discussion: [
      "Each view is a labelled box at its layout frame with its visual transform (scale",
      "about the anchor, rotation, opacity, blur, zIndex order), clipped to the viewport;",
      "views attached to the viewport are hatched with a dashed edge. The offset and the",
      "phase are written under each frame. A horizontal scene's frames are stacked one",
      "above the other, the offset and the phase right of each.",
      "",
      "EXAMPLES:",
      "  effectctl filmstrip Configs/stretchy-header.json --offsets -150,0,150,300 -o strip.svg",
      "  effectctl filmstrip Configs/paging-list.json --offsets 0:400:100 --chain card > cards.svg",
    ])

  @Argument("scene", help: ["The scene file, or - to read standard input."], reader: .path)
  public var scene: String
  @Option(
    "--offsets", valueName: "spec",
    help: OffsetSpec.pictureHelp + ["One frame an offset: a few read best."],
    reader: .pictureOffsets)
  public var offsets: OffsetSpec
  /// The `--chain` names, checked against the scene once it is loaded.
  @Option(
    "--chain", valueName: "name",
    help: [
      "Draw this chain's views only; repeatable. 'row' draws every",
      "copy of a repeated chain, 'row[3]' one copy. (default: every view)",
    ])
  public var chains: [String]
  /// Whether `--reduce-motion` asks for the frames under reduced motion.
  @Flag("--reduce-motion", help: EvalCommand.reduceMotionHelp)
  public var reducesMotion: Bool
  /// `--device` and `--set`: the layout given on the command line.
  public var layout = LayoutOptions()
  /// The `-o` file, or `nil` for standard output.
  @Option("-o", valueName: "file", help: PictureOutput.help("SVG"), reader: .path)
  public var output: String?

  public init() {}

  public func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    try PictureOutput.prepare(
      output: output, scene: scene, option: $output, command: Self.spec)
    var host = try SceneHost.allocatingForCommand(
      try SceneLoader(registry: context.registry).loadForCommand(
        scene, layout: layout, command: Self.spec),
      reducesMotion: reducesMotion)
    // After the scene is read, as eval does.
    Interruption.install()
    let selection = try ViewSelection.forCommand(
      names: chains, option: $chains, command: Self.spec, chains: host.chains,
      default: ViewSelection(all: host.chains))
    let frames = try FrameDrawing.framesForCommand(
      of: &host, at: offsets, selection: selection, scene: scene)
    let drawsAView = frames.contains { frame in
      frame.views.contains { FilmstripPicture.canShow($0, in: frame.viewport) }
    }
    if !drawsAView {
      // Frames of an empty viewport: say why, where a script sees it.
      try? context.console.error.write(
        "warning: no view drawn is in the viewport at any of the offsets; the frames are empty\n")
    }
    let strip = FilmstripPicture(frames: frames, title: PictureOutput.title(of: scene))
    try PictureOutput.write(strip.svg(), to: output, console: context.console)
    return .success
  }
}
