import EffectHost
import EffectProtocol
import Effects
import Foundation
import Testing

@testable import EffectCommandLine

/// Docs/Effects.md's sections of the effects are what `effectctl effects
/// --markdown` writes from the descriptors, so adding or changing an effect
/// edits no second file by hand.
@Suite struct EffectDocumentationMarkdownTests {
  static let effectsDoc = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Docs/Effects.md")

  /// The lines of `text` strictly between its BEGIN and END lines.
  static func generatedPart(of text: String) -> String? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let begin = lines.firstIndex(where: { $0 == EffectDocumentation.markdownBegin }),
      let end = lines.firstIndex(where: { $0 == EffectDocumentation.markdownEnd }), begin < end
    else { return nil }
    return lines[(begin + 1)..<end].map { $0 + "\n" }.joined()
  }

  @Test("Docs/Effects.md holds exactly what the built-ins' descriptors generate")
  func effectsDocIsGenerated() throws {
    let text = try String(contentsOf: Self.effectsDoc, encoding: .utf8)
    let part = try #require(
      Self.generatedPart(of: text),
      "Docs/Effects.md lost its BEGIN or END line of the generated part")
    let descriptors = BuiltInEffects.all.map { $0.descriptor }
    #expect(
      part == EffectDocumentation.markdown(descriptors),
      "Docs/Effects.md is not what the effects' descriptors give: run `bash Scripts/update-effects-doc.sh`"
    )
  }

  @Test("`effects --markdown` prints the whole part, `effects TYPE --markdown` one section")
  func command() {
    let all = InProcess(["effects", "--markdown"])
    #expect(all.status == .success)
    #expect(all.stdout == EffectDocumentation.markdown(BuiltInEffects.all.map { $0.descriptor }))
    let one = InProcess(["effects", "pin", "--markdown"])
    #expect(one.stdout == EffectDocumentation.markdownSection(PinEffect.descriptor))
  }

  @Test(
    "a section: heading, summary, the defaults as JSON, the parameter table, reduced motion, the examples"
  )
  func section() {
    let section = EffectDocumentation.markdownSection(ParallaxEffect.descriptor)
    #expect(
      section.hasPrefix(
        """
        ## `parallax`

        Moves a view at a different speed from the content while it scrolls up.

        ```json
        {"type": "parallax", "rate": 0.5}
        ```

        | parameter | values | default | what it does |
        | --- | --- | --- | --- |
        | `rate` | factor, any from -1e9 to 1e9 | `0.5` | the share of the scroll the view resists |

        Reduced motion (`"reducedMotion"`, which every effect takes): by default skip.

        y += rate * max(0, offset).
        """))
    #expect(
      section.contains(
        """
        Worked numbers (`effectctl effects parallax --check` runs each one; \
        `effectctl effects parallax` prints them):

        | example | effect | setup | offset | result |
        | --- | --- | --- | --- | --- |
        | scrolled 100 at rate 0.5: 50 up | `{"type": "parallax"}` | the header | 100 | y -50 |
        | rate 1: held in place | `{"type": "parallax", "rate": 1}` | the header | 200 | y 0 |

        """))
  }

  @Test("stateful examples list their earlier offsets; chained ones their chain")
  func earlierOffsetsAndChains() {
    let float = EffectDocumentation.markdownSection(FloatEffect.descriptor)
    #expect(float.contains("| example | effect | setup | earlier offsets | offset | result |"))
    #expect(float.contains("| `{\"type\": \"float\"}` | the header | 0, 500 | 450 | y -250 |"))
    #expect(float.contains("| the header | none | 600 | y 0 |"))
    let collapse = EffectDocumentation.markdownSection(CollapseEffect.descriptor)
    #expect(
      collapse.contains(
        #"| `[{"type": "stretch"}, {"type": "collapse"}]` | the header | -50 | y 0, height 350 |"#))
  }

  @Test("indented lines of a discussion become a text block; bars in cells are escaped")
  func markdownDetails() {
    #expect(
      EffectDocumentation.markdownParagraphs("Names:\n  a  one\n  b  two\nAfter.")
        == "Names:\n```text\na  one\nb  two\n```\nAfter.\n")
    #expect(EffectDocumentation.cell("a | b") == #"a \| b"#)
  }
}
