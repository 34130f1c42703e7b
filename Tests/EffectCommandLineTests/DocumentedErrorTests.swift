import EffectCommandLine
import Foundation
import ScrollEffectsTestSupport
import Testing

/// The error messages the documents quote are what `effectctl` prints for
/// the files they describe: Scenes.md's example scene is run through
/// `validate` and compared line by line, and so are its malformed, large
/// and wrong files, Expressions.md's mistakes and the messages the prose
/// quotes for unreadable files and unwritable pictures.
@Suite struct DocumentedErrorTests {
  /// A new temporary folder, and a function that takes its path out of text.
  static func folder() throws -> (URL, (String) -> String) {
    let directory = Scratch.root
      .appendingPathComponent("documented-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let prefix = directory.standardizedFileURL.path + "/"
    return (directory, { $0.replacing(prefix, with: "") })
  }

  /// The code blocks of `document` after its `## heading`.
  static func blocks(in document: String, after heading: String) throws -> [DocumentedText.Block] {
    let lines = try DocumentedText.text(document).split(
      separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex(of: "## \(heading)"), "\(document) has no \(heading)")
    return try DocumentedText.blocks(in: document).filter { $0.line > start }
  }

  @Test("Scenes.md's example scene gives the messages it shows, in order, and exit status 65")
  func scenesExample() throws {
    let blocks = try Self.blocks(in: "Docs/Scenes.md", after: "Errors")
    let prose = try DocumentedText.prose("Docs/Scenes.md")
    #expect(prose.contains("`effectctl validate header.json` on"))
    #expect(prose.contains("prints, and exits with 65:"))
    let (directory, local) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("header.json")
    try Data(blocks[0].lines.joined(separator: "\n").utf8).write(to: file)
    let run = DocumentedText.run(["validate", file.path])
    #expect(run.status == .invalidScene)
    #expect(run.stdout.isEmpty)
    #expect(DocumentedText.lines(local(run.stderr)) == blocks[1].lines)
  }

  @Test("Scenes.md's malformed file, file too large and file of 1,200 wrong values")
  func scenesWholeFileErrors() throws {
    let shown = try #require(
      try Self.blocks(in: "Docs/Scenes.md", after: "Errors").dropFirst(2).first)
    let prose = try DocumentedText.prose("Docs/Scenes.md")
    let (directory, local) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    // bad.json holds what the prose says it holds.
    let bad = try #require(prose.firstMatch(of: /`bad\.json` holding `([^`]*)`/)).output.1
    try Data(bad.utf8).write(to: directory.appendingPathComponent("bad.json"))
    // big.json: a file of 32 MiB and one byte, refused by its size unread.
    #expect(prose.contains("a file of 32 MiB and one byte"))
    let big = directory.appendingPathComponent("big.json")
    #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
    let handle = try FileHandle(forWritingTo: big)
    try handle.truncate(atOffset: 32 * 1024 * 1024 + 1)
    try handle.close()
    // rates.json: a chain of 1,200 effects, each with a rate that is not a number.
    #expect(prose.contains("a file with 1,200 wrong values"))
    let effects = Array(repeating: #"{"type": "parallax", "rate": "fast"}"#, count: 1200)
    try Data(
      #"{"chains": [{"name": "a", "frame": {"height": 10}, "effects": [\#(effects.joined(separator: ","))]}]}"#
        .utf8
    ).write(to: directory.appendingPathComponent("rates.json"))
    var printed: [String] = []
    for name in ["bad.json", "big.json", "rates.json"] {
      let run = DocumentedText.run(["validate", directory.appendingPathComponent(name).path])
      #expect(run.status == .invalidScene, "\(name)")
      printed.append(DocumentedText.lines(local(run.stderr)).last ?? "")
    }
    #expect(printed == shown.lines)
  }

  /// The mistakes Expressions.md lists, each as the effect that makes it.
  static let expressionMistakes = [
    #"{"type": "expression", "y": "y - 0.5*ofset"}"#,
    #"{"type": "expression", "y": "1 + smoothstp(0, 1, offset)"}"#,
    #"{"type": "expression", "y": "clamp(offset, 0)"}"#,
    #"{"type": "expression", "y": "max + 1"}"#,
    #"{"type": "expression", "y": "offset(2)"}"#,
    #"{"type": "expression", "y": "y = 2"}"#,
    #"{"type": "expression", "y": "y => 2"}"#,
    #"{"type": "expression", "y": "y \#u{2212} 2"}"#,
    #"{"type": "expression", "y": "y +"}"#,
    #"{"type": "expression", "y": "y 2"}"#,
    #"{"type": "expression", "y": "(y + 1"}"#,
    #"{"type": "expression", "y": "sqrt(-1"}"#,
    #"{"type": "expression", "y": ""}"#,
    #"{"type": "expression", "y": 3}"#,
    #"{"type": "expression"}"#,
  ]

  @Test("Expressions.md's errors are what validate prints for its mistakes, one for one")
  func expressionErrors() throws {
    let shown = try #require(try Self.blocks(in: "Docs/Expressions.md", after: "Errors").first)
    let (directory, _) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("scene.json")
    var printed: [String] = []
    for effect in Self.expressionMistakes {
      try Data(
        #"{"chains": [{"name": "a", "frame": {"height": 10}, "effects": [\#(effect)]}]}"#.utf8
      ).write(to: file)
      let run = DocumentedText.run(["validate", file.path])
      #expect(run.status == .invalidScene, "\(effect)")
      let prefix = "error: \(file.standardizedFileURL.path): "
      printed.append(String(run.stderr.dropFirst(prefix.count).dropLast()))
    }
    #expect(printed.count == shown.lines.count)
    for (line, message) in zip(shown.lines, printed) {
      #expect(
        DocumentedText.matches(line, message),
        "Expressions.md shows \"\(line)\"; printed \"\(message)\"")
    }
  }

