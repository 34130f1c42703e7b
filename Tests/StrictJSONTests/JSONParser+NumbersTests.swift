import StrictJSON
import Testing

@Suite struct JSONParserNumbersTests {
  static let unfitNumbers: [(text: String, message: String, column: Int, path: JSONPath)] = [
    (
      "[1e999]",
      "expected a number that fits a Double (up to about 1.8e308 in magnitude), found 1e999", 2,
      JSONPath([.index(0)])
    ),
    (
      "[-1e400]",
      "expected a number that fits a Double (up to about 1.8e308 in magnitude), found -1e400", 2,
      JSONPath([.index(0)])
    ),
    (
      "1e309",
      "expected a number that fits a Double (up to about 1.8e308 in magnitude), found 1e309", 1,
      .root
    ),
    (
      #"{"chains": [{"name": "h", "frame": {"height": 1e999}}]}"#,
      "expected a number that fits a Double (up to about 1.8e308 in magnitude), found 1e999", 47,
      JSONPath([.key("chains"), .index(0), .key("frame"), .key("height")])
    ),
    (
      #"[0, [1, {"a b": [2, -2e308]}]]"#,
      "expected a number that fits a Double (up to about 1.8e308 in magnitude), found -2e308", 21,
      JSONPath([.index(1), .index(1), .key("a b"), .index(1)])
    ),
    (
      "[" + String(repeating: "9", count: 400) + "]",
      "expected a number that fits a Double (up to about 1.8e308 in magnitude), found "
        + String(repeating: "9", count: 40) + "…", 2,
      JSONPath([.index(0)])
    ),
  ]

  /// A nonzero number below half the least subnormal (about 2.47e-324)
  /// rounds to 0 as a Double.
  static let vanishingNumbers: [(text: String, shown: String, column: Int, path: JSONPath)] = [
    ("[1e-400]", "1e-400", 2, JSONPath([.index(0)])),
    ("2e-324", "2e-324", 1, .root),
    (#"{"a": [-2.4e-324]}"#, "-2.4e-324", 8, JSONPath([.key("a"), .index(0)])),
    (
      "[0." + String(repeating: "0", count: 400) + "7]",
      "0." + String(repeating: "0", count: 38) + "…", 2,
      JSONPath([.index(0)])
    ),
  ]

  @Test(
    "a nonzero number a Double would read as 0 is refused with the path of its value",
    arguments: vanishingNumbers)
  func vanishingNumber(text: String, shown: String, column: Int, path: JSONPath) {
    let message =
      "expected a number that fits a Double (a nonzero one down to about 4.9e-324 in magnitude), found \(shown), which a Double would read as 0"
    #expect(
      throws: JSONSyntaxError(message: message, line: 1, column: column, path: path)
    ) {
      try JSONParser.parse(text)
    }
  }

  @Test("zeros in every spelling and the least subnormal are read")
  func zerosAndSubnormals() throws {
    for text in ["0", "-0", "0.0", "0e-400", "0.000e5", "-0.0E-999"] {
      let value = try JSONParser.parse("[\(text)]")
      #expect(value == .array([.number(0)]), "\(text)")
    }
    // 3e-324 is nearer the least subnormal (4.94e-324) than 0.
    #expect(
      try JSONParser.parse("[3e-324, -5e-324]")
        == .array([.number(.leastNonzeroMagnitude), .number(-.leastNonzeroMagnitude)]))
  }

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

  @Test("number(_:) reads exactly one JSON number, as a golden's cell or a --set value is read")
  func numberText() {
    let numbers: [(String, Double)] = [
      ("0", 0), ("-0", -0.0), ("12.5", 12.5), ("-204.64499999999998", -204.64499999999998),
      ("1e+20", 1e20), ("-1E-7", -1e-7), ("5e-07", 5e-7), ("1e999", .infinity),
      ("-1e999", -.infinity), ("1e-400", 0), ("-1e-400", -0.0),
    ]
    for (text, value) in numbers {
      #expect(JSONParser.number(text)?.bitPattern == value.bitPattern, "\(text)")
    }
    for text in [
      "", "-", "+1", "1e", "1e+", ".", "1.", ".5", "00", "01", " 1", "1 ", "0x1p4", "1_000",
      "\u{661}", "inf", "nan", "1\u{0}", "1,2", "[1]",
    ] {
      #expect(JSONParser.number(text) == nil, "\(text)")
    }
  }
}
