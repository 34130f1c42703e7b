import EffectHost
import EffectProtocol

// How the motion library's values are read from the command line: `--gesture`,
// `--physics`, `--fps` and `--start` (simulate's, and any subcommand that
// plays a gesture).

extension ScrollPhysics: ChoiceValue {
  /// What the physics is, for `--physics`'s help.
  public var summary: String {
    switch self {
    case .ios: "rubber band, deceleration, spring-back"
    case .android: "clamped OverScroller fling"
    }
  }
}

extension ValueReader where Value == Gesture {
  /// A `--gesture` value; the reason quotes the step that is wrong.
  public static var gesture: ValueReader<Gesture> {
    ValueReader<Gesture> { (text) throws(InvalidValue) -> Gesture in
      do throws(GestureError) {
        return try Gesture(parsing: text)
      } catch {
        throw error.isAboutTheSequence
          ? .inconsistent(error.description) : .because(error.description)
      }
    }
  }
}

extension ValueReader where Value == Int {
  /// A frame rate: a whole number in ``MotionFrames/frameRates``, digits only.
  public static var frameRate: ValueReader<Int> {
    ValueReader<Int> { (text) throws(InvalidValue) -> Int in
      let rates = MotionFrames.frameRates
      let isDigits = !text.isEmpty && text.allSatisfy { $0 >= "0" && $0 <= "9" }
      guard isDigits, let value = Int(text.prefix(18)), text.count <= 18,
        rates.contains(value)
      else {
        throw .because(
          "expected a whole number of frames per second from \(rates.lowerBound) to \(rates.upperBound)"
        )
      }
      return value
    }
  }
}

extension ValueReader where Value == Double {
  /// An offset in points: a finite decimal number (`0`, `212`, `-0.5`,
  /// `1e3`); no hexadecimal, `nan` or `inf`.
  public static var offset: ValueReader<Double> {
    ValueReader<Double> { (text) throws(InvalidValue) -> Double in
      let allowed = "0123456789+-.eE".unicodeScalars
      guard !text.isEmpty, text.unicodeScalars.allSatisfy({ allowed.contains($0) }),
        let value = Double(text), value.isFinite
      else {
        throw .because("expected an offset in points, a decimal number such as 0 or 212")
      }
      return value
    }
  }

  /// A gesture's start offset: an ``offset`` of 0 or more. Below 0 is
  /// outside every scene's offsets, so it is refused before the scene is
  /// read; above the scene's maxOffset once it is
  /// (``MotionFrames/forCommand(gesture:scene:layouts:physics:fps:start:startOption:command:gestureOption:console:)``).
  public static var startOffset: ValueReader<Double> {
    ValueReader<Double> { (text) throws(InvalidValue) -> Double in
      let value = try offset.read(text)
      guard value >= 0 else {
        throw .because(
          "expected a start offset of 0 or more (and at most the scene's maxOffset, the "
            + "largest resting offset), found \(MessageText.number(value))")
      }
      return value
    }
  }
}

extension MotionFrames {
  /// The frames of `gesture` on `scene` for a subcommand; `layouts` is the
  /// scene as each `set` step leaves it. The frame rate is checked when
  /// read; only the start depends on the scene, so a start outside its
  /// offsets is a usage error naming `startOption`. A step shorter than a
  /// frame is warned of on `console`'s error stream, naming `gestureOption`.
  static func forCommand(
    gesture: Gesture, scene: Scene, layouts: [Scene] = [], physics: ScrollPhysics, fps: Int,
    start: Double, startOption: OptionSpec, command: CommandSpec, gestureOption: OptionSpec,
    console: Console
  ) throws(CommandError) -> MotionFrames {
    gesture.warnOfShortSteps(fps: fps, option: gestureOption.name, console: console)
    do {
      return try MotionFrames(
        gesture: gesture, scene: scene, physics: physics, fps: fps, start: start,
        layouts: layouts)
    } catch {
      throw .usage(
        UsageError(
          message: "The value '\(MessageText.number(start))' is invalid for "
            + "'\(startOption.fullLabel)': \(error.description)", command: command))
    }
  }
}

extension Gesture {
  /// Writes ``shortStepWarnings(fps:option:)`` to `console`'s error stream,
  /// a line each; a write that fails is no reason to stop the command.
  func warnOfShortSteps(fps: Int, option: String, console: Console) {
    for warning in shortStepWarnings(fps: fps, option: option) {
      try? console.error.write(warning + "\n")
    }
  }

  /// A warning for each step shorter than one frame at `fps`
  /// (``stepsShorterThanAFrame(fps:)``), naming `option` and the step (as
  /// effectctl writes it: `0.3` for `.3`), with the step read as seconds
  /// where that is a step a gesture may have (above 0, within 600 s).
  func shortStepWarnings(fps: Int, option: String) -> [String] {
    stepsShorterThanAFrame(fps: fps).map { number, step in
      // The step's number read as seconds, in milliseconds: 0.3 gives 300,
      // not a product's last-bit error.
      let seconds = (step.milliseconds * 1e9).rounded() / 1e6
      let frame = MessageText.number((1000 / Double(fps) * 1000).rounded() / 1000)
      let rate = fps == 1 ? "1 frame a second" : "\(fps) frames a second"
      var warning =
        "warning: \(option) step \(number) \"\(step)\" lasts "
        + "\(MessageText.number(step.milliseconds)) ms, less than one frame at \(rate) "
        + "(\(frame) ms); durations are milliseconds"
      // The reading in seconds, where it is a step a gesture may have.
      if seconds > 0 && seconds <= Gesture.maximumDuration * 1000 {
        warning +=
          ": \(MessageText.number(step.milliseconds)) s is \"\(step.lasting(seconds))\""
      }
      return warning
    }
  }
}