  /// Messages the prose quotes, each with the arguments that print it (a
  /// name under `@` is a path in a temporary folder), the document, and the
  /// exit status CommandLine.md's table gives it: 66 for a scene that is
  /// missing or unreadable, 1 for a `-o` path that cannot be written.
  static let quotedMessages: [(String, [String], ExitCode)] = [
    ("Docs/Scenes.md", ["validate", "@nothere.json"], .unreadableScene),
    ("Docs/CommandLine.md", ["validate", "@bad\nerror: all good.json"], .unreadableScene),
    ("Docs/CommandLine.md", ["validate", "@"], .unreadableScene),
    (
      "Docs/CommandLine.md",
      ["plot", "Configs/stretchy-header.json", "--offsets", "0:10", "-o", "@out/plot.svg"],
      .failure
    ),
    (
      "Docs/CommandLine.md",
      ["plot", "Configs/stretchy-header.json", "--offsets", "0:10", "-o", "/tmp"], .failure
    ),
  ]

  @Test("the messages the prose quotes for unreadable scenes and unwritable pictures")
  func quotedInProse() throws {
    let (directory, local) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    for (document, arguments, status) in Self.quotedMessages {
      let arguments = arguments.map { argument in
        guard argument.hasPrefix("@") else { return argument }
        let name = argument.dropFirst()
        return name.isEmpty ? directory.path : directory.appendingPathComponent(String(name)).path
      }
      let run = DocumentedText.run(arguments)
      #expect(run.status == status, "\(arguments)")
      // The folder's own path is a directory: `FILE: REASON` names it as the
      // documents do, by what it is.
      let message = local(run.stderr).replacing(directory.standardizedFileURL.path, with: "FILE")
        .trimmingCharacters(in: .newlines)
      let prose = try DocumentedText.prose(document)
      var quoted = ["`\(message)`"]
      if message.hasPrefix("error: FILE: ") {
        quoted = ["`error: FILE: REASON`", "`\(message.dropFirst("error: FILE: ".count))`"]
      }
      let found = quoted.allSatisfy { prose.contains($0) }
      #expect(found, "\(document) does not quote \(quoted)")
    }
  }
  /// For each row of Scenes.md's limits table, what goes past it: the
  /// arguments of a command (a name under `@` is a file in a temporary
  /// folder that `files` writes) and the exit status CommandLine.md's table
  /// gives it: 65 for an invalid scene, 64 for bad offsets (a usage error).
  static let pastTheLimits: [String: ([String], ExitCode)] = [
    "file size": (["validate", "@big.json"], .invalidScene),
    "nesting of arrays and objects": (["validate", "@deep.json"], .invalidScene),
    "any number in a scene or an effect": (["validate", "@tall.json"], .invalidScene),
    "copies of one repeated chain": (["validate", "@copies.json"], .invalidScene),
    "views in a scene, copies included": (["validate", "@views.json"], .invalidScene),
    "problems reported for one file": (["validate", "@rates.json"], .invalidScene),
    "offsets evaluated": (["eval", "Configs/stretchy-header.json", "--offsets", "2e15"], .usage),
  ]

