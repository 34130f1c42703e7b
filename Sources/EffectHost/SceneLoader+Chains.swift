import EffectProtocol

// Chains and their effects: the `chains` array, a chain's name, frame,
// attachment and repeat, and each effect by its type.
extension SceneLoader {
  func readChains(_ reader: inout ParameterReader) -> [Chain] {
    guard let value = reader.value("chains") else {
      // Said at `chains`, the key that is missing, with what the top level
      // holds instead: a file of other keys is often a chain without `effects`.
      let keys = reader.object.keys
      let found =
        keys.isEmpty
        ? "an empty object"
        : "the keys " + keys.prefix(10).map { MessageText.quoted($0) }.joined(separator: ", ")
          + (keys.count > 10 ? ", …" : "")
      reader.report(
        .missingKey(
          expected:
            "an array of chains, or one chain with \"effects\" at the top level; found \(found)"),
        at: "chains")
      // That line names a chain's keys found here: not unknown keys too.
      let chainKeys = Set(SceneSchema.chainKeys.map(\.key))
      reader.cover(keys.filter { chainKeys.contains($0) })
      return []
    }
    guard case .array(let elements) = value, !elements.isEmpty else {
      reader.report(
        .mismatch(expected: "an array of at least one chain", found: value), at: "chains")
      return []
    }
    var chains: [Chain] = []
    chains.reserveCapacity(elements.count)
    var firstPathByName: [String: JSONPath] = [:]
    // The chains that could not be read, by name, at their places in the
    // file: their problems are reported already.
    var unreadNames: [String: Int] = [:]
    var paths: [JSONPath] = []
    var viewCount = 0
    let chainsPath = reader.path(of: "chains")
    for (index, element) in elements.enumerated() {
      if reader.isFull { break }
      let path = chainsPath.appending(index)
      guard case .object(let object) = element else {
        reader.report(
          contentsOf: [
            SceneDiagnostic(
              path: path, problem: .mismatch(expected: "a chain object", found: element))
          ])
        continue
      }
      var sub = ParameterReader(object: object, path: path, owner: "a chain")
      let (name, chain) = readChain(&sub)
      sub.finish()
      reader.report(contentsOf: sub.diagnostics)
      // A chain with other problems still claims its name, so that a
      // duplicate is reported in the same pass.
      if let name {
        if let first = firstPathByName[name] {
          reader.report(
            contentsOf: [
              SceneDiagnostic(
                path: path.appending("name"), problem: .duplicateName(name, first: first))
            ])
        } else {
          firstPathByName[name] = path.appending("name")
        }
      }
      guard let chain else {
        // A name refused as a name (`h[0]`) is the chain's own problem too:
        // an `after` or `until` that writes it is checked once it is mended.
        var written = name
        if written == nil, case .string(let text)? = object["name"] { written = text }
        if let written, unreadNames[written] == nil { unreadNames[written] = index }
        continue
      }
      viewCount += chain.viewCount
      chains.append(chain)
      paths.append(path)
    }
    checkPlacements(chains, paths: paths, unreadNames: unreadNames, in: &reader)
    if viewCount > Self.maximumViewCount {
      reader.report(.tooManyViews(limit: Self.maximumViewCount, found: viewCount), at: "chains")
    }
    return chains
  }

  /// Reads the chain keys of `reader`'s object: its name when valid, and the
  /// chain, `nil` when anything is wrong. A frame without `x` or `width`
  /// has them worked out by the scene (``Chain/automaticFrame``).
  func readChain(_ reader: inout ParameterReader) -> (
    name: String?, chain: Chain?
  ) {
    let problemsBefore = reader.diagnostics.count
    var name = reader.string(
      "name", required: true, expected: "a chain name (a non-empty string)")
    // By scalars: a combining mark or a joiner after a bracket makes one
    // Character of the two, which `contains("[")` would not find.
    if let text = name,
      text.isEmpty || text.unicodeScalars.contains(where: { $0 == "[" || $0 == "]" })
    {
      reader.report(
        .mismatch(
          expected: "a non-empty chain name without '[' or ']' (they name repeated copies)",
          found: .string(text)), at: "name")
      name = nil
    }
    var frame = Rect(x: 0, y: 0, width: 0, height: 0)
    var automatic: Chain.AutomaticFrame = []
    var heightRead = false
    readObject("frame", owner: "a frame", required: true, in: &reader) { sub in
      if let x = sub.optionalNumberIfPresent("x", in: .finite) {
        frame.x = x
      } else {
        automatic.insert(.x)
      }
      frame.y = sub.number("y", default: 0)
      if let width = sub.optionalNumberIfPresent("width", in: .positive) {
        frame.width = width
      } else {
        automatic.insert(.width)
      }
      if let height = sub.requiredNumber("height", in: .positive) {
        frame.height = height
        heightRead = true
      }
    }
    let attachment = reader.choice("attachment", default: Attachment.content)
    let after = reader.string(
      "after", expected: "the name of an earlier content-attached chain (a string)")
    let zIndex = reader.number("zIndex", default: 0)
    let opacity = reader.number("opacity", default: 1, in: .unitInterval)
    var repetition: Chain.Repetition?
    readObject("repeat", owner: "a repeat", in: &reader) { sub in
      let count: Int
      if sub.value("count") == nil {
        sub.report(
          .missingKey(expected: "a whole number from 0 to \(Self.maximumRepeatCount)"),
          at: "count")
        count = 0
      } else {
        count = sub.integer("count", default: 0, in: 0...Self.maximumRepeatCount)
      }
      let spacing = sub.number("spacing", default: 0, in: .nonNegative)
      repetition = Chain.Repetition(count: count, spacing: spacing)
    }
    let (effects, reducedMotion) = readEffects(&reader)
    let events = readEvents(&reader)
    guard let name, heightRead, reader.diagnostics.count == problemsBefore else {
      return (name, nil)
    }
    return (
      name,
      Chain(
        name: name, frame: frame, attachment: attachment, repetition: repetition, after: after,
        automaticFrame: automatic, zIndex: zIndex, opacity: opacity, effects: effects,
        reducedMotion: reducedMotion, events: events)
    )
  }

