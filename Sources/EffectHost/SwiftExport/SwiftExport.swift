import EffectProtocol
import Effects

/// Why a scene cannot be exported as Swift.
public enum SwiftExportError: Error, Sendable, Equatable, CustomStringConvertible {
  /// An effect whose type cannot be written as Swift: a plugin's.
  case unsupportedEffect(chain: String, index: Int, type: String)
  /// A type name that is not a Swift identifier.
  case invalidTypeName(String)

  public var description: String {
    switch self {
    // Names quoted as every message quotes them: a name's own quote or
    // line break cannot make the line read as another chain's.
    case .unsupportedEffect(let chain, let index, let type):
      "chain \(MessageText.quoted(chain, limit: .max)), effect \(index): effect type "
        + "\(MessageText.quoted(type, limit: .max)) cannot be exported as Swift; "
        + "only the built-in effects can"
    case .invalidTypeName(let name):
      if SwiftExport.keywords.contains(name) {
        "\"\(name)\" is a Swift keyword; expected a type name that is not one"
      } else if SwiftExport.reservedNames.contains(name) {
        "\"\(name)\" is a name the exported code uses from the standard library or C; "
          + "expected another type name"
      } else if SwiftExport.standardLibraryNames.contains(name) {
        "\"\(name)\" is a standard library type, which the exported struct would hide in "
          + "the app that adds the file; expected another type name"
      } else if SwiftExport.standardLibraryFunctionNames.contains(name) {
        "\"\(name)\" is a standard library function, which the exported struct would hide "
          + "in the app that adds the file (a call of it there would call the struct's "
          + "initialiser); expected another type name"
      } else if name == "_" {
        "\"_\" alone names nothing in Swift; expected a type name"
      } else {
        "\"\(name)\" is not a Swift type name; expected letters, digits and _, not starting "
          + "with a digit"
      }
    }
  }

  /// The description in a list after a first one: an effect that cannot
  /// be exported as `chain "hero", effect 1 ("wobble")`, without the
  /// reason the first has said.
  package var listedDescription: String {
    guard case .unsupportedEffect(let chain, let index, let type) = self else { return description }
    return
      "chain \(MessageText.quoted(chain, limit: .max)), effect \(index) "
      + "(\(MessageText.quoted(type, limit: .max)))"
  }
}

/// A scene written as one Swift file: a struct that holds the scene's
/// constants and computes every view's 14 columns per frame, the library's
/// values as Doubles, with nothing but the standard library and the
/// platform's C math (Docs/Export.md).
///
/// The scene is the host's: its chains' natural frames, strides and the
/// content height are read from the loaded ``SceneHost``, its effects after
/// reduced motion has removed those it skips.
public struct SwiftExport: Sendable {
  /// The exported type's name.
  public let typeName: String
  /// The file the scene was read from, for the header comment.
  public let sourceName: String
  /// The options the scene was read and evaluated with (`--device NAME`,
  /// `--set KEY=VALUE`, `--reduce-motion`), which the header comment names:
  /// `effectctl eval` prints the exported values given the same ones.
  public var options: [String] = []

  /// An export as the type `typeName` of the scene read from `sourceName`.
  ///
  /// - Throws: ``SwiftExportError/invalidTypeName(_:)`` when ``isTypeName(_:)`` refuses
  ///   `typeName`.
  public init(typeName: String, sourceName: String) throws(SwiftExportError) {
    guard Self.isTypeName(typeName) else { throw .invalidTypeName(typeName) }
    self.typeName = typeName
    self.sourceName = sourceName
  }

  /// The type name a file's name gives: its words (split at anything but a
  /// letter or digit), each capitalised, joined: `stretchy-header.json` ->
  /// `StretchyHeader`. `ExportedScene` for standard input or a name without
  /// letters (not `Scene`, which would hide SwiftUI's in an app), `Scene`
  /// before a name that would start with a digit, and `Scene` after a
  /// keyword, a name the exported code uses, a standard library type or
  /// one of ``frameworkTypeNames`` (`self.json` -> `SelfScene`,
  /// `double.json` -> `DoubleScene`, `never.json` -> `NeverScene`,
  /// `list.json` -> `ListScene`): always a name ``isTypeName(_:)`` accepts.
  public static func typeName(forFile path: String) -> String {
    guard path != "-" else { return "ExportedScene" }
    var name = path.split(separator: "/").last.map(String.init) ?? path
    if name.hasSuffix(".json") { name.removeLast(5) }
    let joined = words(of: name)
    guard let first = joined.first else { return "ExportedScene" }
    if first.isNumber { return "Scene" + joined }
    if isTypeName(joined) && !frameworkTypeNames.contains(joined) { return joined }
    return isTypeName(joined + "Scene") ? joined + "Scene" : "ExportedScene"
  }

