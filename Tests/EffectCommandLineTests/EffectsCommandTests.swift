import EffectCommandLine
import EffectHost
import EffectProtocol
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
          usage: "effectctl effects [<type>] [--markdown] [--check]", command: "effects"))
  }

  /// Moves a view right by `by` points: one example right, one wrong.
  struct NudgeEffect: StatelessScrollEffect {
    var by: Double

    init(from reader: inout ParameterReader) {
      by = reader.number("by", default: 10, in: .finite)
    }

    static let descriptor = EffectDescriptor(
      typeName: "nudge", summary: "Moves a view right by a fixed distance.", discussion: "x += by",
      parameters: [.init(name: "by", values: "points", defaultValue: "10", summary: "the nudge")],
      examples: [
        EffectExample("nudged 10", offset: 0, expected: [.x: 10]),
        EffectExample("nudged 20", parameters: #"{"by": 20}"#, offset: 0, expected: [.x: 21]),
      ])

    func apply(to views: inout ViewBatch) {
      let by = by
      views.modifyEach { $0.x += by }
    }
  }

  /// `effectctl` over the built-ins and `nudge`.
  static func nudgeTool() throws -> CommandLineTool {
    Effectctl.tool(registry: try EffectRegistry.builtIn.registering(NudgeEffect.self))
  }

  @Test("effects --check names the example that does not hold and exits 1")
  func checkCatchesAWrongExample() throws {
    let tool = try Self.nudgeTool()
    let examples =
      EffectRegistry.builtIn.types.map { $0.descriptor.examples.count }.reduce(0, +) + 2
    let run = InProcess(["effects", "--check"], tool: tool)
    #expect(run.status == .failure)
    #expect(
      run.stdout == """
        nudge: "nudged 20": x expected 21, got 20
        1 of \(examples) examples does not hold

        """)
    #expect(run.stderr == "")
    let one = InProcess(["effects", "nudge", "--check"], tool: tool)
    #expect(one.status == .failure)
    #expect(
      one.stdout == "nudge: \"nudged 20\": x expected 21, got 20\n1 of 2 examples does not hold\n")
  }

  @Test("effects --check: every built-in example holds, and one type's alone")
  func builtInExamplesHold() {
    let descriptors = EffectRegistry.builtIn.types.map { $0.descriptor }
    let examples = descriptors.map(\.examples.count).reduce(0, +)
    let run = InProcess(["effects", "--check"])
    #expect(run.status == .success)
    #expect(run.stdout == "\(examples) examples of \(descriptors.count) types hold\n")
    let stretch = InProcess(["effects", "stretch", "--check"])
    #expect(stretch.status == .success)
    #expect(
      stretch.stdout == "\(StretchEffect.descriptor.examples.count) examples of 1 type hold\n")
    let both = InProcess(["effects", "--check", "--markdown"])
    #expect(both.status == .usage)
    #expect(
      both.stderr
        == InProcess.usageError(
          "'--check' and '--markdown' cannot be used together",
          usage: "effectctl effects [<type>] [--markdown] [--check]", command: "effects"))
  }
}
