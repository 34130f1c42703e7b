import EffectHost
import Effects
import Foundation
import Testing

/// Expressions at the language's limits (1000 tokens, 64 levels of
/// nesting) export as Swift that `swiftc` takes: it refuses parentheses
/// nested 256 deep.
@Suite struct SwiftExportLongExpressionTests {
  /// The longest expression of each shape: a left-leaning chain of each
  /// operator, `min` and `max` of as many arguments as fit, a chain of
  /// comparisons, and parentheses, calls, unary minus and `?:` nested 64 deep.
  static let expressions: [(name: String, text: String)] = [
    // 999 tokens each: a name, then 499 operators and operands.
    ("sum", "y" + String(repeating: " + offset", count: 499)),
    ("product", "offset" + String(repeating: " * 1.001", count: 499)),
    ("difference", "1" + String(repeating: " - offset", count: 499)),
    ("quotient", "offset" + String(repeating: " / 1.001", count: 499)),
    ("less", "offset" + String(repeating: " < y", count: 499)),
    ("equal", "offset" + String(repeating: " == y", count: 499)),
    // 1000 tokens: `min`, `(`, 499 arguments and 498 commas, `)`.
    ("min", "min(" + Array(repeating: "offset", count: 499).joined(separator: ", ") + ")"),
    ("max", "max(" + Array(repeating: "y", count: 499).joined(separator: ", ") + ")"),
    // 64 levels of nesting.
    (
      "parentheses",
      String(repeating: "(offset - ", count: 64) + "y" + String(repeating: ")", count: 64)
    ),
    ("calls", String(repeating: "sin(", count: 64) + "offset" + String(repeating: ")", count: 64)),
    ("negation", String(repeating: "-", count: 64) + "offset"),
    (
      "conditionals",
      (0..<64).map { "offset > \($0) ? \($0) : " }.joined() + "y"
    ),
  ]

  /// A scene with a chain a shape of `names` (every shape by default),
  /// and with `repeated` a repeated chain of each too, whose parts that are
  /// the same for every copy are computed before the copies.
  static func scene(_ names: [String]? = nil, repeated: Bool = true) -> String {
    let chosen = expressions.filter { names?.contains($0.name) ?? true }
    let chains = chosen.enumerated().flatMap { index, expression in
      let effect = #"{"type": "expression", "y": "\#(expression.text)"}"#
      let single =
        #"{"name": "\#(expression.name)", "frame": {"y": \#(index * 100), "height": 100}, "effects": [\#(effect)]}"#
      let copies =
        #"{"name": "\#(expression.name) copies", "repeat": {"count": 3}, "frame": {"height": 100}, "effects": [\#(effect)]}"#
      return repeated ? [single, copies] : [single]
    }
    return #"{"chains": [\#(chains.joined(separator: ", "))]}"#
  }

  /// How deeply `line`'s code (before a `//` comment) nests parentheses.
  static func nesting(of line: Substring) -> Int {
    var (depth, deepest) = (0, 0)
    for character in code(of: line) {
      if character == "(" { depth += 1 }
      if character == ")" { depth -= 1 }
      deepest = max(deepest, depth)
    }
    return deepest
  }

  /// `line` before its `//` comment, which quotes the expression.
  static func code(of line: Substring) -> Substring {
    line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
  }

  static func source(_ json: String) throws -> String {
    let scene = try SceneLoader().load(json: json, file: "long.json")
    let export = try SwiftExport(typeName: "Long", sourceName: "long.json")
    return try export.source(of: SceneHost(scene: scene))
  }

  @Test("no line of an export at the limits nests parentheses more than 16 deep")
  func nestingStaysShallow() throws {
    let source = try Self.source(Self.scene())
    let lines = source.split(separator: "\n")
    let deepest = lines.map { Self.nesting(of: $0) }.max() ?? 0
    #expect(deepest <= 16)
    // Nor does a line hold hundreds of operations: `swiftc` type-checks a
    // long chain in time that grows faster than its length.
    let longest = lines.map { Self.code(of: $0).count { "+-*/<=".contains($0) } }.max() ?? 0
    #expect(longest <= 60)
  }

  @Test("operators of one level chain to the left without parentheses; others keep theirs")
  func parenthesesWhereSwiftNeedsThem() throws {
    let source = try Self.source(
      #"""
      {"chains": [{"name": "a", "frame": {"height": 100}, "effects": [{"type": "expression",
        "x": "1 - offset - y", "y": "offset - (y - offset)", "width": "(offset + y) * 2 / y",
        "height": "offset / (y * 2)", "opacity": "-(offset + y) * 2",
        "blur": "sqrt(offset + y) + (offset < y)"}]}]}
      """#)
    #expect(source.contains("let newX = 1.0 - offset - view.y  //"))
    #expect(source.contains("let newY = offset - (view.y - offset)  //"))
    #expect(source.contains("let newWidth = (offset + view.y) * 2.0 / view.y  //"))
    #expect(source.contains("let newHeight = offset / (view.y * 2.0)  //"))
    #expect(source.contains("let newOpacity = (-(offset + view.y)) * 2.0  //"))
    #expect(
      source.contains(
        "let newBlur = (offset + view.y).squareRoot() + (offset < view.y ? 1.0 : 0.0)  //"))
  }

  @Test("a long chain is computed a part a line, in the library's order")
  func longChainsInParts() throws {
    let source = try Self.source(
      #"{"chains": [{"name": "a", "frame": {"height": 100}, "effects": [{"type": "expression", "y": "y"#
        + String(repeating: " - offset", count: 60) + #""}]}]}"#)
    // 60 subtractions: 25 a part, the first part's first one on `view.y`.
    let part = String(repeating: " - offset", count: 25)
    #expect(source.contains("let y0Part0 = view.y" + part + "\n"))
    #expect(source.contains("let y0Part1 = y0Part0" + part + "\n"))
    #expect(
      source.contains("let newY = y0Part1" + String(repeating: " - offset", count: 10) + "  //"))
  }
}
