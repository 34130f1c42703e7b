/// A mistake in an expression's text: where (the character, counted from 1)
/// and what. Printed as `at 9: unknown name `ofset`; did you mean `offset`?`.
struct ExpressionError: Error, Equatable, CustomStringConvertible {
  /// The 1-based position of the offending character among the text's
  /// Unicode scalars (which are its characters for ASCII text).
  var position: Int
  var message: String

  var description: String { "at \(position): \(message)" }
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
    kind == .end ? "the end of the expression" : "`\(text)`"
  }
}

/// Splits an expression into tokens: numbers (`12`, `0.5`, `.5`, `1e-3`),
/// identifiers (`offset`, letters, digits and `_`, not starting with a
/// digit), the operators and punctuation of ``ExpressionToken/Symbol``;
/// spaces, tabs and line breaks separate them.
enum ExpressionLexer {
  static func tokens(of source: String) throws(ExpressionError) -> [ExpressionToken] {
    let scalars = Array(source.unicodeScalars)
    var tokens: [ExpressionToken] = []
    var index = 0
    func text(_ range: Range<Int>) -> String {
      var string = ""
      string.unicodeScalars.append(contentsOf: scalars[range])
      return string
    }
    func isDigit(_ index: Int) -> Bool {
      index < scalars.count && ("0"..."9").contains(scalars[index])
    }
    func isIdentifierScalar(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
        || (!first && ("0"..."9").contains(scalar))
    }
    while index < scalars.count {
      let scalar = scalars[index]
      let start = index
      let position = start + 1
      if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
        index += 1
        continue
      }
      if isDigit(index) || (scalar == "." && isDigit(index + 1)) {
        while isDigit(index) { index += 1 }
        if index < scalars.count, scalars[index] == "." {
          index += 1
          while isDigit(index) { index += 1 }
        }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
          var exponent = index + 1
          if exponent < scalars.count, scalars[exponent] == "+" || scalars[exponent] == "-" {
            exponent += 1
          }
          guard isDigit(exponent) else {
            throw ExpressionError(
              position: position,
              message:
                "malformed number `\(text(start..<exponent))`; expected digits in the exponent")
          }
          index = exponent
          while isDigit(index) { index += 1 }
        }
        let literal = text(start..<index)
        guard let value = Double(literal), value.isFinite else {
          throw ExpressionError(
            position: position,
            message: "the number `\(literal)` is too large; expected at most about 1.8e308")
        }
        tokens.append(ExpressionToken(kind: .number(value), position: position, text: literal))
        continue
      }
      if isIdentifierScalar(scalar, first: true) {
        index += 1
        while index < scalars.count, isIdentifierScalar(scalars[index], first: false) {
          index += 1
        }
        let name = text(start..<index)
        tokens.append(ExpressionToken(kind: .identifier(name), position: position, text: name))
        continue
      }
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      if next == "=", let symbol = ExpressionToken.Symbol(rawValue: "\(scalar)=") {
        index += 2
        tokens.append(
          ExpressionToken(kind: .symbol(symbol), position: position, text: symbol.rawValue))
        continue
      }
      if let symbol = ExpressionToken.Symbol(rawValue: String(scalar)) {
        index += 1
        tokens.append(
          ExpressionToken(kind: .symbol(symbol), position: position, text: symbol.rawValue))
        continue
      }
      var message = "unexpected character \(describe(scalar))"
      switch scalar {
      case "=": message += "; did you mean `==`?"
      case "!": message += "; did you mean `!=`?"
      case "^": message += "; did you mean `pow(x, y)`?"
      case "&", "|": message += "; combine conditions with `?:` or `min`/`max`"
      default: break
      }
      throw ExpressionError(position: position, message: message)
    }
    tokens.append(ExpressionToken(kind: .end, position: scalars.count + 1, text: ""))
    return tokens
  }

  /// `` `#` `` for a printable ASCII character, `U+00E9` otherwise: messages
  /// hold no control characters.
  private static func describe(_ scalar: Unicode.Scalar) -> String {
    if scalar.value >= 0x21, scalar.value < 0x7F, scalar != "`" { return "`\(scalar)`" }
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
