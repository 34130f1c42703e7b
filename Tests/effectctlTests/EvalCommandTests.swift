import EffectCommandLine
import EffectHost
import Foundation
import Testing

@Suite struct EvalCommandTests {
  let scene = Effectctl.stretchyHeader

  /// A header over four repeated rows.
  static let rowsScene = """
    {"chains": [
      {"name": "header", "frame": {"height": 300}, "effects": [{"type": "stretch"}]},
      {"name": "row", "frame": {"y": 300, "height": 80}, "repeat": {"count": 4, "spacing": 8}}
    ]}
    """

  /// The CSV rows of `output`, each a dictionary by column, after checking
  /// the header.
  func csvRows(_ output: Effectctl.Output) throws -> [[String: String]] {
    #expect(output.status == 0)
    #expect(output.stderr == "")
    let lines = output.stdout.split(separator: "\n").map(String.init)
    let header = try #require(lines.first)
    #expect(header.split(separator: ",").map(String.init) == RowFormat.columns)
    return lines.dropFirst().map { line in
      Dictionary(
        uniqueKeysWithValues: zip(RowFormat.columns, line.split(separator: ",").map(String.init)))
    }
  }

  func offsetsColumn(_ arguments: [String]) throws -> [String] {
    try csvRows(Effectctl.run(["eval", scene, "--format", "csv", "--chain", "header"] + arguments))
      .map { $0["offset"] ?? "?" }
  }

  @Test("csv: the stretchy header at -100 is at y 0, 400 high, moved up 100")
  func csv() throws {
    let rows = try csvRows(Effectctl.run(["eval", scene, "--offsets", "-100", "--format", "csv"]))
    #expect(rows.count == 2)
    #expect(rows[0]["chain"] == "header")
    #expect(rows[0]["y"] == "0")
    #expect(rows[0]["height"] == "400")
    #expect(rows[0]["translateY"] == "-100")
    #expect(rows[0]["anchorX"] == "0.5")
    #expect(rows[1]["chain"] == "body")
    #expect(rows[1]["y"] == "400")
  }

  @Test("json: one array of row objects with every column")
  func json() throws {
    let output = try Effectctl.run(["eval", scene, "--offsets", "-100,150", "--format", "json"])
    #expect(output.status == 0)
    #expect(output.stderr == "")
    let parsed = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
    let rows = try #require(parsed as? [[String: Any]])
    #expect(rows.count == 4)
    #expect(rows.allSatisfy { Set($0.keys) == Set(RowFormat.columns) })
    #expect(rows.map { $0["chain"] as? String } == ["header", "body", "header", "body"])
    #expect(rows[0]["y"] as? Double == 0)
    #expect(rows[0]["height"] as? Double == 400)
    #expect(rows[0]["translateY"] as? Double == -100)
    #expect(rows[2]["offset"] as? Double == 150)
    #expect(rows[2]["y"] as? Double == -150)
    #expect(rows[2]["height"] as? Double == 300)
  }

  @Test("ndjson: one object a line")
  func ndjson() throws {
    let output = try Effectctl.run(["eval", scene, "--offsets", "-100:-99", "--format", "ndjson"])
    #expect(output.status == 0)
    let lines = output.stdout.split(separator: "\n")
    #expect(lines.count == 4)
    let rows = try lines.map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(rows.map { $0["offset"] as? Double } == [-100, -100, -99, -99])
    #expect(rows[2]["height"] as? Double == 399)
    #expect(rows[2]["translateY"] as? Double == -99)
  }

