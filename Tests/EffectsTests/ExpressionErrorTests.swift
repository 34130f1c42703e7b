import EffectProtocol
import Effects
import Testing

/// Every kind of mistake in an `expression` effect, with the full message a
/// scene's reader reports at the effect's JSON path.
@Suite struct ExpressionErrorTests {
  /// The messages for the effect object `json` read at `chains[0].effects[0]`.
  static func messages(_ json: String) throws -> String? {
    guard case .object(let object) = try JSONParser.parse(json) else { return nil }
    let path = JSONPath.root.appending("chains").appending(0).appending("effects").appending(0)
    do {
      _ = try ExpressionEffect.decode(object, at: path)
      return nil
    } catch {
      return error.description
    }
  }

  static let prefix = "chains[0].effects[0]"

  static let syntaxErrors: [(String, String)] = [
    // Docs/Expressions.md's own example.
    ("y - 0.5*ofset", "y: at 9: unknown name `ofset`; did you mean `offset`?"),
    ("Offset * 2", "y: at 1: unknown name `Offset`; did you mean `offset`?"),
    // Another language's function gets what to write here, not the nearest name.
    ("mix(0, 1, 0.5)", "y: at 1: unknown function `mix`; did you mean `lerp(a, b, t)`?"),
    ("2 * log10(y)", "y: at 5: unknown function `log10`; did you mean `log(x) / log(10)`?"),
    ("pullStrat", "y: at 1: unknown name `pullStrat`; did you mean `pullStart`?"),
    // Another language's constant gets its number (pi to the 16 digits a
    // Double round-trips: 3.141592653589793).
    ("2 * PI * progress", "y: at 5: unknown name `PI`; did you mean `3.141592653589793`?"),
    ("M_PI / 2", "y: at 1: unknown name `M_PI`; did you mean `3.141592653589793`?"),
    // A name or number is repeated up to 40 characters, then cut.
    (
      String(repeating: "a", count: 100_000),
      "y: at 1: unknown name `\(String(repeating: "a", count: 40))…`"
    ),
    (
      "1 + " + String(repeating: "9", count: 400),
      "y: at 5: the number `\(String(repeating: "9", count: 40))…` is too large; expected at most about 1.8e308"
    ),
    // Names and functions whose nearest name here means another thing get
    // what to write, or why there is nothing to write; never the near name.
    (
      "asin(1)", "y: at 1: unknown function `asin`; there is no inverse trigonometric function here"
    ),
    (
      "acos(1)", "y: at 1: unknown function `acos`; there is no inverse trigonometric function here"
    ),
    (
      "atan2(y, x)",
      "y: at 1: unknown function `atan2`; there is no inverse trigonometric function here"
    ),
    ("tanh(1)", "y: at 1: unknown function `tanh`; did you mean `1 - 2 / (exp(2 * x) + 1)`?"),
    (
      "smootherstep(0, 1, progress)",
      "y: at 1: unknown function `smootherstep`; there is none here; with `t` for "
        + "`clamp((x - edge0) / (edge1 - edge0), 0, 1)`, it is `t * t * t * (t * (t * 6 - 15) + 10)`"
    ),
    ("sqr(offset)", "y: at 1: unknown function `sqr`; did you mean `x * x`?"),
    ("abs2(offset)", "y: at 1: unknown function `abs2`; did you mean `x * x`?"),
    ("sgn(offset)", "y: at 1: unknown function `sgn`; did you mean `sign(x)`?"),
    (
      "rand()",
      "y: at 1: unknown function `rand`; there is no randomness here: an expression gives the same value for the same frame and view"
    ),
    ("2 * ln(y)", "y: at 5: unknown function `ln`; did you mean `log(x)`?"),
    ("midY", "y: at 1: unknown name `midY`; did you mean `minY + height / 2`?"),
    ("midX", "y: at 1: unknown name `midX`; did you mean `minX + width / 2`?"),
    ("1 + right", "y: at 5: unknown name `right`; did you mean `minX + width`?"),
    ("bottom", "y: at 1: unknown name `bottom`; did you mean `minY + height`?"),
    // The names of the content and insets across the scroll axis: none.
    (
      "contentWidth",
      "y: at 1: unknown name `contentWidth`; names read the content along the scroll axis: "
        + "`contentHeight` (in a horizontal scene, the content width)"
    ),
    (
      "y + insetLeft",
      "y: at 5: unknown name `insetLeft`; names read the insets along the scroll axis: "
        + "`insetTop` and `insetBottom` (in a horizontal scene, the leading and trailing insets)"
    ),
    ("wobble", "y: at 1: unknown name `wobble`"),
    (
      "1 + smoothstp(0, 1, offset)",
      "y: at 5: unknown function `smoothstp`; did you mean `smoothstep`?"
    ),
    ("wobble(1)", "y: at 1: unknown function `wobble`"),
    ("offset(2)", "y: at 1: `offset` is a name, not a function; expected no `(`"),
    ("max + 1", "y: at 1: `max` is a function; expected a call such as `max(a, b, ...)`"),
    ("clamp(offset, 0)", "y: at 1: `clamp` takes 3 arguments (`clamp(x, low, high)`), found 2"),
    ("abs(1, 2)", "y: at 1: `abs` takes 1 argument (`abs(x)`), found 2"),
    ("2 * sin()", "y: at 5: `sin` takes 1 argument (`sin(x)`), found 0"),
    ("min(offset)", "y: at 1: `min` takes 2 or more arguments (`min(a, b, ...)`), found 1"),
    ("step(1)", "y: at 1: `step` takes 2 arguments (`step(edge, x)`), found 1"),
    (
      "", "y: at 1: the expression is empty; expected arithmetic such as `y + 0.5 * max(0, offset)`"
    ),
    (
      "   ",
      "y: at 1: the expression is empty; expected arithmetic such as `y + 0.5 * max(0, offset)`"
    ),
    ("y # 2", "y: at 3: unexpected character `#`"),
    ("y = 2", "y: at 3: unexpected character `=`; did you mean `==`?"),
    ("!y", "y: at 1: unexpected character `!`; did you mean `!=`?"),
    ("y ^ 2", "y: at 3: unexpected character `^`; did you mean `pow(x, y)`?"),
    ("y && 1", "y: at 3: unexpected character `&`; combine conditions with `?:` or `min`/`max`"),
    ("y + é", "y: at 5: unexpected character `é` (U+00E9)"),
    // Another language's operators.
    ("1 => 2", "y: at 3: unexpected `=>`; did you mean `>=`?"),
    ("1 =< 2", "y: at 3: unexpected `=<`; did you mean `<=`?"),
    ("1 <> 2", "y: at 3: unexpected `<>`; did you mean `!=`?"),
    ("2 ** 3", "y: at 3: unexpected `**`; did you mean `pow(x, y)`?"),
    // Look-alikes from word processors, at their character's position.
    ("1 \u{2212} y", "y: at 3: unexpected character `\u{2212}` (U+2212); did you mean `-`?"),
    ("2 \u{D7} 3", "y: at 3: unexpected character `\u{D7}` (U+00D7); did you mean `*`?"),
    ("2\u{F7}3", "y: at 2: unexpected character `\u{F7}` (U+00F7); did you mean `/`?"),
    ("1 \u{2264} 2", "y: at 3: unexpected character `\u{2264}` (U+2264); did you mean `<=`?"),
    ("1 \u{2265} 2", "y: at 3: unexpected character `\u{2265}` (U+2265); did you mean `>=`?"),
    ("1 \u{2260} 2", "y: at 3: unexpected character `\u{2260}` (U+2260); did you mean `!=`?"),
    (
      "\u{201C}y\u{201D}",
      "y: at 1: unexpected character `\u{201C}` (U+201C); a quotation mark; an expression holds none"
    ),
    (
      "y\u{A0}+ 1",
      "y: at 2: unexpected character U+00A0; a space that is not a plain one; did you mean a plain space?"
    ),
    (
      "y +\u{2009}1",
      "y: at 4: unexpected character U+2009; a space that is not a plain one; did you mean a plain space?"
    ),
    (
      "y\u{200B}+ 1",
      "y: at 2: unexpected character U+200B; an invisible character; expected nothing there"
    ),
    // A combining accent shows as nothing alone: its code only.
    ("y\u{301}", "y: at 2: unexpected character U+0301"),
    ("y +\u{7}", "y: at 4: unexpected character U+0007"),
    ("y + `a`", "y: at 5: unexpected character U+0060"),
    ("1e", "y: at 1: malformed number `1e`; expected digits in the exponent"),
    ("2 * 3e+", "y: at 5: malformed number `3e+`; expected digits in the exponent"),
    ("1e999", "y: at 1: the number `1e999` is too large; expected at most about 1.8e308"),
    ("y +", "y: at 4: expected a number, a name, `-` or `(`, found the end of the expression"),
    ("* 2", "y: at 1: expected a number, a name, `-` or `(`, found `*`"),
    ("+y", "y: at 1: expected a number, a name, `-` or `(`, found `+`"),
    ("y 2", "y: at 3: expected an operator or the end of the expression, found `2`"),
    ("2y", "y: at 2: expected an operator or the end of the expression, found `y`"),
    ("(y + 1))", "y: at 8: expected an operator or the end of the expression, found `)`"),
    ("1.5.3", "y: at 4: expected an operator or the end of the expression, found `.3`"),
    ("y.x", "y: at 2: unexpected character `.`"),
    ("(y + 1", "y: at 7: expected `)` to close the `(` at 1, found the end of the expression"),
    (
      "max(1, 2",
      "y: at 9: expected `)` or `,` in the arguments of `max`, found the end of the expression"
    ),
    ("max(1 2)", "y: at 7: expected `)` or `,` in the arguments of `max`, found `2`"),
    // With all its arguments, a function wants `)` alone.
    (
      "sqrt(-1",
      "y: at 8: expected `)` after the argument of `sqrt`, found the end of the expression"
    ),
    (
      "clamp(y, 0, 1 2",
      "y: at 15: expected `)` after the 3 arguments of `clamp`, found `2`"
    ),
    (
      "step(0 1)",
      "y: at 8: expected `)` or `,` in the arguments of `step`, found `1`"
    ),
    ("max(1,)", "y: at 7: expected a number, a name, `-` or `(`, found `)`"),
    (
      "y > 1 ? 2",
      "y: at 10: expected `:` between the branches of `?:`, found the end of the expression"
    ),
    ("y ? : 1", "y: at 5: expected a number, a name, `-` or `(`, found `:`"),
    ("1 : 2", "y: at 3: expected an operator or the end of the expression, found `:`"),
    (
      String(repeating: "(", count: 65) + "1" + String(repeating: ")", count: 65),
      "y: at 65: nested more than 64 deep; expected a simpler expression"
    ),
    (
      String(repeating: "-", count: 70) + "1",
      "y: at 65: nested more than 64 deep; expected a simpler expression"
    ),
  ]

