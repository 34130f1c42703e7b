import EffectProtocol

/// How a scene file's axis-bearing keys and values read: a horizontal scene
/// is loaded as its vertical twin, the document with x and y, widths and
/// heights, left and right insets with top and bottom ones, and the effects'
/// leading and trailing edges, properties and inputs swapped, so that the
/// rest of the loader and every effect have one implementation along y.
/// Problems found in the twin are reported at the file's own paths and keys.
struct SceneAxisReading: Sendable {
  let axis: ScrollAxis
  let direction: LayoutDirection
  /// Whether the scene file is a single chain at its top level.
  let isSingleChain: Bool

  var isHorizontal: Bool { axis == .horizontal }

  // MARK: - The file's keys and the twin's

  /// A horizontal frame's keys in the twin.
  static let frameKeys = ["x": "y", "y": "x", "width": "height", "height": "width"]
  /// A horizontal viewport's keys in the twin.
  static let viewportKeys = ["width": "height", "height": "width"]
  /// A horizontal scene's effect keys in the twin: `collapse`'s `minWidth`
  /// and the columns of `expression`, the built-ins whose keys name an
  /// axis (``renamesKeys(ofEffectType:)``). Another effect's keys, a
  /// plugin's among them, are read as the file gives them.
  static let effectKeys = [
    "minWidth": "minHeight", "x": "y", "y": "x", "width": "height", "height": "width",
    "scaleX": "scaleY", "scaleY": "scaleX", "anchorX": "anchorY", "anchorY": "anchorX",
    // No column, but told the column that moves a view the same way.
    "translateX": "translateY", "translateY": "translateX",
    // Names, not columns, told the column that they read.
    "minX": "minY", "minY": "minX",
  ]
  /// The physical insets' keys in the twin: the left-to-right twin of a
  /// right-to-left scene has the left and right insets swapped.
  var insetKeys: [String: String] {
    direction == .rightToLeft
      ? ["right": "top", "left": "bottom", "top": "left", "bottom": "right"]
      : ["left": "top", "right": "bottom", "top": "left", "bottom": "right"]
  }
  /// `interpolate`'s properties in a horizontal scene's twin.
  static let propertyNames = [
    "translateX": "translateY", "translateY": "translateX", "scaleX": "scaleY",
    "scaleY": "scaleX", "width": "height", "height": "width",
  ]
  /// Inputs in both axes: the pull past the start and past the end.
  static let inputAliases = ["pullStart": "pull", "pullEnd": "pullBottom"]
  /// Inputs in a horizontal scene's twin, besides ``inputAliases``.
  static let horizontalInputs = [
    "minX": "minY", "minY": "minX", "width": "height", "height": "width",
  ]
  /// Expression names in a horizontal scene's twin, in pairs that swap; a
  /// name not listed reads along the scroll axis as it is (`offset`, `pull`,
  /// `pullStart`, `insetTop`, `contentHeight`, ...).
  static let expressionNames = [
    "x": "y", "y": "x", "minX": "minY", "minY": "minX", "width": "height", "height": "width",
    "naturalX": "naturalY", "naturalY": "naturalX", "naturalWidth": "naturalHeight",
    "naturalHeight": "naturalWidth", "translateX": "translateY", "translateY": "translateX",
    "scaleX": "scaleY", "scaleY": "scaleX", "anchorX": "anchorY", "anchorY": "anchorX",
    "viewportWidth": "viewportHeight", "viewportHeight": "viewportWidth",
  ]

  // MARK: - Reading

