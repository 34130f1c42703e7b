import EffectHost
import EffectProtocol
import Foundation
import Testing

/// The documents in the repository keep up with the code: every built-in
/// effect and parameter is documented with its default, every example scene
/// is described, every exit code is listed, and no link leaves the repository.
@Suite struct DocsTests {
  /// The package's root: this file is Tests/EffectHostTests/DocsTests.swift.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func text(_ relativePath: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
  }

  /// The sections of a Markdown text by their `## ` headings (without the
  /// `## `), each with its lines.
  static func sections(of text: String) -> [(heading: String, lines: [Substring])] {
    var sections: [(heading: String, lines: [Substring])] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("## ") {
        sections.append((String(line.dropFirst(3)), []))
      } else if !sections.isEmpty {
        sections[sections.count - 1].lines.append(line)
      }
    }
    return sections
  }

  /// The cells of a table row `| a | b |`, trimmed.
  static func cells(_ row: Substring) -> [String] {
    row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map {
      $0.trimmingCharacters(in: .whitespaces)
    }
  }

  /// The rows of the table headed `| parameter | values | default | what it does |`.
  static func parameterRows(_ lines: [Substring]) -> [[String]] {
    guard let header = lines.firstIndex(where: { cells($0).first == "parameter" }) else {
      return []
    }
    // After the header come the `| --- |` line and the rows, up to the first
    // line that is not part of the table.
    return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map(cells)
  }

  static let typeNames = EffectRegistry.builtIn.typeNames

  @Test(
    "Effects.md has a section for every built-in effect, listing its parameters and defaults",
    arguments: typeNames)
  func effectIsDocumented(_ typeName: String) throws {
    let type = try #require(EffectRegistry.builtIn.type(named: typeName))
    let sections = Self.sections(of: try Self.text("Docs/Effects.md"))
    let section = try #require(
      sections.first { $0.heading == "`\(typeName)`" }, "no section \"## `\(typeName)`\"")
    let rows = Self.parameterRows(section.lines)
    let documented = rows.map { ($0.first ?? "").replacing("`", with: "") }
    #expect(documented == type.descriptor.parameters.map(\.name))
    for parameter in type.descriptor.parameters {
      guard let row = rows.first(where: { $0.first == "`\(parameter.name)`" }) else { continue }
      // The default column (the third) shows the descriptor's default, in
      // code voice unless it is `required`.
      #expect(row.count == 4, "the row of \(parameter.name) has \(row.count) cells, expected 4")
      let documentedDefault = row.count > 2 ? row[2] : "none"
      #expect(
        documentedDefault.replacing("`", with: "") == parameter.defaultValue,
        "\(typeName).\(parameter.name): documented default \(documentedDefault), the descriptor's \(parameter.defaultValue)"
      )
    }
  }

  @Test func effectsMdDocumentsNoEffectThatIsNotRegistered() throws {
    let headings = Self.sections(of: try Self.text("Docs/Effects.md")).map(\.heading)
    let effectHeadings = headings.filter { $0.hasPrefix("`") }.map { $0.replacing("`", with: "") }
    #expect(effectHeadings == Self.typeNames)
  }

  @Test func everyExampleSceneIsDescribedInConfigsReadme() throws {
    let names = try FileManager.default.contentsOfDirectory(
      atPath: Self.root.appendingPathComponent("Configs").path
    ).filter { $0.hasSuffix(".json") }.sorted()
    #expect(names.count >= 8)
    let headings = Self.sections(of: try Self.text("Configs/README.md")).map(\.heading)
    for name in names {
      #expect(headings.contains(name), "Configs/README.md has no section \"## \(name)\"")
    }
  }

  @Test func commandLineMdListsEveryExitCode() throws {
    let sections = Self.sections(of: try Self.text("Docs/CommandLine.md"))
    let section = try #require(sections.first { $0.heading == "Exit status" })
    let statuses = section.lines.filter { $0.hasPrefix("|") }.compactMap {
      Self.cells($0).first.flatMap { Int($0) }
    }
    #expect(statuses == [0, 1, 64, 65, 66, 130, 143])
  }

  /// `Package.swift`'s minimum releases, `["iOS": 18, "macOS": 15, …]`,
  /// from its `.iOS(.v18)`-style entries.
  static func packagePlatforms() throws -> [String: Int] {
    let manifest = try text("Package.swift")
    let list = try #require(
      manifest.split(separator: "\n").first { $0.contains("platforms: [") },
      "Package.swift declares no platforms")
    // Each entry `.Name(.vN)`: the name before `(.v`, the number after it.
    let entries = list.split(separator: "),").map { $0.trimmingCharacters(in: .whitespaces) }
    var platforms: [String: Int] = [:]
    for entry in entries {
      guard let open = entry.range(of: "(.v"),
        let dot = entry[..<open.lowerBound].lastIndex(of: ".")
      else { continue }
      let name = String(entry[entry.index(after: dot)..<open.lowerBound])
      let release = entry[open.upperBound...].prefix { $0.isNumber }
      platforms[name] = Int(release)
    }
    return platforms
  }

  /// The package builds on Apple platforms only from the releases its code
  /// needs (the adapter's `@available` names them): SwiftPM's default
  /// minimums lack `String(validating:as:)` and `Atomic`, which every
  /// library product and effectctl use.
  @Test func packageDeclaresThePlatformsTheAdapterNames() throws {
    let platforms = try Self.packagePlatforms()
    #expect(
      platforms == ["iOS": 18, "macOS": 15, "tvOS": 18, "watchOS": 11, "visionOS": 2],
      "Package.swift's platforms: \(platforms)")
    let folder = Self.root.appendingPathComponent("Sources/ScrollEffectsSwiftUI")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".swift")
    }
    var annotations = 0
    for file in files {
      let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for line in source.split(separator: "\n") where line.contains("@available(") {
        annotations += 1
        for (name, release) in platforms {
          #expect(
            line.contains("\(name) \(release).0"),
            "\(file): \(line.trimmingCharacters(in: .whitespaces)) does not name \(name) \(release)"
          )
        }
      }
    }
    #expect(annotations > 0)
    let doc = try Self.text("Docs/SwiftUI.md")
    #expect(doc.contains("iOS 18, macOS 15, tvOS 18, watchOS 11 and\nvisionOS 2 onward"))
  }

  @Test func readmeLinksTheDocs() throws {
    let readme = try Self.text("README.md")
    for document in ["Docs/Effects.md", "Docs/Scenes.md", "Docs/CommandLine.md"] {
      #expect(readme.contains("](\(document)"), "README.md does not link \(document)")
    }
  }

  /// Every Markdown file of the repository, as a path relative to the root;
  /// hidden directories and the build directory are skipped.
  static func markdownFiles() -> [String] {
    guard
      let enumerator = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    else { return [] }
    var files: [String] = []
    let rootPath = root.standardizedFileURL.path
    for case let url as URL in enumerator where url.pathExtension == "md" {
      let path = url.standardizedFileURL.path
      files.append(String(path.dropFirst(rootPath.count + 1)))
    }
    return files.sorted()
  }

  /// The targets of the inline links `[text](target)` in `text`.
  static func linkTargets(in text: String) -> [String] {
    var targets: [String] = []
    var rest = text[...]
    while let start = rest.range(of: "](") {
      rest = rest[start.upperBound...]
      guard let end = rest.firstIndex(of: ")") else { break }
      targets.append(String(rest[..<end]))
      rest = rest[end...]
    }
    return targets
  }

  /// The anchors GitHub gives the headings of `text`: lowercased, spaces as
  /// hyphens, other punctuation dropped (`## `footerPin`` is `footerpin`).
  static func anchors(of text: String) -> Set<String> {
    var anchors: Set<String> = []
    for line in text.split(separator: "\n") where line.hasPrefix("#") {
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
      let kept = title.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" }
      anchors.insert(kept.replacing(" ", with: "-"))
    }
    return anchors
  }

  @Test func anchorsAreGitHubs() {
    #expect(
      Self.anchors(of: "# Scene files\n## `footerPin`\n## Geometry and coordinates\n")
        == ["scene-files", "footerpin", "geometry-and-coordinates"])
  }

  @Test func linkTargetsAreFound() {
    #expect(
      Self.linkTargets(in: "see [a](Docs/A.md#x) and [b](../b.md), not (c)")
        == ["Docs/A.md#x", "../b.md"])
  }

  /// What in `text` a reader with only the repository could not follow: a
  /// document kept outside it (the design document), or history that is the
  /// git log's job (a session or an issue by number), and the articles by
  /// number rather than by what they are. This file spells the names it
  /// looks for in pieces, so that it names none of them itself.
  static func outsideReferences(in text: String) -> [String] {
    let patterns = [
      /DESIGN\.md/, /(?i)\b(?:session|issue)s? #?[0-9]+/, /(?i)\bseeds? 0[0-9][0-9]/,
    ]
    // No match spans a line, and each holds one of these words: the
    // patterns run on the lines that do, as a regex over every line of
    // the sources costs seconds in a debug build.
    let words = ["design.md", "session", "issue", "seed"]
    let lines = text.split(separator: "\n").filter { line in
      let lowercased = line.lowercased()
      return words.contains { lowercased.contains($0) }
    }
    let candidates = lines.joined(separator: "\n")
    return patterns.flatMap { pattern in
      candidates.matches(of: pattern).map { String($0.output) }
    }
  }

  /// The design document's name and a word of history, in pieces.
  static let designDocument = "DESIGN" + ".md"
  static let session = "ses" + "sion"
  static let issue = "Iss" + "ue"
  static let seeds = "se" + "eds"
  /// The folder beside the repository that a clone from elsewhere lacks.
  static let sharedFolder = ".." + "/shared"

  @Test func outsideReferencesAreFound() {
    #expect(
      Self.outsideReferences(
        in:
          "See \(Self.designDocument); in \(Self.session) 4 (\(Self.issue) 16) we matched \(Self.seeds) 000 and 001."
      )
        == [Self.designDocument, "\(Self.session) 4", "\(Self.issue) 16", "\(Self.seeds) 000"])
    #expect(Self.outsideReferences(in: "a new scroll session; the design of 16 issues").isEmpty)
  }

  /// The documentation is written for a reader who has only the repository;
  /// CHANGELOG.md, which records what changed for users, may name history.
  @Test func markdownNamesNothingOutsideTheRepository() throws {
    let files = Self.markdownFiles().filter { $0 != "CHANGELOG.md" }
    #expect(files.contains("BENCHMARKS.md") && files.contains("Configs/README.md"))
    for file in files {
      let found = Self.outsideReferences(in: try Self.text(file))
      #expect(found.isEmpty, "\(file) names \(found), which only the project's history explains")
    }
  }

  /// The text files under `directories`, as paths relative to the root:
  /// Swift, shell, Python, JSON, Markdown and the fuzzer's dictionary.
  static func sourceFiles(under directories: [String]) -> [String] {
    let extensions: Set<String> = ["swift", "sh", "py", "json", "md", "dict"]
    let rootPath = root.standardizedFileURL.path
    var files: [String] = []
    for directory in directories {
      guard
        let enumerator = FileManager.default.enumerator(
          at: root.appendingPathComponent(directory), includingPropertiesForKeys: nil,
          options: [.skipsHiddenFiles])
      else { continue }
      for case let url as URL in enumerator where extensions.contains(url.pathExtension) {
        files.append(String(url.standardizedFileURL.path.dropFirst(rootPath.count + 1)))
      }
    }
    return files.sorted()
  }

  /// Code, scripts and scenes cite the Docs pages, name the articles by
  /// what they are and narrate no history, as the Markdown files do.
  @Test func codeCitesNoDocumentOutsideTheRepository() throws {
    let directories = ["Sources", "Tests", "Fuzz", "Scripts", "Benchmarks", "Examples", "Configs"]
    let files = Self.sourceFiles(under: directories)
    #expect(files.contains("Sources/Effects/TranslateEffect.swift"))
    #expect(files.contains("Tests/EffectHostTests/DocsTests.swift"))
    for file in files {
      // Some fuzz inputs are not UTF-8 on purpose.
      guard let text = try? Self.text(file) else { continue }
      let found = Self.outsideReferences(in: text)
      #expect(found.isEmpty, "\(file) names \(found), which is not in the repository")
      #expect(
        !text.contains(Self.sharedFolder),
        "\(file) names \(Self.sharedFolder), outside the repository")
    }
  }

  @Test func noMarkdownFileLinksOutsideTheRepository() throws {
    let files = Self.markdownFiles()
    #expect(files.contains("README.md") && files.contains("Docs/Effects.md"))
    let rootPath = Self.root.standardizedFileURL.path
    for file in files {
      let text = try Self.text(file)
      let namesShared = text.contains(Self.sharedFolder)
      #expect(!namesShared, "\(file) names \(Self.sharedFolder), outside the repository")
      let directory = Self.root.appendingPathComponent(file).deletingLastPathComponent()
      for target in Self.linkTargets(in: text) {
        if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("#") {
          continue
        }
        let path = String(target.prefix { $0 != "#" })
        let resolved = directory.appendingPathComponent(path).standardizedFileURL.path
        #expect(
          resolved == rootPath || resolved.hasPrefix(rootPath + "/"),
          "\(file) links \(target), outside the repository")
        #expect(
          FileManager.default.fileExists(atPath: resolved),
          "\(file) links \(target), which does not exist")
        if let hash = target.firstIndex(of: "#"), path.hasSuffix(".md"),
          let linked = try? String(contentsOfFile: resolved, encoding: .utf8)
        {
          let anchor = String(target[target.index(after: hash)...])
          #expect(
            Self.anchors(of: linked).contains(anchor),
            "\(file) links \(target), but no heading there has the anchor \(anchor)")
        }
      }
    }
  }

  @Test(
    "Docs/Motion.md states the motion rules without citing a document outside the repository, and quotes the figures the motion tests work out"
  )
  func motionPage() throws {
    let text = try Self.text("Docs/Motion.md").split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    #expect(!text.contains("DESIGN"))
    // Each figure is computed in MotionPhysicsTests.hardReleasePastTop,
    // ConfigsTests.pagingListMotion or ConfigsTests.snappingAppBar.
    for phrase in [
      "b'(x) = 0.55 / (x * 0.55 / d + 1)^2", "1000 ln r' = -v0 / (T - o0)",
      "T' = D * |T - o0| / |v0|", "at -477.57 moving at 2,073 points/s",
      "on to -493.10", "card 4 (688, 1000 ln r' = -1000 / 488) and rests there at frame 470",
      "ln(|v0| / 0.5) * (T - o0) / v0 seconds", "toward 104 takes 3.39 s",
    ] {
      let quoted = text.contains(phrase)
      #expect(quoted, "Docs/Motion.md lacks \"\(phrase)\"")
    }
  }
}