  /// The words of `text` (split at anything but a letter or digit a Swift
  /// identifier may hold), each capitalised, joined: `hero image` ->
  /// `HeroImage`, `café` -> `Café`.
  static func words(of text: String) -> String {
    text.split { character in
      !(character.isLetter || character.isNumber)
        || !character.unicodeScalars.allSatisfy(isNameScalar)
    }
    .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// Whether `scalar` may be in a name the export writes: a character of a
  /// Swift identifier (``isIdentifierCharacter(_:)``) that is a letter, a
  /// digit or a mark on one (not, say, an emoji's skin tone).
  static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    guard isIdentifierCharacter(scalar) else { return false }
    if scalar.isASCII { return true }
    return isMark(scalar) || scalar.properties.isAlphabetic
      || scalar.properties.numericType != nil
  }

  /// Whether `scalar` is a combining mark, which a name holds after a
  /// letter but cannot start with.
  static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }

  /// The name of the exported type's function for chain `name`, number
  /// `index`: `evaluate` and the name's words (``words(of:)``:
  /// `hero image` -> `evaluateHeroImage`), or `evaluateChain` and its
  /// number for a name without a letter or digit.
  package static func functionName(forChain name: String, index: Int) -> String {
    let words = words(of: name)
    // The names of its state and values start with the words, lowercased,
    // which no digit may start (`3d`: `evaluateChain3d`, `chain3dValue`).
    if words.isEmpty { return "evaluateChain\(index)" }
    return "evaluate" + (words.first?.isNumber == true ? "Chain" + words : words)
  }

  /// Whether `scalar` may be in a Swift identifier, as the head's ranges of
  /// "Lexical Structure" in The Swift Programming Language list them (with
  /// the digits and combining marks a later character may be); letters and
  /// digits only are asked for here.
  package static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if scalar.isASCII {
      return scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        || ("0"..."9").contains(scalar)
    }
    return identifierRanges.contains { $0.contains(value) }
  }

  /// The non-ASCII ranges of Swift's identifier characters.
  private static let identifierRanges: [ClosedRange<UInt32>] = [
    0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA,
    0xBC...0xBE, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x300...0x36F,
    0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF, 0x1DC0...0x1DFF, 0x1E00...0x1FFF,
    0x20D0...0x20FF, 0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793,
    0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F,
    0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F, 0xFE20...0xFE2F,
    0xFE30...0xFE44, 0xFE47...0xFFFD, 0x10000...0x1FFFD, 0x20000...0x2FFFD,
  ]

  /// Whether `name` can name the exported type: letters a Swift identifier
  /// may hold (``isIdentifierCharacter(_:)``), digits and `_`, not starting
  /// with a digit, not `_` alone, not a keyword, not one of the names the
  /// exported code uses (``reservedNames``), which it would hide from
  /// itself, and not a standard library type or function (`print`), which
  /// it would hide from the app that adds the file.
  public static func isTypeName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !("0"..."9").contains(first), !isMark(first)
    else { return false }
    let valid = name.unicodeScalars.allSatisfy(isNameScalar)
    return valid && name != "_" && !keywords.contains(name) && !reservedNames.contains(name)
      && !standardLibraryNames.contains(name) && !standardLibraryFunctionNames.contains(name)
  }

  /// The names the exported code takes from the standard library (its
  /// module, types and functions), the platform's C library modules and C
  /// math: a struct of the same name would hide them from its own code
  /// (`struct Double` cannot hold a `Double`; `struct Glibc` hides the
  /// module's `pow`), so the exported type cannot be called so. The nested
  /// types (`View`, `Phase`, `Event`) do not clash and are not here. A test
  /// derives the list from exports of every form.
  public static let reservedNames: Set<String> = [
    "Array", "Bool", "Darwin", "Double", "Equatable", "Glibc", "Int", "Musl", "Range", "Sendable",
    "String", "Swift", "UnsafeMutableBufferPointer", "Void", "abs", "cos", "exp", "log", "max",
    "min", "pow", "sin",
  ]

  /// Types of the frameworks an app that adds an exported file most likely
  /// imports, whose names a file's name gives often (`list.json`,
  /// `view.json`, `date.json`): a struct of the same name would hide the
  /// framework's in the whole app module, and `some View` would no longer
  /// compile there. A name ``typeName(forFile:)`` derives is never one
  /// (it gets `Scene` after it); a `--name` is the user's choice, and is
  /// not checked against them. The commonest of SwiftUI's views, controls,
  /// shapes and data types, its scroll view's among them (each a page of
  /// https://developer.apple.com/documentation/swiftui), and of
  /// Foundation's value types and classes
  /// (https://developer.apple.com/documentation/foundation): not every
  /// name of either, which `--name` is for. A test checks Foundation's
  /// names against the toolchain's Foundation.
  public static let frameworkTypeNames: Set<String> = [
    // SwiftUI
    "Alert", "Animation", "App", "Axis", "Binding", "Button", "Canvas", "Capsule", "Circle",
    "Color", "ColorScheme", "Divider", "Edge", "Ellipse", "Environment", "Font", "ForEach", "Form",
    "Gauge", "GeometryReader", "Gesture", "Grid", "GridRow", "Group", "HStack", "Image", "Label",
    "Layout", "LazyHStack", "LazyVStack", "Link", "List", "Material", "Menu", "Namespace",
    "NavigationLink", "NavigationStack", "NavigationView", "Path", "Picker", "ProgressView",
    "Rectangle", "Scene", "ScrollGeometry", "ScrollPhase", "ScrollPosition", "ScrollView",
    "ScrollViewReader", "Section", "Shape", "Slider", "Spacer", "State", "Stepper", "Table",
    "TabView", "Text", "TextField", "Toggle", "Transaction", "VStack", "View", "Window",
    "WindowGroup", "ZStack",
    // Foundation
    "Bundle", "Calendar", "CharacterSet", "Data", "Date", "DateComponents", "DateFormatter",
    "Decimal", "FileManager", "IndexPath", "IndexSet", "JSONDecoder", "JSONEncoder", "Locale",
    "Measurement", "Notification", "NotificationCenter", "NumberFormatter", "Operation",
    "ProcessInfo", "Progress", "RunLoop", "Thread", "TimeZone", "Timer", "URL", "URLComponents",
    "UUID", "UserDefaults",
  ]

  /// The keywords, which name a type only in backticks: those The Swift
  /// Programming Language reserves in declarations, statements, expressions
  /// and types, and `Type` and `Protocol`, which follow a type.
  package static let keywords: Set<String> = [
    "Any", "Self", "Type", "Protocol", "as", "associatedtype", "await", "borrowing", "break",
    "case", "catch", "class", "consuming", "continue", "default", "defer", "deinit", "do", "else",
    "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if",
    "import", "in", "init", "inout", "internal", "is", "let", "nil", "nonisolated", "open",
    "operator", "precedencegroup", "private", "protocol", "public", "repeat", "rethrows",
    "return", "self", "static", "struct", "subscript", "super", "switch", "throw", "throws",
    "true", "try", "typealias", "var", "where", "while",
  ]

  /// The effects of `scene` that cannot be written as Swift (a plugin's), in
  /// file order, each with its index in its chain as the file declares it:
  /// with `reducesMotion`, those that reduced motion skips are left out, as
  /// the export leaves them out, and the others keep their indices in the
  /// file (``source(of:)``'s refusal counts the effects left, of the scene
  /// the host evaluates).
  public static func unsupportedEffects(in scene: Scene, reducesMotion: Bool = false)
    -> [SwiftExportError]
  {
    unsupportedEffectsWithPaths(in: scene, reducesMotion: reducesMotion).map(\.error)
  }

  /// ``unsupportedEffects(in:reducesMotion:)``, each with the JSON path of
  /// the effect's object in the file (`chains[1].effects[0]`): the scene's
  /// chains are in file order, and each effect keeps its index there.
  package static func unsupportedEffectsWithPaths(in scene: Scene, reducesMotion: Bool = false)
    -> [(path: String, error: SwiftExportError)]
  {
    scene.chains.enumerated().flatMap { chainIndex, chain in
      chain.effects.indices.compactMap { index -> (String, SwiftExportError)? in
        let effect = chain.effects[index]
        guard !(effect is any SwiftExportable),
          !reducesMotion || chain.reducedMotion(ofEffect: index) == .keep
        else { return nil }
        return (
          "chains[\(chainIndex)].effects[\(index)]",
          .unsupportedEffect(chain: chain.name, index: index, type: type(of: effect).typeName)
        )
      }
    }
  }

  /// The Swift source of `host`'s scene.
  public func source(of host: SceneHost) throws(SwiftExportError) -> String {
    var chains: [ExportedChain] = []
    var names = Set<String>()
    var curves: [(name: String, curve: String, comment: String)] = []
    var functions = SwiftFunctions()
    for (index, layout) in host.chains.enumerated() {
      let chain = host.scene.chains[index]
      var function = Self.functionName(forChain: chain.name, index: index)
      while names.contains(function) { function += "_\(index)" }
      names.insert(function)
      let prefix = function.dropFirst("evaluate".count)
      var code = SwiftChainCode(
        attachment: layout.attachment, naturalFrame: layout.frame, stride: layout.stride,
        count: layout.viewRange.count,
        statePrefix: prefix.prefix(1).lowercased() + prefix.dropFirst())
      code.geometry = host.geometry
      if host.scene.axis == .horizontal { code.fileSpelling = SceneAxisReading.renamingNames }
      code.curves = curves
      code.functions = functions
      var types: [String] = []
      if !chain.hasIdentityVisuals { code.visuals = (chain.zIndex, chain.opacity) }
      for (effectIndex, declared) in chain.effects.enumerated() {
        // A pin that follows the layout, placed as the host has it now.
        let effect = SceneHost.placed(declared, chain: index, in: host.scene)
        guard let exportable = effect as? any SwiftExportable else {
          throw .unsupportedEffect(
            chain: chain.name, index: effectIndex, type: type(of: effect).typeName)
        }
        types.append(type(of: effect).typeName)
        code.effect(effectIndex, named: type(of: effect).typeName) {
          exportable.writeSwift(to: &$0)
        }
      }
      curves = code.curves
      // An event's progress through a view range calls a function of its own.
      let eventProgress = chain.events.map { $0.timeline?.swiftProgress(&code.functions) }
      functions = code.functions
      chains.append(
        ExportedChain(
          index: index, name: chain.name, function: function, layout: layout, effects: types,
          events: chain.events, eventProgress: eventProgress, code: code,
          isWindowed: host.isWindowedChain(index)))
    }
    return SceneSource(export: self, host: host, chains: chains, functions: functions).text
  }
}