  /// Reads `"axis"` and `"layoutDirection"` from the top level of a scene
  /// file and writes the document the loader reads: the vertical twin of a
  /// horizontal scene, a vertical one with its leading and trailing names
  /// read as top and bottom. Problems that only the file's axis shows (a
  /// `top` edge in a horizontal scene) are returned at the file's paths.
  static func read(_ object: JSONObject, isSingleChain: Bool) -> (
    SceneAxisReading, JSONObject, [SceneDiagnostic]
  ) {
    var problems: [SceneDiagnostic] = []
    var axis = ScrollAxis.vertical
    if let value = object["axis"] {
      if case .string(let text) = value, let read = ScrollAxis(rawValue: text) {
        axis = read
      } else {
        problems.append(choiceProblem(value, ScrollAxis.self, at: JSONPath.root.appending("axis")))
      }
    }
    var direction = LayoutDirection.leftToRight
    if let value = object["layoutDirection"] {
      if axis == .vertical {
        problems.append(
          SceneDiagnostic(
            path: JSONPath.root.appending("layoutDirection"),
            problem: .keyOnlyWith(
              key: "layoutDirection", requirement: "\"axis\": \"horizontal\"",
              found: "a vertical scene")))
      } else if case .string(let text) = value, let read = LayoutDirection(rawValue: text) {
        direction = read
      } else {
        problems.append(
          choiceProblem(value, LayoutDirection.self, at: JSONPath.root.appending("layoutDirection"))
        )
      }
    }
    let reading = SceneAxisReading(axis: axis, direction: direction, isSingleChain: isSingleChain)
    var twin = JSONObject()
    twin.members.reserveCapacity(object.members.count)
    var seenAxisKeys: Set<String> = []
    for member in object.members {
      let path = JSONPath.root.appending(member.key)
      var key = member.key
      var value = member.value
      switch member.key {
      case "axis", "layoutDirection":
        // Read above; a second one is reported here, as the loader reports
        // any key given twice.
        if !seenAxisKeys.insert(member.key).inserted {
          problems.append(SceneDiagnostic(path: path, problem: .duplicateKey))
        }
        continue
      case "viewport" where reading.isHorizontal:
        value = renamingKeys(value, Self.viewportKeys)
      case "contentInsets" where reading.isHorizontal:
        value = renamingKeys(value, reading.insetKeys)
      case "contentWidth" where reading.isHorizontal: key = "contentHeight"
      case "contentHeight" where reading.isHorizontal:
        problems.append(reading.wrongAxisKey("contentHeight", "contentWidth", at: path))
        continue
      case "contentWidth":
        problems.append(reading.wrongAxisKey("contentWidth", "contentHeight", at: path))
        continue
      case "chains" where !isSingleChain:
        if case .array(let chains) = value {
          value = .array(
            chains.enumerated().map { index, chain in
              reading.twinChain(chain, at: path.appending(index), problems: &problems)
            })
        }
      case "frame" where isSingleChain, "effects" where isSingleChain, "events" where isSingleChain:
        value = reading.twinChainMember(member.key, value, at: path, problems: &problems)
      default: break
      }
      twin.members.append(JSONObject.Member(key: key, value: value))
    }
    return (reading, twin, problems)
  }

  private func twinChain(_ chain: JSONValue, at path: JSONPath, problems: inout [SceneDiagnostic])
    -> JSONValue
  {
    guard case .object(var object) = chain else { return chain }
    for index in object.members.indices {
      let member = object.members[index]
      object.members[index].value = twinChainMember(
        member.key, member.value, at: path.appending(member.key), problems: &problems)
    }
    return .object(object)
  }

  private func twinChainMember(
    _ key: String, _ value: JSONValue, at path: JSONPath, problems: inout [SceneDiagnostic]
  ) -> JSONValue {
    switch key {
    case "frame" where isHorizontal: return Self.renamingKeys(value, Self.frameKeys)
    case "effects":
      guard case .array(let effects) = value else { return value }
      return .array(
        effects.enumerated().map { index, effect in
          twinEffect(effect, at: path.appending(index), problems: &problems)
        })
    case "events":
      guard case .array(let events) = value else { return value }
      return .array(
        events.enumerated().map { index, event in
          guard case .object(var object) = event else { return event }
          renameValue(of: "input", in: &object, inputNames)
          return .object(object)
        })
    default: return value
    }
  }

  /// The names of inputs in the twin.
  private var inputNames: [String: String] {
    isHorizontal ? Self.horizontalInputs.merging(Self.inputAliases) { $1 } : Self.inputAliases
  }

