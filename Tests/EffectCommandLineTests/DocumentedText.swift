import EffectCommandLine
import Foundation
import ScrollEffectsTestSupport
import Testing

/// The Markdown files that quote `effectctl`, read the way the tests that
/// hold them to the command's output need: code blocks, command lines, and
/// prose with its line breaks undone.
enum DocumentedText {
  /// The package's root: this file is Tests/EffectCommandLineTests/DocumentedText.swift.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every document that quotes a command: the README, Configs/README.md
  /// and each page of Docs/.
  static let documents: [String] = {
    let pages =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("Docs").path)) ?? []
    return ["README.md", "Configs/README.md"]
      + pages.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/\($0)" }
  }()

  static func text(_ document: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
  }

  /// `document`'s text with every run of white space one space, so that a
  /// phrase is found wherever the lines of its paragraph break.
  static func prose(_ document: String) throws -> String {
    try text(document).split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// A code block: consecutive non-blank lines indented by four spaces (the
  /// four removed), or the lines of a fenced block, with the line number of
  /// its first line.
  struct Block: CustomTestStringConvertible {
    var document: String
    var line: Int
    var lines: [String]

    var testDescription: String { "\(document):\(line)" }
  }

  /// A command a document gives: effectctl's arguments, and where it is.
  struct Command: CustomTestStringConvertible {
    var place: String
    var arguments: [String]

    var testDescription: String { "\(place) \(arguments.joined(separator: " "))" }
  }

  static func blocks(in document: String) throws -> [Block] {
    var blocks: [Block] = []
    var current: Block?
    var fenced = false
    func close() {
      if let block = current, !block.lines.isEmpty { blocks.append(block) }
      current = nil
    }
    let lines = try text(document).split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      if line.hasPrefix("```") {
        close()
        fenced.toggle()
        continue
      }
      let code: Substring?
      if fenced {
        code = line
      } else if line.hasPrefix("    "), !line.allSatisfy({ $0 == " " }) {
        code = line.dropFirst(4)
      } else {
        code = nil
      }
      guard let code else {
        close()
        continue
      }
      if current == nil { current = Block(document: document, line: index + 1, lines: []) }
      current?.lines.append(String(code))
    }
    close()
    return blocks
  }

  /// The words of a command line as a POSIX shell splits them: single and
  /// double quotes group and are removed.
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { word.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == " " {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }

  /// What `effectctl arguments` prints, run in process as if from the
  /// package's root: an argument naming a file of the repository is given
  /// by its full path, and the root is taken out of what is printed again.
  static func run(_ arguments: [String]) -> InProcess {
    let rootPath = root.standardizedFileURL.path
    let resolved = arguments.map { argument in
      guard !argument.hasPrefix("-"), !argument.hasPrefix("/"),
        FileManager.default.fileExists(atPath: rootPath + "/" + argument)
      else { return argument }
      return rootPath + "/" + argument
    }
    var run = InProcess(resolved)
    run.stdout = run.stdout.replacing(rootPath + "/", with: "")
    run.stderr = run.stderr.replacing(rootPath + "/", with: "")
    return run
  }

  /// Writes `json` to a file `scene.json` in a new temporary folder and
  /// returns its path.
  static func sceneFile(_ json: String) throws -> String {
    let directory = Scratch.root
      .appendingPathComponent("documented-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("scene.json")
    try Data(json.utf8).write(to: file)
    return file.path
  }

  /// Whether `shown`, a line as a document quotes it, stands for `line`:
  /// equal, where each `...` in `shown` stands for any text (a table cut
  /// short on the right, a list left out), white space before it included.
  static func matches(_ shown: String, _ line: String) -> Bool {
    let pieces = shown.components(separatedBy: "...")
    guard pieces.count > 1 else { return shown == line }
    var rest = line[...]
    for (index, piece) in pieces.enumerated() {
      let isLast = index == pieces.count - 1
      // The spaces that align a cut-off column are not part of the line.
      let piece = isLast ? piece : String(piece.reversed().drop { $0 == " " }.reversed())
      if index == 0 {
        guard rest.hasPrefix(piece) else { return false }
        rest = rest.dropFirst(piece.count)
      } else if isLast {
        return piece.isEmpty || rest.hasSuffix(piece)
      } else {
        guard let found = rest.range(of: piece) else { return false }
        rest = rest[found.upperBound...]
      }
    }
    return true
  }

  /// The lines of `text` without the empty one after its last line break.
  static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
