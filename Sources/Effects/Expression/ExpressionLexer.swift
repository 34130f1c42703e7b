import EffectProtocol

/// A mistake in an expression's text: where (the character, counted from 1)
/// and what. Printed as `at 9: unknown name `ofset`; did you mean `offset`?`.
struct ExpressionError: Error, Equatable, CustomStringConvertible {
  /// The 1-based position of the offending character among the text's
  /// Unicode scalars (which are its characters for ASCII text).
  var position: Int
  var message: String

  var description: String { "at \(position): \(message)" }

  /// The most characters of a name or number a message repeats.
  static let shownLength = 40

  /// `text` as a message repeats it: whole up to ``shownLength``
  /// characters, else cut there with "…" (a name may be a megabyte long).
  static func shown(_ text: String) -> String {
    text.count <= shownLength ? text : text.prefix(shownLength) + "…"
  }
}

/// One token of an expression and where it starts.
struct ExpressionToken: Equatable {
  enum Kind: Equatable {
    case number(Double)
    case identifier(String)
    case symbol(Symbol)
    case end
  }

  enum Symbol: String, Equatable {
    case plus = "+"
    case minus = "-"
    case star = "*"
    case slash = "/"
    case leftParenthesis = "("
    case rightParenthesis = ")"
    case comma = ","
    case question = "?"
    case colon = ":"
    case less = "<"
    case lessEqual = "<="
    case greater = ">"
    case greaterEqual = ">="
    case equal = "=="
    case notEqual = "!="
  }

  var kind: Kind
  /// 1-based, as in ``ExpressionError/position``.
  var position: Int
  /// The text of the token, for messages.
  var text: String

  /// How a message names the token: `` `*` ``, or the end.
  var quoted: String {
    kind == .end ? "the end of the expression" : "`\(ExpressionError.shown(text))`"
  }
}

/// Splits an expression into tokens: numbers (`12`, `0.5`, `.5`, `1e-3`),
/// identifiers (`offset`, letters, digits and `_`, not starting with a
/// digit), the operators and punctuation of ``ExpressionToken/Symbol``;
/// spaces, tabs and line breaks separate them.
///
/// Every valid character is ASCII, so the lexer reads UTF-8 bytes, where a
/// byte's index is its character's; only a message about a character
/// outside ASCII counts characters.
enum ExpressionLexer {
  /// The most tokens an expression may have: far beyond a readable one, and
  /// a bound on the depth of its tree (`1 + 1 + ...` nests to the left).
  static let maximumTokenCount = 1000