  private func twinEffect(_ effect: JSONValue, at path: JSONPath, problems: inout [SceneDiagnostic])
    -> JSONValue
  {
    guard case .object(var object) = effect, case .string(let type) = object["type"] else {
      return effect
    }
    switch type {
    case _ where Self.readsEdges(ofEffectType: type):
      guard let value = object["edge"] else { break }
      switch value {
      case .string("leading"): object.replace("edge", with: .string("top"))
      case .string("trailing"): object.replace("edge", with: .string("bottom"))
      case _ where isHorizontal:
        // Any other edge, top and bottom included, is a horizontal
        // scene's mistake, said in its own words.
        let expected = "\"leading\" or \"trailing\" (the edges of a horizontal scene)"
        var suggestion: String?
        if case .string(let edge) = value {
          suggestion =
            edge == "top"
            ? "leading"
            : edge == "bottom"
              ? "trailing" : MessageText.nearestName(to: edge, in: ["leading", "trailing"])
        }
        problems.append(
          SceneDiagnostic(
            path: path.appending("edge"),
            problem: suggestion.map { .nearMiss(expected: expected, found: value, suggestion: $0) }
              ?? .mismatch(expected: expected, found: value)))
        object.remove("edge")
      default: break
      }
    case "collapse":
      let wrong = isHorizontal ? "minHeight" : "minWidth"
      if object[wrong] != nil {
        problems.append(
          wrongAxisKey(wrong, isHorizontal ? "minWidth" : "minHeight", at: path.appending(wrong)))
        object.remove(wrong)
      }
    case "translate" where isHorizontal:
      renameValue(of: "axis", in: &object, ["x": "y", "y": "x"])
    case "interpolate":
      if isHorizontal { renameValue(of: "property", in: &object, Self.propertyNames) }
      renameValue(of: "input", in: &object, inputNames)
    case "expression" where isHorizontal:
      for index in object.members.indices {
        if case .string(let text) = object.members[index].value {
          object.members[index].value = .string(Self.renamingNames(in: text))
        }
      }
    default: break
    }
    if isHorizontal && Self.renamesKeys(ofEffectType: type) {
      for index in object.members.indices {
        if let key = Self.effectKeys[object.members[index].key] {
          object.members[index].key = key
        }
      }
    }
    return .object(object)
  }

  /// Whether a horizontal scene's effect of `type` has its keys renamed
  /// for the twin (``effectKeys``): the built-ins whose keys name an axis.
  static func renamesKeys(ofEffectType type: String) -> Bool {
    type == "expression" || type == "collapse"
  }

  /// The built-ins whose `edge` a horizontal scene writes as `leading` or
  /// `trailing` (and any scene may): the loader reads those words for
  /// them alone, and the schema offers them to them alone.
  static let edgeReadingTypes = ["stretch", "pin"]

  /// Whether an effect of `type` takes `leading` and `trailing` for its
  /// `edge` (``edgeReadingTypes``).
  static func readsEdges(ofEffectType type: String) -> Bool {
    edgeReadingTypes.contains(type)
  }

  // MARK: - Problems at the file's paths

