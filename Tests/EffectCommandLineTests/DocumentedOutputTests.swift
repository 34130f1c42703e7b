import EffectCommandLine
import Foundation
import ScrollEffectsTestSupport
import Testing

/// What the documents show `effectctl` printing is what it prints: every
/// `$ swift run effectctl ...` block is run and compared line by line, every
/// other command they give runs, every usage error they quote is what a
/// command prints, and the synopses name the subcommands there are.
@Suite struct DocumentedOutputTests {
  /// The blocks that start with `$ swift run effectctl`: a command and what
  /// it prints.
  static let transcripts: [DocumentedText.Block] = DocumentedText.documents.flatMap {
    ((try? DocumentedText.blocks(in: $0)) ?? []).filter {
      $0.lines[0].hasPrefix("$ swift run effectctl ")
    }
  }

  @Test("the documents show what effectctl prints", arguments: transcripts)
  func transcript(_ block: DocumentedText.Block) {
    let place = "\(block.document):\(block.line)"
    let arguments = Array(DocumentedText.words(block.lines[0]).dropFirst(4))
    let run = DocumentedText.run(arguments)
    let printed = DocumentedText.lines(run.stdout + run.stderr)
    let shown = Array(block.lines.dropFirst())
    if shown.first?.hasPrefix("Error: ") == true {
      #expect(run.status == .usage, "\(place)")
    } else if shown.first?.firstMatch(of: #/^[0-9]+ rows? differs? from /#) != nil {
      // `check`'s report of rows that differ from the golden file.
      #expect(run.status == .failure, "\(place)")
    } else {
      #expect(run.status == .success, "\(place): \(run.stderr)")
    }
    // The first line shown is the first printed; the others follow in order,
    // an excerpt of the rows.
    var next = 0
    for (index, line) in shown.enumerated() {
      let found = printed[next...].firstIndex { DocumentedText.matches(line, $0) }
      #expect(
        found != nil && (index > 0 || found == 0),
        "\(place) shows \"\(line)\"; printed:\n\(printed.joined(separator: "\n"))")
      guard let found else { return }
      next = found + 1
    }
  }

  @Test func transcriptsAreFound() {
    let documents = Set(Self.transcripts.map(\.document))
    #expect(documents.isSuperset(of: ["README.md", "Docs/CommandLine.md"]))
    #expect(Self.transcripts.count >= 6)
  }

  @Test func aQuotedLineStandsForThePrintedOne() {
    #expect(DocumentedText.matches("  1  a  ...", "  1  a  2  3"))
    #expect(!DocumentedText.matches("  1  b  ...", "  1  a  2  3"))
    #expect(DocumentedText.matches("(x, y, ...), found none", "(x, y, width), found none"))
    #expect(!DocumentedText.matches("(x, y, ...), found none", "(x, y, width), found one"))
    #expect(DocumentedText.matches("a b", "a b") && !DocumentedText.matches("a b", "a b c"))
    #expect(DocumentedText.words("eval 'card[4]' \"a b\" x") == ["eval", "card[4]", "a b", "x"])
  }

  /// Every other line of a block that runs effectctl on a file of the
  /// repository (`swift run effectctl ...` or `effectctl ...`, a `\` at the
  /// end continuing it): the documents' example commands. Synopses (with
  /// `<`, `[` or `|`), plugin runs (which need the plugin built) and the
  /// bench scene's preview (a quarter of a minute in a debug build; the
  /// preview tests draw pages enough) are left out.
  static let commands: [DocumentedText.Command] = DocumentedText.documents.flatMap { document in
    ((try? DocumentedText.blocks(in: document)) ?? []).flatMap { block in
      var commands: [DocumentedText.Command] = []
      var pending = ""
      for line in block.lines {
        let joined = pending + line
        if joined.hasSuffix("\\") {
          pending = String(joined.dropLast()) + " "
          continue
        }
        pending = ""
        let words = DocumentedText.words(joined)
        let arguments: ArraySlice<String>
        if words.starts(with: ["swift", "run", "effectctl"]) {
          arguments = words.dropFirst(3)
        } else if words.first == "effectctl" {
          arguments = words.dropFirst()
        } else {
          continue
        }
        guard !joined.contains("<"), !joined.contains("["), !joined.contains("|"),
          !arguments.contains("--plugin"),
          !(arguments.first == "preview" && arguments.contains("Benchmarks/bench-scene.json"))
        else { continue }
        commands.append(.init(place: "\(document):\(block.line)", arguments: Array(arguments)))
      }
      return commands
    }
  }

  @Test func documentedCommandsAreFound() {
    #expect(Self.commands.count >= 20)
    #expect(Self.commands.contains { $0.arguments.first == "filmstrip" && $0.arguments.count == 6 })
  }

  @Test("every command the documents give runs", arguments: commands)
  func documentedCommandRuns(_ command: DocumentedText.Command) throws {
    let directory = Scratch.root
      .appendingPathComponent("documented-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // A picture goes to a file of its own name in a temporary folder, not
    // over the repository's.
    var arguments = command.arguments
    if let o = arguments.firstIndex(of: "-o"), o + 1 < arguments.count {
      let name = URL(fileURLWithPath: arguments[o + 1]).lastPathComponent
      arguments[o + 1] = directory.appendingPathComponent(name).path
    }
    let run = DocumentedText.run(arguments)
    #expect(run.status == .success, "\(run.stderr)")
    #expect(run.stderr.isEmpty)
    if arguments.contains("-o") {
      #expect(run.stdout.isEmpty)
    } else {
      #expect(!run.stdout.isEmpty)
    }
  }

  /// Commands whose usage errors the documents quote, in a block starting
  /// `Error: ` or in the prose.
  static let usageErrors: [[String]] = [
    ["eval", "Configs/stretchy-header.json", "--offsets", "0:-100"],
    ["simulate", "Configs/stretchy-header.json", "--gesture", "fling:1", "--start", "5000"],
    ["simulate", "Configs/stretchy-header.json", "--gesture", "drag:1"],
    ["effects", "strech"],
    ["plot", "Configs/stretchy-header.json", "--offsets", "0:10", "--columns", "y,scalX"],
    ["preview", "Configs/stretchy-header.json", "--gesture", "drag:-100:300,wiat:200"],
    ["plot", "Configs/stretchy-header.json", "--offsets", "0:100000"],
    ["eval", "Configs/stretchy-header.json", "--offsets", "0", "--set", "header.frame.heigth=420"],
  ]

  @Test func everyQuotedUsageErrorIsWhatTheCommandPrints() throws {
    let printed = Self.usageErrors.map { arguments in
      let run = DocumentedText.run(arguments)
      #expect(run.status == .usage, "\(arguments)")
      return DocumentedText.lines(run.stderr)
    }
    var quoted: Set<Int> = []
    for document in DocumentedText.documents {
      for block in try DocumentedText.blocks(in: document)
      where block.lines[0].hasPrefix("Error: ") {
        let place = "\(document):\(block.line)"
        guard let index = printed.firstIndex(where: { $0.first == block.lines[0] }) else {
          Issue.record("\(place) quotes \"\(block.lines[0])\", which no command in the list prints")
          continue
        }
        quoted.insert(index)
        // The lines after the message, when shown, are the usage and the help.
        #expect(Array(printed[index].prefix(block.lines.count)) == block.lines, "\(place)")
      }
    }
    // The messages quoted in the prose, with `Error: ` left out.
    let prose = try DocumentedText.documents.map { try DocumentedText.prose($0) }
    for (index, lines) in printed.enumerated() where !quoted.contains(index) {
      let message = String((lines.first ?? "").dropFirst("Error: ".count))
      #expect(
        prose.contains { $0.contains(message) },
        "no document quotes \"\(message)\"; drop its command")
    }
  }

  /// The command list of a document: the block whose lines all start
  /// `effectctl ` and which has the line of `eval`.
  static func synopsis(in document: String) throws -> [String] {
    let block = try DocumentedText.blocks(in: document).first {
      $0.lines.allSatisfy { $0.hasPrefix("effectctl ") }
        && $0.lines.contains { $0.hasPrefix("effectctl eval ") }
    }
    return try #require(block, "\(document) has no command list").lines
  }

  @Test("the README's and CommandLine.md's command lists are one, naming every subcommand")
  func synopses() throws {
    let commandLine = try Self.synopsis(in: "Docs/CommandLine.md")
    #expect(try Self.synopsis(in: "README.md") == commandLine)
    let help = DocumentedText.lines(DocumentedText.run(["--help"]).stdout)
    let listed = help.drop { $0 != "SUBCOMMANDS:" }.dropFirst().prefix { !$0.isEmpty }
      .compactMap { $0.split(separator: " ").first.map(String.init) }
    #expect(listed.count >= 8)
    let named = commandLine.map { String($0.split(separator: " ")[1]) }
      .filter { !$0.hasPrefix("-") && !$0.hasPrefix("<") }
    #expect(named == listed + ["help"])
    // A scene argument is spelt as the commands read it: `-` is standard input.
    for line in commandLine where line.contains("<scene") {
      #expect(line.contains("<scene.json|->"), "\(line)")
    }
    let stdin = DocumentedText.run(["validate", "-"])
    #expect(stdin.stderr.hasPrefix("error: <stdin>"))
  }

  /// Every subcommand's section of CommandLine.md starts from its usage as
  /// `effectctl help` gives it: the options there are the ones the page has.
  @Test(arguments: [
    "eval", "simulate", "check", "bench", "plot", "filmstrip", "preview", "export",
  ])
  func commandListHasEveryOption(_ subcommand: String) throws {
    let line = try #require(
      try Self.synopsis(in: "Docs/CommandLine.md").first {
        $0.hasPrefix("effectctl \(subcommand) ")
      })
    let help = DocumentedText.lines(DocumentedText.run(["help", subcommand]).stdout)
    let usage = try #require(help.first { $0.hasPrefix("USAGE: ") })
    let options = usage.split(separator: " ").filter {
      $0.hasPrefix("[--") || $0.hasPrefix("--") || $0.hasPrefix("[-o")
    }
    .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }
    for option in options {
      #expect(line.contains(option), "the command list's \(subcommand) lacks \(option)")
    }
  }
  /// The spec and offsets of each row of CommandLine.md's offsets table
  /// (`| `-100:300` | −100, −99, ..., 300 (401 offsets) |`).
  static func offsetRows() throws -> [(spec: String, offsets: String)] {
    try DocumentedText.text("Docs/CommandLine.md").split(separator: "\n").compactMap { line in
      guard let match = line.firstMatch(of: /^\| `([^`]+)` \| (.*) \|$/), match.output.1 != "spec"
      else { return nil }
      return (String(match.output.1), String(match.output.2))
    }
  }

  @Test("CommandLine.md's offsets table lists the offsets eval evaluates")
  func offsetsTable() throws {
    let rows = try Self.offsetRows()
    #expect(rows.count >= 6)
    for (spec, shown) in rows {
      let run = DocumentedText.run([
        "eval", "Configs/stretchy-header.json", "--offsets", spec, "--format", "csv", "--chain",
        "header",
      ])
      let offsets = DocumentedText.lines(run.stdout).dropFirst().map {
        String($0.prefix { $0 != "," })
      }
      // `a, b, ..., z (N offsets)`: the first offsets, the last, the count.
      var listed = shown.prefix { $0 != "(" }.replacing("−", with: "-")
      listed = listed.prefix { $0 != "i" }  // ", in the order given"
      let parts = listed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
      if let gap = parts.firstIndex(of: "...") {
        #expect(Array(offsets.prefix(gap)) == Array(parts[..<gap]), "\(spec)")
        #expect(
          Array(offsets.suffix(parts.count - gap - 1)) == Array(parts[(gap + 1)...]), "\(spec)")
      } else {
        #expect(offsets == parts, "\(spec)")
      }
      if let count = shown.firstMatch(of: /\(([0-9,]+) offsets\)/) {
        #expect(offsets.count == Int(count.output.1.replacing(",", with: "")), "\(spec)")
      }
    }
  }

  @Test("CommandLine.md's JSON row of simulate is frame 36 as ndjson prints it")
  func simulateJSONRow() throws {
    let run = DocumentedText.run([
      "simulate", "Configs/stretchy-header.json", "--gesture", "drag:-200:300,release", "--chain",
      "header", "--format", "ndjson",
    ])
    let row = try #require(
      DocumentedText.lines(run.stdout).first { $0.hasPrefix(#"{"frame":36,"#) })
    let head = try #require(row.range(of: #""chain":"header","#))
    let quoted = "`\(row[..<head.upperBound])...}`"
    let prose = try DocumentedText.prose("Docs/CommandLine.md")
    #expect(prose.contains(quoted), "CommandLine.md lacks \(quoted)")
  }

  @Test("the version CommandLine.md quotes is effectctl's")
  func version() throws {
    let run = DocumentedText.run(["--version"])
    let version = run.stdout.trimmingCharacters(in: .newlines)
    let quoted = try DocumentedText.prose("Docs/CommandLine.md").contains(
      "`effectctl --version` prints `\(version)`")
    #expect(quoted, "CommandLine.md does not quote \(version)")
  }

  @Test("Pictures.md's filmstrip phases are the labels filmstrip draws")
  func filmstripPhases() throws {
    let prose = try DocumentedText.prose("Docs/Pictures.md")
    let list = try #require(prose.firstMatch(of: /and the phase \(([^)]*)\)/)).output.1
    let labels = list.matches(of: /`([^`]+)`/).map { String($0.output.1) }
    #expect(labels.count == 4)
    // Pulled down, at rest, scrolled and pulled up past the bottom by the
    // distances the labels give; `scrolled O of M` gives M, the largest
    // resting offset.
    let scrolled = try #require(labels.first { $0.hasPrefix("scrolled") })
    let maxOffset = scrolled.matches(of: /[0-9]+/).compactMap { Double($0.output) }.last ?? 0
    var offsets: [String] = []
    for label in labels {
      let numbers = label.matches(of: /[0-9]+/).compactMap { Double($0.output) }
      switch label.split(separator: " ").first {
      case "pulled" where label.hasPrefix("pulled down"): offsets.append("\(-(numbers.first ?? 0))")
      case "pulled": offsets.append("\(maxOffset + (numbers.first ?? 0))")
      case "scrolled": offsets.append("\(numbers.first ?? 0)")
      default: offsets.append("0")
      }
    }
    let run = DocumentedText.run([
      "filmstrip", "Configs/stretchy-header.json", "--offsets", offsets.joined(separator: ","),
    ])
    for label in labels {
      let drawn = run.stdout.contains(">\(label)<")
      #expect(drawn, "filmstrip draws no \(label)")
    }
  }
  @Test(
    "Pictures.md's event markers: where plot marks pull to refresh's event, by the offsets' order")
  func plotEventMarkers() throws {
    let prose = try DocumentedText.prose("Docs/Pictures.md")
    let claim = try #require(
      prose.firstMatch(
        of:
          /\(so `--offsets ([^`]+)` marks pull to refresh's `([a-z]+)` at (-?[0-9]+), and `([^`]+)` marks nothing\)/
      )
    ).output
    let marking = DocumentedText.run([
      "plot", "Configs/pull-to-refresh.json", "--offsets", String(claim.1),
    ]).stdout
    // Each panel's marker, mapped back to an offset by the panel's scale.
    let panels = marking.matches(of: /data-x-min="(-?[0-9.]+)" data-x-max="(-?[0-9.]+)"/)
    let labels = marking.matches(of: /<text x="([0-9.]+)" [^>]*fill="#000000">([a-z]+)<\/text>/)
    #expect(!panels.isEmpty && labels.count == panels.count)
    for (panel, label) in zip(panels, labels) {
      let (xMin, xMax) = (Double(panel.output.1) ?? 0, Double(panel.output.2) ?? 0)
      let offset = xMin + (Double(label.output.1) ?? 0) / PlotPicture.plotWidth * (xMax - xMin)
      #expect(label.output.2 == claim.2)
      #expect(abs(offset - (Double(claim.3) ?? 0)) < 0.01, "marked at \(offset)")
    }
    let unmarked = DocumentedText.run([
      "plot", "Configs/pull-to-refresh.json", "--offsets", String(claim.4),
    ]).stdout
    #expect(!unmarked.contains("data-marker=\"event\""))
  }
}
