import EffectCommandLine
import EffectHost
import EffectProtocol
import Foundation
import ScrollEffectsTestSupport
import Testing

/// `--device` and `--set` on every subcommand that loads a scene: the output
/// of the scene file edited by hand to say the same values, and every
/// refusal with its message and exit status.
@Suite struct LayoutOptionsTests {
  static let scene = #"""
    {"chains": [
      {"name": "header", "frame": {"height": 300}, "effects": [{"type": "stretch"}]},
      {"name": "row", "frame": {"y": 300, "height": 80}, "repeat": {"count": 3, "spacing": 8},
       "effects": [{"type": "interpolate", "property": "opacity", "input": "progress",
                    "stops": [[0, 0], [0.5, 1]]}]},
      {"name": "badge", "frame": {"y": 40, "height": 20},
       "effects": [{"type": "pin", "edge": "top"}]}]}
    """#

  /// The settings of ``edited``, as `--set` gives them.
  static let settings = [
    "header.frame.height=420", "row.repeat.count=5", "row.repeat.spacing=4",
    "viewport.width=320", "viewport.height=700", "contentInsets.top=20", "contentHeight=3000",
    "badge.repeat.count=2", "badge.frame.x=10", "badge.frame.width=1e2",
  ]
  /// ``scene`` with ``settings`` written into it by hand.
  static let edited = #"""
    {"viewport": {"width": 320, "height": 700}, "contentInsets": {"top": 20},
     "contentHeight": 3000,
     "chains": [
      {"name": "header", "frame": {"height": 420}, "effects": [{"type": "stretch"}]},
      {"name": "row", "frame": {"y": 300, "height": 80}, "repeat": {"count": 5, "spacing": 4},
       "effects": [{"type": "interpolate", "property": "opacity", "input": "progress",
                    "stops": [[0, 0], [0.5, 1]]}]},
      {"name": "badge", "frame": {"x": 10, "y": 40, "width": 100, "height": 20},
       "repeat": {"count": 2}, "effects": [{"type": "pin", "edge": "top"}]}]}
    """#

  /// ``scene`` turned to an iPhone 16 in landscape, by hand: the viewport
  /// 852 x 393 and the safe area's bottom 21, left and right 59, as
  /// "iOS Layout Adaptation" (csl.cool) printed `safeAreaInsets` and
  /// Apple's "Layout" page gives the screen (393 x 852 in portrait).
  static let landscape = scene.replacing(
    #"{"chains": ["#,
    with: #"""
      {"viewport": {"width": 852, "height": 393},
       "contentInsets": {"top": 0, "bottom": 21, "left": 59, "right": 59},
       "chains": [
      """#)

  /// Calls `body` with the scene and its edited twins as files of one name
  /// in directories of their own (so outputs that name the file agree):
  /// (scene, edited, landscape); removes them after.
  static func withFiles(_ body: (String, String, String) throws -> Void) throws {
    try InProcess.withSceneFiles(
      [("scene", scene), ("edited", edited), ("landscape", landscape)], prefix: "layout-options"
    ) { try body($0[0], $0[1], $0[2]) }
  }

  static let commands: [[String]] = [
    ["eval", "--offsets=-100:900:50", "--format", "csv"],
    ["eval", "--offsets", "0,400", "--visible"],
    ["simulate", "--gesture", "drag:300:200,release", "--format", "ndjson"],
    ["plot", "--offsets=-100:600:5"],
    ["filmstrip", "--offsets", "0,150"],
    ["preview", "--offsets", "0:300:10"],
    ["validate"],
  ]

  @Test("--set gives the output of the file edited to say the same", arguments: commands)
  func setIsTheEditedFile(command: [String]) throws {
    try Self.withFiles { scene, edited, _ in
      let sets = Self.settings.flatMap { ["--set", $0] }
      let given = InProcess([command[0], scene] + command.dropFirst() + sets)
      let expected = InProcess([command[0], edited] + command.dropFirst())
      #expect(given.status == .success, "\(given.stderr)")
      #expect(given.stderr == "")
      #expect(Self.withoutPaths(given.stdout) == Self.withoutPaths(expected.stdout))
      let plain = InProcess([command[0], scene] + command.dropFirst())
      #expect(Self.withoutPaths(plain.stdout) != Self.withoutPaths(given.stdout))
    }
  }

  @Test(
    "--device iphone-16-landscape gives the output of the file turned by hand", arguments: commands)
  func deviceIsTheEditedFile(command: [String]) throws {
    #expect(Self.landscape.contains(#""width": 852"#))
    try Self.withFiles { scene, _, landscape in
      let given = InProcess(
        [command[0], scene] + command.dropFirst() + ["--device", "iphone-16-landscape"])
      let expected = InProcess([command[0], landscape] + command.dropFirst())
      #expect(given.status == .success, "\(given.stderr)")
      #expect(Self.withoutPaths(given.stdout) == Self.withoutPaths(expected.stdout))
    }
  }

  /// `text` without the directories of the files (validate names each).
  static func withoutPaths(_ text: String) -> String {
    text.replacing(Scratch.root.path + "/", with: "")
      .replacing(/layout-options-[0-9A-F-]+\/[a-z]+\/scene\.json/, with: "scene.json")
  }

  @Test("check and bench take the layout as eval does")
  func checkAndBench() throws {
    try Self.withFiles { scene, edited, _ in
      let golden = URL(fileURLWithPath: edited).deletingLastPathComponent()
        .appendingPathComponent("golden.csv").path
      let eval = InProcess(["eval", edited, "--offsets=-100:900:50", "--format", "csv"])
      try eval.stdout.write(toFile: golden, atomically: true, encoding: .utf8)
      let sets = Self.settings.flatMap { ["--set", $0] }
      let check = InProcess(["check", scene, "--offsets=-100:900:50", "--golden", golden] + sets)
      #expect(check.status == .success, "\(check.stdout)")
      func checksum(_ arguments: [String]) -> Substring? {
        let result = InProcess(["bench"] + arguments + ["--frames", "20"])
        #expect(result.status == .success)
        return result.stdout.split(separator: "\n").first { $0.hasPrefix("checksum:") }
      }
      #expect(checksum([scene] + sets) == checksum([edited]))
      #expect(checksum([scene] + sets) != nil)
    }
  }

  @Test("--set comes after --device wherever each stands, and a later --set of a key wins")
  func order() throws {
    try Self.withFiles { scene, _, _ in
      func widths(_ options: [String]) -> String {
        InProcess(
          [
            "eval", scene, "--offsets", "0", "--chain", "header", "--columns", "width", "--format",
            "csv",
          ] + options
        ).stdout
      }
      let expected = "offset,chain,width\n0,header,500\n"
      #expect(widths(["--set", "viewport.width=500", "--device", "iphone-16"]) == expected)
      #expect(widths(["--device", "iphone-16", "--set", "viewport.width=500"]) == expected)
      #expect(widths(["--set", "viewport.width=200", "--set", "viewport.width=500"]) == expected)
      // The device alone: its width, 393 points.
      #expect(widths(["--device=iphone-16"]) == "offset,chain,width\n0,header,393\n")
    }
  }

  /// The devices as their sources give them (Docs/CommandLine.md cites each):
  /// Apple's "Layout" page for the viewports, the insets from the sources
  /// named there.
  static let documentedDevices:
    [(String, Double, Double, top: Double, bottom: Double, side: Double)] =
      [
        ("iphone-se-3", 375, 667, 20, 0, 0),
        ("iphone-16", 393, 852, 59, 34, 0),
        ("iphone-16-pro-max", 440, 956, 62, 34, 0),
        ("ipad-pro-11", 834, 1210, 24, 20, 0),
      ]

  @Test("every device is its source's numbers, in portrait and turned")
  func devices() throws {
    #expect(Device.table.count == 2 * Self.documentedDevices.count)
    for (name, width, height, top, bottom, _) in Self.documentedDevices {
      let device = try #require(Device.named(name))
      #expect(device.viewport == Size(width: width, height: height))
      #expect(device.safeArea == EdgeInsets(top: top, bottom: bottom))
      let turned = try #require(Device.named(name + "-landscape"))
      #expect(turned.viewport == Size(width: height, height: width))
    }
    // Turned, an iPhone hides its status bar; the island's inset moves to
    // both sides and the home indicator's is 21; an iPad keeps its bars.
    #expect(Device.named("iphone-se-3-landscape")?.safeArea == EdgeInsets())
    #expect(
      Device.named("iphone-16-landscape")?.safeArea == EdgeInsets(bottom: 21, left: 59, right: 59))
    #expect(
      Device.named("iphone-16-pro-max-landscape")?.safeArea
        == EdgeInsets(bottom: 21, left: 62, right: 62))
    #expect(Device.named("ipad-pro-11-landscape")?.safeArea == EdgeInsets(top: 24, bottom: 20))
    // Names are lowercase and hyphenated.
    for device in Device.table {
      #expect(device.name.allSatisfy { $0 == "-" || $0.isLowercase || $0.isNumber })
    }
  }

  @Test("effectctl devices prints the table, one line a device")
  func devicesCommand() {
    let run = InProcess(["devices"])
    #expect(run.status == .success)
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 1 + Device.table.count)
    #expect(
      lines[0].split(separator: " ") == [
        "name", "width", "height", "top", "bottom", "left", "right",
      ])
    #expect(lines[3].split(separator: " ") == ["iphone-16", "393", "852", "59", "34", "0", "0"])
    let extra = InProcess(["devices", "extra"])
    #expect(extra.status == .usage)
    #expect(extra.stdout == "")
    #expect(
      extra.stderr
        == InProcess.usageError(
          "Unexpected argument 'extra'", usage: "effectctl devices", command: "devices"))
  }

  static let usage =
    "effectctl eval <scene> --offsets <spec> [--format <format>] [--chain <name> ...] [--events] [--visible] [--columns <names>] [--reduce-motion] [--device <name>] [--set <key=value> ...]"
  static let forms =
    "viewport.width, viewport.height, contentInsets.top, contentInsets.bottom, contentInsets.left, contentInsets.right, contentHeight, contentWidth, NAME.frame.x, NAME.frame.y, NAME.frame.width, NAME.frame.height, NAME.repeat.count, NAME.repeat.spacing"

  /// Options and the message of the usage error each gives (exit 64).
  static let usageErrors: [([String], String)] = [
    (
      ["--set", "header.frame.height"],
      "The value 'header.frame.height' is invalid for '--set <key=value> ...': expected KEY=VALUE such as header.frame.height=420, found \"header.frame.height\" (no '=')"
    ),
    (
      ["--set", "viewport.widht=400"],
      "The value 'viewport.widht=400' is invalid for '--set <key=value> ...': unknown key \"viewport.widht\"; did you mean \"viewport.width\"? (expected \(forms))"
    ),
    (
      ["--set", "header.frame.heigth=400"],
      "The value 'header.frame.heigth=400' is invalid for '--set <key=value> ...': unknown key \"header.frame.heigth\"; did you mean \"header.frame.height\"? (expected \(forms))"
    ),
    (
      ["--set", "header.repeat.cnt=4"],
      "The value 'header.repeat.cnt=4' is invalid for '--set <key=value> ...': unknown key \"header.repeat.cnt\"; did you mean \"header.repeat.count\"? (expected \(forms))"
    ),
    (
      ["--set", "header.fram.height=400"],
      "The value 'header.fram.height=400' is invalid for '--set <key=value> ...': unknown key \"header.fram.height\"; did you mean \"header.frame.height\"? (expected \(forms))"
    ),
    (
      // No chain `top.bar` here: no key of one is offered.
      ["--set", "top.bar.Frame.x=4"],
      "The value 'top.bar.Frame.x=4' is invalid for '--set <key=value> ...': unknown key \"top.bar.Frame.x\" (expected \(forms))"
    ),
    (
      // Chain `header`, then no key of chains: an effect's parameter.
      ["--set", "header.expression.y=1"],
      "The value 'header.expression.y=1' is invalid for '--set <key=value> ...': unknown key \"header.expression.y\": \"header\" is a chain, whose keys are header.frame.x, header.frame.y, header.frame.width, header.frame.height, header.repeat.count, header.repeat.spacing; an effect's parameters cannot be set"
    ),
    (
      ["--set", "header.rpeat.spacing=4"],
      "The value 'header.rpeat.spacing=4' is invalid for '--set <key=value> ...': unknown key \"header.rpeat.spacing\"; did you mean \"header.repeat.spacing\"? (expected \(forms))"
    ),
    (
      ["--set", "header.height=400"],
      "The value 'header.height=400' is invalid for '--set <key=value> ...': unknown key \"header.height\"; did you mean \"header.frame.height\"? (expected \(forms))"
    ),
    (
      ["--set", "hero.image.height=420"],
      "The value 'hero.image.height=420' is invalid for '--set <key=value> ...': unknown key \"hero.image.height\" (expected \(forms))"
    ),
    (
      // A field of chains after a group of the scene's keys is no chain's.
      ["--set", "viewport.x=4"],
      "The value 'viewport.x=4' is invalid for '--set <key=value> ...': unknown key \"viewport.x\" (expected \(forms))"
    ),
    (
      ["--set", "viewprt.height=400"],
      "The value 'viewprt.height=400' is invalid for '--set <key=value> ...': unknown key \"viewprt.height\"; did you mean \"viewport.height\"? (expected \(forms))"
    ),
    (
      ["--set", "size=4"],
      "The value 'size=4' is invalid for '--set <key=value> ...': unknown key \"size\" (expected \(forms))"
    ),
    (
      ["--set", "viewport.width=wide"],
      "The value 'viewport.width=wide' is invalid for '--set <key=value> ...': expected the value of viewport.width to be a JSON number such as 420 or -0.5, found \"wide\""
    ),
    (
      ["--set", "viewport.width=+4"],
      "The value 'viewport.width=+4' is invalid for '--set <key=value> ...': expected the value of viewport.width to be a JSON number such as 420 or -0.5, found \"+4\""
    ),
    (
      ["--set", "viewport.width=1e999"],
      "The value 'viewport.width=1e999' is invalid for '--set <key=value> ...': expected the value of viewport.width to be a JSON number such as 420 or -0.5, found \"1e999\", which does not fit a Double"
    ),
    (
      ["--set", "viewport.width=-2.5e-400"],
      "The value 'viewport.width=-2.5e-400' is invalid for '--set <key=value> ...': expected the value of viewport.width to be a JSON number such as 420 or -0.5, found \"-2.5e-400\", which a Double would read as 0"
    ),
    (
      ["--set", "heder.frame.height=400"],
      "The value 'heder.frame.height=400' is invalid for '--set <key=value> ...': no chain is named \"heder\"; did you mean \"header\"? (chains: header, body)"
    ),
    (
      ["--device", "iphone-16-pr"],
      "The value 'iphone-16-pr' is invalid for '--device <name>'. Did you mean 'iphone-16-pro-max'? Expected one of iphone-se-3, iphone-se-3-landscape, iphone-16, iphone-16-landscape, iphone-16-pro-max, iphone-16-pro-max-landscape, ipad-pro-11, ipad-pro-11-landscape (see 'effectctl devices')"
    ),
    (
      // Cut short: the shortest name it starts, not iphone-16 (3 edits).
      ["--device", "iPhone-16-Pro"],
      "The value 'iPhone-16-Pro' is invalid for '--device <name>'. Did you mean 'iphone-16-pro-max'? Expected one of iphone-se-3, iphone-se-3-landscape, iphone-16, iphone-16-landscape, iphone-16-pro-max, iphone-16-pro-max-landscape, ipad-pro-11, ipad-pro-11-landscape (see 'effectctl devices')"
    ),
    (
      ["--device", "ipad"],
      "The value 'ipad' is invalid for '--device <name>'. Did you mean 'ipad-pro-11'? Expected one of iphone-se-3, iphone-se-3-landscape, iphone-16, iphone-16-landscape, iphone-16-pro-max, iphone-16-pro-max-landscape, ipad-pro-11, ipad-pro-11-landscape (see 'effectctl devices')"
    ),
    (
      ["--device", "pixel"],
      "The value 'pixel' is invalid for '--device <name>'. Expected one of iphone-se-3, iphone-se-3-landscape, iphone-16, iphone-16-landscape, iphone-16-pro-max, iphone-16-pro-max-landscape, ipad-pro-11, ipad-pro-11-landscape (see 'effectctl devices')"
    ),
    (
      ["--device", "iphone-16", "--device", "ipad-pro-11"],
      "'--device' was given more than once; give it once"
    ),
  ]

  @Test(
    "every malformed --set or --device is a usage error with its message", arguments: usageErrors)
  func usageError(options: [String], message: String) {
    let run = InProcess(["eval", InProcess.stretchyHeader, "--offsets", "0"] + options)
    #expect(run.status == .usage)
    #expect(run.stdout == "")
    #expect(run.stderr == InProcess.usageError(message, usage: Self.usage, command: "eval"))
  }

  /// Keys of none of the forms in a scene whose chain names hold dots:
  /// the key of chains nearest to each is offered when the scene has its
  /// chain, and what a chain takes after the longest chain name it starts
  /// with.
  static let dottedChainErrors: [(String, String)] = [
    // `image` is no misspelt `frame` (3 edits in 5 letters): the chain's
    // name holds a dot, and its field lacks the group, as `header.height`.
    (
      "hero.image.height=420",
      "unknown key \"hero.image.height\"; did you mean \"hero.image.frame.height\"? (expected \(forms))"
    ),
    (
      "top.bar.count=4",
      "unknown key \"top.bar.count\"; did you mean \"top.bar.repeat.count\"? (expected \(forms))"
    ),
    (
      "top.bar.Frame.x=4",
      "unknown key \"top.bar.Frame.x\"; did you mean \"top.bar.frame.x\"? (expected \(forms))"
    ),
    // `hero.expression` is no chain; `hero` is.
    (
      "hero.expression.y=1",
      "unknown key \"hero.expression.y\": \"hero\" is a chain, whose keys are hero.frame.x, hero.frame.y, hero.frame.width, hero.frame.height, hero.repeat.count, hero.repeat.spacing; an effect's parameters cannot be set"
    ),
    ("other.expression.y=1", "unknown key \"other.expression.y\" (expected \(forms))"),
  ]

  @Test(
    "a key of none of the forms is offered a chain's key only under a chain the scene has",
    arguments: dottedChainErrors)
  func dottedChainError(setting: String, message: String) throws {
    let file = Scratch.root.appendingPathComponent(
      "dotted-chains-\(UInt32.random(in: 0...UInt32.max)).json")
    let scene =
      #"{"chains": [{"name": "hero", "frame": {"height": 100}}, {"name": "hero.image", "frame": {"height": 50}}, {"name": "top.bar", "frame": {"height": 40}}]}"#
    try scene.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = InProcess(["eval", file.path, "--offsets", "0", "--set", setting])
    #expect(run.status == .usage)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == InProcess.usageError(
          "The value '\(setting)' is invalid for '--set <key=value> ...': \(message)",
          usage: Self.usage, command: "eval"))
  }

  /// A setting and the line the scene's refusal prints (exit 65), after the
  /// file's name.
  static let refusals: [(String, String)] = [
    (
      "viewport.width=0",
      "--set viewport.width: expected a number greater than 0 (at most 1e9), found the number 0"
    ),
    (
      "header.frame.height=-5",
      "--set header.frame.height: expected a number greater than 0 (at most 1e9), found the number -5"
    ),
    (
      "contentInsets.top=-1",
      "--set contentInsets.top: expected a number from 0 to 1e9, found the number -1"
    ),
    (
      "header.repeat.count=2.5",
      "--set header.repeat.count: expected a whole number from 0 to 1000000, found the number 2.5"
    ),
    (
      "contentWidth=500",
      #"--set contentWidth: expected "contentWidth" only with "axis": "horizontal", found it with a vertical scene, whose key is "contentHeight""#
    ),
    (
      "header.repeat.spacing=4",
      "--set header.repeat.spacing: expected a repeated chain, found \"header\", which has no \"repeat\"; set header.repeat.count to give it copies"
    ),
  ]

  @Test("a value the scene refuses makes it invalid (65), named by its --set", arguments: refusals)
  func refusal(setting: String, line: String) {
    let file = InProcess.stretchyHeader
    let run = InProcess(["eval", file, "--offsets", "0", "--set", setting])
    #expect(run.status == .invalidScene)
    #expect(run.stdout == "")
    #expect(run.stderr == "error: \(file): \(line)\n")
    // validate reports it and goes on with the next file.
    let validate = InProcess(["validate", file, file, "--set", setting])
    #expect(validate.status == .invalidScene)
    #expect(validate.stderr == "error: \(file): \(line)\nerror: \(file): \(line)\n")
  }

  @Test("validate of several files reports a chain one of them lacks as that file's, and goes on")
  func validateSeveralFilesWithAMissingChain() {
    let carousel = InProcess.config("carousel.json")
    let header = InProcess.stretchyHeader
    let run = InProcess(["validate", carousel, header, "--set", "header.frame.height=400"])
    #expect(run.status == .invalidScene)
    #expect(
      run.stderr
        == "error: \(carousel): --set header.frame.height: no chain is named \"header\" (chains: card)\n"
    )
    #expect(run.stdout == "\(header): valid (2 chains, 2 views)\n")
    // One file alone: the option is wrong for the only scene, a usage error.
    let alone = InProcess(["validate", carousel, "--set", "header.frame.height=400"])
    #expect(alone.status == .usage)
    #expect(
      alone.stderr.hasPrefix(
        "Error: The value 'header.frame.height=400' is invalid for '--set <key=value> ...': "
          + "no chain is named \"header\" (chains: card)\n"))
  }

  @Test("a one-chain file with effects misspelt takes --set on its chain, and shows the typo")
  func setOnAOneChainFileWithATypo() throws {
    let text = #"{"name": "hero", "frame": {"height": 100}, "effect": [{"type": "stretch"}]}"#
    try InProcess.withSceneFiles([("typo", text)], prefix: "set-typo") { paths in
      let run = InProcess(["validate", paths[0], "--set", "hero.frame.height=10"])
      #expect(run.status == .invalidScene)
      #expect(
        run.stderr.hasPrefix(
          "error: \(paths[0]): effect: unknown key for a single-chain scene; did you mean \"effects\"?"
        ))
    }
  }

  @Test("validate of several files reports a file that is no scene as such, beside a --set")
  func severalFilesOneNotAScene() throws {
    try InProcess.withSceneFiles([("array", "[1]")], prefix: "set-array") { paths in
      let run = InProcess([
        "validate", InProcess.stretchyHeader, paths[0], "--set", "header.frame.height=10",
      ])
      #expect(run.status == .invalidScene)
      #expect(
        run.stderr == "error: \(paths[0]): top level: expected a scene object, found an array\n")
    }
  }

  @Test("a problem of the file itself keeps its path beside a refused --set")
  func fileProblemsKeepTheirPaths() throws {
    let text = #"{"chains": [{"name": "a", "frame": {"height": 0}}]}"#
    let loader = SceneLoader()
    var document = try JSONParser.parse(text)
    let path = try SceneSetting(parsing: "viewport.height=-1").apply(to: &document)
    #expect(path == JSONPath([.key("viewport"), .key("height")]))
    let error = #expect(throws: SceneLoadError.self) {
      try loader.scene(from: document, file: "f.json", labels: [path: "--set viewport.height"])
    }
    #expect(
      error?.lines == [
        "f.json: --set viewport.height: expected a number greater than 0 (at most 1e9), found the number -1",
        "f.json: chains[0].frame.height: expected a number greater than 0 (at most 1e9), found the number 0",
      ])
  }

  @Test("a chain name with dots, and a single-chain scene, take chain keys")
  func chainNames() throws {
    var document = try JSONParser.parse(
      #"{"chains": [{"name": "my.header", "frame": {"height": 10}}]}"#)
    let path = try SceneSetting(parsing: "my.header.frame.y=5").apply(to: &document)
    #expect(path == JSONPath([.key("chains"), .index(0), .key("frame"), .key("y")]))
    #expect(
      document
        == (try JSONParser.parse(
          #"{"chains": [{"name": "my.header", "frame": {"height": 10, "y": 5}}]}"#)))
    var single = try JSONParser.parse(#"{"name": "card", "frame": {"height": 10}, "effects": []}"#)
    let count = try SceneSetting(parsing: "card.repeat.count=3").apply(to: &single)
    #expect(count == JSONPath([.key("repeat"), .key("count")]))
    #expect(try SceneLoader().scene(from: single).get().viewCount == 3)
  }

  @Test("a spacing before the count that gives its chain copies is the file with both")
  func spacingBeforeCount() throws {
    try Self.withFiles { scene, _, _ in
      func rows(_ options: [String]) -> InProcess {
        InProcess(["eval", scene, "--offsets", "0,100", "--format", "csv"] + options)
      }
      let after = rows(["--set", "badge.repeat.count=3", "--set", "badge.repeat.spacing=5"])
      let before = rows(["--set", "badge.repeat.spacing=5", "--set", "badge.repeat.count=3"])
      #expect(before.status == .success, "\(before.stderr)")
      #expect(before.stdout == after.stdout)
      // Three badges of height 20 at y 40, 65 and 90.
      #expect(before.stdout.contains("\n0,badge[2],0,90,390,20,"))
      // Without a count, the spacing is still refused, named by its --set.
      let alone = rows(["--set", "badge.repeat.spacing=5", "--set", "badge.frame.y=1"])
      #expect(alone.status == .invalidScene)
      #expect(alone.stderr.contains(": --set badge.repeat.spacing: expected a repeated chain"))
    }
  }

  @Test("a chain whose name holds '=' takes --set")
  func chainNameWithEquals() throws {
    let text = #"""
      {"chains": [{"name": "h", "frame": {"height": 300}},
                  {"name": "a=b", "after": "h", "frame": {"y": 10, "height": 50}}]}
      """#
    try InProcess.withSceneFiles([("equals", text)], prefix: "set-equals") { paths in
      let run = InProcess([
        "eval", paths[0], "--offsets", "0", "--chain", "a=b", "--columns", "y", "--format", "csv",
        "--set", "a=b.frame.y=20",
      ])
      #expect(run.status == .success, "\(run.stderr)")
      // After h's 300 points, 20 below.
      #expect(run.stdout == "offset,chain,y\n0,a=b,320\n")
    }
  }

  @Test("a problem a --set makes at another path is named by that path and the --set")
  func problemElsewhere() {
    let carousel = InProcess.config("carousel-rtl.json")
    let run = InProcess(["eval", carousel, "--offsets", "0", "--set", "card.repeat.count=0"])
    #expect(run.status == .invalidScene)
    #expect(
      run.stderr
        == "error: \(carousel): snap.chain (after --set card.repeat.count): expected a repeated "
        + "chain with at least one copy, found \"card\", whose \"repeat\" has \"count\": 0\n")
    let step = InProcess([
      "simulate", carousel, "--gesture", "fling:1000,set:card.repeat.count=0",
    ])
    #expect(step.status == .invalidScene)
    #expect(
      step.stderr.hasPrefix(
        "error: \(carousel): snap.chain (after --gesture step 2 set:card.repeat.count): "))
  }

  @Test("a file that is no scene is refused as that, not as lacking a --set's chain")
  func noSceneBesideASetting() throws {
    try InProcess.withSceneFiles(
      [
        ("array", "[1]"), ("five", #"{"chains": 5}"#), ("none", #"{"chains": []}"#),
        ("nameless", #"{"frame": {"height": 300}, "effects": []}"#),
      ], prefix: "set-no-scene"
    ) { paths in
      // No chain at all, and one without its name: invalid files, which
      // no name could be set in.
      let none = InProcess(["eval", paths[2], "--offsets", "0", "--set", "h.frame.y=3"])
      #expect(none.status == .invalidScene)
      #expect(
        none.stderr
          == "error: \(paths[2]): chains: expected an array of at least one chain, found an empty array\n"
      )
      let nameless = InProcess(["eval", paths[3], "--offsets", "0", "--set", "h.frame.y=3"])
      #expect(nameless.status == .invalidScene)
      #expect(nameless.stderr.hasPrefix("error: \(paths[3]): name: missing required key"))
      let array = InProcess(["eval", paths[0], "--offsets", "0", "--set", "h.frame.y=3"])
      #expect(array.status == .invalidScene)
      #expect(
        array.stderr == "error: \(paths[0]): top level: expected a scene object, found an array\n")
      let five = InProcess(["eval", paths[1], "--offsets", "0", "--set", "h.frame.y=3"])
      #expect(five.status == .invalidScene)
      #expect(
        five.stderr
          == "error: \(paths[1]): chains: expected an array of at least one chain, found the number 5\n"
      )
      // A scene that lacks the chain is still a usage error, an invalid one
      // too: the setting's chain is named, with the nearest.
      let lacking = InProcess([
        "eval", InProcess.stretchyHeader, "--offsets", "0", "--set", "h.frame.y=3",
      ])
      #expect(lacking.status == .usage)
    }
    let invalid =
      #"{"viewport": {"width": 0}, "chains": [{"name": "header", "frame": {"height": 300}}]}"#
    try InProcess.withSceneFiles([("invalid", invalid)], prefix: "set-invalid") { paths in
      let run = InProcess([
        "eval", paths[0], "--offsets", "0", "--set", "viewport.width=390", "--set",
        "hedaer.frame.y=3",
      ])
      #expect(run.status == .usage)
      #expect(run.stderr.contains(#"no chain is named "hedaer"; did you mean "header"?"#))
    }
  }

  @Test("a problem the file has of its own is not put down to the settings")
  func ownProblemNotTheSettings() throws {
    // The snap chain has no copies and a height the loader refuses first:
    // the file alone is not checked as far as the snap chain.
    let text = #"""
      {"chains": [{"name": "card", "frame": {"height": -5}, "repeat": {"count": 0}}],
       "snap": {"chain": "card"}}
      """#
    try InProcess.withSceneFiles([("own", text)], prefix: "set-own") { paths in
      let run = InProcess([
        "eval", paths[0], "--offsets", "0", "--set", "card.frame.height=100",
      ])
      #expect(run.status == .invalidScene)
      #expect(run.stderr.contains("\(paths[0]): snap.chain: expected a repeated chain"))
      #expect(!run.stderr.contains("(after"))
    }
  }
}
