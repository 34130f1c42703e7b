import EffectCommandLine
import EffectHost
import Foundation
import Testing

/// The worked numbers of the pages that describe scenes and expressions in
/// words are what `effectctl` gives for the scene or expression described:
/// Scenes.md's geometry example, Expressions.md's `EXPR` is N, and the
/// README's count of built-in effects.
@Suite struct DocumentedWorkedNumberTests {
  /// The `y` of each row of `eval scene --offsets offset`.
  static func tops(_ scene: String, at offset: Double) -> [Double] {
    let run = DocumentedText.run(["eval", scene, "--offsets", "\(offset)", "--format", "csv"])
    return DocumentedText.lines(run.stdout).dropFirst().compactMap {
      Double($0.split(separator: ",")[3])
    }
  }

  @Test("Scenes.md's geometry example: natural tops, C and maxOffset of the scene it describes")
  func scenesGeometryExample() throws {
    let prose = try DocumentedText.prose("Docs/Scenes.md")
    let sentence = try #require(
      prose.firstMatch(
        of:
          /For example, with `"contentInsets": \{"top": ([0-9]+), "bottom": ([0-9]+)\}`, a ([0-9]+)-point view at y 0 and three ([0-9]+)-point copies from y ([0-9]+), ([0-9]+) apart: the view's natural top is ([0-9]+) at offset 0 and the copies' are ([0-9]+), ([0-9]+) and ([0-9]+); C is .* = ([0-9]+), and maxOffset is .* = ([0-9]+)\. At offset 100 each top is ([0-9]+) higher\./
      ))
    let o = sentence.output
    let scene = try DocumentedText.sceneFile(
      """
      {"contentInsets": {"top": \(o.1), "bottom": \(o.2)}, "chains": [
        {"name": "view", "frame": {"y": 0, "height": \(o.3)}},
        {"name": "copy", "frame": {"y": \(o.5), "height": \(o.4)},
         "repeat": {"count": 3, "spacing": \(o.6)}}]}
      """)
    let tops = Self.tops(scene, at: 0)
    #expect(tops.map { "\(Int($0))" } == [o.7, o.8, o.9, o.10].map(String.init))
    let loaded = try SceneLoader().load(contentsOf: scene)
    #expect("\(Int(loaded.contentHeight))" == o.11)
    #expect("\(Int(loaded.geometry(offset: 0).maxOffset))" == o.12)
    let later = Self.tops(scene, at: 100)
    #expect(zip(tops, later).allSatisfy { "\(Int($0 - $1))" == o.13 })
  }

  @Test("Expressions.md's `EXPR` is N: each expression, evaluated as a view's y, is N")
  func expressionValues() throws {
    let prose = try DocumentedText.prose("Docs/Expressions.md")
    let claims = prose.matches(of: /`([^`]+)` is (-?[0-9]+)\b/).map {
      (String($0.output.1), String($0.output.2))
    }
    #expect(claims.count >= 5)
    for (expression, value) in claims {
      let json = try String(decoding: JSONEncoder().encode(expression), as: UTF8.self)
      let scene = try DocumentedText.sceneFile(
        #"{"name": "a", "frame": {"height": 10}, "effects": [{"type": "expression", "y": \#(json)}]}"#
      )
      let y = Self.tops(scene, at: 0)
      #expect(y == [Double(value)], "\(expression) is \(y), Expressions.md says \(value)")
    }
  }

  @Test("the README's count of built-in effects is the number effectctl effects lists")
  func builtInCount() throws {
    let listed = DocumentedText.lines(DocumentedText.run(["effects"]).stdout).count
    let words = [
      "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
    ]
    let said = try #require(
      try DocumentedText.prose("README.md").firstMatch(of: /protocol, ([a-z]+) built-in effects/))
    #expect(words.firstIndex(of: String(said.output.1)).map { $0 + 5 } == listed)
  }
  @Test("Effects.md's setup of the worked numbers is the one effectctl effects states")
  func effectsSetup() throws {
    let page = DocumentedText.run(["effects", "stretch"]).stdout
    let stated = try #require(
      page.firstMatch(
        of:
          /EXAMPLES \(a ([0-9]+)-point header at y ([0-9]+), viewport ([0-9]+) x ([0-9]+), ([0-9]+) points of content, unless stated\):/
      )
    ).output
    let documented = try #require(
      try DocumentedText.prose("Docs/Effects.md").firstMatch(
        of:
          /the setup of `effectctl effects TYPE`: a ([0-9]+)-point header at y ([0-9]+), viewport ([0-9]+) x ([0-9]+), ([0-9]+) points of content \(so maxOffset is ([0-9]+)\), insets 0/
      )
    ).output
    #expect(
      [documented.1, documented.2, documented.3, documented.4, documented.5]
        == [stated.1, stated.2, stated.3, stated.4, stated.5])
    // maxOffset = max(0, C + It + Ib - V), the insets 0.
    let maxOffset = max(0, (Int(stated.5) ?? 0) - (Int(stated.4) ?? 0))
    #expect(documented.6 == "\(maxOffset)"[...])
  }
}
