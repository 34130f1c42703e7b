import EffectHost
import EffectProtocol

/// `effectctl export`: a scene as source code (Docs/Export.md).
public struct ExportCommand: Subcommand {
  public static let configuration = CommandConfiguration(
    name: "export",
    abstract: "Write a scene as Swift source: a struct that evaluates it without the library.",
    discussion: [
      "One Swift file that needs only the standard library and the platform's C math: a",
      "struct with init(), static viewNames, evaluate(offset:) and",
      "evaluate(offset:time:phase:), one [Double] property a column (x ... zIndex) indexed",
      "in row order, and events. Its values are those eval prints, as Doubles. Constants",
      "are baked in, one function a chain. A scene with a plugin's effect is refused (1).",
      "",
      "EXAMPLES:",
      "  effectctl export Configs/stretchy-header.json --swift -o StretchyHeader.swift",
      "  effectctl export Configs/fade-in-list.json --swift --name FadeInList > FadeInList.swift",
    ])

  @Argument("scene", help: ["The scene file, or - to read standard input."], reader: .path)
  public var scene: String
  @Flag(
    "--swift", help: ["Write Swift source (the one language export writes; required)."],
    missing: "export needs --swift, the language to write (Swift is the one it writes)")
  public var swift: Bool
  @Option(
    "--name", valueName: "type",
    help: [
      "The struct's name. (default: from the file's name,",
      "stretchy-header.json -> StretchyHeader; ExportedScene for -)",
    ])
  public var name: String?
  @Flag("--reduce-motion", help: EvalCommand.reduceMotionHelp)
  public var reducesMotion: Bool
  /// `--device` and `--set`: the layout given on the command line.
  public var layout = LayoutOptions()
  @Option(
    "-o", valueName: "file",
    help: [
      "Write the Swift file to this file (a regular file is replaced",
      "whole, never left half written; a link, a device or a FIFO is",
      "written through); '-' or no -o is standard output.",
    ], reader: .path)
  public var output: String?

  public init() {}

  public func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    var export: SwiftExport
    do {
      export = try SwiftExport(
        typeName: name ?? SwiftExport.typeName(forFile: scene), sourceName: sourceName)
    } catch {
      // As every other option's value is refused; a name worked out from
      // the file's name is always one Swift takes.
      let value = MessageText.escapingUnsafe(name ?? "")
      throw .usage(
        UsageError(
          message: "The value '\(value)' is invalid for '\($name.label)': \(error.description)",
          command: Self.spec))
    }
    // In the order the scene takes them, as a shell's command line gives
    // them: a value with a space or a shell's special character quoted.
    export.options =
      (layout.device.map { ["--device \(Self.shellWord($0.name))"] } ?? [])
      + layout.settings.map { "--set \(Self.shellWord("\($0)"))" }
      + (reducesMotion ? ["--reduce-motion"] : [])
    try PictureOutput.prepare(output: output, scene: scene, option: $output, command: Self.spec)
    let loaded = try SceneLoader(registry: context.registry).loadForCommand(
      scene, layout: layout, command: Self.spec)
    // The path as given, as every other refusal names the scene.
    let file = MessageText.sceneFile(scene)
    // Effects counted as the file declares them, every one named, before
    // reduced motion leaves some out.
    // Each named by its JSON path first, as a scene's other mistakes are.
    let unsupported = SwiftExport.unsupportedEffectsWithPaths(
      in: loaded, reducesMotion: reducesMotion)
    if let first = unsupported.first {
      let others = unsupported.dropFirst().map { "\($0.error.listedDescription) at \($0.path)" }
      let more = others.isEmpty ? "" : "; nor can \(others.joined(separator: ", "))"
      throw .failed(
        message: "\(file): \(first.path).type: \(first.error.description)\(more)",
        status: .failure)
    }
    let host = try SceneHost.allocatingForCommand(loaded, reducesMotion: reducesMotion)
    // After the scene is read, as eval does.
    Interruption.install()
    let source: String
    do {
      source = try export.source(of: host)
    } catch {
      throw .failed(message: "\(file): \(error.description)", status: .failure)
    }
    try PictureOutput.write(source, to: output, console: context.console)
    return .success
  }

  /// `text` as one word of a shell's command line: as it is when it holds
  /// only letters, digits and `-_.,:/=+@%`; in `$'...'` quotes, with
  /// escapes a shell reads back (`\n`, `\t`, `\\`, `\'`, `\xHH`,
  /// `\uHHHH`), when it holds a scalar that must not stand raw in a line
  /// (a control or format character, a separator, a space but U+0020),
  /// which plain single quotes would keep as the two characters `\n`;
  /// else in single quotes (a quote in it closed, escaped and opened again).
  static func shellWord(_ text: String) -> String {
    let plain =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy { scalar in
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "-_.,:/=+@%".unicodeScalars.contains(scalar)
      }
    if plain { return text }
    guard text.unicodeScalars.contains(where: \.isUnsafeInMessage) else {
      return "'" + text.replacing("'", with: #"'\''"#) + "'"
    }
    var word = "$'"
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": word += #"\n"#
      case "\t": word += #"\t"#
      case "\\": word += #"\\"#
      case "'": word += #"\'"#
      case _ where scalar.isUnsafeInMessage:
        word +=
          scalar.value < 0x80
          ? #"\x"# + MessageText.hex(scalar.value, count: 2)
          : scalar.value <= 0xFFFF
            ? #"\u"# + MessageText.hex(scalar.value, count: 4)
            : #"\U"# + MessageText.hex(scalar.value, count: 8)
      default: word.unicodeScalars.append(scalar)
      }
    }
    return word + "'"
  }

  /// The scene's file name, as the exported file's header names it.
  private var sourceName: String {
    scene == "-" ? "<stdin>" : (scene.split(separator: "/").last.map(String.init) ?? scene)
  }
}
