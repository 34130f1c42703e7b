import EffectHost
import EffectProtocol
import Foundation
import ScrollEffectsTestSupport
import Testing

@testable import EffectCommandLine

/// The plot SVG parses as XML and shows the host's frames.
@Suite struct PlotPictureTests {
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
        // Each offset's value, where the plot draws it: the line passes
        // within its tolerance of every one.
        var samples: [(x: Double, y: Double)] = []
        for (index, offset) in spec.enumerated() {
          let (transform, natural) = try #require(expected[index][name])
          // A right-to-left view's translateX is its leading (right) edge's move.
          let origin = host.screenMapping.translationOrigin(of: transform, natural: natural)
          let value = column.value(of: transform, naturalX: origin.x, naturalY: origin.y)
          // px = (o - xMin) / (xMax - xMin) * W; py = (yMax - v) / (yMax - yMin) * H.
          samples.append(
            (
              (offset - xMin) / (xMax - xMin) * PlotPicture.plotWidth,
              (yMax - value) / (yMax - yMin) * PlotPicture.plotHeight
            ))
        }
        PictureFixtures.expectLine(points, samples: samples, "\(config) \(name).\(column)")
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

  @Test(
    "a carousel's plot: offset on the x axis, maxOffset 2304, a snap line at every card centre",
    arguments: [("Configs/carousel.json", "left"), ("Configs/carousel-rtl.json", "right")])
  func sidewaysPlot(config: String, way: String) throws {
    let result = InProcess([
      "plot", PictureFixtures.root.appendingPathComponent(config).path, "--offsets",
      "-200:2600:100", "--chain", "card[0]",
    ])
    #expect(result.status == .success)
    let root = try XMLTreeBuilder.parse(result.stdout)
    let legend = root.descendants.first { $0.name == "text" && $0.text.hasPrefix("x axis") }
    #expect(
      legend?.text.hasPrefix("x axis: scroll offset (points, moving the content \(way)); ") == true)
    let panel = try #require(root.descendants.first { $0.attributes["data-column"] != nil })
    let lines = panel.children.filter { $0.attributes["data-marker"] != nil }
    // Plot area 320 wide over -200...2600: x = (o + 200) / 2800 * 320. The
    // cards are 256 apart, so the centred card k rests at 256 k, up to
    // maxOffset = 2694 - 390 = 2304 = 9 * 256.
    let expected = [0.0, 2304] + (0...9).map { 256 * Double($0) }
    #expect(
      lines.map { $0.attributes["data-marker"] ?? "" } == ["edge", "edge"]
        + Array(repeating: "snap", count: 10))
    // A snap line at 0 or maxOffset adds its name to the edge's label.
    let labels = panel.children.filter { $0.name == "text" && $0.attributes["font-size"] == "9" }
    #expect(labels.first?.text == "0 · snap")
    #expect(labels.contains { $0.text == "maxOffset · snap" })
    #expect(!labels.contains { $0.text == "snap 0" || $0.text == "snap 2304" })
    for (line, offset) in zip(lines, expected) {
      let x = try #require(line.number("x1"))
      #expect(abs(x - (offset + 200) / 2800 * 320) <= 0.005 + 1e-9, "\(offset)")
    }
  }

  /// The legend's texts of a plot of `names` (views of 100 points each) with `columns`.
  static func legend(names: [String], columns: [TransformColumn]) throws -> (
    width: Double, names: [XMLElement], notes: [XMLElement], panelTop: Double
  ) {
    let chains = names.enumerated().map { index, name in
      "{\"name\": \"\(name)\", \"frame\": {\"y\": \(index * 100), \"height\": 100}}"
    }
    let scene = try SceneLoader().load(
      json: "{\"chains\": [\(chains.joined(separator: ", "))]}", file: "legend.json")
    let host = SceneHost(scene: scene)
    let selection = try PlotPicture.defaultSelection(for: host.chains)
    let plot = PlotPicture(
      frames: try FrameDrawing.frames(
        of: host, at: try OffsetSpec(parsing: "0:100"), selection: selection),
      columns: columns, title: "legend")
    let root = try XMLTreeBuilder.parse(plot.svg())
    let legend = try #require(root.descendants.first { $0.attributes["class"] == "legend" })
    let texts = legend.children.filter { $0.name == "text" }
    let panels = root.descendants.filter { $0.attributes["data-column"] != nil }
    return (
      try #require(root.number("width")), texts.filter { $0.attributes["fill"] == nil },
      texts.filter { $0.attributes["fill"] != nil },
      try #require(panels.compactMap { $0.number("data-top") }.min())
    )
  }

  @Test(
    "the legend's names and note stay inside the picture and apart, above the panels",
    arguments: [[TransformColumn.y], [.y, .translateY], [.y, .translateY, .opacity]])
  func legendFits(columns: [TransformColumn]) throws {
    let long = "product-card-image-parallax-layer-background"
    let endless = String(repeating: "and-on-", count: 30) + "forever"
    let names = ["header", long, "a", endless, "title", "comments", long + "-2", "footer", "b"]
    let legend = try Self.legend(names: names, columns: columns)
    // 11-point text as wide as Helvetica or DejaVu Sans draws it; the name
    // 28 right of its swatch.
    func right(_ text: XMLElement) throws -> Double {
      let shown = text.text.replacingOccurrences(of: text.children.first?.text ?? "", with: "")
      return try #require(text.number("x")) + FontMetrics.width(shown, size: 11)
    }
    #expect(legend.names.count == names.count)
    for (text, name) in zip(legend.names, names) {
      #expect(try right(text) <= legend.width - 14, "\(name.prefix(20))")
      let full = text.children.first { $0.name == "title" }?.text ?? text.text
      #expect(full == name)
    }
    // The endless name is cut short with an ellipsis; the others are whole.
    #expect(legend.names[3].text.hasSuffix("…"))
    // Names on one line do not overlap: each starts right of the one before's end.
    for (before, after) in zip(legend.names, legend.names.dropFirst())
    where before.number("y") == after.number("y") {
      #expect(try #require(after.number("x")) - 28 >= (try right(before)))
    }
    let lastName = try #require(legend.names.compactMap { $0.number("y") }.max())
    for note in legend.notes {
      #expect(try right(note) <= legend.width - 14)
      #expect(try #require(note.number("y")) > lastName)
      #expect(try #require(note.number("y")) < legend.panelTop)
    }
    #expect(legend.notes.first?.text.hasPrefix("x axis: scroll offset (points)") == true)
  }

  @Test("short names in a plot of two panels take four slots of 190 points a line")
  func legendSlots() throws {
    let names = (0..<6).map { "view\($0)" }
    let legend = try Self.legend(names: names, columns: [.y, .translateY])
    // Lines 18 apart from y = 30 (text 9 lower), slots 190 apart from 14 (text 28 right).
    let xs: [Double] = (0..<6).map { 42 + 190 * Double($0 % 4) }
    let ys: [Double] = (0..<6).map { 39 + 18 * Double($0 / 4) }
    #expect(legend.names.map { $0.number("x") } == xs)
    #expect(legend.names.map { $0.number("y") } == ys)
    // In one panel's width (424), two a line.
    let narrow = try Self.legend(names: names, columns: [.y])
    #expect(narrow.names.map { $0.number("x") } == [42, 232, 42, 232, 42, 232])
  }
}

