import EffectProtocol

/// One value of a scene given from outside its file, as if the file said it:
/// what `--set KEY=VALUE` and `simulate`'s `set:KEY=VALUE` step carry.
///
/// The keys are the layout's: `viewport.width`, `viewport.height`,
/// `contentInsets.top|bottom|left|right`, `contentHeight` (`contentWidth`, a
/// key of horizontal scenes), and of a chain NAME `NAME.frame.x|y|width|height`
/// and `NAME.repeat.count|spacing`. The value is a JSON number.
///
///     let setting = try SceneSetting(parsing: "header.frame.height=420")
///     var document = try JSONParser.parse(text)
///     try setting.apply(to: &document)  // the file, as if it said 420
///
/// Applied to a scene file's JSON before the scene is built
/// (``apply(to:)``), the loader checks the value as it checks the file's own.
public struct SceneSetting: Sendable, Hashable, CustomStringConvertible {
  /// What a setting sets.
  public enum Key: Sendable, Hashable, CustomStringConvertible {
    case viewportWidth
    case viewportHeight
    case contentInsetTop
    case contentInsetBottom
    case contentInsetLeft
    case contentInsetRight
    case contentHeight
    /// A horizontal scene's content length: a key a vertical scene refuses.
    case contentWidth
    case frameX(chain: String)
    case frameY(chain: String)
    case frameWidth(chain: String)
    case frameHeight(chain: String)
    /// The copies of a repeated chain; on a chain without `repeat`, it gives
    /// the chain one (spacing 0).
    case repeatCount(chain: String)
    case repeatSpacing(chain: String)

    /// The chain the key belongs to, or `nil` for a key of the scene.
    public var chain: String? {
      switch self {
      case .frameX(let name), .frameY(let name), .frameWidth(let name), .frameHeight(let name),
        .repeatCount(let name), .repeatSpacing(let name):
        name
      default: nil
      }
    }

    /// The keys in the file, from the scene's top level or from the chain's
    /// object: `["viewport", "width"]`, `["frame", "y"]`.
    public var fileKeys: [String] {
      switch self {
      case .viewportWidth: ["viewport", "width"]
      case .viewportHeight: ["viewport", "height"]
      case .contentInsetTop: ["contentInsets", "top"]
      case .contentInsetBottom: ["contentInsets", "bottom"]
      case .contentInsetLeft: ["contentInsets", "left"]
      case .contentInsetRight: ["contentInsets", "right"]
      case .contentHeight: ["contentHeight"]
      case .contentWidth: ["contentWidth"]
      case .frameX: ["frame", "x"]
      case .frameY: ["frame", "y"]
      case .frameWidth: ["frame", "width"]
      case .frameHeight: ["frame", "height"]
      case .repeatCount: ["repeat", "count"]
      case .repeatSpacing: ["repeat", "spacing"]
      }
    }

    /// As `--set` spells it: `viewport.width`, `header.frame.y`.
    public var description: String {
      let path = fileKeys.joined(separator: ".")
      return chain.map { "\($0).\(path)" } ?? path
    }

    /// The keys of the scene, as spelt.
    static let sceneKeys: [Key] = [
      .viewportWidth, .viewportHeight, .contentInsetTop, .contentInsetBottom, .contentInsetLeft,
      .contentInsetRight, .contentHeight, .contentWidth,
    ]

    /// The keys of a chain after its name, as spelt (`frame.x`), each with
    /// the key it makes for a chain name.
    static let chainKeys: [(text: String, key: @Sendable (String) -> Key)] = [
      ("frame.x", { .frameX(chain: $0) }), ("frame.y", { .frameY(chain: $0) }),
      ("frame.width", { .frameWidth(chain: $0) }), ("frame.height", { .frameHeight(chain: $0) }),
      ("repeat.count", { .repeatCount(chain: $0) }),
      ("repeat.spacing", { .repeatSpacing(chain: $0) }),
    ]

    /// Every form of key, for messages: `viewport.width, ..., NAME.repeat.spacing`.
    static let forms =
      sceneKeys.map(\.description).joined(separator: ", ") + ", "
      + chainKeys.map { "NAME.\($0.text)" }.joined(separator: ", ")

