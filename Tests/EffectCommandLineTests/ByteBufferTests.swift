import EffectProtocol
import Foundation
import ScrollEffectsTestSupport
import Testing

@testable import EffectCommandLine

/// Numbers as `ByteBuffer` writes them: in full precision and to fixed decimals.
@Suite struct ByteBufferTests {
  func number(_ value: Double) -> String {
    let buffer = ByteBuffer(capacity: 8)
    buffer.appendNumber(value)
    return String(decoding: buffer.bytes, as: UTF8.self)
  }

  func fixed(_ value: Double, width: Int = 0) -> String {
    ByteBuffer.text { buffer in
      buffer.appendRightAligned(width: width) { buffer.appendFixed(value, decimals: 2) }
    }
  }

  static let fullPrecisionCases: [(Double, String)] = [
    (0.0, "0"), (-0.0, "0"), (400, "400"), (-100, "-100"), (0.5, "0.5"), (-0.25, "-0.25"),
    (1.0 / 3, "0.3333333333333333"), (0.1 + 0.2, "0.30000000000000004"), (475.75, "475.75"),
    (1e15, "1000000000000000"), (-9.2e18 + 2048, "-9199999999999997952"), (1e20, "1e+20"),
    (0.0001, "0.0001"), (0.00001, "1e-05"), (123_456_789.125, "123456789.125"),
    (999_999_999.5, "999999999.5"), (1e-300, "1e-300"), (.leastNonzeroMagnitude, "5e-324"),
    (.infinity, "inf"), (-.infinity, "-inf"), (.nan, "nan"),
  ]

  @Test(
    "full precision: integers plain, -0 as 0, fractions shortest", arguments: fullPrecisionCases)
  func fullPrecision(value: Double, text: String) {
    #expect(number(value) == text)
  }

  @Test("fractions are written as Swift's shortest round-trip description writes them")
  func matchesDescription() {
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = []
    for _ in 0..<5_000 {
      let exponent = Double.random(in: -6...12, using: &generator)
      let value = Double.random(in: 1...10, using: &generator) * pow10(exponent.rounded(.down))
      values.append(value)
      // Few decimals: the fast path's case.
      for decimals in 1...7 {
        let scale = pow10(Double(decimals))
        values.append((value * scale).rounded() / scale)
      }
    }
    for value in values + values.map(-) where value != value.rounded() {
      #expect(number(value) == value.description, "\(value)")
      #expect(Double(number(value)) == value)
    }
  }

  @Test("integers below 1e15 are written as MessageText.number writes them")
  func matchesFormatNumber() {
    for value in [0.0, 1, -1, 42, 99_999_999_999_999, -123_456_789, 0.5, 2.75, 1.0 / 3] {
      #expect(number(value) == MessageText.number(value))
    }
  }

  static let twoDecimalCases: [(Double, Int, String)] = [
    (0.0, 0, "0.00"), (-0.001, 0, "0.00"), (0.125, 0, "0.13"), (-1.5, 0, "-1.50"),
    (1.0 / 3, 6, "  0.33"), (-100, 10, "   -100.00"), (123_456_789.999, 4, "123456790.00"),
    (1e20, 10, "     1e+20"), (.nan, 5, "  nan"),
  ]

  @Test("two decimals for the table, right-aligned", arguments: twoDecimalCases)
  func twoDecimals(value: Double, width: Int, text: String) {
    #expect(fixed(value, width: width) == text)
  }

  static let fixedCases: [(Double, Int, String)] = [
    (0.916, 3, "0.916"), (0.05, 3, "0.050"), (0.00004, 1, "0.0"), (-1.25, 1, "-1.3"),
    (5, 0, "5"), (123.456, 1, "123.5"), (-0.0001, 2, "0.00"), (1e20, 1, "1e+20"),
    (-7.5, 6, "-7.500000"),
  ]

  @Test("any number of decimals from 0 to 6", arguments: fixedCases)
  func decimals(value: Double, decimals: Int, text: String) {
    #expect(ByteBuffer.text { $0.appendFixed(value, decimals: decimals) } == text)
  }

