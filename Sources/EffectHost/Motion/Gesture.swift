import EffectProtocol

/// A scripted scroll gesture: steps that follow each other in time, as
/// `--gesture` spells them (`drag:-200:300,release,wait:500`).
///
/// Distances and offsets are in offset units (a positive distance scrolls the
/// content up), durations in milliseconds, velocities in points per second.
/// A gesture is checked when it is made: durations are greater than 0, numbers
/// are finite and at most ``numberLimit`` in magnitude, `release` comes while
/// the finger is down, `wait` and `scrollTo` while it is up, and the steps
/// last at most ``maximumDuration`` seconds in all.
public struct Gesture: Sendable, Equatable, CustomStringConvertible {
  /// One step of a gesture.
  public enum Step: Sendable, Equatable, CustomStringConvertible {
    /// The finger moves the raw (unconstrained) offset by `distance` points,
    /// linearly over `milliseconds` (> 0). Phase `interacting`.
    case drag(distance: Double, milliseconds: Double)
    /// The finger stays down, still, for `milliseconds`.
    case hold(milliseconds: Double)
    /// The finger lifts with the velocity of the step before it: distance /
    /// milliseconds * 1000 after a drag, 0 after a hold.
    case release
    /// The finger lifts with `velocity` points per second (touching down
    /// first when it is up: a flick).
    case fling(velocity: Double)
    /// `milliseconds` pass with the finger up; free motion goes on.
    case wait(milliseconds: Double)
    /// A programmatic scroll to `offset` over `milliseconds`, CSS
    /// `ease-in-out`; phase `animating`. It stops any free motion.
    case scrollTo(offset: Double, milliseconds: Double)
    /// The layout changes at this instant (it takes no time): a value of the
    /// scene, as `--set` gives one. The finger stays as it is.
    case set(SceneSetting)

    /// How long the step lasts, in milliseconds: 0 for `release`, `fling`
    /// and `set`.
    public var milliseconds: Double {
      switch self {
      case .drag(_, let ms), .hold(let ms), .wait(let ms), .scrollTo(_, let ms): ms
      case .release, .fling, .set: 0
      }
    }

    /// The step lasting `milliseconds` instead; `release`, `fling` and
    /// `set`, which take no time, as they are.
    public func lasting(_ milliseconds: Double) -> Step {
      switch self {
      case .drag(let distance, _): .drag(distance: distance, milliseconds: milliseconds)
      case .hold: .hold(milliseconds: milliseconds)
      case .wait: .wait(milliseconds: milliseconds)
      case .scrollTo(let offset, _): .scrollTo(offset: offset, milliseconds: milliseconds)
      case .release, .fling, .set: self
      }
    }

    /// Whether the finger is down during the step (`drag`, `hold`).
    var keepsFingerDown: Bool {
      switch self {
      case .drag, .hold: true
      default: false
      }
    }

    /// The spelling in a `--gesture` value: `drag:-200:300`.
    public var description: String {
      switch self {
      case .drag(let distance, let ms):
        "drag:\(MessageText.number(distance)):\(MessageText.number(ms))"
      case .hold(let ms): "hold:\(MessageText.number(ms))"
      case .release: "release"
      case .fling(let velocity): "fling:\(MessageText.number(velocity))"
      case .wait(let ms): "wait:\(MessageText.number(ms))"
      case .scrollTo(let offset, let ms):
        "scrollTo:\(MessageText.number(offset)):\(MessageText.number(ms))"
      case .set(let setting): "set:\(setting)"
      }
    }
  }

  /// The longest gesture: 600 seconds of simulated time.
  public static let maximumDuration = 600.0
  /// The largest magnitude of a number in a step: 1e9.
  public static let numberLimit = 1e9

  /// The steps, in order.
  public let steps: [Step]

  /// The gesture of `steps`, checked as a parsed one is.
  public init(steps: [Step]) throws(GestureError) {
    try self.init(checking: steps, texts: steps.map(\.description))
  }

  /// The steps (numbered from 1) that last longer than 0 but less than one
  /// frame at `fps` frames per second: too short for any frame to show,
  /// and most often a duration typed in seconds (`drag:-200:0.3` for
  /// `drag:-200:300`), whose drag lifts the finger at a thousand times
  /// the speed meant.
  public func stepsShorterThanAFrame(fps: Int) -> [(number: Int, step: Step)] {
    let frame = 1000 / Double(fps)
    return steps.enumerated().compactMap { index, step in
      step.milliseconds > 0 && step.milliseconds < frame ? (index + 1, step) : nil
    }
  }