  static func tokens(of source: String) throws(ExpressionError) -> [ExpressionToken] {
    var utf8 = source
    let result = utf8.withUTF8 { bytes -> Result<[ExpressionToken], ExpressionError> in
      do throws(ExpressionError) {
        return .success(try tokens(of: bytes, source))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private static func tokens(of bytes: UnsafeBufferPointer<UInt8>, _ source: String)
    throws(ExpressionError) -> [ExpressionToken]
  {
    var tokens: [ExpressionToken] = []
    var index = 0
    let count = bytes.count
    func text(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
    func isDigit(_ index: Int) -> Bool {
      index < count && bytes[index] &- 0x30 < 10
    }
    func isLetter(_ byte: UInt8) -> Bool {
      (byte | 0x20) &- 0x61 < 26 || byte == 0x5F
    }
    while index < count {
      let byte = bytes[index]
      let start = index
      let position = start + 1
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0D:
        index += 1
        continue
      default: break
      }
      // A token starts here: spaces between or after tokens are none.
      guard tokens.count < maximumTokenCount else {
        // A tree as long as this would be folded and compiled by recursion.
        throw ExpressionError(
          position: position,
          message: "more than \(maximumTokenCount) tokens; expected a shorter expression")
      }
      if isDigit(index) || (byte == 0x2E && isDigit(index + 1)) {
        while isDigit(index) { index += 1 }
        if index < count, bytes[index] == 0x2E {
          index += 1
          while isDigit(index) { index += 1 }
        }
        if index < count, bytes[index] | 0x20 == 0x65 {
          var exponent = index + 1
          if exponent < count, bytes[exponent] == 0x2B || bytes[exponent] == 0x2D {
            exponent += 1
          }
          guard isDigit(exponent) else {
            throw ExpressionError(
              position: position,
              message:
                "malformed number `\(ExpressionError.shown(text(start..<exponent)))`; "
                + "expected digits in the exponent")
          }
          index = exponent
          while isDigit(index) { index += 1 }
        }
        let literal = text(start..<index)
        guard let value = Double(literal), value.isFinite else {
          throw ExpressionError(
            position: position,
            message:
              "the number `\(ExpressionError.shown(literal))` is too large; "
              + "expected at most about 1.8e308")
        }
        tokens.append(ExpressionToken(kind: .number(value), position: position, text: literal))
        continue
      }
      if isLetter(byte) {
        index += 1
        while index < count, isLetter(bytes[index]) || isDigit(index) { index += 1 }
        let name = text(start..<index)
        tokens.append(ExpressionToken(kind: .identifier(name), position: position, text: name))
        continue
      }
      let symbol: ExpressionToken.Symbol?
      let next = index + 1 < count ? bytes[index + 1] : 0
      switch (byte, next) {
      // Never two operators in a row: another language's `<>` and `**`.
      case (0x3C, 0x3E), (0x2A, 0x2A): symbol = nil
      case (0x3C, 0x3D): symbol = .lessEqual
      case (0x3E, 0x3D): symbol = .greaterEqual
      case (0x3D, 0x3D): symbol = .equal
      case (0x21, 0x3D): symbol = .notEqual
      case (0x3C, _): symbol = .less
      case (0x3E, _): symbol = .greater
      case (0x2B, _): symbol = .plus
      case (0x2D, _): symbol = .minus
      case (0x2A, _): symbol = .star
      case (0x2F, _): symbol = .slash
      case (0x28, _): symbol = .leftParenthesis
      case (0x29, _): symbol = .rightParenthesis
      case (0x2C, _): symbol = .comma
      case (0x3F, _): symbol = .question
      case (0x3A, _): symbol = .colon
      default: symbol = nil
      }
      if let symbol {
        index += symbol.rawValue.utf8.count
        tokens.append(
          ExpressionToken(kind: .symbol(symbol), position: position, text: symbol.rawValue))
        continue
      }
      throw unexpected(at: start, in: bytes, source)
    }
    tokens.append(ExpressionToken(kind: .end, position: count + 1, text: ""))
    return tokens
  }

  /// The error for the character that starts at byte `offset`, with its
  /// position counted in characters (Unicode scalars).
  private static func unexpected(
    at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, _ source: String
  ) -> ExpressionError {
    // A scalar starts at every byte that is not a continuation byte.
    let position = bytes[..<offset].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    let scalar = source.unicodeScalars.dropFirst(position - 1).first ?? " "
    let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
    // Another language's two-character operator, named whole: `=>` reads
    // as `>=`, not as the `==` a lone `=` is taken for.
    let pairs: [(first: UInt8, second: UInt8, text: String, meant: String)] = [
      (0x3D, 0x3E, "=>", "`>=`"), (0x3D, 0x3C, "=<", "`<=`"), (0x3C, 0x3E, "<>", "`!=`"),
      (0x2A, 0x2A, "**", "`pow(x, y)`"),
    ]
    if let pair = pairs.first(where: { $0.first == bytes[offset] && $0.second == next }) {
      return ExpressionError(
        position: position, message: "unexpected `\(pair.text)`; did you mean \(pair.meant)?")
    }
    var message = "unexpected character \(describe(scalar))"
    switch scalar {
    case "=": message += "; did you mean `==`?"
    case "!": message += "; did you mean `!=`?"
    case "^": message += "; did you mean `pow(x, y)`?"
    case "&", "|": message += "; combine conditions with `?:` or `min`/`max`"
    default:
      if let hint = lookAlikes[scalar.value] { message += "; \(hint)" }
    }
    return ExpressionError(position: position, message: message)
  }

  /// Characters outside ASCII that word processors and keyboards put in
  /// place of an operator or a space, each with what to write: the
  /// message's only clue to a character that looks like the right one or
  /// like nothing at all.
  static let lookAlikes: [UInt32: String] = {
    var table: [UInt32: String] = [:]
    for (scalars, hint) in [
      // Minus sign; hyphen, non-breaking hyphen, figure dash, en and em dash.
      ([0x2212, 0x2010, 0x2011, 0x2012, 0x2013, 0x2014], "did you mean `-`?"),
      // Multiplication sign, dot operator, middle dot, asterisk operator.
      ([0x00D7, 0x22C5, 0x00B7, 0x2217], "did you mean `*`?"),
      // Division sign, division slash, fraction slash.
      ([0x00F7, 0x2215, 0x2044], "did you mean `/`?"),
      ([0x2264], "did you mean `<=`?"), ([0x2265], "did you mean `>=`?"),
      ([0x2260], "did you mean `!=`?"),
      // Typographic quotes: an expression holds no text.
      (
        [0x2018, 0x2019, 0x201C, 0x201D],
        "a quotation mark; an expression holds none"
      ),
      // No-break, en, em, thin, hair, narrow no-break, ideographic spaces.
      (
        [0x00A0, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009]
          + [0x200A, 0x202F, 0x205F, 0x3000],
        "a space that is not a plain one; did you mean a plain space?"
      ),
      // Zero-width space, joiners, byte order mark: invisible.
      (
        [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF],
        "an invisible character; expected nothing there"
      ),
    ] {
      for scalar in scalars { table[UInt32(scalar)] = hint }
    }
    return table
  }()

  /// How a message shows a character: `` `#` `` for printable ASCII, the
  /// glyph and its code for a visible one outside ASCII (`` `−` (U+2212) ``,
  /// which may look like an ASCII one), and the code alone for one that
  /// shows as nothing or as a space, or would put a control character in
  /// the message (`U+00A0`).
  private static func describe(_ scalar: Unicode.Scalar) -> String {
    if scalar.value >= 0x21, scalar.value < 0x7F, scalar != "`" { return "`\(scalar)`" }
    let code = "U+" + MessageText.hex(scalar.value, count: 4)
    guard scalar.value >= 0x80, isVisible(scalar) else { return code }
    return "`\(scalar)` (\(code))"
  }

  /// Whether `scalar` shows as a mark of its own: a letter, digit,
  /// punctuation or symbol, not a space, a control or format character, a
  /// combining mark (which would join the quote before it) or a code point
  /// with no character.
  private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation,
      .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
      .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
      true
    default: false
    }
  }
}
