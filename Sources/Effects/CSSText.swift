import EffectProtocol

/// Why a piece of CSS text (an easing, a view range) was refused: what was
/// expected and, for a near miss, the text that was probably meant.
struct CSSTextFailure: Error, Equatable {
  var expected: String
  var suggestion: String?

  init(expected: String, suggestion: String? = nil) {
    self.expected = expected
    self.suggestion = suggestion
  }

  /// The problem with `text`, the whole string found.
  func problem(_ text: String) -> SceneDiagnostic.Problem {
    if let suggestion {
      return .nearMiss(expected: expected, found: .string(text), suggestion: suggestion)
    }
    return .mismatch(expected: expected, found: .string(text))
  }
}

/// The pieces of CSS syntax that easings and view ranges are written in:
/// numbers, percentages, lengths and comma-separated arguments.
enum CSSText {
  /// Whether `character` is CSS whitespace. CR LF is one `Character` in
  /// Swift, and whitespace too.
  static func isSpace(_ character: Character) -> Bool {
    character == " " || character == "\t" || character == "\n" || character == "\r"
      || character == "\r\n" || character == "\u{0C}"
  }

  /// `text` without the whitespace at its ends.
  static func trimmed<Text: StringProtocol>(_ text: Text) -> Substring {
    let start = text.firstIndex { !isSpace($0) } ?? text.endIndex
    let end = text.lastIndex { !isSpace($0) }.map { text.index(after: $0) } ?? start
    return Substring(text[start..<max(start, end)])
  }

  /// The whitespace-separated words of `text`.
  static func words<Text: StringProtocol>(_ text: Text) -> [Substring] {
    text.split(whereSeparator: isSpace).map { Substring($0) }
  }

  /// The comma-separated arguments of a function, each trimmed.
  static func arguments(_ text: Substring) -> [Substring] {
    text.split(separator: ",", omittingEmptySubsequences: false).map { trimmed($0) }
  }

  /// A CSS `<number>`: an optional sign, digits with an optional fraction
  /// (or a fraction alone, `.5`), an optional exponent; within ±1e9.
  static func number<Text: StringProtocol>(_ text: Text) -> Double? {
    var scalars = Array(text.unicodeScalars)[...]
    func digits() -> Int {
      var count = 0
      while let first = scalars.first, ("0"..."9").contains(first) {
        scalars.removeFirst()
        count += 1
      }
      return count
    }
    if let first = scalars.first, first == "+" || first == "-" { scalars.removeFirst() }
    var mantissa = digits()
    if scalars.first == "." {
      scalars.removeFirst()
      let fraction = digits()
      guard fraction > 0 else { return nil }
      mantissa += fraction
    }
    guard mantissa > 0 else { return nil }
    if let first = scalars.first, first == "e" || first == "E" {
      scalars.removeFirst()
      if let sign = scalars.first, sign == "+" || sign == "-" { scalars.removeFirst() }
      guard digits() > 0 else { return nil }
    }
    guard scalars.isEmpty, let value = Double(String(text)), NumberRange.finite.contains(value)
    else { return nil }
    return value
  }

  /// A CSS `<integer>`: an optional sign and digits, within ±1e9.
  static func integer<Text: StringProtocol>(_ text: Text) -> Int? {
    let body =
      text.first == "+" || text.first == "-" ? Substring(text.dropFirst()) : Substring(text)
    guard !body.isEmpty, body.allSatisfy({ ("0"..."9").contains($0) }),
      let value = number(text)
    else { return nil }
    return Int(value)
  }

  /// The number of a `<percentage>` (`50%` is 50).
  static func percentage(_ text: Substring) -> Double? {
    guard text.hasSuffix("%") else { return nil }
    return number(text.dropLast())
  }

  /// The number of a length in points, written in CSS pixels (`20px` is 20).
  static func length(_ text: Substring) -> Double? {
    guard text.hasSuffix("px") else { return nil }
    return number(text.dropLast(2))
  }
}
