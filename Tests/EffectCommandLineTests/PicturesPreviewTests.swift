import EffectCommandLine
import EffectHost
import EffectProtocol
import Foundation
import Testing

/// The preview page embeds the host's frames within 0.01 and stays small.
@Suite struct PicturesPreviewTests {
  /// The JSON the page embeds, parsed.
  static func embedded(_ html: String) throws -> [String: Any] {
    let start = try #require(html.range(of: "<script type=\"application/json\" id=\"frames\">"))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    let json = Data(html[start.upperBound..<end.lowerBound].utf8)
    return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
  }

  /// A column as `(offset, value)` breakpoints; a plain number is constant.
  static func breakpoints(_ column: Any) throws -> [(Double, Double)] {
    if let constant = column as? Double { return [(-Double.infinity, constant)] }
    let flat = try #require(column as? [Double])
    return stride(from: 0, to: flat.count, by: 2).map { (flat[$0], flat[$0 + 1]) }
  }

  /// Checks every column of the views `names` (every view when `nil`) at every
  /// offset of `offsets` against the host, walking the breakpoints as the page does.
  static func checkSegments(
    _ data: [String: Any], host: SceneHost, offsets: [Double], names: Set<String>? = nil
  ) throws {
    let views = try #require(data["views"] as? [[String: Any]])
    let columnNames = try #require(data["columns"] as? [String])
    #expect(columnNames == TransformColumn.allCases.map(\.rawValue))
    var table: [(name: String, columns: [[(Double, Double)]])] = []
    for view in views {
      let name = try #require(view["name"] as? String)
      if let names, !names.contains(name) { continue }
      let columns = try #require(view["c"] as? [Any])
      table.append((name, try columns.map(breakpoints)))
    }
    // Where each checked view is in the host's buffer, found once.
    var places: [String: (index: Int, chain: Int, copy: Int)] = [:]
    for (chainIndex, chain) in host.chains.enumerated() {
      for copy in 0..<chain.viewRange.count {
        places[chain.viewName(copy: copy)] = (chain.viewRange.lowerBound + copy, chainIndex, copy)
      }
    }
    // Each checked view's place, looked up once; plain index loops below,
    // which in a debug build cost far less than iterators over tuples.
    let checked = try table.map { view in (view, try #require(places[view.name])) }
    let allColumns = TransformColumn.allCases
    var columnValues = [Double](repeating: 0, count: allColumns.count)
    var host = host
    var worst = 0.0
    for offset in offsets {
      host.evaluate(offset: offset)
      for (view, place) in checked {
        let transform = host.transform(at: place.index)
        let natural = host.naturalFrame(chain: place.chain, copy: place.copy)
        // The page's data-view box: the drawn frame from the interpolated columns.
        var looked = ViewTransform(frame: Rect(y: 0, width: 0, height: 0))
        for index in 0..<allColumns.count {
          columnValues[index] = interpolate(view.columns[index], at: offset)
        }
        (looked.x, looked.y, looked.width, looked.height) = (
          columnValues[0], columnValues[1], columnValues[2], columnValues[3]
        )
        (looked.scaleX, looked.scaleY, looked.anchorX, looked.anchorY) = (
          columnValues[6], columnValues[7], columnValues[8], columnValues[9]
        )
        let drawn = DrawnView.drawnFrame(of: looked)
        // x + anchorX * width * (1 - scaleX), width * scaleX; the same for y.
        let hostDrawn = (
          transform.x + transform.anchorX * transform.width * (1 - transform.scaleX),
          transform.y + transform.anchorY * transform.height * (1 - transform.scaleY),
          transform.width * transform.scaleX, transform.height * transform.scaleY
        )
        let frameError = max(
          abs(drawn.x - hostDrawn.0), abs(drawn.y - hostDrawn.1), abs(drawn.width - hostDrawn.2),
          abs(drawn.height - hostDrawn.3))
        if frameError > 0.01 {
          Issue.record("\(view.name) at \(offset): drawn frame \(drawn), host \(hostDrawn)")
          return
        }
        for index in 0..<allColumns.count {
          let column = allColumns[index]
          let value = column.value(of: transform, naturalX: natural.x, naturalY: natural.y)
          let interpolated = columnValues[index]
          worst = max(worst, abs(interpolated - value))
          if abs(interpolated - value) > 0.01 {
            Issue.record("\(view.name).\(column) at \(offset): page \(interpolated), host \(value)")
            return
          }
        }
      }
    }
    #expect(worst <= 0.01)
  }

  /// Linear interpolation between the breakpoints around `offset`, found independently.
  static func interpolate(_ points: [(Double, Double)], at offset: Double) -> Double {
    if points.count == 1 || offset <= points[0].0 { return points[0].1 }
    if offset >= points[points.count - 1].0 { return points[points.count - 1].1 }
    // The first breakpoint at or after `offset`, by bisection (there can be thousands).
    var low = 0
    var after = points.count - 1
    while after - low > 1 {
      let middle = (low + after) / 2
      if points[middle].0 >= offset { after = middle } else { low = middle }
    }
    let (o0, v0) = points[after - 1]
    let (o1, v1) = points[after]
    return v0 + (v1 - v0) * (offset - o0) / (o1 - o0)
  }

  @Test(
    "every Config's page is within 0.01 of the host at every default offset",
    arguments: PictureFixtures.configs)
  func segmentsMatchTheHost(config: String) throws {
    let host = try PictureFixtures.host(config)
    let offsets = PreviewPage.defaultOffsets(for: host.scene)
    let html = try PreviewPage(host: host, offsets: offsets, title: config).html()
    try PictureFixtures.export(html, as: "preview-" + config.dropFirst(8).dropLast(5) + ".html")
    let data = try Self.embedded(html)
    let range = try #require(data["offsets"] as? [String: Double])
    // maxOffset = max(0, C + It + Ib - V).
    let scene = host.scene
    let maxOffset = max(
      0,
      scene.contentHeight + scene.contentInsets.top + scene.contentInsets.bottom
        - scene.viewport.height)
    #expect(range == ["min": -200, "max": maxOffset + 200, "step": 1])
    // Between the samples too: the page interpolates there.
    try Self.checkSegments(data, host: host, offsets: Array(offsets) + [-150.5, 0.25, 99.75])
  }

  @Test("the bench scene's page is at most 2 MB and within 0.01 of the host")
  func benchScenePageIsSmall() throws {
    let host = try PictureFixtures.host("Benchmarks/bench-scene.json")
    let offsets = PreviewPage.defaultOffsets(for: host.scene)
    #expect(offsets.count == (16_352 + 47 + 34 - 844) + 400 + 1)
    let html = try PreviewPage(host: host, offsets: offsets).html()
    try PictureFixtures.export(html, as: "preview-bench-scene.html")
    #expect(html.utf8.count <= 2_000_000, "\(html.utf8.count) bytes")
    let data = try Self.embedded(html)
    #expect((data["views"] as? [Any])?.count == 203)
    try Self.checkSegments(
      data, host: host, offsets: Array(offsets),
      names: ["background", "appBar", "row[0]", "row[57]", "row[199]", "footer"])
  }

  @Test("a gesture's frames are embedded as played: time, phase, offset and every column")
  func gesturesAreEmbedded() throws {
    var host = try PictureFixtures.host("Configs/stretchy-header.json")
    var frames: [PreviewGesture.Frame] = []
    // A synthetic pull to -120 and release: offset = -120 * sin(pi t / 0.6).
    for step in 0...6 {
      let time = Double(step) / 10
      let offset = (-120 * sin(Double.pi * time / 0.6) * 100).rounded() / 100
      host.evaluate(offset: offset)
      let drawing = FrameDrawing.draw(host, selection: ViewSelection(all: host.chains))
      frames.append(.init(time: time, phase: step < 3 ? "dragging" : "released", drawing: drawing))
    }
    let page = try PreviewPage(
      host: host, offsets: OffsetSpec(parsing: "-200:200"),
      gestures: [PreviewGesture(name: "pull & release", frames: frames)])
    let html = page.html()
    try PictureFixtures.export(html, as: "preview-gesture-stretchy-header.html")
    let data = try Self.embedded(html)
    let gestures = try #require(data["gestures"] as? [[String: Any]])
    #expect(gestures.count == 1)
    #expect(gestures[0]["name"] as? String == "pull & release")
    let embedded = try #require(gestures[0]["frames"] as? [[String: Any]])
    #expect(embedded.count == 7)
    for (index, frame) in embedded.enumerated() {
      let time = Double(index) / 10
      #expect(frame["t"] as? Double == time)
      #expect(frame["phase"] as? String == (index < 3 ? "dragging" : "released"))
      let offset = try #require(frame["offset"] as? Double)
      let expected = PictureFixtures.evaluated(host, at: offset)
      let values = try #require(frame["v"] as? [[Double]])
      // The header at pull p: y 0, height 300 + p (README); the body follows the content.
      let pull = max(0, -offset)
      #expect(abs(values[0][3] - (300 + pull)) <= 0.0005)
      let (body, bodyNatural) = try #require(expected["body"])
      #expect(abs(values[1][1] - body.y) <= 0.0005)
      #expect(abs(values[1][1] - bodyNatural.y) <= 0.0005)
    }
  }

  @Test("a name cannot end the embedded script or inject markup")
  func namesCannotEscapeTheScript() throws {
    let host = SceneHost(
      scene: try SceneLoader().load(
        json: #"{"version":1,"chains":[{"name":"</script><b>x","frame":{"y":0,"height":10}}]}"#))
    let html = try PreviewPage(host: host, offsets: OffsetSpec([0, 1]), title: "<i>t</i>").html()
    #expect(!html.contains("</script><b>"))
    #expect(!html.contains("<i>t</i>"))
    let views = try #require(try Self.embedded(html)["views"] as? [[String: Any]])
    #expect(views.first?["name"] as? String == "</script><b>x")
  }

  @Test("the page needs no network: no URL is fetched")
  func pageIsSelfContained() throws {
    let host = try PictureFixtures.host("Configs/stretchy-header.json")
    let html = try PreviewPage(host: host, offsets: OffsetSpec([0])).html()
    for needle in ["http:", "https:", "src=", "@import", "url(", "<link"] {
      #expect(!html.contains(needle), "\(needle)")
    }
  }
}

/// Straight segments within the tolerance, as few as the shape needs.
@Suite struct PiecewiseLinearTests {
  @Test("a straight column is two breakpoints however long")
  func straightIsTwoPoints() {
    var fit = PiecewiseLinear(tolerance: 0.009)
    for offset in -200...5000 { fit.append(offset: Double(offset), value: 300 - Double(offset)) }
    #expect(fit.finish().map(\.offset) == [-200, 5000])
  }

  @Test("a kink is a breakpoint: |o| gives -10, 0, 10")
  func kinkIsABreakpoint() {
    var fit = PiecewiseLinear(tolerance: 0.009)
    for offset in -10...10 { fit.append(offset: Double(offset), value: abs(Double(offset))) }
    let points = fit.finish()
    #expect(points.map(\.offset) == [-10, 0, 10])
    #expect(points.map(\.value) == [10, 0, 10])
  }

  @Test("a curve is followed within the tolerance at every sample")
  func curveIsWithinTolerance() {
    var fit = PiecewiseLinear(tolerance: 0.009)
    let samples = (0...2000).map { (Double($0) / 10, sin(Double($0) / 100) * 50) }
    for (offset, value) in samples { fit.append(offset: offset, value: value) }
    let points = fit.finish()
    #expect(points.first?.offset == 0)
    #expect(points.last?.offset == 200)
    for (offset, value) in samples {
      #expect(abs(PiecewiseLinear.value(at: offset, on: points) - value) <= 0.009 + 1e-12)
    }
    #expect(points.count < samples.count / 4)
  }
}

/// What a picture refuses, with its message.
@Suite struct PictureErrorTests {
  @Test("more than 100,000 offsets are refused before anything is evaluated")
  func tooManyOffsets() throws {
    let host = try PictureFixtures.host("Configs/stretchy-header.json")
    let spec = try OffsetSpec(parsing: "0:100000")
    #expect(spec.count == 100_001)
    #expect(throws: PictureError.tooManyOffsets(count: 100_001, limit: 100_000)) {
      try FrameDrawing.frames(of: host, at: spec)
    }
    #expect(throws: PictureError.tooManyOffsets(count: 100_001, limit: 100_000)) {
      try PreviewPage(host: host, offsets: spec)
    }
    #expect(
      PictureError.tooManyOffsets(count: 100_001, limit: 100_000).description
        == "the offsets give 100001 offsets; a picture draws at most 100000 (use a larger step)")
    try PictureLimits.check(OffsetSpec(parsing: "1:100000"))
  }

  @Test("an unknown column gets the nearest name and the list")
  func unknownColumn() {
    #expect(throws: PictureError.unknownColumn("heigth", suggestion: "height")) {
      try PictureError.columns(named: ["y", "heigth"])
    }
    #expect(
      PictureError.unknownColumn("heigth", suggestion: "height").description
        == "no column is named 'heigth'. Did you mean 'height'? The columns are: x, y, width, "
        + "height, translateX, translateY, scaleX, scaleY, anchorX, anchorY, opacity, blur, "
        + "rotation, zIndex")
    #expect(throws: PictureError.unknownColumn("banana", suggestion: nil)) {
      try PictureError.columns(named: ["banana"])
    }
  }

  @Test("columns keep the order given, each once")
  func columnsInOrder() throws {
    #expect(try PictureError.columns(named: ["opacity", "y", "opacity"]) == [.opacity, .y])
  }
}
