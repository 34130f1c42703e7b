import EffectProtocol

/// Why a scene file could not be loaded.
public enum SceneLoadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file is missing, a directory, or cannot be read (exit code 66).
  case unreadable(file: String, reason: String)
  /// The file is not a valid scene; every problem found (exit code 65).
  case invalid(file: String, diagnostics: [SceneDiagnostic])
  /// The file with values given from outside it (``SceneSetting``, as
  /// `--set` and `--device` give them) is not a valid scene: as ``invalid``,
  /// and a problem at a value given from outside is named by what gave it
  /// (`labels[path]`, such as `--set viewport.width`) instead of its path.
  case invalidWithSettings(
    file: String, diagnostics: [SceneDiagnostic], labels: [JSONPath: String])

  /// One problem a line: `file: path: message`, `file:line:column:
  /// malformed JSON: message`, or for a value the parser refuses (`1e999`)
  /// `file:line:column: path: message`.
  ///
  /// The file name is escaped as every text from outside is (a newline in
  /// it cannot start a forged line), and shown without quotes.
  public var lines: [String] {
    switch self {
    case .unreadable(let file, let reason):
      return ["\(MessageText.escapingUnsafe(file)): \(reason)"]
    case .invalid(let file, let diagnostics):
      return Self.lines(file: file, diagnostics: diagnostics, labels: [:])
    case .invalidWithSettings(let file, let diagnostics, let labels):
      return Self.lines(file: file, diagnostics: diagnostics, labels: labels)
    }
  }

  private static func lines(
    file: String, diagnostics: [SceneDiagnostic], labels: [JSONPath: String]
  ) -> [String] {
    let file = MessageText.escapingUnsafe(file)
    return diagnostics.map { diagnostic in
      if let label = labels[diagnostic.path], !diagnostic.isAboutWholeFile {
        return "\(file): \(MessageText.escapingUnsafe(label)): \(diagnostic.message)"
      }
      if case .malformedJSON(let error) = diagnostic.problem {
        if let path = error.path {
          // A value the parser refuses: named by its path like any other.
          return "\(file):\(error.line):\(error.column): \(path): \(error.message)"
        }
        return "\(file):\(error.line):\(error.column): malformed JSON: \(error.message)"
      }
      return "\(file): \(diagnostic)"
    }
  }

  public var description: String { lines.joined(separator: "\n") }

  /// The problems found, or none for an unreadable file.
  public var diagnostics: [SceneDiagnostic] {
    switch self {
    case .invalid(_, let diagnostics), .invalidWithSettings(_, let diagnostics, _): diagnostics
    case .unreadable: []
    }
  }
}

/// Reads scene files strictly: every problem in a file is reported, each with
/// its JSON path, what was expected and what was found.
public struct SceneLoader: Sendable {
  /// The effect types scenes may name.
  public var registry: EffectRegistry

  /// The largest scene file read: 32 MiB. A larger one is refused before it
  /// is parsed, so memory stays bounded.
  public static let maximumFileSize = 32 << 20
  /// The most views a scene may lay out, copies included.
  public static let maximumViewCount = 10_000_000
  /// The most copies of one repeated chain.
  public static let maximumRepeatCount = 1_000_000

  /// A loader of scenes whose effects are the types in `registry`, by
  /// default the built-in ones.
  public init(registry: EffectRegistry = .builtIn) {
    self.registry = registry
  }

  /// Loads the scene file at `path`; `-` reads standard input.
  public func load(contentsOf path: String) throws(SceneLoadError) -> Scene {
    let name = path == "-" ? "<stdin>" : path
    let bytes = try Self.readFile(path, name: name)
    return try load(bytes, file: name)
  }

  /// The JSON of the scene file `file`, `bytes`; a file past
  /// ``maximumFileSize`` or malformed JSON is an invalid scene (the
  /// parser's message saying so where a comment starts).
  static func parse(_ bytes: [UInt8], file: String) throws(SceneLoadError) -> JSONValue {
    if bytes.count > maximumFileSize {
      throw .invalid(file: file, diagnostics: [tooLarge(size: bytes.count)])
    }
    do {
      return try JSONParser.parse(bytes)
    } catch {
      throw .invalid(
        file: file,
        diagnostics: [SceneDiagnostic(path: error.path ?? .root, problem: .malformedJSON(error))])
    }
  }

