import Foundation
import Testing

/// Every declaration of the stand-in SwiftUI cites the page of Apple's
/// documentation it is transcribed from; what is not SwiftUI's says so.
@Suite struct CitationTests {
  static let directory = Fixtures.root.appendingPathComponent(
    "Tests/SwiftUIAdapterCheck/Sources/SwiftUI")

  /// The stand-in's files but the scaffolding's own.
  static func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".swift") && $0 != "Scaffolding.swift" }.sorted()
  }

  /// Whether `line` declares something: a public declaration, an enum case,
  /// or a protocol's requirement.
  static func declares(_ line: Substring, inProtocol: Bool) -> Bool {
    let trimmed = line.drop { $0 == " " }
    if trimmed.hasPrefix("//") { return false }
    if trimmed.contains("public ") || trimmed.hasPrefix("case ") { return true }
    guard inProtocol else { return false }
    return ["associatedtype ", "func ", "var ", "static var ", "typealias ", "@"].contains {
      trimmed.hasPrefix($0)
    }
  }

  @Test(
    "each declaration follows a developer.apple.com/documentation/swiftui link or says it is scaffolding"
  )
  func everyDeclarationCitesItsPage() throws {
    let files = try Self.files()
    #expect(files.count >= 7)
    var declarations = 0
    for file in files {
      let text = try String(
        contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      var inProtocol = false
      for (index, line) in lines.enumerated() {
        if line.hasPrefix("}") { inProtocol = false }
        let isDeclaration = Self.declares(line, inProtocol: inProtocol && line.hasPrefix("  "))
        if line.contains("protocol ") && !line.hasPrefix("//") { inProtocol = true }
        guard isDeclaration else { continue }
        // Attributes on lines of their own belong to the declaration below.
        var previous = index - 1
        while previous >= 0, lines[previous].drop(while: { $0 == " " }).hasPrefix("@") {
          previous -= 1
        }
        let comment = previous >= 0 ? lines[previous].drop { $0 == " " } : ""
        let cited = comment.hasPrefix("// https://developer.apple.com/documentation/swiftui/")
        let scaffolding = comment.hasPrefix("///")
        #expect(
          cited || scaffolding, "\(file):\(index + 1): \(line) cites no page")
        if cited { declarations += 1 }
      }
    }
    #expect(declarations >= 60)
  }
}
