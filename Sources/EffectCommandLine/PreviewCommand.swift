import EffectHost
import EffectProtocol

/// `effectctl preview`: one self-contained HTML page of the scene to scroll
/// and play gestures on.
public struct PreviewCommand: Subcommand {
  /// The frame rate a gesture is simulated at, frames per second.
  public static let gestureFrameRate = 120

  static let scene = Argument<String>(
    "scene", help: ["The scene file, or - to read standard input."])
  static let offsets = Option<OffsetSpec>(
    "--offsets", valueName: "spec",
    help: OffsetSpec.pictureHelp + ["(default: -200 to maxOffset + 200 by 1)"],
    reader: .pictureOffsets)
  static let gesture = Option<GestureArgument>(
    "--gesture", valueName: "spec", isRepeatable: true,
    help: [
      "A gesture to play, as simulate's: comma-separated steps drag:D:MS,",
      "hold:MS, release, fling:V, wait:MS, scrollTo:O:MS; repeatable,",
      "a play button each. Simulated from offset 0 with iOS physics",
      "at \(gestureFrameRate) frames per second; played in real time.",
    ],
    reader: ValueReader { (text) throws(InvalidValue) -> GestureArgument in
      do throws(GestureError) {
        return GestureArgument(text: text, gesture: try Gesture(parsing: text))
      } catch {
        throw .because(error.description)
      }
    })
  static let output = PictureOutput.option("HTML page")

  public static let spec = CommandSpec(
    name: "preview",
    abstract: "Write an HTML page of the scene to scroll and play gestures on.",
    discussion: [
      "One self-contained file (no network): the viewport at its real size, scrolled by",
      "wheel, drag or slider, showing the offset, the phase and the values of the view",
      "under the pointer; #offset=O in the address opens it at offset O. The frames are",
      "computed here and embedded; the page never evaluates an effect.",
      "",
      "EXAMPLES:",
      "  effectctl preview Configs/stretchy-header.json -o preview.html",
      "  effectctl preview Configs/snapping-app-bar.json --gesture drag:-150:300,release \\",
      "      --gesture fling:2000 -o snapping.html",
    ],
    arguments: [scene.spec],
    options: [offsets.spec, gesture.spec, output.spec])

  public var scene: String
  /// The `--offsets`, or `nil` for -200 to maxOffset + 200 by 1.
  public var offsets: OffsetSpec?
  public var gestures: [GestureArgument]
  /// The `-o` file, or `nil` for standard output.
  public var output: String?
  /// The effect types scenes may name: built-ins and plugins.
  public var registry: EffectRegistry

  public init(_ arguments: ParsedArguments) throws(UsageError) {
    registry = arguments.registry
    offsets = try arguments.value(Self.offsets)
    gestures = try arguments.values(Self.gesture)
    output = try arguments.value(Self.output)
    scene = try arguments.value(Self.scene) ?? "-"
  }

  public func run(_ console: Console) throws(CommandError) -> ExitCode {
    let loaded = try SceneLoader(registry: registry).loadForCommand(scene)
    let host = try SceneHost.allocatingForCommand(loaded)
    var played: [PreviewGesture] = []
    for gesture in gestures {
      played.append(try Self.frames(of: gesture, on: host))
    }
    let page: PreviewPage
    do {
      page = try PreviewPage(
        host: host, offsets: offsets ?? PreviewPage.defaultOffsets(for: loaded),
        gestures: played, title: PictureOutput.title(of: scene))
    } catch {
      throw .failed(message: error.description, status: .usage)
    }
    try PictureOutput.write(page.html(), to: output, console: console)
    return .success
  }

  /// The frames of `gesture` as the host draws them, each at its time and phase,
  /// evaluated on a copy of `host` that has seen no other frame.
  static func frames(of gesture: GestureArgument, on host: SceneHost) throws(CommandError)
    -> PreviewGesture
  {
    let motion: MotionFrames
    do {
      motion = try MotionFrames(
        gesture: gesture.gesture, scene: host.scene, fps: gestureFrameRate)
    } catch {
      throw .failed(message: error.description, status: .failure)
    }
    var host = host
    let selection = ViewSelection(all: host.chains)
    var frames: [PreviewGesture.Frame] = []
    let limit = PictureLimits.maximumOffsets
    for frame in motion {
      if frames.count == limit {
        let reason =
          "the gesture plays more than \(limit) frames at \(gestureFrameRate) frames a second;"
          + " a preview plays at most \(limit) (give a shorter gesture)"
        let label = Self.gesture.spec.fullLabel
        throw .usage(
          UsageError(
            message: "The value '\(gesture.text)' is invalid for '\(label)': \(reason)",
            command: spec))
      }
      host.evaluate(offset: frame.offset, time: frame.time, phase: frame.phase)
      frames.append(
        PreviewGesture.Frame(
          time: frame.time, phase: frame.phase.rawValue,
          drawing: FrameDrawing.draw(host, selection: selection)))
    }
    return PreviewGesture(name: gesture.text, frames: frames)
  }
}

/// A `--gesture` value: its text (the play button's name) and the gesture.
public struct GestureArgument: Sendable, Equatable {
  public var text: String
  public var gesture: Gesture
}
