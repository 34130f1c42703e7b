/// The advance widths of the fonts a picture's SVG is drawn in, for
/// working out the width of its text in a test: Helvetica (a Mac's, and
/// Arial's) and DejaVu Sans (Linux's `sans-serif`), printable ASCII.
///
/// - Helvetica: `WX` in Adobe's Core 14 `Helvetica.afm` (Version 002.000),
///   thousandths of an em.
/// - DejaVu Sans: the `hmtx` advance of each character's glyph in
///   `DejaVuSans.ttf` (Version 2.37), 2,048ths of an em.
enum FontMetrics {
  static let helvetica: [Character: Int] = [
    " ": 278, "!": 278, "\"": 355, "#": 556, "$": 556, "%": 889, "&": 667, "'": 191, "(": 333,
    ")": 333, "*": 389, "+": 584, ",": 278, "-": 333, ".": 278, "/": 278, "0": 556, "1": 556,
    "2": 556, "3": 556, "4": 556, "5": 556, "6": 556, "7": 556, "8": 556, "9": 556, ":": 278,
    ";": 278, "<": 584, "=": 584, ">": 584, "?": 556, "@": 1015, "A": 667, "B": 667, "C": 722,
    "D": 722, "E": 667, "F": 611, "G": 778, "H": 722, "I": 278, "J": 500, "K": 667, "L": 556,
    "M": 833, "N": 722, "O": 778, "P": 667, "Q": 778, "R": 722, "S": 667, "T": 611, "U": 722,
    "V": 667, "W": 944, "X": 667, "Y": 667, "Z": 611, "[": 278, "\\": 278, "]": 278, "^": 469,
    "_": 556, "`": 333, "a": 556, "b": 556, "c": 500, "d": 556, "e": 556, "f": 278, "g": 556,
    "h": 556, "i": 222, "j": 222, "k": 500, "l": 222, "m": 833, "n": 556, "o": 556, "p": 556,
    "q": 556, "r": 333, "s": 500, "t": 278, "u": 556, "v": 500, "w": 722, "x": 500, "y": 500,
    "z": 500, "{": 334, "|": 260, "}": 334, "~": 584,
  ]

  static let dejaVuSans: [Character: Int] = [
    " ": 651, "!": 821, "\"": 942, "#": 1716, "$": 1303, "%": 1946, "&": 1597, "'": 563, "(": 799,
    ")": 799, "*": 1024, "+": 1716, ",": 651, "-": 739, ".": 651, "/": 690, "0": 1303, "1": 1303,
    "2": 1303, "3": 1303, "4": 1303, "5": 1303, "6": 1303, "7": 1303, "8": 1303, "9": 1303,
    ":": 690, ";": 690, "<": 1716, "=": 1716, ">": 1716, "?": 1087, "@": 2048, "A": 1401,
    "B": 1405, "C": 1430, "D": 1577, "E": 1294, "F": 1178, "G": 1587, "H": 1540, "I": 604,
    "J": 604, "K": 1343, "L": 1141, "M": 1767, "N": 1532, "O": 1612, "P": 1235, "Q": 1612,
    "R": 1423, "S": 1300, "T": 1251, "U": 1499, "V": 1401, "W": 2025, "X": 1403, "Y": 1251,
    "Z": 1403, "[": 799, "\\": 690, "]": 799, "^": 1716, "_": 1024, "`": 1024, "a": 1255,
    "b": 1300, "c": 1126, "d": 1300, "e": 1260, "f": 721, "g": 1300, "h": 1298, "i": 569,
    "j": 569, "k": 1186, "l": 569, "m": 1995, "n": 1298, "o": 1253, "p": 1300, "q": 1300,
    "r": 842, "s": 1067, "t": 803, "u": 1298, "v": 1212, "w": 1675, "x": 1212, "y": 1212,
    "z": 1075, "{": 1303, "|": 690, "}": 1303, "~": 1716,
  ]

  /// The wider of the two fonts' widths of `text` in `size`-point type,
  /// points; a character outside printable ASCII counts `otherEm` ems.
  static func width(_ text: some StringProtocol, size: Double, otherEm: Double = 2191.0 / 2048)
    -> Double
  {
    text.reduce(0.0) { sum, character in
      guard let h = helvetica[character], let d = dejaVuSans[character] else {
        return sum + otherEm * size
      }
      return sum + max(Double(h) / 1000, Double(d) / 2048) * size
    }
  }
}
