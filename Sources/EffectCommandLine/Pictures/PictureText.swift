import EffectProtocol

/// The text conventions every picture shares: numbers, escaping, colours, ticks.
public enum PictureText {
  /// The decimals every picture writes a coordinate or value with: 2.
  public static let decimals = 2

  /// `value` rounded to ``decimals`` decimals (halves away from zero, as its
  /// full-precision text reads), in the shortest text that reads back to
  /// the rounded number: `12.5`, `-3`, `0.33`; never `-0`, never an
  /// exponent for a picture's magnitudes.
  public static func fixed(_ value: Double) -> String {
    DecimalRounding.shortestText(value, decimals: decimals)
  }

  /// `text` safe inside an XML or HTML attribute or element: `& < > " '`
  /// escaped, and what XML 1.0 cannot hold at all (C0 controls, DEL, the
  /// non-characters U+FFFE and U+FFFF) shown as `\uXXXX` text, so that
  /// every picture is well-formed whatever a scene's names hold.
  public static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text.unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      // XML 1.0 has no way to write other control characters: show them as escapes.
      case "\t", "\n": result += character.value == 9 ? "\\t" : "\\n"
      case _
      where character.value < 0x20 || character.value == 0x7F || character.value == 0xFFFE
        || character.value == 0xFFFF:
        result += "\\u" + String(character.value, radix: 16, uppercase: true).leftPadded(to: 4)
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// The colours of views and chains: Tableau 10's ten, which stay apart on white.
  public static let palette = [
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
    "#9c755f", "#bab0ac",
  ]

  /// The dash patterns of a plot's lines, one a pass through ``palette``:
  /// solid (`nil`), long dashes, dots, dash and dot. With the colours they
  /// tell 40 lines apart; the 41st is drawn as the first.
  public static let dashes: [String?] = [nil, "8 4", "2 3", "8 3 2 3"]

  /// The colour of chain or line `index`: ``palette``'s, repeating after ten.
  public static func color(_ index: Int) -> String {
    palette[index % palette.count]
  }

  /// The `stroke-dasharray` of a plot's line `index`, `nil` for a solid
  /// line: ``dashes``' entry for the pass through ``palette`` it is in
  /// (lines 0 to 9 solid, 10 to 19 long dashes, ...), so that two lines
  /// of one colour differ in their dashes.
  public static func dash(_ index: Int) -> String? {
    dashes[index / palette.count % dashes.count]
  }

  /// Round tick positions covering `low...high`: a step of 1, 2 or 5 times a
  /// power of ten giving at most `target` intervals; the ticks are the step's
  /// multiples from `low` rounded down to `high` rounded up.
  public static func ticks(from low: Double, to high: Double, target: Int = 5) -> [Double] {
    guard high > low else { return [low] }
    // Ends not finite, or a span past the largest Double: no round step.
    guard (high - low).isFinite else { return [low, high] }
    let step = tickStep(for: high - low, target: target)
    let first = (low / step).rounded(.down)
    let last = (high / step).rounded(.up)
    // Multiples computed, not accumulated, so 0.1 steps stay 0.3, not 0.30000000000000004.
    return stride(from: first, through: last, by: 1).map { cleaned($0 * step) }
  }

  /// The smallest of 1, 2, 5 times a power of ten that splits `span` into at most `target` steps.
  static func tickStep(for span: Double, target: Int) -> Double {
    let raw = span / Double(max(1, target))
    // The loops below would not end for an infinite or NaN span.
    guard raw.isFinite, raw > 0 else { return 1 }
    var power = 1.0
    while power * 10 <= raw { power *= 10 }
    while power > raw { power /= 10 }
    // The slack keeps a span like 0.9 - 0.3 = 0.6000000000000001 on the round step.
    for factor in [1.0, 2, 5, 10] where factor * power >= raw * (1 - 1e-9) {
      return factor * power
    }
    return 10 * power
  }

  /// `value` with the floating-point noise of a multiplication removed (12 significant digits).
  static func cleaned(_ value: Double) -> Double {
    guard value != 0 else { return 0 }
    let scale = pow10(12 - Int((abs(value)).log10Floor) - 1)
    // Below about 1e-297 the scale passes the largest Double: nothing to clean.
    let result = (value * scale).rounded() / scale
    return result.isFinite ? result : value
  }

  /// A picture's title as the content of its `<text>`: escaped, and cut
  /// short with "…" where its estimated width (bold text of `fontSize`
  /// points, 10% wider than ``TextWidth``'s regular text) passes `width`,
  /// the whole title then in a `<title>` that a viewer shows on hovering.
  static func fittedTitle(_ title: String, width: Double, fontSize: Double) -> String {
    guard TextWidth.width(of: title, fontSize: fontSize) * 1.1 > width else {
      return escaped(title)
    }
    let shown = TextWidth.prefix(of: title, fitting: width, fontSize: fontSize, scale: 1.1)
    return escaped(shown + "…") + "<title>\(escaped(title))</title>"
  }

  /// A tick's label: `value` as ``MessageText/number(_:)`` writes it, or,
  /// where that is longer than ``tickLabelLength`` characters, its
  /// mantissa and power of ten (`1e15`, `2.5e9`, `-1e-7`) when that is
  /// shorter (`123456.75`, not `1.2345675e5`).
  static func tickLabel(_ value: Double) -> String {
    let plain = MessageText.number(value)
    guard plain.count > tickLabelLength, value != 0, value.isFinite else { return plain }
    let exponent = Int(abs(value).log10Floor)
    let mantissa = cleaned(value / pow10(exponent))
    let powered = MessageText.number(mantissa) + "e" + String(exponent)
    return powered.count < plain.count ? powered : plain
  }

  /// The longest tick label always written plain: eight characters.
  static let tickLabelLength = 8

  static func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<abs(exponent) { result *= 10 }
    return exponent < 0 ? 1 / result : result
  }
}

extension Double {
  /// The exponent of the largest power of ten at most `self` (positive `self`).
  fileprivate var log10Floor: Double {
    var exponent = 0.0
    var value = self
    while value >= 10 {
      value /= 10
      exponent += 1
    }
    while value < 1 {
      value *= 10
      exponent -= 1
    }
    return exponent
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