  @Test("syntax errors name the position and what was expected", arguments: syntaxErrors)
  func syntaxError(expression: String, message: String) throws {
    let json = "{\"type\": \"expression\", \"y\": \(jsonString(expression))}"
    #expect(try Self.messages(json) == "\(Self.prefix).\(message)")
  }

  @Test("an expression of more than 1000 tokens is refused at the first one past the limit")
  func tooManyTokens() throws {
    // 500 ones and 499 pluses: 999 tokens, accepted; one more "+ 1" is not.
    let longest = Array(repeating: "1", count: 500).joined(separator: "+")
    #expect(try expressionValue(longest) == 500)
    let json = "{\"type\": \"expression\", \"y\": \"\(longest)+1\"}"
    // The 1001st token, the last `1`, starts at character 999 + 2.
    #expect(
      try Self.messages(json)
        == "\(Self.prefix).y: at 1001: more than 1000 tokens; expected a shorter expression")
    // 1000 tokens exactly, with spaces around and between them: the spaces are no tokens.
    let thousand = "-" + Array(repeating: "1", count: 500).joined(separator: " + ")
    #expect(try expressionValue(" " + thousand + "\n ") == 498)
    // With spaces before the 1001st token, it is still the one named.
    let over = "{\"type\": \"expression\", \"y\": \"\(thousand)  1\"}"
    let at = thousand.count + 3
    #expect(
      try Self.messages(over)
        == "\(Self.prefix).y: at \(at): more than 1000 tokens; expected a shorter expression")
  }

  @Test("64 levels of nesting are accepted")
  func deepestNesting() throws {
    let deep = String(repeating: "(", count: 64) + "2" + String(repeating: ")", count: 64)
    #expect(try expressionValue(deep) == 2)
  }

  static let objectErrors: [(String, String)] = [
    (
      #"{"type": "expression", "y": 3}"#,
      #"chains[0].effects[0].y: expected an expression in a string such as "y + 10", found the number 3"#
    ),
    (
      #"{"type": "expression", "opacity": null}"#,
      #"chains[0].effects[0].opacity: expected an expression in a string such as "y + 10", found null"#
    ),
    (
      #"{"type": "expression", "opasity": "1"}"#,
      #"chains[0].effects[0].opasity: unknown key for effect "expression"; did you mean "opacity"? (valid keys: type, x, y, width, height, scale, scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation, zIndex)"#
    ),
    (
      // The output's translation is no column: the one that moves the view.
      #"{"type": "expression", "translateY": "10"}"#,
      #"chains[0].effects[0].translateY: unknown key for effect "expression"; did you mean "y"? (valid keys: type, x, y, width, height, scale, scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation, zIndex)"#
    ),
    (
      // `minY` and `minX` read what `y` and `x` assign.
      #"{"type": "expression", "minY": "10"}"#,
      #"chains[0].effects[0].minY: unknown key for effect "expression"; did you mean "y"? (valid keys: type, x, y, width, height, scale, scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation, zIndex)"#
    ),
    (
      #"{"type": "expression", "minX": "10"}"#,
      #"chains[0].effects[0].minX: unknown key for effect "expression"; did you mean "x"? (valid keys: type, x, y, width, height, scale, scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation, zIndex)"#
    ),
    (
      // A name an expression reads is not a column; `count` is no `scaleX`.
      #"{"type": "expression", "y": "y", "offset": "offset * 2", "count": "1"}"#,
      """
      chains[0].effects[0].offset: unknown key for effect "expression"; "offset" is a name to read inside a column's expression (such as "y": "y + offset"), not a column (valid keys: type, x, y, width, height, scale, scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation, zIndex)
      chains[0].effects[0].count: unknown key for effect "expression"; "count" is a name to read inside a column's expression (such as "y": "y + count"), not a column (valid keys: type, x, y, width, height, scale, scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation, zIndex)
      """
    ),
    (
      #"{"type": "expression", "expression": "y + 10"}"#,
      #"chains[0].effects[0].expression: unknown key for effect "expression"; an expression is given for each column, under the column's key (such as "y": "y + offset") (valid keys: type, x, y, width, height, scale, scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation, zIndex)"#
    ),
    (
      #"{"type": "expression"}"#,
      "chains[0].effects[0]: expected at least one column to assign (x, y, width, height, scale, scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation, zIndex), found none"
    ),
    (
      #"{"type": "expression", "scale": "2", "scaleY": "1"}"#,
      "chains[0].effects[0].scaleY: `scale` already assigns scaleX and scaleY; expected `scale` or `scaleY`, found both"
    ),
    (
      #"{"type": "expression", "y": "ofset", "opacity": "max(1)", "x": 1}"#,
      """
      chains[0].effects[0].x: expected an expression in a string such as "y + 10", found the number 1
      chains[0].effects[0].y: at 1: unknown name `ofset`; did you mean `offset`?
      chains[0].effects[0].opacity: at 1: `max` takes 2 or more arguments (`max(a, b, ...)`), found 1
      """
    ),
  ]

  @Test(
    "the object's errors: not a string, an unknown column, no column, scale twice, several at once",
    arguments: objectErrors)
  func objectError(json: String, message: String) throws {
    #expect(try Self.messages(json) == message)
  }

  /// `text` as a JSON string literal.
  private func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case _ where scalar.value < 0x20:
        result +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
