import EffectCommandLine
import EffectHost
import ScrollEffectsTestSupport
import Testing

@Suite struct OffsetSpecTests {
  @Test(
    "every form gives its offsets, inclusive",
    arguments: [
      ("-100:-95", [-100.0, -99, -98, -97, -96, -95]),
      ("-100:300:100", [-100, 0, 100, 200, 300]),
      ("300:-100:-100", [300, 200, 100, 0, -100]),
      ("0,50,-100", [0, 50, -100]),
      ("7", [7]),
      ("5:5", [5]),
      ("5:5:-1", [5]),
      ("0:10:3", [0, 3, 6, 9]),
      ("10:0:-4", [10, 6, 2]),
      ("1e3:1.5E3:250", [1000, 1250, 1500]),
      ("+1:2", [1, 2]),
      (".5:1.5", [0.5, 1.5]),
      ("2.:3", [2, 3]),
      ("-0:1", [0, 1]),
      ("-1e15:1e15:1e15", [-1e15, 0, 1e15]),
      ("1,1,1", [1, 1, 1]),
    ])
  func forms(text: String, expected: [Double]) throws {
    #expect(Array(try OffsetSpec(parsing: text)) == expected)
  }

  @Test("points are FROM + i * STEP, never accumulated, and the last one is TO")
  func pointsAreComputed() throws {
    let tenths = try OffsetSpec(parsing: "0:1:0.1")
    #expect(tenths.count == 11)
    // 0.1 added eight times is 0.7999999999999999, and ten times
    // 0.9999999999999999; 8 * 0.1 is 0.8.
    #expect(tenths[8] == 0.8)
    #expect(tenths[7] == 7 * 0.1)
    #expect(tenths[10] == 1)
    // 0.3 / 0.1 is 2.9999999999999996: within error of 3 steps, so 0.3 is
    // the fourth offset, exactly.
    #expect(Array(try OffsetSpec(parsing: "0:0.3:0.1")) == [0, 0.1, 0.2, 0.3])
    let down = try OffsetSpec(parsing: "1:0:-0.1")
    #expect(down.count == 11)
    #expect(down[10] == 0)
  }

  static let rangeCases: [(String, [Double])] = [
    // A step longer than the range: FROM alone.
    ("0:1000000:1e15", [0.0]),
    ("0:1:1e9", [0]),
    ("5:-5:-11", [5]),
    ("-1e15:1e15:9e14", [-1e15, -1e14, 8e14]),
    // 3 steps of 0.6666666666 end 2e-10 short of 2, far more than
    // floating-point error: the last offset is the third point.
    ("0:2:0.6666666666", [0, 0.6666666666, 2 * 0.6666666666, 3 * 0.6666666666]),
    ("0:-2:-0.6666666666", [0, -0.6666666666, -2 * 0.6666666666, -3 * 0.6666666666]),
    ("1e15:-1e15:-3e14", [1e15, 7e14, 4e14, 1e14, -2e14, -5e14, -8e14]),
    ("-1e15:1e15:7e14", [-1e15, -3e14, 4e14]),
    // Within error: 3 × 0.1 is 0.30000000000000004, and 0.7 / 0.1 is
    // 6.999999999999999.
    ("0:0.7:0.1", [0, 0.1, 2 * 0.1, 3 * 0.1, 4 * 0.1, 5 * 0.1, 6 * 0.1, 0.7]),
    ("0.3:0:-0.1", [0.3, 0.3 - 0.1, 0.3 - 2 * 0.1, 0]),
  ]

  @Test("a range starts at FROM and keeps TO only when a point reaches it", arguments: rangeCases)
  func rangeEnds(text: String, expected: [Double]) throws {
    #expect(Array(try OffsetSpec(parsing: text)) == expected)
  }

  @Test("TO is reached within 4 ulps of the largest magnitude, not within 5")
  func toleranceIsFourULPs() throws {
    for base in [3.0, 1e6, 123_456_789.0, 9e14] {
      let within = base + 4 * base.ulp
      let beyond = base + 5 * base.ulp
      // FROM 0, step base / 3 (exactly representable here or not, the
      // third point is base within an ulp); TO just above it.
      let step = base / 3
      let third = 3 * step
      #expect(abs(third - base) <= base.ulp)
      let reached = try OffsetSpec(from: 0, to: within + (third - base), step: step)
      #expect(reached.count == 4)
      #expect(reached.last == within + (third - base))
      let missed = try OffsetSpec(from: 0, to: beyond + (third - base), step: step)
      #expect(missed.count == 4)
      #expect(missed.last == third)
    }
  }

