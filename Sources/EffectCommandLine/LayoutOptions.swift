import EffectHost
import EffectProtocol

/// `--device NAME` and `--set KEY=VALUE`: the layout a subcommand that loads
/// a scene gives it from the command line, as if the file said it.
///
/// The device's values are set first, then every `--set` in the order given,
/// wherever each stands on the line; a later value of a key wins, as in a
/// file edited twice. Only the scene they leave together is checked: a
/// `repeat.spacing` may come before the `repeat.count` that gives its chain
/// copies.
public struct LayoutOptions: OptionGroup {
  @Option(
    "--device", valueName: "name",
    help: [
      "Lay the scene out on this device's screen: its viewport and",
      "safe-area insets (as contentInsets); NAME-landscape turned.",
      "'effectctl devices' lists them.",
    ], reader: .device)
  public var device: Device?
  @Option(
    "--set", valueName: "key=value",
    help: [
      "A value of the scene, as if the file said it; repeatable,",
      "after --device. KEY: viewport.width|height,",
      "contentInsets.top|bottom|left|right, contentHeight,",
      "contentWidth, NAME.frame.x|y|width|height,",
      "NAME.repeat.count|spacing; VALUE: a JSON number.",
      "E.g. --set header.frame.height=420",
    ], reader: .sceneSetting)
  public var settings: [SceneSetting]

  public init() {}

  /// Whether the line gives neither option: the file is read as it is.
  public var isEmpty: Bool { device == nil && settings.isEmpty }

  /// Every value set, in order, each with how messages name it: `--device
  /// iphone-16`, `--set viewport.width`.
  public var labelledSettings: [(setting: SceneSetting, label: String)] {
    var all: [(SceneSetting, String)] = []
    if let device {
      all += device.settings.map { ($0, "\($device.name) \(device.name)") }
    }
    all += settings.map { ($0, "\($settings.name) \($0.key)") }
    return all
  }
}

extension SceneLoader {
  /// Loads the scene at `path` (`-` for standard input) for a subcommand,
  /// with the device and the values of `layout` set in it as if the file
  /// said them: a key naming no chain of the file is a usage error of
  /// `command`; a value the scene refuses makes it invalid (65), named by
  /// the option that set it.
  public func loadForCommand(_ path: String, layout: LayoutOptions, command: CommandSpec)
    throws(CommandError) -> Scene
  {
    try loadForCommand(path, layout: layout, command: command, ofSeveral: false)
  }

  /// ``loadForCommand(_:layout:command:)``; `ofSeveral`, for one file of
  /// several that the same settings are set in, makes a key naming a chain
  /// this file lacks this file's problem (65, naming it), not a usage error.
  func loadForCommand(
    _ path: String, layout: LayoutOptions, command: CommandSpec, ofSeveral: Bool
  ) throws(CommandError) -> Scene {
    if layout.isEmpty { return try loadForCommand(path) }
    var edit = try SceneEdit(loader: self, path: path)
    edit.missingChainIsInvalid = ofSeveral
    try edit.set(layout, command: command)
    return try edit.scene()
  }

  /// Loads the scene at `path` for a subcommand that plays `gesture`, with
  /// `layout` set as ``loadForCommand(_:layout:command:)`` sets it, and the
  /// scene as each `set` step of the gesture leaves it, in order (each step
  /// on the scene the one before left). A step's key naming no chain is a
  /// usage error naming `gestureOption`; a value the scene refuses makes it
  /// invalid (65), named by its step.
  public func loadForCommand(
    _ path: String, layout: LayoutOptions, gesture: Gesture, gestureOption: OptionSpec,
    command: CommandSpec
  ) throws(CommandError) -> (scene: Scene, layouts: [Scene]) {
    var steps: [(position: Int, setting: SceneSetting)] = []
    for (index, step) in gesture.steps.enumerated() {
      if case .set(let setting) = step { steps.append((index + 1, setting)) }
    }
    if steps.isEmpty { return (try loadForCommand(path, layout: layout, command: command), []) }
    var edit = try SceneEdit(loader: self, path: path)
    try edit.set(layout, command: command)
    let scene = try edit.scene()
    var layouts: [Scene] = []
    layouts.reserveCapacity(steps.count)
    for (position, setting) in steps {
      let step = "step \(position) \"set:\(setting)\""
      let label = "\(gestureOption.name) step \(position) set:\(setting.key)"
      try edit.set(setting, label: label, command: command) {
        "The value '\(gesture)' is invalid for '\(gestureOption.fullLabel)': \(step): \($0)"
      }
      layouts.append(try edit.scene())
    }
    return (scene, layouts)
  }
}

/// A scene file's JSON being changed by settings from the command line,
/// with where each setting put its value, to name it in messages.
struct SceneEdit {
  let loader: SceneLoader
  /// The file's name in messages: `<stdin>` for `-`.
  let file: String
  /// The file's JSON as it is, before any setting.
  let original: JSONValue
  var document: JSONValue
  var labels: [JSONPath: String] = [:]
  /// Every label, once each, in the order set.
  var labelsInOrder: [String] = []
  /// Whether a key naming a chain the file lacks makes it invalid (65),
  /// as when the settings are set in several files, rather than a usage
  /// error.
  var missingChainIsInvalid = false