  /// `diagnostic` of the twin, at the file's path and with the file's keys;
  /// `twin` is the twin's document, whose expressions' texts give the
  /// positions of a mistake in the file's, and `file` the file's, whose
  /// inputs a message quotes.
  func physical(_ diagnostic: SceneDiagnostic, twin: JSONValue, file: JSONValue) -> SceneDiagnostic
  {
    if case .keyOnlyWith(let key, let requirement, let found) = diagnostic.problem,
      found.hasPrefix(Self.inputFound)
    {
      // The twin's input is renamed (`pullStart` is `pull`, a horizontal
      // scene's `minY` the twin's `minX`): the message quotes the file's.
      // Anything but a string is refused as the input, with no such
      // message; should one come, it keeps the twin's words.
      let path = isHorizontal ? physicalPath(diagnostic.path, twin: twin).path : diagnostic.path
      var written = found
      if case .object(let owner)? = file.value(at: JSONPath(path.components.dropLast())),
        case .string(let text)? = owner["input"]
      {
        written = Self.inputFound + MessageText.quoted(text)
      }
      return SceneDiagnostic(
        path: path, problem: .keyOnlyWith(key: key, requirement: requirement, found: written))
    }
    guard isHorizontal else { return Self.verticalEdge(diagnostic, twin: twin) }
    let (path, keys) = physicalPath(diagnostic.path, twin: twin)
    var problem = diagnostic.problem
    switch problem {
    case .unknownKeyExplained(let owner, let explanation, let valid):
      problem = .unknownKeyExplained(
        owner: owner, explanation: explanation, valid: Self.fileKeys(valid, keys))
    case .unknownKey(let owner, let suggestion, let valid):
      // The nearest of the file's keys to the key written, which the twin
      // did not rename.
      let names = Self.fileKeys(valid, keys)
      var nearest = suggestion.map { keys[$0] ?? $0 }
      if case .key(let written)? = path.components.last {
        // Else the twin's hint for a key it renamed, renamed back (an
        // expression's `translateX`, the twin's `translateY`: `x`).
        nearest = MessageText.nearestName(to: written, in: names) ?? nearest
      }
      problem = .unknownKey(owner: owner, suggestion: nearest, valid: names)
    case .duplicateName(let name, let first):
      problem = .duplicateName(name, first: physicalPath(first, twin: twin).path)
    case .overlappingKeys(let key, let sets, _):
      // The key the file gave, at the path's end (`scaleX` where the twin has `scaleY`).
      if case .key(let written)? = path.components.last {
        problem = .overlappingKeys(key: key, sets: sets, other: written)
      }
    case .invalidExpression(let position, let message):
      var message = acrossTheAxis(Self.fileNames(in: message))
      var position = position
      if case .string(let text)? = twin.value(at: diagnostic.path) {
        // The positions are the twin's, whose names may be longer or
        // shorter than the file's: counted again in the file's text.
        position = Self.filePosition(position, inTwin: text)
        if let match = message.firstMatch(of: /the `\(` at ([0-9]+)/), let open = Int(match.1) {
          message.replaceSubrange(
            match.range, with: "the `(` at \(Self.filePosition(open, inTwin: text))")
        }
      }
      problem = .invalidExpression(position: position, message: message)
    case .mismatch(let expected, let found):
      // A range the twin's property names (interpolate's `width` outputs are
      // the twin's heights).
      for (twin, file) in [("a height from", "a width from"), ("a width from", "a height from")]
      where expected.hasPrefix(twin) {
        problem = .mismatch(expected: file + expected.dropFirst(twin.count), found: found)
        break
      }
    default: break
    }
    return SceneDiagnostic(path: path, problem: problem)
  }

  /// The file's keys of `valid`, a list of the twin's, by `keys`, in the
  /// order a vertical scene lists them (`x, y, width, height`, not the
  /// renamed `y, x, height, width`): each file key at the place of the twin
  /// key of its name, as renaming swaps pairs.
  private static func fileKeys(_ valid: [String], _ keys: [String: String]) -> [String] {
    let place = Dictionary(valid.enumerated().map { ($1, $0) }) { first, _ in first }
    return valid.map { keys[$0] ?? $0 }.enumerated()
      .sorted {
        (place[$0.element] ?? $0.offset, $0.offset) < (place[$1.element] ?? $1.offset, $1.offset)
      }
      .map(\.element)
  }

  /// How a key that goes only with a `progress` input quotes the input it
  /// was found with: `"input": "minY"`.
  static let inputFound = "\"input\": "

  /// A vertical scene's `edge` that its effect refused, knowing only `top`
  /// and `bottom`: the message lists the four names the scene takes, and
  /// offers the nearest of them (`leadng`: `leading`).
  static func verticalEdge(_ diagnostic: SceneDiagnostic, twin: JSONValue) -> SceneDiagnostic {
    guard case .key("edge")? = diagnostic.path.components.last,
      case .object(let effect)? = twin.value(at: JSONPath(diagnostic.path.components.dropLast())),
      case .string(let type)? = effect["type"], readsEdges(ofEffectType: type)
    else { return diagnostic }
    let found: JSONValue
    switch diagnostic.problem {
    case .mismatch(_, let value), .nearMiss(_, let value, _): found = value
    default: return diagnostic
    }
    let expected =
      "\"top\" or \"bottom\" (or \"leading\" or \"trailing\", the same edges in a vertical scene)"
    var suggestion: String?
    if case .string(let edge) = found {
      suggestion = MessageText.nearestName(to: edge, in: ["top", "bottom", "leading", "trailing"])
    }
    return SceneDiagnostic(
      path: diagnostic.path,
      problem: suggestion.map { .nearMiss(expected: expected, found: found, suggestion: $0) }
        ?? .mismatch(expected: expected, found: found))
  }

