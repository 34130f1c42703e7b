import EffectHost
import EffectProtocol
import Testing

/// Running worked examples: what holds, and how each way of not holding is
/// named.
@Suite struct EffectRegistryExamplesTests {
  /// Lifts a view by `by` points; its examples show every outcome.
  struct LiftEffect: StatelessScrollEffect {
    var by: Double

    init(from reader: inout ParameterReader) {
      by = reader.number("by", default: 10, in: .finite)
    }

    static let descriptor = EffectDescriptor(
      typeName: "lift", summary: "Lifts a view by a fixed distance.", discussion: "y -= by",
      parameters: [.init(name: "by", values: "points", defaultValue: "10", summary: "the lift")],
      examples: [
        EffectExample("lifted 10", offset: 0, expected: [.translateY: -10]),
        EffectExample(
          "after a lift of 5", chainedAfter: [#"{"type": "lift", "by": 5}"#], offset: 0,
          expected: [.y: -15]),
        EffectExample(
          "said 25", parameters: #"{"by": 20}"#, offset: 0, expected: [.translateY: -25]),
        EffectExample("y unnamed", offset: 0, expected: [.opacity: 1]),
        EffectExample("misspelt", parameters: #"{"bye": 20}"#, offset: 0, expected: [:]),
        EffectExample("not JSON", parameters: "{", offset: 0, expected: [:]),
        EffectExample(
          "after a typo", chainedAfter: [#"{"type": "lfit"}"#], offset: 0, expected: [:]),
      ])

    func apply(to views: inout ViewBatch) {
      let by = by
      views.modifyEach { $0.y -= by }
    }
  }

  @Test("each example is run and each one that does not hold says what differs")
  func outcomes() throws {
    let registry = try EffectRegistry([LiftEffect.self])
    let checks = LiftEffect.descriptor.examples.map { registry.check($0, of: LiftEffect.self) }
    #expect(checks.map(\.holds) == [true, true, false, false, false, false, false])
    #expect(
      checks.map(\.description) == [
        #"lift: "lifted 10": holds"#,
        #"lift: "after a lift of 5": holds"#,
        #"lift: "said 25": translateY expected -25, got -20"#,
        #"lift: "y unnamed": y expected 0 (unchanged), got -10"#,
        #"lift: "misspelt": does not decode: parameters.bye: unknown key for effect "lift"; "#
          + #"did you mean "by"? (valid keys: type, by)"#,
        #"lift: "not JSON": does not decode: parameters: malformed JSON at line 1, column 2: "#
          + "expected a key string, found the end of the file",
        #"lift: "after a typo": does not decode: chainedAfter[0].type: unknown effect type "#
          + #""lfit"; did you mean "lift"? (registered: lift)"#,
      ])
    #expect(registry.checkExamples() == checks)
  }

  @Test("a column holds only at exactly its expected value: a last-bit difference does not")
  func exactComparison() throws {
    let registry = try EffectRegistry([LiftEffect.self])
    func check(by: Double, expecting y: Double) -> ExampleCheck {
      registry.check(
        EffectExample("x", parameters: #"{"by": \#(by)}"#, offset: 0, expected: [.y: y]),
        of: LiftEffect.self)
    }
    #expect(check(by: 1e6, expecting: -1e6).holds)
    // -1e6 and the next Double towards 0, 1.16e-10 apart: within the
    // billionth of a relative tolerance, and not the value.
    #expect(!check(by: 1e6, expecting: (-1e6).nextUp).holds)
    #expect(
      check(by: 0, expecting: 1e-10).problem
        == .columns([ColumnDifference(column: .y, expected: 1e-10, actual: 0, isNamed: true)]))
    // 0 and -0 are one value.
    #expect(check(by: 0, expecting: -0.0).holds)
  }

  @Test(
    "an expected value no effect may give does not hold, though the effect gives it",
    arguments: [
      (TransformColumn.opacity, Double.nan, "opacity is nan, expected a finite number"),
      (.opacity, 1.5, "opacity is 1.5, expected a number from 0 to 1"),
      (.height, -5, "height is -5.0, expected 0 or more"),
      (.y, -.infinity, "y is -inf, expected a finite number"),
    ])
  func brokenRule(column: TransformColumn, value: Double, violation: String) throws {
    let registry = try EffectRegistry([LiftEffect.self])
    let example = EffectExample("broken", offset: 0, expected: [column: value])
    let check = registry.check(example, of: LiftEffect.self)
    #expect(check.problem == .expectsBrokenRule(violation))
    #expect(check.description == #"lift: "broken": expects what no effect may give: "# + violation)
  }

  @Test("x and translateX, one value from two origins, are reported once, as the example names it")
  func positionAndTranslation() throws {
    let registry = try EffectRegistry([LiftEffect.self])
    func reported(_ expected: [TransformColumn: Double]) -> [TransformColumn] {
      let example = EffectExample("x", offset: 0, expected: expected)
      guard case .columns(let differences) = registry.check(example, of: LiftEffect.self).problem
      else { return [] }
      return differences.map(\.column)
    }
    #expect(reported([.y: 0]) == [.y])
    #expect(reported([.translateY: 0]) == [.translateY])
    #expect(reported([:]) == [.y])
    #expect(reported([.y: 0, .translateY: 0]) == [.y, .translateY])
  }
}

/// A reader that misspells a declared key: `effects --check` says so.
@Suite struct ParametersReadTests {
  /// Declares `tone` and `depth`; reads `tnoe` and `depth`.
  private struct TypoEffect: StatelessScrollEffect {
    init(from reader: inout ParameterReader) {
      _ = reader.value("tnoe")
      _ = reader.value("depth")
    }

    static let descriptor = EffectDescriptor(
      typeName: "typo", summary: "Does nothing.", discussion: "",
      parameters: [
        ParameterDescriptor(
          name: "tone", values: "a number", defaultValue: "0.5", summary: "how dark"),
        ParameterDescriptor(
          name: "depth", values: "a number", defaultValue: "2", summary: "how deep"),
        ParameterDescriptor(
          name: "label", values: "text", defaultValue: "none", summary: "no JSON"),
      ],
      examples: [])

    func apply(to views: inout ViewBatch) {}
  }

  @Test("a declared parameter the reader never reads fails the check, with the key it reads")
  func misspeltKey() throws {
    let registry = try EffectRegistry.builtIn.registering(TypoEffect.self)
    let checks = registry.checkExamples()
    // The built-ins read every parameter they declare: no such failure.
    let failures = checks.filter { $0.title == EffectRegistry.parametersReadTitle }
    #expect(failures.map(\.typeName) == ["typo"])
    let failure = try #require(failures.first)
    guard case .decoding(let diagnostics)? = failure.problem else {
      Issue.record("\(failure)")
      return
    }
    // `tone` alone: `depth` is read, `label`'s default is no JSON.
    #expect(diagnostics.map(\.path.description) == ["parameters.tone"])
    // As Docs/CommandLine.md shows it.
    #expect(
      failure.description
        == #"typo: "every declared parameter is read": does not decode: parameters.tone: "#
        + #"unknown key for effect "typo"; did you mean "tnoe"? (valid keys: type, tnoe, depth)"#)
    #expect(!failure.holds)
    // The key it reads instead is not declared: a second line, as
    // Docs/CommandLine.md shows it.
    let undeclared = checks.filter { $0.title == EffectRegistry.parametersDeclaredTitle }
    #expect(
      undeclared.map(\.description) == [
        #"typo: "every parameter read is declared": reads "tnoe", which the descriptor does not "#
          + "declare: the loader takes it and the schema refuses it"
      ])
    // Every built-in passes alone.
    for type in EffectRegistry.builtIn.types {
      #expect(EffectRegistry.checkParametersRead(of: type) == nil, "\(type.descriptor.typeName)")
    }
  }

  /// Declares `by`; reads `by`, `column` always and `extra` only with `column`.
  private struct UndeclaredEffect: StatelessScrollEffect {
    init(from reader: inout ParameterReader) {
      _ = reader.number("by", default: 1)
      if reader.string("column") != nil { _ = reader.value("extra") }
      _ = reader.bool("visualsOnly", default: false)
    }

    static let descriptor = EffectDescriptor(
      typeName: "undeclared", summary: "Does nothing.", discussion: "",
      parameters: [
        ParameterDescriptor(name: "by", values: "a number", defaultValue: "1", summary: "how far")
      ],
      examples: [])

    func apply(to views: inout ViewBatch) {}
  }

  @Test("a key the reader reads but the descriptor does not declare fails the check")
  func undeclaredKey() throws {
    let registry = try EffectRegistry.builtIn.registering(UndeclaredEffect.self)
    let failures = registry.checkExamples().filter {
      $0.title == EffectRegistry.parametersDeclaredTitle
    }
    // The built-ins declare every key they read; `extra` is read only when
    // `column` is given, which the probe does not give.
    #expect(failures.map(\.typeName) == ["undeclared"])
    #expect(failures.first?.problem == .undeclaredParameters(["column", "visualsOnly"]))
    #expect(
      failures.first?.description
        == #"undeclared: "every parameter read is declared": reads "column", "visualsOnly", "#
        + "which the descriptor does not declare: the loader takes them and the schema refuses them"
    )
    for type in EffectRegistry.builtIn.types {
      #expect(
        EffectRegistry.checkParametersDeclared(of: type) == nil, "\(type.descriptor.typeName)")
    }
  }
}
