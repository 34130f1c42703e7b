import StrictJSON
import Testing

@Suite struct JSONParserStringsTests {
  @Test("invalid UTF-8 in a string is an error at the offending byte, not replaced")
  func invalidUTF8() {
    let bytes: [UInt8] = Array(#"{"a": "ok"#.utf8) + [0xFF, 0x22, 0x7D]
    #expect(
      throws: JSONSyntaxError(
        message: "expected UTF-8 text, found the invalid byte 0xFF", line: 1, column: 10)
    ) {
      try JSONParser.parse(bytes)
    }
    // After a two-byte "é" (column 9: columns count characters), which the
    // decoder reads past: the byte named is still the 0xFF, at column 10.
    let accented: [UInt8] = Array(#"{"a": "o"#.utf8) + [0xC3, 0xA9, 0xFF, 0x22, 0x7D]
    #expect(
      throws: JSONSyntaxError(
        message: "expected UTF-8 text, found the invalid byte 0xFF", line: 1, column: 10)
    ) {
      try JSONParser.parse(accented)
    }
  }
}
