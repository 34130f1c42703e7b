import EffectCommandLine
import Foundation
import Testing

/// `effectctl simulate` in process: rows checked against the formulas of
/// Docs/Motion.md, computed here, and every refusal with its full message.
@Suite struct SimulateCommandTests {
  static let usage =
    "effectctl simulate <scene> --gesture <spec> [--physics <physics>] [--fps <n>] "
    + "[--start <offset>] [--format <format>] [--chain <name> ...] [--events]"
  static let columns = [
    "frame", "time", "phase", "offset", "chain", "x", "y", "width", "height", "translateX",
    "translateY", "scaleX", "scaleY", "anchorX", "anchorY", "opacity", "blur", "rotation",
    "zIndex",
  ]

  /// `Configs/<name>` from the package root.
  static func config(_ name: String) -> String {
    URL(fileURLWithPath: InProcess.stretchyHeader).deletingLastPathComponent()
      .appendingPathComponent(name).path
  }

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

  /// The rubber band: b(x) = (1 - 1 / (x * 0.55 / d + 1)) * d.
  static func rubberBand(_ x: Double, dimension d: Double = 844) -> Double {
    (1 - 1 / (x * 0.55 / d + 1)) * d
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
    #expect(abs(try Self.number(lastDown, "offset") + Self.rubberBand(x)) < 1e-9)
    #expect(abs(try Self.number(lastDown, "height") - (300 + Self.rubberBand(x))) < 1e-9)
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
          Self.config("paging-list.json"), "--gesture", "fling:3000", "--chain", "card[1]",
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
        Self.config("snapping-app-bar.json"), "--gesture", "drag:40:400,release", "--chain",
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
        Self.config("paging-list.json"), "--gesture", "drag:200:200,release", "--physics", physics,
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

  @Test(
    "malformed gestures: a usage error quoting the step, exit 64",
    arguments: [
      (
        "drag:1",
        #"step 1 "drag:1": expected drag:D:MS (a distance D in points and a duration MS in milliseconds), found 1 value"#
      ),
      (
        "dragg:1:2",
        #"step 1 "dragg:1:2": unknown step "dragg"; did you mean "drag"? (expected drag:D:MS, hold:MS, release, fling:V, wait:MS or scrollTo:O:MS)"#
      ),
      (
        "release",
        #"step 1 "release": the finger is up; expected release only while it is down (after drag or hold)"#
      ),
      (
        "drag:5:10,wait:5",
        #"step 2 "wait:5": the finger is down (since step 1); expected release or fling before wait, or hold:MS to keep it down"#
      ),
      (
        "drag:x:10",
        #"step 1 "drag:x:10": expected D to be a decimal number such as -200 or 0.5, found "x""#
      ),
      (
        "drag:5:0",
        #"step 1 "drag:5:0": expected MS, milliseconds, greater than 0 and at most 600000, found 0"#
      ),
      (
        "fling:inf",
        #"step 1 "fling:inf": expected V to be a decimal number such as -200 or 0.5, found "inf""#
      ),
      (
        "fling:2e9",
        #"step 1 "fling:2e9": expected V to be a finite number from -1e9 to 1e9, found 2000000000"#
      ),
      (
        "wait:300000,wait:300001",
        "the gesture lasts 600001 ms; expected at most 600000 ms (600 s) of simulated time"
      ),
      (
        "drag:5:10,,release",
        "step 2 is empty; expected a step (drag:D:MS, hold:MS, release, fling:V, wait:MS or scrollTo:O:MS) between the commas"
      ),
      (
        "",
        "expected comma-separated steps (drag:D:MS, hold:MS, release, fling:V, wait:MS or scrollTo:O:MS) such as drag:-200:300,release,wait:500, found nothing"
      ),
    ])
  func malformedGestures(gesture: String, reason: String) {
    let result = InProcess(["simulate", InProcess.stretchyHeader, "--gesture", gesture])
    #expect(result.status == .usage)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == InProcess.usageError(
          "The value '\(gesture)' is invalid for '--gesture <spec>': \(reason)", usage: Self.usage,
          command: "simulate"))
  }

  @Test(
    "bad --fps, --physics and --start: a usage error naming the flag, exit 64",
    arguments: [
      (
        ["--fps", "0"],
        "The value '0' is invalid for '--fps <n>': expected a whole number of frames per second from 1 to 1000"
      ),
      (
        ["--fps", "1001"],
        "The value '1001' is invalid for '--fps <n>': expected a whole number of frames per second from 1 to 1000"
      ),
      (
        ["--fps", "12.5"],
        "The value '12.5' is invalid for '--fps <n>': expected a whole number of frames per second from 1 to 1000"
      ),
      (
        ["--fps", "99999999999999999999"],
        "The value '99999999999999999999' is invalid for '--fps <n>': expected a whole number of frames per second from 1 to 1000"
      ),
      (
        ["--physics", "ioss"],
        "The value 'ioss' is invalid for '--physics <physics>'. Did you mean 'ios'? Expected one of 'ios' or 'android'"
      ),
      (
        ["--start", "nan"],
        "The value 'nan' is invalid for '--start <offset>': expected an offset in points, a decimal number such as 0 or 212"
      ),
      (
        ["--start", "0x10"],
        "The value '0x10' is invalid for '--start <offset>': expected an offset in points, a decimal number such as 0 or 212"
      ),
      (
        ["--start", "1156.5"],
        "The value '1156.5' is invalid for '--start <offset>': expected a start offset from 0 to 1156 (the largest resting offset), found 1156.5"
      ),
      (
        ["--start", "-1"],
        "The value '-1' is invalid for '--start <offset>': expected a start offset from 0 to 1156 (the largest resting offset), found -1"
      ),
      (
        ["--chain", "heade"],
        "The value 'heade' is invalid for '--chain <name> ...': no chain is named 'heade'. Did you mean 'header'? The chains are: header, body"
      ),
    ])
  func badOptions(options: [String], message: String) {
    let result = InProcess(
      ["simulate", InProcess.stretchyHeader, "--gesture", "fling:10"] + options)
    #expect(result.status == .usage)
    #expect(result.stdout == "")
    #expect(
      result.stderr == InProcess.usageError(message, usage: Self.usage, command: "simulate"))
  }

  @Test("--gesture is required; a missing scene is 66, an invalid one 65")
  func sceneErrors() throws {
    let missing = InProcess(["simulate", InProcess.stretchyHeader])
    #expect(missing.status == .usage)
    #expect(missing.stderr.hasPrefix("Error: Missing expected argument '--gesture <spec>'\n"))
    let absent = InProcess(["simulate", "/nonexistent/scene.json", "--gesture", "fling:1"])
    #expect(absent.status.rawValue == 66)
    #expect(absent.stdout == "")
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "simulate-\(UUID().uuidString).json")
    try Data(#"{"chains": 3}"#.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let invalid = InProcess(["simulate", url.path, "--gesture", "fling:1"])
    #expect(invalid.status.rawValue == 65)
    #expect(invalid.stderr.hasPrefix("error: "))
  }

  @Test(
    "a malformed snap declaration: simulate and validate refuse the scene with its path, exit 65",
    arguments: [
      (
        #"{}"#,
        #"snap: expected "offsets" (an array of offsets) or "chain" (the name of a repeated chain), found neither"#
      ),
      (
        #"{"offsets": [0], "chain": "row"}"#,
        #"snap: expected either "offsets" or "chain", found both (a snap declaration takes one of them)"#
      ),
      (
        #"{"chain": "rwo"}"#,
        #"snap.chain: expected the name of a repeated chain, found "rwo", which no chain has; did you mean "row"? (repeated chains: row)"#
      ),
      (
        #"{"offsets": [0, 100], "mode": "proximity", "proximity": 0}"#,
        "snap.proximity: expected a number greater than 0 (at most 1e9), found the number 0"
      ),
    ])
  func malformedSnap(snap: String, message: String) throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "snap-\(UUID().uuidString).json")
    let scene =
      #"{"snap": \#(snap), "chains": [{"name": "row", "frame": {"height": 80}, "repeat": {"count": 20}}]}"#
    try Data(scene.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    for arguments in [["simulate", url.path, "--gesture", "fling:1000"], ["validate", url.path]] {
      let run = InProcess(arguments)
      #expect(run.status.rawValue == 65, "\(arguments[0])")
      #expect(run.stderr == "error: \(url.path): \(message)\n", "\(arguments[0])")
      #expect(run.stdout == "")
    }
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
    #expect(abs(fired - Self.refreshPull(frame: 13)) < 1e-9)
    #expect(page.stdout.contains("(-97.32 at the end, the header 397.32"))
    #expect(abs(-Self.rubberBand(200) + 97.32) < 0.005)
  }

  /// The pull of Configs/pull-to-refresh.json at frame n of
  /// drag:-200:100,release at 120 fps, from the formulas of Docs/Motion.md:
  /// while the finger is down (frames 0...11) the rubber band of the raw
  /// drag, 200 * (n / 120) / 0.1 points; from the release (frame 12) the
  /// spring (mass 0.5, stiffness 100, damping ratio 1.1, overdamped) toward 0
  /// from -b(200) at the velocity the content was shown moving: the finger's
  /// -2,000 points per second times the band's slope b'(200) = 0.55 /
  /// (200 * 0.55 / 844 + 1)^2.
  static func refreshPull(frame n: Int) -> Double {
    if n < 12 { return rubberBand(200 * (Double(n) / 120) / 0.1) }
    let (mass, stiffness) = (0.5, 100.0)
    let damping = 2 * 1.1 * (stiffness * mass).squareRoot()
    let root = (damping * damping - 4 * mass * stiffness).squareRoot()
    let (r1, r2) = ((-damping + root) / (2 * mass), (-damping - root) / (2 * mass))
    let (x0, v0) = (
      -rubberBand(200), -2000 * 0.55 / ((200 * 0.55 / 844 + 1) * (200 * 0.55 / 844 + 1))
    )
    // x(t) = c1 e^(r1 t) + c2 e^(r2 t) with x(0) = x0 and x'(0) = v0.
    let c2 = (v0 - r1 * x0) / (r2 - r1)
    let c1 = x0 - c2
    let t = Double(n - 12) / 120
    return -(c1 * Foundation.exp(r1 * t) + c2 * Foundation.exp(r2 * t))
  }

  static let refreshArguments = [
    "simulate", config("pull-to-refresh.json"), "--gesture", "drag:-200:100,release", "--events",
  ]

  @Test(
    "--events on pull to refresh: refresh once, where the pull first reaches 100, not on the spring back"
  )
  func pullToRefreshEvents() throws {
    let pulls = (0..<200).map { Self.refreshPull(frame: $0) }
    let first = try #require(pulls.firstIndex { $0 >= 100 })
    // The drag ends at b(200) = 97.32: the release's velocity carries it past 100.
    #expect(first == 13)
    #expect(pulls[..<12].allSatisfy { $0 < 100 })
    // It comes back below 100 later: a decreasing crossing, not declared.
    let back = try #require(pulls[first...].firstIndex { $0 < 100 })
    #expect(back == 19)

    let result = InProcess(Self.refreshArguments + ["--format", "csv"])
    #expect(result.status == .success)
    #expect(result.stderr == "")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.first == "frame,time,phase,offset,chain,event,direction,value")
    let cells = lines[1].split(separator: ",").map(String.init)
    #expect(cells.count == 8)
    #expect(cells[0] == String(first))
    #expect(Double(cells[1]) == Double(first) / 120)
    #expect(cells[2] == "decelerating")
    #expect(abs((Double(cells[3]) ?? 0) + pulls[first]) < 1e-9)
    #expect(cells[4...6] == ["header", "refresh", "increasing"])
    #expect(abs((Double(cells[7]) ?? 0) - pulls[first]) < 1e-9)
    #expect(abs(pulls[first] - 103.0016) < 1e-4)
  }

  @Test("--events in every format: the exact header, the lead as the transform rows write it")
  func eventFormats() throws {
    func right(_ text: String) -> String { String(repeating: " ", count: 10 - text.count) + text }
    let table = InProcess(Self.refreshArguments)
    #expect(table.status == .success)
    #expect(
      table.stdout.split(separator: "\n").map(String.init) == [
        [
          right("frame"), right("time"), "phase       ", right("offset"), "chain ", "event  ",
          "direction   " + right("value"),
        ].joined(separator: "  "),
        [
          right("13"), right("0.1083"), "decelerating", right("-103.00"), "header", "refresh",
          "increasing  " + right("103.00"),
        ].joined(separator: "  "),
      ])
    let pull = Self.refreshPull(frame: 13)
    let ndjson = InProcess(Self.refreshArguments + ["--format", "ndjson"])
    let lead = #"{"frame":13,"time":0.10833333333333334,"phase":"decelerating","offset":"#
    let middle = #","chain":"header","event":"refresh","direction":"increasing","value":"#
    let line = ndjson.stdout.dropLast()
    #expect(ndjson.stdout.last == "\n")
    #expect(line.hasPrefix(lead) && line.hasSuffix("}"))
    let numbers = line.dropFirst(lead.count).dropLast().split(separator: middle)
    #expect(numbers.count == 2)
    #expect(abs((Double(numbers.first ?? "") ?? 0) + pull) < 1e-9)
    #expect(abs((Double(numbers.last ?? "") ?? 0) - pull) < 1e-9)
    let json = InProcess(Self.refreshArguments + ["--format", "json"])
    #expect(json.stdout == "[\n" + line + "\n]\n")
    // A chain without events: the header only, and json an empty array.
    let rows = InProcess(Self.refreshArguments + ["--chain", "row", "--format", "csv"])
    #expect(rows.stdout == "frame,time,phase,offset,chain,event,direction,value\n")
    let empty = InProcess(Self.refreshArguments + ["--chain", "row", "--format", "json"])
    #expect(empty.stdout == "[\n]\n")
  }
}
