import Foundation
import ScrollEffectsTestSupport
import Testing

@testable import EffectCommandLine

/// `effectctl check` against golden files made here from real `eval` and
/// `simulate` output, one cell edited: each expected report is derived from
/// the edit, not copied from a run.
@Suite struct CheckCommandTests {
  static let scene = InProcess.stretchyHeader

  /// A new, empty temporary folder.
  static func folder() throws -> String {
    let url = Scratch.root
      .appendingPathComponent("check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  /// What `eval` prints as csv for `offsets`.
  static func evalCSV(_ offsets: String) -> String {
    InProcess(["eval", scene, "--offsets", offsets, "--format", "csv"]).stdout
  }

  /// `csv` with the cell of `column` in the rows that start with `lead`
  /// (every row when `nil`) made `change(old)`.
  static func edited(
    _ csv: String, lead: String?, column: String, _ change: (String) -> String
  ) -> String {
    var lines = csv.split(separator: "\n").map(String.init)
    let index = lines[0].split(separator: ",").firstIndex(of: Substring(column))!
    for row in lines.indices.dropFirst() where lead.map({ lines[row].hasPrefix($0) }) ?? true {
      var cells = lines[row].split(separator: ",", omittingEmptySubsequences: false).map(
        String.init)
      cells[index] = change(cells[index])
      lines[row] = cells.joined(separator: ",")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The cell of `column` in the first row of `csv` that starts with `lead`.
  static func cell(_ csv: String, lead: String, column: String) -> String {
    let lines = csv.split(separator: "\n")
    let index = lines[0].split(separator: ",").firstIndex(of: Substring(column))!
    let row = lines.first { $0.hasPrefix(lead) }!
    return String(row.split(separator: ",", omittingEmptySubsequences: false)[index])
  }

  /// `check` of the scene with `arguments` against a golden file holding
  /// `golden`; the golden file's path is the report's.
  static func check(_ golden: String, _ arguments: [String]) throws -> (InProcess, String) {
    let path = try folder() + "/golden.csv"
    try golden.write(toFile: path, atomically: false, encoding: .utf8)
    return (InProcess(["check", scene, "--golden", path] + arguments), path)
  }

  @Test("rows equal to the golden file's: exit 0 and the count")
  func equal() throws {
    let (run, path) = try Self.check(Self.evalCSV("-100:300:50"), ["--offsets", "-100:300:50"])
    #expect(run.status == .success)
    #expect(run.stdout == "18 rows match \(path)\n")
    #expect(run.stderr.isEmpty)
  }

  @Test("blank lines, at the end or between rows, are no rows; a damaged row's line counts them")
  func blankLines() throws {
    let lines = Self.evalCSV("-100:300:50").split(separator: "\n").map(String.init)
    #expect(lines.count == 19)
    for golden in [
      lines.joined(separator: "\n") + "\n\n",
      lines.joined(separator: "\n") + "\n\r\n\n",
      "\n" + lines[0] + "\n\n" + lines[1...].joined(separator: "\n\n") + "\n",
    ] {
      let (run, path) = try Self.check(golden, ["--offsets", "-100:300:50"])
      #expect(run.status == .success, "\(run.stdout)\(run.stderr)")
      #expect(run.stdout == "18 rows match \(path)\n")
    }
    // The header on line 2, two blank lines, then the first row: line 5.
    let damaged = "\n" + lines[0] + "\n\n\n" + lines[1] + ",1\n"
    let (run, path) = try Self.check(damaged, ["--offsets", "-100:300:50"])
    #expect(run.status == .invalidScene)
    #expect(run.stderr == "error: \(path):5: expected 16 values as the header has, found 17\n")
  }

  @Test("a golden file with a byte order mark is read as without; one of bytes not UTF-8 is 65")
  func byteOrderMarkAndUTF8() throws {
    let csv = Array(Self.evalCSV("-100:300:50").utf8)
    let path = try Self.folder() + "/golden.csv"
    try Data([0xEF, 0xBB, 0xBF] + csv).write(to: URL(fileURLWithPath: path))
    let marked = InProcess(["check", Self.scene, "--golden", path, "--offsets", "-100:300:50"])
    #expect(marked.status == .success, "\(marked.stdout)")
    #expect(marked.stdout == "18 rows match \(path)\n")
    // A 0xFF in the name on the third line, a lone continuation byte, and
    // a 0xFF right after a two-byte "é" (which the decoder reads past).
    for bad: [UInt8] in [[0xFF], [0x80], [0xC3, 0xA9, 0xFF]] {
      var bytes = csv
      let third = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }[1] + 2
      bytes.insert(contentsOf: bad, at: third)
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let run = InProcess(["check", Self.scene, "--golden", path, "--offsets", "-100:300:50"])
      #expect(run.status == .invalidScene)
      #expect(
        run.stderr
          == "error: \(path):3: expected UTF-8 text, found the invalid byte 0x"
          + String(bad.last!, radix: 16, uppercase: true) + "\n")
    }
  }

  @Test("a changed value: the row, the column, both values and how far apart")
  func changedValue() throws {
    let real = Self.evalCSV("-100:300:50")
    let old = Self.cell(real, lead: "100,header,", column: "height")
    let golden = Self.edited(real, lead: "100,header,", column: "height") {
      String(Double($0)! + 2)
    }
    let (run, path) = try Self.check(golden, ["--offsets", "-100:300:50"])
    #expect(run.status == .failure)
    #expect(
      run.stdout == """
        1 row differs from \(path): 1 value in 1 row
        offset 100, header, height: golden \(Double(old)! + 2), now \(old) (off by 2)

        """)
    #expect(run.stderr.isEmpty)
  }

  @Test("a row the golden file lacks is only now; one it has beyond the rows, only in it")
  func rowsOnOneSide() throws {
    let real = Self.evalCSV("-100:300:50")
    let missing = real.replacing(/\n0,body,[^\n]*/, with: "")
    let (short, shortPath) = try Self.check(missing, ["--offsets", "-100:300:50"])
    #expect(short.status == .failure)
    #expect(
      short.stdout == "1 row differs from \(shortPath): 1 row only now\nonly now: offset 0, body\n")

    let extra = real + real.split(separator: "\n")[1].replacing("-100,", with: "500,") + "\n"
    let (long, longPath) = try Self.check(extra, ["--offsets", "-100:300:50"])
    #expect(long.status == .failure)
    #expect(
      long.stdout == """
        1 row differs from \(longPath): 1 row only in \(longPath)
        only in \(longPath): offset 500, header

        """)
  }

  @Test("a number exactly the tolerance away matches; beyond it, it differs")
  func tolerance() throws {
    // 300.5 and 300 are exact Doubles half a point apart.
    let real = Self.evalCSV("-100:300:50")
    #expect(Self.cell(real, lead: "0,header,", column: "height") == "300")
    let golden = Self.edited(real, lead: "0,header,", column: "height") { _ in "300.5" }
    let (at, path) = try Self.check(golden, ["--offsets", "-100:300:50", "--tolerance", "0.5"])
    #expect(at.status == .success)
    #expect(at.stdout == "18 rows match \(path)\n")

    let beyond = InProcess([
      "check", Self.scene, "--golden", path, "--offsets", "-100:300:50", "--tolerance", "0.25",
    ])
    #expect(beyond.status == .failure)
    #expect(
      beyond.stdout == """
        1 row differs from \(path): 1 value in 1 row
        offset 0, header, height: golden 300.5, now 300 (off by 0.5)

        """)
    // The default tolerance is far below half a point.
    let strict = InProcess(["check", Self.scene, "--golden", path, "--offsets", "-100:300:50"])
    #expect(strict.status == .failure)
  }

  @Test(
    "a decimal difference of exactly the tolerance matches, as the decimals are, not their Doubles")
  func decimalTolerance() throws {
    let real = Self.evalCSV("-100:300:50")
    let golden = Self.edited(real, lead: "0,header,", column: "width") { _ in "390.1" }
    // 390.1 - 390 is 0.10000000000002274 in Doubles.
    #expect(390.1 - 390.0 > 0.1)
    let (at, path) = try Self.check(golden, ["--offsets", "-100:300:50", "--tolerance", "0.1"])
    #expect(at.status == .success, "\(at.stdout)")
    let beyond = InProcess([
      "check", Self.scene, "--golden", path, "--offsets", "-100:300:50", "--tolerance", "0.0999999",
    ])
    #expect(beyond.status == .failure)
  }

  @Test("random decimals: exactly the tolerance apart match, a millionth of it more differs")
  func randomDecimalTolerances() throws {
    var random = SplitMix64(seed: 0x70_1e)
    for _ in 0..<20_000 {
      // Decimals of up to 6 places, a tolerance of up to 3, as text.
      let places = Int.random(in: 0...6, using: &random)
      let scale = Int(pow(10.0, Double(places)))
      let whole = Int.random(in: -2_000_000_000...2_000_000_000, using: &random)
      let steps = Int.random(in: 1...(3 * scale), using: &random)
      func text(_ units: Int) -> String {
        let sign = units < 0 ? "-" : ""
        let magnitude = abs(units)
        guard places > 0 else { return sign + String(magnitude) }
        let fraction = String(magnitude % scale)
        return sign + String(magnitude / scale) + "."
          + String(repeating: "0", count: places - fraction.count) + fraction
      }
      let a = try #require(Double(text(whole)))
      let b = try #require(Double(text(whole + steps)))
      let tolerance = try #require(Double(text(steps)))
      #expect(RowComparison.isWithin(a, b, tolerance: tolerance), "\(text(whole)) \(text(steps))")
      #expect(RowComparison.isWithin(b, a, tolerance: tolerance))
      // A millionth of the tolerance less is beyond it, where the numbers'
      // ulps are far below that millionth.
      if max(abs(a), abs(b)).ulp * 1e3 < tolerance * 1e-6 {
        #expect(!RowComparison.isWithin(a, b, tolerance: tolerance * (1 - 1e-6)))
      }
    }
  }

  @Test("more than 20 differences: the counts of all, the first 20, how many more")
  func manyDifferences() throws {
    let real = Self.evalCSV("-100:300:10")
    let rows = real.split(separator: "\n").dropFirst()
    #expect(rows.count == 82)
    let golden = Self.edited(real, lead: nil, column: "width") { String(Int($0)! + 1) }
    let (run, path) = try Self.check(golden, ["--offsets", "-100:300:10"])
    #expect(run.status == .failure)
    let shown = rows.prefix(20).map { row in
      let cells = row.split(separator: ",")
      return "offset \(cells[0]), \(cells[1]), width: golden \(Int(cells[4])! + 1), "
        + "now \(cells[4]) (off by 1)"
    }
    let expected =
      ["82 rows differ from \(path): 82 values in 82 rows"] + shown + ["and 62 more values"]
    #expect(run.stdout == expected.joined(separator: "\n") + "\n")
  }

  @Test("simulate's rows: paired by frame and chain, each difference with its frame and time")
  func simulateMode() throws {
    let arguments = ["--gesture", "drag:-200:300,release", "--chain", "header"]
    let real = InProcess(["simulate", Self.scene] + arguments + ["--format", "csv"]).stdout
    let lead = "36,0.3,"
    #expect(Self.cell(real, lead: lead, column: "phase") == "decelerating")
    var golden = Self.edited(real, lead: lead, column: "phase") { _ in "interacting" }
    golden = Self.edited(golden, lead: lead, column: "width") { String(Int($0)! - 2) }
    let width = Self.cell(real, lead: lead, column: "width")
    let (run, path) = try Self.check(golden, arguments)
    #expect(run.status == .failure)
    #expect(
      run.stdout == """
        1 row differs from \(path): 2 values in 1 row
        frame 36, time 0.3, header, phase: golden interacting, now decelerating
        frame 36, time 0.3, header, width: golden \(Int(width)! - 2), now \(width) (off by 2)

        """)
    let same = try Self.check(real, arguments)
    #expect(same.0.status == .success)
    #expect(same.0.stdout == "\(real.split(separator: "\n").count - 1) rows match \(same.1)\n")
  }

  @Test("a golden file that is missing: exit 66 with its reason, nothing compared")
  func missingGolden() throws {
    let path = try Self.folder() + "/none.csv"
    let run = InProcess(["check", Self.scene, "--golden", path, "--offsets", "0"])
    #expect(run.status == .unreadableScene)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == "error: \(path): no such file\n")
  }

  @Test(
    "a golden file that is not such csv: exit 65 with the file and line",
    arguments: [
      ("offset,chain,x\n0,header\n", "2: expected 3 values as the header has, found 2"),
      (
        "offset,chain,x\n0,header,0\n0,body,wide\n",
        "3: expected a number in column x, found 'wide'"
      ),
      (
        "offset,chain,x\n0,header,0\n0,body,nan\n",
        "3: expected a finite number in column x, found 'nan'"
      ),
      (
        "offset,chain,x\n0,header,-inf\n0,body,0\n",
        "2: expected a finite number in column x, found '-inf'"
      ),
      (
        "offset,chain,x\n0,header,1e999\n0,body,0\n",
        "2: expected a finite number in column x, found '1e999'"
      ),
      (
        "offset,chain,x\nnan,header,0\n0,body,0\n",
        "2: expected a finite number in column offset, found 'nan'"
      ),
      // Text strtod would read as a number, which eval never writes.
      ("offset,chain,x\n0,header,0x10\n", "2: expected a number in column x, found '0x10'"),
      ("offset,chain,x\n0,header,+16\n", "2: expected a number in column x, found '+16'"),
      (
        "offset,chain,x\n0,header,16\u{0}junk\n",
        "2: expected a number in column x, found '16\\u0000junk'"
      ),
      ("offset,chain,x\n0,header,016\n", "2: expected a number in column x, found '016'"),
      ("offset,chain,x\n0,header,1.\n", "2: expected a number in column x, found '1.'"),
      ("offset,chain,x\n.5,header,0\n", "2: expected a number in column offset, found '.5'"),
      ("", "1: the file is empty; expected the header line offset,chain,x"),
      ("\n", "1: the file has only blank lines; expected the header line offset,chain,x"),
      ("\r\n\n", "1: the file has only blank lines; expected the header line offset,chain,x"),
      ("offset,chain,x\n0,\"header,0\n", "2: a quoted value is not closed"),
    ])
  func invalidGolden(golden: String, message: String) throws {
    let (run, path) = try Self.check(golden, ["--offsets", "0", "--columns", "x"])
    #expect(run.status == .invalidScene)
    #expect(run.stderr == "error: \(path):\(message)\n")
  }

  @Test("a golden file recorded with other columns: exit 1, both headers")
  func otherColumns() throws {
    let (run, path) = try Self.check(
      Self.evalCSV("0"), ["--offsets", "0", "--columns", "y,height"])
    #expect(run.status == .failure)
    #expect(
      run.stdout
        == "the columns differ from \(path): golden \(RowFormat.columns.joined(separator: ",")); "
        + "now offset,chain,y,height\n")
  }

  @Test("a golden file recorded as eval's table: exit 1, and how to record it as csv")
  func tableGolden() throws {
    // eval's default format pads every cell to its column.
    let table = InProcess(["eval", Self.scene, "--offsets", "0", "--columns", "x,y"]).stdout
    #expect(table.hasPrefix("    offset  chain "))
    let (run, path) = try Self.check(table, ["--offsets", "0", "--columns", "x,y"])
    #expect(run.status == .failure)
    #expect(
      run.stdout
        == "the columns differ from \(path): golden \(table.split(separator: "\n")[0]); "
        + "now offset,chain,x,y\n"
        + "\(path) holds eval's table, not csv: record it with check --update, "
        + "or with eval --format csv\n")
  }

  @Test("a golden file recorded as a table of other columns, or simulate's: named as such")
  func otherTables() throws {
    let table = InProcess(["eval", Self.scene, "--offsets", "0", "--columns", "y"]).stdout
    let (run, path) = try Self.check(table, ["--offsets", "0", "--columns", "x,y"])
    #expect(run.status == .failure)
    #expect(
      run.stdout.hasSuffix(
        "\(path) holds eval's table, not csv: record it with check --update, "
          + "or with eval --format csv\n"))
    let motion = InProcess(["simulate", Self.scene, "--gesture", "drag:10:100"]).stdout
    let (simulated, golden) = try Self.check(motion, ["--gesture", "drag:10:100"])
    #expect(simulated.status == .failure)
    #expect(
      simulated.stdout.hasSuffix(
        "\(golden) holds simulate's table, not csv: record it with check --update, "
          + "or with simulate --format csv\n"))
  }

  @Test("--update writes what eval --format csv prints, and the check then matches")
  func update() throws {
    let path = try Self.folder() + "/golden.csv"
    let run = InProcess([
      "check", Self.scene, "--golden", path, "--offsets", "-100:300:50", "--update",
    ])
    #expect(run.status == .success)
    #expect(run.stdout == "wrote 18 rows to \(path)\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.evalCSV("-100:300:50"))
    let again = InProcess(["check", Self.scene, "--golden", path, "--offsets", "-100:300:50"])
    #expect(again.status == .success)
  }

  @Test("--update that cannot write leaves the old golden file whole and nothing beside it")
  func updateWholeOrNothing() throws {
    let folder = try Self.folder()
    let path = folder + "/golden.csv"
    try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
    // The name the new file is first written under, taken: the write fails
    // before the old file is touched.
    let temporary = folder + "/.golden.csv.\(ProcessInfo.processInfo.processIdentifier).tmp"
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
    let run = InProcess(["check", Self.scene, "--golden", path, "--offsets", "0", "--update"])
    #expect(run.status == .failure)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == "error: cannot write '\(path)': file exists\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
    try FileManager.default.removeItem(atPath: temporary)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["golden.csv"])

    let nowhere = folder + "/missing/golden.csv"
    let lost = InProcess(["check", Self.scene, "--golden", nowhere, "--offsets", "0", "--update"])
    #expect(lost.status == .failure)
    #expect(
      lost.stderr
        == "error: cannot write '\(nowhere)': the directory '\(folder)/missing' does not exist\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["golden.csv"])
  }

  @Test(
    "--tolerance with --update is a usage error, even at the default, and the golden file is left as it was"
  )
  func toleranceWithUpdate() throws {
    for tolerance in ["1", "1e-9"] {
      let (run, path) = try Self.check(
        "old", ["--offsets", "0", "--update", "--tolerance", tolerance])
      #expect(run.status == .usage)
      let first = run.stderr.split(separator: "\n").first.map(String.init)
      #expect(
        first
          == "Error: Option '--tolerance <t>' goes with comparing: '--update' writes the golden file and compares nothing"
      )
      #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    }
    let (written, _) = try Self.check("old", ["--offsets", "0", "--update"])
    #expect(written.status == .success)
  }

  @Test(
    "options of the other mode, both modes, neither, or the scene as golden file are usage errors",
    arguments: [
      (
        ["--offsets", "0", "--gesture", "fling:100"],
        "Options '--offsets <spec>' and '--gesture <spec>' cannot be used together"
      ),
      ([], "Missing '--offsets <spec>' or '--gesture <spec>'"),
      (["--offsets", "0", "--fps", "60"], "Option '--fps <n>' goes with '--gesture <spec>'"),
      (["--gesture", "fling:100", "--visible"], "Option '--visible' goes with '--offsets <spec>'"),
      (
        ["--gesture", "fling:100", "--columns", "y"],
        "Option '--columns <names>' goes with '--offsets <spec>'"
      ),
    ])
  func modes(arguments: [String], message: String) throws {
    let (run, _) = try Self.check("", arguments)
    #expect(run.status == .usage)
    let first = run.stderr.split(separator: "\n").first.map(String.init)
    #expect(
      first == "Error: \(message): check compares eval's rows (--offsets) or simulate's (--gesture)"
    )
  }

  @Test("the scene itself as the golden file is refused before anything is written")
  func sceneAsGolden() throws {
    let before = try String(contentsOfFile: Self.scene, encoding: .utf8)
    let run = InProcess([
      "check", Self.scene, "--golden", Self.scene, "--offsets", "0", "--update",
    ])
    #expect(run.status == .usage)
    #expect(
      run.stderr.hasPrefix(
        "Error: The value '\(Self.scene)' is invalid for '--golden <file>': it is the input file"))
    #expect(try String(contentsOfFile: Self.scene, encoding: .utf8) == before)
  }

  @Test("the committed golden file matches the command .ci/run gives")
  func committedGolden() {
    let run = InProcess([
      "check", Self.scene, "--offsets", "-100:300:10", "--golden",
      InProcess.config("goldens/stretchy-header.csv"),
    ])
    #expect(run.status == .success, "\(run.stdout)")
  }
}

