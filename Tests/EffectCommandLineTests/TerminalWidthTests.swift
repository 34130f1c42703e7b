import Testing

@testable import EffectCommandLine

/// Terminal cells of a name, as the table pads it.
@Suite struct TerminalWidthTests {
  @Test(
    "terminal cells: wide and fullwidth 2, emoji 2, combining marks 0, the rest 1",
    arguments: [
      ("chain", 5), ("表头表头", 8), ("表头x", 5), ("한국", 4), ("ｱｲ", 2), ("ＡＢ", 4),
      ("👍", 2), ("👍🏽", 2), ("☺", 1), ("☺\u{FE0F}", 2), ("e\u{0301}", 1), ("\u{0301}", 0),
      ("a\u{20DD}", 1), ("𠀀", 2), ("ü", 1), ("Ω", 1), ("→", 1),
    ])
  func cells(text: String, cells: Int) {
    #expect(TerminalWidth.cells(of: text) == cells)
  }

  @Test("the wide ranges are sorted and disjoint, so the binary search finds every one")
  func rangesSorted() {
    let ranges = TerminalWidth.wideRanges
    for (left, right) in zip(ranges, ranges.dropFirst()) {
      #expect(left.upperBound < right.lowerBound)
    }
    for range in ranges {
      #expect(TerminalWidth.isWide(range.lowerBound))
      #expect(TerminalWidth.isWide(range.upperBound))
      #expect(
        !TerminalWidth.isWide(range.lowerBound - 1)
          || ranges.contains { $0.contains(range.lowerBound - 1) })
    }
  }
}
