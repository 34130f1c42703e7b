/// Searches for the first index where a monotonic predicate holds, starting
/// from a guess.
enum GallopingSearch {
  /// The first index in `range` where `isAfter` holds, or `range.upperBound`
  /// if none, for an `isAfter` that once true stays true. Looks at `guess`
  /// first, then gallops away from it and bisects: a guess one off costs
  /// about three calls, a wrong one twice a bisection's.
  @inline(__always)
  static func firstIndex(in range: Range<Int>, guess: Int, where isAfter: (Int) -> Bool)
    -> Int
  {
    // The answer is in low...high.
    var low = range.lowerBound
    var high = range.upperBound
    let guess = min(max(guess, low), high)
    if guess == high || isAfter(guess) {
      high = guess
      var step = 1
      while low < high {
        let probe = max(high - step, low)
        guard isAfter(probe) else {
          low = probe + 1
          break
        }
        high = probe
        step *= 2
      }
    } else {
      low = guess + 1
      var step = 1
      while low < high {
        let probe = min(low + step - 1, high - 1)
        if isAfter(probe) {
          high = probe
          break
        }
        low = probe + 1
        step *= 2
      }
    }
    while low < high {
      let middle = low + (high - low) / 2
      if isAfter(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