    /// Reads a KEY: a key of the scene, or a chain's name and a key of chains.
    init(parsing text: String) throws(SceneSettingError) {
      if let key = Self.sceneKeys.first(where: { $0.description == text }) {
        self = key
        return
      }
      // A chain name may hold dots: the chain key is the known ending.
      for (ending, key) in Self.chainKeys where text.hasSuffix("." + ending) {
        let name = String(text.dropLast(ending.count + 1))
        if !name.isEmpty {
          self = key(name)
          return
        }
      }
      // `NAME.frame.heigth`: the chain part is right, the last word is not.
      for group in ["frame", "repeat"] {
        guard let range = text.ranges(of: ".\(group).").last,
          range.lowerBound > text.startIndex
        else { continue }
        let name = text[..<range.lowerBound]
        let field = String(text[range.upperBound...])
        let fields = Self.chainKeys.map(\.text).filter { $0.hasPrefix(group + ".") }
          .map { String($0.dropFirst(group.count + 1)) }
        let near = MessageText.nearestName(to: field, in: fields)
        throw .unknownKey(text, suggestion: near.map { "\(name).\(group).\($0)" })
      }
      // `NAME.fram.height`, `NAME.Frame.x`: the chain key's two words near
      // one, after a chain name (which may hold dots itself).
      let words = text.split(separator: ".", omittingEmptySubsequences: false)
      // `hero.image.height`: a chain's field without its group, after a
      // name that holds a dot, not a misspelt group (`image` is no
      // `frame`): left to the `NAME.height` case below.
      let groupLeftOut =
        words.count >= 3
        && Self.chainKeys.contains { $0.text.hasSuffix("." + words[words.count - 1]) }
        && MessageText.nearestName(to: String(words[words.count - 2]), in: ["frame", "repeat"])
          == nil
      if words.count >= 3, !words[0].isEmpty, !groupLeftOut {
        let ending = words.suffix(2).joined(separator: ".")
        let name = words.dropLast(2).joined(separator: ".")
        if let near = MessageText.nearestName(to: ending, in: Self.chainKeys.map(\.text)) {
          throw .unknownKey(text, suggestion: "\(name).\(near)")
        }
      }
      let near = MessageText.nearestName(to: text, in: Self.sceneKeys.map(\.description))
      // `NAME.height`: a chain's field without its group.
      let name = words.dropLast().joined(separator: ".")
      // Not after a group of the scene's own keys (`viewport.x`).
      let sceneGroups = Set(
        Self.sceneKeys.compactMap { $0.description.split(separator: ".").first })
      if near == nil, words.count >= 2, !words[0].isEmpty,
        !sceneGroups.contains(Substring(name)),
        let key = Self.chainKeys.map(\.text).first(where: {
          $0.hasSuffix("." + words[words.count - 1])
        })
      {
        throw .unknownKey(text, suggestion: "\(name).\(key)")
      }
      throw .unknownKey(text, suggestion: near)
    }
  }

  /// The key. Of a setting read from a gesture's `set:` step whose key may
  /// start with a chain's name but is none of the forms
  /// (`set:header.expression.y=1`), it only stands in for the text, which
  /// ``description`` gives as written: the nearest key, or `viewport.width`
  /// when none is near. Both `apply` methods refuse such a setting, saying
  /// why once the scene's chains are known.
  public var key: Key
  /// The number, as the file would hold it.
  public var value: Double
  /// A key of none of the forms whose meaning hangs on the scene's chain
  /// names, kept by ``init(parsingAgainstScene:)`` for ``apply(to:)`` to
  /// refuse: `h.expression.y` is a misspelt key of a chain `h.expression`,
  /// or an effect's parameter under chain `h`. ``key`` is then no key.
  package var unresolved: Unresolved?