/// The points a plot's line keeps: every other sample lies on it.
@Suite struct PlotLineTests {
  @Test("a straight stretch is its two ends; a corner is kept")
  func workedLines() {
    let straight = (0...100).map { (x: Double($0), y: 3 * Double($0) + 1) }
    #expect(PlotPicture.turningPoints(of: straight).map(\.x) == [0, 100])
    // A corner at x = 50: down, then flat.
    let corner = (0...100).map { (x: Double($0), y: $0 < 50 ? 100 - 2 * Double($0) : 0) }
    #expect(PlotPicture.turningPoints(of: corner).map(\.x) == [0, 50, 100])
    // Offsets that go back: every turn kept.
    let back = [(x: 0.0, y: 0.0), (x: 10, y: 10), (x: 5, y: 5), (x: 20, y: 20)]
    #expect(PlotPicture.turningPoints(of: back).map(\.x) == [0, 10, 5, 20])
    // Offsets from high to low: the same line, right to left.
    #expect(PlotPicture.turningPoints(of: straight.reversed()).map(\.x) == [100, 0])
    #expect(PlotPicture.turningPoints(of: corner.reversed()).map(\.x) == [100, 50, 0])
    // An offset given again adds no point.
    let again = [(x: 0.0, y: 0.0), (x: 50, y: 50), (x: 50, y: 50), (x: 100, y: 100)]
    #expect(PlotPicture.turningPoints(of: again).map(\.x) == [0, 100])
    // A bump of 0.04 is within the tolerance; one of 0.06 is not.
    let small = [(x: 0.0, y: 0.0), (x: 1, y: 0.04), (x: 2, y: 0)]
    #expect(PlotPicture.turningPoints(of: small).count == 2)
    let large = [(x: 0.0, y: 0.0), (x: 1, y: 0.06), (x: 2, y: 0)]
    #expect(PlotPicture.turningPoints(of: large).count == 3)
  }

