import EffectCommandLine
import EffectHost
import EffectProtocol
import Foundation
import Testing

/// The figures the documents' prose quotes from a command are what the
/// command prints: each phrase is found in its document with `#` standing
/// for a number, and every number read there equals the value worked out
/// from the command's output, to the decimals the document gives.
@Suite struct DocumentedFigureTests {
  struct Figure: CustomTestStringConvertible, Sendable {
    var document: String
    /// The phrase as the document has it, white space made single spaces,
    /// `#` for each number compared.
    var phrase: String
    /// The numbers, in the phrase's order, from the command's output.
    var values: @Sendable () throws -> [Double]

    init(_ document: String, _ phrase: String, _ values: @escaping @Sendable () throws -> [Double])
    {
      self.document = document
      self.phrase = phrase
      self.values = values
    }

    var testDescription: String { "\(document): \(phrase)" }
  }

  struct OutputError: Error, CustomStringConvertible {
    var description: String
  }

  /// The rows `effectctl arguments --format csv` prints, by column name.
  static func rows(_ arguments: [String]) throws -> [[String: String]] {
    let run = DocumentedText.run(arguments + ["--format", "csv"])
    guard run.status == .success else { throw OutputError(description: run.stderr) }
    let lines = DocumentedText.lines(run.stdout).map { $0.split(separator: ",").map(String.init) }
    guard let header = lines.first else { return [] }
    return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
  }

  static func number(_ row: [String: String]?, _ column: String) throws -> Double {
    guard let text = row?[column], let value = Double(text) else {
      throw OutputError(description: "no number in column \(column) of \(row ?? [:])")
    }
    return value
  }

  /// `columns` of `view`'s row at the last of `offsets` (`eval` evaluates
  /// the offsets in order, so a stateful effect sees the ones before).
  static func eval(_ scene: String, _ offsets: String, _ view: String, _ columns: String...)
    throws -> [Double]
  {
    let row = try rows(["eval", "Configs/\(scene)", "--offsets", offsets, "--chain", view]).last
    return try columns.map { try number(row, $0) }
  }

  /// The rows of `simulate` of `gesture` on `scene` for `view`.
  static func simulate(_ scene: String, _ gesture: String, _ view: String, _ more: String...)
    throws -> [[String: String]]
  {
    try rows(["simulate", "Configs/\(scene)", "--gesture", gesture, "--chain", view] + more)
  }

  /// The first offset from which `column` of `view` stays as it is at 300
  /// (evaluated at every whole offset from 0).
  static func onward(_ scene: String, _ view: String, _ column: String) throws -> Double {
    let values = try rows(["eval", "Configs/\(scene)", "--offsets", "0:300", "--chain", view])
      .map { try number($0, column) }
    let settled = values.reversed().prefix { $0 == values.last }.count
    return Double(values.count - settled)
  }

  /// The scene's largest resting offset, as `simulate --start` reports it.
  static func maxOffset(_ scene: String) throws -> Double {
    let run = DocumentedText.run([
      "simulate", "Configs/\(scene)", "--gesture", "fling:1", "--start", "1e9",
    ])
    let match = try #require(run.stderr.firstMatch(of: /from 0 to ([0-9.]+) \(the largest/))
    return try #require(Double(match.output.1))
  }

  /// The release of `gesture` on `scene`: the first frame with the finger up.
  static func release(_ scene: String, _ gesture: String) throws -> MotionFrame {
    let loaded = try SceneLoader().load(
      contentsOf: DocumentedText.root.appendingPathComponent("Configs/\(scene)").path)
    let frames = try MotionFrames(gesture: Gesture(parsing: gesture), scene: loaded)
    return try #require(frames.first { $0.phase != .interacting })
  }

  static let figures: [Figure] =
    readmeFigures + commandLineFigures + tableAndListFigures + motionAndPictureFigures
    + configsFigures

