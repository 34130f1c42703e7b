/// How many terminal cells text takes, as terminals lay out East Asian and
/// emoji text: what the table pads its chain column by.
///
/// Per grapheme cluster (a letter and its combining marks are one): 2 cells
/// for an East Asian Wide or Fullwidth character (UAX #11) or an emoji shown
/// as a picture (Emoji_Presentation, or any emoji followed by U+FE0F), 0 for
/// a cluster of combining marks alone, else 1. Control characters have no
/// width here; the table escapes them before measuring.
enum TerminalWidth {
  /// The cells of `text`.
  static func cells(of text: String) -> Int {
    var total = 0
    for character in text { total += cells(of: character) }
    return total
  }

  /// The cells of one grapheme cluster: 0, 1 or 2.
  static func cells(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.properties.generalCategory.isMark { return 0 }
    if isWide(first.value) || first.properties.isEmojiPresentation { return 2 }
    if first.properties.isEmoji && scalars.contains("\u{FE0F}") { return 2 }
    return 1
  }

  /// Whether `value` is East Asian Wide or Fullwidth: the blocks of
  /// Unicode's EastAsianWidth.txt marked W or F, merged into ranges (the
  /// emoji among them are also caught by Emoji_Presentation).
  static func isWide(_ value: UInt32) -> Bool {
    var low = 0
    var high = wideRanges.count
    while low < high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// Sorted, disjoint.
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x231A...0x231B, 0x2329...0x232A,
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility, CJK compatibility
    0x3400...0x4DBF,  // CJK Extension A
    0x4E00...0x9FFF,  // CJK Unified Ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo Extended-A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x18CFF,  // ideographic symbols, Tangut, Khitan
    0x1AFF0...0x1B2FF,  // Kana supplement and extensions, Nushu
    0x1F300...0x1F64F,  // pictographs, emoticons
    0x1F900...0x1F9FF,  // supplemental symbols and pictographs
    0x20000...0x2FFFD,  // CJK Extensions B to F
    0x30000...0x3FFFD,  // CJK Extension G and beyond
  ]
}

extension Unicode.GeneralCategory {
  /// A nonspacing or enclosing mark: no cell of its own (a spacing mark
  /// takes one).
  fileprivate var isMark: Bool {
    switch self {
    case .nonspacingMark, .enclosingMark: true
    default: false
    }
  }
}
