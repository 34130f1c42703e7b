import EffectProtocol

extension EffectRegistry {
  /// A relative tolerance of `1e-9`, and at least `1e-9`, which ``check(_:of:)``
  /// does not apply: it compares exactly.
  @available(
    *, deprecated,
    message: "worked examples are compared exactly: write the value the effect gives"
  )
  public static func exampleTolerance(expected: Double) -> Double {
    1e-9 * max(1, abs(expected))
  }

  /// Runs `example` of `type` as ``EffectExample`` describes it: decodes its
  /// parameters with `type` and the effects of ``EffectExample/chainedAfter``
  /// with this registry, evaluates the chain at the earlier offsets and then
  /// at ``EffectExample/offset``, and compares every column with
  /// ``EffectExample/expectedTransform`` exactly (`0` and `-0` are alike):
  /// the columns the example names, and that every other keeps its natural
  /// or identity value. Exactly, because the documentation prints the
  /// expected value as the effect's own: an example whose effect gives
  /// 29.999999999999996 for the 30 it states is a wrong example, whose
  /// math is to be written so that it gives what it says. An expected transform that breaks the rule every
  /// effect keeps (a NaN, an opacity of 1.5) does not hold, whatever the
  /// effect gives.
  ///
  /// `x` and `translateX` (and `y` and `translateY`) are one value measured
  /// from two origins: when both are off, only the one the example names is
  /// reported (`x` when it names neither).
  public func check(_ example: EffectExample, of type: any ScrollEffect.Type) -> ExampleCheck {
    let typeName = type.descriptor.typeName
    func result(_ problem: ExampleCheck.Problem?) -> ExampleCheck {
      ExampleCheck(typeName: typeName, title: example.title, problem: problem)
    }
    var diagnostics: [SceneDiagnostic] = []
    let loader = SceneLoader(registry: self)
    var effects: [any ScrollEffect] = []
    for (index, json) in example.chainedAfter.enumerated() {
      let path = JSONPath.root.appending("chainedAfter").appending(index)
      switch Self.parse(json, at: path).flatMap({ loader.effect(from: $0, at: path) }) {
      case .success(let effect): effects.append(effect)
      case .failure(let problems): diagnostics += problems.diagnostics
      }
    }
    let path = JSONPath.root.appending("parameters")
    switch Self.parse(example.parameters, at: path) {
    case .success(.object(let object)):
      do {
        effects.append(try type.decode(object, at: path))
      } catch {
        diagnostics += error.diagnostics
      }
    case .success(let value):
      diagnostics.append(
        SceneDiagnostic(path: path, problem: .mismatch(expected: "an object", found: value)))
    case .failure(let problems):
      diagnostics += problems.diagnostics
    }
    guard diagnostics.isEmpty else { return result(.decoding(diagnostics)) }

    let expected = example.expectedTransform
    if let violation = expected.contractViolation { return result(.expectsBrokenRule(violation)) }
    let transform = example.evaluate(effects)
    let natural = example.setup.naturalViewportFrame(offset: example.offset)
    var differences: [TransformColumn: ColumnDifference] = [:]
    for column in TransformColumn.allCases {
      let actual = column.value(of: transform, naturalX: natural.x, naturalY: natural.y)
      let wanted = column.value(of: expected, naturalX: natural.x, naturalY: natural.y)
      guard actual != wanted else { continue }
      differences[column] = ColumnDifference(
        column: column, expected: wanted, actual: actual, isNamed: example.expected[column] != nil)
    }
    for (position, offset) in [(TransformColumn.x, TransformColumn.translateX), (.y, .translateY)]
    where differences[position] != nil && differences[offset] != nil {
      if differences[offset]?.isNamed == true, differences[position]?.isNamed == false {
        differences[position] = nil
      } else if differences[offset]?.isNamed == false {
        differences[offset] = nil
      }
    }
    let reported = TransformColumn.allCases.compactMap { differences[$0] }
    return result(reported.isEmpty ? nil : .columns(reported))
  }

