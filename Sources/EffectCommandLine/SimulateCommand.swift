import EffectHost
import EffectProtocol

/// `effectctl simulate`: the rows of every view at every frame of a
/// simulated scroll gesture, streamed.
public struct SimulateCommand: Subcommand {
  /// `--fps`'s default: 120 frames per second, a ProMotion display's rate.
  public static let defaultFrameRate = 120

  public static let configuration = CommandConfiguration(
    name: "simulate",
    abstract: "Simulate a scroll gesture frame by frame and print every view's transform.",
    discussion: [
      "Frame n is at time n / fps; frame 0 is at the start offset, in the first step's",
      "phase (idle for a wait or a fling at 0 points/s). After the last step the",
      "frames go on until the scroll is at rest and end with that first idle frame. Rows:",
      "frame, time, phase (idle, interacting, decelerating, animating), offset, chain, then",
      "eval's columns. The scene's snap key decides where a release comes to rest.",
      "",
      "EXAMPLES:",
      "  Pull the stretchy header down 200 points in 0.3 s and let go: while the finger",
      "  is down the offset follows the rubber band (-97.32 at the end, the header 397.32",
      "  high), then it springs back to rest at 0, leaving at the speed the band showed:",
      "    effectctl simulate Configs/stretchy-header.json --gesture drag:-200:300,release",
      "",
      "  Fling the list to the bottom at 5000 points/s: it decelerates, reaches maxOffset",
      "  and springs back onto it:",
      "    effectctl simulate Configs/stretchy-header.json --gesture fling:5000 --chain header",
      "",
      "  Drag the app bar 40 points up and let go at 100 points/s: the projected rest",
      "  (89.95) is within 52 points of collapsed, so it snaps there, at offset 104:",
      "    effectctl simulate Configs/snapping-app-bar.json --gesture drag:40:400,release \\",
      "      --chain background --format csv",
      "",
      "  Pull to refresh 200 points in 0.1 s and let go: the release carries the pull",
      "  past 100 at frame 13, which fires refresh once; the spring back does not:",
      "    effectctl simulate Configs/pull-to-refresh.json --gesture drag:-200:100,release \\",
      "      --events",
    ])

  @Argument("scene", help: ["The scene file, or - to read standard input."], reader: .path)
  public var scene: String
  @Option(
    "--gesture", valueName: "spec",
    help: [
      "Comma-separated steps: drag:D:MS, hold:MS, release,",
      "fling:V, wait:MS, scrollTo:O:MS (points, milliseconds,",
      "points per second; a positive D scrolls the content up),",
      "set:KEY=VALUE (the layout changes, as --set says).",
    ], reader: .gesture)
  public var gesture: Gesture
  @Option("--physics", valueName: "physics", help: ScrollPhysics.help(default: .ios))
  public var physics: ScrollPhysics = .ios
  @Option(
    "--fps", valueName: "n",
    help: ["Frames per second, 1 to 1000. (default: \(Self.defaultFrameRate))"], reader: .frameRate)
  public var fps: Int = Self.defaultFrameRate
  @Option(
    "--start", valueName: "offset",
    help: ["The offset at frame 0, from 0 to maxOffset.", "(default: 0)"],
    reader: .startOffset)
  public var start: Double = 0
  @Option("--format", valueName: "format", help: RowFormat.help(default: .table))
  public var format: RowFormat = .table
  /// The `--chain` names, checked against the scene once it is loaded.
  @Option("--chain", valueName: "name", help: EvalCommand.chainHelp)
  public var chains: [String]
  /// Whether `--events` asks for event rows instead of transforms.
  @Flag(
    "--events",
    help: [
      "Print the chains' events that fire instead of transforms: rows",
      "frame, time, phase, offset, chain, event, direction, value.",
      "Frame 0 fires none.",
    ])
  public var printsEvents: Bool

  /// Whether `--reduce-motion` asks for the frames under reduced motion.
  @Flag("--reduce-motion", help: EvalCommand.reduceMotionHelp)
  public var reducesMotion: Bool
  /// `--device` and `--set`: the layout given on the command line.
  public var layout = LayoutOptions()

  public init() {}

  public func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    let (loaded, layouts) = try SceneLoader(registry: context.registry).loadForCommand(
      scene, layout: layout, gesture: gesture, gestureOption: $gesture, command: Self.spec)
    let frames = try MotionFrames.forCommand(
      gesture: gesture, scene: loaded, layouts: layouts, physics: physics, fps: fps,
      start: start, startOption: $start, command: Self.spec, gestureOption: $gesture,
      console: context.console)
    let host = try SceneHost.allocatingForCommand(loaded, reducesMotion: reducesMotion)
    // After the scene is read, as eval does.
    Interruption.install()
    let selection = try ViewSelection.forCommand(
      names: chains, option: $chains, command: Self.spec, chains: host.chains)
    var simulation = Simulation(
      host: consume host, frames: frames, layouts: layouts, format: format,
      selection: selection)
    let output = context.console.output
    let end: StreamEnd
    do {
      let write = { (bytes: UnsafeRawBufferPointer) throws(OutputError) in try output.write(bytes) }
      if printsEvents {
        end = try simulation.writeEvents(to: write)
      } else {
        end = try simulation.write(to: write)
      }
    } catch {
      throw .output(error)
    }
    try end.throwIfIncomplete(scene: scene)
    if let error = simulation.unsettledError() { throw error }
    return .success
  }
}
