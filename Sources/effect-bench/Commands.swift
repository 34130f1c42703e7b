import EffectCommandLine
import EffectHost
import EffectProtocol

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The benchmark program of BENCHMARKS.md: frames of the pipeline and of its
/// hand-written floor, scene loading against Foundation's JSONDecoder, and
/// the generator of large scenes. `Benchmarks/run.sh` drives it.
enum EffectBench {
  static var tool: CommandLineTool {
    CommandLineTool(
      name: "effect-bench",
      abstract: "Frames of the pipeline and of its hand-written floor, scene loading, scenes.",
      discussion: [
        "Frames cycle through offsets from -100 to 100 past the largest resting",
        "offset by 7.3 points. --checksum every (the default) sums every column of",
        "every view of every frame; --checksum last only of the last frame.",
      ],
      commands: [
        PipelineCommand.self, HandwrittenCommand.self, LoadCommand.self, DecodeCommand.self,
        GenerateCommand.self, MotionCommand.self, LayoutCommand.self, RandomSceneCommand.self,
      ])
  }

  /// The help of a `<frames>` argument.
  static let framesHelp = ["How many frames to evaluate."]
  /// The help of a `--checksum` option.
  static let checksumHelp = ChecksumPolicy.help(default: .every)

  /// Writes a report's lines to the output.
  static func print(_ lines: [String], to console: Console) throws(CommandError) {
    try console.print(lines.joined(separator: "\n") + "\n")
  }
}

/// `effect-bench pipeline <scene> <frames>`: the scene with SceneHost.
struct PipelineCommand: Subcommand {
  static let configuration = CommandConfiguration(
    name: "pipeline", abstract: "Evaluate a scene with SceneHost, <frames> frames.")

  @Argument("scene", help: ["The scene file."])
  var scene: String
  @Argument("frames", help: EffectBench.framesHelp, reader: .count(of: "frames", atLeast: 0))
  var frames: Int
  @Option("--checksum", valueName: "policy", help: EffectBench.checksumHelp)
  var checksum: ChecksumPolicy = .every

  func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    let loaded = try SceneLoader(registry: context.registry).loadForCommand(scene)
    let report = runPipeline(scene: loaded, name: scene, frames: frames, checksum: checksum)
    try EffectBench.print(report.lines, to: context.console)
    return .success
  }
}

/// Which scene the hand-written floor computes: the names of
/// ``HandwrittenScenes/all``.
enum FloorScene: String, ChoiceValue {
  case bench, header, feed, list
  case oneEffect = "one-effect"

  var summary: String {
    switch self {
    case .bench: "Benchmarks/bench-scene.json"
    case .header: "Configs/stretchy-header.json"
    case .feed: "Benchmarks/feed-scene.json"
    case .list: "Benchmarks/list-scene.json"
    case .oneEffect: "Benchmarks/one-effect-scene.json"
    }
  }
}

/// `effect-bench handwritten bench|header|feed|list|one-effect <frames>`: the floor.
struct HandwrittenCommand: Subcommand {
  static let configuration = CommandConfiguration(
    name: "handwritten", abstract: "The same frames of a scene, written out by hand.")

  @Argument("scene", help: FloorScene.help(default: nil))
  var which: FloorScene
  @Argument("frames", help: EffectBench.framesHelp, reader: .count(of: "frames", atLeast: 0))
  var frames: Int
  @Option("--checksum", valueName: "policy", help: EffectBench.checksumHelp)
  var checksum: ChecksumPolicy = .every

  func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    // Every case has its floor: a test checks the table against the cases.
    guard let runFloor = HandwrittenScenes.all[which.rawValue] else {
      preconditionFailure("no hand-written floor for \(which.rawValue)")
    }
    try EffectBench.print(runFloor(frames, checksum).lines, to: context.console)
    return .success
  }
}

/// The bytes of `path`; a missing or unreadable file is exit 66.
func readBytes(_ path: String) throws(CommandError) -> [UInt8] {
  do {
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  } catch {
    throw .scene(.unreadable(file: path, reason: "cannot read the file (\(error))"))
  }
}

