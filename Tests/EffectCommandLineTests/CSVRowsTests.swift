import ScrollEffectsTestSupport
import Testing

@testable import EffectCommandLine

/// `CSVRows` reads back random records written by the rules of RFC 4180 here
/// (a cell with a comma, quote or line break in quotes, its quotes doubled),
/// with `\n` or `\r\n` line ends and with or without a last line break.
@Suite struct CSVRowsTests {
  /// A random cell: letters, digits and the characters csv treats apart.
  static func cell(_ random: inout SplitMix64) -> String {
    let alphabet = Array("ab1.-,\"\n\r é")
    let length = Int.random(in: 0...6, using: &random)
    return String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
  }

  /// `cell` as RFC 4180 writes it.
  static func written(_ cell: String) -> String {
    // By scalars: `\r\n` is one Character, equal to neither.
    guard cell.unicodeScalars.contains(where: { ",\"\n\r".unicodeScalars.contains($0) }) else {
      return cell
    }
    return "\"" + cell.replacing("\"", with: "\"\"") + "\""
  }

  @Test("random records read back cell for cell, each with its first line")
  func randomRecords() throws {
    var random = SplitMix64(seed: 4180)
    for _ in 0..<300 {
      let lineEnd = Bool.random(using: &random) ? "\n" : "\r\n"
      var records: [[String]] = []
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        var cells = (0..<Int.random(in: 1...5, using: &random)).map { _ in Self.cell(&random) }
        // A record of one empty cell is a blank line, which is no record.
        if cells.count == 1 && cells[0].isEmpty { cells[0] = "x" }
        records.append(cells)
      }
      let lines = records.map { $0.map(Self.written).joined(separator: ",") }
      let text = lines.joined(separator: lineEnd) + (Bool.random(using: &random) ? lineEnd : "")
      let rows = try CSVRows(parsing: Array(text.utf8))
      #expect(rows.count == records.count, "\(text.debugDescription)")
      guard rows.count == records.count else { continue }
      var line = 1
      for (index, cells) in records.enumerated() {
        #expect(rows.texts(ofRecord: index) == cells, "\(text.debugDescription)")
        #expect(rows.line(ofRecord: index) == line)
        line += lines[index].count(where: { $0 == "\n" || $0 == "\r\n" }) + 1
      }
    }
  }

  @Test("blank lines between random records are skipped, and counted in the records' lines")
  func blankLinesBetweenRecords() throws {
    var random = SplitMix64(seed: 4181)
    for _ in 0..<300 {
      var text = ""
      var expected: [(cells: [String], line: Int)] = []
      var line = 1
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        for _ in 0..<Int.random(in: 0...2, using: &random) {
          text += Bool.random(using: &random) ? "\n" : "\r\n"
          line += 1
        }
        var cells = (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.cell(&random) }
        if cells.count == 1 && cells[0].isEmpty { cells[0] = "x" }
        expected.append((cells, line))
        let written = cells.map(Self.written).joined(separator: ",")
        text += written + "\n"
        line += written.count(where: { $0 == "\n" || $0 == "\r\n" }) + 1
      }
      let rows = try CSVRows(parsing: Array(text.utf8))
      #expect(rows.count == expected.count, "\(text.debugDescription)")
      guard rows.count == expected.count else { continue }
      for (index, record) in expected.enumerated() {
        #expect(rows.texts(ofRecord: index) == record.cells, "\(text.debugDescription)")
        #expect(rows.line(ofRecord: index) == record.line, "\(text.debugDescription)")
      }
    }
  }

  @Test("cells with the same bytes are alike; a quoted and a plain spelling differ in bytes only")
  func sameBytes() throws {
    let one = try CSVRows(parsing: Array("12,\"header\",a\n".utf8))
    let other = try CSVRows(parsing: Array("12,header,\"a\"\"\"\n".utf8))
    var mine: [Range<Int>] = []
    var theirs: [Range<Int>] = []
    one.cells(ofRecord: 0, into: &mine)
    other.cells(ofRecord: 0, into: &theirs)
    #expect(one.sameBytes(mine[0], theirs[0], in: other))
    #expect(!one.sameBytes(mine[1], theirs[1], in: other))
    #expect(one.text(of: mine[1]) == other.text(of: theirs[1]))
    #expect(other.text(of: theirs[2]) == "a\"")
  }
}
