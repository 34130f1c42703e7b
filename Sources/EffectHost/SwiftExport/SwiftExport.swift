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
    case .unsupportedEffect(let chain, let index, let type):
      "chain \"\(chain)\", effect \(index): effect type \"\(type)\" cannot be exported as Swift; "
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
      } else {
        "\"\(name)\" is not a Swift type name; expected letters, digits and _, not starting "
          + "with a digit"
      }
    }
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
  /// keyword, a name the exported code uses or a standard library type
  /// (`self.json` -> `SelfScene`, `double.json` -> `DoubleScene`,
  /// `never.json` -> `NeverScene`): always a name ``isTypeName(_:)``
  /// accepts.
  public static func typeName(forFile path: String) -> String {
    guard path != "-" else { return "ExportedScene" }
    var name = path.split(separator: "/").last.map(String.init) ?? path
    if name.hasSuffix(".json") { name.removeLast(5) }
    let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    guard let first = joined.first else { return "ExportedScene" }
    if first.isNumber { return "Scene" + joined }
    return isTypeName(joined) ? joined : joined + "Scene"
  }

  /// Whether `name` can name the exported type: ASCII letters, digits and
  /// `_`, not starting with a digit, not a keyword, not one of the names the
  /// exported code uses (``reservedNames``), which it would hide from
  /// itself, and not a standard library type, which it would hide from the
  /// app that adds the file.
  public static func isTypeName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
    let valid = name.unicodeScalars.allSatisfy {
      $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
    }
    return valid && name != "_" && !keywords.contains(name) && !reservedNames.contains(name)
      && !standardLibraryNames.contains(name)
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
    scene.chains.flatMap { chain in
      chain.effects.indices.compactMap { index -> SwiftExportError? in
        let effect = chain.effects[index]
        guard !(effect is any SwiftExportable),
          !reducesMotion || chain.reducedMotion(ofEffect: index) == .keep
        else { return nil }
        return .unsupportedEffect(chain: chain.name, index: index, type: type(of: effect).typeName)
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
      var function = "evaluate" + Self.typeName(forFile: chain.name)
      while names.contains(function) { function += "_\(index)" }
      names.insert(function)
      let prefix = function.dropFirst("evaluate".count)
      var code = SwiftChainCode(
        attachment: layout.attachment, naturalFrame: layout.frame, stride: layout.stride,
        count: layout.viewRange.count,
        statePrefix: prefix.prefix(1).lowercased() + prefix.dropFirst())
      code.geometry = host.geometry
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
