import EffectProtocol
import Testing

@Suite struct ParameterReaderTests {
  func reader(_ json: String) throws -> ParameterReader {
    guard case .object(let object) = try JSONParser.parse(json) else {
      throw JSONSyntaxError(message: "not an object", line: 0, column: 0)
    }
    return ParameterReader(
      object: object, path: JSONPath([.key("chains"), .index(0)]), owner: "a test")
  }

  enum Side: String, CaseIterable { case left, right }

  @Test("reads present values, returns defaults for absent ones, and records the keys read")
  func readsValues() throws {
    var reader = try reader(
      #"{"n": 2.5, "flag": true, "side": "right", "count": 3, "name": "x", "opt": null}"#)
    #expect(reader.number("n", default: 0) == 2.5)
    #expect(reader.number("missing", default: 7) == 7)
    let flag = reader.bool("flag", default: false)
    #expect(flag)
    #expect(reader.choice("side", default: Side.left) == .right)
    #expect(reader.integer("count", default: 0, in: 0...10) == 3)
    #expect(reader.string("name") == "x")
    #expect(reader.optionalNumber("opt") == nil)
    reader.finish()
    #expect(!reader.hasProblems)
    #expect(reader.readKeys == ["n", "missing", "flag", "side", "count", "name", "opt"])
  }

  @Test("problems carry the path, what was expected and what was found; reading goes on")
  func problems() throws {
    var reader = try reader(
      #"{"n": "2", "r": 5, "flag": 1, "side": "up", "count": 1.5, "name": 3, "sied": 1, "n": 3}"#)
    #expect(reader.number("n", default: 1) == 1)
    #expect(reader.number("r", default: 0.5, in: .unitInterval) == 0.5)
    let defaulted = reader.bool("flag", default: true)
    #expect(defaulted)
    #expect(reader.choice("side", default: Side.left) == .left)
    #expect(reader.integer("count", default: 0, in: 0...10) == 0)
    #expect(reader.string("name") == nil)
    #expect(reader.requiredNumber("size") == nil)
    reader.finish()
    #expect(
      reader.diagnostics.map(\.description) == [
        #"chains[0].n: expected a number from -1e9 to 1e9, found the string "2""#,
        "chains[0].r: expected a number from 0 to 1, found the number 5",
        "chains[0].flag: expected true or false, found the number 1",
        #"chains[0].side: expected "left" or "right", found the string "up""#,
        "chains[0].count: expected a whole number from 0 to 10, found the number 1.5",
        "chains[0].name: expected a string, found the number 3",
        "chains[0].size: missing required key; expected a number from -1e9 to 1e9",
        #"chains[0].sied: unknown key for a test; did you mean "side"? (valid keys: n, r, flag, side, count, name, size)"#,
        "chains[0].n: the key is given more than once; expected each key once",
      ])
  }

  @Test(
    "a whole number is taken only when it is exactly an Int in the range, at Int.max and Int.min too"
  )
  func integerAtTheEnds() throws {
    // 9223372036854775807 (Int.max) reads as the Double 2^63, one more than
    // Int.max; 9223372036854774784 is 2^63 - 1024, the Double below it.
    var reader = try reader(
      """
      {"a": 9223372036854775807, "b": 9223372036854774784, "c": 9223372036854775807,
       "d": -9223372036854775808, "e": -9223372036854777856, "f": 1e19, "g": 2.5,
       "h": -0.5, "i": -9223372036854775808}
      """)
    #expect(reader.integer("a", default: 7, in: 0...Int.max) == 7)
    #expect(reader.integer("b", default: 7, in: 0...Int.max) == Int.max - 1023)
    #expect(reader.integer("c", default: 7, in: Int.min...Int.max) == 7)
    #expect(reader.integer("d", default: 7, in: Int.min...0) == Int.min)
    #expect(reader.integer("e", default: 7, in: Int.min...0) == 7)
    #expect(reader.integer("f", default: 7, in: 0...Int.max) == 7)
    #expect(reader.integer("g", default: 7, in: 0...Int.max) == 7)
    #expect(reader.integer("h", default: 7, in: Int.min...0) == 7)
    #expect(reader.integer("i", default: 7, in: (Int.min + 1)...0) == 7)
    reader.finish()
    let all = "a whole number from -9223372036854775808 to 9223372036854775807"
    #expect(
      reader.diagnostics.map(\.description) == [
        "chains[0].a: expected a whole number from 0 to 9223372036854775807, "
          + "found the number 9.223372036854776e+18",
        "chains[0].c: expected \(all), found the number 9.223372036854776e+18",
        "chains[0].e: expected a whole number from -9223372036854775808 to 0, "
          + "found the number -9.223372036854778e+18",
        "chains[0].f: expected a whole number from 0 to 9223372036854775807, found the number 1e+19",
        "chains[0].g: expected a whole number from 0 to 9223372036854775807, found the number 2.5",
        "chains[0].h: expected a whole number from -9223372036854775808 to 0, "
          + "found the number -0.5",
        "chains[0].i: expected a whole number from -9223372036854775807 to 0, "
          + "found the number -9.223372036854776e+18",
      ])
  }

