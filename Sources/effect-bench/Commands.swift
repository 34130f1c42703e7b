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
        GenerateCommand.self, MotionCommand.self,
      ])
  }

  static let frames = Argument<Int>(
    "frames", help: ["How many frames to evaluate."], reader: .count(of: "frames", atLeast: 0))
  static let checksum = Option<ChecksumPolicy>(
    "--checksum", valueName: "policy", help: ChecksumPolicy.help(default: .every))
  static let scene = Argument<String>("scene", help: ["The scene file."])
  static let repeats = Argument<Int>(
    "repeats", count: .optional, help: ["How many times to load it. (default: 1)"],
    reader: .count(of: "repeats", atLeast: 0))

  /// Writes a report's lines to the output.
  static func print(_ lines: [String], to console: Console) throws(CommandError) {
    try console.print(lines.joined(separator: "\n") + "\n")
  }
}

/// `effect-bench pipeline <scene> <frames>`: the scene with SceneHost.
struct PipelineCommand: Subcommand {
  static let spec = CommandSpec(
    name: "pipeline", abstract: "Evaluate a scene with SceneHost, <frames> frames.",
    arguments: [EffectBench.scene.spec, EffectBench.frames.spec],
    options: [EffectBench.checksum.spec])

  var scene: String
  var frames: Int
  var checksum: ChecksumPolicy

  init(_ arguments: ParsedArguments) throws(UsageError) {
    scene = try arguments.value(EffectBench.scene) ?? ""
    frames = try arguments.value(EffectBench.frames) ?? 0
    checksum = try arguments.value(EffectBench.checksum, default: .every)
  }

  func run(_ console: Console) throws(CommandError) -> ExitCode {
    let loaded = try SceneLoader().loadForCommand(scene)
    let report = runPipeline(scene: loaded, name: scene, frames: frames, checksum: checksum)
    try EffectBench.print(report.lines, to: console)
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
  static let which = Argument<FloorScene>(
    "scene", help: FloorScene.help(default: nil))
  static let spec = CommandSpec(
    name: "handwritten",
    abstract: "The same frames of a scene, written out by hand.",
    arguments: [which.spec, EffectBench.frames.spec], options: [EffectBench.checksum.spec])

  var which: FloorScene
  var frames: Int
  var checksum: ChecksumPolicy

  init(_ arguments: ParsedArguments) throws(UsageError) {
    which = try arguments.value(Self.which) ?? .bench
    frames = try arguments.value(EffectBench.frames) ?? 0
    checksum = try arguments.value(EffectBench.checksum, default: .every)
  }

  func run(_ console: Console) throws(CommandError) -> ExitCode {
    // Every case has its floor: a test checks the table against the cases.
    guard let runFloor = HandwrittenScenes.all[which.rawValue] else {
      preconditionFailure("no hand-written floor for \(which.rawValue)")
    }
    try EffectBench.print(runFloor(frames, checksum).lines, to: console)
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
  static let spec = CommandSpec(
    name: "load", abstract: "Load a scene with SceneLoader <repeats> times.",
    arguments: [EffectBench.scene.spec, EffectBench.repeats.spec], options: [])

  var scene: String
  var repeats: Int

  init(_ arguments: ParsedArguments) throws(UsageError) {
    scene = try arguments.value(EffectBench.scene) ?? ""
    repeats = try arguments.value(EffectBench.repeats) ?? 1
  }

  func run(_ console: Console) throws(CommandError) -> ExitCode {
    let bytes = try readBytes(scene)
    let report: LoadReport
    do {
      report = try runLoad(bytes, file: scene, repeats: repeats)
    } catch {
      throw .scene(error)
    }
    try EffectBench.print(report.lines, to: console)
    return .success
  }
}

/// `effect-bench decode <scene> [<repeats>]`: JSONDecoder's time.
struct DecodeCommand: Subcommand {
  static let spec = CommandSpec(
    name: "decode", abstract: "Decode a scene with JSONDecoder into plain Decodable structs.",
    arguments: [EffectBench.scene.spec, EffectBench.repeats.spec], options: [])

  var load: LoadCommand

  init(_ arguments: ParsedArguments) throws(UsageError) {
    load = try LoadCommand(arguments)
  }

  func run(_ console: Console) throws(CommandError) -> ExitCode {
    let bytes = try readBytes(load.scene)
    let report: LoadReport
    do {
      report = try runDecode(bytes, file: load.scene, repeats: load.repeats)
    } catch {
      throw .failed(message: "\(load.scene): \(error)", status: .invalidScene)
    }
    try EffectBench.print(report.lines, to: console)
    return .success
  }
}

/// `effect-bench generate <chains> [--seed <n>]`: a large scene.
struct GenerateCommand: Subcommand {
  static let chains = Argument<Int>(
    "chains", help: ["How many chains, of every built-in type in turn."],
    reader: .count(of: "chains", atLeast: 1))
  static let seed = Option<Int>(
    "--seed", valueName: "n", help: ["The random seed. (default: 1)"],
    reader: .count(of: "seed values", atLeast: 0))
  static let spec = CommandSpec(
    name: "generate", abstract: "Print a scene of <chains> chains of every built-in type.",
    arguments: [chains.spec], options: [seed.spec])

  var chains: Int
  var seed: Int

  init(_ arguments: ParsedArguments) throws(UsageError) {
    chains = try arguments.value(Self.chains) ?? 1
    seed = try arguments.value(Self.seed, default: 1)
  }

  func run(_ console: Console) throws(CommandError) -> ExitCode {
    try console.print(SceneGenerator(chains: chains, seed: UInt64(seed)).generate())
    return .success
  }
}

/// `effect-bench motion <scene> <gesture>`: the physics alone, the frames of
/// `simulate` without the host (BENCHMARKS.md, "simulate").
struct MotionCommand: Subcommand {
  static let gesture = Argument<Gesture>(
    "gesture", help: ["The gesture, as simulate's --gesture takes it."], reader: .gesture)
  static let physics = Option<ScrollPhysics>(
    "--physics", valueName: "physics", help: ScrollPhysics.help(default: .ios))
  static let spec = CommandSpec(
    name: "motion", abstract: "Produce a gesture's frames at 120 fps, without evaluating them.",
    arguments: [EffectBench.scene.spec, gesture.spec], options: [physics.spec])

  var scene: String
  /// `nil` only when the argument is missing, which the parser refuses first.
  var gesture: Gesture?
  var physics: ScrollPhysics

  init(_ arguments: ParsedArguments) throws(UsageError) {
    scene = try arguments.value(EffectBench.scene) ?? ""
    gesture = try arguments.value(Self.gesture)
    physics = try arguments.value(Self.physics, default: .ios)
  }

  func run(_ console: Console) throws(CommandError) -> ExitCode {
    let loaded = try SceneLoader().loadForCommand(scene)
    guard let gesture else { return .usage }
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
    try EffectBench.print(["frames: \(count)", "checksum: \(checksum)"], to: console)
    return .success
  }
}
