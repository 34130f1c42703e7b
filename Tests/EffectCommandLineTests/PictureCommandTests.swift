import EffectCommandLine
import EffectHost
import EffectProtocol
import Foundation
import ScrollEffectsTestSupport
import Testing

/// `effectctl plot`, `filmstrip` and `preview` run in process: what they
/// write parses and shows what `eval` prints; every bad input is refused.
@Suite struct PictureCommandTests {
  static let appBar = PictureFixtures.root.appendingPathComponent(
    "Configs/collapsing-app-bar.json"
  ).path
  static let stretchy = InProcess.stretchyHeader

  /// `eval --format csv` in process: column values by offset, then view name.
  static func eval(_ scene: String, _ offsets: String) throws -> [Double: [String: [String:
    Double]]]
  {
    let result = InProcess(["eval", scene, "--offsets", offsets, "--format", "csv"])
    #expect(result.status == .success)
    let lines = result.stdout.split(separator: "\n").map { $0.split(separator: ",") }
    let header = try #require(lines.first).map(String.init)
    var table: [Double: [String: [String: Double]]] = [:]
    for line in lines.dropFirst() {
      let offset = try #require(Double(String(line[0])))
      var values: [String: Double] = [:]
      for (name, text) in zip(header, line) where name != "chain" {
        guard let value = Double(String(text)) else {
          throw XMLFailure(message: "eval printed \(text) for \(name)")
        }
        values[name] = value
      }
      table[offset, default: [:]][String(line[1])] = values
    }
    return table
  }

  static func usage(_ command: String) -> String {
    switch command {
    case "plot":
      "effectctl plot <scene> --offsets <spec> [--chain <name> ...] [--columns <names>] [--reduce-motion] [--device <name>] [--set <key=value> ...] [-o <file>]"
    case "filmstrip":
      "effectctl filmstrip <scene> --offsets <spec> [--chain <name> ...] [--reduce-motion] [--device <name>] [--set <key=value> ...] [-o <file>]"
    default:
      "effectctl preview <scene> [--offsets <spec>] [--gesture <spec> ...] [--reduce-motion] [--device <name>] [--set <key=value> ...] [-o <file>]"
    }
  }

