import EffectHost
import EffectProtocol

/// `effectctl preview`: one self-contained HTML page of the scene to scroll
/// and play gestures on.
public struct PreviewCommand: Subcommand {
  /// The frame rate a gesture is simulated at, frames per second.
  public static let gestureFrameRate = 120

  public static let configuration = CommandConfiguration(
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
    ])

  @Argument("scene", help: ["The scene file, or - to read standard input."], reader: .path)
  public var scene: String
  /// The `--offsets`, or `nil` for ``PreviewPage/defaultOffsets(for:)``.
  @Option(
    "--offsets", valueName: "spec",
    help: OffsetSpec.pictureHelp + [
      "(default: -200 to maxOffset + 200 by 1, or by a whole step that",
      "keeps them within 100000 and views times offsets within",
      "20000000, and 0 and maxOffset)",
    ],
    reader: .pictureOffsets)
  public var offsets: OffsetSpec?
  @Option(
    "--gesture", valueName: "spec",
    help: [
      "A gesture to play, as simulate's: comma-separated steps drag:D:MS,",
      "hold:MS, release, fling:V, wait:MS, scrollTo:O:MS; repeatable,",
      "a play button each. Simulated from offset 0 with iOS physics",
      "at \(Self.gestureFrameRate) frames per second; played in real time.",
    ],
    reader: .gestureArgument)
  public var gestures: [GestureArgument]
  /// Whether `--reduce-motion` asks for the frames under reduced motion.
  @Flag("--reduce-motion", help: EvalCommand.reduceMotionHelp)
  public var reducesMotion: Bool
  /// `--device` and `--set`: the layout given on the command line.
  public var layout = LayoutOptions()
  /// The `-o` file, or `nil` for standard output.
  @Option("-o", valueName: "file", help: PictureOutput.help("HTML page"), reader: .path)
  public var output: String?

  public init() {}

  public func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    try PictureOutput.prepare(
      output: output, scene: scene, option: $output, command: Self.spec)
    let loaded = try SceneLoader(registry: context.registry).loadForCommand(
      scene, layout: layout, command: Self.spec)
    // Before the views are allocated and any gesture is played.
    do throws(PictureError) {
      try PreviewPage.checkViews(loaded.chains.map { ($0, $0.viewCount) })
    } catch {
      let file = MessageText.sceneFile(scene)
      throw .failed(message: "\(file): \(error.description)", status: .usage)
    }
    var host = try SceneHost.allocatingForCommand(loaded, reducesMotion: reducesMotion)
    // After the scene is read, as eval does.
    Interruption.install()
    let offsets = offsets ?? PreviewPage.defaultOffsets(for: loaded)
    // The offsets in the order the page evaluates them.
    try OutputCheck(host.scene).verify(
      &host, offsets: PreviewPage.evaluationOrder(of: offsets), scene: scene)
    var played: [PreviewGesture] = []
    for gesture in gestures {
      gesture.gesture.warnOfShortSteps(
        fps: Self.gestureFrameRate, option: $gestures.name, console: context.console)
      played.append(try frames(of: gesture, on: host))
    }
    let page: PreviewPage
    do {
      page = try PreviewPage(
        host: host, offsets: offsets,
        gestures: played, title: PictureOutput.title(of: scene))
    } catch {
      throw .failed(message: error.description, status: .usage)
    }
    try PictureOutput.write(page.html(), to: output, console: context.console)
    return .success
  }

  /// The frames of `gesture` as the host draws them, each at its time and phase,
  /// evaluated on a copy of `host` that has seen no other frame.
  func frames(of gesture: GestureArgument, on host: SceneHost) throws(CommandError)
    -> PreviewGesture
  {
    let motion: MotionFrames
    do {
      motion = try MotionFrames(
        gesture: gesture.gesture, scene: host.scene, fps: Self.gestureFrameRate)
    } catch {
      throw .failed(message: error.description, status: .failure)
    }
    var host = host
    let selection = ViewSelection(all: host.chains)
    let check = OutputCheck(host.scene)
    var frames: [PreviewGesture.Frame] = []
    let limit = PictureLimits.maximumOffsets
    // Every frame's drawing is kept until the page is written: checked
    // before the first, over the frames the motion plays (counted without
    // evaluating), where running out of memory would end the process.
    var count = 0
    for _ in motion where count <= limit { count += 1 }
    if count <= limit,
      let message = MemoryRoom.drawingsShortfall(
        views: selection.viewCount, count: count,
        frames: "\(count) frames of \(MessageText.quoted(gesture.text))")
    {
      throw .failed(message: message, status: .failure)
    }
    for frame in motion {
      if Interruption.signal != nil { break }
      if frames.count == limit {
        let reason =
          "the gesture plays more than \(limit) frames at \(Self.gestureFrameRate) frames a second;"
          + " a preview plays at most \(limit) (give a shorter gesture)"
        let label = $gestures.fullLabel
        throw .usage(
          UsageError(
            message: "The value '\(gesture.text)' is invalid for '\(label)': \(reason)",
            command: Self.spec))
      }
      host.evaluate(offset: frame.offset, time: frame.time, phase: frame.phase)
      if let breach = check.breach(in: host) {
        throw OutputCheck.failure(
          scene: scene,
          at: "gesture \(MessageText.quoted(gesture.text)) "
            + Simulation.place(of: frame), breach)
      }
      frames.append(
        PreviewGesture.Frame(
          time: frame.time, phase: frame.phase.rawValue,
          drawing: FrameDrawing.draw(host, selection: selection)))
    }
    return PreviewGesture(name: gesture.text, frames: frames)
  }
}

extension ValueReader where Value == GestureArgument {
  /// A preview's `--gesture` value; the reason quotes the step that is wrong.
  static var gestureArgument: ValueReader<GestureArgument> {
    ValueReader { (text) throws(InvalidValue) -> GestureArgument in
      let gesture: Gesture
      do throws(GestureError) {
        gesture = try Gesture(parsing: text)
      } catch {
        throw error.isAboutTheSequence
          ? .inconsistent(error.descriptionWithoutSettings)
          : .because(error.descriptionWithoutSettings)
      }
      // The page draws one layout: its viewport, its chains' frames.
      for (index, step) in gesture.steps.enumerated() {
        if case .set = step {
          throw .because(
            "step \(index + 1) \(MessageText.quoted(step.description)): a preview's page has one layout; expected steps without set: (simulate plays them)"
          )
        }
      }
      return GestureArgument(text: text, gesture: gesture)
    }
  }
}

/// A `--gesture` value: its text (the play button's name) and the gesture.
public struct GestureArgument: Sendable, Equatable {
  public var text: String
  public var gesture: Gesture
}
