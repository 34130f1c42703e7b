import EffectHost

/// `effectctl bench`: times the evaluation of a whole scene, frame after frame.
public struct BenchCommand: Subcommand {
  /// About a second for `Configs/stretchy-header.json` in a release build.
  public static let defaultFrames = 10_000_000
  public static let defaultOffsets = "-100:300"

  static let scene = Argument<String>(
    "scene", help: ["The scene file, or - to read standard input."])
  static let frames = Option<Int>(
    "--frames", valueName: "n", help: ["How many frames to evaluate. (default: \(defaultFrames))"],
    reader: .count(of: "frames", atLeast: 1))
  static let visible = Flag(
    "--visible",
    help: [
      "Evaluate only the views a lazy stack would have: the copies of a repeated",
      "chain that meet the viewport extended by its height above and below, and",
      "every view of the other chains. The checksum sums those views.",
    ])
  static let offsets = Option<OffsetSpec>(
    "--offsets", valueName: "spec", help: OffsetSpec.help + ["(default: \(defaultOffsets))"])

  public static let spec = CommandSpec(
    name: "bench",
    abstract: "Time the evaluation of a whole scene, frame after frame.",
    discussion: [
      "Evaluates every chain of the scene once per frame, cycling through the offsets,",
      "and prints the frames, the total time, the time per frame and a checksum (the sum",
      "of every column of every view of every frame) to compare runs by.",
    ],
    arguments: [scene.spec],
    options: [frames.spec, offsets.spec, visible.spec])

  public var scene: String
  public var frames: Int
  public var offsets: OffsetSpec
  /// Whether `--visible` asks for visible-only frames.
  public var visibleOnly: Bool

  /// The effect types scenes may name: built-ins and plugins.
  public var registry: EffectRegistry

  public init(_ arguments: ParsedArguments) throws(UsageError) {
    registry = arguments.registry
    frames = try arguments.value(Self.frames, default: Self.defaultFrames)
    offsets = try arguments.value(Self.offsets, defaultText: Self.defaultOffsets)
    visibleOnly = arguments.isSet(Self.visible)
    scene = try arguments.value(Self.scene) ?? "-"
  }

  public func run(_ console: Console) throws(CommandError) -> ExitCode {
    var host = try SceneHost.allocatingForCommand(
      try SceneLoader(registry: registry).loadForCommand(scene))
    let clock = ContinuousClock()
    let start = clock.now
    let checksum = Benchmark.checksum(
      host: &host, offsets: offsets, frames: frames, visibleOnly: visibleOnly)
    let elapsed = clock.now - start
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    try console.print(
      Benchmark.report(
        frames: frames, views: host.viewCount, seconds: seconds, checksum: checksum))
    return .success
  }
}
