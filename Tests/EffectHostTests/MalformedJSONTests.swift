import EffectHost
import EffectProtocol
import Foundation
import Testing

/// Bytes that are not JSON: refused with the line and column, what was
/// expected there and what was found.
@Suite struct MalformedJSONTests: HostileInputSuite {
  static let syntax: [Case] = [
    Case(
      "an empty file", "",
      ["scene.json:1:1: malformed JSON: expected a JSON value, found an empty document"]),
    Case(
      "only whitespace", " \n\t",
      ["scene.json:2:2: malformed JSON: expected a JSON value, found an empty document"]),
    Case(
      "not JSON", "chains: [header]",
      ["scene.json:1:1: malformed JSON: expected a JSON value, found 'chains'"]),
    Case(
      "YAML-like single quotes", "{'chains': []}",
      [
        #"scene.json:1:2: malformed JSON: expected a key string, found ''' (JSON strings are in straight double quotes: ")"#
      ]),
    Case(
      "typographic quotes pasted from a web page", "{\u{201C}chains\u{201D}: []}",
      [
        #"scene.json:1:2: malformed JSON: expected a key string, found '\#u{201C}' (JSON strings are in straight double quotes: ")"#
      ]),
    Case(
      "a hexadecimal number", #"{"contentHeight": 0x10}"#,
      [
        "scene.json:1:20: malformed JSON: expected ',' or '}' after an object member, found 'x10' (JSON numbers are decimal, no 0x)"
      ]),
    Case(
      // Where the parser stops, whatever it counted before: a byte order
      // mark, a carriage return.
      "a comment after a byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array("// c\n{}".utf8),
      [
        "scene.json:1:1: malformed JSON: expected a JSON value, found '/' (JSON allows no comments)"
      ]),
    Case(
      "a block comment after a carriage return", "{\"chains\":\r[] , /* c */}",
      [
        "scene.json:2:6: malformed JSON: expected a key string, found '/' (JSON allows no comments)"
      ]),
    Case(
      "a number 10 followed by x", #"{"contentHeight": 10x}"#,
      ["scene.json:1:21: malformed JSON: expected ',' or '}' after an object member, found 'x'"]),
    Case(
      "a number -0 followed by x10", #"{"contentHeight": -0x10}"#,
      [
        "scene.json:1:21: malformed JSON: expected ',' or '}' after an object member, found 'x10' (JSON numbers are decimal, no 0x)"
      ]),
    Case(
      // A word starting with x elsewhere is no hexadecimal number.
      "a bare word starting with x", #"{"a": x10}"#,
      ["scene.json:1:7: malformed JSON: expected a JSON value, found 'x10'"]),
    Case(
      "truncated mid-object", #"{"chains": [{"name": "a", "frame": {"height": 1"#,
      [
        "scene.json:1:48: malformed JSON: expected ',' or '}' after an object member, found the end of the file"
      ]),
    Case(
      "truncated after a key", #"{"chains": "#,
      ["scene.json:1:12: malformed JSON: expected a JSON value, found the end of the file"]),
    Case(
      "truncated mid-string", #"{"chains": [{"name": "hea"#,
      [
        "scene.json:1:22: malformed JSON: unterminated string: expected '\"', found the end of the file"
      ]),
    Case(
      "truncated mid-number", #"{"chains": [{"name": "a", "frame": {"height": 1."#,
      [
        "scene.json:1:49: malformed JSON: expected a digit after '.' in a number, found the end of the file"
      ]),
    Case(
      "truncated in an exponent", #"{"contentHeight": 1e"#,
      [
        "scene.json:1:21: malformed JSON: expected a digit in the exponent of a number, found the end of the file"
      ]),
    Case(
      "a trailing comma in an object", #"{"chains": [{"name": "a", "frame": {"height": 1,}}]}"#,
      [
        "scene.json:1:49: malformed JSON: expected a key string after ',', found '}' (JSON allows no trailing comma)"
      ]),
    Case(
      "a trailing comma in an array", #"{"chains": [{"name": "a", "frame": {"height": 1}},]}"#,
      [
        "scene.json:1:51: malformed JSON: expected a value after ',', found ']' (JSON allows no trailing comma)"
      ]),
    Case(
      "text after the top-level value", #"{"chains": []} {"chains": []}"#,
      [
        "scene.json:1:16: malformed JSON: expected the end of the document after the top-level value, found '{'"
      ]),
    Case(
      "a number with a leading zero", #"{"contentHeight": 020}"#,
      ["scene.json:1:19: malformed JSON: expected a number without leading zeros, found '02'"]),
    Case(
      "1e999", #"{"contentHeight": 1e999}"#,
      [
        "scene.json:1:19: contentHeight: expected a number that fits a Double (up to about 1.8e308 in magnitude), found 1e999"
      ]),
    Case(
      "-1e999", #"{"contentHeight": -1e999}"#,
      [
        "scene.json:1:19: contentHeight: expected a number that fits a Double (up to about 1.8e308 in magnitude), found -1e999"
      ]),
    Case(
      "a 400-digit number, cut to 40 digits and marked as cut",
      #"{"viewport": {"width": "# + String(repeating: "7", count: 400) + "}}",
      [
        "scene.json:1:24: viewport.width: expected a number that fits a Double (up to about "
          + "1.8e308 in magnitude), found " + String(repeating: "7", count: 40) + "…"
      ]),
    Case(
      "a bare NaN", #"{"contentHeight": NaN}"#,
      [
        "scene.json:1:19: malformed JSON: expected a JSON value, found 'NaN' (JSON numbers are finite)"
      ]),
    Case(
      "a bare Infinity", #"{"contentHeight": Infinity}"#,
      [
        "scene.json:1:19: malformed JSON: expected a JSON value, found 'Infinity' (JSON numbers are finite)"
      ]),
    Case(
      "a bare -Infinity", #"{"contentHeight": -Infinity}"#,
      [
        "scene.json:1:20: malformed JSON: expected a digit in a number, found 'Infinity' (JSON numbers are finite)"
      ]),
    Case(
      "a line comment after a multi-byte name",
      "{\"name\": \"caf\u{E9} \u{1F600}\", // the header\n\"chains\": []}",
      [
        "scene.json:1:20: malformed JSON: expected a key string, found '/' (JSON allows no comments)"
      ]),
    Case(
      "a block comment in place of a value", "{\n  \"contentHeight\": /* tall */ 900}",
      [
        "scene.json:2:20: malformed JSON: expected a JSON value, found '/' (JSON allows no comments)"
      ]),
    Case(
      "a lone slash is no comment", #"{"contentHeight": / 900}"#,
      ["scene.json:1:19: malformed JSON: expected a JSON value, found '/'"]),
    Case(
      "a misspelt literal", #"{"contentHeight": nul}"#,
      ["scene.json:1:19: malformed JSON: expected a JSON value, found 'nul'"]),
    Case(
      "a raw newline in a string", "{\"description\": \"two\nlines\"}",
      [
        "scene.json:1:21: malformed JSON: expected '\"' to close the string, found the control character U+000A (escape it as \\u000A)"
      ]),
    Case(
      "an invalid escape", #"{"description": "a\x"}"#,
      [
        #"scene.json:1:19: malformed JSON: invalid escape '\x' in a string; expected one of \" \\ \/ \b \f \n \r \t \uXXXX"#
      ]),
    Case(
      "an unpaired surrogate escape", #"{"description": "\ud800"}"#,
      ["scene.json:1:24: malformed JSON: expected a low surrogate after \\uD800, found none"]),
    Case(
      "invalid UTF-8 in a string",
      bytes: Array(#"{"description": "caf"#.utf8) + [0xE9] + Array(#""}"#.utf8),
      ["scene.json:1:21: malformed JSON: expected UTF-8 text, found the invalid byte 0xE9"]),
    Case(
      "a UTF-8-encoded surrogate in a string",
      bytes: Array(#"{"description": ""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8),
      ["scene.json:1:18: malformed JSON: expected UTF-8 text, found the invalid byte 0xED"]),
    Case(
      "raw binary data", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00],
      ["scene.json:1:1: malformed JSON: expected a JSON value, found byte 0x89"]),
    Case(
      "a NUL byte", bytes: [0x00],
      ["scene.json:1:1: malformed JSON: expected a JSON value, found byte 0x00"]),
    Case(
      "a UTF-16 byte order mark", bytes: [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00],
      [
        "scene.json:1:1: malformed JSON: expected UTF-8 text, found UTF-16's byte order mark 0xFF 0xFE (save the file as UTF-8)"
      ]),
    Case(
      "UTF-16's big-endian byte order mark", bytes: [0xFE, 0xFF, 0x00, 0x7B, 0x00, 0x7D],
      [
        "scene.json:1:1: malformed JSON: expected UTF-8 text, found UTF-16's byte order mark 0xFE 0xFF (save the file as UTF-8)"
      ]),
    Case(
      // The mark is hidden by editors: the trailing comma's ']' is the
      // 15th character an editor shows, as without the mark.
      "a trailing comma after a UTF-8 byte order mark",
      bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"chains": [1,]}"#.utf8),
      [
        "scene.json:1:15: malformed JSON: expected a value after ',', found ']' (JSON allows no trailing comma)"
      ]),
    Case(
      // Lines as an editor counts them: a carriage return alone (an old
      // Mac's) ends one, and with a line feed the two end one.
      "a trailing comma after a carriage return, then after both",
      "{\"chains\":\r [1,\r\n ]}",
      [
        "scene.json:3:2: malformed JSON: expected a value after ',', found ']' (JSON allows no trailing comma)"
      ]),
    Case(
      "an invisible format character outside strings", "\u{202E}{}",
      ["scene.json:1:1: malformed JSON: expected a JSON value, found the character U+202E"]),
    Case(
      "an odd key followed by no colon", "{\"a\\\"b\\nc\" 1}",
      [#"scene.json:1:12: malformed JSON: expected ':' after the key "a\"b\nc", found '1'"#]),
  ]

  @Test(
    "malformed JSON is refused with its line, column, expectation and finding", arguments: syntax)
  func malformedJSON(_ row: Case) {
    #expect(Self.invalidLines(row.bytes) == row.lines)
  }

  @Test("a number refused 500 arrays deep is named by a path cut to one line, its ends kept")
  func deepUnfitNumber() {
    let text = String(repeating: "[", count: 500) + "1e999" + String(repeating: "]", count: 500)
    let lines = Self.invalidLines(Array(text.utf8))
    #expect(
      lines == [
        "scene.json:1:501: " + String(repeating: "[0]", count: 8) + "…(484 more)…"
          + String(repeating: "[0]", count: 8)
          + ": expected a number that fits a Double (up to about 1.8e308 in magnitude), found 1e999"
      ])
    #expect(lines.allSatisfy { $0.utf8.count < 200 })
  }
}
