import EffectCommandLine
import EffectHost
import Foundation
import Testing

@Suite struct SchemaCommandTests {
  @Test("schema prints Docs/scene.schema.json byte for byte")
  func committedSchema() throws {
    let committed = try DocumentedText.text("Docs/scene.schema.json")
    let run = InProcess(["schema"])
    #expect(run.status == .success)
    #expect(run.stderr == "")
    #expect(
      run.stdout == committed,
      "Docs/scene.schema.json is not what effectctl schema prints; run swift run effectctl schema > Docs/scene.schema.json"
    )
  }

  @Test("schema lists the effect types of the tool's registry")
  func ownRegistry() throws {
    let registry = try EffectRegistry.builtIn.registering(DimEffect.self)
    let run = InProcess(["schema"], tool: Effectctl.tool(registry: registry))
    #expect(run.status == .success)
    #expect(run.stdout == SceneSchema(registry: registry).text)
    #expect(run.stdout.contains(#""const": "dim""#))
  }

  @Test("schema takes no arguments")
  func extraArgument() {
    let run = InProcess(["schema", "scene.json"])
    #expect(run.status == .usage)
    #expect(run.stdout == "")
    // The usage of a subcommand without arguments or options is its name alone.
    #expect(
      run.stderr
        == InProcess.usageError(
          "Unexpected argument 'scene.json'", usage: "effectctl schema", command: "schema"))
  }
}
