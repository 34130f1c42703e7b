import EffectCommandLine
import EffectHost
import EffectProtocol
import Effects
import Foundation
import Testing

@Suite struct EffectsCommandTests {
  @Test("lists every registered type, one line each")
  func list() throws {
    let output = try Effectctl.run(["effects"])
    #expect(output.status == 0)
    #expect(output.stderr == "")
    let lines = output.stdout.split(separator: "\n")
    #expect(lines.count == BuiltInEffects.all.count)
    let stretch = StretchEffect.descriptor
    #expect(lines.contains { $0.hasPrefix("stretch ") && $0.hasSuffix("  " + stretch.summary) })
    #expect(output.stdout == EffectDocumentation.list(.builtIn))
  }

  @Test("describes one type: parameters, defaults and worked examples")
  func describe() throws {
    let output = try Effectctl.run(["effects", "stretch"])
    #expect(output.status == 0)
    #expect(output.stderr == "")
    #expect(output.stdout.hasPrefix("stretch: \(StretchEffect.descriptor.summary)\n"))
    #expect(output.stdout.contains("  resistance  fraction, 0 to 1; default 1\n"))
    #expect(output.stdout.contains(#"    {"type": "stretch"}, offset -100 -> y 0, height 400"#))
    #expect(output.stdout == EffectDocumentation.page(StretchEffect.descriptor))
  }
}
