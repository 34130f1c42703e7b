import EffectCommandLine
import EffectHost
import EffectProtocol
import Foundation
import Testing

/// The filmstrip SVG parses as XML and shows the host's frames.
@Suite struct FilmstripPictureTests {
  static let offsets: [Double] = [-150, -60, 0, 45.5, 120, 400]

  @Test(
    "each filmstrip box is at the host's layout frame, scale and opacity",
    arguments: PictureFixtures.configs)
  func filmstripBoxesAreTheHostsFrames(config: String) throws {
    let host = try PictureFixtures.host(config)
    let frames = try FrameDrawing.frames(of: host, at: OffsetSpec(Self.offsets))
    let svg = FilmstripPicture(frames: frames, title: config).svg()
    try PictureFixtures.export(svg, as: "filmstrip-" + config.dropFirst(8).dropLast(5) + ".svg")
    let root = try XMLTreeBuilder.parse(svg)
    let frameGroups = root.descendants.filter {
      $0.name == "g" && $0.attributes["data-offset"] != nil
    }
    #expect(frameGroups.map { $0.number("data-offset") } == Self.offsets)
    var sequential = host
    for group in frameGroups {
      let offset = try #require(group.number("data-offset"))
      let expected = PictureFixtures.evaluated(&sequential, at: offset)
      let boxes = group.descendants.filter { $0.attributes["data-view"] != nil }
      #expect(boxes.count == expected.count)
      var lastZIndex = -Double.infinity
      for box in boxes {
        let name = try #require(box.attributes["data-view"])
        let (transform, _) = try #require(expected[name])
        let rect = try #require(box.children.first { $0.name == "rect" })
        // Written with two decimals: within half a hundredth.
        for (attribute, value) in [
          ("x", transform.x), ("y", transform.y), ("width", transform.width),
          ("height", transform.height),
        ] {
          let written = try #require(rect.number(attribute))
          #expect(abs(written - value) <= 0.005 + 1e-9, "\(config) \(offset) \(name).\(attribute)")
        }
        #expect(box.number("data-scale-x") == transform.scaleX)
        #expect(box.number("data-scale-y") == transform.scaleY)
        #expect(abs((box.number("opacity") ?? 1) - transform.opacity) <= 0.005 + 1e-9)
        #expect(box.attributes["filter"] != nil || transform.blur < 0.005)
        // Drawn in ascending zIndex.
        #expect(transform.zIndex >= lastZIndex)
        lastZIndex = transform.zIndex
      }
      let caption = group.children.first { $0.name == "text" && $0.text.hasPrefix("offset ") }
      #expect(caption?.text == "offset " + MessageText.number(offset))
    }
  }

  @Test("a view attached to the viewport is drawn dashed, one that scrolls solid")
  func attachmentsAreToldApart() throws {
    let host = try PictureFixtures.host("Configs/overlay-header.json")
    let svg = FilmstripPicture(frames: try FrameDrawing.frames(of: host, at: OffsetSpec([0]))).svg()
    let root = try XMLTreeBuilder.parse(svg)
    let boxes = root.descendants.filter { $0.attributes["data-view"] != nil }
    let attachments = Dictionary(uniqueKeysWithValues: host.chains.map { ($0.name, $0.attachment) })
    #expect(attachments.values.contains(.viewport))
    for box in boxes {
      let name = try #require(box.attributes["data-view"])
      let dashed = box.children.contains { $0.attributes["stroke-dasharray"] != nil }
      #expect(dashed == (attachments[name] == .viewport), "\(name)")
    }
  }
}