  /// Every worked example of every registered type, in registration order,
  /// each run by ``check(_:of:)``, and after a type's examples, where its
  /// reader leaves a declared parameter unread, that failure
  /// (``checkParametersRead(of:)``), then where it reads a key it does not
  /// declare, that one (``checkParametersDeclared(of:)``).
  public func checkExamples() -> [ExampleCheck] {
    types.flatMap { type in
      type.descriptor.examples.map { check($0, of: type) }
        + (Self.checkParametersRead(of: type).map { [$0] } ?? [])
        + (Self.checkParametersDeclared(of: type).map { [$0] } ?? [])
    }
  }

  /// The title of ``checkParametersDeclared(of:)``'s failure.
  public static let parametersDeclaredTitle = "every parameter read is declared"

  /// A failure when `type`'s reader reads a key its descriptor does not
  /// declare: the loader takes it, and the schema made from the
  /// descriptors refuses it. The reader is run on an empty object and on
  /// the declared parameters' defaults (as ``checkParametersRead(of:)``
  /// gives them), and the keys it asks for are compared with the declared
  /// ones (`type` and `reducedMotion`, which every effect takes, count as
  /// declared); a key read only when another is given is not found.
  /// `nil` when every key read is declared.
  public static func checkParametersDeclared(of type: any ScrollEffect.Type) -> ExampleCheck? {
    let descriptor = type.descriptor
    let declared = Set(descriptor.parameters.map(\.name) + reservedKeys)
    let undeclared = keysRead(by: type).filter { !declared.contains($0) }
    guard !undeclared.isEmpty else { return nil }
    return ExampleCheck(
      typeName: descriptor.typeName, title: parametersDeclaredTitle,
      problem: .undeclaredParameters(undeclared))
  }

  /// The keys `type`'s reader asks for, each once, in the order first
  /// asked: run on an empty object, then on the declared parameters'
  /// defaults (``defaultMembers(of:)``). A key read only when another is
  /// given is not among them.
  static func keysRead(by type: any ScrollEffect.Type) -> [String] {
    var keys: [String] = []
    for object in [JSONObject([]), JSONObject(defaultMembers(of: type))] {
      var reader = ParameterReader(
        object: object, path: JSONPath.root.appending("parameters"),
        owner: "effect \"\(type.descriptor.typeName)\"")
      _ = type.init(from: &reader)
      for key in reader.readKeys where !keys.contains(key) { keys.append(key) }
    }
    return keys
  }

  /// The declared parameters whose default is JSON, each given it.
  static func defaultMembers(of type: any ScrollEffect.Type) -> [JSONObject.Member] {
    type.descriptor.parameters.compactMap { parameter in
      (try? JSONParser.parse(parameter.defaultValue)).map { .init(key: parameter.name, value: $0) }
    }
  }

  /// The title of ``checkParametersRead(of:)``'s failure.
  public static let parametersReadTitle = "every declared parameter is read"

  /// A failure when `type`'s reader does not read a parameter its
  /// descriptor declares (a key misspelt in the reader): each parameter
  /// whose default is JSON, given that default, is decoded, and each one
  /// the reader reports as an unknown key is listed (`parameters.tone:
  /// unknown key ...; did you mean "tnoe"?`). `nil` when every such
  /// parameter is read. Parameters whose default is no JSON (`required`,
  /// `unchanged`) are not given.
  public static func checkParametersRead(of type: any ScrollEffect.Type) -> ExampleCheck? {
    let members = defaultMembers(of: type)
    guard !members.isEmpty else { return nil }
    let path = JSONPath.root.appending("parameters")
    let given = Set(members.map { path.appending($0.key) })
    let unread: [SceneDiagnostic]
    do {
      _ = try type.decode(JSONObject(members), at: path)
      return nil
    } catch {
      unread = error.diagnostics.filter { diagnostic in
        guard case .unknownKey = diagnostic.problem else { return false }
        return given.contains(diagnostic.path)
      }
    }
    guard !unread.isEmpty else { return nil }
    return ExampleCheck(
      typeName: type.descriptor.typeName, title: parametersReadTitle, problem: .decoding(unread))
  }

  /// `json` parsed, or why it is not JSON, placed at `path`.
  private static func parse(_ json: String, at path: JSONPath) -> Result<
    JSONValue, SceneDiagnostics
  > {
    do {
      return .success(try JSONParser.parse(json))
    } catch {
      return .failure(
        SceneDiagnostics([SceneDiagnostic(path: path, problem: .malformedJSON(error))]))
    }
  }
}
