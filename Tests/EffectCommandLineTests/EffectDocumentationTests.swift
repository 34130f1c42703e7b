import EffectHost
import EffectProtocol
import Effects
import Testing

@testable import EffectCommandLine

@Suite struct EffectDocumentationTests {
  @Test("the list has one line per registered type: the name padded, then the summary")
  func list() throws {
    let lines = EffectDocumentation.list(.builtIn).split(separator: "\n")
    #expect(lines.count == BuiltInEffects.all.count)
    let width = BuiltInEffects.all.map { $0.descriptor.typeName.count }.max() ?? 0
    let stretch = StretchEffect.descriptor
    let padding = String(repeating: " ", count: width - stretch.typeName.count + 2)
    #expect(lines.contains { $0 == stretch.typeName + padding + stretch.summary })
  }

  @Test("a type's page gives the discussion, every parameter and every example")
  func page() {
    let descriptor = StretchEffect.descriptor
    let page = EffectDocumentation.page(descriptor)
    #expect(page.hasPrefix("stretch: \(descriptor.summary)\n\n  s = min(resistance * pull"))
    #expect(page.contains("\nPARAMETERS:\n"))
    #expect(
      page.contains(
        """
          resistance  fraction, 0 to 1; default 1
                      the share of the overscroll that becomes stretch

        """))
    for parameter in descriptor.parameters {
      #expect(page.contains("  \(parameter.name)"))
      #expect(page.contains("\(parameter.values); default \(parameter.defaultValue)\n"))
    }
    #expect(
      page.contains(
        """
          pulled down 100: the header fills the gap
            {"type": "stretch"}, offset -100 -> y 0, height 400

        """))
    #expect(
      page.contains(
        """
            {"type": "stretch", "resistance": 0.5, "maxStretch": 40}, offset -100 -> y 60, height 340

        """))
    #expect(
      page.contains(#"{"type": "stretch"}, attachment viewport, offset -100 -> y 0, height 400"#))
    #expect(
      page.contains(
        #"{"type": "stretch", "edge": "bottom"}, view y 1820 height 180, offset 1206 -> y 614, height 230"#
      ))
    #expect(
      page.split(separator: "\n").filter { $0.contains(" -> ") }.count == descriptor.examples.count)
  }

  @Test("an example that expects the view at rest says 'no change', never a bare '-> '")
  func noChange() throws {
    let pin = EffectDocumentation.page(PinEffect.descriptor)
    #expect(
      pin.contains(#"    {"type": "pin"}, view y 500 height 60, offset 100 -> no change"# + "\n"))
    var unchanged: [String] = []
    for effect in BuiltInEffects.all {
      let descriptor = effect.descriptor
      let page = EffectDocumentation.page(descriptor)
      #expect(!page.contains("-> \n"), "\(descriptor.typeName)")
      let lines = page.split(separator: "\n").filter { $0.contains(" -> ") }
      for (example, line) in zip(descriptor.examples, lines) where example.expected.isEmpty {
        #expect(line.hasSuffix(" -> no change"), "\(descriptor.typeName): \(line)")
        unchanged.append(descriptor.typeName)
      }
    }
    // These types each have an example that changes nothing.
    for name in ["footerPin", "pin", "translate", "collapse"] {
      #expect(unchanged.contains(name), "\(name)")
    }
  }

  @Test("example parameters join the type into one JSON object")
  func effectJSON() {
    #expect(EffectDocumentation.effectJSON(typeName: "t", parameters: "{}") == #"{"type": "t"}"#)
    #expect(EffectDocumentation.effectJSON(typeName: "t", parameters: " { } ") == #"{"type": "t"}"#)
    #expect(
      EffectDocumentation.effectJSON(typeName: "t", parameters: #"{"a": 1, "b": [2]}"#)
        == #"{"type": "t", "a": 1, "b": [2]}"#)
    #expect(
      EffectDocumentation.effectJSON(typeName: "t", parameters: "x") == #"{"type": "t"} with x"#)
  }

  @Test("an example's setup is described where it differs from the header's")
  func setupDifferences() {
    #expect(EffectDocumentation.setupDifferences(.header) == [])
    let setup = ExampleSetup(
      frame: Rect(x: 10, y: 20, width: 30, height: 40), attachment: .viewport,
      viewport: Size(width: 100, height: 200), contentInsets: EdgeInsets(top: 44, bottom: 34),
      contentHeight: 500)
    #expect(
      EffectDocumentation.setupDifferences(setup) == [
        "view x 10 y 20 width 30 height 40", "attachment viewport", "viewport 100 x 200",
        "insets top 44 bottom 34 left 0 right 0", "content height 500",
      ])
  }
}
