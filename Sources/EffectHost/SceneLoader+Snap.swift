import EffectProtocol

extension SceneLoader {
  /// Reads the scene's `snap` key, when present: `offsets`, a repeated
  /// `chain` with `align`, or `"paging": true`, with `mode`, `proximity` and
  /// `stop`; every problem is reported with its path, what was expected and
  /// what was found.
  ///
  /// `chains` are the chains that loaded; a chain named in the file that did
  /// not load has its own problems reported and is not judged here.
  func readSnap(_ reader: inout ParameterReader, chains: [Chain], isSingleChain: Bool)
    -> ScrollSnap?
  {
    guard let value = reader.value("snap") else { return nil }
    guard case .object(let object) = value else {
      reader.report(.mismatch(expected: "a snap object", found: value), at: "snap")
      return nil
    }
    var sub = ParameterReader(
      object: object, path: reader.path(of: "snap"), owner: "the snap declaration")
    let problemsBefore = sub.diagnostics.count
    let offsetsValue = sub.value("offsets")
    let chainValue = sub.value("chain")
    let paging = Self.snapPaging(&sub)
    let alignValue = sub.value("align")
    let mode = sub.choice("mode", default: ScrollSnap.Mode.mandatory)
    let align = sub.choice("align", default: ScrollSnap.Alignment.start)
    let proximity = sub.optionalNumberIfPresent("proximity", in: .positive)
    let stop = sub.choice("stop", default: ScrollSnap.Stop.normal)

    var points: ScrollSnap.Points?
    switch (offsetsValue, chainValue) {
    case (.some, .some):
      sub.report(Self.offsetsOrChain(bothGiven: true))
    case (nil, nil):
      if paging == .given(true) {
        points = .paging
      } else if paging == nil {
        sub.report(
          .missingKey(
            expected:
              "\"offsets\" (an array of offsets), \"chain\" (the name of a repeated chain) or \"paging\": true"
          ))
      }
    case (.some(let offsets), nil):
      points = Self.snapOffsets(offsets, in: &sub).map(ScrollSnap.Points.offsets)
      if alignValue != nil {
        sub.report(
          .keyOnlyWith(
            key: "align", requirement: "\"chain\" (it aligns a chain's copies)",
            found: "\"offsets\""), at: "align")
      }
    case (nil, .some(let chain)):
      if let name = Self.snapChain(
        chain, chains: chains, names: Self.chainNames(reader.object, isSingleChain: isSingleChain),
        in: &sub)
      {
        points = .chain(name, align: align)
      }
    }
    if paging == .given(true) {
      Self.checkPaging(
        &sub, object: object,
        given: offsetsValue != nil ? "offsets" : chainValue != nil ? "chain" : nil)
    }
    if proximity != nil, mode == .mandatory {
      let given = object["mode"] == nil ? "the default mode" : "\"mode\":"
      sub.report(
        .keyOnlyWith(
          key: "proximity", requirement: "\"mode\": \"proximity\"", found: "\(given) \"mandatory\""),
        at: "proximity")
    }
    sub.finish()
    reader.report(contentsOf: sub.diagnostics)
    guard let points, sub.diagnostics.count == problemsBefore else { return nil }
    return ScrollSnap(
      points: points, mode: mode, proximity: proximity,
      stop: object["stop"] == nil ? nil : stop)
  }

  /// What a snap declaration's `paging` holds: `nil` when absent or
  /// `false` (the same as absent), `.given(true)`, or `.invalid` (reported).
  private enum PagingValue: Equatable {
    case given(Bool)
    case invalid
  }

  /// `snap.paging`: true or false.
  private static func snapPaging(_ reader: inout ParameterReader) -> PagingValue? {
    guard let value = reader.value("paging") else { return nil }
    guard case .bool(let paging) = value else {
      reader.report(.mismatch(expected: "true or false", found: value), at: "paging")
      return .invalid
    }
    return paging ? .given(true) : nil
  }