/// One chain of an export: its layout, its code and how it is evaluated.
struct ExportedChain {
  var index: Int
  var name: String
  var function: String
  var layout: SceneHost.ChainLayout
  var effects: [String]
  var events: [ChainEvent]
  /// The function of each event's progress through its view range, if it has one.
  var eventProgress: [String?]
  var code: SwiftChainCode
  /// Whether `evaluate(offset:visibleOnly:)` evaluates only its copies near the viewport.
  var isWindowed: Bool

  var rows: Range<Int> { layout.viewRange }
  var isRepeated: Bool { layout.isRepeated }

  /// The columns a frame may change: those the effects write, `y` of a
  /// view that scrolls, and the translations of what moves against its
  /// natural frame.
  var changingColumns: [TransformColumn] {
    let written = code.written
    return TransformColumn.allCases.filter { column in
      switch column {
      case .translateX: written.contains(.x)
      case .translateY: written.contains(.y)
      case .y: written.contains(.y) || layout.attachment == .content
      default: SwiftChainCode.Field(rawValue: column.rawValue).map(written.contains) ?? false
      }
    }
  }
}

extension SceneHost {
  /// Whether `evaluate(offset:visibleOnly:)` evaluates only chain `index`'s
  /// copies near the viewport.
  func isWindowedChain(_ index: Int) -> Bool {
    runs.contains { $0.chain == index && $0.isWindowed }
  }
}