  /// An expression message of a horizontal scene's twin with the names it
  /// quotes from the text (`` `width` is a name, not a function ``) put
  /// back as the file wrote them: each `` `name` `` the twin renamed
  /// (``expressionNames``, whose pairs swap), renamed again. An unknown
  /// name was not renamed, and the nearest name offered for it is offered
  /// for its spelling: such a message is left as it is.
  static func fileNames(in message: String) -> String {
    if message.hasPrefix("unknown name") || message.hasPrefix("unknown function") {
      return message
    }
    var parts = message.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
    // Odd parts are between backticks.
    for index in parts.indices where index % 2 == 1 {
      if let name = expressionNames[parts[index]] { parts[index] = name }
    }
    return parts.joined(separator: "`")
  }

  /// An expression message of a horizontal scene's twin for a name across
  /// the scroll axis (`insetLeft`), which the expression's parser explains
  /// for any scene, with the name to write in this one instead: the
  /// content width is `contentHeight` and the left and right insets are
  /// the leading and trailing ones, `insetTop` and `insetBottom` (swapped
  /// right to left).
  func acrossTheAxis(_ message: String) -> String {
    let leftIsLeading = direction == .leftToRight
    let names = [
      ("contentWidth", "contentHeight", "the content width in a horizontal scene"),
      (
        "insetLeft", leftIsLeading ? "insetTop" : "insetBottom",
        leftIsLeading
          ? "the leading (left) inset in a horizontal scene"
          : "the trailing (left) inset in a right-to-left scene"
      ),
      (
        "insetRight", leftIsLeading ? "insetBottom" : "insetTop",
        leftIsLeading
          ? "the trailing (right) inset in a horizontal scene"
          : "the leading (right) inset in a right-to-left scene"
      ),
    ]
    for (name, written, meaning) in names where message.hasPrefix("unknown name `\(name)`;") {
      return "unknown name `\(name)`; did you mean `\(written)`, \(meaning)?"
    }
    return message
  }

  /// The file's path of a path in the twin, and the twin's keys of the
  /// object the path's last key is in, mapped back to the file's.
  private func physicalPath(_ path: JSONPath, twin: JSONValue) -> (
    path: JSONPath, keys: [String: String]
  ) {
    func inverse(_ map: [String: String]) -> [String: String] {
      Dictionary(uniqueKeysWithValues: map.map { ($1, $0) })
    }
    var components = path.components
    // The keys of the object that component `position` is in, by position.
    var levels: [Int: [String: String]] = [
      0: ["contentHeight": "contentWidth", "contentWidth": "contentHeight"]
    ]
    let chainStart: Int?
    if isSingleChain {
      chainStart = 0
    } else if components.count >= 2, components[0] == .key("chains") {
      chainStart = 2
    } else {
      chainStart = nil
    }
    if case .key(let first) = components.first {
      if first == "viewport" { levels[1] = inverse(Self.viewportKeys) }
      if first == "contentInsets" { levels[1] = inverse(insetKeys) }
    }
    if let start = chainStart, components.count > start, case .key(let key) = components[start] {
      if key == "frame" { levels[start + 1] = inverse(Self.frameKeys) }
      // Only the keys of an effect whose type the twin renamed them for.
      if key == "effects", components.count > start + 1,
        case .object(let effect)? = twin.value(
          at: JSONPath(Array(components[...(start + 1)]))),
        case .string(let type)? = effect["type"], Self.renamesKeys(ofEffectType: type)
      {
        levels[start + 2] = inverse(Self.effectKeys)
      }
    }
    var lastKeys: [String: String] = [:]
    for position in components.indices {
      let keys = levels[position] ?? [:]
      lastKeys = keys
      if case .key(let key) = components[position], let mapped = keys[key] {
        components[position] = .key(mapped)
      }
    }
    // A problem at an object itself (a missing key is at its own path).
    if let keys = levels[components.count] { lastKeys = keys }
    return (JSONPath(components), lastKeys)
  }