extension CheckCommandTests {
  @Test("rows in another order than now's pair by key, from the first that differs on")
  func otherOrder() throws {
    let real = Self.evalCSV("-100:300:50")
    var lines = real.split(separator: "\n").map(String.init)
    // The header stays first; the rows after the third are reversed.
    lines = Array(lines.prefix(4)) + lines.dropFirst(4).reversed()
    let (run, path) = try Self.check(
      lines.joined(separator: "\n") + "\n", ["--offsets", "-100:300:50"])
    #expect(run.status == .success)
    #expect(run.stdout == "18 rows match \(path)\n")
  }

  @Test("a number spelt otherwise, a quoted cell and \\r\\n line ends read as the same rows")
  func otherSpellings() throws {
    let real = Self.evalCSV("-100:300:50")
    #expect(Self.cell(real, lead: "0,header,", column: "height") == "300")
    var golden = Self.edited(real, lead: "0,header,", column: "height") { _ in "3.0e2" }
    golden = Self.edited(golden, lead: nil, column: "chain") { "\"\($0)\"" }
    golden = golden.replacing("\n", with: "\r\n")
    let (run, path) = try Self.check(golden, ["--offsets", "-100:300:50"])
    #expect(run.status == .success)
    #expect(run.stdout == "18 rows match \(path)\n")
  }

