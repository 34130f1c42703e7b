import Foundation

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64):
/// the same seed gives the same scenes on every machine and toolchain, so a
/// failure names its seed and can be replayed. The tests, the fuzzer and
/// `effect-bench generate` share this one copy.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in 0..<1, with 53 random bits.
  public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// Uniform in `range` (a modulo bias of at most 2^-50 does not matter here).
  public mutating func int(_ range: Range<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  public mutating func chance(_ probability: Double) -> Bool { unit() < probability }

  /// Uniform in `range`, by the standard library's algorithm.
  public mutating func next(in range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }

  public mutating func pick<T>(_ choices: [T]) -> T { choices[int(0..<choices.count)] }

  /// A number in `0...maximum` that is often a boundary: 0 (when `zero`),
  /// the maximum, a small whole number, or spread over every magnitude.
  public mutating func magnitude(upTo maximum: Double, zero: Bool = true) -> Double {
    switch int(0..<10) {
    case 0: return zero ? 0 : 1e-9
    case 1: return maximum
    case 2, 3, 4: return min(maximum, Double(int(1..<1000)))
    default: return min(maximum, pow(10, unit() * 12 - 3))
    }
  }

  /// A number of either sign with a magnitude of at most `maximum`.
  public mutating func signed(upTo maximum: Double) -> Double {
    let value = magnitude(upTo: maximum)
    return chance(0.5) ? -value : value
  }
}