  /// The keys that `"paging": true` refuses: `offsets` or `chain` beside it
  /// (`other`, the first given), `align`, a `proximity` mode and a `normal`
  /// stop.
  private static func checkPaging(
    _ reader: inout ParameterReader, object: JSONObject, given other: String?
  ) {
    if let other {
      reader.report(
        .keyOnlyWith(
          key: "paging",
          requirement:
            "neither \"offsets\" nor \"chain\" (paging makes its own targets, one a page)",
          found: "\"\(other)\""), at: "paging")
    }
    if object["align"] != nil, object["chain"] == nil, object["offsets"] == nil {
      reader.report(
        .keyOnlyWith(
          key: "align", requirement: "\"chain\" (it aligns a chain's copies)",
          found: "\"paging\": true"), at: "align")
    }
    if let mode = object["mode"], mode == .string(ScrollSnap.Mode.proximity.rawValue) {
      reader.report(
        .mismatch(
          expected: "\"mandatory\" with \"paging\": true (a page always snaps)", found: mode),
        at: "mode")
    }
    if let stop = object["stop"], stop == .string(ScrollSnap.Stop.normal.rawValue) {
      reader.report(
        .mismatch(
          expected: "\"always\" with \"paging\": true (paging never passes a page)", found: stop),
        at: "stop")
    }
  }

  /// `snap.offsets`: at least one finite number.
  private static func snapOffsets(_ value: JSONValue, in reader: inout ParameterReader)
    -> [Double]?
  {
    let expected = "an array of at least one offset (numbers from -1e9 to 1e9)"
    guard case .array(let elements) = value, !elements.isEmpty else {
      reader.report(.mismatch(expected: expected, found: value), at: "offsets")
      return nil
    }
    var offsets: [Double] = []
    offsets.reserveCapacity(elements.count)
    let path = reader.path(of: "offsets")
    for (index, element) in elements.enumerated() {
      if reader.isFull { return nil }
      guard case .number(let number) = element, NumberRange.finite.contains(number) else {
        reader.report(
          contentsOf: [
            SceneDiagnostic(
              path: path.appending(index),
              problem: .mismatch(expected: NumberRange.finite.description, found: element))
          ])
        continue
      }
      offsets.append(number)
    }
    return offsets.count == elements.count ? offsets : nil
  }

  /// The problem of a snap declaration with both or neither of its two ways
  /// to name targets.
  private static func offsetsOrChain(bothGiven: Bool) -> SceneDiagnostic.Problem {
    .exclusiveKeys(
      first: "offsets", firstHolds: "an array of offsets", second: "chain",
      secondHolds: "the name of a repeated chain", owner: "a snap declaration",
      bothGiven: bothGiven)
  }

  /// `snap.chain`: the name of a content-attached chain that repeats, with
  /// at least one copy.
  private static func snapChain(
    _ value: JSONValue, chains: [Chain], names: [String], in reader: inout ParameterReader
  ) -> String? {
    let repeated = chains.filter { $0.repetition != nil }.map(\.name)
    guard case .string(let name) = value else {
      let list = SceneDiagnostic.ChainProblem.list(repeated)
      reader.report(
        .mismatch(expected: "the name of a repeated chain (\(list))", found: value), at: "chain")
      return nil
    }
    let problem: SceneDiagnostic.ChainProblem
    if !names.contains(name) {
      problem = .unknown(
        suggestion: MessageText.nearestName(to: name, in: names), repeated: repeated)
    } else if let chain = chains.first(where: { $0.name == name }) {
      if chain.repetition == nil {
        problem = .notRepeated(repeated: repeated)
      } else if chain.attachment != .content {
        problem = .viewportAttached
      } else if chain.viewCount == 0 {
        problem = .noCopies
      } else {
        return name
      }
    } else {
      // A chain that did not load has its own problems reported.
      return nil
    }
    reader.report(.unsuitableChain(name, problem), at: "chain")
    return nil
  }

  /// The names the file gives its chains, loaded or not.
  private static func chainNames(_ object: JSONObject, isSingleChain: Bool) -> [String] {
    if isSingleChain {
      if case .string(let name)? = object["name"] { return [name] }
      return []
    }
    guard case .array(let elements)? = object["chains"] else { return [] }
    return elements.compactMap { element in
      guard case .object(let chain) = element, case .string(let name)? = chain["name"] else {
        return nil
      }
      return name
    }
  }
}