  private func wrongAxisKey(_ key: String, _ right: String, at path: JSONPath) -> SceneDiagnostic {
    SceneDiagnostic(
      path: path,
      problem: .keyOnlyWith(
        key: key, requirement: isHorizontal ? "a vertical scene" : "\"axis\": \"horizontal\"",
        found: isHorizontal
          ? "a horizontal scene, whose key is \"\(right)\""
          : "a vertical scene, whose key is \"\(right)\""))
  }

  private static func choiceProblem<Choice: RawRepresentable & CaseIterable>(
    _ value: JSONValue, _ type: Choice.Type, at path: JSONPath
  ) -> SceneDiagnostic where Choice.RawValue == String {
    SceneDiagnostic(path: path, problem: ParameterReader.choiceProblem(found: value, type))
  }

  // MARK: - Rewriting

  private static func renamingKeys(_ value: JSONValue, _ names: [String: String]) -> JSONValue {
    guard case .object(var object) = value else { return value }
    for index in object.members.indices {
      if let key = names[object.members[index].key] { object.members[index].key = key }
    }
    return .object(object)
  }

  private func renameValue(of key: String, in object: inout JSONObject, _ names: [String: String]) {
    guard case .string(let text) = object[key], let name = names[text] else { return }
    object.replace(key, with: .string(name))
  }

  /// The position in the file's expression of `position` (1-based, in
  /// Unicode scalars, as an expression's mistakes are placed) in `text`, the
  /// twin's: the words of the text read as ``renamingNames(in:)`` reads
  /// them, each renamed one counted at its file's length. A position inside
  /// a renamed word stays as far into it, at most its last character.
  static func filePosition(_ position: Int, inTwin text: String) -> Int {
    var twin = 0
    var file = 0
    var word = ""
    var found: Int?
    func flush() {
      guard found == nil, !word.isEmpty else {
        word = ""
        return
      }
      let length = word.unicodeScalars.count
      let fileLength = (expressionNames[word] ?? word).unicodeScalars.count
      if position <= twin + length { found = file + min(position - twin, fileLength) }
      twin += length
      file += fileLength
      word = ""
    }
    for character in text where found == nil {
      if character.isLetter || character == "_" || (!word.isEmpty && character.isNumber) {
        word.append(character)
      } else {
        flush()
        guard found == nil else { break }
        let length = character.unicodeScalars.count
        if position <= twin + length { found = file + (position - twin) }
        twin += length
        file += length
      }
    }
    flush()
    // Past the end: as far past the file's.
    return found ?? file + (position - twin)
  }

  /// `text` with every name of ``expressionNames`` replaced by its twin's.
  static func renamingNames(in text: String) -> String {
    var result = ""
    var word = ""
    func flush() {
      result += expressionNames[word] ?? word
      word = ""
    }
    for character in text {
      if character.isLetter || character == "_" || (!word.isEmpty && character.isNumber) {
        word.append(character)
      } else {
        flush()
        result.append(character)
      }
    }
    flush()
    return result
  }
}

extension JSONObject {
  /// Replaces the value of every member named `key`.
  fileprivate mutating func replace(_ key: String, with value: JSONValue) {
    for index in members.indices where members[index].key == key {
      members[index].value = value
    }
  }

  /// Drops every member named `key`.
  fileprivate mutating func remove(_ key: String) {
    members.removeAll { $0.key == key }
  }
}

extension JSONValue {
  /// The value at `path` below this one, or `nil` where the path leaves it.
  fileprivate func value(at path: JSONPath) -> JSONValue? {
    var value = self
    for component in path.components {
      switch (component, value) {
      case (.key(let key), .object(let object)):
        guard let inner = object[key] else { return nil }
        value = inner
      case (.index(let index), .array(let array)) where array.indices.contains(index):
        value = array[index]
      default:
        return nil
      }
    }
    return value
  }
}
