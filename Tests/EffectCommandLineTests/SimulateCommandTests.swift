import EffectCommandLine
import Foundation
import Testing

/// `effectctl simulate` in process: rows checked against the formulas of
/// Docs/Motion.md, computed here, each format, and the help's examples.
@Suite struct SimulateCommandTests {
  static let columns = [
    "frame", "time", "phase", "offset", "chain", "x", "y", "width", "height", "translateX",
    "translateY", "scaleX", "scaleY", "anchorX", "anchorY", "opacity", "blur", "rotation",
    "zIndex",
  ]

  /// The rows of a csv run, each by column, after checking the exact header.
  static func csvRows(_ arguments: [String]) throws -> [[String: String]] {
    let result = InProcess(["simulate"] + arguments + ["--format", "csv"])
    #expect(result.status == .success)
    #expect(result.stderr == "")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == columns.joined(separator: ","))
    return lines.dropFirst().map { line in
      Dictionary(uniqueKeysWithValues: zip(columns, line.split(separator: ",").map(String.init)))
    }
  }

  static func number(_ row: [String: String], _ column: String) throws -> Double {
    let text = try #require(row[column])
    return try #require(Double(text))
  }

  @Test("drag:-200:300 on the stretchy header at 120 fps: the rubber band, then the spring to 0")
  func pullDownAndRelease() throws {
    let rows = try Self.csvRows(
      [InProcess.stretchyHeader, "--gesture", "drag:-200:300,release", "--chain", "header"])
    for (n, row) in rows.enumerated() {
      #expect(row["frame"] == String(n))
      #expect(try Self.number(row, "time") == Double(n) / 120)
      #expect(row["chain"] == "header")
    }
    // The drag lasts 0.3 s: frames 0...35 are before its end (36 / 120 = 0.3).
    for row in rows.prefix(36) { #expect(row["phase"] == "interacting") }
    let lastDown = rows[35]
    let x = 200 * (35.0 / 120) / 0.3
    #expect(abs(try Self.number(lastDown, "offset") + MotionFormulas.rubberBand(x)) < 1e-9)
    #expect(abs(try Self.number(lastDown, "height") - (300 + MotionFormulas.rubberBand(x))) < 1e-9)
    // The release frame: b(200) = 200 * 0.55 * 844 / (844 + 0.55 * 200) = 97.316.
    #expect(rows[36]["phase"] == "decelerating")
    let released = try Self.number(rows[36], "offset")
    #expect(abs(released + 200 * 0.55 * 844 / (844 + 0.55 * 200)) < 1e-9)
    #expect(abs(released + 97.316) < 0.001)
    for row in rows.dropFirst(36).dropLast() { #expect(row["phase"] == "decelerating") }
    let last = try #require(rows.last)
    #expect(last["phase"] == "idle")
    #expect(last["offset"] == "0")
    #expect(last["height"] == "300")
  }

  @Test("a fling of 5,000 points/s comes to rest at the bottom, maxOffset 2000 - 844")
  func flingToTheBottom() throws {
    let rows = try Self.csvRows(
      [InProcess.stretchyHeader, "--gesture", "fling:5000", "--chain", "header"])
    let last = try #require(rows.last)
    #expect(last["phase"] == "idle")
    #expect(last["offset"] == "1156")
    #expect(last["y"] == "-1156")
    // Unbounded, the curve would rest at o - v / (1000 ln r), far past it.
    #expect(-5000 / (1000 * log(0.998)) > 1156)
    #expect(rows.dropLast().allSatisfy { $0["phase"] == "decelerating" })
  }

  @Test("frame 0 of a fling on the paging list is exactly at --start: offset 0, card 1 at y 219")
  func frameZeroAtStart() throws {
    for start in ["0", "688"] {
      let rows = try Self.csvRows(
        [
          InProcess.config("paging-list.json"), "--gesture", "fling:3000", "--chain", "card[1]",
          "--start", start,
        ])
      let first = try #require(rows.first)
      #expect(first["frame"] == "0" && first["phase"] == "decelerating")
      #expect(first["offset"] == start)
      // Card 1's top is 47 + 172 = 219 at offset 0, and 219 - 688 = -469 at 688.
      #expect(first["y"] == (start == "0" ? "219" : "-469"))
    }
  }

  @Test("the snapping app bar released at 40 with 100 points/s rests collapsed, at 104")
  func snappingAppBar() throws {
    let rows = try Self.csvRows(
      [
        InProcess.config("snapping-app-bar.json"), "--gesture", "drag:40:400,release", "--chain",
        "title",
      ])
    // The rule: P = o - v / (1000 ln 0.998); proximity 52 around [0, 104].
    let projected = 40 - (40.0 / 400 * 1000) / (1000 * log(0.998))
    let near = [0.0, 104].filter { abs($0 - projected) <= 52 }
    let target = try #require(near.min { abs($0 - projected) < abs($1 - projected) })
    let last = try #require(rows.last)
    #expect(last["phase"] == "idle")
    #expect(try Self.number(last, "offset") == target)
    #expect(target == 104)
  }

  @Test(
    "the paging list rests on the card the projection picks, for both physics",
    arguments: ["ios", "android"])
  func pagingList(physics: String) throws {
    let rows = try Self.csvRows(
      [
        InProcess.config("paging-list.json"), "--gesture", "drag:200:200,release", "--physics",
        physics,
        "--chain", "card[0]",
      ])
    let v = 1000.0
    let projected: Double
    if physics == "ios" {
      projected = 200 - v / (1000 * log(0.998))
    } else {
      let d = log(0.78) / log(0.9)
      let vRef = 0.015 * 9.80665 * 39.37 * 160 * 0.84 / 0.35
      let duration = d * 0.35 * pow(v / vRef, 1 / (d - 1))
      projected = 200 + v * duration / d
    }
    // Mandatory: the nearest card top (card k at 172 k, clamped to 4385).
    let targets = (0..<30).map { min(172 * Double($0), 4385) }
    let nearest = targets.min { abs($0 - projected) < abs($1 - projected) }
    let target = try #require(nearest)
    let last = try #require(rows.last)
    #expect(last["phase"] == "idle")
    #expect(try Self.number(last, "offset") == target)
    #expect(target == (physics == "ios" ? 688 : 344))
  }

  @Test("--start and --fps: frame 0 at rest at the start, frame n at n / fps")
  func startAndFrameRate() throws {
    let rows = try Self.csvRows(
      [
        InProcess.stretchyHeader, "--gesture", "hold:100,release", "--start", "250", "--fps", "30",
        "--chain", "body",
      ])
    #expect(rows.count == 4)  // 0, 1/30, 2/30 held; 3/30 = 0.1 released at rest
    for (n, row) in rows.enumerated() {
      #expect(try Self.number(row, "time") == Double(n) / 30)
      #expect(row["offset"] == "250")
      #expect(row["y"] == "50")
    }
    #expect(rows.map { $0["phase"] } == ["interacting", "interacting", "interacting", "idle"])
  }

  @Test("ndjson and json: the lead keys in order, exact numbers")
  func jsonFormats() {
    let arguments = [
      "simulate", InProcess.stretchyHeader, "--gesture", "fling:10", "--fps", "1", "--chain",
      "header",
    ]
    let ndjson = InProcess(arguments + ["--format", "ndjson"])
    #expect(ndjson.status == .success)
    let lines = ndjson.stdout.split(separator: "\n")
    #expect(
      lines.first
        == #"{"frame":0,"time":0,"phase":"decelerating","offset":0,"chain":"header","x":0,"y":0,"width":390,"height":300,"translateX":0,"translateY":0,"scaleX":1,"scaleY":1,"anchorX":0.5,"anchorY":0.5,"opacity":1,"blur":0,"rotation":0,"zIndex":0}"#
    )
    let json = InProcess(arguments + ["--format", "json"])
    #expect(json.stdout == "[\n" + lines.joined(separator: ",\n") + "\n]\n")
  }

  @Test("table: fixed widths, the time to 4 decimals, the offset to 2")
  func table() {
    let result = InProcess(
      [
        "simulate", InProcess.stretchyHeader, "--gesture", "drag:-200:300,release", "--chain",
        "header",
      ])
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let numbers =
      ["x", "y", "width", "height", "translateX", "translateY", "scaleX", "scaleY"]
      + ["anchorX", "anchorY", "opacity", "blur", "rotation", "zIndex"]
    func right(_ text: String) -> String { String(repeating: " ", count: 10 - text.count) + text }
    #expect(
      lines[0]
        == [right("frame"), right("time"), "phase       ", right("offset"), "chain "].joined(
          separator: "  ") + numbers.map { "  " + right($0) }.joined())
    #expect(lines[0].count == 3 * 10 + 12 + 3 * 2 + 2 + 6 + 14 * 12)
    #expect(lines.allSatisfy { $0.count == lines[0].count })
    #expect(
      lines[37].hasPrefix(
        right("36") + "  " + right("0.3000") + "  decelerating  " + right("-97.32")))
  }

  @Test("the help's examples run and show what it says")
  func helpExamples() throws {
    let page = InProcess(["simulate", "--help"])
    #expect(page.status == .success)
    let commands = page.stdout.replacing("\\\n", with: "").split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("effectctl simulate Configs/") }
    #expect(commands.count == 4)
    let root = URL(fileURLWithPath: InProcess.stretchyHeader).deletingLastPathComponent()
      .deletingLastPathComponent().path
    var lastRows: [String] = []
    for command in commands {
      let words = command.split(separator: " ").dropFirst().map {
        $0.hasPrefix("Configs/") ? root + "/" + $0 : String($0)
      }
      let result = InProcess(words + (words.contains("--format") ? [] : ["--format", "csv"]))
      #expect(result.status == .success, "\(command)")
      lastRows.append(String(result.stdout.split(separator: "\n").last ?? ""))
    }
    // At rest: at 0 after the pull, at maxOffset after the fling, collapsed after the snap.
    #expect(lastRows[0].hasPrefix("115,\(115.0 / 120),idle,0,"))
    #expect(lastRows[1].contains(",idle,1156,header,"))
    #expect(lastRows[2].contains(",idle,104,background,"))
    #expect(lastRows[3].hasPrefix("13,\(13.0 / 120),decelerating,-103.00"))
    #expect(lastRows[3].contains(",header,refresh,increasing,"))
    let fired = Double(lastRows[3].split(separator: ",").last ?? "") ?? 0
    #expect(abs(fired - MotionFormulas.refreshPull(frame: 13)) < 1e-9)
    #expect(page.stdout.contains("(-97.32 at the end, the header 397.32"))
    #expect(abs(-MotionFormulas.rubberBand(200) + 97.32) < 0.005)
  }
}