/// `effect-bench load <scene> [<repeats>]`: SceneLoader's time.
struct LoadCommand: Subcommand {
  static let configuration = CommandConfiguration(
    name: "load", abstract: "Load a scene with SceneLoader <repeats> times.")

  @Argument("scene", help: ["The scene file."])
  var scene: String
  @Argument(
    "repeats", help: ["How many times to load it. (default: 1)"],
    reader: .count(of: "repeats", atLeast: 0))
  var repeats: Int = 1

  func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    let bytes = try readBytes(scene)
    let report: LoadReport
    do {
      report = try runLoad(bytes, file: scene, repeats: repeats)
    } catch {
      throw .scene(error)
    }
    try EffectBench.print(report.lines, to: context.console)
    return .success
  }
}

/// `effect-bench decode <scene> [<repeats>]`: JSONDecoder's time.
struct DecodeCommand: Subcommand {
  static let configuration = CommandConfiguration(
    name: "decode", abstract: "Decode a scene with JSONDecoder into plain Decodable structs.")

  /// The same arguments as `load`.
  var load = LoadCommand()

  func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    let bytes = try readBytes(load.scene)
    let report: LoadReport
    do {
      report = try runDecode(bytes, file: load.scene, repeats: load.repeats)
    } catch {
      throw .failed(message: "\(load.scene): \(error)", status: .invalidScene)
    }
    try EffectBench.print(report.lines, to: context.console)
    return .success
  }
}

/// `effect-bench generate <chains> [--seed <n>]`: a large scene.
struct GenerateCommand: Subcommand {
  static let configuration = CommandConfiguration(
    name: "generate", abstract: "Print a scene of <chains> chains of every built-in type.")

  @Argument(
    "chains", help: ["How many chains, of every built-in type in turn."],
    reader: .count(of: "chains", atLeast: 1))
  var chains: Int
  @Option(
    "--seed", valueName: "n", help: ["The random seed. (default: 1)"],
    reader: .count(of: "seed values", atLeast: 0))
  var seed: Int = 1

  /// The most chains: 100,000 print about 21 MB, within the largest scene
  /// file a loader reads (32 MiB); a million print 210 MB.
  static let maximumChains = 100_000

  func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    guard chains <= Self.maximumChains else {
      throw .usage(
        UsageError(
          message: "The value '\(chains)' is invalid for '<chains>': expected at most "
            + "\(Self.maximumChains) chains, a scene a loader reads (32 MiB at most)",
          command: Self.spec))
    }
    try context.console.print(SceneGenerator(chains: chains, seed: UInt64(seed)).generate())
    return .success
  }
}

/// `effect-bench motion <scene> <gesture>`: the physics alone, the frames of
/// `simulate` without the host (BENCHMARKS.md, "simulate").
struct MotionCommand: Subcommand {
  static let configuration = CommandConfiguration(
    name: "motion", abstract: "Produce a gesture's frames at 120 fps, without evaluating them.")

  @Argument("scene", help: ["The scene file."])
  var scene: String
  @Argument("gesture", help: ["The gesture, as simulate's --gesture takes it."], reader: .gesture)
  var gesture: Gesture
  @Option("--physics", valueName: "physics", help: ScrollPhysics.help(default: .ios))
  var physics: ScrollPhysics = .ios

  func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    let loaded = try SceneLoader(registry: context.registry).loadForCommand(scene)
    let frames: MotionFrames
    do throws(SimulationError) {
      frames = try MotionFrames(
        gesture: gesture, scene: loaded, physics: physics, fps: 120, start: 0)
    } catch {
      throw .failed(message: error.description, status: .usage)
    }
    // The offsets and velocities summed, so that no frame is optimised away.
    var count = 0
    var checksum = 0.0
    for frame in frames {
      count += 1
      checksum += frame.offset + frame.velocity
    }
    try EffectBench.print(["frames: \(count)", "checksum: \(checksum)"], to: context.console)
    return .success
  }
}
