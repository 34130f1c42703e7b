import EffectCommandLine
import EffectHost
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
      (" 1:5", "' 1' is not a number; expected a decimal number such as -100 or 0.5"),
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
}