  @Test("table: the default; a header of every column, then numbers to two decimals")
  func table() throws {
    let output = try Effectctl.run(["eval", scene, "--offsets", "-100"])
    #expect(output.status == 0)
    #expect(output.stderr == "")
    let lines = output.stdout.split(separator: "\n").map {
      $0.split(separator: " ").map(String.init)
    }
    #expect(lines.count == 3)
    #expect(lines[0] == RowFormat.columns)
    #expect(
      Array(lines[1].prefix(8)) == [
        "-100", "header", "0.00", "0.00", "390.00", "400.00", "0.00", "-100.00",
      ])
    #expect(Array(lines[2].prefix(4)) == ["-100", "body", "0.00", "400.00"])
  }

  @Test(
    "every offsets form, negative values unquoted",
    arguments: [
      (["--offsets", "-100:-97"], ["-100", "-99", "-98", "-97"]),
      (["--offsets=-100:-97"], ["-100", "-99", "-98", "-97"]),
      (["--offsets", "300:-100:-100"], ["300", "200", "100", "0", "-100"]),
      (["--offsets", "0:1:0.25"], ["0", "0.25", "0.5", "0.75", "1"]),
      (["--offsets", "0:0.3:0.1"], ["0", "0.1", "0.2", "0.3"]),
      (["--offsets", "0,50,-100"], ["0", "50", "-100"]),
      (["--offsets", "-5"], ["-5"]),
    ])
  func offsetForms(arguments: [String], offsets: [String]) throws {
    #expect(try offsetsColumn(arguments) == offsets)
  }

  @Test("401 offsets from -100 to 300, both included")
  func inclusiveRange() throws {
    let offsets = try offsetsColumn(["--offsets", "-100:300"])
    #expect(offsets.count == 401)
    #expect(offsets.first == "-100")
    #expect(offsets.last == "300")
  }

  @Test("- reads the scene from standard input")
  func standardInput() throws {
    let json = try String(contentsOfFile: scene, encoding: .utf8)
    let fromStdin = try Effectctl.run(
      ["eval", "-", "--offsets", "-100:0:50", "--format", "csv"], input: json)
    let fromFile = try Effectctl.run(["eval", scene, "--offsets", "-100:0:50", "--format", "csv"])
    #expect(fromStdin.status == 0)
    #expect(fromStdin.stdout == fromFile.stdout)
    #expect(fromStdin.stdout.split(separator: "\n").count == 7)
  }

  @Test(
    "--chain keeps a chain, every copy of a repeated one, or one copy",
    arguments: [
      (["header"], ["header"]),
      (["row"], ["row[0]", "row[1]", "row[2]", "row[3]"]),
      (["row[3]", "row[1]"], ["row[1]", "row[3]"]),
      (["row[2]", "header"], ["header", "row[2]"]),
      (["--chain=row[0]"], ["row[0]"]),
    ])
  func chainFilter(names: [String], kept: [String]) throws {
    let path = try Effectctl.temporaryFile(Self.rowsScene)
    let chainArguments = names.flatMap { $0.hasPrefix("--") ? [$0] : ["--chain", $0] }
    let rows = try csvRows(
      Effectctl.run(["eval", path, "--offsets", "0", "--format", "csv"] + chainArguments))
    #expect(rows.map { $0["chain"] ?? "?" } == kept)
  }

  @Test("-- ends the options: a scene file whose name starts with a dash")
  func dashedFileName() throws {
    let path = try Effectctl.temporaryFile(Self.rowsScene, name: "-scene.json")
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let output = try Effectctl.run([
      "eval", "--offsets", "0", "--format", "csv", "--", directory + "/-scene.json",
    ])
    #expect(output.status == 0)
    #expect(output.stdout.split(separator: "\n").count == 6)
  }

  @Test("a reader that stops early ends the program quietly, with status 0")
  func closedPipe() throws {
    let executable = try #require(Effectctl.executable)
    let process = Process()
    process.executableURL = executable
    process.arguments = ["eval", scene, "--offsets", "0:10000000", "--format", "csv"]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let start = try out.fileHandleForReading.read(upToCount: 200) ?? Data()
    try out.fileHandleForReading.close()
    process.waitUntilExit()
    let errors = try err.fileHandleForReading.readToEnd() ?? Data()
    #expect(String(decoding: start, as: UTF8.self).hasPrefix("offset,chain,x,y,"))
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    #expect(errors.isEmpty)
  }

  @Test("output that cannot be written is a failure: status 1")
  func fullDevice() throws {
    try #require(FileManager.default.fileExists(atPath: "/dev/full"))
    let executable = try #require(Effectctl.executable)
    let process = Process()
    process.executableURL = executable
    process.arguments = ["eval", scene, "--offsets", "0", "--format", "csv"]
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    let err = Pipe()
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    let errors = String(decoding: try err.fileHandleForReading.readToEnd() ?? Data(), as: UTF8.self)
    #expect(process.terminationStatus == 1)
    #expect(errors == "error: cannot write the output: no space left on device\n")
  }

  @Test("an invalid scene: every error on standard error, status 65")
  func invalidScene() throws {
    let path = try Effectctl.temporaryFile(
      #"{"chains": [{"name": "h", "frame": {"heigth": 3}, "effects": [{"type": "strech"}]}]}"#)
    let output = try Effectctl.run(["eval", path, "--offsets", "0"])
    #expect(output.status == 65)
    #expect(output.stdout == "")
    #expect(
      output.stderr == """
        error: \(path): chains[0].frame.heigth: unknown key for a frame; did you mean "height"? (valid keys: x, y, width, height)
        error: \(path): chains[0].effects[0].type: unknown effect type "strech"; did you mean "stretch"? (registered: \(BuiltInTypes.names))

        """)
  }

  @Test("a missing scene: status 66, for eval and bench alike")
  func missingScene() throws {
    for arguments in [["eval", "nowhere.json", "--offsets", "0"], ["bench", "nowhere.json"]] {
      let output = try Effectctl.run(arguments)
      #expect(output.status == 66)
      #expect(output.stdout == "")
      #expect(output.stderr == "error: nowhere.json: no such file\n")
    }
  }

  @Test("usage errors found before the scene is read win over scene errors")
  func usageBeforeScene() throws {
    let output = try Effectctl.run(["eval", "nowhere.json", "--offsets", "x"])
    #expect(output.status == 64)
    #expect(output.stdout == "")
    // The offsets' message, not the missing scene's (`error: nowhere.json: no such file`).
    #expect(
      output.stderr
        == Effectctl.usageError(
          "The value 'x' is invalid for '--offsets <spec>': 'x' is not a number; expected a "
            + "decimal number such as -100 or 0.5",
          command: "eval"))
  }

  @Test("--visible: the built effectctl prints the full rows of the copies meeting -V...2V")
  func visibleEndToEnd() throws {
    // 2,000 rows of 80 points, 8 apart, from y 0, in 390 x 844: row i's top
    // at offset 10,000 is 88 i - 10000, so rows 104 (88 i + 80 >= 9156) to
    // 132 (88 i <= 11688) meet the window.
    let path = try Effectctl.temporaryFile(
      """
      {"viewport": {"width": 390, "height": 844}, "contentHeight": 176000, "chains": [
        {"name": "row", "frame": {"height": 80}, "repeat": {"count": 2000, "spacing": 8},
         "effects": [{"type": "interpolate", "property": "opacity", "input": "progress",
                      "stops": [[0, 0], [0.2, 1]]}]}]}
      """)
    for format in ["csv", "ndjson", "table"] {
      let full = try Effectctl.run(["eval", path, "--offsets", "10000", "--format", format])
      let visible = try Effectctl.run([
        "eval", path, "--offsets", "10000", "--format", format, "--visible",
      ])
      #expect(visible.status == 0 && visible.stderr == "")
      let fullLines = full.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      let header = format == "ndjson" ? 0 : 1
      let expected =
        Array(fullLines[0..<header]) + Array(fullLines[(header + 104)...(header + 132)]) + [""]
      #expect(
        visible.stdout.split(separator: "\n", omittingEmptySubsequences: false) == expected,
        "\(format)")
    }
  }
}
