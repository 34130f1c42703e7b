import EffectHost
import Effects
import Foundation
import ScrollEffectsTestSupport
import Testing

/// What a scene's text and the exported type's name can do to the exported
/// source: no text of the scene leaves a comment or a literal, and no type
/// name hides a name the code uses.
@Suite struct SwiftExportTextTests {
  /// A scene whose every text that the export copies into its source holds
  /// line breaks of every kind, comment delimiters, quotes and backslashes.
  /// Each break is followed by a line that would be code if it ended the
  /// comment: `INJECTED()` after a name, `+ 1` in an expression.
  static let awkwardScene = #"""
    {"description": "first line\r\nINJECTED()\rINJECTED()\u2028INJECTED()\u0085INJECTED() */ /*",
     "viewport": {"width": 390, "height": 844}, "contentHeight": 2000,
     "chains": [
      {"name": "head\nINJECTED() \"q\" \\ */ /*", "frame": {"y": 0, "height": 300},
       "effects": [{"type": "stretch"}, {"type": "expression", "zIndex": "offset\n+ 1\r+ 2\t+ 3"}],
       "events": [{"name": "e\nINJECTED()", "input": "minY", "crosses": 10}]},
      {"name": "\u2028INJECTED()", "frame": {"y": 300, "height": 100}, "repeat": {"count": 3},
       "effects": [{"type": "parallax"}]},
      {"name": "\rINJECTED()", "frame": {"y": 700, "height": 100}},
      {"name": "ヘッダー café", "frame": {"y": 800, "height": 100}, "effects": [{"type": "parallax"}]},
      {"name": "-- 1st", "frame": {"y": 900, "height": 100}, "effects": [{"type": "parallax"}]},
      {"name": "--", "frame": {"y": 1000, "height": 100}, "effects": [{"type": "parallax"}]},
      {"name": "3d", "frame": {"y": 1100, "height": 100}, "effects": [{"type": "float"}, {"type": "stretch"}]}
     ]}
    """#

  static func awkwardSource(sourceName: String = "awkward.json") throws -> String {
    let scene = try SceneLoader().load(json: awkwardScene, file: "awkward.json")
    let export = try SwiftExport(typeName: "Awkward", sourceName: sourceName)
    return try export.source(of: SceneHost(scene: scene))
  }

  @Test("no text of the scene ends a comment: names, events, descriptions, expressions, files")
  func textStaysInComments() throws {
    let source = try Self.awkwardSource(sourceName: "awk\nINJECTED()ward.json")
    // Swift ends a line at "\n" and "\r"; the other breaks are kept out too,
    // so that an editor shows the lines the compiler reads.
    for scalar in source.unicodeScalars where scalar != "\n" {
      #expect(
        !Character(scalar).isNewline,
        "a line break U+\(String(scalar.value, radix: 16)) in the source")
    }
    let lines = source.split(separator: "\n").map { $0.drop { $0 == " " } }
    #expect(!lines.contains { $0.hasPrefix("INJECTED") || $0.hasPrefix("+ ") })
    // The texts are still there, escaped as a string literal escapes them.
    #expect(source.contains(#"// "head\nINJECTED() \"q\" \\ */ /*""#))
    #expect(source.contains(#"offset\n+ 1\r+ 2\t+ 3"#))
    #expect(source.contains(#"the scene awk\nINJECTED()ward.json as Swift"#))
    // The description's lines are lines of the doc comment, whatever ended them.
    #expect(source.contains("/// first line\n/// INJECTED()\n/// INJECTED()\n/// INJECTED()\n"))
  }

  @Test("a bidirectional override or an invisible space in a name is written escaped, never raw")
  func invisibleScalarsEscaped() throws {
    // U+202E would show the rest of its line reversed in an editor, U+200B
    // and U+00A0 make a name look like another; each is escaped in the
    // literal that holds the name and in the comments that quote it.
    let scene = try SceneLoader().load(
      json: #"""
        {"chains": [{"name": "‮evil​  x", "frame": {"height": 100},
          "effects": [{"type": "parallax"}],
          "events": [{"name": "‮ev", "input": "minY", "crosses": 10}]}]}
        """#, file: "evil.json")
    let source = try SwiftExport(typeName: "Evil", sourceName: "evil.json")
      .source(of: SceneHost(scene: scene))
    for scalar: Unicode.Scalar in ["\u{202E}", "\u{200B}", "\u{A0}"] {
      #expect(!source.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) raw")
    }
    #expect(source.contains(#""\u{202e}evil\u{200b} \u{a0}x""#))
    #expect(source.contains(#""\u{202e}ev""#))
  }

  @Test("2,000 chains export as 2,000 chain functions, each view's column written from its own")
  func manyChains() throws {
    let count = 2000
    let chains = (0..<count).map {
      #"{"name": "c\#($0)", "frame": {"y": \#($0 * 10), "height": 10}, "effects": [{"type": "parallax", "rate": 0.5}]}"#
    }
    let scene = try SceneLoader().load(
      json: #"{"chains": ["# + chains.joined(separator: ",") + "]}")
    let source = try SwiftExport(typeName: "Many", sourceName: "many.json")
      .source(of: SceneHost(scene: scene))
    for index in [0, 1, 999, count - 1] {
      #expect(source.contains("private static func evaluateC\(index)("), "c\(index)")
    }
    #expect(source.components(separatedBy: "private static func evaluateC").count - 1 == count)
  }

  @Test("a chain's function is named after its words, in any script a Swift name takes")
  func chainFunctionNames() throws {
    let source = try Self.awkwardSource()
    #expect(source.contains("private static func evaluateヘッダーCafé("))
    #expect(source.contains("private static func evaluateChain1st("))
    #expect(source.contains("private static func evaluateChain5("))
    // A name that starts with a digit: its state's names start with `chain`.
    #expect(source.contains("static func evaluateChain3d("))
    #expect(source.contains("var chain3dFloat"))
    #expect(!source.contains(" 3d"))
    // Random names: always `evaluate` and characters a Swift name may hold.
    var random = SplitMix64(seed: 31)
    let pieces = [
      "self", "é", "ヘッダー", "-", " ", "2", "x", ".json", "/", "😀", "\u{301}", "_", "\u{1F3FB}",
    ]
    for _ in 0..<2_000 {
      let name = (0..<random.next(in: 1...4)).map { _ in random.pick(pieces) }.joined()
      let function = SwiftExport.functionName(forChain: name, index: 3)
      #expect(function.hasPrefix("evaluate"))
      #expect(function.unicodeScalars.allSatisfy(SwiftExport.isIdentifierCharacter), "\(name)")
      // What the chain's state and values are named after starts as a name may.
      let rest = function.dropFirst("evaluate".count)
      #expect(rest.first?.isNumber == false, "\(name)")
    }
  }

  @Test("a file's name that is a SwiftUI or Foundation type gives a name with Scene after it")
  func frameworkNames() throws {
    #expect(SwiftExport.typeName(forFile: "list.json") == "ListScene")
    #expect(SwiftExport.typeName(forFile: "views/view.json") == "ViewScene")
    #expect(SwiftExport.typeName(forFile: "date.json") == "DateScene")
    #expect(SwiftExport.typeName(forFile: "scene.json") == "SceneScene")
    #expect(SwiftExport.typeName(forFile: "list-view.json") == "ListView")
    #expect(SwiftExport.typeName(forFile: "scroll-geometry.json") == "ScrollGeometryScene")
    // A name given is the user's choice.
    #expect(try SwiftExport(typeName: "List", sourceName: "list.json").typeName == "List")
  }

  @Test("the Foundation names the default name avoids are Foundation's types")
  func foundationNames() {
    let types: [Any.Type] = [
      Bundle.self, Calendar.self, CharacterSet.self, Data.self, Date.self, DateComponents.self,
      DateFormatter.self, Decimal.self, FileManager.self, IndexPath.self, IndexSet.self,
      JSONDecoder.self, JSONEncoder.self, Locale.self, Measurement<UnitLength>.self,
      Notification.self, NotificationCenter.self, NumberFormatter.self, Operation.self,
      ProcessInfo.self, Progress.self, RunLoop.self, Thread.self, TimeZone.self, Timer.self,
      URL.self, URLComponents.self, UUID.self, UserDefaults.self,
    ]
    for type in types {
      // `Measurement<UnitLength>` is `Measurement`.
      let name = String(describing: type).prefix { $0 != "<" }
      #expect(SwiftExport.frameworkTypeNames.contains(String(name)), "\(name)")
    }
  }

  @Test("the type name a file gives is always one the export accepts")
  func derivedNamesAreAccepted() throws {
    #expect(SwiftExport.typeName(forFile: "self.json") == "SelfScene")
    #expect(SwiftExport.typeName(forFile: "scenes/double.json") == "DoubleScene")
    #expect(SwiftExport.typeName(forFile: "void.json") == "VoidScene")
    #expect(SwiftExport.typeName(forFile: "any.json") == "AnyScene")
    // Random names of words that are keywords, reserved names or anything.
    var random = SplitMix64(seed: 27)
    let words =
      ["self", "type", "protocol", "double", "int", "string", "array", "range", "bool", "-", "2"]
      + ["é", "x", "_", ".", "header", "v2", "Sendable", "equatable", "", "ヘッダー", "\u{301}"]
      + ["\u{1F3FB}", "😀"]
    for _ in 0..<2_000 {
      let name = (0..<random.next(in: 1...3)).map { _ in random.pick(words) }.joined()
      let typeName = SwiftExport.typeName(forFile: name + ".json")
      #expect(SwiftExport.isTypeName(typeName), "\(name).json gives \(typeName)")
      #expect(throws: Never.self) { try SwiftExport(typeName: typeName, sourceName: name) }
    }
  }

  @Test(
    "a name the exported code uses is refused, saying why",
    arguments: ["Double", "Int", "String", "Array", "Swift", "Glibc", "Darwin", "pow", "min"])
  func reservedName(_ name: String) {
    #expect(throws: SwiftExportError.invalidTypeName(name)) {
      try SwiftExport(typeName: name, sourceName: "scene.json")
    }
    #expect(
      SwiftExportError.invalidTypeName(name).description
        == "\"\(name)\" is a name the exported code uses from the standard library or C; "
        + "expected another type name")
  }

  /// The keywords reserved in declarations, statements, expressions and
  /// types, as "Lexical Structure", "Keywords and Punctuation" of The Swift
  /// Programming Language lists them.
  static let languageKeywords = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
    "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated", "open",
    "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
    "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
    "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
    "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super",
    "throws", "true", "try",
  ]

  @Test("a keyword is refused as a keyword")
  func keyword() {
    for name in Self.languageKeywords + ["Type", "Protocol"] {
      #expect(throws: SwiftExportError.invalidTypeName(name)) {
        try SwiftExport(typeName: name, sourceName: "scene.json")
      }
      #expect(
        SwiftExportError.invalidTypeName(name).description
          == "\"\(name)\" is a Swift keyword; expected a type name that is not one")
    }
  }

  /// The names the source uses that it does not declare: types (a capital
  /// first letter) and functions called without a receiver, outside
  /// comments and string literals.
  static func undeclaredNames(in source: String) -> Set<String> {
    var code = ""
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      // Outside string literals (which have no escaped quote here but `\"`).
      var inString = false
      var previous: Character = " "
      var kept = ""
      var index = line.startIndex
      while index < line.endIndex {
        let character = line[index]
        if !inString && character == "/" && line[index...].hasPrefix("//") { break }
        if character == "\"" && previous != "\\" {
          inString.toggle()
        } else if !inString {
          kept.append(character)
        }
        previous = character
        index = line.index(after: index)
      }
      code += kept + "\n"
    }
    let tokens = Self.tokens(code)
    var declared: Set<String> = []
    var used: Set<String> = []
    let declaring: Set<String> = ["struct", "enum", "func", "let", "var", "case", "typealias"]
    for (index, token) in tokens.enumerated() where token.first?.isLetter == true || token == "_" {
      let before = index > 0 ? tokens[index - 1] : ""
      let after = index + 1 < tokens.count ? tokens[index + 1] : ""
      // A generic parameter: `func name<Result>`.
      let isGeneric = before == "<" && after == ">" && index >= 3 && tokens[index - 3] == "func"
      if declaring.contains(before) || after == ":" || isGeneric {
        declared.insert(token)
        continue
      }
      // A member, an attribute, a directive, or a module imported.
      if before == "." || before == "@" || before == "#" || before == "import" { continue }
      if token.first!.isUppercase || after == "(" { used.insert(token) }
    }
    return used.subtracting(declared)
  }

  /// `code`'s identifiers and punctuation, a token each.
  static func tokens(_ code: String) -> [String] {
    var tokens: [String] = []
    var current = ""
    for character in code {
      if character.isLetter || character.isNumber || character == "_" {
        current.append(character)
        continue
      }
      if !current.isEmpty { tokens.append(current) }
      current = ""
      if !character.isWhitespace { tokens.append(String(character)) }
    }
    if !current.isEmpty { tokens.append(current) }
    return tokens
  }

  /// The exports of every scene file and of 120 generated scenes.
  static func sceneSources() throws -> [String] {
    var sources: [String] = []
    for file in SceneFiles.all {
      let scene = try SceneLoader().load(
        contentsOf: SceneFiles.packageRoot.appendingPathComponent(file).path)
      sources.append(
        try SwiftExport(typeName: "Exported", sourceName: file).source(of: SceneHost(scene: scene)))
    }
    for generated in ExportSceneGenerator.scenes(count: 120, seed: 1) {
      let export = try SwiftExport(typeName: "Exported", sourceName: generated.name)
      sources.append(try export.source(of: SceneHost(scene: generated.scene)))
    }
    return sources
  }

  @Test("every private function, type and property an export declares, it uses")
  func noDeadDeclarations() throws {
    for source in try Self.sceneSources() {
      let words = Self.words(of: source)
      var counts: [Substring: Int] = [:]
      for word in words { counts[word, default: 0] += 1 }
      // A private declaration's name is the word after its keyword.
      for (index, word) in words.enumerated()
      where word == "private" && index + 2 < words.count {
        var next = index + 1
        if words[next] == "static" { next += 1 }
        guard ["func", "struct", "let", "var", "enum"].contains(words[next]),
          next + 1 < words.count
        else { continue }
        let name = words[next + 1]
        #expect(
          counts[name, default: 0] > 1,
          "\(name) is declared and never used in:\n\(source.prefix(300))")
      }
    }
  }

  /// The identifiers and keywords of `source`, in order.
  static func words(of source: String) -> [Substring] {
    source.split { !($0.isLetter || $0.isNumber || $0 == "_") }
  }

  @Test("every name the exports use and do not declare is reserved, a keyword or a module")
  func reservedNamesAreComplete() throws {
    var sources = try Self.sceneSources()
    // Expressions calling every function C math gives.
    let functions = #"""
      {"chains": [{"name": "a", "frame": {"height": 300}, "effects": [{"type": "expression",
       "zIndex": "pow(2, offset) + exp(offset) + log(pull) + sin(offset) + cos(offset) + abs(offset)",
       "rotation": "sqrt(pull) + floor(offset) + ceil(offset) + round(offset) + sign(offset) + min(1, offset, 2) + max(offset, 0)"}]}]}
      """#
    let scene = try SceneLoader().load(json: functions, file: "functions.json")
    sources.append(
      try SwiftExport(typeName: "Exported", sourceName: "f").source(of: SceneHost(scene: scene)))
    var undeclared: Set<String> = []
    for source in sources { undeclared.formUnion(Self.undeclaredNames(in: source)) }
    // Keywords that read as calls or types, and the directive.
    let allowed: Set<String> = [
      "Self", "Exported", "if", "guard", "while", "return", "switch", "in", "init", "let",
      "private", "canImport",
    ]
    let unexpected = undeclared.subtracting(SwiftExport.reservedNames).subtracting(allowed)
    #expect(unexpected.isEmpty, "used but not reserved: \(unexpected.sorted())")
    // And the list holds no name the code does not use.
    #expect(SwiftExport.reservedNames.subtracting(undeclared).isEmpty)
  }
}

/// The numbers an export writes are the file's: a stop's change and an
/// easing's control points as the file gives them, not the Doubles they
/// compute to.
@Suite struct SwiftExportNumberTests {
  @Test("a stop's change is the file's subtraction, an easing its CSS control points")
  func stopsAndEasingsQuoteTheFile() throws {
    let json = #"""
      {"chains": [{"name": "card", "frame": {"height": 100}, "repeat": {"count": 3},
       "effects": [{"type": "interpolate", "property": "scale", "input": "progress",
                    "easing": "easeOut",
                    "stops": [[0.1, 0.85], [0.5, 1]]}]}]}
      """#
    let scene = try SceneLoader().load(json: json, file: "card.json")
    let source = try SwiftExport(typeName: "Card", sourceName: "card.json")
      .source(of: SceneHost(scene: scene))
    // 1 - 0.85 is 0.15000000000000002 as a Double: the file's two numbers
    // say what it is.
    #expect(source.contains("0.85 + (1.0 - 0.85) * Self.easeOut((input - 0.1) / 0.4)"))
    #expect(!source.contains("0.15000000000000002"))
    // CSS Easing Functions Level 1: ease-out is cubic-bezier(0, 0, 0.58, 1).
    #expect(source.contains("UnitBezier(x1: 0.0, y1: 0.0, x2: 0.58, y2: 1.0)"))
    // A chain from the first row needs no sum for it.
    #expect(source.contains("let row = copy\n"))
  }

  @Test("a difference written as a subtraction reads back as the same bits")
  func differencesReadBackExactly() {
    var random = SplitMix64(seed: 27)
    let short: [Double] = [0, 0.1, 0.25, 0.5, 0.85, 1, 2, 100, -0.3, 1e-7, 390, 844.5]
    for _ in 0..<2000 {
      // The file's numbers, or any Double from 1e-12 to 1e12 in magnitude
      // (a stop's input or output is at most 1e9).
      let pick = { (random: inout SplitMix64) -> Double in
        guard !Bool.random(using: &random) else { return short.randomElement(using: &random)! }
        let exponent = Double(Int.random(in: -12...12, using: &random))
        let magnitude = Double.random(in: 1..<10, using: &random) * pow(10, exponent)
        return Bool.random(using: &random) ? magnitude : -magnitude
      }
      let (a, b) = (pick(&random), pick(&random))
      guard a.isFinite, b.isFinite, (a - b).isFinite else { continue }
      let text = SwiftLiteral.difference(a, b)
      let written: Double?
      if text.hasPrefix("(") && text.contains(" - ") {
        // "(A - B)", each operand a literal (negatives in parentheses).
        let inner = text.dropFirst().dropLast()
        let parts = inner.components(separatedBy: " - ")
        let operands = parts.map { Double($0.trimmingCharacters(in: ["(", ")"])) }
        written =
          operands.count == 2 ? operands[0].flatMap { x in operands[1].map { x - $0 } } : nil
      } else {
        written = Double(text.trimmingCharacters(in: ["(", ")"]))
      }
      #expect(written?.bitPattern == (a - b).bitPattern, "\(a) - \(b) written \(text)")
      // The shorter of the two spellings.
      #expect(text.count <= "\(a - b)".count + 2)
    }
    #expect(SwiftLiteral.difference(1, 0.5) == "0.5")
    #expect(SwiftLiteral.difference(1, 0.85) == "(1.0 - 0.85)")
    #expect(SwiftLiteral.difference(0.85, 1) == "(0.85 - 1.0)")
  }

  /// `pow` of constant bases and exponents, which `swiftc -O` rewrites when
  /// it sees them (`exp2`, a square root, a product, a quotient), and
  /// subnormal numbers, whose literals Swift warns about: compiled by
  /// SwiftExportCompiledTests against the host.
  static let literalsScene = #"""
    {"contentHeight": 3000, "chains": [
      {"name": "powers", "frame": {"y": 5e-324, "height": 300},
       "effects": [
         {"type": "parallax", "rate": 1e-320},
         {"type": "expression", "zIndex": "pow(8, offset / 100) + pow(1024, offset / 1000)",
          "opacity": "clamp(pow(0.5, offset / 50) + pow(2, offset / 300), 0, 1)",
          "rotation": "pow(abs(offset) + 1, 0.5) + pow(offset + 0.5, 2) + pow(offset + 0.25, -1)",
          "blur": "abs(offset * 1e-320 + pow(4, offset / 77))"}],
       "events": [{"name": "tiny", "input": "offset", "crosses": 1e-310}]},
      {"name": "rows", "frame": {"y": 300, "height": 50}, "repeat": {"count": 12},
       "effects": [
         {"type": "expression", "scale": "pow(2, offset / 100) + index * 2.5e-320"},
         {"type": "interpolate", "property": "blur", "stops": [[0, 4e-320], [500, 3]]},
         {"type": "interpolate", "property": "opacity", "stops": [[0, 1], [400, 0.5]],
          "easing": "linear(0 0%, 0 1e-320%)"},
         {"type": "interpolate", "property": "scaleY", "stops": [[0, 1], [400, 2]],
          "easing": "linear(0 0%, 1 1e-320%)"}]}]}
    """#

  @Test("a subnormal number is written by its bits, which read back as the same number")
  func subnormalsByTheirBits() throws {
    // 1e-320 is 2024 times the smallest subnormal, 2^-1074: 2024 is 0x7e8.
    // (Read from text: a literal this small warns.)
    let tiny = try #require(Double("1e-320"))
    #expect(tiny / Double.leastNonzeroMagnitude == 2024)
    #expect(SwiftLiteral.double(tiny) == "Double(bitPattern: 0x0000_0000_0000_07e8)")
    #expect(
      SwiftLiteral.double(-Double.leastNonzeroMagnitude)
        == "Double(bitPattern: 0x8000_0000_0000_0001)")
    // The smallest normal number keeps its decimal literal.
    #expect(SwiftLiteral.double(2.2250738585072014e-308) == "2.2250738585072014e-308")
    var random = SplitMix64(seed: 320)
    for _ in 0..<2000 {
      let bits =
        UInt64.random(in: 1..<(1 << 52), using: &random)
        | (Bool.random(using: &random) ? 1 << 63 : 0)
      let value = Double(bitPattern: bits)
      #expect(value.isSubnormal)
      let text = SwiftLiteral.double(value)
      let prefix = "Double(bitPattern: 0x"
      #expect(text.hasPrefix(prefix) && text.hasSuffix(")"))
      let hex = text.dropFirst(prefix.count).dropLast().filter { $0 != "_" }
      #expect(hex.count == 16)
      #expect(UInt64(hex, radix: 16).map(Double.init(bitPattern:))?.bitPattern == bits)
    }
  }

  @Test("pow is called through a function the optimiser leaves alone; subnormals by their bits")
  func powersAndSubnormalsInTheExport() throws {
    let scene = try SceneLoader().load(json: Self.literalsScene, file: "literals.json")
    let source = try SwiftExport(typeName: "Literals", sourceName: "literals.json")
      .source(of: SceneHost(scene: scene))
    #expect(source.contains("Self.power(8.0, offset / 100.0)"))
    #expect(source.contains("@_optimize(none)\n  private static func power("))
    // The code, without the comments that quote the file.
    let code = source.split(separator: "\n").map { $0.components(separatedBy: "//")[0] }
    #expect(!code.contains { $0.contains(" pow(8.0") || $0.contains("e-3") })
    #expect(source.contains("Double(bitPattern: 0x0000_0000_0000_07e8)"))
  }
}