  @Test("counts near the limit are found without iterating")
  func countsNearTheLimit() throws {
    let clock = ContinuousClock()
    let start = clock.now
    let justUnder = try OffsetSpec(parsing: "0:0.99999999:1e-8")
    #expect(justUnder.count == 100_000_000)
    #expect(justUnder.last == 0.99999999)
    #expect(justUnder[50_000_000] == 50_000_000 * 1e-8)
    let half = try OffsetSpec(parsing: "0:99999999.5")
    #expect(half.count == 100_000_000)
    #expect(half.last == 99_999_999)
    let down = try OffsetSpec(parsing: "1e15:999999900000000:-10")
    #expect(down.count == 10_000_001)
    #expect(down.last == 999_999_900_000_000)
    #expect(throws: OffsetSpecError.tooManyOffsets(count: 100_000_001)) {
      try OffsetSpec(parsing: "0:1:1e-8")
    }
    #expect(throws: OffsetSpecError.tooManyOffsets(count: 100_000_002)) {
      try OffsetSpec(parsing: "-1:-100000002:-1")
    }
    #expect(clock.now - start < .seconds(1))
  }

  @Test("random ranges agree with a reference that walks the points one by one")
  func randomRangesMatchAReference() throws {
    var random = SplitMix64(seed: 16)
    for _ in 0..<20_000 {
      let scale = [1e-6, 1.0, 1e3, 1e9, 1e14][Int(random.next() % 5)]
      let from = (random.unit() * 2 - 1) * scale
      let magnitude = (random.unit() + 1e-3) * scale * [1e-3, 1, 1e3][Int(random.next() % 3)]
      let step = random.next() % 2 == 0 ? magnitude : -magnitude
      let steps = Double(random.next() % 50)
      // TO on a point, a few ulps off one, or anywhere between two.
      let nominal = from + steps * step
      let to: Double =
        switch random.next() % 3 {
        case 0: nominal
        case 1: nominal + Double(Int(random.next() % 13) - 6) * nominal.ulp
        default: nominal + random.unit() * step
        }
      guard abs(to) <= 1e15, abs(from) <= 1e15, abs(step) <= 1e15, (to - from) * step > 0 else {
        continue
      }
      let expected = Self.reference(from: from, to: to, step: step)
      let spec = try OffsetSpec(from: from, to: to, step: step)
      #expect(Array(spec) == expected, "\(from):\(to):\(step)")
    }
  }

  /// The offsets of `from:to:step` by walking: every point from + i·step
  /// not beyond `to`; then `to` itself in place of the last point, or after
  /// it in place of the next, when that point is within 4 ulps of the
  /// largest of |from|, |to| and |i·step|.
  static func reference(from: Double, to: Double, step: Double) -> [Double] {
    func beyond(_ value: Double) -> Bool { step > 0 ? value > to : value < to }
    func near(_ value: Double, _ index: Double) -> Bool {
      abs(value - to) <= 4 * max(abs(from), abs(to), abs(index * step)).ulp
    }
    var points: [Double] = []
    var index = 0.0
    while !beyond(from + index * step) {
      points.append(from + index * step)
      index += 1
    }
    if points.last == to { return points }
    if near(from + index * step, index) { return points + [to] }
    if near(points[points.count - 1], index - 1) { points[points.count - 1] = to }
    return points
  }

  @Test("a hundred million offsets are counted, not stored")
  func largeRangeIsLazy() throws {
    let spec = try OffsetSpec(parsing: "0:99999999")
    #expect(spec.count == OffsetSpec.maximumCount)
    #expect(spec[12_345_678] == 12_345_678)
    #expect(spec.last == 99_999_999)
  }

  @Test(
    "every refused value says what is wrong",
    arguments: [
      ("", "expected FROM:TO, FROM:TO:STEP or A,B,C, found nothing"),
      ("1,,2", "a part is empty; expected a number before and after each ':' or ','"),
      (":5", "a part is empty; expected a number before and after each ':' or ','"),
      ("0:", "a part is empty; expected a number before and after each ':' or ','"),
      ("0:10:", "a part is empty; expected a number before and after each ':' or ','"),
      (",", "a part is empty; expected a number before and after each ':' or ','"),
      ("0:1,2", "':' and ',' are mixed; expected FROM:TO, FROM:TO:STEP or A,B,C"),
      ("0:1:2:3", "expected FROM:TO or FROM:TO:STEP, found 4 parts separated by ':'"),
      ("abc:5", "'abc' is not a number; expected a decimal number such as -100 or 0.5"),
      ("0x10:5", "'0x10' is not a number; expected a decimal number such as -100 or 0.5"),
      ("0:1_000", "'1_000' is not a number; expected a decimal number such as -100 or 0.5"),
      ("1 2:5", "'1 2' is not a number; expected a decimal number such as -100 or 0.5"),
      ("1e:5", "'1e' is not a number; expected a decimal number such as -100 or 0.5"),
      ("--1:5", "'--1' is not a number; expected a decimal number such as -100 or 0.5"),
      ("--offsets", "'--offsets' is not a number; expected a decimal number such as -100 or 0.5"),
      (".:1", "'.' is not a number; expected a decimal number such as -100 or 0.5"),
      ("nan:5", "'nan' is not a finite number; expected a decimal number such as -100 or 0.5"),
      ("0:NaN", "'NaN' is not a finite number; expected a decimal number such as -100 or 0.5"),
      ("-inf:0", "'-inf' is not a finite number; expected a decimal number such as -100 or 0.5"),
      (
        "0,Infinity",
        "'Infinity' is not a finite number; expected a decimal number such as -100 or 0.5"
      ),
      ("1e16:0", "'1e16' is out of range; expected a number from -1e15 to 1e15"),
      ("0:1:-1e400", "'-1e400' is out of range; expected a number from -1e15 to 1e15"),
      (
        "0,1000000000000001",
        "'1000000000000001' is out of range; expected a number from -1e15 to 1e15"
      ),
      ("0:10:0", "the step is 0; expected a step that is not 0"),
      ("0:10:-0", "the step is 0; expected a step that is not 0"),
      (
        "300:-100",
        "the offsets go down from 300 to -100 but the default step 1 goes up; give a negative step, e.g. 300:-100:-1"
      ),
      (
        "300:-100:50",
        "the offsets go down from 300 to -100 but the step 50 goes up; give a negative step, e.g. 300:-100:-50"
      ),
      (
        "-100:300:-50",
        "the offsets go up from -100 to 300 but the step -50 goes down; give a positive step, e.g. -100:300:50"
      ),
      ("0:100000000", "that is 100000001 offsets; expected at most 100000000 (use a larger step)"),
      ("0:1:1e-9", "that is 1000000001 offsets; expected at most 100000000 (use a larger step)"),
      (
        "-1e15:1e15:1e-300",
        "that is more than 100000000 offsets; expected at most 100000000 (use a larger step)"
      ),
    ])
  func errors(text: String, message: String) {
    #expect(throws: OffsetSpecError.self) { try OffsetSpec(parsing: text) }
    do {
      _ = try OffsetSpec(parsing: text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test(
    "a list reads as people write it: spaces around its commas change nothing",
    arguments: [
      ("0, 50, 100", [0.0, 50, 100]), ("-100 ,300", [-100, 300]), ("  7,  8  ", [7, 8]),
      // A single offset and a range read so too.
      (" 5", [5]), ("5 ", [5]), ("-10 : 10 : 10", [-10, 0, 10]),
    ])
  func listWithSpaces(text: String, expected: [Double]) throws {
    #expect(Array(try OffsetSpec(parsing: text)) == expected)
  }

  @Test("an item of spaces alone is still an empty item")
  func itemOfSpaces() {
    #expect(throws: OffsetSpecError.self) { try OffsetSpec(parsing: "0, ,5") }
    do {
      _ = try OffsetSpec(parsing: "0, ,5")
    } catch {
      #expect(
        error.description
          == "a part is empty; expected a number before and after each ':' or ','")
    }
  }
}
