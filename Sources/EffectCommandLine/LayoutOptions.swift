import EffectHost
import EffectProtocol

/// `--device NAME` and `--set KEY=VALUE`: the layout a subcommand that loads
/// a scene gives it from the command line, as if the file said it.
///
/// The device's values are set first, then every `--set` in the order given,
/// wherever each stands on the line; a later value of a key wins, as in a
/// file edited twice.
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
      "NAME.frame.x|y|width|height, NAME.repeat.count|spacing;",
      "VALUE: a JSON number. E.g. --set header.frame.height=420",
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
      all += device.settings.map { ($0, "\(Self.deviceLabel) \(device.name)") }
    }
    all += settings.map { ($0, "\(Self.setLabel) \($0.key)") }
    return all
  }

  static let deviceLabel = "--device"
  static let setLabel = "--set"
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
    if layout.isEmpty { return try loadForCommand(path) }
    let file = path == "-" ? "<stdin>" : path
    let document: JSONValue
    do {
      document = try self.document(contentsOf: path)
    } catch {
      throw .scene(error)
    }
    return try sceneForCommand(
      document, file: file, settings: layout.labelledSettings, option: layout.$settings,
      command: command)
  }

  /// The scene of `document` with `settings` set in order; a setting it
  /// refuses is named by its label, and a key naming no chain is a usage
  /// error naming `option`'s value.
  func sceneForCommand(
    _ document: JSONValue, file: String, settings: [(setting: SceneSetting, label: String)],
    option: OptionSpec, command: CommandSpec
  ) throws(CommandError) -> Scene {
    var document = document
    var labels: [JSONPath: String] = [:]
    for (setting, label) in settings {
      do {
        labels[try setting.apply(to: &document)] = label
      } catch  where error.isUsageError {
        throw .usage(
          UsageError(
            message: "The value '\(setting)' is invalid for '\(option.fullLabel)': \(error)",
            command: command))
      } catch {
        throw .failed(message: "\(file): \(label): \(error)", status: .invalidScene)
      }
    }
    do {
      return try scene(from: document, file: file, labels: labels)
    } catch {
      throw .scene(error)
    }
  }
}

extension ValueReader where Value == SceneSetting {
  /// A `--set` value: `KEY=VALUE`.
  public static var sceneSetting: ValueReader<SceneSetting> {
    ValueReader<SceneSetting> { (text) throws(InvalidValue) -> SceneSetting in
      do throws(SceneSettingError) {
        return try SceneSetting(parsing: text)
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
      let hint = UsageError.suggestion(text, in: names).map { " " + $0 } ?? ""
      throw InvalidValue(
        detail:
          ".\(hint) Expected one of \(names.joined(separator: ", ")) (see 'effectctl devices')")
    }
  }
}
