import EffectCommandLine
import EffectHost
import EffectProtocol
import Foundation
import ScrollEffectsTestSupport
import Testing

/// The preview page embeds the host's frames within 0.01 and stays small.
@Suite struct PreviewPageTests {
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
      table.append((name, try columns.map(PreviewPageData.breakpoints)))
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
      // A debug build copies a `var` host, every stored property, for each
      // call on it: the frame's calls go to one constant copy.
      let frame = host
      for (view, place) in checked {
        let transform = frame.transform(at: place.index)
        let natural = frame.naturalFrame(chain: place.chain, copy: place.copy)
        // The page's data-view box: the drawn frame from the interpolated columns.
        var looked = ViewTransform(frame: Rect(y: 0, width: 0, height: 0))
        for index in 0..<allColumns.count {
          columnValues[index] = PreviewPageData.interpolate(view.columns[index], at: offset)
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

  /// Every Config with the slow tests (``SlowTests``), the stretchy header
  /// alone without them.
  static let checkedConfigs =
    SlowTests.enabled ? PictureFixtures.configs : ["Configs/stretchy-header.json"]

  @Test(
    "every Config's page is within 0.01 of the host at every default offset",
    arguments: checkedConfigs)
  func segmentsMatchTheHost(config: String) throws {
    let host = try PictureFixtures.host(config)
    let offsets = PreviewPage.defaultOffsets(for: host.scene)
    let html = try PreviewPage(host: host, offsets: offsets, title: config).html()
    try PictureFixtures.export(html, as: "preview-" + config.dropFirst(8).dropLast(5) + ".html")
    let data = try PreviewPageData.embedded(html)
    let range = try #require(data["offsets"] as? [String: Double])
    // maxOffset = max(0, C + It + Ib - V).
    let scene = host.scene
    let maxOffset = max(
      0,
      scene.contentHeight + scene.contentInsets.top + scene.contentInsets.bottom
        - scene.viewport.height)
    // By 1: no gap wider than a point, so no note that values are interpolated.
    #expect(range == ["min": -200, "max": maxOffset + 200, "step": 1, "gap": 1])
    // Between the samples too: the page interpolates there.
    try Self.checkSegments(data, host: host, offsets: Array(offsets) + [-150.5, 0.25, 99.75])
  }

  @Test(
    "the bench scene's page is at most 2 MB and within 0.01 of the host",
    .enabled(if: SlowTests.enabled, Comment(rawValue: SlowTests.reason)))
  func benchScenePageIsSmall() throws {
    let host = try PictureFixtures.host("Benchmarks/bench-scene.json")
    let offsets = PreviewPage.defaultOffsets(for: host.scene)
    #expect(offsets.count == (16_352 + 47 + 34 - 844) + 400 + 1)
    let html = try PreviewPage(host: host, offsets: offsets).html()
    try PictureFixtures.export(html, as: "preview-bench-scene.html")
    #expect(html.utf8.count <= 2_000_000, "\(html.utf8.count) bytes")
    let data = try PreviewPageData.embedded(html)
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
    let offsets = (0...6).map { step in
      (-120 * sin(Double.pi * Double(step) / 10 / 0.6) * 100).rounded() / 100
    }
    for (step, offset) in offsets.enumerated() {
      let time = Double(step) / 10
      host.evaluate(offset: offset)
      let drawing = FrameDrawing.draw(host, selection: ViewSelection(all: host.chains))
      frames.append(.init(time: time, phase: step < 3 ? "dragging" : "released", drawing: drawing))
    }
    let page = try PreviewPage(
      host: host, offsets: OffsetSpec(parsing: "-200:200"),
      gestures: [PreviewGesture(name: "pull & release", frames: frames)])
    let html = page.html()
    try PictureFixtures.export(html, as: "preview-gesture-stretchy-header.html")
    let data = try PreviewPageData.embedded(html)
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
      #expect(offset == offsets[index])
      let values = try #require(frame["v"] as? [[Double]])
      #expect(values.count == 2)
      // Every offset fed in is at most 0 (sin is at least 0 on 0...pi), so the header is
      // pulled p = max(0, -o): the stretch keeps its top at 0 and grows it to 300 + p,
      // while its natural top is -o = p, so translateY = 0 - p. The body, without effects,
      // follows the content: y = 300 - o, height 1700, at its natural top (translateY 0).
      // Columns: x, y, width, height, translateX, translateY, scaleX, scaleY, anchorX,
      // anchorY, opacity, blur, rotation, zIndex; the page writes 3 decimals.
      let pull = max(0, -offset)
      let header: [Double] = [0, 0, 390, 300 + pull, 0, -pull, 1, 1, 0.5, 0.5, 1, 0, 0, 0]
      let body: [Double] = [0, 300 - offset, 390, 1700, 0, 0, 1, 1, 0.5, 0.5, 1, 0, 0, 0]
      for (row, expected) in zip(values, [header, body]) {
        #expect(row.count == expected.count)
        let close = zip(row, expected).allSatisfy { abs($0 - $1) <= 0.0005 }
        #expect(close, "at \(offset): \(row), expected \(expected)")
      }
    }
  }

  @Test("a gesture frame's scales and anchors are written in full, its points with 3 decimals")
  func gestureScalesInFull() throws {
    let host = try PictureFixtures.host("Configs/stretchy-header.json")
    var transform = ViewTransform(frame: Rect(x: 10.123456, y: 20, width: 211.5, height: 260))
    (transform.scaleX, transform.scaleY) = (0.880_567_123_4, -0.123_456_789)
    (transform.anchorX, transform.anchorY) = (0.312_345_678_9, 1 / 3)
    let frame = PreviewGesture.Frame(
      time: 0, phase: "dragging", offset: 0, transforms: [transform, transform],
      naturalFrames: [transform.frame, transform.frame])
    let html = try PreviewPage(
      host: host, offsets: OffsetSpec([0]),
      gestures: [PreviewGesture(name: "g", frames: [frame])]
    ).html()
    // x, y, width, height, translateX, translateY, then the scales and anchors as given.
    let row =
      "[10.123,20,211.5,260,0,0,0.8805671234,-0.123456789,0.3123456789,"
      + "\(MessageText.number(1 / 3)),1,0,0,0]"
    #expect(html.contains("\"v\":[" + row + "," + row + "]"))
  }

  @Test(
    "a horizontal page is the screen's 390 x 300 viewport and says its axis and words",
    arguments: [false, true])
  func sidewaysPage(mirrored: Bool) throws {
    let host = try PictureFixtures.host(
      mirrored ? "Configs/carousel-rtl.json" : "Configs/carousel.json")
    let data = try PreviewPageData.embedded(
      try PreviewPage(host: host, offsets: OffsetSpec([0, 128])).html())
    // The file's viewport, not the twin's 300 x 390 that the host holds.
    #expect(data["viewport"] as? [String: Double] == ["width": 390, "height": 300])
    #expect(data["axis"] as? String == "horizontal")
    #expect(data["layoutDirection"] as? String == (mirrored ? "rightToLeft" : "leftToRight"))
    // The content moves right when pulled past its start (left, right to left).
    let words =
      mirrored
      ? ["start": "pulled left", "end": "pulled right"]
      : ["start": "pulled right", "end": "pulled left"]
    #expect(data["pullWords"] as? [String: String] == words)
    // maxOffset = Cw - W = 2694 - 390.
    #expect(data["maxOffset"] as? Double == 2304)
    // Card 1 at offset 128: x = 75 + 256 - 128 = 203, or 390 - 203 - 240 = -53.
    let views = try #require(data["views"] as? [[String: Any]])
    let card = try #require(views.first { $0["name"] as? String == "card[1]" })
    let columns = try #require(card["c"] as? [Any])
    let x = try PreviewPageData.breakpoints(columns[0])
    #expect(PreviewPageData.interpolate(x, at: 128) == (mirrored ? -53 : 203))
    #expect(columns[1] as? Double == 20)
  }

  @Test("a vertical page says it scrolls vertically, pulled down and up")
  func verticalPageWords() throws {
    let host = try PictureFixtures.host("Configs/stretchy-header.json")
    let data = try PreviewPageData.embedded(
      try PreviewPage(host: host, offsets: OffsetSpec([0])).html())
    #expect(data["axis"] as? String == "vertical")
    #expect(data["pullWords"] as? [String: String] == ["start": "pulled down", "end": "pulled up"])
    #expect(data["viewport"] as? [String: Double] == ["width": 390, "height": 844])
  }

  @Test("a name cannot end the embedded script or inject markup")
  func namesCannotEscapeTheScript() throws {
    let host = SceneHost(
      scene: try SceneLoader().load(
        json: #"{"version":1,"chains":[{"name":"</script><b>x","frame":{"y":0,"height":10}}]}"#))
    let html = try PreviewPage(host: host, offsets: OffsetSpec([0, 1]), title: "<i>t</i>").html()
    #expect(!html.contains("</script><b>"))
    #expect(!html.contains("<i>t</i>"))
    let views = try #require(try PreviewPageData.embedded(html)["views"] as? [[String: Any]])
    #expect(views.first?["name"] as? String == "</script><b>x")
  }

  @Test("the page is laid out at a phone's width, the panel wrapping under the viewport")
  func pageFitsAPhone() throws {
    let host = try PictureFixtures.host("Configs/stretchy-header.json")
    let html = try PreviewPage(host: host, offsets: OffsetSpec([0])).html()
    let head = try #require(html.components(separatedBy: "</head>").first)
    #expect(head.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
    #expect(html.contains("#stage { display: flex; flex-wrap: wrap;"))
  }

  @Test("the viewport is a named, focusable group and the phase line a polite live region")
  func pageIsAccessible() throws {
    let host = try PictureFixtures.host("Configs/stretchy-header.json")
    let html = try PreviewPage(host: host, offsets: OffsetSpec([0])).html()
    #expect(html.contains(#"<div data-viewport id="viewport" tabindex="0" role="group"></div>"#))
    #expect(html.contains(#"viewport.setAttribute("aria-label""#))
    #expect(
      html.contains(
        #"<div aria-live="polite" aria-atomic="true">phase: <span id="phase">at rest</span></div>"#
      ))
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

extension PreviewPageTests {
  /// -200 to maxOffset + 200 by 1 is 401 + maxOffset offsets; past 100,000
  /// the step is the smallest whole number that keeps them within 99,998,
  /// and 0 and maxOffset, where the content rests, are sampled besides.
  @Test(
    "a long scene's default offsets take a larger whole step, and 0 and maxOffset, within 100,000",
    arguments: [200_000.0, 5e8, 1e9])
  func longSceneDefaultOffsets(contentHeight: Double) throws {
    let scene = try SceneLoader().load(
      json:
        #"{"contentHeight": \#(contentHeight), "chains": [{"name": "a", "frame": {"height": 1}}]}"#)
    let offsets = PreviewPage.defaultOffsets(for: scene)
    // The phone's 844-point viewport, no insets.
    let maxOffset = contentHeight - 844
    // The smallest whole step that draws at most 99,998, by trying each.
    var step = 1.0
    while Int(((maxOffset + 400) / step).rounded(.down)) + 1 > 99_998 { step += 1 }
    let grid = (0...Int(((maxOffset + 400) / step).rounded(.down))).map { -200 + Double($0) * step }
    #expect(Array(offsets) == Array(Set(grid + [0, maxOffset])).sorted())
    #expect(offsets.count <= 100_000)
    #expect(offsets.first == -200)
    // One step less would draw too many.
    #expect(Int(((maxOffset + 400) / (step - 1)).rounded(.down)) + 1 > 99_998)
  }

  @Test(
    "a long list's page is exact at rest and at the end, and says it interpolates between samples")
  func longListPageAtRest() throws {
    // A stretchy header and a stretchy footer (each bends at an end of the
    // scroll, 0 and maxOffset) on content 7,000,000 points long: the
    // samples are 70 apart, from -200, so neither end is one of them.
    let host = SceneHost(
      scene: try SceneLoader().load(
        json: #"""
          {"contentHeight": 7000000, "chains": [
            {"name": "header", "frame": {"height": 300}, "effects": [{"type": "stretch"}]},
            {"name": "footer", "frame": {"y": 6999900, "height": 100},
             "effects": [{"type": "stretch", "edge": "bottom"}]}]}
          """#))
    let maxOffset = host.geometry.maxOffset
    #expect(maxOffset == 7_000_000 - 844)
    #expect(
      (200 / 70.0).rounded() != 200 / 70.0
        && ((maxOffset + 200) / 70).rounded() != (maxOffset + 200) / 70)
    let offsets = PreviewPage.defaultOffsets(for: host.scene)
    let html = try PreviewPage(host: host, offsets: offsets).html()
    let data = try PreviewPageData.embedded(html)
    let range = try #require(data["offsets"] as? [String: Double])
    let gap = try #require(range["gap"])
    #expect(gap == offsets[1] - offsets[0] && gap > 1)
    #expect(html.contains("values between samples are"))
    #expect(gap == 70)
    try Self.checkSegments(data, host: host, offsets: [0, maxOffset])
  }

  @Test("a maxOffset that is not a whole number is sampled besides the offsets by 1")
  func fractionalMaxOffsetIsSampled() throws {
    let scene = try SceneLoader().load(
      json: #"{"contentHeight": 1000.5, "chains": [{"name": "a", "frame": {"height": 1}}]}"#)
    // 1000.5 - 844: between 156 and 157, which the offsets by 1 from -200 sample.
    let offsets = PreviewPage.defaultOffsets(for: scene)
    let byOne = (0...556).map { -200 + Double($0) }
    #expect(Array(offsets) == (byOne + [156.5]).sorted())
  }

  /// The page's slider steps through `samples`, runs `start, step, count`
  /// whose k-th offset the page computes as start + k * step. Read from the
  /// text with `Double(_:)`, which reads the shortest text back exactly
  /// (JSONSerialization on Linux may not, by an ulp or two).
  static func samples(_ html: String) throws -> [Double] {
    let start = try #require(html.range(of: #""samples":["#))
    let end = try #require(html.range(of: "]", range: start.upperBound..<html.endIndex))
    let runs = try html[start.upperBound..<end.lowerBound].split(separator: ",").map {
      try #require(Double($0))
    }
    #expect(runs.count % 3 == 0)
    return stride(from: 0, to: runs.count, by: 3).flatMap { r in
      (0..<Int(runs[r + 2])).map { runs[r] + Double($0) * runs[r + 1] }
    }
  }

  @Test(
    "the slider's samples are every offset evaluated, exactly, each once",
    arguments: ["-37.5,0,0.25,77", "77,0.25,-37.5,0", "-1:1:0.1", "-200:1356", "0"])
  func sliderSamples(spec: String) throws {
    let host = try PictureFixtures.host("Configs/stretchy-header.json")
    let offsets = try OffsetSpec(parsing: spec)
    let html = try PreviewPage(host: host, offsets: offsets).html()
    let data = try PreviewPageData.embedded(html)
    let expected = Array(Set(Array(offsets))).sorted()
    #expect(try Self.samples(html) == expected)
    // Offsets by 1 are one run.
    if spec == "-200:1356" { #expect(data["samples"] as? [Double] == [-200, 1, 1557]) }
  }

  /// maxOffset a hair below 99,600: by 1, the last point, 99,800, is within
  /// rounding of maxOffset + 200, and an offsets spec counts it: 100,001
  /// offsets, one too many, so the step is 2.
  @Test("a last point within rounding of the end, which makes one offset too many, takes step 2")
  func defaultOffsetsAtTheRoundingEdge() throws {
    let maxOffset = 99_599.999_999_999_99
    let scene = try SceneLoader().load(
      json:
        #"{"contentHeight": \#(maxOffset + 844), "chains": [{"name": "a", "frame": {"height": 1}}]}"#
    )
    let drawn = scene.geometry(offset: 0).maxOffset
    #expect(abs(drawn - 99_600) < 1e-9 && drawn < 99_600)
    #expect(try OffsetSpec(from: -200, to: drawn + 200).count == 100_001)
    let offsets = PreviewPage.defaultOffsets(for: scene)
    #expect(offsets.count <= 100_000)
    #expect(offsets[1] - offsets[0] == 2)
  }

  /// 20,000,000 samples over 5,000 views is 4,000 offsets: the smallest
  /// whole step that keeps -200 to maxOffset + 200 within 3,998 of them,
  /// and 0 and maxOffset.
  @Test(
    "a scene of many views samples its default offsets by a larger step, 20,000,000 samples at most"
  )
  func manyViewsDefaultOffsets() throws {
    let scene = try SceneLoader().load(
      json: #"""
        {"contentHeight": 400000, "chains": [{"name": "header", "frame": {"height": 300}},
          {"name": "rows", "frame": {"y": 300, "height": 80}, "repeat": {"count": 4999}}]}
        """#)
    #expect(scene.viewCount == 5_000)
    let offsets = PreviewPage.defaultOffsets(for: scene)
    let span = 400_000.0 - 844 + 400
    var step = 1.0
    while Int((span / step).rounded(.down)) + 1 > 3_998 { step += 1 }
    let grid = Int((span / step).rounded(.down)) + 1
    let resting = [0, 400_000.0 - 844].filter { (($0 + 200) / step).rounded() != ($0 + 200) / step }
    #expect(offsets.count == grid + resting.count)
    #expect(offsets.count * 5_000 <= 20_000_000)
    #expect(offsets.first == -200)
    #expect(offsets[1] - offsets[0] == step)
    #expect(Int((span / (step - 1)).rounded(.down)) + 1 > 3_998)
  }

  @Test("a page of more than 10,000 views is refused, naming the chain with the most copies")
  func tooManyViews() throws {
    let host = SceneHost(
      scene: try SceneLoader().load(
        json: #"""
          {"chains": [{"name": "header", "frame": {"height": 300}},
            {"name": "rows", "frame": {"y": 300, "height": 80}, "repeat": {"count": 10000}}]}
          """#))
    #expect(throws: PictureError.tooManyViews(count: 10_001, limit: 10_000, chain: "rows")) {
      try PreviewPage(host: host, offsets: OffsetSpec([0, 1]))
    }
    #expect(
      PictureError.tooManyViews(count: 10_001, limit: 10_000, chain: "rows").description
        == "the scene has 10001 views; a preview's page holds at most 10000 "
        + "(give a repeated chain fewer copies: --set rows.repeat.count=N)")
    // The views a selection leaves out are not on the page.
    let rows = try ViewSelection(names: ["rows"], in: host.chains)
    let page = try PreviewPage(host: host, offsets: OffsetSpec([0, 1]), selection: rows)
    #expect(page.views.count == 10_000)
  }
}
