import EffectCommandLine
import EffectHost
import EffectProtocol
import Testing

/// An app's own effect: halves a view's opacity.
struct DimEffect: StatelessScrollEffect {
  init() {}

  init(from reader: inout ParameterReader) {}

  static let descriptor = EffectDescriptor(
    typeName: "dim", summary: "Halves a view's opacity.", discussion: "opacity *= 0.5",
    parameters: [], examples: [])

  func apply(to views: inout ViewBatch) {
    views.modifyVisuals { $0.opacity *= 0.5 }
  }
}

/// `effectctl` built over a registry of the caller's, as an app builds its own.
@Suite struct EffectctlTests {
  @Test("an app's own tool runs eval with its own effect type in process, without plugins")
  func ownRegistry() throws {
    let registry = try EffectRegistry.builtIn.registering(DimEffect.self)
    let scene = try EscapingTests.file(
      #"{"chains": [{"name": "header", "frame": {"height": 300}, "effects": [{"type": "dim"}]}]}"#)
    let arguments = ["eval", scene, "--offsets", "0", "--format", "csv"]
    let result = InProcess(arguments, tool: Effectctl.tool(registry: registry))
    #expect(result.status == .success)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        offset,chain,x,y,width,height,translateX,translateY,scaleX,scaleY,anchorX,anchorY,opacity,blur,rotation,zIndex
        0,header,0,0,390,300,0,0,1,1,0.5,0.5,0.5,0,0,0

        """)
    let builtIn = InProcess(arguments)
    #expect(builtIn.status == .invalidScene)
    #expect(builtIn.stderr.contains(#"unknown effect type "dim""#))
  }

  @Test("an app's own tool lists its effect type after the built-ins")
  func ownRegistryListed() throws {
    let registry = try EffectRegistry.builtIn.registering(DimEffect.self)
    let result = InProcess(["effects"], tool: Effectctl.tool(registry: registry))
    #expect(result.status == .success)
    #expect(result.stderr == "")
    // The built-in types in the registry's order, as Effects.md's table lists them.
    let builtIns = [
      "stretch", "footerPin", "pin", "parallax", "translate", "collapse", "interpolate",
      "expression", "float",
    ]
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(lines.count == builtIns.count + 2)
    #expect(lines.prefix(builtIns.count).map { String($0.prefix { $0 != " " }) } == builtIns)
    // Names are padded to the longest, "interpolate" (11 characters), then two spaces.
    #expect(
      lines.dropLast().last
        == "dim" + String(repeating: " ", count: 11 - 3 + 2) + "Halves a view's opacity.")
    #expect(lines.last == "")
  }
}
