import EffectCommandLine
import EffectHost
import Foundation
import ScrollEffectsTestSupport
import Testing

@Suite struct ExportCommandTests {
  /// The fenced Swift block of Docs/Export.md after its `export` command.
  static func documentedExport() throws -> String {
    let text = try DocumentedText.text("Docs/Export.md")
    let command = "    $ swift run effectctl export Configs/stretchy-header.json --swift\n"
    let after = try #require(text.split(separator: command, maxSplits: 1).last)
    let block = try #require(after.split(separator: "```swift\n", maxSplits: 1).last)
    return String(try #require(block.split(separator: "\n```\n", maxSplits: 1).first)) + "\n"
  }

  @Test("Docs/Export.md shows the stretchy header's export as the command prints it")
  func documentedStretchyHeader() throws {
    let run = DocumentedText.run(["export", "Configs/stretchy-header.json", "--swift"])
    #expect(run.status == .success)
    #expect(run.stderr == "")
    #expect(run.stdout == (try Self.documentedExport()))
  }

  @Test("the type is named after the file, or by --name")
  func typeName() {
    #expect(SwiftExport.typeName(forFile: "Configs/stretchy-header.json") == "StretchyHeader")
    #expect(SwiftExport.typeName(forFile: "app_bar.v2.json") == "AppBarV2")
    #expect(SwiftExport.typeName(forFile: "3d-cards.json") == "Scene3dCards")
    #expect(SwiftExport.typeName(forFile: "-") == "ExportedScene")
    // Letters of any script a Swift name takes.
    #expect(SwiftExport.typeName(forFile: "日本.json") == "日本")
    #expect(SwiftExport.typeName(forFile: "café-list.json") == "CaféList")
    #expect(SwiftExport.typeName(forFile: "😀.json") == "ExportedScene")
    let run = InProcess(["export", InProcess.stretchyHeader, "--swift", "--name", "Header_2"])
    #expect(run.status == .success)
    #expect(run.stdout.contains("public struct Header_2: Sendable {"))
    #expect(run.stdout.hasPrefix("// Header_2.swift: the scene stretchy-header.json as Swift"))
    let accented = InProcess(["export", InProcess.stretchyHeader, "--swift", "--name", "Café"])
    #expect(accented.status == .success)
    #expect(accented.stdout.contains("public struct Café: Sendable {"))
  }

  @Test(
    "a name that is not a Swift identifier is a usage error",
    arguments: ["1Header", "my-header", "Hé der", "\u{301}Header", "😀", ""])
  func invalidName(_ name: String) {
    let run = InProcess(["export", InProcess.stretchyHeader, "--swift", "--name", name])
    #expect(run.status == .usage)
    #expect(run.stdout == "")
    #expect(
      run.stderr.hasPrefix(
        "Error: The value '\(name)' is invalid for '--name <type>': \"\(name)\" is not a Swift type name"
      ))
  }

