import EffectProtocol

/// A device's screen as a scene sees it: the viewport in points and the
/// safe-area insets, which a scroll view's content is inset by
/// (`contentInsets`). What `--device NAME` sets and `effectctl devices`
/// lists.
///
/// The viewports are those of the "Layout" page of Apple's Human Interface
/// Guidelines; Apple documents what the safe area accounts for (the status
/// bar, the home indicator, the sensor housing) but not its size per device,
/// so the insets come from the sources Docs/CommandLine.md names beside the
/// table. Each device is in portrait under its name and in landscape under
/// `NAME-landscape` (width and height swapped, the insets of that
/// orientation).
public struct Device: Sendable, Equatable {
  /// Lowercase and hyphenated: `iphone-16`, `iphone-16-landscape`.
  public let name: String
  /// W x V, points.
  public let viewport: Size
  /// The safe area's insets, points: set as the scene's `contentInsets`.
  public let safeArea: EdgeInsets

  /// A device of this name, viewport and safe-area insets, in points; nothing is checked.
  public init(name: String, viewport: Size, safeArea: EdgeInsets) {
    self.name = name
    self.viewport = viewport
    self.safeArea = safeArea
  }

  /// The values the device gives a scene, in the order they are set:
  /// `viewport.width`, `viewport.height`, then `contentInsets.top`,
  /// `.bottom`, `.left`, `.right`.
  public var settings: [SceneSetting] {
    [
      SceneSetting(key: .viewportWidth, value: viewport.width),
      SceneSetting(key: .viewportHeight, value: viewport.height),
      SceneSetting(key: .contentInsetTop, value: safeArea.top),
      SceneSetting(key: .contentInsetBottom, value: safeArea.bottom),
      SceneSetting(key: .contentInsetLeft, value: safeArea.left),
      SceneSetting(key: .contentInsetRight, value: safeArea.right),
    ]
  }

  /// The device of `name`, or `nil`.
  public static func named(_ name: String) -> Device? {
    table.first { $0.name == name }
  }

  /// Every device, each in portrait then in landscape.
  public static let table: [Device] = [
    // iPhone SE (3rd generation): a home button and a 20-point status bar,
    // which an iPhone hides in landscape (a vertically compact environment).
    pair(
      "iphone-se-3", Size(width: 375, height: 667), portrait: EdgeInsets(top: 20),
      landscape: EdgeInsets()),
    // iPhone 16, 6.1 inches: the Dynamic Island and the home indicator; in
    // landscape the island's inset moves to both sides.
    pair(
      "iphone-16", Size(width: 393, height: 852), portrait: EdgeInsets(top: 59, bottom: 34),
      landscape: EdgeInsets(bottom: 21, left: 59, right: 59)),
    // iPhone 16 Pro Max, 6.9 inches.
    pair(
      "iphone-16-pro-max", Size(width: 440, height: 956),
      portrait: EdgeInsets(top: 62, bottom: 34),
      landscape: EdgeInsets(bottom: 21, left: 62, right: 62)),
    // iPad Pro 11-inch (M4): the status bar and the home indicator in both
    // orientations.
    pair(
      "ipad-pro-11", Size(width: 834, height: 1210), portrait: EdgeInsets(top: 24, bottom: 20),
      landscape: EdgeInsets(top: 24, bottom: 20)),
  ].flatMap { $0 }

  /// The device `name` in portrait (`viewport`) and turned
  /// (`NAME-landscape`, width and height swapped), with the insets of each.
  private static func pair(
    _ name: String, _ viewport: Size, portrait: EdgeInsets, landscape: EdgeInsets
  ) -> [Device] {
    [
      Device(name: name, viewport: viewport, safeArea: portrait),
      Device(
        name: name + "-landscape", viewport: Size(width: viewport.height, height: viewport.width),
        safeArea: landscape),
    ]
  }
}
