import EffectCommandLine
import EffectHost
import EffectProtocol
import Foundation
import Testing

/// The filmstrip and plot SVGs parse as XML and show the host's frames.
@Suite struct PicturesSVGTests {
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

  @Test(
    "each plotted point maps back through the panel's scale to the host's value",
    arguments: PictureFixtures.configs)
  func plotPointsAreTheHostsValues(config: String) throws {
    let host = try PictureFixtures.host(config)
    let selection = try PlotPicture.defaultSelection(for: host.chains)
    let spec = try OffsetSpec(parsing: "-200:1200:10")
    let plot = PlotPicture(
      frames: try FrameDrawing.frames(of: host, at: spec, selection: selection), title: config)
    let svg = plot.svg()
    try PictureFixtures.export(svg, as: "plot-" + config.dropFirst(8).dropLast(5) + ".svg")
    let root = try XMLTreeBuilder.parse(svg)
    let panels = root.descendants.filter { $0.name == "g" && $0.attributes["data-column"] != nil }
    #expect(panels.count == plot.columns.count)
    var sequential = host
    let expected = spec.map { PictureFixtures.evaluated(&sequential, at: $0) }
    for panel in panels {
      let column = try #require(TransformColumn(rawValue: panel.attributes["data-column"] ?? ""))
      let xMin = try #require(panel.number("data-x-min"))
      let xMax = try #require(panel.number("data-x-max"))
      let yMin = try #require(panel.number("data-y-min"))
      let yMax = try #require(panel.number("data-y-max"))
      let lines = panel.children.filter { $0.name == "polyline" }
      #expect(lines.count == selection.segments.reduce(0) { $0 + $1.copies.count })
      for line in lines {
        let name = try #require(line.attributes["data-view"])
        let points = (line.attributes["points"] ?? "").split(separator: " ").map {
          $0.split(separator: ",").compactMap { Double($0) }
        }
        #expect(points.count == spec.count)
        for (index, point) in points.enumerated() {
          let (transform, natural) = try #require(expected[index][name])
          let value = column.value(of: transform, naturalX: natural.x, naturalY: natural.y)
          // px = (o - xMin) / (xMax - xMin) * W; py = (yMax - v) / (yMax - yMin) * H.
          let offset = xMin + point[0] / PlotPicture.plotWidth * (xMax - xMin)
          let back = yMax - point[1] / PlotPicture.plotHeight * (yMax - yMin)
          let xTolerance = 0.005 / PlotPicture.plotWidth * (xMax - xMin) + 1e-9
          let yTolerance = 0.005 / PlotPicture.plotHeight * (yMax - yMin) + 1e-9
          #expect(abs(offset - spec[index]) <= xTolerance)
          #expect(abs(back - value) <= yTolerance, "\(config) \(name).\(column) at \(spec[index])")
        }
      }
    }
  }

  @Test("the stretchy header's plot shows exactly the columns that change")
  func defaultColumnsAreTheChangingOnes() throws {
    // Pulled down, the header's y stays 0 while its height grows and its
    // translateY is -pull; scrolled, y and translateY follow the offset
    // (README's table); the body only moves, so its translateY stays 0.
    let host = try PictureFixtures.host("Configs/stretchy-header.json")
    let frames = try FrameDrawing.frames(of: host, at: OffsetSpec(parsing: "-100:300:50"))
    #expect(PlotPicture(frames: frames).columns == [.y, .height, .translateY])
  }

  @Test("by default a plot draws each chain once: a repeated chain by its first copy")
  func defaultSelectionTakesFirstCopies() throws {
    let host = try PictureFixtures.host("Benchmarks/bench-scene.json")
    let selection = try PlotPicture.defaultSelection(for: host.chains)
    let names = selection.segments.flatMap { segment in
      segment.copies.map { host.chains[segment.chain].viewName(copy: $0) }
    }
    #expect(names == ["background", "appBar", "row[0]", "footer"])
  }

  @Test("markers: offset 0, maxOffset and the snap and event hooks are vertical lines")
  func markersAreDrawn() throws {
    let host = try PictureFixtures.host("Configs/stretchy-header.json")
    let frames = try FrameDrawing.frames(of: host, at: OffsetSpec(parsing: "-100:1300:100"))
    let plot = PlotPicture(
      frames: frames, columns: [.y],
      markers: [
        PlotMarker(offset: 250, label: "snap 250", kind: .snap),
        PlotMarker(offset: 5000, label: "out of range", kind: .event),
      ])
    let root = try XMLTreeBuilder.parse(plot.svg())
    let lines = root.descendants.filter { $0.attributes["data-marker"] != nil }
    // Plot area 320 wide over -100...1300: x = (o + 100) / 1400 * 320.
    // maxOffset = 2000 - 844 = 1156.
    #expect(lines.map { $0.attributes["data-marker"] ?? "" } == ["edge", "edge", "snap"])
    #expect(lines.map { $0.number("x1") ?? -1 } == [22.86, 287.09, 80])
  }

  @Test("ticks fall on 1, 2 or 5 times a power of ten")
  func ticksAreRound() {
    #expect(PictureText.ticks(from: 0, to: 1) == [0, 0.2, 0.4, 0.6, 0.8, 1])
    #expect(PictureText.ticks(from: -100, to: 300) == [-100, 0, 100, 200, 300])
    #expect(PictureText.ticks(from: -3, to: 17, target: 4) == [-5, 0, 5, 10, 15, 20])
    #expect(PictureText.ticks(from: 0.3, to: 0.9, target: 3) == [0.2, 0.4, 0.6, 0.8, 1])
  }

  @Test("numbers are written with two decimals, halves away from zero, never -0")
  func numbersHaveTwoDecimals() {
    #expect(PictureText.fixed(12.345) == "12.35")
    #expect(PictureText.fixed(-0.001) == "0")
    #expect(PictureText.fixed(300) == "300")
    #expect(PictureText.fixed(-2.5) == "-2.5")
  }

  @Test("names are escaped in SVG text and attributes")
  func namesAreEscaped() {
    #expect(PictureText.escaped("a<b & \"c\"\n") == "a&lt;b &amp; &quot;c&quot;\\n")
  }
}