  /// `KEY=VALUE` as written, and the key of chains nearest to its key, if
  /// any (`h.expression.frame.y`), to offer when the scene has its chain.
  package struct Unresolved: Sendable, Hashable {
    package var text: String
    package var nearest: Key?

    /// Why the key is refused in a scene of the chains named `names`: with
    /// ``nearest`` when its chain is the scene's; else, after the longest
    /// chain name the key starts with, that the rest is no key of chains
    /// (`h.expression.y` in a scene with chain `h`: an effect's
    /// parameter); else with no key offered.
    package func refusal(chains names: [String]) -> SceneSettingError {
      let keyText = String(text.prefix { $0 != "=" })
      if let nearest, let chain = nearest.chain, names.contains(chain) {
        return .unknownKey(keyText, suggestion: nearest.description)
      }
      if let chain = names.filter({ keyText.hasPrefix($0 + ".") }).max(by: {
        $0.count < $1.count
      }) {
        return .notAChainKey(keyText, chain: chain)
      }
      return .unknownKey(keyText, suggestion: nil)
    }
  }

  /// The setting of `key` to `value`, unchecked: the loader checks the value once the setting is
  /// applied (``apply(to:)``) and the scene is loaded.
  public init(key: Key, value: Double) {
    self.key = key
    self.value = value
  }

  /// Reads `KEY=VALUE` as ``init(parsing:)`` does, except a key of none of
  /// the forms that may start with a chain's name (`h.expression.y`,
  /// `header.frame.heigth`; not `viewport.x` or `size`): it is kept
  /// ``unresolved``, for ``apply(to:)`` to refuse once the chains are
  /// known, so that the message never offers a key of a chain the scene
  /// lacks, and says what a chain takes after a name it has.
  package init(parsingAgainstScene text: String) throws(SceneSettingError) {
    do {
      try self.init(parsing: text)
    } catch {
      guard case .unknownKey(let keyText, let suggestion) = error,
        text.hasPrefix(keyText + "="),
        let number = Self.jsonNumber(String(text.dropFirst(keyText.count + 1)))
      else { throw error }
      let nearest = suggestion.flatMap { try? Key(parsing: $0) }
      let sceneGroups = Key.sceneKeys.compactMap { $0.description.split(separator: ".").first }
      let first = keyText.split(separator: ".", omittingEmptySubsequences: false)[0]
      // A scene key's near miss (`viewprt.height`), a key of one word, or
      // one under a group of the scene's keys names no chain.
      guard nearest.map({ $0.chain != nil }) ?? true, keyText.contains("."), !first.isEmpty,
        !sceneGroups.contains(first)
      else { throw error }
      self.init(key: nearest ?? .viewportWidth, value: number)
      unresolved = Unresolved(text: text, nearest: nearest)
    }
  }

  /// Reads `KEY=VALUE`: a key of the forms above and a JSON number (`420`,
  /// `-0.5`, `1e3`; not `+1`, `.5`, `0x10`, `nan`).
  ///
  /// A chain's name may hold `=` (`a=b.frame.y=20`): the key ends at the
  /// first `=` before which the text is a key of those forms; when there is
  /// none, the text is read as split at its first `=`, and refused as that.
  public init(parsing text: String) throws(SceneSettingError) {
    let equalsSigns = text.indices.filter { text[$0] == "=" }
    guard let first = equalsSigns.first else { throw .notKeyValue(text) }
    let equals =
      equalsSigns.first { (try? Key(parsing: String(text[..<$0]))) != nil } ?? first
    let keyText = String(text[..<equals])
    let valueText = String(text[text.index(after: equals)...])
    key = try Key(parsing: keyText)
    guard let number = Self.jsonNumber(valueText) else {
      throw .notANumber(key: keyText, found: valueText)
    }
    value = number
  }

  /// `KEY=VALUE`, the value written in full (as written, for an
  /// ``unresolved`` key).
  public var description: String {
    unresolved?.text ?? "\(key)=\(MessageText.number(value))"
  }

  /// The number a JSON document of exactly `text` holds, or `nil`: one too
  /// large for a Double, or nonzero and too small for one, is refused, as a
  /// scene file refuses it.
  private static func jsonNumber(_ text: String) -> Double? {
    guard let value = JSONParser.number(text), value.isFinite, !vanishes(text, value) else {
      return nil
    }
    return value
  }

