import Effects
import ScrollEffectsTestSupport
import Testing

/// `greater(_:_:)` against Swift's `max`, which the built-in effects'
/// formulas are written with: the same bits for every pair of numbers that
/// are not NaN.
@Suite struct GreaterTests {
  /// Doubles of every kind but NaN: zeros of both signs, subnormals, the
  /// largest finite values, infinities, and numbers of random bits.
  static func numbers(count: Int, seed: UInt64) -> [Double] {
    var random = SplitMix64(seed: seed)
    var numbers: [Double] = [
      0, -0.0, 1, -1, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
      .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, 1e15, -1e15,
    ]
    while numbers.count < count {
      let number = Double(bitPattern: random.next())
      if !number.isNaN { numbers.append(number) }
    }
    return numbers
  }

  @Test func sameBitsAsMaxForNumbers() {
    let numbers = Self.numbers(count: 400, seed: 27)
    var mismatches: [(Double, Double)] = []
    for x in numbers {
      // Each with itself, with its negation and with every other.
      for y in numbers + [x, -x] where greater(x, y).bitPattern != max(x, y).bitPattern {
        mismatches.append((x, y))
      }
    }
    #expect(mismatches.isEmpty, "greater differs from max for \(mismatches.prefix(5))")
  }

  /// Equal numbers give the second, as `max` does: `0.0` and `-0.0`
  /// compare equal, so the order of the arguments picks the sign.
  @Test func signedZerosGiveTheSecond() {
    #expect(greater(0.0, -0.0).sign == .minus)
    #expect(greater(-0.0, 0.0).sign == .plus)
    #expect(max(0.0, -0.0).sign == .minus)
    #expect(max(-0.0, 0.0).sign == .plus)
  }

  /// With a NaN, the second argument, where `max` gives the first: the one
  /// difference the documentation states.
  @Test func nanGivesTheSecond() {
    #expect(greater(.nan, 3) == 3)
    #expect(greater(3, .nan).isNaN)
    #expect(max(Double.nan, 3).isNaN)
    #expect(max(3, Double.nan) == 3)
  }
}
