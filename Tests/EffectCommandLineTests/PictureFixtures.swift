import EffectHost
import EffectProtocol
import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What the picture tests share: the scenes and an XML reader.
enum PictureFixtures {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let configs: [String] = {
    let directory = root.appendingPathComponent("Configs").path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { "Configs/" + $0 }
  }()

  static func host(_ path: String) throws -> SceneHost {
    SceneHost(scene: try SceneLoader().load(contentsOf: root.appendingPathComponent(path).path))
  }

  /// The host's transform and natural frame of every view at `offset`, by name.
  static func evaluated(_ host: SceneHost, at offset: Double) -> [String: (ViewTransform, Rect)] {
    var host = host
    return evaluated(&host, at: offset)
  }

  /// ``evaluated(_:at:)`` as the next frame of `host`: a picture evaluates its
  /// offsets in order, so a stateful effect (`float`) sees them in order.
  static func evaluated(_ host: inout SceneHost, at offset: Double) -> [String: (
    ViewTransform, Rect
  )] {
    host.evaluate(offset: offset)
    var result: [String: (ViewTransform, Rect)] = [:]
    for (chainIndex, chain) in host.chains.enumerated() {
      for copy in 0..<chain.viewRange.count {
        result[chain.viewName(copy: copy)] = (
          host.transform(at: chain.viewRange.lowerBound + copy),
          host.naturalFrame(chain: chainIndex, copy: copy)
        )
      }
    }
    return result
  }

  /// Where pictures go for the browser check when `PICTURES_EXPORT_DIR` is set.
  static func export(_ text: String, as name: String) throws {
    guard let directory = ProcessInfo.processInfo.environment["PICTURES_EXPORT_DIR"] else { return }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
  }
}

/// An element of a parsed XML document: its name, attributes, children and text.
final class XMLElement {
  let name: String
  let attributes: [String: String]
  var children: [XMLElement] = []
  var text = ""

  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  /// Every element below this one, depth first, in document order.
  var descendants: [XMLElement] { children.flatMap { [$0] + $0.descendants } }

  func number(_ attribute: String) -> Double? { attributes[attribute].flatMap(Double.init) }
}

/// Parses an XML document with Foundation's `XMLParser` into a tree.
final class XMLTreeBuilder: NSObject, XMLParserDelegate {
  private var stack: [XMLElement] = []
  private(set) var root: XMLElement?
  private(set) var error: Error?

  static func parse(_ text: String) throws -> XMLElement {
    let builder = XMLTreeBuilder()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = builder
    guard parser.parse(), let root = builder.root else {
      throw XMLFailure(
        message:
          "\(parser.parserError ?? builder.error.map { $0 } ?? XMLFailure(message: "no root"))")
    }
    return root
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    let element = XMLElement(name: elementName, attributes: attributeDict)
    stack.last?.children.append(element)
    if stack.isEmpty { root = element }
    stack.append(element)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    stack.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    stack.last?.text += string
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
    error = parseError
  }
}

struct XMLFailure: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