  /// Loads a scene from the bytes of a file named `file` in messages.
  public func load(_ bytes: [UInt8], file: String) throws(SceneLoadError) -> Scene {
    let value = try Self.parse(bytes, file: file)
    switch scene(from: value) {
    case .success(let scene): return scene
    case .failure(let problems): throw .invalid(file: file, diagnostics: problems.diagnostics)
    }
  }

  /// Loads a scene from JSON text.
  public func load(json: String, file: String = "<string>") throws(SceneLoadError) -> Scene {
    try load(Array(json.utf8), file: file)
  }

  /// Whether a scene file's top level is one chain's: no `chains`, and
  /// `effects`, or a key near it (`effect`, `Effects`), so that such a key
  /// gets its "did you mean" and the chain's keys are not all unknown.
  package static func isSingleChain(_ object: JSONObject) -> Bool {
    object["chains"] == nil
      && (object["effects"] != nil
        || object.members.contains { MessageText.nearestName(to: $0.key, in: ["effects"]) != nil })
  }

  /// Builds a scene from a parsed document, collecting every problem.
  public func scene(from value: JSONValue) -> Result<Scene, SceneDiagnostics> {
    guard case .object(let object) = value else {
      return .failure(
        SceneDiagnostics([
          SceneDiagnostic(
            path: .root, problem: .mismatch(expected: "a scene object", found: value))
        ]))
    }
    if let problem = Self.unknownAxisProblem(object) {
      return .failure(SceneDiagnostics([problem] + problemsOfEitherAxis(object)))
    }
    let isSingleChain = Self.isSingleChain(object)
    // A horizontal scene is read as its vertical twin (SceneLoader+Axis.swift).
    let (axis, twin, axisProblems) = SceneAxisReading.read(object, isSingleChain: isSingleChain)
    var reader = ParameterReader(
      object: twin, path: .root, owner: isSingleChain ? "a single-chain scene" : "the scene",
      alreadyRead: ["axis", "layoutDirection"])

    let version = reader.value("version")
    if let version, version != .number(1) {
      reader.report(.mismatch(expected: "1", found: version), at: "version")
    }
    let description = reader.string("description")
    let viewport = readViewport(&reader, isHorizontal: axis.isHorizontal)
    let insets = readInsets(&reader)
    let contentHeight =
      reader.value("contentHeight") == nil
      ? nil : reader.number("contentHeight", default: 0, in: .nonNegative)
    // A horizontal scene's, read as its twin's contentHeight
    // (SceneAxisReading); named here among the valid keys.
    _ = reader.value("contentWidth")

    var chains: [Chain] = []
    if isSingleChain {
      if let chain = readChain(&reader).chain {
        chains.append(chain)
        checkPlacements(chains, paths: [.root], in: &reader)
      }
    } else {
      chains = readChains(&reader)
    }
    let snap = readSnap(&reader, chains: chains, isSingleChain: isSingleChain)
    // For editors (SceneSchema): a string, which the scene does not keep.
    _ = reader.string(
      "$schema", expected: "a string (the JSON Schema the file follows, for editors)")
    reader.finish()

    if reader.hasProblems || !axisProblems.isEmpty {
      return .failure(
        SceneDiagnostics(
          axisProblems
            + placing(
              reader.reportedDiagnostics.map {
                axis.physical($0, twin: .object(twin), file: .object(object))
              }, isSingleChain: isSingleChain)))
    }
    return .success(
      Scene(
        description: description, viewport: viewport, contentInsets: insets,
        contentHeight: contentHeight, chains: chains, snap: snap, axis: axis.axis,
        layoutDirection: axis.direction))
  }

  /// The problem of an `"axis"` that is neither axis (`"horizonatl"`), or
  /// `nil`: the message ``SceneAxisReading`` gives it, without the twin
  /// that reading writes.
  private static func unknownAxisProblem(_ object: JSONObject) -> SceneDiagnostic? {
    guard let value = object["axis"] else { return nil }
    if case .string(let text) = value, ScrollAxis(rawValue: text) != nil { return nil }
    return SceneDiagnostic(
      path: JSONPath.root.appending("axis"),
      problem: ParameterReader.choiceProblem(found: value, ScrollAxis.self))
  }

