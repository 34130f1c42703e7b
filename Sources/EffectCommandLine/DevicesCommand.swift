import EffectHost
import EffectProtocol

/// `effectctl devices`: the screens `--device` lays a scene out on.
public struct DevicesCommand: Subcommand {
  public static let configuration = CommandConfiguration(
    name: "devices",
    abstract: "List the devices --device takes, with their viewports and safe-area insets.",
    discussion: [
      "One line a device: its name, the viewport's width and height in points, and the",
      "safe-area insets (top, bottom, left, right) that --device sets as contentInsets.",
      "Each device is listed in portrait and turned, as NAME-landscape. Docs/CommandLine.md",
      "gives the source of every number.",
    ])

  public init() {}

  public func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    try context.console.print(Self.table(Device.table))
    return .success
  }

  /// The listing of `devices`: a header, then one aligned line a device.
  static func table(_ devices: [Device]) -> String {
    let nameWidth = max("name".count, devices.map(\.name.count).max() ?? 0)
    let headers = ["width", "height", "top", "bottom", "left", "right"]
    func line(_ name: String, _ cells: [String]) -> String {
      name + String(repeating: " ", count: nameWidth - name.count)
        + cells.map { String(repeating: " ", count: max(0, 8 - $0.count)) + $0 }.joined()
        + "\n"
    }
    var text = line("name", headers)
    for device in devices {
      let numbers = [
        device.viewport.width, device.viewport.height, device.safeArea.top,
        device.safeArea.bottom, device.safeArea.left, device.safeArea.right,
      ]
      text += line(device.name, numbers.map { MessageText.number($0) })
    }
    return text
  }
}