  @Test("a choice near a valid one is reported with it, a far one without")
  func choiceNearMiss() throws {
    var reader = try reader(#"{"a": "rigth", "b": "Left", "c": "up", "d": 2}"#)
    for key in ["a", "b", "c", "d"] { #expect(reader.choice(key, default: Side.left) == .left) }
    reader.finish()
    #expect(
      reader.diagnostics.map(\.description) == [
        #"chains[0].a: expected "left" or "right", found the string "rigth"; did you mean "right"?"#,
        #"chains[0].b: expected "left" or "right", found the string "Left"; did you mean "left"?"#,
        #"chains[0].c: expected "left" or "right", found the string "up""#,
        #"chains[0].d: expected "left" or "right", found the number 2"#,
      ])
  }

  @Test("the number ranges accept their bounds as documented")
  func ranges() {
    #expect(NumberRange.positive.contains(1e9) && !NumberRange.positive.contains(0))
    #expect(NumberRange.nonNegative.contains(0) && !NumberRange.nonNegative.contains(-1e-300))
    #expect(NumberRange.finite.contains(-1e9) && !NumberRange.finite.contains(1.0000001e9))
    #expect(NumberRange.closed(-2, 3).description == "a number from -2 to 3")
  }

  @Test(
    "near misses get the nearest name, far ones none",
    arguments: [
      ("resistence", "resistance"), ("mdoe", "mode"), ("EDGE", "edge"),
      ("maxstretch", "maxStretch"),
      ("hieght", "height"), ("zzz", nil), ("e", nil), ("colour", nil),
    ] as [(String, String?)])
  func nearest(word: String, expected: String?) {
    #expect(
      MessageText.nearestName(to: word, in: ["edge", "resistance", "maxStretch", "mode", "height"])
        == expected)
  }

  @Test("paths render as in a scene file; odd keys are quoted")
  func paths() {
    let path = JSONPath.root.appending("chains").appending(0).appending("effects").appending(1)
      .appending("rate")
    #expect(path.description == "chains[0].effects[1].rate")
    #expect(JSONPath.root.description == "top level")
    #expect(JSONPath.root.appending("odd key").appending(2).description == #"["odd key"][2]"#)
  }

  @Test("numbers print as people write them")
  func numberFormatting() {
    #expect(MessageText.number(400) == "400")
    #expect(MessageText.number(-0.0) == "0")
    #expect(MessageText.number(0.5) == "0.5")
    #expect(MessageText.number(1e-7) == "1e-07")
    #expect(MessageText.number(-1e9) == "-1000000000")
    // Integers from 1e15 up, as the csv writes them: no ".0" (Swift's own
    // text for 1e15 + 195 is "1000000000000195.0", for 2^60 "1.152921504606847e+18").
    #expect(MessageText.number(1e15) == "1000000000000000")
    #expect(MessageText.number(-(1e15 + 195)) == "-1000000000000195")
    #expect(MessageText.number(0x1p60) == "1152921504606846976")
    #expect(MessageText.number(1e19) == "1e+19")
    #expect(MessageText.number(1e15 + 0.5) == "1000000000000000.5")
  }
}
