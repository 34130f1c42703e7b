import EffectHost
import EffectProtocol
import Foundation
import ScrollEffectsTestSupport
import Testing

@testable import EffectCommandLine

@Suite struct EvaluationTests {
  /// A zooming header above three rows: a fraction (4/3) to print in full.
  static let zoomScene = """
    {"contentHeight": 2000,
     "chains": [
       {"name": "header", "frame": {"y": 0, "height": 300},
        "effects": [{"type": "stretch", "mode": "zoom"}]},
       {"name": "row", "frame": {"y": 300, "height": 80}, "repeat": {"count": 3, "spacing": 8}}
     ]}
    """

  func rows(
    _ format: RowFormat, offsets: String = "-100,0.25", chains: [String] = ["header", "row[2]"],
    scene: String = zoomScene
  ) throws -> String {
    let host = try TestScenes.host(scene)
    var evaluation = Evaluation(
      host: host, format: format, selection: try ViewSelection(names: chains, in: host.chains))
    return evaluation.text(offsets: try OffsetSpec(parsing: offsets))
  }

  @Test("csv: a header line, then rows in full precision")
  func csv() throws {
    #expect(
      try rows(.csv) == """
        offset,chain,x,y,width,height,translateX,translateY,scaleX,scaleY,anchorX,anchorY,opacity,blur,rotation,zIndex
        -100,header,0,0,390,300,0,-100,1.3333333333333333,1.3333333333333333,0.5,0,1,0,0,0
        -100,row[2],0,576,390,80,0,0,1,1,0.5,0.5,1,0,0,0
        0.25,header,0,-0.25,390,300,0,0,1,1,0.5,0.5,1,0,0,0
        0.25,row[2],0,475.75,390,80,0,0,1,1,0.5,0.5,1,0,0,0

        """)
  }

  @Test("ndjson: one object a line, keys in column order")
  func ndjson() throws {
    #expect(
      try rows(.ndjson, offsets: "-100") == """
        {"offset":-100,"chain":"header","x":0,"y":0,"width":390,"height":300,"translateX":0,"translateY":-100,"scaleX":1.3333333333333333,"scaleY":1.3333333333333333,"anchorX":0.5,"anchorY":0,"opacity":1,"blur":0,"rotation":0,"zIndex":0}
        {"offset":-100,"chain":"row[2]","x":0,"y":576,"width":390,"height":80,"translateX":0,"translateY":0,"scaleX":1,"scaleY":1,"anchorX":0.5,"anchorY":0.5,"opacity":1,"blur":0,"rotation":0,"zIndex":0}

        """)
  }

  @Test("json: one array, rows separated by a comma and a line break")
  func json() throws {
    #expect(
      try rows(.json, offsets: "0.25") == """
        [
        {"offset":0.25,"chain":"header","x":0,"y":-0.25,"width":390,"height":300,"translateX":0,"translateY":0,"scaleX":1,"scaleY":1,"anchorX":0.5,"anchorY":0.5,"opacity":1,"blur":0,"rotation":0,"zIndex":0},
        {"offset":0.25,"chain":"row[2]","x":0,"y":475.75,"width":390,"height":80,"translateX":0,"translateY":0,"scaleX":1,"scaleY":1,"anchorX":0.5,"anchorY":0.5,"opacity":1,"blur":0,"rotation":0,"zIndex":0}
        ]

        """)
    #expect(try rows(.json, chains: ["row[0]"], scene: TestScenes.headerAndRows).hasPrefix("[\n{"))
  }

  @Test("json without rows is an empty array")
  func emptyJSON() throws {
    let scene = #"{"chains": [{"name": "row", "frame": {"height": 1}, "repeat": {"count": 0}}]}"#
    #expect(try rows(.json, chains: [], scene: scene) == "[\n]\n")
    #expect(try rows(.ndjson, chains: [], scene: scene) == "")
    #expect(
      try rows(.csv, chains: [], scene: scene) == RowFormat.columns.joined(separator: ",") + "\n")
  }

  @Test("table: aligned columns, numbers to two decimals, offsets in full")
  func table() throws {
    #expect(
      try rows(.table) == """
            offset  chain            x           y       width      height  translateX  translateY      scaleX      scaleY     anchorX     anchorY     opacity        blur    rotation      zIndex
              -100  header        0.00        0.00      390.00      300.00        0.00     -100.00        1.33        1.33        0.50        0.00        1.00        0.00        0.00        0.00
              -100  row[2]        0.00      576.00      390.00       80.00        0.00        0.00        1.00        1.00        0.50        0.50        1.00        0.00        0.00        0.00
              0.25  header        0.00       -0.25      390.00      300.00        0.00        0.00        1.00        1.00        0.50        0.50        1.00        0.00        0.00        0.00
              0.25  row[2]        0.00      475.75      390.00       80.00        0.00        0.00        1.00        1.00        0.50        0.50        1.00        0.00        0.00        0.00

        """)
  }

  @Test("the table's chain column fits the longest name kept, copies' indices included")
  func tableNameWidth() throws {
    let scene = """
      {"chains": [{"name": "a", "frame": {"height": 1}},
                  {"name": "item", "frame": {"height": 1}, "repeat": {"count": 1000}}]}
      """
    let lines = try rows(.table, offsets: "0", chains: ["a", "item[999]", "item[5]"], scene: scene)
      .split(separator: "\n")
    #expect(lines.count == 4)
    // "item[999]" is 9 wide; then two spaces and a number right-aligned in 10.
    #expect(
      lines[0].hasPrefix("    offset  chain" + String(repeating: " ", count: 4 + 2 + 9) + "x"))
    #expect(lines[1].hasPrefix("         0  a" + String(repeating: " ", count: 8 + 2 + 6) + "0.00"))
    #expect(
      lines[2].hasPrefix("         0  item[5]" + String(repeating: " ", count: 2 + 2 + 6) + "0.00"))
    #expect(
      lines[3].hasPrefix("         0  item[999]" + String(repeating: " ", count: 2 + 6) + "0.00"))
    #expect(Set(lines.map(\.count)).count == 1)
  }

  static let oddNames = """
    {"chains": [{"name": "a,b", "frame": {"height": 1}},
                {"name": "say \\"hi\\"", "frame": {"height": 1}, "repeat": {"count": 2}},
                {"name": "back\\\\slash\\nline\\u0001", "frame": {"height": 1}}]}
    """

  @Test("in the table, a name with a line break and one with a backslash and n differ")
  func tableNamesDoNotPassForOthers() throws {
    let scene = #"""
      {"chains": [{"name": "a\nb", "frame": {"height": 1}},
                  {"name": "a\\nb", "frame": {"height": 1}},
                  {"name": "plain", "frame": {"height": 1}}]}
      """#
    let text = try rows(.table, offsets: "0", chains: [], scene: scene)
    let names = text.split(separator: "\n").dropFirst().map { line in
      line.split(separator: " ", omittingEmptySubsequences: true)[1]
    }
    #expect(names == [#""a\nb""#, #""a\\nb""#, "plain"])
  }

  @Test("the table shows a name's control and format characters as escapes: one aligned line a row")
  func tableEscapesNames() throws {
    // A line break, a backslash, an escape sequence (save the
    // cursor), a right-to-left override and a tab, in a repeated chain.
    let scene = """
      {"chains": [{"name": "a", "frame": {"height": 1}},
                  {"name": "two\\nlines \\\\ \\u001B7red\\u202Eevil\\t",
                   "frame": {"height": 1}, "repeat": {"count": 2}}]}
      """
    let text = try rows(.table, offsets: "0", chains: [], scene: scene)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 5)
    #expect(lines[4].isEmpty)
    // In quotes as JSON writes it: the backslash doubled, so that a name
    // holding `\` and `n` cannot pass for one holding a line break.
    let shown = #""two\nlines \\ \u001B7red\u202Eevil\t""#
    #expect(lines[2].hasPrefix("         0  " + shown + "[0]  "))
    #expect(lines[3].hasPrefix("         0  " + shown + "[1]  "))
    #expect(lines[1].hasPrefix("         0  a" + String(repeating: " ", count: shown.count + 2)))
    #expect(Set(lines.prefix(4).map(\.count)).count == 1)
    #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0 == "\t" })
  }

  @Test("csv quotes a name that holds a comma, a quote or a line break (RFC 4180)")
  func csvQuoting() throws {
    let text = try rows(.csv, offsets: "0", chains: [], scene: Self.oddNames)
    #expect(text.contains("\n0,\"a,b\",0,"))
    #expect(text.contains("\n0,\"say \"\"hi\"\"[0]\",0,"))
    #expect(text.contains("\n0,\"say \"\"hi\"\"[1]\",0,"))
    #expect(text.contains("\n0,\"back\\slash\nline\u{1}\",0,"))
  }

  @Test("json escapes names and reads back with every column in order")
  func jsonEscapingRoundTrip() throws {
    let text = try rows(.json, offsets: "-1.5,2", chains: [], scene: Self.oddNames)
    guard case .array(let rows) = try JSONParser.parse(text) else {
      Issue.record("not an array")
      return
    }
    #expect(rows.count == 8)
    let names = rows.compactMap { row -> String? in
      guard case .object(let object) = row, case .string(let name) = object["chain"] else {
        return nil
      }
      #expect(object.keys == RowFormat.columns)
      return name
    }
    #expect(names.prefix(4) == ["a,b", #"say "hi"[0]"#, #"say "hi"[1]"#, "back\\slash\nline\u{1}"])
    #expect(text.contains(#""back\\slash\nline\u0001""#))
  }

  /// The stretchy header of ``TestScenes/headerAndRows`` and a 20-point badge whose natural
  /// origin is off zero on both axes, moved by a parallax.
  static let offsetOrigin = """
    {"contentHeight": 2000,
     "chains": [
       {"name": "header", "frame": {"y": 0, "height": 300}, "effects": [{"type": "stretch"}]},
       {"name": "badge", "frame": {"x": 10, "y": 500, "height": 20},
        "effects": [{"type": "parallax", "rate": 0.5}]}
     ]}
    """

  @Test("every column holds its value: translations from the natural origin")
  func columnValues() throws {
    func row(offset: String, chain: String) throws -> JSONObject {
      let text = try rows(.ndjson, offsets: offset, chains: [chain], scene: Self.offsetOrigin)
      guard case .object(let row) = try JSONParser.parse(text) else {
        Issue.record("not an object: \(text)")
        return JSONObject()
      }
      return row
    }
    // The header pulled 100 (offset -100): natural y 0 - (-100) = 100; the stretch grows
    // the height by the pull, 300 + 100 = 400, and keeps the top where it rests, y = 100 -
    // 100 = 0, so translateY = 0 - 100 = -100. Width is the viewport's 390; the rest stay
    // at the identity (scales 1, anchors 0.5, opacity 1, blur, rotation and zIndex 0).
    let header: [Double] = [0, 0, 390, 400, 0, -100, 1, 1, 0.5, 0.5, 1, 0, 0, 0]
    // The badge scrolled 100: natural x 10 and y 500 - 100 = 400; the parallax adds
    // 0.5 * 100 = 50, y = 450, so translateY = 450 - 400 = 50 and translateX = 10 - 10 = 0.
    // Without a width the frame spans the safe area, 390 - 0 - 0 = 390.
    let badge: [Double] = [10, 450, 390, 20, 0, 50, 1, 1, 0.5, 0.5, 1, 0, 0, 0]
    let cases = [("-100", "header", header), ("100", "badge", badge)]
    for (offset, chain, expected) in cases {
      let row = try row(offset: offset, chain: chain)
      #expect(row.keys == RowFormat.columns)
      #expect(row["chain"] == .string(chain))
      #expect(row["offset"] == .number(Double(offset)!))
      for (column, value) in zip(TransformColumn.allCases, expected) {
        #expect(row[column.rawValue] == .number(value), "\(chain) \(column)")
      }
    }
  }

  @Test("small chunks give the same bytes as one")
  func chunking() throws {
    let whole = try rows(.csv, offsets: "-100:300:7", chains: [])
    var evaluation = Evaluation(host: try TestScenes.host(Self.zoomScene), format: .csv)
    evaluation.chunkSize = 100
    var chunks: [[UInt8]] = []
    evaluation.write(offsets: try OffsetSpec(parsing: "-100:300:7")) {
      (bytes: UnsafeRawBufferPointer) -> Void in chunks.append(Array(bytes))
    }
    #expect(chunks.count > 10)
    #expect(chunks.dropLast().allSatisfy { $0.count >= 100 && $0.count < 300 })
    #expect(String(decoding: chunks.joined(), as: UTF8.self) == whole)
  }

  struct Closed: Error {}

  @Test("an output that throws stops the evaluation at once")
  func stopsOnError() throws {
    var evaluation = Evaluation(host: try TestScenes.host(), format: .csv)
    evaluation.chunkSize = 64
    var calls = 0
    #expect(throws: Closed.self) {
      try evaluation.write(offsets: try OffsetSpec(parsing: "0:99999999")) {
        (_: UnsafeRawBufferPointer) throws(Closed) -> Void in
        calls += 1
        if calls == 3 { throw Closed() }
      }
    }
    #expect(calls == 3)
    #expect(evaluation.host.geometry.offset < 10)
  }

  @Test("the table pads chain names by terminal cells and quotes names with end spaces")
  func tableCells() throws {
    let path = Scratch.root.path + "/wide-\(UUID().uuidString).json"
    try #"""
    {"chains": [{"name": "表头表头", "frame": {"height": 10}}, {"name": "👍", "frame": {"height": 10}},
      {"name": "e\u0301x", "frame": {"height": 10}}, {"name": "trail ", "frame": {"height": 10}},
      {"name": "trail", "frame": {"height": 10}}, {"name": " lead", "frame": {"height": 10}},
      {"name": "\"q", "frame": {"height": 10}}]}
    """#.write(toFile: path, atomically: false, encoding: .utf8)
    let result = InProcess(["eval", path, "--offsets", "0"])
    #expect(result.status == .success)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    // The widest name takes 8 cells (表头表头, "trail " with its quotes);
    // each row is the offset in 10, two spaces, the name padded to 8 cells,
    // then x in 10 after two spaces.
    #expect(lines[0].hasPrefix("    offset  chain     " + "         x"))
    let shown: [(String, Int)] = [
      ("表头表头", 8), ("👍", 2), ("e\u{0301}x", 2), ("\"trail \"", 8), ("trail", 5),
      ("\" lead\"", 7), ("\"\\\"q\"", 5),
    ]
    #expect(lines.count == shown.count + 1)
    for ((name, cells), line) in zip(shown, lines.dropFirst()) {
      let expected =
        "         0  " + name + String(repeating: " ", count: 8 - cells) + "        0.00  "
      #expect(line.hasPrefix(expected), "\(line)")
    }
  }
}