  init(loader: SceneLoader, path: String) throws(CommandError) {
    self.loader = loader
    file = path == "-" ? "<stdin>" : path
    do {
      original = try loader.document(contentsOf: path)
    } catch {
      throw .scene(error)
    }
    document = original
  }

  /// Sets the device and the `--set` values of `layout`, in order, each
  /// spacing after the rest: the file they leave is the same, and a spacing
  /// on a chain without `repeat` is refused only if no count gives it one.
  mutating func set(_ layout: LayoutOptions, command: CommandSpec) throws(CommandError) {
    let option = layout.$settings
    let all = layout.labelledSettings
    func isSpacing(_ setting: SceneSetting) -> Bool {
      if case .repeatSpacing = setting.key { true } else { false }
    }
    let ordered = all.filter { !isSpacing($0.setting) } + all.filter { isSpacing($0.setting) }
    for (setting, label) in ordered {
      try set(setting, label: label, command: command) {
        "The value '\(setting)' is invalid for '\(option.fullLabel)': \($0)"
      }
    }
  }

  /// Sets `setting`, named `label` when the scene refuses it (65); a key
  /// naming no chain is the usage error `usage` words, unless
  /// ``missingChainIsInvalid``.
  mutating func set(
    _ setting: SceneSetting, label: String, command: CommandSpec,
    usage: (SceneSettingError) -> String
  ) throws(CommandError) {
    // Of several files, one that is no scene object is refused as that,
    // by the loader, not as lacking the setting's chain.
    if missingChainIsInvalid {
      guard case .object = document else { return }
    }
    do {
      labels[try setting.apply(to: &document)] = label
      if !labelsInOrder.contains(label) { labelsInOrder.append(label) }
    } catch  where error.isUsageError && !missingChainIsInvalid {
      // A file without a named chain that is invalid by itself (no scene,
      // no chains, a chain without its name) lacks every chain for that:
      // its own problems come first, as without the setting.
      if case .unknownChain(_, _, let chains) = error, chains.isEmpty,
        case .failure(let problems) = loader.scene(from: original)
      {
        throw .scene(.invalid(file: file, diagnostics: problems.diagnostics))
      }
      throw .usage(UsageError(message: usage(error), command: command))
    } catch {
      throw .failed(message: "\(file): \(label): \(error)", status: .invalidScene)
    }
  }

  /// The scene as the settings so far leave it. Of a file that loads
  /// without them, a problem at a path no setting wrote (the snap chain's
  /// copies after its count was set to 0) is one the settings made: it is
  /// named by its path and the settings. (Of a file that does not, a
  /// problem may be one the loader did not reach before: it keeps its path.)
  func scene() throws(CommandError) -> Scene {
    do {
      return try loader.scene(from: document, file: file, labels: labels)
    } catch {
      guard case .invalidWithSettings(_, let diagnostics, var labels) = error,
        case .success = loader.scene(from: original)
      else { throw .scene(error) }
      let settings = labelsInOrder.joined(separator: ", ")
      for diagnostic in diagnostics where labels[diagnostic.path] == nil {
        labels[diagnostic.path] = "\(diagnostic.path) (after \(settings))"
      }
      throw .scene(.invalidWithSettings(file: file, diagnostics: diagnostics, labels: labels))
    }
  }
}

extension ValueReader where Value == SceneSetting {
  /// A `--set` value: `KEY=VALUE`. A key of none of the forms whose
  /// nearest key is under a chain name is refused when the scene is read,
  /// knowing its chains (``SceneSetting/init(parsingAgainstScene:)``).
  public static var sceneSetting: ValueReader<SceneSetting> {
    ValueReader<SceneSetting> { (text) throws(InvalidValue) -> SceneSetting in
      do throws(SceneSettingError) {
        return try SceneSetting(parsingAgainstScene: text)
      } catch {
        throw .because(error.description)
      }
    }
  }
}

extension ValueReader where Value == Device {
  /// A `--device` name from ``Device/table``, with the nearest name for a
  /// near miss and the list.
  public static var device: ValueReader<Device> {
    ValueReader<Device> { (text) throws(InvalidValue) -> Device in
      if let device = Device.named(text) { return device }
      let names = Device.table.map(\.name)
      // A name cut short (`iphone-16-pr`, `iphone-16-pro`) means the
      // shortest name it starts, before the nearest by spelling
      // (`iphone-16`, a smaller screen).
      let completed = names.filter { $0.hasPrefix(text.lowercased()) && !text.isEmpty }
        .min { $0.count < $1.count }
      let hint =
        completed.map { " Did you mean '\($0)'?" }
        ?? UsageError.suggestion(text, in: names).map { " " + $0 } ?? ""
      throw InvalidValue(
        detail:
          ".\(hint) Expected one of \(names.joined(separator: ", ")) (see 'effectctl devices')")
    }
  }
}