  @Test("an offset spelt otherwise pairs by its value, in order or not; a simulate frame too")
  func keysByValue() throws {
    let real = Self.evalCSV("-100:300:50")
    // Spellings of the same offsets: -100.0, -1e2, -0 for 0, 50.00.
    var golden = Self.edited(real, lead: "-100,", column: "offset") { _ in "-100.0" }
    golden = Self.edited(golden, lead: "0,", column: "offset") { _ in "-0" }
    golden = Self.edited(golden, lead: "50,", column: "offset") { _ in "50.00" }
    golden = Self.edited(golden, lead: "100,", column: "offset") { _ in "1e2" }
    let (run, path) = try Self.check(golden, ["--offsets", "-100:300:50"])
    #expect(run.status == .success)
    #expect(run.stdout == "18 rows match \(path)\n")
    // The same, its rows after the third reversed: paired by key, by value.
    var lines = golden.split(separator: "\n").map(String.init)
    lines = Array(lines.prefix(4)) + lines.dropFirst(4).reversed()
    let (shuffled, _) = try Self.check(
      lines.joined(separator: "\n") + "\n", ["--offsets", "-100:300:50"])
    #expect(shuffled.status == .success)
    // Another value is another offset.
    let other = Self.edited(real, lead: "50,", column: "offset") { _ in "50.5" }
    let (differs, _) = try Self.check(other, ["--offsets", "-100:300:50"])
    #expect(differs.status == .failure)
    #expect(differs.stdout.contains("only in"))
  }