  @Test("plot: every point of every line maps back to eval's value, to the file's rounding")
  func plotMatchesEval() throws {
    let result = InProcess(
      ["plot", Self.appBar, "--offsets", "-100:300:20", "--columns", "height,opacity,y"])
    #expect(result.status == .success)
    #expect(result.stderr == "")
    let rows = try Self.eval(Self.appBar, "-100:300:20")
    let root = try XMLTreeBuilder.parse(result.stdout)
    let panels = root.descendants.filter { $0.attributes["data-column"] != nil }
    #expect(panels.map { $0.attributes["data-column"] ?? "" } == ["height", "opacity", "y"])
    for panel in panels {
      let column = try #require(panel.attributes["data-column"])
      let (xMin, xMax) = (
        try #require(panel.number("data-x-min")), try #require(panel.number("data-x-max"))
      )
      let (yMin, yMax) = (
        try #require(panel.number("data-y-min")), try #require(panel.number("data-y-max"))
      )
      #expect((xMin, xMax) == (-100, 300))
      let lines = panel.children.filter { $0.name == "polyline" }
      // Default views: the chains that do not repeat and the first row.
      #expect(
        Set(lines.compactMap { $0.attributes["data-view"] }) == ["background", "title", "row[0]"])
      for line in lines {
        let name = try #require(line.attributes["data-view"])
        let points = (line.attributes["points"] ?? "").split(separator: " ").map {
          $0.split(separator: ",").compactMap { Double($0) }
        }
        var samples: [(x: Double, y: Double)] = []
        for index in 0...20 {
          let offset = -100 + 20 * Double(index)
          let value = try #require(rows[offset]?[name]?[column])
          // px = (o - xMin) / (xMax - xMin) * 320, py = (yMax - v) / (yMax - yMin) * 150.
          samples.append(((offset + 100) / 400 * 320, (yMax - value) / (yMax - yMin) * 150))
        }
        PictureFixtures.expectLine(points, samples: samples, "\(name).\(column)")
      }
    }
  }

  @Test(
    "plot of one offset, or of one offset given again, is a usage error: it would draw no line",
    arguments: ["50", "50,50", "-0,0"])
  func plotOfOneOffset(offsets: String) {
    let result = InProcess(["plot", InProcess.stretchyHeader, "--offsets", offsets])
    #expect(result.status == .usage)
    #expect(result.stdout == "")
    #expect(
      result.stderr.hasPrefix(
        "Error: The value '\(offsets)' is invalid for '--offsets <spec>': a plot draws each "
          + "column as a line over the offsets; expected two different offsets or more"))
    #expect(InProcess(["plot", InProcess.stretchyHeader, "--offsets", "50,51"]).status == .success)
  }

  @Test("plot of more than 10,000 views is a usage error naming the count; 10,000 are drawn")
  func plotOfTooManyViews() throws {
    let scene =
      #"{"chains": [{"name": "row", "frame": {"height": 10}, "repeat": {"count": 10001}}]}"#
    try InProcess.withSceneFiles([("rows", scene)], prefix: "plot-many") { paths in
      let refused = InProcess(["plot", paths[0], "--offsets", "0,1", "--chain", "row"])
      #expect(refused.status == .usage)
      #expect(refused.stdout == "")
      #expect(
        refused.stderr
          == "error: \(paths[0]): the plot would draw 10001 views; a plot draws at most 10000 "
          + "(--chain 'NAME[K]' names one copy)\n")
      // The copies named one by one, the first 10,000 of them: drawn.
      let names = (0..<10_000).flatMap { ["--chain", "row[\($0)]"] }
      let drawn = InProcess(["plot", paths[0], "--offsets", "0,1", "--columns", "y"] + names)
      #expect(drawn.status == .success, "\(drawn.stderr)")
    }
  }

  @Test("plot marks 1,000 snap targets within its offsets; more, none, with a warning")
  func plotOfManySnapTargets() throws {
    // Pages of the snapport's height, 844 - 0 - 0: the page at 844 k. Over
    // 0...844 * 999 the pages are 1,000; one page further, 1,001.
    let scene = #"""
      {"contentHeight": 1e9, "chains": [{"name": "a", "frame": {"height": 10},
       "effects": [{"type": "translate", "factor": 0.5}]}], "snap": {"paging": true}}
      """#
    try InProcess.withSceneFiles([("pages", scene)], prefix: "plot-pages") { paths in
      for (pages, marked) in [(999, true), (1000, false)] {
        let last = 844 * pages
        let run = InProcess(["plot", paths[0], "--offsets", "0,\(last)", "--columns", "y"])
        #expect(run.status == .success)
        let snaps = run.stdout.components(separatedBy: "data-marker=\"snap\"").count - 1
        #expect(snaps == (marked ? 1000 : 0))
        #expect(
          run.stderr
            == (marked
              ? ""
              : "warning: more than 1000 snap targets lie within the offsets; the plot marks "
                + "none (plot fewer offsets to see them)\n"))
      }
    }
  }

  @Test(
    "plot of views that never change draws no panel, says so in its legend and warns; --columns draws them"
  )
  func plotWithoutChanges() throws {
    let scene = #"{"chains": [{"name": "a", "frame": {"height": 300}, "attachment": "viewport"}]}"#
    try InProcess.withSceneFiles([("still", scene)], prefix: "plot-still") { paths in
      let result = InProcess(["plot", paths[0], "--offsets", "0:100"])
      #expect(result.status == .success)
      #expect(
        result.stderr
          == "warning: no column of the plotted views changes over the offsets; the plot has no "
          + "panel (--columns draws the columns named)\n")
      #expect(result.stdout.contains("no column changes over the offsets"))
      #expect(!result.stdout.contains("data-column="))
      // No axis nor line to explain: the note is the reason alone.
      #expect(!result.stdout.contains("x axis:") && !result.stdout.contains("dashed lines"))
      let asked = InProcess(["plot", paths[0], "--offsets", "0:100", "--columns", "y"])
      #expect(asked.status == .success)
      #expect(asked.stderr == "")
      #expect(asked.stdout.contains("data-column=\"y\""))
      #expect(!asked.stdout.contains("no column changes"))
      #expect(asked.stdout.contains("black dashed lines: offset 0 and maxOffset"))
    }
  }

  @Test("a filmstrip whose frames show no view warns, and one frame with a view is enough")
  func emptyFilmstrip() throws {
    // The stretchy header's header (300 high at the top) and body (below it,
    // 1,700 high, the content 2,000): at 100,000 the body's bottom, at
    // 300 + 1,700 - 100,000, is far above the viewport, the header's too.
    let empty = InProcess(["filmstrip", InProcess.stretchyHeader, "--offsets", "100000"])
    #expect(empty.status == .success)
    #expect(
      empty.stderr
        == "warning: no view drawn is in the viewport at any of the offsets; the frames are empty\n"
    )
    #expect(!empty.stdout.contains("data-view="))
    let shown = InProcess(["filmstrip", InProcess.stretchyHeader, "--offsets", "0,100000"])
    #expect(shown.status == .success)
    #expect(shown.stderr == "")
    #expect(shown.stdout.contains("data-view="))
  }

  @Test("plot --chain draws that chain's line; the snapping bar's snap targets are markers")
  func plotChainAndSnapMarkers() throws {
    let snapping = PictureFixtures.root.appendingPathComponent("Configs/snapping-app-bar.json").path
    let result = InProcess(["plot", snapping, "--offsets", "-50:200:10", "--chain", "title"])
    #expect(result.status == .success)
    let root = try XMLTreeBuilder.parse(result.stdout)
    let lines = root.descendants.filter { $0.name == "polyline" }
    #expect(!lines.isEmpty)
    #expect(lines.allSatisfy { $0.attributes["data-view"] == "title" })
    // The Config's description: it snaps to offset 0 and offset 104.
    let panel = try #require(root.descendants.first { $0.attributes["data-column"] != nil })
    let snaps = panel.children.filter { $0.attributes["data-marker"] == "snap" }
    // x = (o + 50) / 250 * 320.
    #expect(snaps.map { $0.number("x1") ?? -1 } == [64, 197.12])
  }

  @Test("plot: an event fired at one offset on several passes is one label, counted")
  func plotCountsAnEventFiredAgain() throws {
    let refresh = PictureFixtures.root.appendingPathComponent("Configs/pull-to-refresh.json").path
    // Pulled to 150 three times, back to rest between: eval fires refresh
    // at -150 each time.
    let offsets = "0,-150,0,-150,0,-150"
    let events = InProcess(["eval", refresh, "--offsets", offsets, "--events", "--format", "csv"])
    let fired = events.stdout.split(separator: "\n").dropFirst()
    #expect(fired.count == 3 && fired.allSatisfy { $0.hasPrefix("-150,header,refresh,") })
    let result = InProcess(["plot", refresh, "--offsets", offsets])
    #expect(result.status == .success)
    let root = try XMLTreeBuilder.parse(result.stdout)
    for panel in root.descendants where panel.attributes["data-column"] != nil {
      let children = panel.children
      let markers = children.indices.filter { children[$0].attributes["data-marker"] == "event" }
      // Three lines at x 0 (the lowest offset), the first labelled for all.
      #expect(markers.map { children[$0].number("x1") ?? -1 } == [0, 0, 0])
      #expect(children[markers[0] + 1].text == "refresh ×3")
    }
  }

  @Test(
    "plot: a black dash-dot marker labelled with the event's name at each offset where eval --events fires"
  )
  func plotEventMarkers() throws {
    let refresh = PictureFixtures.root.appendingPathComponent("Configs/pull-to-refresh.json").path
    // The pull goes 0, 60, 120 (fires), 80, 40, 100 (fires: 40 < 100 <= 100), 150.
    let offsets = "0,-60,-120,-80,-40,-100,-150"
    let events = InProcess(["eval", refresh, "--offsets", offsets, "--events", "--format", "csv"])
    #expect(events.status == .success)
    let fired = events.stdout.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",").map(String.init)
    }
    #expect(fired.map { $0[0] } == ["-120", "-100"])
    #expect(fired.allSatisfy { $0[1...2] == ["header", "refresh"] })
    let fires = fired.compactMap { Double($0[0]) }

    let result = InProcess(["plot", refresh, "--offsets", offsets])
    #expect(result.status == .success)
    let root = try XMLTreeBuilder.parse(result.stdout)
    let panels = root.descendants.filter { $0.attributes["data-column"] != nil }
    #expect(!panels.isEmpty)
    for panel in panels {
      let children = panel.children
      let markers = children.indices.filter { children[$0].attributes["data-marker"] == "event" }
      // x = (o + 150) / 150 * 320, to 2 decimals.
      #expect(
        markers.map { children[$0].number("x1") ?? -1 }
          == fires.map { (($0 + 150) / 150 * 320 * 100).rounded() / 100 })
      #expect(markers.map { children[$0 + 1].text } == ["refresh", "refresh"])
    }
    #expect(result.stdout.contains("black dash-dot lines: events"))
    // The rows declare no event: a plot of them alone has no event marker.
    let rows = InProcess(["plot", refresh, "--offsets", offsets, "--chain", "row"])
    #expect(rows.status == .success)
    #expect(!rows.stdout.contains(#"data-marker="event""#))
    #expect(!rows.stdout.contains("events"))
  }

  @Test("filmstrip: each box is eval's layout frame at its offset, the offset under it")
  func filmstripMatchesEval() throws {
    let result = InProcess(["filmstrip", Self.appBar, "--offsets", "-60,0,52,104,200"])
    #expect(result.status == .success)
    let rows = try Self.eval(Self.appBar, "-60,0,52,104,200")
    let root = try XMLTreeBuilder.parse(result.stdout)
    let frames = root.descendants.filter { $0.attributes["data-offset"] != nil }
    #expect(frames.map { $0.number("data-offset") } == [-60, 0, 52, 104, 200])
    for frame in frames {
      let offset = try #require(frame.number("data-offset"))
      let expected = try #require(rows[offset])
      let boxes = frame.descendants.filter { $0.attributes["data-view"] != nil }
      // The app bar's 390 x 844 viewport: every row on it is drawn, and
      // only the rows that cannot show are left out.
      let drawnNames = Set(boxes.compactMap { $0.attributes["data-view"] })
      for (name, columns) in expected where !drawnNames.contains(name) {
        #expect(!PictureFixtures.mustDraw(columns, width: 390, height: 844), "\(name) not drawn")
        #expect(PictureFixtures.mayLeaveOut(columns, width: 390, height: 844), "\(name) left out")
      }
      #expect(drawnNames.isSubset(of: Set(expected.keys)))
      for box in boxes {
        let name = try #require(box.attributes["data-view"])
        let rect = try #require(box.children.first { $0.name == "rect" })
        for column in ["x", "y", "width", "height"] {
          let value = try #require(expected[name]?[column])
          #expect(
            abs(try #require(rect.number(column)) - value) <= 0.005 + 1e-9, "\(name) \(column)")
        }
        #expect(box.number("data-scale-y") == expected[name]?["scaleY"])
      }
    }
    // No two view labels of a frame are written over each other: their boxes
    // (as wide as Helvetica or DejaVu Sans draws them, 14 high above the
    // baseline + 1) do not overlap.
    for frame in frames {
      let labels = frame.descendants.filter {
        $0.name == "text" && $0.attributes["text-anchor"] == nil
      }
      #expect(labels.count >= 3)
      func box(_ label: XMLElement) -> (Double, Double, Double, Double) {
        let x = label.number("x") ?? 0
        let y = label.number("y") ?? 0
        return (x, y - 13, x + FontMetrics.width(label.text, size: 12), y + 1)
      }
      for (i, a) in labels.enumerated() {
        for b in labels[(i + 1)...] {
          let (p, q) = (box(a), box(b))
          let overlap = p.0 < q.2 && q.0 < p.2 && p.1 < q.3 && q.1 < p.3
          #expect(!overlap, "\(Self.offset(frame)) \(a.text) \(b.text)")
        }
      }
    }
  }

  static func offset(_ frame: XMLElement) -> String { frame.attributes["data-offset"] ?? "" }

  @Test("preview: the embedded columns give eval's values within 0.01 at each offset")
  func previewMatchesEval() throws {
    let result = InProcess(["preview", Self.stretchy, "--offsets", "-150:400:0.5"])
    #expect(result.status == .success)
    let data = try PreviewPageData.embedded(result.stdout)
    #expect(result.stdout.contains("data-viewport"))
    let offsets = data["offsets"] as? [String: Double]
    #expect(offsets?["min"] == -150 && offsets?["max"] == 400 && offsets?["step"] == 0.5)
    let rows = try Self.eval(Self.stretchy, "-150:400:7.5")
    let views = try #require(data["views"] as? [[String: Any]])
    let names = TransformColumn.allCases.map(\.rawValue)
    for view in views {
      let name = try #require(view["name"] as? String)
      let columns = try (try #require(view["c"] as? [Any])).map(PreviewPageData.breakpoints)
      for (offset, values) in rows {
        for (index, column) in names.enumerated() {
          let expected = try #require(values[name]?[column])
          let looked = PreviewPageData.interpolate(columns[index], at: offset)
          #expect(abs(looked - expected) < 0.01, "\(name).\(column) at \(offset)")
        }
      }
    }
  }

  @Test("preview without --offsets covers -200 to maxOffset + 200 by 1")
  func previewDefaultOffsets() throws {
    let result = InProcess(["preview", Self.stretchy])
    #expect(result.status == .success)
    let offsets = try PreviewPageData.embedded(result.stdout)["offsets"] as? [String: Double]
    // maxOffset = content 2000 - viewport 844 = 1156.
    #expect(offsets == ["min": -200, "max": 1356, "step": 1, "gap": 1])
  }

  @Test("preview --gesture: a play button per gesture, its frames at 1/120 s, ending at rest")
  func previewGestures() throws {
    let result = InProcess([
      "preview", Self.stretchy, "--gesture", "drag:-150:300,release", "--gesture",
      "fling:1500",
    ])
    #expect(result.status == .success)
    let gestures = try #require(
      try PreviewPageData.embedded(result.stdout)["gestures"] as? [[String: Any]])
    #expect(gestures.map { $0["name"] as? String } == ["drag:-150:300,release", "fling:1500"])
    for gesture in gestures {
      let frames = try #require(gesture["frames"] as? [[String: Any]])
      #expect(frames.count > 2)
      for (index, frame) in frames.enumerated() {
        #expect(abs((frame["t"] as? Double ?? -1) - Double(index) / 120) < 1e-9)
      }
      #expect(frames.last?["phase"] as? String == "idle")
      #expect(frames.first?["offset"] as? Double == 0)
    }
    // The drag pulls down: 150 points over 0.3 s, damped by the rubber band.
    let drag = try #require(gestures[0]["frames"] as? [[String: Any]])
    #expect(drag[1]["phase"] as? String == "interacting")
    let pulled = drag.compactMap { $0["offset"] as? Double }.min() ?? 0
    #expect(pulled < -20 && pulled > -150)
    // Each frame's header height is eval's at the frame's offset (the header
    // stretches by the pull: height 300 - offset below 0).
    for frame in drag {
      let offset = try #require(frame["offset"] as? Double)
      let v = try #require(frame["v"] as? [[Double]])
      #expect(abs(v[0][3] - (300 - min(offset, 0))) <= 0.0005 + 1e-9)
    }
  }

  @Test("-o writes the same bytes as standard output, whole, leaving nothing else")
  func outputFile() throws {
    let directory = Scratch.root
      .appendingPathComponent("pictures-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (command, extra) in [
      ("plot", ["--offsets", "-100:300:50"]), ("filmstrip", ["--offsets", "0,100"]),
      ("preview", ["--offsets", "0:100"]),
    ] {
      let path = directory.appendingPathComponent("\(command).out").path
      let stdout = InProcess([command, Self.stretchy] + extra)
      let written = InProcess([command, Self.stretchy] + extra + ["-o", path])
      #expect(written.status == .success)
      #expect(written.stdout == "" && written.stderr == "")
      #expect(try String(contentsOfFile: path, encoding: .utf8) == stdout.stdout)
      // Replacing a file replaces it whole.
      let again = InProcess([command, Self.stretchy] + extra + ["-o", path])
      #expect(again.status == .success)
      #expect(try String(contentsOfFile: path, encoding: .utf8) == stdout.stdout)
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
        "filmstrip.out", "plot.out", "preview.out",
      ])
  }

  @Test(
    "an unwritable -o: the path and the reason, exit 1, no file left",
    arguments: [
      ("/nonexistent-dir/x.svg", "the directory '/nonexistent-dir' does not exist"),
      ("/tmp", "is a directory; expected a file name"),
      ("/tmp/", "is a directory; expected a file name"),
      ("/proc/version", "cannot create a file in the directory '/proc'"),
    ])
  func unwritableOutput(path: String, reason: String) {
    for command in ["plot", "filmstrip", "preview"] {
      let result = InProcess([command, Self.stretchy, "--offsets", "0,10", "-o", path])
      #expect(result.status == .failure)
      #expect(result.stdout == "")
      #expect(result.stderr == "error: cannot write '\(path)': \(reason)\n")
    }
    #expect(!FileManager.default.fileExists(atPath: "/nonexistent-dir"))
  }

  @Test(
    "bad values are usage errors with the full message",
    arguments: [
      (
        ["plot", stretchy, "--offsets", "0:10", "--columns", "y,scalX"], "plot",
        "The value 'y,scalX' is invalid for '--columns <names>': no column is named 'scalX'. "
          + "Did you mean 'scaleX'? The columns are: x, y, width, height, translateX, translateY, "
          + "scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation, zIndex"
      ),
      (
        ["plot", stretchy, "--offsets", "0:10", "--columns", "y,,x"], "plot",
        "The value 'y,,x' is invalid for '--columns <names>': name 2 is empty; expected "
          + "comma-separated column names. "
          + "The columns are: x, y, width, height, translateX, translateY, "
          + "scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation, zIndex"
      ),
      (
        ["plot", stretchy, "--offsets", "0:100000"], "plot",
        "The value '0:100000' is invalid for '--offsets <spec>': the offsets give 100001 "
          + "offsets; a picture draws at most 100000 (use a larger step)"
      ),
      (
        ["filmstrip", stretchy, "--offsets=-1e5:1e5:1"], "filmstrip",
        "The value '-1e5:1e5:1' is invalid for '--offsets <spec>': the offsets give 200001 "
          + "offsets; a picture draws at most 100000 (use a larger step)"
      ),
      (
        ["preview", stretchy, "--offsets", "0:200000:2"], "preview",
        "The value '0:200000:2' is invalid for '--offsets <spec>': the offsets give 100001 "
          + "offsets; a picture draws at most 100000 (use a larger step)"
      ),
      (
        ["preview", stretchy, "--gesture", "drag:-100:300,wiat:200"], "preview",
        "The value 'drag:-100:300,wiat:200' is invalid for '--gesture <spec> ...': step 2 "
          + "\"wiat:200\": unknown step \"wiat\"; did you mean \"wait\"? (expected drag:D:MS, "
          + "hold:MS, release, fling:V, wait:MS or scrollTo:O:MS)"
      ),
      (
        ["preview", stretchy, "--gesture", "drag:-100:300,,release"], "preview",
        "The value 'drag:-100:300,,release' is invalid for '--gesture <spec> ...': step 2 is "
          + "empty; expected a step (drag:D:MS, hold:MS, release, fling:V, wait:MS or "
          + "scrollTo:O:MS) between the commas"
      ),
      (
        ["filmstrip", stretchy, "--offsets", "0", "--chain", "heder"], "filmstrip",
        "The value 'heder' is invalid for '--chain <name> ...': no chain is named 'heder'. "
          + "Did you mean 'header'? The chains are: header, body"
      ),
      (["plot", stretchy], "plot", "Missing expected argument '--offsets <spec>'"),
    ])
  func usageErrors(arguments: [String], command: String, message: String) {
    let result = InProcess(arguments)
    #expect(result.status == .usage)
    #expect(result.stdout == "")
    #expect(
      result.stderr == InProcess.usageError(message, usage: Self.usage(command), command: command))
  }

  @Test("exactly 100,000 offsets are drawn")
  func limitIsInclusive() {
    #expect(
      InProcess(["plot", Self.stretchy, "--offsets", "0:99999", "--columns", "y"]).status
        == .success)
  }

  @Test("help shows each subcommand's usage and examples")
  func help() {
    for command in ["plot", "filmstrip", "preview"] {
      let page = InProcess([command, "--help"])
      #expect(page.status == .success)
      #expect(page.stdout.contains("\nUSAGE: \(Self.usage(command))\n"))
      #expect(page.stdout.contains("EXAMPLES:\n  effectctl \(command) Configs/"))
    }
  }

  @Test(
    "no number in a picture is written with a fraction of .0, up to offsets of 1e15",
    arguments: ["plot", "filmstrip"])
  func noPointZero(command: String) throws {
    let carousel = PictureFixtures.root.appendingPathComponent("Configs/carousel.json").path
    let run = InProcess([command, carousel, "--offsets", "-1e15,0,128,1e15"])
    #expect(run.status == .success)
    // A digit, ".0", then no other digit: Swift's `description` of an
    // integral Double, which the pictures' number rules never write.
    let text = Array(run.stdout.utf8)
    var found: [String] = []
    for index in text.indices.dropFirst().dropLast(2)
    where text[index] == UInt8(ascii: ".") && text[index + 1] == UInt8(ascii: "0")
      && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index - 1])
      && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index + 2])
    {
      found.append(String(decoding: text[max(0, index - 20)..<(index + 3)], as: UTF8.self))
    }
    #expect(found.isEmpty, "\(found.prefix(5))")
  }

  @Test(
    "every plot panel's y axis ends on its lowest and highest tick",
    arguments: PictureFixtures.configs)
  func yAxisEndsOnTicks(config: String) throws {
    let scene = PictureFixtures.root.appendingPathComponent(config).path
    let run = InProcess(["plot", scene, "--offsets", "-100:400:10"])
    #expect(run.status == .success)
    // Each panel: its data-y-min and data-y-max, then its y tick labels, the
    // texts anchored at the end (the x labels are centred).
    for panel in run.stdout.components(separatedBy: "<g data-column=\"").dropFirst() {
      let body = panel.components(separatedBy: "</g>")[0]
      func attribute(_ name: String) -> Double? {
        body.components(separatedBy: name + "=\"").dropFirst().first
          .flatMap { $0.split(separator: "\"").first }.flatMap { Double($0) }
      }
      let ticks = body.components(separatedBy: "text-anchor=\"end\">").dropFirst().compactMap {
        Double($0.components(separatedBy: "<")[0])
      }
      let column = panel.prefix { $0 != "\"" }
      let low = try #require(attribute("data-y-min"))
      let high = try #require(attribute("data-y-max"))
      #expect(ticks.count >= 2, "\(config) \(column)")
      #expect(
        ticks.first == low && ticks.last == high,
        "\(config) \(column): \(low)...\(high), ticks \(ticks)")
    }
  }

  @Test("marker labels stay inside their panel's box, margins included: inside the picture")
  func markerLabelsInsidePanels() throws {
    let carousel = PictureFixtures.root.appendingPathComponent("Configs/carousel.json").path
    let name = String(repeating: "threshold", count: 5)
    let scene = try EscapingTests.file(
      #"{"chains": [{"name": "a", "frame": {"height": 100}, "events": ["#
        + #"{"name": "\#(name)", "input": "offset", "crosses": -50}]}]}"#)
    // One 45-character label at the plot's left end, moved in; one of 90,
    // 450 points, wider than the 404-point box, left out.
    let edge = String(repeating: "edge", count: 11) + "s"
    let wide = String(repeating: "x", count: 90)
    let ends = try EscapingTests.file(
      #"{"chains": [{"name": "a", "frame": {"height": 100}, "events": ["#
        + #"{"name": "\#(edge)", "input": "offset", "crosses": -1}, "#
        + #"{"name": "\#(wide)", "input": "offset", "crosses": -50}]}]}"#)
    let endsRun = InProcess(["plot", ends, "--offsets", "0:-100:-1", "--columns", "y"])
    #expect(endsRun.stdout.contains(">\(edge)<"))
    #expect(!endsRun.stdout.contains(wide))
    for arguments in [
      [carousel, "--offsets", "0:2304:4"], [scene, "--offsets", "0:-100:-1", "--columns", "y"],
      [ends, "--offsets", "0:-100:-1", "--columns", "y"],
    ] {
      let run = InProcess(["plot"] + arguments)
      #expect(run.status == .success)
      // Each label: 9-point text centred at x, as wide as Helvetica or
      // DejaVu Sans draws it, in panel coordinates; the box runs from -64
      // (the left margin) to 320 + 20 (the plot and the right margin).
      for piece in run.stdout.components(separatedBy: "<text x=\"").dropFirst()
      where piece.contains("font-size=\"9\"") {
        let x = try #require(Double(piece.prefix { $0 != "\"" }))
        let text = piece.components(separatedBy: ">")[1].components(separatedBy: "<")[0]
        let half = FontMetrics.width(text, size: 9) / 2
        #expect(x - half >= -64 && x + half <= 340, "\(text) at \(x)")
      }
    }
  }

  @Test("the pictures in Docs/images are what the documented commands write today")
  func readmePicturesAreUpToDate() throws {
    // The commands in README.md, Docs/Pictures.md and Scripts/update-pictures.sh.
    let pictures = [
      (
        "collapsing-app-bar-filmstrip.svg",
        ["filmstrip", Self.appBar, "--offsets", "-60,0,52,104,200"]
      ),
      ("collapsing-app-bar-plot.svg", ["plot", Self.appBar, "--offsets", "-100:300:2"]),
      (
        "carousel-filmstrip.svg",
        [
          "filmstrip", PictureFixtures.root.appendingPathComponent("Configs/carousel.json").path,
          "--offsets", "-100,0,128,256,2400",
        ]
      ),
    ]
    for (file, arguments) in pictures {
      let path = PictureFixtures.root.appendingPathComponent("Docs/images/" + file).path
      let committed = try String(contentsOfFile: path, encoding: .utf8)
      let result = InProcess(arguments)
      #expect(result.status == .success)
      #expect(
        result.stdout == committed,
        "Docs/images/\(file) is out of date: run bash Scripts/update-pictures.sh")
    }
  }
}
