import EffectProtocol
import ScrollEffectsTestSupport
import Testing

@testable import Effects

/// CSS `<easing-function>` text: each form against CSS Easing Level 1 and 2's
/// definitions, written out again here, and every malformed value with its
/// message.
@Suite struct CSSEasingTests {
  static func parse(_ text: String) -> Easing? {
    var problems: [SceneDiagnostic] = []
    return Easing.read(.string(text), at: .root, diagnostics: &problems)
  }

  // MARK: - Keywords

  @Test("linear() with points a subnormal percentage apart: level lines stay level, not NaN")
  func subnormalGap() throws {
    // 1e-320% is 1e-322 of the input: 0.5 / 1e-322 overflows.
    let level = try #require(Self.parse("linear(0 0%, 0 1e-320%)"))
    for p in [0, 2 * Double.leastNonzeroMagnitude, 0.5, 1] {
      #expect(level.value(at: p) == 0, "\(p)")
    }
    // A rise over such a gap is as steep as the saturation allows.
    let steep = try #require(Self.parse("linear(0 0%, 1 1e-320%)"))
    #expect(steep.value(at: 0) == 0)
    #expect(steep.value(at: 0.5) == 1e15)
  }

  @Test("the keywords are CSS's curves and steps")
  func keywords() {
    #expect(Self.parse("linear") == .linear)
    #expect(Self.parse("ease") == .ease)
    #expect(Easing.ease.controlPoints == (0.25, 0.1, 0.25, 1))
    #expect(Self.parse("ease-in") == .easeIn)
    #expect(Self.parse("ease-out") == .easeOut)
    #expect(Self.parse("ease-in-out") == .easeInOut)
    #expect(Self.parse("step-start") == .steps(1, .jumpStart))
    #expect(Self.parse("step-end") == .steps(1, .jumpEnd))
    #expect(Self.parse("  ease-in\t") == .easeIn)
    // CR LF, one Character in Swift, is whitespace as CR and LF are.
    #expect(Self.parse("ease-in\r\n") == .easeIn)
    #expect(Self.parse("\r\nsteps(3)") == .steps(3, .jumpEnd))
    #expect(
      Self.parse("cubic-bezier(\r\n0.1,\r\n0.7, 1.0, 0.1)\r\n")
        == .cubicBezier(x1: 0.1, y1: 0.7, x2: 1, y2: 0.1))
    #expect(
      Self.parse("cubic-bezier(0.1, 0.7, 1.0, 0.1)")
        == .cubicBezier(x1: 0.1, y1: 0.7, x2: 1, y2: 0.1))
    #expect(
      Self.parse("cubic-bezier( .5 ,-2e0,0.5, +3 )")
        == .cubicBezier(x1: 0.5, y1: -2, x2: 0.5, y2: 3))
    #expect(Self.parse("steps(4)") == .steps(4, .jumpEnd))
    #expect(Self.parse("steps(4, start)") == .steps(4, .jumpStart))
    #expect(Self.parse("steps(4, end)") == .steps(4, .jumpEnd))
    #expect(Self.parse("steps( +2 , jump-none )") == .steps(2, .jumpNone))
    #expect(Self.parse("steps(3, jump-both)") == .steps(3, .jumpBoth))
  }

  @Test("every easing's text reads back as the same easing")
  func textRoundTrips() {
    let easings: [Easing] = [
      .linear, .ease, .easeIn, .easeOut, .easeInOut,
      .cubicBezier(x1: 0.2, y1: -0.5, x2: 0.8, y2: 1.5), .steps(7, .jumpBoth),
      .piecewiseLinear([.init(0, 0), .init(0.75, 0.25), .init(1, 1)]),
    ]
    for easing in easings {
      #expect(Self.parse(easing.cssText) == easing, "\(easing.cssText)")
    }
  }

  // MARK: - steps()

  /// CSS Easing Level 1's step easing function, with the before flag unset:
  /// current step = floor(p * n), plus 1 when the position jumps at the start;
  /// 0 if negative for p >= 0; at most `jumps` for p <= 1; step / jumps.
  static func cssSteps(_ n: Int, _ position: Easing.StepPosition, at p: Double) -> Double {
    var step = (p * Double(n)).rounded(.down)
    if position == .jumpStart || position == .jumpBoth { step += 1 }
    let jumps: Double =
      switch position {
      case .jumpStart, .jumpEnd: Double(n)
      case .jumpNone: Double(n - 1)
      case .jumpBoth: Double(n + 1)
      }
    if p >= 0 && step < 0 { step = 0 }
    if p <= 1 && step > jumps { step = jumps }
    return step / jumps
  }

  @Test(
    "steps jump where CSS says: at, just before and just after every boundary",
    arguments: Easing.StepPosition.allCases)
  func stepBoundaries(position: Easing.StepPosition) {
    for n in [1, 2, 3, 4, 5, 10] where position != .jumpNone || n >= 2 {
      let easing = Easing.steps(n, position)
      for k in 0...n {
        let boundary = Double(k) / Double(n)
        for p in [boundary, boundary.nextDown, boundary.nextUp, boundary - 1e-9, boundary + 1e-9]
        where p >= 0 && p <= 1 {
          #expect(easing.value(at: p) == Self.cssSteps(n, position, at: p), "steps(\(n)) at \(p)")
        }
      }
    }
  }

  @Test("steps' published values: where each position starts, jumps and ends")
  func stepValues() {
    // jump-end (the default): 0, 1/4, 2/4, 3/4, and 1 only at the end.
    #expect(Easing.steps(4, .jumpEnd).value(at: 0) == 0)
    #expect(Easing.steps(4, .jumpEnd).value(at: 0.2499) == 0)
    #expect(Easing.steps(4, .jumpEnd).value(at: 0.25) == 0.25)
    #expect(Easing.steps(4, .jumpEnd).value(at: 0.9999) == 0.75)
    #expect(Easing.steps(4, .jumpEnd).value(at: 1) == 1)
    // jump-start: 1/4 from the start (no before flag), 1 from 3/4 on.
    #expect(Easing.steps(4, .jumpStart).value(at: 0) == 0.25)
    #expect(Easing.steps(4, .jumpStart).value(at: 0.75) == 1)
    // step-start is 1 at 0; step-end 0 until 1.
    #expect(Easing.steps(1, .jumpStart).value(at: 0) == 1)
    #expect(Easing.steps(1, .jumpEnd).value(at: 0.999) == 0)
    // jump-none: 5 steps from 0 to 1, jumps of 1/4.
    #expect(Easing.steps(5, .jumpNone).value(at: 0.1) == 0)
    #expect(Easing.steps(5, .jumpNone).value(at: 0.5) == 0.5)
    #expect(Easing.steps(5, .jumpNone).value(at: 0.8) == 1)
    // jump-both: 3 steps of 1/4 from 1/4 to 3/4, 1 at the end.
    #expect(Easing.steps(3, .jumpBoth).value(at: 0) == 0.25)
    #expect(Easing.steps(3, .jumpBoth).value(at: 0.5) == 0.5)
    #expect(Easing.steps(3, .jumpBoth).value(at: 0.9) == 0.75)
    #expect(Easing.steps(3, .jumpBoth).value(at: 1) == 1)
  }

  @Test("steps of counts of every size are floor(p n) with the jumps' bounds, bit for bit")
  func stepsOfEverySize() {
    var random = SplitMix64(seed: 0x57E95)
    let positions = Easing.StepPosition.allCases
    for round in 0..<3000 {
      // A count of 1 to 62 bits: the floor's product reaches 2^52 and beyond.
      let bits = random.int(1..<63)
      let n = max(2, Int(random.next() >> UInt64(64 - bits)))
      let position = positions[round % positions.count]
      let count = Double(n)
      let jumps: Double =
        switch position {
        case .jumpStart, .jumpEnd: count
        case .jumpNone: count - 1
        case .jumpBoth: count + 1
        }
      let start: Double = position == .jumpStart || position == .jumpBoth ? 1 : 0
      // Progress at random, at a step's boundary and either side of it,
      // where p n is 2^52 and either side of it, and at both ends.
      let boundary = Double(random.int(0..<min(n, 1 << 40))) / count
      let atLimit = min(1, 0x1p52 / count)
      let progresses = [
        random.unit(), boundary, boundary.nextUp, boundary.nextDown, atLimit, atLimit.nextUp,
        atLimit.nextDown, 0, 1,
      ]
      for p in progresses where p >= 0 && p <= 1 {
        let expected = min((p * count).rounded(.down) + start, jumps) / jumps
        let value = Easing.steps(n, position).value(at: p)
        #expect(
          value.bitPattern == expected.bitPattern,
          "steps(\(n), \(position)) at \(p): \(value), expected \(expected)")
      }
    }
  }

  // MARK: - linear()

  @Test("linear()'s stops get CSS Easing Level 2's fill-in of their inputs")
  func linearFillIn() {
    typealias P = Easing.LinearPoint
    let cases: [(String, [P])] = [
      // No inputs: the first 0, the last 1, the rest evenly between.
      ("linear(0, 0.25, 1)", [P(0, 0), P(0.5, 0.25), P(1, 1)]),
      ("linear(0, 0.25 75%, 1)", [P(0, 0), P(0.75, 0.25), P(1, 1)]),
      // A run of missing inputs spread between the inputs on either side.
      (
        "linear(0, 0.1, 0.2 50%, 0.3, 0.4, 1)",
        [P(0, 0), P(0.25, 0.1), P(0.5, 0.2), P(0.5 + 0.5 / 3, 0.3), P(0.5 + 1.0 / 3, 0.4), P(1, 1)]
      ),
      // An input below an earlier one becomes the largest earlier one.
      ("linear(0 20%, 0.5 10%, 1)", [P(0.2, 0), P(0.2, 0.5), P(1, 1)]),
      (
        "linear(0, 1 80%, 0.5 40%, 0.7, 1)",
        [P(0, 0), P(0.8, 1), P(0.8, 0.5), P(0.9, 0.7), P(1, 1)]
      ),
      // Two percentages: two points of the same output.
      ("linear(0, 0.5 25% 75%, 1)", [P(0, 0), P(0.25, 0.5), P(0.75, 0.5), P(1, 1)]),
      // The percentage may come first; inputs beyond 0...1 are kept.
      ("linear(-10% 0, 1 110%)", [P(-0.1, 0), P(1.1, 1)]),
    ]
    for (text, points) in cases {
      guard case .piecewiseLinear(let found)? = Self.parse(text) else {
        Issue.record("\(text) did not read as linear()")
        continue
      }
      #expect(found.count == points.count, "\(text)")
      for (a, b) in zip(found, points) {
        #expect(abs(a.input - b.input) < 1e-15 && a.output == b.output, "\(text): \(found)")
      }
    }
  }

  /// CSS Easing Level 2's linear easing function output: A the last point
  /// with input <= p (else the first), not the last point; B the next; equal
  /// inputs give B's output; else the line through A and B.
  static func cssLinear(_ points: [Easing.LinearPoint], at p: Double) -> Double {
    var a = points.lastIndex { $0.input <= p } ?? 0
    if a == points.count - 1 { a -= 1 }
    let (start, end) = (points[a], points[a + 1])
    if start.input == end.input { return end.output }
    return start.output + (p - start.input) / (end.input - start.input)
      * (end.output - start.output)
  }

  @Test("linear() is CSS's function of its points at every hundredth and at every point")
  func linearValues() {
    for text in [
      "linear(0, 0.25 75%, 1)", "linear(0, 1.2 40%, 0.9 60%, 1.03 80%, 1)",
      "linear(0, 0 50%, 1 50%, 1)", "linear(0.5 20%, 1 80%)", "linear(1, 0, 1, 0, 1)",
    ] {
      guard case .piecewiseLinear(let points)? = Self.parse(text) else {
        Issue.record("\(text) did not read as linear()")
        continue
      }
      let probes =
        (0...100).map { Double($0) / 100 } + points.map(\.input).filter { (0...1).contains($0) }
      for p in probes {
        let expected = Self.cssLinear(points, at: p)
        #expect(
          abs(Easing.piecewiseLinear(points).value(at: p) - expected) < 1e-12, "\(text) at \(p)")
      }
    }
    // A jump: before it the earlier output, at it and after the later one.
    let jump = Easing.piecewiseLinear([.init(0, 0), .init(0.5, 0), .init(0.5, 1), .init(1, 1)])
    #expect(jump.value(at: 0.5.nextDown) == 0)
    #expect(jump.value(at: 0.5) == 1)
    // Before the first point's input, the line through the first two.
    let early = Self.parse("linear(0.5 20%, 1 80%)")?.value(at: 0) ?? .nan
    #expect(abs(early - (0.5 - 0.2 / 0.6 * 0.5)) < 1e-15)
  }

  // MARK: - Malformed values

  @Test(
    "every malformed easing is refused with its path, what was expected, what was found",
    arguments: [
      (
        "ease-inout",
        #"expected \#(Self.expected), found the string "ease-inout"; did you mean "ease-in-out"?"#
      ),
      (
        "easeInOt",
        #"expected \#(Self.expected), found the string "easeInOt"; did you mean "easeInOut"?"#
      ),
      (
        "EASE-IN",
        #"expected \#(Self.expected), found the string "EASE-IN"; did you mean "ease-in"?"#
      ),
      ("bounce", #"expected \#(Self.expected), found the string "bounce""#),
      ("", #"expected \#(Self.expected), found the string """#),
      (
        "cubic-bezier(0.1, 0.7, 1.0)",
        #"expected 4 numbers in cubic-bezier(x1, y1, x2, y2), found the string "cubic-bezier(0.1, 0.7, 1.0)""#
      ),
      (
        "cubic-bezier(1.5, 0, 0.5, 1)",
        #"expected a number from 0 to 1 for x1 in cubic-bezier(x1, y1, x2, y2), found the string "cubic-bezier(1.5, 0, 0.5, 1)""#
      ),
      (
        "cubic-bezier(0, 0, -0.1, 1)",
        #"expected a number from 0 to 1 for x2 in cubic-bezier(x1, y1, x2, y2), found the string "cubic-bezier(0, 0, -0.1, 1)""#
      ),
      (
        "cubic-bezier(0, a, 1, 1)",
        #"expected a number from -1e9 to 1e9 for y1 in cubic-bezier(x1, y1, x2, y2), found the string "cubic-bezier(0, a, 1, 1)""#
      ),
      (
        "cubic-bezier(0, 0, 1, 1",
        #"expected cubic-bezier(...) closed by ")" at the end, found the string "cubic-bezier(0, 0, 1, 1""#
      ),
      (
        "cubic-bezeir(0, 0, 1, 1)",
        #"expected an easing function: cubic-bezier(x1, y1, x2, y2), steps(n[, position]) or linear(stops), found the string "cubic-bezeir(0, 0, 1, 1)"; did you mean "cubic-bezier(0, 0, 1, 1)"?"#
      ),
      (
        "steps (4)",
        #"expected an easing function: cubic-bezier(x1, y1, x2, y2), steps(n[, position]) or linear(stops), found the string "steps (4)"; did you mean "steps(4)"?"#
      ),
      // The suggestion is quoted as the value found is: cut at 40
      // characters, its line breaks escaped, so that the line stays one
      // short line whatever the file holds.
      (
        "lineer(" + String(repeating: "0.5, ", count: 30) + "1)",
        #"expected an easing function: cubic-bezier(x1, y1, x2, y2), steps(n[, position]) or linear(stops), found the string "lineer(0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5…"; did you mean "linear(0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5…"?"#
      ),
      (
        "steps (4,\\njump-none)",
        #"expected an easing function: cubic-bezier(x1, y1, x2, y2), steps(n[, position]) or linear(stops), found the string "steps (4,\njump-none)"; did you mean "steps(4,\njump-none)"?"#
      ),
      (
        "steps(0)",
        #"expected a whole number from 1 to 1e9 for n in steps(n[, position]), found the string "steps(0)""#
      ),
      (
        "steps(0 end)",
        #"expected a whole number from 1 to 1e9 for n in steps(n[, position]), found the string "steps(0 end)""#
      ),
      (
        "steps(4 end)",
        #"expected a comma between n and the position in steps(n[, position]), found the string "steps(4 end)"; did you mean "steps(4, end)"?"#
      ),
      (
        "steps(99999999999999999999)",
        #"expected a whole number from 1 to 1e9 for n in steps(n[, position]), found the string "steps(99999999999999999999)""#
      ),
      (
        "linear(0, 2e9, 1)",
        #"expected a number with up to 2 percentages, each from -1e9 to 1e9, for stop 2 in linear(stops), found the string "linear(0, 2e9, 1)""#
      ),
      (
        "steps(2.5)",
        #"expected a whole number from 1 to 1e9 for n in steps(n[, position]), found the string "steps(2.5)""#
      ),
      (
        "steps(-3, start)",
        #"expected a whole number from 1 to 1e9 for n in steps(n[, position]), found the string "steps(-3, start)""#
      ),
      (
        "steps()",
        #"expected a whole number from 1 to 1e9 for n in steps(n[, position]), found the string "steps()""#
      ),
      (
        "steps(4, jump-start, end)",
        #"expected 1 or 2 arguments in steps(n[, position]), found the string "steps(4, jump-start, end)""#
      ),
      (
        "steps(4, jump-starts)",
        #"expected a position (jump-start, jump-end, jump-none, jump-both, start or end) in steps(n[, position]), found the string "steps(4, jump-starts)"; did you mean "steps(4, jump-start)"?"#
      ),
      (
        "steps(1, jump-none)",
        #"expected a whole number of at least 2 for n in steps(n, jump-none), found the string "steps(1, jump-none)""#
      ),
      ("linear(1)", #"expected at least 2 stops in linear(stops), found the string "linear(1)""#),
      ("linear()", #"expected at least 2 stops in linear(stops), found the string "linear()""#),
      (
        "linear(0, 50%, 1)",
        #"expected a number with up to 2 percentages, each from -1e9 to 1e9, for stop 2 in linear(stops), found the string "linear(0, 50%, 1)""#
      ),
      (
        "linear(0, 0.5 10% 20% 30%, 1)",
        #"expected a number with up to 2 percentages, each from -1e9 to 1e9, for stop 2 in linear(stops), found the string "linear(0, 0.5 10% 20% 30%, 1)""#
      ),
      (
        "linear(0, 10% 0.5 20%, 1)",
        #"expected a number with up to 2 percentages, each from -1e9 to 1e9, for stop 2 in linear(stops), found the string "linear(0, 10% 0.5 20%, 1)""#
      ),
      (
        "linear(0, 1e10)",
        #"expected a number with up to 2 percentages, each from -1e9 to 1e9, for stop 2 in linear(stops), found the string "linear(0, 1e10)""#
      ),
    ])
  func malformed(text: String, message: String) {
    let json = #"{"property": "opacity", "stops": [[0, 0], [1, 1]], "easing": "\#(text)"}"#
    #expect(decodingError(InterpolateEffect.self, json) == "easing: " + message)
  }

  static let expected =
    #"a name ("linear", "ease", "easeIn", "easeOut", "easeInOut"), CSS easing text (ease-in, "#
    + #"ease-out, ease-in-out, cubic-bezier(x1, y1, x2, y2), steps(n[, position]), step-start, "#
    + #"step-end, linear(stops)) or {"cubicBezier": [x1, y1, x2, y2]}"#
}
