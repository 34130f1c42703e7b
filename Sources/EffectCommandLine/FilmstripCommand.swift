import EffectHost
import EffectProtocol

/// `effectctl filmstrip`: an SVG of the viewport at each offset, side by side.
public struct FilmstripCommand: Subcommand {
  static let scene = Argument<String>(
    "scene", help: ["The scene file, or - to read standard input."])
  static let offsets = Option<OffsetSpec>(
    "--offsets", valueName: "spec", isRequired: true,
    help: OffsetSpec.pictureHelp + ["One frame an offset: a few read best."],
    reader: .pictureOffsets)
  static let chains = Option<String>(
    "--chain", valueName: "name", isRepeatable: true,
    help: [
      "Draw this chain's views only; repeatable. 'row' draws every",
      "copy of a repeated chain, 'row[3]' one copy. (default: every view)",
    ])
  static let output = PictureOutput.option("SVG")

  public static let spec = CommandSpec(
    name: "filmstrip",
    abstract: "Draw the viewport at each offset, side by side, as an SVG.",
    discussion: [
      "Each view is a labelled box at its layout frame with its visual transform (scale",
      "about the anchor, rotation, opacity, blur, zIndex order), clipped to the viewport;",
      "views attached to the viewport are hatched with a dashed edge. The offset and the",
      "phase are written under each frame.",
      "",
      "EXAMPLES:",
      "  effectctl filmstrip Configs/stretchy-header.json --offsets -150,0,150,300 -o strip.svg",
      "  effectctl filmstrip Configs/paging-list.json --offsets 0:400:100 --chain card > cards.svg",
    ],
    arguments: [scene.spec],
    options: [offsets.spec, chains.spec, output.spec])

  public var scene: String
  public var offsets: OffsetSpec
  /// The `--chain` names, checked against the scene once it is loaded.
  public var chains: [String]
  /// The `-o` file, or `nil` for standard output.
  public var output: String?
  /// The effect types scenes may name: built-ins and plugins.
  public var registry: EffectRegistry

  public init(_ arguments: ParsedArguments) throws(UsageError) {
    registry = arguments.registry
    offsets = try arguments.value(Self.offsets) ?? OffsetSpec([])
    chains = try arguments.values(Self.chains)
    output = try arguments.value(Self.output)
    scene = try arguments.value(Self.scene) ?? "-"
  }

  public func run(_ console: Console) throws(CommandError) -> ExitCode {
    let host = try SceneHost.allocatingForCommand(
      try SceneLoader(registry: registry).loadForCommand(scene))
    let selection = try ViewSelection.forCommand(
      names: chains, option: Self.chains.spec, command: Self.spec, chains: host.chains,
      default: ViewSelection(all: host.chains))
    let frames = try FrameDrawing.framesForCommand(of: host, at: offsets, selection: selection)
    let strip = FilmstripPicture(frames: frames, title: PictureOutput.title(of: scene))
    try PictureOutput.write(strip.svg(), to: output, console: console)
    return .success
  }
}