  /// The problems of a file whose axis is unknown that it has read either
  /// way, vertical and horizontal, in the vertical reading's order: a
  /// `contentWidth`, a frame without a height or a `leading` edge is a
  /// problem of one axis only, which the axis the file meant may not have.
  /// An unknown key of both readings is one, with no "did you mean" when
  /// theirs differ.
  /// A `layoutDirection`, which only a horizontal scene has, is checked as
  /// a horizontal scene's, first.
  private func problemsOfEitherAxis(_ object: JSONObject) -> [SceneDiagnostic] {
    func problems(axis: String?) -> [SceneDiagnostic] {
      var read = object
      read.members.removeAll { $0.key == "axis" }
      if let axis {
        read.members.insert(JSONObject.Member(key: "axis", value: .string(axis)), at: 0)
      }
      guard case .failure(let found) = scene(from: .object(read)) else { return [] }
      return found.diagnostics
    }
    let horizontal = problems(axis: ScrollAxis.horizontal.rawValue)
    let direction = JSONPath.root.appending("layoutDirection")
    let either = Set(horizontal.map(\.description))
    // An unknown key is one either way, its "did you mean" the axis's own
    // (`minHeigt`: `minHeight` or `minWidth`): kept, without it.
    var unknownEither: [JSONPath: [String]] = [:]
    for problem in horizontal {
      if case .unknownKey(_, _, let valid) = problem.problem { unknownEither[problem.path] = valid }
    }
    return horizontal.filter { $0.path == direction }
      + problems(axis: nil).compactMap { problem in
        if problem.path == direction { return nil }
        if either.contains(problem.description) { return problem }
        guard case .unknownKey(let owner, _, let valid) = problem.problem,
          let horizontalValid = unknownEither[problem.path]
        else { return nil }
        // The valid keys of either reading, the vertical's first.
        let other = horizontalValid.filter { !valid.contains($0) }
        return SceneDiagnostic(
          path: problem.path,
          problem: .unknownKey(owner: owner, suggestion: nil, valid: valid + other))
      }
  }

  // MARK: - Parts

  /// The viewport, an iPhone's portrait 390 x 844 where a key is left out:
  /// in a horizontal scene's twin, whose width is the file's height, 844 x 390.
  private func readViewport(_ reader: inout ParameterReader, isHorizontal: Bool) -> Size {
    var size = Scene.defaultViewport(isHorizontal ? .horizontal : .vertical)
    readObject("viewport", owner: "the viewport", in: &reader) { sub in
      size.width = sub.number("width", default: size.width, in: .positive)
      size.height = sub.number("height", default: size.height, in: .positive)
    }
    return size
  }

  private func readInsets(_ reader: inout ParameterReader) -> EdgeInsets {
    var insets = EdgeInsets.zero
    readObject("contentInsets", owner: "the content insets", in: &reader) { sub in
      insets.top = sub.number("top", default: 0, in: .nonNegative)
      insets.bottom = sub.number("bottom", default: 0, in: .nonNegative)
      insets.left = sub.number("left", default: 0, in: .nonNegative)
      insets.right = sub.number("right", default: 0, in: .nonNegative)
    }
    return insets
  }

  /// Reads the object at `key` with `body` when present; reports a non-object.
  func readObject(
    _ key: String, owner: String, required: Bool = false, in reader: inout ParameterReader,
    _ body: (inout ParameterReader) -> Void
  ) {
    guard let value = reader.value(key) else {
      if required { reader.report(.missingKey(expected: "an object"), at: key) }
      return
    }
    guard case .object(let object) = value else {
      reader.report(.mismatch(expected: "an object", found: value), at: key)
      return
    }
    var sub = ParameterReader(object: object, path: reader.path(of: key), owner: owner)
    body(&sub)
    sub.finish()
    reader.report(contentsOf: sub.diagnostics)
  }
}

extension ParameterReader {
  /// A number in `range` when the key is present (null is not allowed).
  mutating func optionalNumberIfPresent(_ key: String, in range: NumberRange)
    -> Double?
  {
    guard value(key) != nil else { return nil }
    return requiredNumber(key, in: range)
  }
}
