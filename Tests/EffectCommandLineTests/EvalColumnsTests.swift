import EffectCommandLine
import Foundation
import Testing

/// `eval --columns`: the rows of the full evaluation, cut to the columns
/// named, in their order.
@Suite struct EvalColumnsTests {
  static let scene = InProcess.stretchyHeader

  /// CSV text as rows of cells by header name.
  static func rows(_ csv: String) -> (header: [String], rows: [[String: String]]) {
    let lines = csv.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
    guard let header = lines.first else { return ([], []) }
    return (
      header,
      lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    )
  }

  @Test(
    "each row is the full row's cells of the columns named, in the order named",
    arguments: ["y,height", "opacity,x,translateY", "zIndex", "y, height", " opacity , x"])
  func csvColumns(columns: String) {
    let offsets = ["--offsets", "-100:300:50"]
    let full = Self.rows(InProcess(["eval", Self.scene, "--format", "csv"] + offsets).stdout)
    let cut = InProcess(["eval", Self.scene, "--format", "csv", "--columns", columns] + offsets)
    #expect(cut.status == .success)
    // Spaces around a name are no part of it.
    let named = columns.split(separator: ",").map { $0.filter { $0 != " " } }
    let result = Self.rows(cut.stdout)
    #expect(result.header == ["offset", "chain"] + named)
    #expect(result.rows.count == full.rows.count)
    for (row, fullRow) in zip(result.rows, full.rows) {
      for name in ["offset", "chain"] + named { #expect(row[name] == fullRow[name]) }
    }
  }

  @Test("json rows hold exactly the columns named")
  func jsonColumns() throws {
    let result = InProcess([
      "eval", Self.scene, "--offsets", "-100,0", "--format", "json", "--columns", "height,y",
    ])
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(rows.count == 4)
    for row in rows { #expect(Set(row.keys) == ["offset", "chain", "height", "y"]) }
    #expect(rows[0]["height"] as? Double == 400)
  }

  @Test("a wrong name is refused as plot refuses it")
  func wrongName() {
    let eval = InProcess(["eval", Self.scene, "--offsets", "0", "--columns", "y,hieght"])
    let plot = InProcess(["plot", Self.scene, "--offsets", "0:10", "--columns", "y,hieght"])
    #expect(eval.status == .usage)
    let message = { (text: String) in text.split(separator: "\n").first.map(String.init) }
    #expect(message(eval.stderr) == message(plot.stderr))
    #expect(eval.stderr.contains("Did you mean 'height'?"))
  }

  @Test("with --events there are no transform columns to choose")
  func notWithEvents() {
    let result = InProcess(["eval", Self.scene, "--offsets", "0", "--events", "--columns", "y"])
    #expect(result.status == .usage)
    #expect(
      result.stderr.hasPrefix(
        "Error: Option '--columns <names>' chooses transform columns; '--events' prints event rows"
      ))
  }
}
