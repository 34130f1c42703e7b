import StrictJSON
import Testing

@Suite struct JSONParserNumbersTests {
  static let unfitNumbers: [(text: String, message: String, column: Int, path: JSONPath)] = [
    ("[1e999]", "the number 1e999 does not fit a Double", 2, JSONPath([.index(0)])),
    ("[-1e400]", "the number -1e400 does not fit a Double", 2, JSONPath([.index(0)])),
    ("1e309", "the number 1e309 does not fit a Double", 1, .root),
    (
      #"{"chains": [{"name": "h", "frame": {"height": 1e999}}]}"#,
      "the number 1e999 does not fit a Double", 47,
      JSONPath([.key("chains"), .index(0), .key("frame"), .key("height")])
    ),
    (
      #"[0, [1, {"a b": [2, -2e308]}]]"#, "the number -2e308 does not fit a Double", 21,
      JSONPath([.index(1), .index(1), .key("a b"), .index(1)])
    ),
    (
      "[" + String(repeating: "9", count: 400) + "]",
      "the number " + String(repeating: "9", count: 40) + "… does not fit a Double", 2,
      JSONPath([.index(0)])
    ),
  ]

  @Test(
    "a number that does not fit a Double is refused with the path of its value",
    arguments: unfitNumbers)
  func unfitNumber(text: String, message: String, column: Int, path: JSONPath) {
    #expect(
      throws: JSONSyntaxError(message: message, line: 1, column: column, path: path)
    ) {
      try JSONParser.parse(text)
    }
  }

  @Test("numbers of 40 and 400 digits that fit a Double are read, not refused")
  func longNumbersThatFit() throws {
    let forty = String(repeating: "1", count: 40)
    #expect(try JSONParser.parse("[\(forty)]") == .array([.number(Double(forty)!)]))
    let fraction = "0." + String(repeating: "5", count: 400)
    #expect(try JSONParser.parse("[\(fraction)]") == .array([.number(Double(fraction)!)]))
  }
}