  /// The chain's effects and what reduced motion does with each.
  private func readEffects(_ reader: inout ParameterReader) -> (
    [any ScrollEffect], [ReducedMotion]
  ) {
    guard let value = reader.value("effects") else { return ([], []) }
    guard case .array(let elements) = value else {
      reader.report(.mismatch(expected: "an array of effects", found: value), at: "effects")
      return ([], [])
    }
    var effects: [any ScrollEffect] = []
    var reducedMotion: [ReducedMotion] = []
    effects.reserveCapacity(elements.count)
    reducedMotion.reserveCapacity(elements.count)
    let effectsPath = reader.path(of: "effects")
    for (index, element) in elements.enumerated() {
      if reader.isFull { break }
      let path = effectsPath.appending(index)
      switch chainEffect(from: element, at: path) {
      case .success(let read):
        effects.append(read.effect)
        reducedMotion.append(read.reducedMotion)
      case .failure(let problems): reader.report(contentsOf: problems.diagnostics)
      }
    }
    return (effects, reducedMotion)
  }

  /// Builds one effect from its JSON object (`{"type": "stretch", ...}`); its
  /// `"reducedMotion"` is checked and left out (see
  /// ``chainEffect(from:at:)``).
  public func effect(from value: JSONValue, at path: JSONPath) -> Result<
    any ScrollEffect, SceneDiagnostics
  > {
    chainEffect(from: value, at: path).map { $0.effect }
  }

  /// Builds one effect from its JSON object (`{"type": "stretch", ...}`), and
  /// what reduced motion does with it: its `"reducedMotion"` (`"keep"` or
  /// `"skip"`), which every effect takes and which is read before the
  /// effect's own parameters, else the effect's
  /// ``ScrollEffect/defaultReducedMotion``.
  public func chainEffect(from value: JSONValue, at path: JSONPath) -> Result<
    (effect: any ScrollEffect, reducedMotion: ReducedMotion), SceneDiagnostics
  > {
    guard case .object(let object) = value else {
      return .failure(
        SceneDiagnostics([
          SceneDiagnostic(
            path: path, problem: .mismatch(expected: "an effect object", found: value))
        ]))
    }
    let typePath = path.appending("type")
    guard let typeValue = object["type"] else {
      // A key spelled near "type" (`typ`, `Type`) is named first: without
      // a type no other key is known, so nothing else would say it.
      let misspelled = object.members.filter {
        MessageText.nearestName(to: $0.key, in: ["type"]) != nil
      }
      return .failure(
        SceneDiagnostics(
          misspelled.map {
            SceneDiagnostic(
              path: path.appending($0.key),
              problem: .unknownKey(owner: "an effect", suggestion: "type", valid: ["type"]))
          } + [
            SceneDiagnostic(
              path: typePath,
              problem: .missingKey(
                expected: "an effect type name (\(registry.typeNames.joined(separator: ", ")))"))
          ]))
    }
    guard case .string(let typeName) = typeValue else {
      return .failure(
        SceneDiagnostics([
          SceneDiagnostic(
            path: typePath,
            problem: .mismatch(expected: "an effect type name (a string)", found: typeValue))
        ]))
    }
    guard let type = registry.type(named: typeName) else {
      let names = registry.typeNames
      return .failure(
        SceneDiagnostics([
          SceneDiagnostic(
            path: typePath,
            problem: .unknownEffectType(
              typeName, suggestion: MessageText.nearestName(to: typeName, in: names), valid: names))
        ]))
    }
    var reader = ParameterReader(
      object: object, path: path, owner: "effect \"\(typeName)\"", alreadyRead: ["type"])
    let explicit: ReducedMotion? =
      reader.value(Self.reducedMotionKey) == nil
      ? nil : reader.choice(Self.reducedMotionKey, default: .keep)
    let effect = type.init(from: &reader)
    reader.finish()
    if reader.hasProblems { return .failure(SceneDiagnostics(reader.diagnostics)) }
    return .success((effect, explicit ?? effect.defaultReducedMotion))
  }

  /// The key of every effect that says what reduced motion does with it.
  static let reducedMotionKey = "reducedMotion"
}
