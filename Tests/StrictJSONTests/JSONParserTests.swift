import StrictJSON
import Testing

@Suite struct JSONParserTests {
  @Test("parses every kind of value, keeping object members in file order")
  func values() throws {
    let value = try JSONParser.parse(
      #"{"b": [1, -2.5, 3e2, 0.125E-1, true, false, null], "a": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "c": {}}"#
    )
    guard case .object(let object) = value else {
      Issue.record("expected an object")
      return
    }
    #expect(object.keys == ["b", "a", "c"])
    #expect(
      object["b"]
        == .array([
          .number(1), .number(-2.5), .number(300), .number(0.0125), .bool(true), .bool(false),
          .null,
        ]))
    #expect(object["a"] == .string("x\"\\/\u{8}\u{c}\n\r\té😀"))
    #expect(object["c"] == .object(JSONObject()))
  }

  @Test(
    "numbers read exactly as Swift reads their text",
    arguments: [
      "0", "-0", "1", "0.1", "0.3", "123456789012345", "1234567890123456789",
      "12345678901234567890123", "1e22", "1e23", "5e-324", "1.7976931348623157e308",
      "0.000001234", "-98.76e-5", "2.2250738585072014e-308", "9007199254740993",
    ])
  func numbers(text: String) throws {
    #expect(try JSONParser.parse(text) == .number(Double(text)!))
  }

  @Test("a UTF-8 byte order mark is skipped")
  func byteOrderMark() throws {
    #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number(1)]))
  }

  static let errors: [(String, String, Int, Int)] = [
    ("", "expected a JSON value, found an empty document", 1, 1),
    ("   \n ", "expected a JSON value, found an empty document", 2, 2),
    ("{", "expected a key string, found the end of the file", 1, 2),
    (#"{"a" 1}"#, #"expected ':' after the key "a", found '1'"#, 1, 6),
    (
      #"{"a": 1,}"#, "expected a key string after ',', found '}' (JSON allows no trailing comma)",
      1, 9
    ),
    ("[1, 2,]", "expected a value after ',', found ']' (JSON allows no trailing comma)", 1, 7),
    ("[1 2]", "expected ',' or ']' after an array element, found '2'", 1, 4),
    (#"{"a": 1 "b": 2}"#, "expected ',' or '}' after an object member, found '\"'", 1, 9),
    ("[1] x", "expected the end of the document after the top-level value, found 'x'", 1, 5),
    ("NaN", "expected a JSON value, found 'NaN' (JSON numbers are finite)", 1, 1),
    ("[Infinity]", "expected a JSON value, found 'Infinity' (JSON numbers are finite)", 1, 2),
    ("[tru]", "expected a JSON value, found 'tru'", 1, 2),
    ("[01]", "expected a number without leading zeros, found '01'", 1, 2),
    ("[1.]", "expected a digit after '.' in a number, found ']'", 1, 4),
    ("[1e]", "expected a digit in the exponent of a number, found ']'", 1, 4),
    ("[-]", "expected a digit in a number, found ']'", 1, 3),
    (#"["abc"#, #"unterminated string: expected '"', found the end of the file"#, 1, 2),
    (
      "[\"a\nb\"]",
      "expected '\"' to close the string, found the control character U+000A (escape it as \\u000A)",
      1, 4
    ),
    (
      #"["\q"]"#,
      #"invalid escape '\q' in a string; expected one of \" \\ \/ \b \f \n \r \t \uXXXX"#, 1, 3
    ),
    (#"["\u12G4"]"#, #"expected four hex digits after \u"#, 1, 5),
    (#"["\u12"]"#, #"expected four hex digits after \u"#, 1, 5),
    (#"["\ud800"]"#, #"expected a low surrogate after \uD800, found none"#, 1, 9),
    // A second escape that is not a low surrogate: named, at its backslash.
    (#"["\ud800\u0041"]"#, #"expected a low surrogate after \uD800, found \u0041"#, 1, 9),
    (#"["\uDBFF\uD800"]"#, #"expected a low surrogate after \uDBFF, found \uD800"#, 1, 9),
    (#"["\udc00"]"#, #"unpaired low surrogate \uDC00"#, 1, 3),
    ("[\u{7F}]", "expected a JSON value, found byte 0x7F", 1, 2),
    ("{\"é\": x}", "expected a JSON value, found 'x'", 1, 7),
  ]

  @Test("malformed documents say what was expected, what was found, and where", arguments: errors)
  func malformed(text: String, message: String, line: Int, column: Int) {
    #expect(throws: JSONSyntaxError(message: message, line: line, column: column)) {
      try JSONParser.parse(text)
    }
  }

  @Test("a syntax error has no path: the text is not JSON, not one value")
  func syntaxErrorsHaveNoPath() {
    #expect(
      throws: JSONSyntaxError(message: "expected a JSON value, found 'x'", line: 1, column: 11)
    ) {
      try JSONParser.parse(#"{"a": [1, x]}"#)
    }
  }

  @Test("nesting deeper than the limit is refused without exhausting the stack")
  func deepNesting() {
    let depth = 200_000
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(
      throws: JSONSyntaxError(
        message: "arrays and objects are nested more than 512 levels deep", line: 1, column: 513)
    ) {
      try JSONParser.parse(text)
    }
    let limit = JSONParser.maximumDepth
    let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    #expect((try? JSONParser.parse(deepest)) != nil)
  }
}
