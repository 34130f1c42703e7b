import EffectProtocol

/// Rounding to a few decimals for people, as the full-precision text reads.
///
/// A table or a picture rounds a number to a few decimals, halves away from
/// zero, and the csv beside it writes the same number in its shortest
/// round-trip text. Rounding the Double's product with a power of ten
/// disagrees with that text near a half in both directions: the product is
/// itself rounded (`-204.64499999999998 * 100` is the Double `-20464.5`, a
/// half the number is not), and the Double nearest a typed half lies to one
/// side of it (`1110.645` is stored as 1110.64499999999998...). Near a half,
/// the shortest text decides, so that the rounded number is the one a person
/// gets from the csv's digits: `-204.64` and `1110.65`.
enum DecimalRounding {
  /// Powers of ten that are exact Doubles.
  static let powersOfTen: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6]

  /// `value` rounded to `decimals` decimals as ``integerUnits(_:decimals:)``
  /// rounds it, in its shortest text: `12.5`, `-3`, `0.33`, never `-0`,
  /// written from the integer units, so exact at every magnitude
  /// (`407070276321753` where the Double quotient would be
  /// `407070276321752.94`); `value` in full when too large to round so.
  static func shortestText(_ value: Double, decimals: Int) -> String {
    guard let units = integerUnits(value, decimals: decimals) else {
      return MessageText.number(value)
    }
    let scale = Int64(powersOfTen[decimals])
    var text = units < 0 ? "-" : ""
    text += String(units.magnitude / UInt64(scale))
    var fraction = String(units.magnitude % UInt64(scale))
    if decimals > 0, fraction != "0" {
      fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
      while fraction.hasSuffix("0") { fraction.removeLast() }
      text += "." + fraction
    }
    return text
  }

  /// `value` times 10^`decimals` (0 to 6), rounded to a whole number as the
  /// shortest text of `value` rounds to `decimals` decimals, halves away from
  /// zero, exact; `nil` when it is 9e18 or more in magnitude (or `value` is
  /// not finite).
  static func integerUnits(_ value: Double, decimals: Int) -> Int64? {
    let product = value * powersOfTen[decimals]
    let magnitude = abs(product)
    guard magnitude < 9e18 else { return nil }
    if magnitude < 1e15 {
      // Between the product and the text's exact product lie a few of the
      // product's ulps (2^-52 of it each): only that close to a half can
      // they round apart.
      let fromHalf = abs(magnitude - magnitude.rounded(.down) - 0.5)
      guard fromHalf <= magnitude * 1e-12 else { return Int64(product.rounded()) }
    }
    // From 1e15 the product's ulps are halves and more: it is no longer the
    // text's product to the unit, and only the text's digits are.
    let rounded = textUnits(abs(value).description, decimals: decimals)
    return value < 0 ? -rounded : rounded
  }

  /// The shortest text `text` of a non-negative Double (`1110.645`,
  /// `5e-07`, `1.5e+20`) times 10^`decimals`, rounded to a whole number,
  /// halves up; the caller keeps it below 9e18.
  static func textUnits(_ text: String, decimals: Int) -> Int64 {
    var digits: [UInt8] = []
    var pointAt: Int?
    var exponent = 0
    var bytes = text.utf8[...]
    while let byte = bytes.popFirst() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "."): pointAt = digits.count
      case UInt8(ascii: "e"), UInt8(ascii: "E"):
        exponent = Int(String(decoding: bytes, as: UTF8.self)) ?? 0
        bytes = bytes[bytes.endIndex...]
      default: continue
      }
    }
    // The units are the digits before position `end`; the one at `end`
    // rounds them.
    let end = (pointAt ?? digits.count) + exponent + decimals
    var units: Int64 = 0
    for index in 0..<max(0, min(end, digits.count)) { units = units * 10 + Int64(digits[index]) }
    if end > digits.count {
      for _ in digits.count..<end { units *= 10 }
    }
    if end >= 0, end < digits.count, digits[end] >= 5 { units += 1 }
    return units
  }
}