  /// Whether `text`, a JSON number read as `value`, is a nonzero number a
  /// Double reads as 0 (`1e-400`): a digit other than 0 before its exponent.
  static func vanishes(_ text: String, _ value: Double) -> Bool {
    value == 0 && text.prefix { $0 != "e" && $0 != "E" }.contains { ("1"..."9").contains($0) }
  }

  // MARK: - Scene files

  /// Sets the value in a scene file's parsed JSON, as if the file said it,
  /// and returns the path it stands at (`viewport.width`,
  /// `chains[0].frame.height`).
  ///
  /// An object on the way that the file leaves out is added (`"repeat":
  /// {"count": 3}` on a chain without `repeat`: spacing 0, the default). A
  /// value on the way that is not an object is left as it is, for the loader
  /// to refuse as it refuses the file.
  ///
  /// - Throws: ``SceneSettingError/unknownChain(_:suggestion:chains:)`` when
  ///   no chain of the file has the key's chain name;
  ///   ``SceneSettingError/notRepeated(setting:chain:)`` for a spacing on a
  ///   chain without `repeat`.
  @discardableResult
  public func apply(to document: inout JSONValue) throws(SceneSettingError) -> JSONPath {
    if let unresolved { throw unresolved.refusal(chains: Self.chainNames(in: document)) }
    guard let name = key.chain else {
      set(&document, keys: key.fileKeys[...])
      return JSONPath(key.fileKeys.map { .key($0) })
    }
    guard case .object(var top) = document else {
      // Not a scene at all: the loader says so, whatever is set.
      throw .unknownChain(name, suggestion: nil, chains: [])
    }
    let chainPath: JSONPath
    var chain: JSONValue
    var index: Int?
    if SceneLoader.isSingleChain(top) {
      // A single-chain scene: the chain is the top level.
      guard case .string(name)? = top["name"] else {
        let names = Self.chainNames(in: document)
        throw .unknownChain(
          name, suggestion: MessageText.nearestName(to: name, in: names), chains: names)
      }
      chainPath = .root
      chain = document
    } else {
      // Found in a scope of its own, so that nothing but the document holds
      // the chains when the chain is put back.
      let found: (index: Int, chain: JSONValue)? = {
        guard case .array(let chains)? = top["chains"],
          let found = chains.firstIndex(where: { Self.name(of: $0) == name })
        else { return nil }
        return (found, chains[found])
      }()
      guard let found else {
        let names = Self.chainNames(in: document)
        throw .unknownChain(
          name, suggestion: MessageText.nearestName(to: name, in: names), chains: names)
      }
      index = found.index
      chainPath = JSONPath([.key("chains"), .index(found.index)])
      chain = found.chain
    }
    if case .repeatSpacing = key, case .object(let object) = chain, object["repeat"] == nil {
      throw .notRepeated(setting: description, chain: name)
    }
    set(&chain, keys: key.fileKeys[...])
    guard let index else {
      document = chain
      return JSONPath(chainPath.components + key.fileKeys.map { .key($0) })
    }
    // The document and `top` let go of the chains first: the chain is then
    // put back in place, where a copy of every chain a setting made many
    // settings cost the chains times the settings.
    document = .null
    if case .array(var chains)? = top["chains"] {
      Self.set(&top, "chains", to: .null)
      chains[index] = chain
      Self.set(&top, "chains", to: .array(chains))
    }
    document = .object(top)
    return JSONPath(chainPath.components + key.fileKeys.map { .key($0) })
  }

  /// The names of the chains of a scene file's JSON, in file order.
  static func chainNames(in document: JSONValue) -> [String] {
    guard case .object(let top) = document else { return [] }
    if SceneLoader.isSingleChain(top) {
      return name(of: document).map { [$0] } ?? []
    }
    guard case .array(let chains)? = top["chains"] else { return [] }
    return chains.compactMap(name(of:))
  }

  private static func name(of chain: JSONValue) -> String? {
    guard case .object(let object) = chain, case .string(let name)? = object["name"] else {
      return nil
    }
    return name
  }

