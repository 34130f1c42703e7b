import EffectProtocol

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a scene file could not be loaded.
public enum SceneLoadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file is missing, a directory, or cannot be read (exit code 66).
  case unreadable(file: String, reason: String)
  /// The file is not a valid scene; every problem found (exit code 65).
  case invalid(file: String, diagnostics: [SceneDiagnostic])

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
      let file = MessageText.escapingUnsafe(file)
      return diagnostics.map { diagnostic in
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
  }

  public var description: String { lines.joined(separator: "\n") }

  /// The problems found, or none for an unreadable file.
  public var diagnostics: [SceneDiagnostic] {
    if case .invalid(_, let diagnostics) = self { return diagnostics }
    return []
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

  public init(registry: EffectRegistry = .builtIn) {
    self.registry = registry
  }

  /// Loads the scene file at `path`; `-` reads standard input.
  public func load(contentsOf path: String) throws(SceneLoadError) -> Scene {
    let name = path == "-" ? "<stdin>" : path
    let bytes = try Self.readFile(path, name: name)
    return try load(bytes, file: name)
  }

  private static func tooLarge(size: Int?) -> SceneDiagnostic {
    SceneDiagnostic(path: .root, problem: .fileTooLarge(limit: maximumFileSize, size: size))
  }

  /// Loads a scene from the bytes of a file named `file` in messages.
  public func load(_ bytes: [UInt8], file: String) throws(SceneLoadError) -> Scene {
    if bytes.count > Self.maximumFileSize {
      throw .invalid(file: file, diagnostics: [Self.tooLarge(size: bytes.count)])
    }
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      throw .invalid(
        file: file,
        diagnostics: [SceneDiagnostic(path: error.path ?? .root, problem: .malformedJSON(error))])
    }
    switch scene(from: value) {
    case .success(let scene): return scene
    case .failure(let problems): throw .invalid(file: file, diagnostics: problems.diagnostics)
    }
  }

  /// Loads a scene from JSON text.
  public func load(json: String, file: String = "<string>") throws(SceneLoadError) -> Scene {
    try load(Array(json.utf8), file: file)
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
    let isSingleChain = object["chains"] == nil && object["effects"] != nil
    var reader = ParameterReader(
      object: object, path: .root, owner: isSingleChain ? "a single-chain scene" : "the scene")

    let version = reader.value("version")
    if let version, version != .number(1) {
      reader.report(.mismatch(expected: "1", found: version), at: "version")
    }
    let description = reader.string("description")
    let viewport = readViewport(&reader)
    let insets = readInsets(&reader)
    let contentHeight =
      reader.value("contentHeight") == nil
      ? nil : reader.number("contentHeight", default: 0, in: .nonNegative)

    var chains: [Chain] = []
    if isSingleChain {
      if let chain = readChain(&reader, viewportWidth: viewport.width).chain {
        chains.append(chain)
      }
    } else {
      chains = readChains(&reader, viewportWidth: viewport.width)
    }
    let snap = readSnap(&reader, chains: chains, isSingleChain: isSingleChain)
    reader.finish()

    if reader.hasProblems { return .failure(SceneDiagnostics(reader.reportedDiagnostics)) }
    return .success(
      Scene(
        description: description, viewport: viewport, contentInsets: insets,
        contentHeight: contentHeight, chains: chains, snap: snap))
  }

  // MARK: - Parts

  private func readViewport(_ reader: inout ParameterReader) -> Size {
    var size = Size.phone
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
  private func readObject(
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

  private func readChains(_ reader: inout ParameterReader, viewportWidth: Double) -> [Chain] {
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
      let (name, chain) = readChain(&sub, viewportWidth: viewportWidth)
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
      guard let chain else { continue }
      viewCount += chain.viewCount
      chains.append(chain)
    }
    if viewCount > Self.maximumViewCount {
      reader.report(.tooManyViews(limit: Self.maximumViewCount, found: viewCount), at: "chains")
    }
    return chains
  }

  /// Reads the chain keys of `reader`'s object: its name when valid, and the
  /// chain, `nil` when anything is wrong. A frame's width defaults to the
  /// viewport's.
  private func readChain(_ reader: inout ParameterReader, viewportWidth: Double) -> (
    name: String?, chain: Chain?
  ) {
    let problemsBefore = reader.diagnostics.count
    var name = reader.string(
      "name", required: true, expected: "a chain name (a non-empty string)")
    if let text = name, text.isEmpty || text.contains("[") || text.contains("]") {
      reader.report(
        .mismatch(
          expected: "a non-empty chain name without '[' or ']' (they name repeated copies)",
          found: .string(text)), at: "name")
      name = nil
    }
    var frame = Rect(x: 0, y: 0, width: 0, height: 0)
    var width: Double?
    var heightRead = false
    readObject("frame", owner: "a frame", required: true, in: &reader) { sub in
      frame.x = sub.number("x", default: 0)
      frame.y = sub.number("y", default: 0)
      width = sub.optionalNumberIfPresent("width", in: .positive)
      if let height = sub.requiredNumber("height", in: .positive) {
        frame.height = height
        heightRead = true
      }
    }
    let attachment = reader.choice("attachment", default: Attachment.content)
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
    let effects = readEffects(&reader)
    let events = readEvents(&reader)
    guard let name, heightRead, reader.diagnostics.count == problemsBefore else {
      return (name, nil)
    }
    frame.width = width ?? viewportWidth
    return (
      name,
      Chain(
        name: name, frame: frame, attachment: attachment, repetition: repetition, effects: effects,
        events: events)
    )
  }

  private func readEffects(_ reader: inout ParameterReader) -> [any ScrollEffect] {
    guard let value = reader.value("effects") else { return [] }
    guard case .array(let elements) = value else {
      reader.report(.mismatch(expected: "an array of effects", found: value), at: "effects")
      return []
    }
    var effects: [any ScrollEffect] = []
    effects.reserveCapacity(elements.count)
    let effectsPath = reader.path(of: "effects")
    for (index, element) in elements.enumerated() {
      if reader.isFull { break }
      let path = effectsPath.appending(index)
      switch effect(from: element, at: path) {
      case .success(let effect): effects.append(effect)
      case .failure(let problems): reader.report(contentsOf: problems.diagnostics)
      }
    }
    return effects
  }

  /// Builds one effect from its JSON object (`{"type": "stretch", ...}`).
  public func effect(from value: JSONValue, at path: JSONPath) -> Result<
    any ScrollEffect, SceneDiagnostics
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
      return .failure(
        SceneDiagnostics([
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
    do {
      return .success(try type.decode(object, at: path))
    } catch {
      return .failure(error)
    }
  }

  // MARK: - Files

  /// The bytes of `path` (standard input for `-`). More than
  /// ``maximumFileSize`` is refused: a regular file is measured before it is
  /// read, anything else (a pipe, a device) is read up to one byte past the
  /// limit, so memory stays bounded whatever the input.
  static func readFile(_ path: String, name: String) throws(SceneLoadError) -> [UInt8] {
    let descriptor: Int32
    if path == "-" {
      descriptor = 0
    } else {
      descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else {
        throw .unreadable(file: name, reason: Self.reason(errno))
      }
    }
    defer { if descriptor != 0 { close(descriptor) } }
    var status = stat()
    if fstat(descriptor, &status) == 0 {
      if (status.st_mode & S_IFMT) == S_IFDIR {
        throw .unreadable(file: name, reason: "is a directory; expected a scene file")
      }
      if (status.st_mode & S_IFMT) == S_IFREG, status.st_size > maximumFileSize {
        throw .invalid(file: name, diagnostics: [tooLarge(size: Int(status.st_size))])
      }
    }
    var bytes: [UInt8] = []
    let limit = maximumFileSize + 1
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count < limit {
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress, min(buffer.count, limit - bytes.count))
      }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(file: name, reason: Self.reason(errno))
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
    if bytes.count > maximumFileSize {
      // Only "more than the limit" is known: the rest was never read.
      throw .invalid(file: name, diagnostics: [tooLarge(size: nil)])
    }
    return bytes
  }

  private static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case EACCES: "permission denied"
    case EISDIR: "is a directory; expected a scene file"
    case ENOTDIR: "a component of the path is not a directory"
    default: String(cString: strerror(code)).lowercased()
    }
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