  static func writeFilesPastTheLimits(in directory: URL) throws {
    func write(_ name: String, _ text: String) throws {
      try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }
    let big = directory.appendingPathComponent("big.json")
    #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
    let handle = try FileHandle(forWritingTo: big)
    try handle.truncate(atOffset: 64 * 1024 * 1024)
    try handle.close()
    try write(
      "deep.json", String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000))
    try write("tall.json", #"{"chains": [{"name": "a", "frame": {"height": 1e10}}]}"#)
    try write(
      "copies.json",
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "repeat": {"count": 2000000}}]}"#)
    let chains = (0..<20).map {
      #"{"name": "a\#($0)", "frame": {"height": 1}, "repeat": {"count": 1000000}}"#
    }
    try write("views.json", #"{"chains": [\#(chains.joined(separator: ","))]}"#)
    let effects = Array(repeating: #"{"type": "parallax", "rate": "fast"}"#, count: 2000)
    try write(
      "rates.json",
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [\#(effects.joined(separator: ","))]}]}"#
    )
  }

  @Test("each limit of Scenes.md's table is the one effectctl's message names when it is passed")
  func limits() throws {
    let text = try DocumentedText.text("Docs/Scenes.md")
    let rows = text.split(separator: "\n").compactMap { line -> (String, String)? in
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard line.hasPrefix("| "), cells.count == 2, Self.pastTheLimits[cells[0]] != nil else {
        return nil
      }
      return (cells[0], cells[1])
    }
    #expect(rows.map(\.0).sorted() == Self.pastTheLimits.keys.sorted())
    let (directory, _) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Self.writeFilesPastTheLimits(in: directory)
    for (what, limit) in rows {
      let (given, status) = try #require(Self.pastTheLimits[what], "\(what)")
      let arguments = given.map {
        $0.hasPrefix("@") ? directory.appendingPathComponent(String($0.dropFirst())).path : $0
      }
      let run = DocumentedText.run(arguments)
      #expect(run.status == status, "\(what)")
      // The numbers of the cell, up to its first `;`, in the message.
      let stated = limit.prefix { $0 != ";" }.matches(of: /[0-9][0-9,]*(?:e[0-9]+)?/)
        .map { $0.output.replacing(",", with: "") }
      #expect(!stated.isEmpty, "\(what)")
      for number in stated {
        let words = run.stderr.split { !$0.isLetter && !$0.isNumber }
        let named = words.contains { $0 == number }
        #expect(named, "Scenes.md: \(what) \(number); effectctl: \(run.stderr)")
      }
    }
  }
  /// Each refusal in Plugins.md's table, with placeholders for what varies.
  static let pluginRefusals: [PluginLoadError] = [
    .unreadable(file: "<file>", reason: "<reason>"),
    .notSharedLibrary(
      file: "<file>",
      reason: "<the reason the loader gives, or the kind of file: a named pipe, not a regular file>"
    ),
    .missingLibrary(file: "<file>", library: "libEffectPlugin.so"),
    .noEntryPoint(file: "<file>"),
    .signatureMismatch(file: "<file>", found: "<signature>", expected: "<signature>"),
    .notScrollEffect(file: "<file>", type: "<Module.Type>"),
    .programNotExporting(file: "<file>", type: "<Module.Type>"),
    .invalidTypeName(file: "<file>", name: "<name>"),
    .duplicateTypeName(
      file: "<file>", name: "<name>",
      registeredBy:
        #"<a built-in effect, plugin "<file>", this plugin, given to --plugin before, or this "#
        + "plugin itself: it registers the name twice>"),
    .reservedParameter(file: "<file>", type: "<name>", key: "<type or reducedMotion>"),
    .registersNothing(file: "<file>"),
  ]

  @Test("Plugins.md's table of refusals gives each message and exit status, in order")
  func pluginRefusalTable() throws {
    let rows = try DocumentedText.text("Docs/Plugins.md").split(separator: "\n").compactMap {
      line -> (status: String, message: String)? in
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 3, cells[2].hasPrefix("`"), Int(cells[1]) != nil else { return nil }
      return (cells[1], String(cells[2].dropFirst().dropLast()))
    }
    let header = try #require(
      try DocumentedText.prose("Docs/Plugins.md").firstMatch(of: /Message after `([^`]+)`/))
    #expect(rows.count == Self.pluginRefusals.count)
    for (row, refusal) in zip(rows, Self.pluginRefusals) {
      #expect(row.status == "\(refusal.status.rawValue)", "\(row.message)")
      let message = "error: \(refusal.description)"
      #expect(DocumentedText.matches(header.output.1 + row.message, message), "\(message)")
    }
  }
}