  /// Near a half, the product with a power of ten and the number's text
  /// round apart; the text decides. Worked from the digits: `1.005` is a
  /// half (the Double is 1.00499999999999989..., its product with 100 the
  /// Double 100.49999999999999); `-204.64499999999998` is not (its product
  /// with 100 is the Double -20464.5); `5e-07` is a half of a millionth.
  static let nearHalfCases: [(Double, Int, String)] = [
    (1.005, 2, "1.01"), (0.285, 2, "0.29"), (-204.64499999999998, 2, "-204.64"),
    (1110.645, 2, "1110.65"), (-2.675, 2, "-2.68"), (4.35, 1, "4.4"), (5e-07, 6, "0.000001"),
    (-5e-07, 6, "-0.000001"), (0.0049999999999999, 2, "0.00"), (204.64500000000001, 2, "204.65"),
  ]

  @Test("near a half, the number rounds as its shortest text does", arguments: nearHalfCases)
  func nearHalf(value: Double, decimals: Int, text: String) {
    #expect(ByteBuffer.text { $0.appendFixed(value, decimals: decimals) } == text)
  }

  @Test("random decimal texts round to two decimals as their digits do, halves away from zero")
  func randomTexts() throws {
    var random = SplitMix64(seed: 0x0DEC)
    for _ in 0..<3000 {
      let negative = random.next() % 2 == 0
      let whole = random.next() % 1_000_000
      let places = Int(3 + random.next() % 4)
      var fraction = ""
      for index in 0..<places {
        // Half the texts of three places end in 5 there: a half (about one
        // text in seven).
        let digit = index == 2 && places == 3 && random.next() % 2 == 0 ? 5 : random.next() % 10
        fraction += String(digit)
      }
      let text = (negative ? "-" : "") + "\(whole)." + fraction
      let value = try #require(Double(text))
      let digits = fraction.utf8.map { Int($0 - UInt8(ascii: "0")) }
      let units = Int(whole) * 100 + digits[0] * 10 + digits[1] + (digits[2] >= 5 ? 1 : 0)
      let hundredths = units % 100
      let expected =
        (negative && units != 0 ? "-" : "") + "\(units / 100)."
        + (hundredths < 10 ? "0" : "") + "\(hundredths)"
      #expect(ByteBuffer.text { $0.appendFixed(value, decimals: 2) } == expected, "\(text)")
    }
  }

  @Test("large numbers round to two decimals as their shortest text does, whole ones included")
  func largeNumbers() throws {
    // The numbers the helper found: the product with 100 is no longer exact.
    #expect(
      ByteBuffer.text { $0.appendFixed(-407_070_276_321_753, decimals: 2) }
        == "-407070276321753.00")
    #expect(
      ByteBuffer.text { $0.appendFixed(-23_398_775_258_914.734, decimals: 2) }
        == "-23398775258914.73")
    // Random Doubles from 1e12 to 9e16, against Foundation's Decimal rounding
    // of their shortest text (halves away from zero, `.plain`).
    var random = SplitMix64(seed: 0x1E13)
    for _ in 0..<3000 {
      let exponent = 12 + Double(random.next() % 5)
      let value =
        (random.next() % 2 == 0 ? -1 : 1) * pow10(exponent)
        * (1 + Double(random.next() % 8_000_000_000) / 1e9)
      var decimal = try #require(Decimal(string: value.description))
      var rounded = Decimal()
      NSDecimalRound(&rounded, &decimal, 2, .plain)
      var hundredths = rounded * 100
      var whole = Decimal()
      NSDecimalRound(&whole, &hundredths, 0, .plain)
      var digits = "\(whole.magnitude)"
      while digits.count < 3 { digits = "0" + digits }
      let expected =
        (value < 0 ? "-" : "") + digits.dropLast(2) + "." + digits.suffix(2)
      #expect(ByteBuffer.text { $0.appendFixed(value, decimals: 2) } == expected, "\(value)")
    }
  }

  @Test("right alignment pads what was written, and leaves wider text alone")
  func rightAligned() {
    let buffer = ByteBuffer(capacity: 4)
    buffer.append("ab")
    buffer.appendRightAligned(width: 6) { buffer.append("xyz") }
    buffer.appendRightAligned(width: 2) { buffer.append("long") }
    #expect(buffer.string == "ab   xyzlong")
  }

  private func pow10(_ exponent: Double) -> Double {
    var result = 1.0
    let steps = Int(exponent.magnitude)
    for _ in 0..<steps { result *= 10 }
    return exponent < 0 ? 1 / result : result
  }
}