  /// Parses a `--gesture` value: comma-separated steps.
  public init(parsing text: String) throws(GestureError) {
    if text.isEmpty { throw .empty }
    var steps: [Step] = []
    var texts: [String] = []
    for (index, part) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
      // As people write lists: "drag:10:100, release" is "drag:10:100,release".
      let stepText = String(part.trimmingSpaces)
      steps.append(try Self.step(stepText, position: index + 1))
      texts.append(stepText)
    }
    try self.init(checking: steps, texts: texts)
  }

  private init(checking steps: [Step], texts: [String]) throws(GestureError) {
    if steps.isEmpty { throw .empty }
    var fingerDownSince: Int?
    // The step a release takes its velocity from, and that velocity.
    var lastMove: (position: Int, velocity: Double)?
    var total = 0.0
    for (index, step) in steps.enumerated() {
      let position = index + 1
      let text = texts[index]
      try Self.checkNumbers(step, position: position, text: text)
      switch step {
      case .drag(let distance, let ms):
        if fingerDownSince == nil { fingerDownSince = position }
        lastMove = (position, distance / ms * 1000)
      case .hold:
        if fingerDownSince == nil { fingerDownSince = position }
        lastMove = (position, 0)
      case .release:
        guard fingerDownSince != nil else {
          throw .releaseWithFingerUp(position: position, step: text)
        }
        // A fling's velocity is held to the limit of its V; a release's
        // comes from a drag's D / MS, which a short MS makes as large as a
        // Double allows or more.
        if let lastMove, !(abs(lastMove.velocity) <= Self.numberLimit) {
          throw .releaseTooFast(
            position: position, step: text, drag: lastMove.position,
            dragStep: texts[lastMove.position - 1], velocity: lastMove.velocity)
        }
        fingerDownSince = nil
      case .fling:
        fingerDownSince = nil
      case .wait, .scrollTo:
        if let since = fingerDownSince {
          throw .fingerDown(position: position, step: text, since: since)
        }
      case .set:
        break
      }
      total += step.milliseconds
    }
    if total > Self.maximumDuration * 1000 { throw .tooLong(milliseconds: total) }
    self.steps = steps
  }

  /// How long the steps last in all, in seconds.
  public var duration: Double { steps.reduce(0) { $0 + $1.milliseconds } / 1000 }

  /// The `--gesture` spelling of the steps.
  public var description: String { steps.map(\.description).joined(separator: ",") }

  /// The step names and how each is spelled, in the order messages list them.
  static let usages: [(name: String, usage: String)] = [
    ("drag", "drag:D:MS"), ("hold", "hold:MS"), ("release", "release"), ("fling", "fling:V"),
    ("wait", "wait:MS"), ("scrollTo", "scrollTo:O:MS"), ("set", "set:KEY=VALUE"),
  ]

  /// The layout changes of the gesture, its `set` steps, in order.
  public var settings: [SceneSetting] {
    steps.compactMap { step in
      if case .set(let setting) = step { return setting }
      return nil
    }
  }

  private static func step(_ text: String, position: Int) throws(GestureError) -> Step {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    let name = parts[0]
    if text.isEmpty { throw .emptyStep(position: position) }
    if name == "set", parts.count > 1 {
      // Everything after `set:` is the setting: a chain name may hold ':'.
      // A key that may start with a chain's name is checked against the
      // scene's chains when the step is applied, as `--set`'s is, so that
      // no message offers a key of a chain the scene lacks.
      do throws(SceneSettingError) {
        return .set(
          try SceneSetting(parsingAgainstScene: String(text.dropFirst("set:".count))))
      } catch {
        throw .invalidSetting(position: position, step: text, reason: error)
      }
    }
    guard let usage = usages.first(where: { $0.name == name })?.usage else {
      throw .unknownStep(
        position: position, step: text, name: name,
        suggestion: MessageText.nearestName(to: name, in: usages.map(\.name)))
    }
    let values = Array(parts.dropFirst())
    let expectedCount = usage.split(separator: ":").count - 1
    guard values.count == expectedCount else {
      throw .wrongValueCount(
        position: position, step: text, usage: usage, expected: expectedCount,
        found: values.count)
    }
    let names = usage.split(separator: ":").dropFirst().map(String.init)
    var numbers: [Double] = []
    for (value, valueName) in zip(values, names) {
      guard let number = number(value) else {
        throw .notANumber(position: position, step: text, value: valueName, found: value)
      }
      numbers.append(number)
    }
    switch name {
    case "drag": return .drag(distance: numbers[0], milliseconds: numbers[1])
    case "hold": return .hold(milliseconds: numbers[0])
    case "release": return .release
    case "fling": return .fling(velocity: numbers[0])
    case "wait": return .wait(milliseconds: numbers[0])
    default: return .scrollTo(offset: numbers[0], milliseconds: numbers[1])
    }
  }

  /// A decimal number (`-200`, `0.5`, `1e3`): no hexadecimal, `nan` or `inf`
  /// (which `Double(_:)` would take).
  private static func number(_ text: String) -> Double? {
    guard !text.isEmpty,
      text.unicodeScalars.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) })
    else { return nil }
    return Double(text)
  }

  private static func checkNumbers(_ step: Step, position: Int, text: String)
    throws(GestureError)
  {
    var values: [(name: String, value: Double)] = []
    switch step {
    case .drag(let distance, _): values = [("D", distance)]
    case .fling(let velocity): values = [("V", velocity)]
    case .scrollTo(let offset, _): values = [("O", offset)]
    case .hold, .release, .wait, .set: break
    }
    for (name, value) in values where !(value.isFinite && abs(value) <= numberLimit) {
      throw .outOfRange(position: position, step: text, value: name, found: value)
    }
    let ms = step.milliseconds
    if case .release = step { return }
    if case .fling = step { return }
    if case .set = step { return }
    guard ms.isFinite, ms > 0, ms <= maximumDuration * 1000 else {
      throw .notPositiveDuration(position: position, step: text, found: ms)
    }
  }
}

