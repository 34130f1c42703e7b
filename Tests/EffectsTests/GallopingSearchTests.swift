import Testing

@testable import Effects

@Suite struct GallopingSearchTests {
  /// The answer by a plain scan: the first index where `isAfter` holds.
  func scan(_ range: Range<Int>, _ isAfter: (Int) -> Bool) -> Int {
    range.first(where: isAfter) ?? range.upperBound
  }

  @Test("finds the first index where the predicate holds, from any guess", arguments: 0...12)
  func everyGuess(guess: Int) {
    for boundary in 0...10 {
      let found = GallopingSearch.firstIndex(in: 0..<10, guess: guess) { $0 >= boundary }
      #expect(found == boundary, "boundary \(boundary), guess \(guess)")
    }
  }

  @Test("guesses out of the range are clamped into it", arguments: [-1_000_000, -1, 50, Int.max])
  func outOfRangeGuess(guess: Int) {
    #expect(GallopingSearch.firstIndex(in: 5..<40, guess: guess) { $0 >= 17 } == 17)
    #expect(GallopingSearch.firstIndex(in: 5..<40, guess: guess) { _ in true } == 5)
    #expect(GallopingSearch.firstIndex(in: 5..<40, guess: guess) { _ in false } == 40)
  }

  @Test("an empty range gives its bound")
  func emptyRange() {
    #expect(GallopingSearch.firstIndex(in: 7..<7, guess: 3) { _ in true } == 7)
  }

  @Test("agrees with a scan over many ranges, boundaries and guesses")
  func agreesWithScan() {
    var calls = 0
    for upper in [1, 2, 3, 17, 1000] {
      for boundary in stride(from: 0, through: upper, by: max(1, upper / 7)) {
        for guess in [0, boundary - 2, boundary - 1, boundary, boundary + 1, upper] {
          let found = GallopingSearch.firstIndex(in: 0..<upper, guess: guess) { index in
            calls += 1
            return index >= boundary
          }
          #expect(found == scan(0..<upper) { $0 >= boundary })
        }
      }
    }
    #expect(calls > 0)
  }

  @Test("a guess one off costs a few calls, not a bisection's twenty")
  func nearGuessIsCheap() {
    func calls(guess: Int) -> Int {
      var calls = 0
      let found = GallopingSearch.firstIndex(in: 0..<1_000_000, guess: guess) { index in
        calls += 1
        return index >= 500_000
      }
      #expect(found == 500_000)
      return calls
    }
    // One above: the guess, the answer, two below it (false), one bisection step.
    #expect(calls(guess: 500_001) == 4)
    // One below: the guess (false), then the answer.
    #expect(calls(guess: 499_999) == 2)
    // Exact: the guess, and the index below it (false).
    #expect(calls(guess: 500_000) == 2)
  }
}
