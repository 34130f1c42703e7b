import Testing

@testable import EffectHost

@Suite struct GestureTests {
  @Test("a gesture spec parses into its steps, in order")
  func parses() throws {
    let gesture = try Gesture(
      parsing: "drag:-200:300,hold:50,release,fling:1.5e3,wait:500,scrollTo:212:250.5")
    #expect(
      gesture.steps == [
        .drag(distance: -200, milliseconds: 300), .hold(milliseconds: 50), .release,
        .fling(velocity: 1500), .wait(milliseconds: 500),
        .scrollTo(offset: 212, milliseconds: 250.5),
      ])
    #expect(gesture.duration == (300 + 50 + 500 + 250.5) / 1000)
    #expect(
      gesture.description
        == "drag:-200:300,hold:50,release,fling:1500,wait:500,scrollTo:212:250.5")
  }

  @Test("a gesture may last exactly 600 s, not a millisecond more")
  func durationLimit() throws {
    #expect(try Gesture(parsing: "wait:300000,wait:300000").duration == 600)
    #expect(throws: GestureError.tooLong(milliseconds: 600_001)) {
      try Gesture(parsing: "wait:300000,wait:300001")
    }
  }

  static let malformedSpecs: [(String, String)] = [
    (
      "",
      "expected comma-separated steps (drag:D:MS, hold:MS, release, fling:V, wait:MS, scrollTo:O:MS or set:KEY=VALUE) such as drag:-200:300,release,wait:500, found nothing"
    ),
    (
      "drag:-200:300,,release",
      "step 2 is empty; expected a step (drag:D:MS, hold:MS, release, fling:V, wait:MS, scrollTo:O:MS or set:KEY=VALUE) between the commas"
    ),
    (
      "drga:-200:300",
      "step 1 \"drga:-200:300\": unknown step \"drga\"; did you mean \"drag\"? (expected drag:D:MS, hold:MS, release, fling:V, wait:MS, scrollTo:O:MS or set:KEY=VALUE)"
    ),
    (
      "swipe:100",
      "step 1 \"swipe:100\": unknown step \"swipe\" (expected drag:D:MS, hold:MS, release, fling:V, wait:MS, scrollTo:O:MS or set:KEY=VALUE)"
    ),
    (
      "hold:10,scrollto:0:100",
      "step 2 \"scrollto:0:100\": unknown step \"scrollto\"; did you mean \"scrollTo\"? (expected drag:D:MS, hold:MS, release, fling:V, wait:MS, scrollTo:O:MS or set:KEY=VALUE)"
    ),
    (
      "wait:100,drag:-200",
      "step 2 \"drag:-200\": expected drag:D:MS (a distance D in points and a duration MS in milliseconds), found 1 value"
    ),
    (
      "fling",
      "step 1 \"fling\": expected fling:V (a velocity V in points per second), found 0 values"
    ),
    (
      "hold:10,release:5",
      "step 2 \"release:5\": expected release with no values, found 1 value"
    ),
    (
      "scrollTo:1:2:3",
      "step 1 \"scrollTo:1:2:3\": expected scrollTo:O:MS (an offset O in points and a duration MS in milliseconds), found 3 values"
    ),
    (
      "drag:abc:300",
      "step 1 \"drag:abc:300\": expected D to be a decimal number such as -200 or 0.5, found \"abc\""
    ),
    (
      "drag:100:",
      "step 1 \"drag:100:\": expected MS to be a decimal number such as 300 or 12.5, found \"\""
    ),
    (
      "fling:nan",
      "step 1 \"fling:nan\": expected V to be a decimal number such as -200 or 0.5, found \"nan\""
    ),
    (
      "fling:0x10",
      "step 1 \"fling:0x10\": expected V to be a decimal number such as -200 or 0.5, found \"0x10\""
    ),
    (
      "fling:1e400",
      "step 1 \"fling:1e400\": expected V to be a finite number from -1e9 to 1e9, found 1e400"
    ),
    (
      "scrollTo:2e9:100",
      "step 1 \"scrollTo:2e9:100\": expected O to be a finite number from -1e9 to 1e9, found 2e9"
    ),
    (
      "drag:-200:0",
      "step 1 \"drag:-200:0\": expected MS, milliseconds, greater than 0 and at most 600000, found 0"
    ),
    (
      "wait:-5",
      "step 1 \"wait:-5\": expected MS, milliseconds, greater than 0 and at most 600000, found -5"
    ),
    (
      "release",
      "step 1 \"release\": the finger is up; expected release only while it is down (after drag or hold)"
    ),
    (
      "drag:10:10,release,release",
      "step 3 \"release\": the finger is up; expected release only while it is down (after drag or hold)"
    ),
    (
      "drag:-200:300,wait:500",
      "step 2 \"wait:500\": the finger is down (since step 1); expected release or fling before wait, or hold:MS to keep it down"
    ),
    (
      "wait:5,hold:10,drag:5:5,scrollTo:0:100",
      "step 4 \"scrollTo:0:100\": the finger is down (since step 2); expected release or fling before scrollTo, or hold:MS to keep it down"
    ),
    (
      "wait:600001",
      "step 1 \"wait:600001\": expected MS, milliseconds, greater than 0 and at most 600000, found 600001"
    ),
    (
      "fling:10,set:viewport.widht=400",
      "step 2 \"set:viewport.widht=400\": unknown key \"viewport.widht\"; did you mean \"viewport.width\"? (expected viewport.width, viewport.height, contentInsets.top, contentInsets.bottom, contentInsets.left, contentInsets.right, contentHeight, contentWidth, NAME.frame.x, NAME.frame.y, NAME.frame.width, NAME.frame.height, NAME.repeat.count, NAME.repeat.spacing)"
    ),
    (
      "set:header.frame.height",
      "step 1 \"set:header.frame.height\": expected KEY=VALUE such as header.frame.height=420, found \"header.frame.height\" (no '=')"
    ),
    (
      "set:header.frame.height=tall",
      "step 1 \"set:header.frame.height=tall\": expected the value of header.frame.height to be a JSON number such as 420 or -0.5, found \"tall\""
    ),
    (
      "set",
      "step 1 \"set\": expected set:KEY=VALUE (a value of the scene, as --set gives one), found 0 values"
    ),
    (
      "wait:400000,hold:200000.5",
      "the gesture lasts 600000.5 ms; expected at most 600000 ms (600 s) of simulated time"
    ),
    // 500 points in 1e-12 ms is 5e17 points per second; 1e9 in 1e-300 ms overflows.
    (
      "drag:500:1e-12,release",
      "step 2 \"release\": the drag before it (step 1 \"drag:500:1e-12\") moves at 500000000000000000 points per second; expected a release velocity D / MS * 1000 from -1e9 to 1e9, as a fling's V (give the drag a longer MS)"
    ),
    (
      "hold:5,drag:1e9:1e-300,release",
      "step 3 \"release\": the drag before it (step 2 \"drag:1e9:1e-300\") moves at inf points per second; expected a release velocity D / MS * 1000 from -1e9 to 1e9, as a fling's V (give the drag a longer MS)"
    ),
  ]

  @Test(
    "every malformed gesture is refused with a message quoting the step", arguments: malformedSpecs)
  func malformed(spec: String, message: String) {
    #expect(throws: GestureError.self) { try Gesture(parsing: spec) }
    do {
      _ = try Gesture(parsing: spec)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("a release as fast as a fling may be is played: 1e9 points per second, either way")
  func fastestRelease() throws {
    // 1e6 points in 1 ms is 1e9 points per second, the limit of fling's V.
    for spec in ["drag:1000000:1,release", "drag:-1000000:1,release", "drag:5:1,hold:1e-9,release"]
    {
      #expect(throws: Never.self) { try Gesture(parsing: spec) }
    }
    #expect(throws: GestureError.self) { try Gesture(parsing: "drag:1000001:1,release") }
  }

  @Test("steps made in code are checked as parsed ones are")
  func stepsChecked() {
    #expect(throws: GestureError.releaseWithFingerUp(position: 1, step: "release")) {
      try Gesture(steps: [.release])
    }
    #expect(throws: GestureError.empty) { try Gesture(steps: []) }
    let error = #expect(throws: GestureError.self) {
      try Gesture(steps: [.hold(milliseconds: 1), .fling(velocity: .nan)])
    }
    #expect(
      error?.description
        == "step 2 \"fling:nan\": expected V to be a finite number from -1e9 to 1e9, found nan")
  }

  @Test("a gesture reads as people write it: spaces after its commas change nothing")
  func stepsWithSpaces() throws {
    #expect(
      try Gesture(parsing: "drag:10:100, release")
        == Gesture(steps: [.drag(distance: 10, milliseconds: 100), .release]))
    #expect(
      try Gesture(parsing: "hold:50 ,  fling:3000, wait:20")
        == Gesture(steps: [
          .hold(milliseconds: 50), .fling(velocity: 3000), .wait(milliseconds: 20),
        ]))
  }
}
