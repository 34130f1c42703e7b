import Foundation
import Testing

/// Every declaration of the stand-in SwiftUI cites the page of Apple's
/// documentation it is transcribed from, a page named after it; what is not
/// SwiftUI's says so, and has a name of its own (`_name`).
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

  static let citation = "// https://developer.apple.com/documentation/swiftui/"

  /// The type a line declares or extends (`Image` of `extension Image: View {`,
  /// `ResizingMode` of `  public enum ResizingMode: Sendable {`), or nil.
  static func typeName(declaredBy line: Substring) -> String? {
    let words = line.split(whereSeparator: { " <:{".contains($0) })
    guard !line.drop(while: { $0 == " " }).hasPrefix("//"),
      let keyword = words.firstIndex(where: {
        ["struct", "enum", "protocol", "class", "extension"].contains($0)
      }),
      keyword + 1 < words.count
    else { return nil }
    return String(words[keyword + 1])
  }

  /// The declaration that starts at the first of `lines`, on one line: up to
  /// its body, or as far as its parameters' parentheses close.
  static func declaration(_ lines: ArraySlice<Substring>) -> String {
    var text = ""
    var depth = 0
    for line in lines {
      text += (text.isEmpty ? "" : " ") + line.trimmingCharacters(in: .whitespaces)
      for character in line {
        if character == "(" { depth += 1 }
        if character == ")" { depth -= 1 }
      }
      if depth <= 0 && (text.contains(")") || !text.contains("(")) { break }
    }
    return text
  }

  /// The name Apple's documentation gives the declaration: a function's,
  /// initializer's, subscript's or enum case's with its argument labels
  /// (`frame(in:)`, `init(_:bundle:)`, `named(_:)`), another's alone.
  static func documentedName(_ declaration: String) -> String? {
    let keywords = [
      "func", "init", "subscript", "case", "var", "let", "struct", "enum", "class", "protocol",
      "typealias", "associatedtype", "extension",
    ]
    let words = declaration.split(separator: " ")
    guard
      let at = words.firstIndex(where: { word in
        keywords.contains { word == $0 || word.hasPrefix($0 + "(") || word.hasPrefix($0 + "<") }
      })
    else { return nil }
    let keyword = keywords.first { words[at] == $0 || words[at].hasPrefix($0) }!
    var rest = Substring(words[at...].joined(separator: " "))
    if keyword == "init" || keyword == "subscript" {
      rest = rest.dropFirst(keyword.count)
    } else {
      rest = rest.dropFirst(keyword.count).drop { $0 == " " }
    }
    let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    let base = keyword == "init" || keyword == "subscript" ? keyword : String(name)
    rest = rest.dropFirst(name.count)
    if rest.first == "<" { rest = rest.drop { $0 != ">" }.dropFirst() }
    let takesArguments = ["func", "init", "subscript", "case"].contains(keyword)
    guard takesArguments, rest.first == "(" else { return base }
    let labels = parameters(rest.dropFirst()).map { parameter -> String in
      let head = parameter.split(separator: ":", maxSplits: 1).first ?? ""
      let names = head.split(separator: " ").filter { !$0.hasPrefix("@") }
      // A subscript's or a case's lone name is no argument label.
      if names.count == 1 && (keyword == "subscript" || !parameter.contains(":")) { return "_" }
      return String(names.first ?? "_")
    }
    return base + "(" + labels.map { $0 + ":" }.joined() + ")"
  }

  /// The parameters between `text`'s first character and the parenthesis
  /// that closes them, split at commas outside brackets.
  static func parameters(_ text: Substring) -> [Substring] {
    var parts: [Substring] = []
    var depth = 0
    var start = text.startIndex
    var previous: Character = " "
    for index in text.indices {
      let character = text[index]
      switch character {
      case "(", "[", "<": depth += 1
      case ">" where previous != "-": depth -= 1
      case "]": depth -= 1
      case ")":
        if depth == 0 {
          let last = text[start..<index].trimmingCharacters(in: .whitespaces)
          if !last.isEmpty { parts.append(Substring(last)) }
          return parts
        }
        depth -= 1
      case "," where depth == 0:
        parts.append(Substring(text[start..<index].trimmingCharacters(in: .whitespaces)))
        start = text.index(after: index)
      default: break
      }
      previous = character
    }
    return parts
  }

  /// Whether a declaration may be the stand-in's own: a name or first
  /// argument label of its own (`_name`, `init(_content:)`), or a primitive
  /// view's body, which SwiftUI declares but does not document.
  static func isScaffolding(_ name: String?, _ declaration: String) -> Bool {
    guard let name else { return false }
    if name.hasPrefix("_") || name.contains("(_") && !name.contains("(_:") { return true }
    return (name == "body" || name == "Body") && declaration.contains("Never")
  }

  @Test("the citation reader finds the names Apple's pages are named after")
  func documentedNames() {
    let cases: [(String, String)] = [
      (
        "public func frame(in coordinateSpace: some CoordinateSpaceProtocol) -> CGRect {",
        "frame(in:)"
      ),
      ("public init(_ name: String, bundle: Bundle? = nil) {", "init(_:bundle:)"),
      ("public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey {", "subscript(_:)"),
      ("case named(AnyHashable)", "named(_:)"),
      ("case leftToRight", "leftToRight"),
      ("@frozen public struct VStack<Content> where Content: View {", "VStack"),
      ("public var degrees: Double", "degrees"),
      ("associatedtype Body: View", "Body"),
      ("public init() {}", "init()"),
      (
        "public func onGeometryChange<T>( for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T, action: @escaping (T) -> Void ) -> some View",
        "onGeometryChange(for:of:action:)"
      ),
      (
        "public func environment<V>( _ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V ) -> some View {",
        "environment(_:_:)"
      ),
      ("public func callAsFunction<V>(@ContentBuilder _ content: () -> V)", "callAsFunction(_:)"),
    ]
    for (declaration, name) in cases {
      #expect(Self.documentedName(declaration) == name, "\(declaration)")
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
      // The types and extensions a line is inside, by their indentation:
      // a member's page is below its type's, a nested type's below both.
      var enclosing: [(indent: Int, name: String)] = []
      for (index, line) in lines.enumerated() {
        if line.hasPrefix("}") { inProtocol = false }
        let indent = line.prefix { $0 == " " }.count
        if let name = Self.typeName(declaredBy: line) {
          enclosing.removeAll { $0.indent >= indent }
          enclosing.append((indent, name))
        }
        let isDeclaration = Self.declares(line, inProtocol: inProtocol && line.hasPrefix("  "))
        if line.contains("protocol ") && !line.hasPrefix("//") { inProtocol = true }
        guard isDeclaration else { continue }
        // Attributes on lines of their own belong to the declaration below.
        var previous = index - 1
        while previous >= 0, lines[previous].drop(while: { $0 == " " }).hasPrefix("@") {
          previous -= 1
        }
        let comment = previous >= 0 ? lines[previous].drop { $0 == " " } : ""
        let declaration = Self.declaration(lines[index...])
        let name = Self.documentedName(declaration)
        if comment.hasPrefix(Self.citation) {
          // The page's last path component, without its disambiguation
          // (`-7q7as`, `-swift.property`), is the declaration's name.
          let path = comment.dropFirst(Self.citation.count).split(separator: "/")
          let page = path.last ?? ""
          let cited = page.split(separator: "-", maxSplits: 1).first.map(String.init) ?? ""
          #expect(
            cited == name?.lowercased(),
            "\(file):\(index + 1): cites \(page), declares \(name ?? declaration)")
          // The pages above it are those of the types it is inside.
          let types = enclosing.filter { $0.indent < indent }.map { $0.name.lowercased() }
          #expect(
            path.dropLast().map(String.init) == types,
            "\(file):\(index + 1): cites \(path.joined(separator: "/")), inside \(types)")
          declarations += 1
        } else {
          #expect(
            comment.hasPrefix("/// Scaffolding:") && Self.isScaffolding(name, declaration),
            "\(file):\(index + 1): \(line) cites no page")
        }
      }
    }
    #expect(declarations >= 60)
  }
}
