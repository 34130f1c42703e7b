/// Where a value stands in a JSON document: `chains[0].effects[1].rate`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
  /// One step of a path: an object member's key, or an array element's 0-based
  /// index.
  public enum Component: Sendable, Hashable {
    case key(String)
    case index(Int)
  }

  /// The steps from the top level down, outermost first.
  public var components: [Component]

  /// Makes the path through `components`, outermost first; with none, the top level.
  public init(_ components: [Component] = []) {
    self.components = components
  }

  /// The document's top level.
  public static let root = JSONPath()

  /// This path followed by the member named `key`: `rate` after `effects[1]`.
  public func appending(_ key: String) -> JSONPath {
    JSONPath(components + [.key(key)])
  }

  /// This path followed by the array element at 0-based `index`: `[1]` after
  /// `effects`.
  public func appending(_ index: Int) -> JSONPath {
    JSONPath(components + [.index(index)])
  }

  /// `chains[0].effects[1].rate`; keys that are not short identifiers are
  /// quoted and escaped (`chains[0]["odd key"]`); the top level reads `top level`.
  public var description: String {
    if components.isEmpty { return "top level" }
    // A path through deeply nested arrays (a value refused 500 levels down)
    // keeps its first and last components, so that a message stays one
    // readable line.
    guard components.count <= Self.shownComponents else {
      let head = JSONPath(Array(components.prefix(Self.shownComponents / 2)))
      let tail = JSONPath(Array(components.suffix(Self.shownComponents / 2)))
      let hidden = components.count - Self.shownComponents
      return "\(head)…(\(hidden) more)…\(tail)"
    }
    var text = ""
    for component in components {
      switch component {
      case .index(let index):
        text += "[\(index)]"
      case .key(let key):
        if Self.isIdentifier(key), key.unicodeScalars.count <= 40 {
          if !text.isEmpty { text += "." }
          text += key
        } else {
          text += "[\(MessageText.quoted(key))]"
        }
      }
    }
    return text
  }

  /// The most components a description shows in full.
  static let shownComponents = 16

  private static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic
    else { return false }
    return key.unicodeScalars.allSatisfy {
      $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
    }
  }
}
