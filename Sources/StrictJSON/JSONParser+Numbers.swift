private let powersOfTen: [Double] = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
  1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

// Numbers: the parser's part that reads JSON's number grammar into a Double
// and refuses what does not fit one.
extension Parser {
  /// Reads a number; one too large for a Double is refused, or read as an
  /// infinity when `infinityWhenTooLarge`; a nonzero one too small for a
  /// Double is refused, or read as 0 when `infinityWhenTooLarge`.
  mutating func parseNumber(infinityWhenTooLarge: Bool = false) throws(ParseFailure) -> Double {
    let start = position
    var negative = false
    if bytes[position] == UInt8(ascii: "-") {
      negative = true
      position += 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    guard position < bytes.count, bytes[position].isASCIIDigit else {
      throw failure("expected a digit in a number, found \(found())")
    }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < bytes.count, bytes[position].isASCIIDigit {
        throw failure(
          "expected a number without leading zeros, found '0\(bytes[position] - 48)'", at: start)
      }
    } else {
      while position < bytes.count, bytes[position].isASCIIDigit {
        if digits < 19 {
          mantissa = mantissa * 10 + UInt64(bytes[position] - UInt8(ascii: "0"))
          digits += 1
        } else {
          digits += 1
          exponent += 1
        }
        position += 1
      }
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard position < bytes.count, bytes[position].isASCIIDigit else {
        throw failure("expected a digit after '.' in a number, found \(found())")
      }
      while position < bytes.count, bytes[position].isASCIIDigit {
        if digits < 19 {
          mantissa = mantissa * 10 + UInt64(bytes[position] - UInt8(ascii: "0"))
          digits += 1
          exponent -= 1
        } else {
          digits += 1
        }
        if mantissa == 0 { digits = 0 }
        position += 1
      }
    }
    var hasExponent = false
    if position < bytes.count,
      bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")
    {
      hasExponent = true
      position += 1
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard position < bytes.count, bytes[position].isASCIIDigit else {
        throw failure("expected a digit in the exponent of a number, found \(found())")
      }
      while position < bytes.count, bytes[position].isASCIIDigit { position += 1 }
    }
    // Exact fast path: a mantissa below 2^53 and a power of ten up to 1e22
    // are both exact, so one multiplication or division rounds correctly.
    if !hasExponent, digits <= 15, exponent >= -22 {
      let magnitude =
        exponent >= 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[-exponent]
      return negative ? -magnitude : magnitude
    }
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    if infinityWhenTooLarge, let value = Double(text), value.isInfinite { return value }
    // A number of hundreds of digits is shown by its first 40, marked as cut.
    let shown = text.count > 40 ? text.prefix(40) + "…" : text
    func unfit(_ fits: String, _ note: String = "") -> ParseFailure {
      var refused = failure(
        "expected a number that fits a Double (\(fits)), found \(shown)\(note)", at: start)
      refused.reversedPath = []
      return refused
    }
    guard let value = Double(text), value.isFinite else {
      throw unfit("up to about 1.8e308 in magnitude")
    }
    // A nonzero number too small for a Double (`1e-400`) would be read as 0
    // and reported as one: refused, as one too large is. The mantissa holds
    // the first significant digit, so it is 0 only for a zero.
    if value == 0, mantissa != 0, !infinityWhenTooLarge {
      throw unfit(
        "a nonzero one down to about 4.9e-324 in magnitude", ", which a Double would read as 0")
    }
    return value
  }
}

extension JSONParser {
  /// The Double of `text` when it is exactly one JSON number (`420`, `-0.5`,
  /// `1e3`: no spaces, no `+`, no leading zero, no `0x`), else `nil`: a
  /// number given outside a document (a golden file's cell, a `--set`
  /// value) read in JSON's grammar. One too large for a Double (`1e400`),
  /// which the grammar allows and a document refuses, is an infinity.
  package static func number(_ text: String) -> Double? {
    var utf8 = text
    return utf8.withUTF8 { bytes -> Double? in
      guard let first = bytes.first, first == UInt8(ascii: "-") || first.isASCIIDigit else {
        return nil
      }
      var parser = Parser(bytes: bytes)
      guard let value = try? parser.parseNumber(infinityWhenTooLarge: true),
        parser.position == bytes.count
      else { return nil }
      return value
    }
  }
}
