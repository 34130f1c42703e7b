import EffectCommandLine
import EffectHost
import EffectProtocol
import Foundation
import ScrollEffectsTestSupport
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
      // Every view that shows is drawn; one that cannot is left out.
      let drawnNames = Set(boxes.compactMap { $0.attributes["data-view"] })
      let viewport = host.scene.viewport
      for (name, (transform, _)) in expected {
        let columns = PictureFixtures.columns(transform)
        if PictureFixtures.mustDraw(columns, width: viewport.width, height: viewport.height) {
          #expect(drawnNames.contains(name), "\(config) \(offset) \(name) not drawn")
        } else if !drawnNames.contains(name) {
          #expect(
            PictureFixtures.mayLeaveOut(columns, width: viewport.width, height: viewport.height),
            "\(config) \(offset) \(name) left out")
        }
      }
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

  @Test("a frame labels up to 500 views in its viewport; with more, none", arguments: [500, 501])
  func labelledViews(count: Int) throws {
    // Rows a point tall, each wider than its name: all in the 844-point viewport.
    let json = """
      {"chains": [{"name": "r", "frame": {"height": 1}, "repeat": {"count": \(count)}},
                  {"name": "below", "frame": {"y": 5000, "height": 10}, "repeat": {"count": 50}}]}
      """
    let host = SceneHost(scene: try SceneLoader().load(json: json))
    let svg = FilmstripPicture(frames: try FrameDrawing.frames(of: host, at: OffsetSpec([0]))).svg()
    let labels = svg.components(separatedBy: "data-label=").count - 1
    // Rows one point apart leave room for few labels, each below the last
    // placed; views outside the viewport do not count.
    if count <= FilmstripPicture.maximumLabelledViews {
      #expect(labels > 0)
    } else {
      #expect(labels == 0)
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

/// Filmstrips of horizontal scenes: the screen's viewport, frames stacked,
/// captions in the axis's words, and a right-to-left scene as the mirror image.
@Suite struct FilmstripPictureSidewaysTests {
  /// One frame of a parsed filmstrip: its corner, views' rects and texts.
  struct ParsedFrame {
    var offset: Double
    var corner: (x: Double, y: Double)
    /// The frame's background: the viewport's size.
    var viewport: (width: Double, height: Double)
    var rects: [String: [Double]]
    var rotations: [String: Double]
    /// Each label's x, y and anchor.
    var labels: [String: (x: Double, y: Double, anchor: String?)]
    var caption: [String]
  }

  static func parse(_ svg: String) throws -> (clip: [Double], frames: [ParsedFrame]) {
    let root = try XMLTreeBuilder.parse(svg)
    let clip = try #require(root.descendants.first { $0.name == "clipPath" }?.children.first)
    var frames: [ParsedFrame] = []
    for group in root.descendants where group.name == "g" && group.attributes["data-offset"] != nil
    {
      let background = try #require(group.children.first { $0.name == "rect" })
      var frame = ParsedFrame(
        offset: try #require(group.number("data-offset")),
        corner: (try #require(group.number("data-left")), try #require(group.number("data-top"))),
        viewport: (
          try #require(background.number("width")), try #require(background.number("height"))
        ), rects: [:], rotations: [:], labels: [:],
        caption: group.children.filter { $0.name == "text" }.map(\.text))
      for view in group.descendants where view.attributes["data-view"] != nil {
        let name = try #require(view.attributes["data-view"])
        let rect = try #require(view.children.first { $0.name == "rect" })
        frame.rects[name] = try ["x", "y", "width", "height"].map { try #require(rect.number($0)) }
        frame.rotations[name] = view.number("data-rotation")
      }
      for label in group.descendants where label.attributes["data-label"] != nil {
        frame.labels[label.attributes["data-label"] ?? ""] = (
          try #require(label.number("x")), try #require(label.number("y")),
          label.attributes["text-anchor"]
        )
      }
      frames.append(frame)
    }
    return ([try #require(clip.number("width")), try #require(clip.number("height"))], frames)
  }

  static func filmstrip(_ scene: Scene, _ offsets: [Double]) throws -> String {
    let frames = try FrameDrawing.frames(of: SceneHost(scene: scene), at: OffsetSpec(offsets))
    return FilmstripPicture(frames: frames).svg()
  }

  static func scene(_ config: String, mirrored: Bool = false) throws -> Scene {
    var text = try String(
      contentsOfFile: PictureFixtures.root.appendingPathComponent(config).path, encoding: .utf8)
    if mirrored {
      text = text.replacingOccurrences(
        of: #""axis": "horizontal","#,
        with: #""axis": "horizontal", "layoutDirection": "rightToLeft","#)
    }
    return try SceneLoader().load(json: text)
  }

  @Test("a narrow sideways filmstrip is as wide as its header's line, 28 either side")
  func headerLineFits() throws {
    let run = InProcess([
      "filmstrip", InProcess.config("carousel-rtl.json"), "--offsets", "0,100", "--set",
      "viewport.width=200",
    ])
    let root = try XMLTreeBuilder.parse(run.stdout)
    let width = try #require(root.number("width"))
    let line = "scrolls sideways, right to left: the content moves right as the offset grows"
    let text = try #require(root.descendants.first { $0.name == "text" && $0.text == line })
    // 443.66 points of 12-point text (the wider of Helvetica's and DejaVu
    // Sans's widths), from x 28: the picture is 28 + 443.66 + 28 = 499.66
    // wide, rounded up to 500, more than the frames' 28 + 200 + 200 (the
    // caption's room).
    let end = try #require(text.number("x")) + FontMetrics.width(line, size: 12)
    #expect(abs(FontMetrics.width(line, size: 12) - 443.66015625) < 1e-9)
    #expect(end + 28 <= width)
    #expect(width == 500)
  }

  @Test("a frame's phase writes its numbers with 2 decimals, as the preview's page does")
  func phaseNumbersAreRounded() throws {
    var text = try String(
      contentsOfFile: PictureFixtures.root.appendingPathComponent("Configs/stretchy-header.json")
        .path, encoding: .utf8)
    let stock = try SceneLoader().load(json: text)
    text = text.replacingOccurrences(
      of: #""contentHeight": 2000"#, with: #""contentHeight": 1000.1"#)
    text = text.replacingOccurrences(of: #""height": 844}"#, with: #""height": 843.9}"#)
    // maxOffset = 1000.1 - 843.9 = 156.2 (156.20000000000005 in doubles);
    // 200.7 is 200.7 - 156.2 = 44.5 past it.
    let (_, edited) = try Self.parse(
      Self.filmstrip(try SceneLoader().load(json: text), [10, 200.7]))
    #expect(edited.map { $0.caption.last } == ["scrolled 10 of 156.2", "pulled up 44.5"])
    // The stock scene's maxOffset is 2000 - 844 = 1156: 1e-7 past it is 0 to 2 decimals.
    let (_, past) = try Self.parse(Self.filmstrip(stock, [1156.0000001]))
    #expect(past.map(\.caption) == [["offset 1156.0000001", "pulled up 0"]])
  }

  @Test(
    "the carousel's frames are its 390 x 300 viewport, stacked, each card at 75 + 256 i - o",
    arguments: [false, true])
  func carouselFrames(mirrored: Bool) throws {
    let offsets: [Double] = [-100, 0, 128, 2400]
    let svg = try Self.filmstrip(
      Self.scene(mirrored ? "Configs/carousel-rtl.json" : "Configs/carousel.json"), offsets)
    try PictureFixtures.export(
      svg, as: mirrored ? "filmstrip-carousel-rtl.svg" : "filmstrip-carousel.svg")
    let (clip, frames) = try Self.parse(svg)
    #expect(clip == [390, 300])
    #expect(frames.map(\.offset) == offsets)
    // maxOffset = Cw - W = 2694 - 390 = 2304; -100 pulls 100 past the start,
    // 2400 pulls 96 past the end: the content moves right, then left (right
    // to left: the other way round).
    let (start, end) = mirrored ? ("pulled left", "pulled right") : ("pulled right", "pulled left")
    let phases = ["\(start) 100", "at rest", "scrolled 128 of 2304", "\(end) 96"]
    for (index, frame) in frames.enumerated() {
      let o = offsets[index]
      // Stacked one above the other, 28 apart, below a 76-point header.
      #expect([frame.corner.x, frame.corner.y] == [28, 76 + Double(index) * (300 + 28)])
      #expect([frame.viewport.width, frame.viewport.height] == [390, 300])
      #expect(frame.caption == ["offset " + MessageText.number(o), phases[index]])
      // The cards on the screen, and those within the 2-point stroke of
      // it; no other (a card's scale is at most 1, its blur 0).
      var onScreen = 0
      for card in 0..<10 {
        // Content x = 75 + 256 i sits at 75 + 256 i - o; mirrored, x' = 390 - x - 240.
        let x = 75 + 256 * Double(card) - o
        let left = mirrored ? 390 - x - 240 : x
        guard left + 240 >= -2 && left <= 390 + 2 else {
          #expect(frame.rects["card[\(card)]"] == nil, "card[\(card)] at \(o)")
          continue
        }
        onScreen += 1
        #expect(frame.rects["card[\(card)]"] == [left, 20, 240, 260], "card[\(card)] at \(o)")
      }
      #expect(frame.rects.count == onScreen)
    }
    // At rest card 0 is centred (progress 0.5, scale 1): its label 6 in from
    // its leading corner, the left (81) or the right (390 - 81, right-aligned).
    let label = try #require(frames[1].labels["card[0]"])
    #expect(label.x == (mirrored ? 309 : 81))
    #expect(label.y == 20 + 3 + 13)
    #expect(label.anchor == (mirrored ? "end" : nil))
    // Card 1 peeks in 41 points at the trailing edge, less than its name: no label.
    #expect(frames[1].labels["card[1]"] == nil)
  }

  @Test(
    "a right-to-left filmstrip is the mirror image of its left-to-right twin's",
    arguments: ["Configs/carousel.json", "Configs/chip-row.json", "Configs/photo-strip.json"])
  func mirrorImage(config: String) throws {
    var random = SplitMix64(seed: 0x5EED_F11B)
    let offsets = (0..<12).map { _ in (Double(random.next() % 360_000) / 100 - 400).rounded() }
    let (ltrClip, ltr) = try Self.parse(Self.filmstrip(Self.scene(config), offsets))
    let (rtlClip, rtl) = try Self.parse(
      Self.filmstrip(Self.scene(config, mirrored: true), offsets))
    #expect(ltrClip == rtlClip)
    // Both pictures have a frame for each offset asked for, in order, and
    // most frames draw views (one pulled far past an end has none on the
    // screen, in both), so the comparisons below cover them.
    #expect(ltr.map(\.offset) == offsets)
    #expect(rtl.map(\.offset) == offsets)
    #expect(ltr.filter { !$0.rects.isEmpty }.count >= 8)
    let width = ltrClip[0]
    for (left, right) in zip(ltr, rtl) {
      #expect([left.corner.x, left.corner.y] == [right.corner.x, right.corner.y])
      #expect(left.rects.keys.sorted() == right.rects.keys.sorted())
      for (name, rect) in left.rects {
        let mirrored = try #require(right.rects[name])
        // x' = W - x - width, each written to 2 decimals: within 0.01 + rounding.
        #expect(
          abs(mirrored[0] - (width - rect[0] - rect[2])) <= 0.0101, "\(name) at \(left.offset)")
        #expect(Array(mirrored[1...]) == Array(rect[1...]), "\(name) at \(left.offset)")
        #expect(right.rotations[name].map { -$0 } == left.rotations[name])
      }
      #expect(left.labels.keys.sorted() == right.labels.keys.sorted(), "at \(left.offset)")
      for (name, label) in left.labels {
        let mirrored = try #require(right.labels[name])
        #expect(abs(mirrored.x - (width - label.x)) <= 0.0101, "\(name) label at \(left.offset)")
        #expect(mirrored.y == label.y)
        #expect(label.anchor == nil)
        #expect(mirrored.anchor == "end")
      }
      let swapped = left.caption.map {
        $0.replacingOccurrences(of: "right", with: "@").replacingOccurrences(
          of: "left", with: "right"
        )
        .replacingOccurrences(of: "@", with: "left")
      }
      #expect(right.caption == swapped)
    }
  }
}

extension FilmstripPictureSidewaysTests {
  /// A whole view 10 points wide: a 24-character name, 160.16 points of
  /// 12-point text (the wider of Helvetica's and DejaVu Sans's widths: `a`
  /// 0.613 em, `_` 0.556, `r` 0.411, ...), 6 in from the view's leading
  /// edge, fits from x 100 on in a 300-point viewport (ending at 266.16),
  /// not from x 290 (or, right to left, from the mirrored 290).
  @Test(
    "a view narrower than its name gets a label only where the viewport holds the name",
    arguments: [false, true])
  func narrowViewAtTheEdge(mirrored: Bool) throws {
    let (middle, edge) = ("a_rather_long_label_nam1", "a_rather_long_label_name")
    let direction = mirrored ? #", "layoutDirection": "rightToLeft""# : ""
    let scene = try SceneLoader().load(
      json: #"""
        {"axis": "horizontal"\#(direction), "viewport": {"width": 300, "height": 120},
         "chains": [{"name": "\#(middle)", "attachment": "viewport", "frame": {"x": 100, "width": 10}},
                    {"name": "\#(edge)", "attachment": "viewport", "frame": {"x": 290, "width": 10}}]}
        """#)
    let (_, frames) = try Self.parse(Self.filmstrip(scene, [0]))
    #expect(frames[0].labels[middle] != nil)
    #expect(frames[0].labels[edge] == nil)
  }
}

/// A title longer than its picture is wide is cut short, whole on hover.
@Suite struct PictureTitleTests {
  @Test("a long title is cut with an ellipsis to the picture's width, whole in its <title>")
  func longTitles() throws {
    let host = try PictureFixtures.host("Configs/carousel.json")
    let frames = try FrameDrawing.frames(of: host, at: OffsetSpec([0]))
    let long = String(repeating: "carousel-", count: 12) + "end"
    let svg = FilmstripPicture(frames: frames, title: long).svg()
    let width = FilmstripPicture(frames: frames, title: long).size.width
    let line = try #require(
      svg.split(separator: "\n").first { $0.contains(#"font-size="14" font-weight="bold""#) })
    let shown = try #require(
      line.split(separator: ">").dropFirst().first?.split(separator: "<").first)
    #expect(shown.hasSuffix("…"))
    #expect(long.hasPrefix(shown.dropLast()))
    // 14-point bold text, estimated a tenth wider than regular (the wider
    // of Helvetica's and DejaVu Sans's widths), "…" 1.07 em; it starts 28
    // in and keeps 28 free at the right, and one more character would pass.
    #expect(28 + 1.1 * FontMetrics.width(shown, size: 14) <= width - 28)
    let longer = long.prefix(shown.count) + "…"
    #expect(28 + 1.1 * FontMetrics.width(longer, size: 14) > width - 28)
    #expect(line.contains("<title>\(long)</title>"))
    // A short one as it is.
    let short = FilmstripPicture(frames: frames, title: "carousel").svg()
    #expect(short.contains(#"font-weight="bold">carousel</text>"#))
    // The plot's title likewise.
    let plot = PlotPicture(
      frames: try FrameDrawing.frames(of: host, at: OffsetSpec([0, 10])),
      title: String(repeating: long, count: 2)
    ).svg()
    #expect(plot.contains("…<title>\(long)\(long)</title>"))
  }
}

/// A blur spreads past a thin view's box.
@Suite struct FilmstripBlurTests {
  @Test("a blur's region is the viewport and three standard deviations about it")
  func blurRegionCoversTheViewport() throws {
    // A 2-point line blurred by 8 in a 300 x 200 viewport: a region of 10%
    // about its box (SVG's default) would cut its blur to 2.4 points.
    let json = #"""
      {"viewport": {"width": 300, "height": 200}, "chains": [{"name": "line",
       "frame": {"x": 20, "y": 100, "width": 260, "height": 2}, "attachment": "viewport",
       "effects": [{"type": "expression", "blur": "8"}]}]}
      """#
    let host = SceneHost(scene: try SceneLoader().load(json: json))
    let svg = FilmstripPicture(frames: try FrameDrawing.frames(of: host, at: OffsetSpec([0])))
      .svg()
    let root = try XMLTreeBuilder.parse(svg)
    let filter = try #require(root.descendants.first { $0.name == "filter" })
    #expect(filter.attributes["filterUnits"] == "userSpaceOnUse")
    let region = ["x", "y", "width", "height"].map { filter.number($0) }
    let expected: [Double?] = [-24, -24, 348, 248]  // 300 + 2 * 24, 200 + 2 * 24
    #expect(region == expected)
    let view = try #require(root.descendants.first { $0.attributes["data-view"] == "line" })
    #expect(view.attributes["filter"] == "url(#\(filter.attributes["id"] ?? ""))")
  }
}
