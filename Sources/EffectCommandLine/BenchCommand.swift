import EffectHost

/// `effectctl bench`: times the evaluation of a whole scene, frame after frame.
public struct BenchCommand: Subcommand {
  /// About a second for `Configs/stretchy-header.json` in a release build.
  public static let defaultFrames = 10_000_000
  public static let defaultOffsets = "-100:300"

  public static let configuration = CommandConfiguration(
    name: "bench",
    abstract: "Time the evaluation of a whole scene, frame after frame.",
    discussion: [
      "Evaluates every chain of the scene once per frame, cycling through the offsets,",
      "and prints the frames, the total time, the time per frame and a checksum (the sum",
      "of every column of every view of every frame) to compare runs by.",
    ])

  @Argument("scene", help: ["The scene file, or - to read standard input."], reader: .path)
  public var scene: String
  @Option(
    "--frames", valueName: "n",
    help: ["How many frames to evaluate. (default: \(Self.defaultFrames))"],
    reader: .count(of: "frames", atLeast: 1))
  public var frames: Int = Self.defaultFrames
  @Option(
    "--offsets", valueName: "spec", help: OffsetSpec.help + ["(default: \(Self.defaultOffsets))"],
    defaultText: Self.defaultOffsets)
  public var offsets: OffsetSpec
  /// Whether `--visible` asks for visible-only frames.
  @Flag(
    "--visible",
    help: [
      "Evaluate only the views a lazy stack would have: the copies of a repeated",
      "chain that meet the viewport extended by its height above and below, and",
      "every view of the other chains. The checksum sums those views.",
    ])
  public var visibleOnly: Bool

  /// Whether `--reduce-motion` asks for the frames under reduced motion.
  @Flag("--reduce-motion", help: EvalCommand.reduceMotionHelp)
  public var reducesMotion: Bool
  /// `--device` and `--set`: the layout given on the command line.
  public var layout = LayoutOptions()

  public init() {}

  public func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    var host = try SceneHost.allocatingForCommand(
      try SceneLoader(registry: context.registry).loadForCommand(
        scene, layout: layout, command: Self.spec),
      reducesMotion: reducesMotion)
    // Checked before the clock starts, once over the offsets: the loop
    // timed is the library's, as a program would run it.
    let offsets = offsets
    try OutputCheck(host.scene).verify(
      &host, offsets: (0..<max(frames, 0)).lazy.map { offsets[$0 % offsets.count] },
      visibleOnly: visibleOnly, scene: scene)
    let clock = ContinuousClock()
    let start = clock.now
    let checksum = Benchmark.checksum(
      host: &host, offsets: offsets, frames: frames, visibleOnly: visibleOnly)
    let elapsed = clock.now - start
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    try context.console.print(
      Benchmark.report(
        frames: frames, views: host.viewCount, seconds: seconds, checksum: checksum))
    return .success
  }
}
