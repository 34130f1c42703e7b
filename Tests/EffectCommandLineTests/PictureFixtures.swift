import EffectHost
import EffectProtocol
import Foundation
import Testing

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

  /// The y of the polyline `points` at `x`, where the points' x grow:
  /// the straight line between the two about it, and that line's slope.
  static func polylineY(_ points: [[Double]], at x: Double) -> (y: Double, slope: Double)? {
    guard let first = points.first, let last = points.last, first[0] <= x, x <= last[0] else {
      return nil
    }
    guard let end = points.firstIndex(where: { $0[0] >= x }) else { return nil }
    if end == 0 { return (points[0][1], 0) }
    let (a, b) = (points[end - 1], points[end])
    let slope = (b[1] - a[1]) / (b[0] - a[0])
    return (a[1] + slope * (x - a[0]), slope)
  }

  /// Checks a plot's line `points` (as written, relative to the plot
  /// area) against its `samples` (px, py of each offset, exact): the
  /// first and last samples are its ends, every point is a sample to the
  /// written two decimals, and every sample is within the plot's line
  /// tolerance (0.05) and the two rounding errors of the line.
  static func expectLine(_ points: [[Double]], samples: [(x: Double, y: Double)], _ label: String) {
    let rounding = 0.005 + 1e-9
    #expect(points.allSatisfy { $0.count == 2 }, "\(label)")
    guard points.count >= 2, let first = samples.first, let last = samples.last else {
      Issue.record("\(label): \(points.count) points")
      return
    }
    #expect(abs(points[0][0] - first.x) <= rounding && abs(points[0][1] - first.y) <= rounding)
    #expect(
      abs(points[points.count - 1][0] - last.x) <= rounding
        && abs(points[points.count - 1][1] - last.y) <= rounding, "\(label)")
    for point in points {
      #expect(
        samples.contains { abs($0.x - point[0]) <= rounding && abs($0.y - point[1]) <= rounding },
        "\(label): \(point) is no sample")
    }
    for sample in samples {
      // A sample the line keeps is one of its points.
      if points.contains(where: {
        abs($0[0] - sample.x) <= rounding && abs($0[1] - sample.y) <= rounding
      }) {
        continue
      }
      // Clamped into the written x range, which rounding may leave a
      // little short of the first or last sample.
      let x = min(max(sample.x, points[0][0]), points[points.count - 1][0])
      guard let line = polylineY(points, at: x) else {
        Issue.record("\(label): no line at \(sample.x)")
        continue
      }
      // The tolerance, the rounding of the points' y, and that of their x
      // times the segment's slope.
      let bound = 0.05 + rounding + abs(line.slope) * rounding * 2
      #expect(abs(line.y - sample.y) <= bound, "\(label): \(sample) is \(line.y) on the line")
    }
  }

  /// Whether a filmstrip must draw a view of these columns in a viewport
  /// of `width` x `height`: its box as drawn (scaled about its anchor,
  /// x' = x + anchorX * width * (1 - scaleX), width' = width * scaleX, a
  /// negative one flipped) meets the viewport. A box turned by a rotation
  /// is drawn whenever this one meets it, as the circle its corners turn on
  /// holds it.
  static func mustDraw(_ columns: [String: Double], width: Double, height: Double) -> Bool {
    let corners = drawnCorners(columns, turned: false)
    return meets(corners, margin: 0, width: width, height: height)
  }

  /// Whether a filmstrip may leave out a view of these columns: its drawn
  /// box turned by its rotation about its anchor (SVG's clockwise degrees),
  /// grown by three times its blur and 2 for its stroke, misses the
  /// viewport, so nothing of it shows.
  static func mayLeaveOut(_ columns: [String: Double], width: Double, height: Double) -> Bool {
    let corners = drawnCorners(columns, turned: true)
    let margin = 3 * max(columns["blur"] ?? 0, 0) + 2
    return !meets(corners, margin: margin, width: width, height: height)
  }

  private static func meets(
    _ corners: [(Double, Double)], margin: Double, width: Double, height: Double
  ) -> Bool {
    let xs = corners.map(\.0)
    let ys = corners.map(\.1)
    return xs.max()! + margin >= 0 && xs.min()! - margin <= width
      && ys.max()! + margin >= 0 && ys.min()! - margin <= height
  }

  private static func drawnCorners(_ c: [String: Double], turned: Bool) -> [(Double, Double)] {
    let (x, y, w, h) = (c["x"] ?? 0, c["y"] ?? 0, c["width"] ?? 0, c["height"] ?? 0)
    let (sx, sy) = (c["scaleX"] ?? 1, c["scaleY"] ?? 1)
    let (ax, ay) = (c["anchorX"] ?? 0.5, c["anchorY"] ?? 0.5)
    let (anchorX, anchorY) = (x + ax * w, y + ay * h)
    let left = x + ax * w * (1 - sx)
    let top = y + ay * h * (1 - sy)
    let angle = turned ? (c["rotation"] ?? 0) * Double.pi / 180 : 0
    return [(left, top), (left + w * sx, top), (left, top + h * sy), (left + w * sx, top + h * sy)]
      .map { px, py in
        let (dx, dy) = (px - anchorX, py - anchorY)
        return (
          anchorX + dx * cos(angle) - dy * sin(angle), anchorY + dx * sin(angle) + dy * cos(angle)
        )
      }
  }

  /// The columns of `transform` by name, as eval's rows give them.
  static func columns(_ t: ViewTransform) -> [String: Double] {
    [
      "x": t.x, "y": t.y, "width": t.width, "height": t.height, "scaleX": t.scaleX,
      "scaleY": t.scaleY, "anchorX": t.anchorX, "anchorY": t.anchorY, "blur": t.blur,
      "rotation": t.rotation,
    ]
  }

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