  @Test(
    "comments quote the file: a horizontal expression's key and text, a pin's chain, each formula")
  func commentsQuoteTheFile() throws {
    let horizontal = try EscapingTests.file(
      #"{"axis": "horizontal", "chains": [{"name": "a", "frame": {"width": 100}, "effects": [{"type": "expression", "width": "minX - insetTop", "opacity": "progress"}, {"type": "collapse", "minWidth": 40}]}]}"#
    )
    let sideways = InProcess(["export", horizontal, "--swift"])
    #expect(sideways.status == .success)
    #expect(
      sideways.stdout.contains(
        "let newHeight = view.y - Self.insetTop  // width: minX - insetTop\n"))
    #expect(sideways.stdout.contains("  // progress\n"))
    #expect(
      sideways.stdout.contains(
        "// line L = It + inset, excess e = L - y; past it height = min(h, max(minHeight, h - e))"))
    let sections = try EscapingTests.file(
      #"{"contentHeight": 3000, "chains": [{"name": "comments", "frame": {"y": 1200, "height": 50}}, {"name": "bar", "frame": {"y": 100, "height": 40}, "effects": [{"type": "pin", "until": {"chain": "comments"}}, {"type": "stretch", "maxStretch": 80}]}, {"name": "tab", "frame": {"y": 400, "height": 30}, "repeat": {"count": 1}, "effects": [{"type": "pin", "until": "next"}]}]}"#
    )
    let pinned = InProcess(["export", sections, "--swift"])
    #expect(pinned.status == .success)
    #expect(pinned.stdout.contains("let until = 1200.0  // the top of chain \"comments\"\n"))
    #expect(pinned.stdout.contains("let sectionEdge = contentOrigin + Self.contentHeight\n"))
    #expect(pinned.stdout.contains("// s = min(resistance * pull, maxStretch); grow"))
    #expect(!pinned.stdout.contains(">= 0 ?"))
  }

  @Test("_ alone is a usage error saying it names nothing")
  func underscoreName() {
    let run = InProcess(["export", InProcess.stretchyHeader, "--swift", "--name", "_"])
    #expect(run.status == .usage)
    #expect(
      run.stderr.hasPrefix(
        #"Error: The value '_' is invalid for '--name <type>': "_" alone names nothing in Swift"#))
  }

  @Test(
    "a keyword, a name the exported code uses, or a standard library type or function is a usage error saying so",
    arguments: [
      ("struct", "is a Swift keyword"), ("Self", "is a Swift keyword"),
      ("Double", "is a name the exported code uses"), ("pow", "is a name the exported code uses"),
      ("Never", "is a standard library type, which the exported struct would hide in the app"),
      ("Task", "is a standard library type, which the exported struct would hide in the app"),
      ("Regex", "is a standard library type, which the exported struct would hide in the app"),
      // A struct `print` makes the app's `print("...")` call its initialiser.
      ("print", "is a standard library function, which the exported struct would hide in"),
      ("zip", "is a standard library function, which the exported struct would hide in"),
      ("withTaskGroup", "is a standard library function, which the exported struct would hide"),
    ])
  func refusedName(_ name: String, _ reason: String) {
    let run = InProcess(["export", InProcess.stretchyHeader, "--swift", "--name", name])
    #expect(run.status == .usage)
    #expect(run.stdout == "")
    #expect(
      run.stderr.hasPrefix(
        "Error: The value '\(name)' is invalid for '--name <type>': \"\(name)\" \(reason)"))
  }

  @Test("a file named as a keyword or a standard library type gives a name with Scene after it")
  func fileNamedAsKeyword() throws {
    let files = [
      ("self.json", "SelfScene"), ("double.json", "DoubleScene"), ("never.json", "NeverScene"),
      ("result.json", "ResultScene"), ("main-actor.json", "MainActorScene"),
    ]
    for (file, type) in files {
      let path = Scratch.root
        .appendingPathComponent("export-\(UUID().uuidString)").appendingPathComponent(file)
      try FileManager.default.createDirectory(
        at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: path.deletingLastPathComponent()) }
      try Data(contentsOf: URL(fileURLWithPath: InProcess.stretchyHeader)).write(to: path)
      let run = InProcess(["export", path.path, "--swift"])
      #expect(run.status == .success)
      #expect(run.stdout.contains("public struct \(type): Sendable {"))
    }
  }

  @Test("a macro's name is no type's: `--name line` is taken")
  func macroNames() {
    #expect(SwiftExport.isTypeName("line"))
    #expect(SwiftExport.isTypeName("warning"))
  }

  @Test("a name derived from any refused name is one the export accepts")
  func derivedNamesAreAccepted() {
    let refused = SwiftExport.keywords.union(SwiftExport.reservedNames)
      .union(SwiftExport.standardLibraryNames).union(SwiftExport.standardLibraryFunctionNames)
    for name in refused {
      #expect(!SwiftExport.isTypeName(name), "\(name)")
      let derived = SwiftExport.typeName(forFile: "scenes/\(name).json")
      #expect(SwiftExport.isTypeName(derived), "\(name) gives \(derived)")
    }
  }

  @Test("export without --swift is a usage error naming it")
  func swiftIsRequired() {
    let run = InProcess(["export", InProcess.stretchyHeader])
    #expect(run.status == .usage)
    #expect(run.stdout == "")
    #expect(run.stderr.hasPrefix("Error: export needs --swift"))
    // The usage line shows it as required, without brackets, as the docs do.
    #expect(run.stderr.contains("Usage: effectctl export <scene> --swift [--name <type>]"))
  }

  @Test(
    "a scene with a plugin's effect is refused, naming its JSON path, the chain, the effect and its type"
  )
  func pluginEffect() throws {
    let registry = try EffectRegistry.builtIn.registering(DimEffect.self)
    let scene = try EscapingTests.file(
      #"{"chains": [{"name": "header", "frame": {"height": 300}, "effects": [{"type": "stretch"}, {"type": "dim"}]}]}"#
    )
    let run = InProcess(["export", scene, "--swift"], tool: Effectctl.tool(registry: registry))
    #expect(run.status == .failure)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == "error: \(scene): chains[0].effects[1].type: chain \"header\", effect 1: "
        + "effect type \"dim\" cannot be "
        + "exported as Swift; only the built-in effects can\n")
  }

  @Test(
    "every effect that cannot be exported is named by its index in the file, with or without reduced motion"
  )
  func pluginEffectsCountedInTheFile() throws {
    let registry = try EffectRegistry.builtIn.registering(DimEffect.self)
    // parallax is skipped under reduced motion; the first dim is kept, the
    // second skipped, the third kept.
    let scene = try EscapingTests.file(
      #"{"chains": [{"name": "header", "frame": {"height": 300}, "effects": [{"type": "parallax"}, {"type": "dim", "reducedMotion": "keep"}, {"type": "stretch"}, {"type": "dim", "reducedMotion": "skip"}]}, {"name": "row", "frame": {"y": 300, "height": 50}, "effects": [{"type": "dim", "reducedMotion": "keep"}]}]}"#
    )
    let tool = Effectctl.tool(registry: registry)
    let start =
      "error: \(scene): chains[0].effects[1].type: chain \"header\", effect 1: "
      + "effect type \"dim\" cannot be exported as Swift; only the built-in effects can"
    let run = InProcess(["export", scene, "--swift"], tool: tool)
    #expect(run.status == .failure)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == start
        + "; nor can chain \"header\", effect 3 (\"dim\") at chains[0].effects[3], "
        + "chain \"row\", effect 0 (\"dim\") at chains[1].effects[0]\n")
    // Reduced motion leaves parallax and the second dim out of the export:
    // the others keep the indices the file gives them.
    let reduced = InProcess(["export", scene, "--swift", "--reduce-motion"], tool: tool)
    #expect(reduced.status == .failure)
    #expect(
      reduced.stderr
        == start + "; nor can chain \"row\", effect 0 (\"dim\") at chains[1].effects[0]\n")
  }

  @Test("a refused chain's name is quoted and escaped: its quote cannot make a second refusal")
  func pluginEffectNamesEscaped() throws {
    let registry = try EffectRegistry.builtIn.registering(DimEffect.self)
    // Raw, the first name would read `chain "b", effect 9: fine; nor can
    // chain "c", effect 0 ("dim")`: a refusal of a chain the file lacks.
    let scene = try EscapingTests.file(
      #"{"chains": [{"name": "b\", effect 9: fine; nor can chain \"c", "frame": {"height": 300}, "effects": [{"type": "dim"}]}, {"name": "a\nb", "frame": {"y": 300, "height": 50}, "effects": [{"type": "dim"}]}]}"#
    )
    let run = InProcess(["export", scene, "--swift"], tool: Effectctl.tool(registry: registry))
    #expect(run.status == .failure)
    #expect(
      run.stderr
        == "error: \(scene): chains[0].effects[0].type: chain \"b\\\", effect 9: fine; "
        + "nor can chain \\\"c\", effect 0: effect type \"dim\" cannot be exported as Swift; "
        + "only the built-in effects can; nor can chain \"a\\nb\", effect 0 (\"dim\") "
        + "at chains[1].effects[0]\n")
  }

  @Test("steps, linear(), view ranges, timeline insets and events on a range are exported")
  func shapedForms() throws {
    let cases = [
      (
        #"{"chains": [{"name": "title", "frame": {"height": 40}, "effects": [{"type": "interpolate", "property": "opacity", "stops": [[0, 1], [100, 0]], "easing": "steps(4)"}]}]}"#,
        "private static func steps0(_ progress: Double) -> Double {"
      ),
      (
        #"{"chains": [{"name": "title", "frame": {"height": 40}, "effects": [{"type": "interpolate", "property": "opacity", "stops": [[0, 1], [100, 0]], "easing": "linear(0, 0.25 75%, 1)"}]}]}"#,
        "private static func piecewiseLinear0(_ progress: Double) -> Double {"
      ),
      (
        #"{"chains": [{"name": "card", "frame": {"height": 40}, "effects": [{"type": "pin"}, {"type": "interpolate", "property": "opacity", "input": "progress", "range": "entry", "timelineInset": [10, "5%"], "stops": [[0, 0], [1, 1]]}]}]}"#,
        "let length = viewportHeight - line - 5.0 / 100 * viewportHeight"
      ),
      (
        #"{"chains": [{"name": "card", "frame": {"height": 40}, "events": [{"name": "in", "input": "progress", "range": "entry", "crosses": 0.5}]}]}"#,
        "Self.timelineProgress0(minY: y[row], height: height[row])"
      ),
    ]
    for (json, expected) in cases {
      let run = InProcess(["export", try EscapingTests.file(json), "--swift"])
      #expect(run.status == .success)
      #expect(run.stderr == "")
      #expect(run.stdout.contains(expected))
      // Steps round down with the C library's floor, which a program links
      // only through the platform's module.
      #expect(run.stdout.contains("import Glibc") == json.contains("steps("))
    }
  }

  @Test("--set and --device lay the exported scene out: the header follows the set height")
  func layoutOptions() throws {
    let run = InProcess([
      "export", InProcess.stretchyHeader, "--swift", "--set", "header.frame.height=420",
    ])
    #expect(run.status == .success)
    #expect(run.stdout.contains("height: 420.0"))
    // The header names the options, with which eval prints the same values.
    #expect(run.stdout.contains("columns indexed as `viewNames`. The options:\n"))
    #expect(run.stdout.contains("\n//   --set header.frame.height=420\n"))
    let all = InProcess([
      "export", InProcess.stretchyHeader, "--swift", "--reduce-motion", "--set",
      "header.frame.height=420", "--device", "iphone-se-3",
    ])
    #expect(
      all.stdout.contains(
        "\n//   --device iphone-se-3 --set header.frame.height=420 --reduce-motion\n"))
    let plain = InProcess(["export", InProcess.stretchyHeader, "--swift"])
    #expect(!plain.stdout.contains("The options:"))
    // A value a shell would split or read is quoted, as a command line takes it.
    let spaced = try EscapingTests.file(
      #"{"chains": [{"name": "hero image", "frame": {"height": 300}}, {"name": "it's", "frame": {"y": 300, "height": 10}}]}"#
    )
    let quoted = InProcess([
      "export", spaced, "--swift", "--set", "hero image.frame.y=1e2", "--set", "it's.frame.x=2",
    ])
    #expect(
      quoted.stdout.contains(
        #"//   --set 'hero image.frame.y=100' --set 'it'\''s.frame.x=2'"# + "\n"))
    let device = InProcess(["export", InProcess.stretchyHeader, "--swift", "--device", "nope"])
    #expect(device.status == .usage)
  }

  @Test(
    "an option with a line break or an invisible character is quoted as $'...', which a shell reads back"
  )
  func controlCharactersInOptions() throws {
    let scene = try EscapingTests.file(
      #"{"chains": [{"name": "a\nb x", "frame": {"height": 300}}, {"name": "c\u202E'\\", "frame": {"y": 300, "height": 10}}]}"#
    )
    let run = InProcess([
      "export", scene, "--swift", "--set", "a\nb x.frame.y=3", "--set", "c\u{202E}'\\.frame.x=2",
    ])
    #expect(run.status == .success)
    #expect(
      run.stdout.contains(
        #"//   --set $'a\nb x.frame.y=3' --set $'c\u202E\'\\.frame.x=2'"# + "\n"))
    // bash reads each word back as the option's value.
    let bash = Process()
    bash.executableURL = URL(fileURLWithPath: "/bin/bash")
    bash.arguments = ["-c", #"printf '%s|' $'a\nb x.frame.y=3' $'c\u202E\'\\.frame.x=2'"#]
    // `\u` gives UTF-8 in a UTF-8 locale.
    bash.environment = ["LC_ALL": "C.UTF-8"]
    let pipe = Pipe()
    bash.standardOutput = pipe
    try bash.run()
    bash.waitUntilExit()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(output == "a\nb x.frame.y=3|c\u{202E}'\\.frame.x=2|")
  }

  @Test("a missing scene is 66, an invalid one 65, as for every command")
  func badScenes() throws {
    let missing = InProcess(["export", "/nonexistent/scene.json", "--swift"])
    #expect(missing.status == .unreadableScene)
    #expect(missing.stdout == "")
    #expect(missing.stderr == "error: /nonexistent/scene.json: no such file\n")
    let invalid = try EscapingTests.file(#"{"chains": [{"name": "a"}]}"#)
    let refused = InProcess(["export", invalid, "--swift"])
    #expect(refused.status == .invalidScene)
    #expect(refused.stdout == "")
    #expect(
      refused.stderr
        == "error: \(invalid): chains[0].frame: missing required key; expected an object\n")
  }

  @Test("-o writes the file, and nothing goes to standard output")
  func outputFile() throws {
    let directory = Scratch.root
      .appendingPathComponent("export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("StretchyHeader.swift").path
    let run = InProcess(["export", InProcess.stretchyHeader, "--swift", "-o", file])
    #expect(run.status == .success)
    #expect(run.stdout == "")
    let written = try String(contentsOfFile: file, encoding: .utf8)
    #expect(written == InProcess(["export", InProcess.stretchyHeader, "--swift"]).stdout)
  }

  @Test("--reduce-motion leaves out the effects reduced motion skips")
  func reducedMotion() throws {
    let scene = try EscapingTests.file(
      #"{"chains": [{"name": "header", "frame": {"height": 300}, "effects": [{"type": "stretch"}, {"type": "parallax"}]}]}"#
    )
    let full = InProcess(["export", scene, "--swift"])
    let reduced = InProcess(["export", scene, "--swift", "--reduce-motion"])
    #expect(full.stdout.contains("do {  // parallax"))
    #expect(!reduced.stdout.contains("parallax"))
    #expect(reduced.stdout.contains("do {  // stretch"))
  }

  @Test(
    "a column one view alone changes is written where it changed; the others, and a position the content moves, every frame"
  )
  func columnsWrittenOnChange() throws {
    // Rows 0 and 1 are single views, the header in the content and a badge
    // in the viewport; rows 2 to 4 are the copies of "row". y and translateY
    // are the header's and the badge's (which parallax moves), opacity the
    // badge's and the rows': every frame. height is the header's alone,
    // scaleX and scaleY the badge's alone: where they changed.
    let scene = try EscapingTests.file(
      #"{"chains": [{"name": "header", "frame": {"height": 300}, "effects": [{"type": "stretch"}]}, {"name": "badge", "attachment": "viewport", "frame": {"y": 40, "height": 20}, "effects": [{"type": "parallax", "rate": 0.5}, {"type": "interpolate", "input": "offset", "property": "opacity", "stops": [[0, 1], [100, 0]]}, {"type": "interpolate", "input": "offset", "property": "scale", "stops": [[0, 1], [100, 2]]}]}, {"name": "row", "repeat": {"count": 3}, "frame": {"height": 50}, "effects": [{"type": "interpolate", "input": "progress", "property": "opacity", "stops": [[0, 0], [1, 1]]}]}]}"#
    )
    let source = InProcess(["export", scene, "--swift"]).stdout
    #expect(source.contains("let y, translateY, opacity: UnsafeMutableBufferPointer<Double>"))
    #expect(
      source.contains("if Self.differs(height, 0, headerValue) {\n      height[0] = headerValue"))
    #expect(source.contains("if Self.differs(scaleX, 1, badgeValues.scaleX) {"))
    #expect(source.contains("if Self.differs(scaleY, 1, badgeValues.scaleY) {"))
    for column in ["y", "translateY", "opacity"] {
      #expect(!source.contains("Self.differs(\(column),"))
    }
    // A scene whose one view stays in the viewport takes no buffer pointer.
    let badge = try EscapingTests.file(
      #"{"chains": [{"name": "badge", "attachment": "viewport", "frame": {"height": 20}, "effects": [{"type": "interpolate", "input": "offset", "property": "opacity", "stops": [[0, 1], [100, 0]]}]}]}"#
    )
    let alone = InProcess(["export", badge, "--swift"]).stdout
    #expect(!alone.contains("withColumns"))
    #expect(alone.contains("let badgeValue = Self.evaluateBadge(offset: offset)"))
    #expect(alone.contains("if Self.differs(opacity, 0, badgeValue) {"))
  }

  @Test(
    "a chain's own visuals are written when the export is made; a frame writes only what an effect changes"
  )
  func chainVisualsWrittenOnce() throws {
    // "cards" sets both visuals and no effect touches them; "fading" sets
    // its opacity, which its interpolation multiplies every frame.
    let scene = try EscapingTests.file(
      #"{"chains": [{"name": "cards", "repeat": {"count": 4}, "frame": {"height": 50}, "opacity": 0.5, "zIndex": 3, "effects": [{"type": "parallax"}]}, {"name": "fading", "repeat": {"count": 2}, "frame": {"y": 400, "height": 50}, "opacity": 0.75, "effects": [{"type": "interpolate", "input": "offset", "property": "opacity", "stops": [[0, 1], [100, 0]]}]}]}"#
    )
    let source = InProcess(["export", scene, "--swift"]).stdout
    #expect(source.contains("    for row in 0..<4 { opacity[row] = 0.5 }\n"))
    #expect(source.contains("    for row in 0..<4 { zIndex[row] = 3.0 }\n"))
    #expect(source.contains("    for row in 4..<6 { opacity[row] = 0.75 }\n"))
    #expect(!source.contains("zIndex[row] = 0.0"))
    // Each view starts from them, before its effects.
    #expect(
      source.contains(
        "View(x: 0.0, y: naturalY, width: 390.0, height: 50.0, opacity: 0.5, zIndex: 3.0)"))
    #expect(source.contains("View(x: 0.0, y: naturalY, width: 390.0, height: 50.0, opacity: 0.75)"))
    // A frame stores the cards' position, and the opacity the interpolation changes.
    #expect(source.contains("let y, translateY, opacity: UnsafeMutableBufferPointer<Double>"))
    #expect(!source.contains("columns.zIndex"))
  }

  @Test("a horizontal scene exports, its twin's columns written on the screen's axes")
  func horizontalScene() throws {
    let scene = try EscapingTests.file(
      #"{"axis": "horizontal", "viewport": {"width": 400, "height": 300}, "chains": [{"name": "hero", "frame": {"width": 250}, "effects": [{"type": "stretch"}]}]}"#
    )
    let leftToRight = InProcess(["export", scene, "--swift"])
    #expect(leftToRight.status == .success)
    #expect(leftToRight.stdout.contains("// The scene scrolls sideways"))
    // The stretch grows the twin's height: the screen's width, its top the
    // screen's x. The one view's width is written where it changed; its
    // position, which the content moves, every frame.
    #expect(
      leftToRight.stdout.contains("return (width: view.height, translateX: view.y - naturalY)"))
    #expect(leftToRight.stdout.contains("columns.x[row] = view.y"))
    #expect(!leftToRight.stdout.contains("screenWidth"))
    let mirrored = try EscapingTests.file(
      #"{"axis": "horizontal", "layoutDirection": "rightToLeft", "viewport": {"width": 400, "height": 300}, "chains": [{"name": "hero", "frame": {"width": 250}, "effects": [{"type": "stretch"}]}]}"#
    )
    let rightToLeft = InProcess(["export", mirrored, "--swift"])
    #expect(rightToLeft.status == .success)
    #expect(rightToLeft.stdout.contains("static let screenWidth = 400.0"))
    #expect(rightToLeft.stdout.contains("let x = Self.screenWidth - view.y - view.height"))
    #expect(rightToLeft.stdout.contains("rotation = Array(repeating: -0.0, count: count)"))
  }
}