  /// Sets the number at `keys` below `value`, adding the objects left out.
  private func set(_ value: inout JSONValue, keys: ArraySlice<String>) {
    guard let first = keys.first else {
      value = .number(self.value)
      return
    }
    guard case .object(var object) = value else { return }
    var inner = object[first] ?? .object(JSONObject())
    set(&inner, keys: keys.dropFirst())
    Self.set(&object, first, to: inner)
    value = .object(object)
  }

  /// Replaces the first member named `key`, or appends one.
  private static func set(_ object: inout JSONObject, _ key: String, to value: JSONValue) {
    if let index = object.members.firstIndex(where: { $0.key == key }) {
      object.members[index].value = value
    } else {
      object.members.append(JSONObject.Member(key: key, value: value))
    }
  }
}

/// Why a setting was refused. The command line reports a setting that is
/// not well formed or names no chain as a usage error (64), one the scene
/// cannot take (``notRepeated(setting:chain:)``) as an invalid scene (65):
/// see ``isUsageError``.
public enum SceneSettingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No `=` between the key and the value.
  case notKeyValue(String)
  /// A key of none of the forms; `suggestion` is the nearest key.
  case unknownKey(String, suggestion: String?)
  /// A key that starts with the name of one of the scene's chains, `chain`,
  /// and goes on with no key of chains (`h.expression.y`, an effect's
  /// parameter under chain `h`).
  case notAChainKey(String, chain: String)
  /// A value that is not a JSON number.
  case notANumber(key: String, found: String)
  /// A chain name no chain of the scene has; `chains` are the names it has.
  case unknownChain(String, suggestion: String?, chains: [String])
  /// A spacing for a chain that does not repeat (set its count first).
  case notRepeated(setting: String, chain: String)
  /// A value the scene cannot take, set on a live host: what the key
  /// takes.
  case refused(setting: String, expected: String, found: Double)

  /// Whether the command line reports it as a usage error (64) rather than
  /// an invalid scene (65).
  public var isUsageError: Bool {
    switch self {
    case .notRepeated, .refused: false
    default: true
    }
  }

  public var description: String {
    switch self {
    case .notKeyValue(let text):
      return
        "expected KEY=VALUE such as header.frame.height=420, found \(MessageText.quoted(text)) (no '=')"
    case .unknownKey(let key, let suggestion):
      let hint = suggestion.map { "; did you mean \"\($0)\"?" } ?? ""
      return
        "unknown key \(MessageText.quoted(key))\(hint) (expected \(SceneSetting.Key.forms))"
    case .notAChainKey(let key, let chain):
      let keys = SceneSetting.Key.chainKeys.map { "\(chain).\($0.text)" }
      return
        "unknown key \(MessageText.quoted(key)): \(MessageText.quoted(chain)) is a chain, whose keys are \(keys.joined(separator: ", ")); an effect's parameters cannot be set"
    case .notANumber(let key, let found):
      // A number beyond a Double's range (`1e400`, `1e-400`) is one JSON allows.
      let number = JSONParser.number(found)
      let unfit =
        number?.isInfinite == true
        ? ", which does not fit a Double"
        : number.map { SceneSetting.vanishes(found, $0) } == true
          ? ", which a Double would read as 0" : ""
      return
        "expected the value of \(key) to be a JSON number such as 420 or -0.5, found \(MessageText.quoted(found))\(unfit)"
    case .unknownChain(let name, let suggestion, let chains):
      let hint = suggestion.map { "; did you mean \"\($0)\"?" } ?? ""
      let list = chains.isEmpty ? "" : " (chains: \(chains.joined(separator: ", ")))"
      return "no chain is named \(MessageText.quoted(name))\(hint)\(list)"
    case .notRepeated(_, let chain):
      return
        "expected a repeated chain, found \(MessageText.quoted(chain)), which has no \"repeat\"; set \(chain).repeat.count to give it copies"
    case .refused(_, let expected, let found):
      return "expected \(expected), found the number \(MessageText.number(found))"
    }
  }
}