  @Test("every point left out lies within 0.05 of the line kept about it", arguments: 0..<200)
  func pointsLeftOutLieOnTheLine(seed: UInt64) {
    var random = SplitMix64(seed: 0x9107 + seed)
    var x = 0.0
    var y = 0.0
    var slope = 0.0
    var points: [(x: Double, y: Double)] = []
    for _ in 0..<random.int(3..<400) {
      // Straight runs, bends, jumps and noise below and above the tolerance.
      switch random.int(0..<6) {
      case 0: slope = random.signed(upTo: 5)
      case 1: y += random.signed(upTo: 50)
      case 2: y += random.signed(upTo: 0.1)
      default: break
      }
      x += random.chance(0.1) ? random.unit() * 0.01 + 1e-9 : random.unit() * 2 + 1e-9
      y += slope
      points.append((x, y))
    }
    // Offsets from high to low half the time: x negated, which runs the
    // line right to left; negated back, the kept points are checked alike.
    let descending = random.chance(0.5)
    let kept = PlotPicture.turningPoints(of: descending ? points.map { (-$0.x, $0.y) } : points)
      .map { descending ? (x: -$0.x, y: $0.y) : $0 }
    #expect(kept.first! == points.first!)
    #expect(kept.last! == points.last!)
    // Kept in order, each one of the points.
    var next = 0
    for point in kept {
      guard let index = points[next...].firstIndex(where: { $0 == point }) else {
        Issue.record("seed \(seed): \(point) is not a point, or out of order")
        return
      }
      next = index + 1
    }
    // Every point within 0.05 (and a last bit's rounding) of the kept line at its x.
    var segment = 0
    for point in points {
      while segment + 1 < kept.count - 1 && kept[segment + 1].x <= point.x { segment += 1 }
      let (a, b) = (kept[segment], kept[segment + 1])
      let y = b.x == a.x ? a.y : a.y + (b.y - a.y) * (point.x - a.x) / (b.x - a.x)
      #expect(abs(y - point.y) <= 0.05 + 1e-9 * max(1, abs(point.y)), "seed \(seed) at \(point.x)")
    }
  }
}

