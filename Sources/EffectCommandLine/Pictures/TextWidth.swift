/// The width a picture's text takes, estimated from the advance widths of
/// the fonts its SVG names: `font-family="Helvetica, Arial, sans-serif"`,
/// which a Mac draws in Helvetica (Arial's widths are Helvetica's) and
/// Linux in its `sans-serif`, DejaVu Sans (`fc-match sans-serif`). Each
/// character counts the larger of the two fonts' widths, so that the
/// estimate is at least what either draws (kerning aside, which only
/// narrows a pair).
///
/// Sources, for the printable ASCII characters (U+0020 to U+007E):
/// - Helvetica: the `WX` of each character in Adobe's Core 14 font
///   metrics, `Helvetica.afm` (Version 002.000), in thousandths of an em.
/// - DejaVu Sans: the `hmtx` advance width of each character's glyph in
///   `DejaVuSans.ttf` (Version 2.37, 2,048 units an em), read with fontTools.
///
/// Any other character counts ``otherEm``.
enum TextWidth {
  /// Helvetica's widths of U+0020 to U+007E, thousandths of an em.
  static let helvetica: [Int] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
  ]

  /// DejaVu Sans's widths of U+0020 to U+007E, 2,048ths of an em.
  static let dejaVuSans: [Int] = [
    651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690,
    1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087,
    2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612,
    1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799, 690, 799, 1716, 1024,
    1024, 1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253,
    1300, 1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716,
  ]

  /// The width of a printable ASCII character, ems: the larger of the two fonts'.
  static let asciiEm: [Double] = zip(helvetica, dejaVuSans).map {
    max(Double($0) / 1000, Double($1) / 2048)
  }

  /// The width counted for a character outside printable ASCII, ems:
  /// DejaVu Sans's Œ (2,191 of 2,048), the widest letter of Latin-1 and
  /// Latin Extended-A in either font; wider than a CJK ideograph (an em).
  /// Symbols wider still (an emoji, an arrow of DejaVu Sans's up to 1.7
  /// ems) can pass it.
  static let otherEm = 2191.0 / 2048

  /// The width of `character`, ems. A character a picture writes as an
  /// escape (``PictureText/escaped(_:)``: `\u0001`, `\t`) counts as six
  /// characters of ``otherEm``, the longest escape.
  static func em(_ character: Character) -> Double {
    if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
      return asciiEm[Int(ascii) - 0x20]
    }
    let isEscaped = character.unicodeScalars.contains {
      $0.value < 0x20 || $0.value == 0x7F || $0.value == 0xFFFE || $0.value == 0xFFFF
    }
    return isEscaped ? 6 * otherEm : otherEm
  }

  /// The width of `text` set in `fontSize`-point type, points.
  static func width(of text: some StringProtocol, fontSize: Double) -> Double {
    text.reduce(0) { $0 + em($1) } * fontSize
  }

  /// The longest start of `text` that, followed by "…", is at most `width`
  /// points in `fontSize`-point type (`scale` times wider: bold text).
  static func prefix(of text: String, fitting width: Double, fontSize: Double, scale: Double = 1)
    -> Substring
  {
    var room = width / (fontSize * scale) - em("…")
    var end = text.startIndex
    while end < text.endIndex {
      room -= em(text[end])
      if room < 0 { break }
      end = text.index(after: end)
    }
    return text[..<end]
  }
}