  @Test("more than 20 rows on each side: the counts of all, the first 20, how many more")
  func manyRowsOnOneSide() throws {
    // The golden file's offsets are half a point on from now's: no row pairs.
    let now = Self.evalCSV("0:100:1")
    let golden = Self.evalCSV("0.5:100.5:1")
    let (run, path) = try Self.check(golden, ["--offsets", "0:100:1"])
    #expect(run.status == .failure)
    let rows = 101 * 2
    let goldenPlaces = golden.split(separator: "\n").dropFirst().prefix(20).map { row in
      let cells = row.split(separator: ",")
      return "only in \(path): offset \(cells[0]), \(cells[1])"
    }
    let nowPlaces = now.split(separator: "\n").dropFirst().prefix(20).map { row in
      let cells = row.split(separator: ",")
      return "only now: offset \(cells[0]), \(cells[1])"
    }
    let expected =
      ["\(2 * rows) rows differ from \(path): \(rows) rows only in \(path), \(rows) rows only now"]
      + goldenPlaces + ["and \(rows - 20) more rows only in \(path)"]
      + nowPlaces + ["and \(rows - 20) more rows only now"]
    #expect(run.stdout == expected.joined(separator: "\n") + "\n")
  }

  @Test("a damaged number in a row that pairs with none is found as in any other")
  func damagedUnpairedRow() throws {
    let real = Self.evalCSV("0:100:50")
    let golden = real + "500,header,16,0,wide,0,0,0,1,1,0.5,0.5,1,0,0,0\n"
    let line = real.split(separator: "\n").count + 1
    let (run, path) = try Self.check(golden, ["--offsets", "0:100:50"])
    #expect(run.status == .invalidScene)
    #expect(
      run.stderr == "error: \(path):\(line): expected a number in column width, found 'wide'\n")
  }
}