/// A panel's tick labels fit left of it whatever the values' size.
@Suite struct PlotTickLabelTests {
  @Test("values below 1e-297, or apart by less than 12 digits: every coordinate a number")
  func extremeTicks() throws {
    let json = #"""
      {"chains": [{"name": "a", "frame": {"height": 100}, "effects": [
        {"type": "interpolate", "property": "translateX", "stops": [[0, 0], [100, 1e-298]]},
        {"type": "interpolate", "property": "rotation", "stops": [[0, 100], [100, 100.0000000001]]},
        {"type": "interpolate", "property": "zIndex", "stops": [[0, 1e9], [100, 999999999.9999999]]}
      ]}]}
      """#
    let host = SceneHost(scene: try SceneLoader().load(json: json))
    let frames = try FrameDrawing.frames(of: host, at: OffsetSpec(parsing: "0:100:10"))
    let svg = PlotPicture(frames: frames, columns: [.translateX, .rotation, .zIndex]).svg()
    #expect(!svg.contains("nan"))
    let root = try XMLTreeBuilder.parse(svg)
    let panels = root.descendants.filter { $0.attributes["data-column"] != nil }
    #expect(panels.count == 3)
    for panel in panels {
      // The axis spans the values: the lowest at its bottom, the highest at its top.
      let low = try #require(panel.number("data-y-min"))
      let high = try #require(panel.number("data-y-max"))
      #expect(low < high, "\(panel.attributes["data-column"] ?? "")")
    }
    // A tick's multiple of its step, which no cleaning rounds down there.
    let tiny = try #require(panels[0].number("data-y-max"))
    #expect(tiny >= 1e-298 && tiny < 1.000001e-298)
    #expect(panels[1].number("data-y-max") == 100.0000000001)
  }

  @Test("a thousand snap markers at a thousand offsets: one label each, found in one pass")
  func manyMarkers() throws {
    let host = try PictureFixtures.host("Configs/stretchy-header.json")
    let frames = try FrameDrawing.frames(of: host, at: OffsetSpec(parsing: "0:999"))
    let markers = (0..<1000).map {
      PlotMarker(offset: Double($0), label: "snap \($0)", kind: .snap)
    }
    let root = try XMLTreeBuilder.parse(
      PlotPicture(frames: frames, columns: [.y], markers: markers).svg())
    let lines = root.descendants.filter { $0.attributes["data-marker"] == "snap" }
    #expect(lines.count == 1000)
  }

  @Test("tick labels of huge and tiny values are their mantissa and power of ten, and fit")
  func longLabelsAreShort() throws {
    // rotation reaches the saturation limit, 1e15; zIndex is 1e-9 a point.
    let json = #"""
      {"chains": [{"name": "a", "frame": {"height": 100}, "effects": [{"type": "expression",
       "rotation": "offset * 1e13", "zIndex": "offset * -1e-9", "x": "offset * 123456"}]}]}
      """#
    let host = SceneHost(scene: try SceneLoader().load(json: json))
    let frames = try FrameDrawing.frames(
      of: host, at: OffsetSpec(parsing: "-100:300:10"),
      selection: PlotPicture.defaultSelection(for: host.chains))
    let root = try XMLTreeBuilder.parse(PlotPicture(frames: frames, title: "big").svg())
    let panels = root.descendants.filter { $0.attributes["data-column"] != nil }
    // x, y, translateX (x's move), rotation and zIndex change.
    #expect(panels.count == 5)
    for panel in panels {
      let column = panel.attributes["data-column"] ?? ""
      let labels = panel.children.filter {
        $0.name == "text" && $0.attributes["text-anchor"] == "end"
      }
      let values = labels.map { Double($0.text) }
      // Each label reads back as its tick, the ticks run from the axis's
      // bottom to its top in equal steps, and none is longer than 8.
      #expect(labels.allSatisfy { $0.text.count <= 8 }, "\(column): \(labels.map(\.text))")
      let ticks = values.compactMap { $0 }
      #expect(ticks.count == labels.count, "\(column): \(labels.map(\.text))")
      #expect(ticks.first == panel.number("data-y-min"))
      #expect(ticks.last == panel.number("data-y-max"))
      let step = ticks[1] - ticks[0]
      for (a, b) in zip(ticks, ticks.dropFirst()) {
        #expect(abs((b - a) - step) <= abs(step) * 1e-9, "\(column): \(ticks)")
      }
    }
    let rotation = try #require(panels.first { $0.attributes["data-column"] == "rotation" })
    // Saturated at ±1e15: the axis from -1e15 to 1e15 in steps of 5e14.
    #expect(
      rotation.children.filter { $0.attributes["text-anchor"] == "end" }.map(\.text)
        == ["-1e15", "-5e14", "0", "5e14", "1e15"])
  }
}

/// A tick's label is the shorter of its two forms and stays inside the picture.
@Suite struct PlotTickLabelFitTests {
  @Test(
    "a long tick label takes a power of ten only where that is shorter",
    arguments: [
      // 9 characters plain, 11 as 1.2345675e5: plain.
      (123_456.75, "123456.75"),
      // 10 plain, 12 as 9.9999995e-1.
      (0.999_999_95, "0.99999995"),
      // 11 plain, 13 as -9.97000005e4.
      (-99_700.0005, "-99700.0005"),
      // 16 plain, 4 as 1e15.
      (1e15, "1e15"),
      // 8 plain: plain.
      (12_345_678, "12345678"),
    ])
  func shorterForm(value: Double, label: String) {
    #expect(PictureText.tickLabel(value) == label)
  }

  /// Each tick label's left and right in the file (11-point text as wide
  /// as Helvetica or DejaVu Sans draws it): a y label ends at its x
  /// (`text-anchor="end"`), an x label is centred on it; the x labels of
  /// each panel in `xLabels`, left to right.
  static func labelBoxes(_ svg: String) throws -> (
    width: Double, boxes: [(text: String, left: Double, right: Double)],
    xLabels: [[(text: String, left: Double, right: Double)]]
  ) {
    let root = try XMLTreeBuilder.parse(svg)
    var boxes: [(text: String, left: Double, right: Double)] = []
    var xLabels: [[(text: String, left: Double, right: Double)]] = []
    for panel in root.descendants where panel.attributes["data-column"] != nil {
      let left = try #require(panel.number("data-left"))
      var row: [(text: String, left: Double, right: Double)] = []
      for text in panel.children where text.name == "text" && text.attributes["font-size"] == nil {
        guard let x = text.number("x"), text.text != "offset" else { continue }
        let width = FontMetrics.width(text.text, size: 11)
        switch text.attributes["text-anchor"] {
        case "end": boxes.append((text.text, left + x - width, left + x))
        case "middle":
          boxes.append((text.text, left + x - width / 2, left + x + width / 2))
          row.append(boxes[boxes.count - 1])
        default: continue
        }
      }
      xLabels.append(row)
    }
    return (try #require(root.number("width")), boxes, xLabels)
  }

  @Test("every tick label fits inside the picture, and a panel's x labels keep apart")
  func labelsFit() throws {
    let tiny = Scratch.root
      .appendingPathComponent("tick-labels-\(getpid()).json")
    try #"""
    {"chains": [{"name": "tiny", "frame": {"y": 0, "height": 100}, "attachment": "viewport",
      "effects": [{"type": "expression", "scale": "1 + offset*1e-9",
                   "blur": "123456.7 + offset*0.001"}]}]}
    """#.write(to: tiny, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: tiny) }
    let runs = [
      InProcess(["plot", tiny.path, "--offsets", "0:100"]),
      InProcess([
        "plot", InProcess.stretchyHeader, "--offsets", "100000,100000.001", "--chain", "body",
      ]),
    ]
    for run in runs {
      #expect(run.status == .success)
      let (width, boxes, xLabels) = try Self.labelBoxes(run.stdout)
      #expect(boxes.count >= 6)
      for box in boxes {
        #expect(
          box.left >= 0 && box.right <= width,
          "\(box.text): \(box.left) to \(box.right) of \(width)")
      }
      for row in xLabels {
        for (a, b) in zip(row, row.dropFirst()) {
          #expect(a.right <= b.left, "\(a.text) runs into \(b.text)")
        }
      }
    }
    // The blur ticks, 123456.7 to 123456.8 by 0.025: 123456.75 plain; the
    // body's y in stretchy-header (300 - offset) plain: -99700.0005.
    #expect(runs[0].stdout.contains(">123456.75<"))
    #expect(runs[1].stdout.contains(">-99700.0005<"))
  }
}

/// Every line of a plot is told apart from every other and from the markers.
@Suite struct PlotLineStyleTests {
  /// Tableau 10, in its order.
  static let tableau10 = [
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
    "#9c755f", "#bab0ac",
  ]

  @Test("lines take Tableau 10's ten colours, then a dash a pass: 40 styles apart")
  func fortyStyles() {
    #expect((0..<10).map(PictureText.color) == Self.tableau10)
    // View 8 is no longer view 0's colour; view 10 is, with dashes.
    #expect(PictureText.color(8) != PictureText.color(0))
    #expect(PictureText.color(10) == PictureText.color(0))
    #expect(PictureText.dash(0) == nil && PictureText.dash(10) != nil)
    let styles = (0..<40).map { "\(PictureText.color($0)) \(PictureText.dash($0) ?? "solid")" }
    #expect(Set(styles).count == 40)
    #expect(PictureText.color(40) == PictureText.color(0) && PictureText.dash(40) == nil)
  }

  @Test("15 views: each line's colour and dash are its swatch's, all different; markers apart")
  func linesMatchTheirSwatches() throws {
    let chains = (0..<15).map { index in
      "{\"name\": \"v\(index)\", \"frame\": {\"y\": \(index * 60), \"height\": 60}, "
        + "\"effects\": [{\"type\": \"parallax\", \"rate\": \(Double(index) / 10)}]}"
    }
    let host = SceneHost(
      scene: try SceneLoader().load(json: "{\"chains\": [\(chains.joined(separator: ", "))]}"))
    let frames = try FrameDrawing.frames(
      of: host, at: OffsetSpec(parsing: "-100:500:10"),
      selection: PlotPicture.defaultSelection(for: host.chains))
    let markers = [
      PlotMarker(offset: 100, label: "snap 100", kind: .snap),
      PlotMarker(offset: 200, label: "fired", kind: .event),
    ]
    let svg = PlotPicture(frames: frames, columns: [.y], markers: markers).svg()
    let root = try XMLTreeBuilder.parse(svg)
    let lines = root.descendants.filter { $0.name == "polyline" }
    let legend = try #require(root.descendants.first { $0.attributes["class"] == "legend" })
    let swatches = legend.children.filter { $0.name == "line" }
    #expect(lines.count == 15 && swatches.count == 15)
    func style(_ element: XMLElement) -> String {
      "\(element.attributes["stroke"] ?? "") \(element.attributes["stroke-dasharray"] ?? "solid")"
    }
    // Lines are drawn last view first.
    for (view, line) in lines.reversed().enumerated() {
      #expect(line.attributes["data-view"] == "v\(view)")
      #expect(style(line) == style(swatches[view]), "v\(view)")
      #expect(line.attributes["stroke"] == Self.tableau10[view % 10])
    }
    #expect(Set(lines.map(style)).count == 15)
    // The markers' colours are none of the lines'.
    let markerLines = root.descendants.filter { $0.attributes["data-marker"] != nil }
    #expect(markerLines.count == 4)
    for marker in markerLines {
      #expect(!Self.tableau10.contains(marker.attributes["stroke"] ?? ""))
    }
    #expect(svg.contains("black dashed lines: offset 0 and maxOffset"))
    #expect(svg.contains("black dotted lines: snap targets"))
    #expect(svg.contains("black dash-dot lines: events"))
    #expect(!svg.contains("red: events") && !svg.contains("blue: snap targets"))
  }
}