/// Why a gesture was refused; ``description`` quotes the step (its position
/// and text), says what was expected and what was found. The command line
/// reports it as a usage error (exit 64).
public enum GestureError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The value is empty.
  case empty
  /// A step between commas is empty (`drag:-200:300,,release`).
  case emptyStep(position: Int)
  /// A step name that is not one of the six; `suggestion` is the nearest.
  case unknownStep(position: Int, step: String, name: String, suggestion: String?)
  /// A step with the wrong number of `:`-separated values.
  case wrongValueCount(position: Int, step: String, usage: String, expected: Int, found: Int)
  /// A value that is not a decimal number; `value` names it (`D`, `MS`).
  case notANumber(position: Int, step: String, value: String, found: String)
  /// A distance, velocity or offset that is not finite or above 1e9 in magnitude.
  case outOfRange(position: Int, step: String, value: String, found: Double)
  /// A duration that is not greater than 0 (or above 600 s).
  case notPositiveDuration(position: Int, step: String, found: Double)
  /// `release` while the finger is up.
  case releaseWithFingerUp(position: Int, step: String)
  /// `release` after a drag (step `drag`, `dragStep`) whose velocity D / MS
  /// * 1000 is above 1e9 points per second in magnitude, a fling's limit.
  case releaseTooFast(position: Int, step: String, drag: Int, dragStep: String, velocity: Double)
  /// `wait` or `scrollTo` while the finger is down since step `since`.
  case fingerDown(position: Int, step: String, since: Int)
  /// The steps last longer than ``Gesture/maximumDuration``.
  case tooLong(milliseconds: Double)
  /// A `set` step whose `KEY=VALUE` is not a setting.
  case invalidSetting(position: Int, step: String, reason: SceneSettingError)

  /// The values of `step` as written, after its name (`drag:-200:300`
  /// gives -200 and 300).
  private static func values(of step: String) -> [String] {
    step.split(separator: ":", omittingEmptySubsequences: false).dropFirst().map(String.init)
  }

  static let stepList =
    "drag:D:MS, hold:MS, release, fling:V, wait:MS, scrollTo:O:MS or set:KEY=VALUE"
  static let stepListWithoutSettings =
    "drag:D:MS, hold:MS, release, fling:V, wait:MS or scrollTo:O:MS"

  /// Whether every step is well formed and it is their order or their sum
  /// that is wrong (a release with the finger up, a gesture too long): what a
  /// command line reports after the other options' values.
  public var isAboutTheSequence: Bool {
    switch self {
    case .releaseWithFingerUp, .releaseTooFast, .fingerDown, .tooLong: true
    case .empty, .emptyStep, .unknownStep, .wrongValueCount, .notANumber, .outOfRange,
      .notPositiveDuration, .invalidSetting:
      false
    }
  }

  public var description: String { describe(steps: Self.stepList) }

  /// ``description`` for a command that plays no `set:` step (`preview`,
  /// whose page has one layout): the steps it lists leave `set:KEY=VALUE`
  /// out.
  public var descriptionWithoutSettings: String { describe(steps: Self.stepListWithoutSettings) }

  /// The message, with `steps` the list of the steps a gesture may have.
  private func describe(steps stepList: String) -> String {
    switch self {
    case .empty:
      return
        "expected comma-separated steps (\(stepList)) such as drag:-200:300,release,wait:500, found nothing"
    case .emptyStep(let position):
      return "step \(position) is empty; expected a step (\(stepList)) between the commas"
    case .unknownStep(let position, let step, let name, let suggestion):
      let hint = suggestion.map { "; did you mean \"\($0)\"?" } ?? ""
      return
        "step \(position) \(MessageText.quoted(step)): unknown step \(MessageText.quoted(name))\(hint) (expected \(stepList))"
    case .wrongValueCount(let position, let step, let usage, let expected, let found):
      let meaning = Self.meanings[usage].map { " (\($0))" } ?? ""
      let foundText = found == 1 ? "1 value" : "\(found) values"
      let expectedText = expected == 0 ? "\(usage) with no values" : "\(usage)\(meaning)"
      return
        "step \(position) \(MessageText.quoted(step)): expected \(expectedText), found \(foundText)"
    case .notANumber(let position, let step, let value, let found):
      // A duration's examples are durations: a negative one is refused.
      let examples = value == "MS" ? "300 or 12.5" : "-200 or 0.5"
      return
        "step \(position) \(MessageText.quoted(step)): expected \(value) to be a decimal number such as \(examples), found \(MessageText.quoted(found))"
    case .outOfRange(let position, let step, let value, let found):
      // D, V and O are each step's first value: quoted as written, as a
      // Double would print `1e400` as inf and 1e15 in full.
      let written = Self.values(of: step).first ?? MessageText.number(found)
      return
        "step \(position) \(MessageText.quoted(step)): expected \(value) to be a finite number from -1e9 to 1e9, found \(written)"
    case .notPositiveDuration(let position, let step, let found):
      let written = Self.values(of: step).last ?? MessageText.number(found)
      return
        "step \(position) \(MessageText.quoted(step)): expected MS, milliseconds, greater than 0 and at most 600000, found \(written)"
    case .releaseWithFingerUp(let position, let step):
      return
        "step \(position) \(MessageText.quoted(step)): the finger is up; expected release only while it is down (after drag or hold)"
    case .releaseTooFast(let position, let step, let drag, let dragStep, let velocity):
      return
        "step \(position) \(MessageText.quoted(step)): the drag before it (step \(drag) \(MessageText.quoted(dragStep))) moves at \(MessageText.number(velocity)) points per second; expected a release velocity D / MS * 1000 from -1e9 to 1e9, as a fling's V (give the drag a longer MS)"
    case .fingerDown(let position, let step, let since):
      let name = step.split(separator: ":", maxSplits: 1).first.map(String.init) ?? step
      return
        "step \(position) \(MessageText.quoted(step)): the finger is down (since step \(since)); expected release or fling before \(name), or hold:MS to keep it down"
    case .tooLong(let milliseconds):
      return
        "the gesture lasts \(MessageText.number(milliseconds)) ms; expected at most 600000 ms (600 s) of simulated time"
    case .invalidSetting(let position, let step, let reason):
      return "step \(position) \(MessageText.quoted(step)): \(reason)"
    }
  }

  /// What the values of each step mean, for messages.
  static let meanings: [String: String] = [
    "drag:D:MS": "a distance D in points and a duration MS in milliseconds",
    "hold:MS": "a duration MS in milliseconds",
    "fling:V": "a velocity V in points per second",
    "wait:MS": "a duration MS in milliseconds",
    "scrollTo:O:MS": "an offset O in points and a duration MS in milliseconds",
    "set:KEY=VALUE": "a value of the scene, as --set gives one",
  ]
}
