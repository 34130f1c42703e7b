import EffectCommandLine
import EffectHost
import Effects
import Testing

@Suite struct EffectsCommandTests {
  @Test("effects: the list, one type's page, and an unknown type with did you mean")
  func effects() {
    let list = InProcess(["effects"])
    #expect(list.status == .success)
    #expect(list.stdout == EffectDocumentation.list(.builtIn))
    #expect(
      InProcess(["effects", "stretch"]).stdout == EffectDocumentation.page(StretchEffect.descriptor)
    )
    let names = BuiltInEffects.all.map { $0.descriptor.typeName }.joined(separator: ", ")
    let wrong = InProcess(["effects", "strech"])
    #expect(wrong.status == .usage)
    #expect(
      wrong.stderr
        == InProcess.usageError(
          "Unknown effect type 'strech'. Did you mean 'stretch'? The types are: \(names).",
          usage: "effectctl effects [<type>] [--markdown]", command: "effects"))
  }
}