  static let readmeFigures: [Figure] = [
    Figure("README.md", "(pulled down 100 points: the header fills the gap, `y #, height #`)") {
      try eval("stretchy-header.json", "-100", "header", "y", "height")
    },
    Figure(
      "README.md",
      "host.evaluate(offset: -100) // or host.evaluate(ScrollGeometry(...)) let header = host.transform(at: 0) // y #, height #"
    ) {
      try eval("stretchy-header.json", "-100", "header", "y", "height")
    },
    Figure(
      "README.md", "print(frame.index, refreshing.eventDeclaration(of: event).name) // # refresh"
    ) {
      let events = try rows([
        "simulate", "Configs/pull-to-refresh.json", "--gesture", "drag:-200:100,release",
        "--events",
      ])
      return try events.map { try number($0, "frame") }
    },
  ]

  /// The offsets `eval --offsets spec` evaluates.
  static func offsets(_ spec: String) throws -> [Double] {
    try rows(["eval", "Configs/stretchy-header.json", "--offsets", spec, "--chain", "header"])
      .map { try number($0, "offset") }
  }

  static let commandLineFigures: [Figure] = [
    Figure("Docs/CommandLine.md", "(so `0:0.3:0.1` ends at #, not") {
      [try offsets("0:0.3:0.1").last ?? .nan]
    },
    Figure("Docs/CommandLine.md", "`0:2:0.6666666666` ends at #,") {
      [try offsets("0:2:0.6666666666").last ?? .nan]
    },
    Figure("Docs/CommandLine.md", "(`0:1:1e9` is #)") { try offsets("0:1:1e9") },
    Figure(
      "Docs/CommandLine.md",
      "a quick drag ends at a pull of #, and the release's velocity (the finger's 2,000 points/s times the band's slope there, # points/s)"
    ) {
      let row = try simulate("pull-to-refresh.json", "drag:-200:100,release", "header")
        .first { $0["phase"] == "decelerating" }
      return [
        -(try number(row, "offset")),
        -(try release("pull-to-refresh.json", "drag:-200:100,release").velocity),
      ]
    },
    Figure("Docs/CommandLine.md", "frames: # views: # time:") {
      let run = DocumentedText.run(["bench", "Configs/stretchy-header.json", "--frames", "1000"])
      let match = try #require(run.stdout.firstMatch(of: /frames: +([0-9]+)\nviews: +([0-9]+)\n/))
      return [try #require(Double(match.output.1)), try #require(Double(match.output.2))]
    },
    Figure("Docs/CommandLine.md", "checksum: # The checksum") {
      [try checksum(frames: 1000)]
    },
    // 10,000,000 frames cycle 24,937 times through the 401 offsets and then
    // take 263 more; the sums are of whole numbers, exact in a Double.
    Figure("Docs/CommandLine.md", "(24 ns a frame, checksum #)") {
      [24_937 * (try checksum(frames: 401)) + (try checksum(frames: 263))]
    },
    Figure("Docs/CommandLine.md", "same memory as `bench` (# bytes a view)") {
      [Double(MemoryLayout<ViewTransform>.stride)]
    },
    Figure(
      "Docs/CommandLine.md",
      "`error: cannot allocate # bytes for the transforms of # views (# bytes each)`"
    ) {
      let stride = Double(MemoryLayout<ViewTransform>.stride)
      return [10_000_000 * stride, 10_000_000, stride]
    },
  ]

  static let tableAndListFigures: [Figure] = [
    Figure("Docs/CommandLine.md", "(half away from zero: −0.125 is `#`)") {
      let scene = try DocumentedText.sceneFile(
        #"{"name": "a", "frame": {"height": 10}, "effects": [{"type": "expression", "y": "-0.125"}]}"#
      )
      let run = DocumentedText.run(["eval", scene, "--offsets", "0"])
      let row = DocumentedText.lines(run.stdout).last ?? ""
      return [try #require(Double(row.split(separator: " ")[3]))]
    },
    // The rows of a long list that --visible prints, on average over the
    // offsets of one row's height.
    Figure("Docs/CommandLine.md", "(20,000 rows of 80 points print about # rows an offset)") {
      let scene = try DocumentedText.sceneFile(
        #"{"chains": [{"name": "row", "frame": {"height": 80}, "repeat": {"count": 20000}}]}"#)
      let printed = try Self.rows(["eval", scene, "--offsets", "8000:8079", "--visible"])
      return [Double(printed.count) / 80]
    },
  ]

  /// The checksum `bench --frames frames` prints for the stretchy header.
  static func checksum(frames: Int) throws -> Double {
    let run = DocumentedText.run(["bench", "Configs/stretchy-header.json", "--frames", "\(frames)"])
    let match = try #require(run.stdout.firstMatch(of: /checksum: +([0-9]+)\n/))
    return try #require(Double(match.output.1))
  }

  static let motionAndPictureFigures: [Figure] = [
    Figure("Docs/Pictures.md", "the area being `PlotPicture.plotWidth` x `plotHeight` (# x #)") {
      [PlotPicture.plotWidth, PlotPicture.plotHeight]
    },
    Figure(
      "Docs/Motion.md", "(so frame # of `drag:-200:300` at 120 fps, t = #, is already the release)"
    ) {
      let row = try simulate("stretchy-header.json", "drag:-200:300,release", "header")
        .first { $0["phase"] == "decelerating" }
      return [try number(row, "frame"), try number(row, "time")]
    },
    Figure("Docs/Motion.md", "(1,000 points/s: T = # s, # points)") {
      let last = try simulate(
        "stretchy-header.json", "fling:1000", "header", "--physics", "android"
      ).last
      return [try number(last, "time"), try number(last, "offset")]
    },
  ]

  static let configsFigures: [Figure] = [
    Figure("Configs/README.md", "(offset -100: `y #, height #, translateY #`)") {
      try eval("stretchy-header.json", "-100", "header", "y", "height", "translateY")
    },
    Figure("Configs/README.md", "unchanged (offset 150: `y #`)") {
      try eval("stretchy-header.json", "150", "header", "y")
    },
    Figure("Configs/README.md", "it follows the rubber band to offset # (height #)") {
      let row = try simulate("stretchy-header.json", "drag:-200:300,release", "header")
        .first { $0["phase"] == "decelerating" }
      return [try number(row, "offset"), try number(row, "height")]
    },
    Figure(
      "Configs/README.md",
      "The content is # points, so the largest resting offset is #; at # (50 past) the footer is `y #, height #`"
    ) {
      let scene = try SceneLoader().load(
        contentsOf: DocumentedText.root.appendingPathComponent("Configs/stretchy-footer.json").path)
      let largest = try Self.maxOffset("stretchy-footer.json")
      return [scene.contentHeight, largest, largest + 50]
        + (try eval("stretchy-footer.json", "\(largest + 50)", "footer", "y", "height"))
    },
    Figure("Configs/README.md", "(offset -50: `y #, height #`)") {
      try eval("sticky-stretchy-header.json", "-50", "header", "y", "height")
    },
    Figure("Configs/README.md", "(120: `height #`)") {
      try eval("sticky-stretchy-header.json", "120", "header", "height")
    },
    Figure("Configs/README.md", "(400: `height #`)") {
      try eval("sticky-stretchy-header.json", "400", "header", "height")
    },
    Figure("Configs/README.md", "(offset -100: `scaleX = scaleY = 380/#`, anchor #, #)") {
      let (scaleX, scaleY, anchorX, anchorY) = try {
        let v = try eval(
          "zoom-header.json", "-100", "picture", "scaleX", "scaleY", "anchorX", "anchorY")
        return (v[0], v[1], v[2], v[3])
      }()
      guard scaleX == scaleY else {
        throw OutputError(description: "scaleX \(scaleX), scaleY \(scaleY)")
      }
      return [380 / scaleX, anchorX, anchorY]
    },
    Figure("Configs/README.md", "(offset -100: `height #`)") {
      try eval("overlay-header.json", "-100", "image", "height")
    },
    Figure("Configs/README.md", "(150: `y #`)") {
      try eval("overlay-header.json", "150", "image", "y")
    },
    Figure("Configs/README.md", "(`parallax` rate 0.5; offset 100: `y #`)") {
      try eval("parallax-header.json", "100", "hero", "y")
    },
    Figure("Configs/README.md", "(`zIndex #`) sliding over it") {
      try eval("parallax-header.json", "100", "row[0]", "zIndex")
    },
    Figure(
      "Configs/README.md",
      "The background collapses from # to a #-point bar pinned under the status bar (offset # onward), fading to # and blurring to # points"
    ) {
      let from = try Self.onward("collapsing-app-bar.json", "background", "height")
      return try eval("collapsing-app-bar.json", "0", "background", "height") + [
        try eval("collapsing-app-bar.json", "300", "background", "height")[0], from,
      ] + eval("collapsing-app-bar.json", "\(from)", "background", "opacity", "blur")
    },
    Figure(
      "Configs/README.md",
      "the title pins # points below the inset (offset # onward) and shrinks to #"
    ) {
      let from = try Self.onward("collapsing-app-bar.json", "title", "y")
      let title = try eval("collapsing-app-bar.json", "\(from)", "title", "y", "scaleX")
      let background = try eval("collapsing-app-bar.json", "0", "background", "y")
      return [title[0] - background[0], from, title[1]]
    },
    Figure("Configs/README.md", "it rests collapsed at #; released at 100") {
      [
        try number(
          try simulate("snapping-app-bar.json", "drag:40:400,release", "background").last, "offset")
      ]
    },
    Figure("Configs/README.md", "(card k at offset 172 k; the last cards at maxOffset #)") {
      [try maxOffset("paging-list.json")]
    },
    Figure(
      "Configs/README.md",
      "(P = 699.5) the list rests at #, card 4 at `y #`; with `android` physics (P = 394.3) at #."
    ) {
      let ios = try simulate("paging-list.json", "drag:200:200,release", "card[4]").last
      let android = try simulate(
        "paging-list.json", "drag:200:200,release", "card[4]", "--physics", "android"
      ).last
      return [try number(ios, "offset"), try number(ios, "y"), try number(android, "offset")]
    },
    Figure("Configs/README.md", "collapses to an #-point bar over the first # points of scroll") {
      [
        try eval("expression-title.json", "300", "header", "height")[0],
        try onward("expression-title.json", "header", "height"),
      ]
    },
    Figure("Configs/README.md", "offset 38: `opacity #, scale #`") {
      try eval("expression-title.json", "38", "largeTitle", "opacity", "scaleX")
    },
    Figure("Configs/README.md", "offset 114: `y #, opacity #`") {
      try eval("expression-title.json", "114", "barTitle", "y", "opacity")
    },
    Figure("Configs/README.md", "from 152: `y #, opacity #`") {
      try eval("expression-title.json", "152", "barTitle", "y", "opacity")
    },
    // Shown: the part of the bar below where it rests unscrolled (under the
    // status bar).
    Figure(
      "Configs/README.md",
      "Scrolled down 300 and back 40, # of its # points show again (y # at offset 260)"
    ) {
      let resting = try eval("quick-return-header.json", "0", "header", "y")[0]
      let back = try eval("quick-return-header.json", "0,100,300,260", "header", "y", "height")
      return [back[0] + back[1] - resting, back[1], back[0]]
    },
    Figure("Configs/README.md", "(crosses #, decreasing; offset #)") {
      let events = try rows([
        "eval", "Configs/app-bar-events.json", "--offsets", "0,50,104,120,60,0", "--events",
      ])
      let collapsed = events.first { $0["event"] == "collapsed" }
      return [try number(collapsed, "value"), try number(collapsed, "offset")]
    },
  ]

  @Test("the prose quotes what the commands print", arguments: figures)
  func figure(_ figure: Figure) throws {
    let prose = try DocumentedText.prose(figure.document)
    let number = #"([-−]?[0-9][0-9,]*(?:\.[0-9]+)?)"#
    let pattern = figure.phrase.components(separatedBy: "#")
      .map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: number)
    let expression = try NSRegularExpression(pattern: pattern)
    let range = NSRange(prose.startIndex..., in: prose)
    let match = try #require(
      expression.firstMatch(in: prose, range: range),
      "\(figure.document) lacks \"\(figure.phrase)\"")
    let quoted = (1..<match.numberOfRanges).map { index in
      String(prose[Range(match.range(at: index), in: prose)!])
    }
    let values = try figure.values()
    #expect(values.count == quoted.count, "\(values) for \(quoted)")
    for (text, value) in zip(quoted, values) {
      let plain = text.replacing(",", with: "").replacing("−", with: "-")
      let decimals = plain.split(separator: ".").dropFirst().first?.count ?? 0
      let scale = pow(10, Double(decimals))
      let rounded = (value * scale).rounded() / scale
      #expect(
        Double(plain) == rounded,
        "\(figure.document) quotes \(text) in \"\(figure.phrase)\"; the command gives \(value)")
    }
  }
}
