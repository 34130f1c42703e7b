import EffectProtocol
import ScrollEffectsTestSupport
import Testing

@Suite struct NearestNameTests {
  /// The optimal-string-alignment distance over the whole table, as a
  /// textbook writes it: the reference for the banded one.
  static func fullDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    var table = [[Int]](
      repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }

  /// What `nearestName` promises: the first candidate at the least distance,
  /// if that distance is within a third of the longer name (1 to 3 edits)
  /// and less than its length.
  static func referenceNearest(_ word: String, _ candidates: [String]) -> String? {
    let lowered = Array(word.lowercased().unicodeScalars)
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = fullDistance(lowered, Array(candidate.lowercased().unicodeScalars))
      if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    guard let best else { return nil }
    let longer = max(lowered.count, best.name.count)
    let limit = max(1, min(3, (longer + 1) / 3))
    return best.distance <= limit && best.distance < longer ? best.name : nil
  }

  @Test("typos find the name they were meant to be")
  func typos() {
    let keys = ["edge", "resistance", "maxStretch", "mode"]
    #expect(MessageText.nearestName(to: "mdoe", in: keys) == "mode")
    #expect(MessageText.nearestName(to: "resistence", in: keys) == "resistance")
    #expect(MessageText.nearestName(to: "MaxStrech", in: keys) == "maxStretch")
    #expect(MessageText.nearestName(to: "colour", in: keys) == nil)
    #expect(MessageText.nearestName(to: "", in: keys) == nil)
  }

  @Test("a one-letter name is near only a name it shares a letter with")
  func oneLetter() {
    // "z" is one edit from "x" and from "y", as any letter is: no likelier.
    #expect(MessageText.nearestName(to: "z", in: ["x", "y"]) == nil)
    #expect(MessageText.nearestName(to: "X", in: ["x", "y"]) == "x")
    #expect(MessageText.nearestName(to: "x", in: ["xy", "z"]) == "xy")
    #expect(MessageText.nearestName(to: "ab", in: ["a"]) == "a")
  }

  @Test("over random words and candidates, the banded distance picks what the full table picks")
  func matchesTheFullTable() {
    var random = SplitMix64(seed: 0x5EED)
    let alphabet = Array("abcAB".unicodeScalars)
    func word(_ length: Int) -> String {
      var text = String.UnicodeScalarView()
      for _ in 0..<length { text.append(alphabet[Int(random.next() % UInt64(alphabet.count))]) }
      return String(text)
    }
    for _ in 0..<2000 {
      let base = Int(random.next() % 10)
      let target = word(base)
      let candidates = (0..<Int(1 + random.next() % 6)).map { _ in
        word(max(0, base + Int(random.next() % 9) - 4))
      }
      #expect(
        MessageText.nearestName(to: target, in: candidates)
          == Self.referenceNearest(target, candidates),
        "\(target) in \(candidates)")
    }
  }

  @Test("names of 120,000 characters are compared within the edit limit, not in full")
  func longNames() {
    // The full table would be 1.4e10 cells (about a minute); the band is 7 wide.
    let name = String(repeating: "header", count: 20_000)
    var typo = Array(name)
    typo.swapAt(60_000, 60_001)
    #expect(MessageText.nearestName(to: String(typo), in: [name, "row"]) == name)
    let far = String(repeating: "x", count: 120_000)
    #expect(MessageText.nearestName(to: far, in: [name]) == nil)
  }
}
