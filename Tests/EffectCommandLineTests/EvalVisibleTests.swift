import EffectCommandLine
import Foundation
import ScrollEffectsTestSupport
import Testing

/// `eval --visible` and `bench --visible` in process: the rows of the views
/// a lazy stack would have, equal to the full evaluation's rows.
@Suite struct EvalVisibleTests {
  /// A 60-point header and 20,000 rows of 80 points, 8 apart, from y 60, in
  /// a 390 x 844 viewport without insets: row `i`'s natural top at offset
  /// `o` is `60 + 88 i - o`.
  static let longList = """
    {"viewport": {"width": 390, "height": 844}, "contentHeight": 1760060,
     "chains": [
      {"name": "header", "frame": {"height": 60}, "effects": [{"type": "stretch"}]},
      {"name": "row", "frame": {"y": 60, "height": 80}, "repeat": {"count": 20000, "spacing": 8},
       "effects": [
        {"type": "interpolate", "property": "opacity", "input": "progress",
         "stops": [[0, 0], [0.2, 1]]},
        {"type": "parallax", "rate": 0.1}]}
    ]}
    """

  /// The rows whose natural frame meets `-844...1688` at `offset`, by the
  /// formula above.
  static func meetingRows(offset: Double) -> [Int] {
    (0..<20000).filter { row in
      let top = 60 + 88 * Double(row) - offset
      return top + 80 >= -844 && top <= 2 * 844
    }
  }

  /// `longList` in a new temporary file.
  static func sceneFile() throws -> String {
    let url = Scratch.root
      .appendingPathComponent("eval-visible-\(UUID().uuidString).json")
    try Data(longList.utf8).write(to: url)
    return url.path
  }

  func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

  @Test("eval --visible prints the full eval's rows of the header and the meeting rows, in order")
  func visibleRowsAreTheFullRows() throws {
    let path = try Self.sceneFile()
    let offsets = ["-100", "0", "5000.5", "1759000", "3000000"]
    for offset in offsets {
      let full = InProcess(["eval", path, "--offsets", offset, "--format", "csv"])
      let visible = InProcess(["eval", path, "--offsets", offset, "--format", "csv", "--visible"])
      #expect(full.status == .success && visible.status == .success)
      #expect(visible.stderr == "")
      let fullLines = lines(full.stdout)
      // Header line, the header chain, then row[i] at line 2 + i.
      let expected =
        [fullLines[0], fullLines[1]]
        + Self.meetingRows(offset: Double(offset)!).map {
          fullLines[2 + $0]
        }
      #expect(lines(visible.stdout) == expected, "offset \(offset)")
    }
  }

  @Test("20,000 rows: --visible prints about 30 rows an offset, not 20,001")
  func fewRows() throws {
    let path = try Self.sceneFile()
    let visible = InProcess([
      "eval", path, "--offsets", "0:8800:88", "--format", "csv", "--visible",
    ])
    let rows = lines(visible.stdout).dropFirst()
    // 101 offsets; each prints the header and the 29 to 31 rows that meet
    // 3 x 844 points (2532 + 80 over a stride of 88).
    #expect(rows.count >= 101 * 30 && rows.count <= 101 * 32)
    let atZero = rows.filter { $0.hasPrefix("0,") }
    #expect(atZero.count == 1 + Self.meetingRows(offset: 0).count)
    // 60 + 88 i <= 1688: rows 0 to 18.
    #expect(Self.meetingRows(offset: 0) == Array(0..<19))
  }

  @Test("--visible with --chain keeps the chain's meeting copies only")
  func visibleWithChain() throws {
    let path = try Self.sceneFile()
    let full = InProcess(["eval", path, "--offsets", "8800", "--format", "csv", "--chain", "row"])
    let visible = InProcess([
      "eval", path, "--offsets", "8800", "--format", "csv", "--chain", "row", "--visible",
    ])
    let fullLines = lines(full.stdout)
    let expected = [fullLines[0]] + Self.meetingRows(offset: 8800).map { fullLines[1 + $0] }
    #expect(lines(visible.stdout) == expected)
    // 88 i - 8660 >= -844 and 88 i - 8740 <= 1688: rows 89 to 118.
    #expect(Self.meetingRows(offset: 8800) == Array(89...118))
  }

  @Test("bench --visible sums the visible views: the checksum of eval --visible's columns")
  func benchVisible() throws {
    let path = try Self.sceneFile()
    let bench = InProcess(["bench", path, "--frames", "1", "--offsets", "5000", "--visible"])
    #expect(bench.status == .success)
    let checksum = try #require(
      lines(bench.stdout).first { $0.hasPrefix("checksum:") }?.split(separator: " ").last)
    // The same sum from eval's rows: every column, translations included.
    let rows = lines(
      InProcess(["eval", path, "--offsets", "5000", "--format", "csv", "--visible"]).stdout
    ).dropFirst()
    var sum = 0.0
    for row in rows {
      let fields = row.split(separator: ",")
      sum += fields.dropFirst(2).reduce(0) { $0 + Double($1)! }
    }
    #expect(abs(Double(checksum)! - sum) <= 1e-6 * abs(sum))
    let full = InProcess(["bench", path, "--frames", "1", "--offsets", "5000"])
    #expect(full.stdout.contains("views:     20001"))
    #expect(!lines(full.stdout).contains { $0.hasPrefix("checksum:") && $0.hasSuffix(checksum) })
  }
}