/// A step shorter than a frame, most often seconds typed for milliseconds,
/// is warned of on standard error; the rows are those of the step as given.
@Suite struct ShortGestureStepTests {
  @Test(
    "a step shorter than one frame is warned of with its reading in seconds",
    arguments: [
      // (fps, step, one frame in ms: 1000 / fps, the step read as seconds)
      (120, "drag:-200:0.3", "8.333", "drag:-200:300"),
      (60, "drag:-200:3", "16.667", "drag:-200:3000"),
      (1000, "hold:0.7", "1", "hold:700"),
      (120, "scrollTo:40:2.5", "8.333", "scrollTo:40:2500"),
    ])
  func warned(fps: Int, step: String, frame: String, seconds: String) {
    let gesture =
      step.hasPrefix("hold")
      ? "drag:-10:100,\(step),release"
      : step.hasPrefix("scrollTo")
        ? step : "\(step),release"
    let result = InProcess([
      "simulate", InProcess.stretchyHeader, "--gesture", gesture, "--fps", "\(fps)",
    ])
    #expect(result.status == .success)
    let number = step.hasPrefix("hold") ? 2 : 1
    let ms = step.split(separator: ":").last.map(String.init) ?? ""
    #expect(
      result.stderr
        == "warning: --gesture step \(number) \"\(step)\" lasts \(ms) ms, less than one frame at "
        + "\(fps) frames a second (\(frame) ms); durations are milliseconds: \(ms) s is "
        + "\"\(seconds)\"\n")
    // The rows are still written: a warning is no refusal.
    #expect(result.stdout.split(separator: "\n").count > 2)
  }

  @Test("a step whose reading in seconds is no step a gesture may have gets no reading")
  func noReading() {
    // 700 s is past the 600 s a gesture may last; 1e-10 s rounds to no time.
    for (fps, gesture, text) in [
      (
        1, "drag:-200:700,release",
        "lasts 700 ms, less than one frame at 1 frame a second (1000 ms)"
      ),
      (
        // (A hold before the release: 200 points in 1e-10 ms is faster than a release may be.)
        120, "drag:-200:1e-10,hold:10,release",
        "lasts 1e-10 ms, less than one frame at 120 frames a second"
      ),
    ] {
      let result = InProcess([
        "simulate", InProcess.stretchyHeader, "--gesture", gesture, "--fps", "\(fps)",
      ])
      #expect(result.status == .success)
      #expect(result.stderr.contains(text), "\(result.stderr)")
      #expect(result.stderr.hasSuffix("; durations are milliseconds\n"), "\(result.stderr)")
    }
  }

  @Test("a step of one frame or more, and release and fling, are not warned of")
  func notWarned() {
    for gesture in ["drag:-200:8.334,release", "fling:5000", "drag:-10:100,hold:9,release"] {
      let result = InProcess(["simulate", InProcess.stretchyHeader, "--gesture", gesture])
      #expect(result.status == .success)
      #expect(result.stderr == "", "\(gesture)")
    }
  }

  @Test("check and preview warn as simulate does")
  func otherCommands() throws {
    let preview = InProcess([
      "preview", InProcess.stretchyHeader, "--gesture", "drag:-200:0.3,release", "-o", "-",
    ])
    #expect(preview.status == .success)
    #expect(preview.stderr.hasPrefix("warning: --gesture step 1 \"drag:-200:0.3\" lasts 0.3 ms"))
    let check = InProcess([
      "check", InProcess.stretchyHeader, "--gesture", "drag:-200:0.3,release", "--golden",
      "/dev/null",
    ])
    #expect(check.stderr.hasPrefix("warning: --gesture step 1 \"drag:-200:0.3\" lasts 0.3 ms"))
  }
}
