import ScrollEffectsTestSupport
import Testing

@testable import EffectCommandLine

/// `RowComparison` pairs rows out of order as its contract says: the n-th
/// golden row of a key with the n-th row of that key now. Random tables
/// (keys repeated, rows dropped, added, moved and changed) against a
/// reference that follows that sentence with a queue a key.
@Suite struct RowComparisonPairingTests {
  /// A csv of `offset,chain,x` rows.
  static func csv(_ rows: [(offset: Int, chain: String, x: Int)]) throws -> CSVRows {
    let text = "offset,chain,x\n" + rows.map { "\($0.offset),\($0.chain),\($0.x)\n" }.joined()
    return try CSVRows(parsing: Array(text.utf8))
  }

  @Test("random tables: the counts of pairs alike, pairs that differ and rows on one side")
  func randomTables() throws {
    var random = SplitMix64(seed: 0x9A1)
    for _ in 0..<400 {
      // Few distinct keys, so that keys repeat.
      let keyCount = Int.random(in: 1...6, using: &random)
      let now = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        (
          offset: Int.random(in: 0..<keyCount, using: &random),
          chain: ["a", "b"].randomElement(using: &random)!,
          x: Int.random(in: 0...2, using: &random)
        )
      }
      var golden = now.filter { _ in Int.random(in: 0..<5, using: &random) != 0 }
      for index in golden.indices where Int.random(in: 0..<4, using: &random) == 0 {
        golden[index].x += 1
      }
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        golden.append((Int.random(in: 0..<keyCount + 1, using: &random), "a", 0))
      }
      // Moved: a random swap or two, or the whole order reversed.
      if Bool.random(using: &random) { golden.reverse() }
      if golden.count > 1 {
        for _ in 0..<Int.random(in: 0...3, using: &random) {
          golden.swapAt(
            Int.random(in: 0..<golden.count, using: &random),
            Int.random(in: 0..<golden.count, using: &random))
        }
      }

      // The reference: a queue of the rows now of each key, in order.
      var queues: [String: [Int]] = [:]
      for (index, row) in now.enumerated() {
        queues["\(row.offset) \(row.chain)", default: []].append(index)
      }
      var alike = 0
      var differing = 0
      var onlyGolden = 0
      for row in golden {
        let key = "\(row.offset) \(row.chain)"
        guard let first = queues[key]?.first else {
          onlyGolden += 1
          continue
        }
        queues[key]!.removeFirst()
        if now[first].x == row.x { alike += 1 } else { differing += 1 }
      }
      let onlyNow = queues.values.reduce(0) { $0 + $1.count }

      let comparison = try RowComparison(
        golden: Self.csv(golden), now: Self.csv(now), tolerance: 0)
      let found = [
        comparison.matchingRows, comparison.differingRows, comparison.onlyGoldenCount,
        comparison.onlyNowCount,
      ]
      #expect(found == [alike, differing, onlyGolden, onlyNow], "golden \(golden), now \(now)")
    }
  }
}
