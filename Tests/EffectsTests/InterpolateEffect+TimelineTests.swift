import EffectProtocol
import ScrollEffectsTestSupport
import Testing

@testable import Effects

/// `interpolate` on view ranges and timeline insets (CSS's `animation-range`
/// and `view-timeline-inset`), and the CSS easings within keyframes.
@Suite struct InterpolateTimelineTests {
  /// The web-platform-tests' view-timeline setup, vertical: a subject
  /// `height` tall at content y 800 in a scroller 200 tall, no content insets.
  static func setup(height: Double = 100, insets: EdgeInsets = .zero) -> ExampleSetup {
    ExampleSetup(
      frame: Rect(y: 800, width: 100, height: height),
      viewport: Size(width: 390, height: 200), contentInsets: insets, contentHeight: 3000)
  }

  /// Opacity 0 at the range's start, 1 at its end: the value is the input.
  static func opacity(
    range: String, inset: String = "0", setup: ExampleSetup, offset: Double
  ) throws -> Double {
    let effect = try InterpolateEffect.decode(
      json:
        #"{"property": "opacity", "input": "progress", "range": "\#(range)", "timelineInset": \#(inset), "stops": [[0, 0], [1, 1]]}"#
    )
    return evaluateBatch([effect], setup: setup, count: 1, stride: 0, offset: offset)[0].opacity
  }

  /// Checks that the range starts at scroll offset `start` and ends at `end`:
  /// 0 before and at the start, 1/2 half way, 1 at the end and after, as the
  /// web-platform-tests check an animation's opacity.
  static func expectRange(
    _ range: String, inset: String = "0", setup: ExampleSetup, _ start: Double, _ end: Double,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let probes = [
      (start - 50, 0.0), (start, 0), ((start + end) / 2, 0.5), (end, 1), (end + 50, 1),
    ]
    for (offset, expected) in probes {
      let found = try opacity(range: range, inset: inset, setup: setup, offset: offset)
      #expect(
        abs(found - expected) < 1e-12, "\(range) inset \(inset) at \(offset): \(found)",
        sourceLocation: sourceLocation)
    }
  }

  @Test("the web-platform-tests' view-timeline ranges: a 100-point subject in a 200-point scroller")
  func webPlatformRanges() throws {
    let setup = Self.setup()
    // Published: cover over 600...900, contain 700...800, and
    // `contain -50% entry 200%` 650...800.
    try Self.expectRange("cover", setup: setup, 600, 900)
    try Self.expectRange("contain", setup: setup, 700, 800)
    try Self.expectRange("contain -50% entry 200%", setup: setup, 650, 800)
    // From CSS's definitions in the same setup: entry runs while the subject
    // crosses the end edge, exit the start edge.
    try Self.expectRange("entry", setup: setup, 600, 700)
    try Self.expectRange("exit", setup: setup, 800, 900)
    try Self.expectRange("entryCrossing", setup: setup, 600, 700)
    try Self.expectRange("exitCrossing", setup: setup, 800, 900)
    try Self.expectRange("entry exit", setup: setup, 600, 900)
    // JSON's escapes: CR LF between the parts and after them.
    try Self.expectRange(#"entry\r\nexit\r\n"#, setup: setup, 600, 900)
    try Self.expectRange("entry 50%", setup: setup, 650, 700)
    try Self.expectRange("cover 50px cover 250px", setup: setup, 650, 850)
    try Self.expectRange("exit -20%", setup: setup, 780, 900)
    try Self.expectRange("contain 0% contain 100%", setup: setup, 700, 800)
  }

  @Test("a subject taller than the scroller: contain is while it covers the scroller")
  func largeSubject() throws {
    let setup = Self.setup(height: 300)
    try Self.expectRange("cover", setup: setup, 600, 1100)
    try Self.expectRange("contain", setup: setup, 800, 900)
    try Self.expectRange("entry", setup: setup, 600, 800)
    try Self.expectRange("exit", setup: setup, 900, 1100)
    try Self.expectRange("entryCrossing", setup: setup, 600, 900)
    try Self.expectRange("exitCrossing", setup: setup, 800, 1100)
    try Self.expectRange("contain -50% contain 150%", setup: setup, 750, 950)
  }

  @Test("timeline insets move the scroller's edges in: points, percentages, auto")
  func insets() throws {
    let setup = Self.setup()
    // The end edge 20% (40 points) up: cover starts 40 later.
    try Self.expectRange("cover", inset: #"[0, "20%"]"#, setup: setup, 640, 900)
    // 10 at both ends: a 180-point scroller from y 10 to 190.
    try Self.expectRange("cover", inset: "10", setup: setup, 610, 890)
    try Self.expectRange("contain", inset: "10", setup: setup, 710, 790)
    // auto: the content insets, top 20 and bottom 30. The content starts 20
    // lower, so the subject's top is at 20 + 800 - offset: cover from its top
    // at 170 (650) to its bottom at 20 (900).
    let inset = Self.setup(insets: EdgeInsets(top: 20, bottom: 30))
    try Self.expectRange("cover", inset: #""auto""#, setup: inset, 650, 900)
    try Self.expectRange("entry", inset: #""auto""#, setup: inset, 650, 750)
    try Self.expectRange("exit", inset: #"["auto", 0]"#, setup: inset, 800, 900)
    // Negative insets move the edges out.
    try Self.expectRange("cover", inset: "-50", setup: setup, 550, 950)
  }

  @Test("an inset's text may have CSS whitespace around it, as an easing's and a range's may")
  func insetTextWithWhitespace() throws {
    // The numbers of `insets()`: 20% of the end edge starts cover 40 later,
    // auto with content insets top 20 and bottom 30 runs cover 650...900.
    let setup = Self.setup()
    try Self.expectRange("cover", inset: #"[0, " 20%\n"]"#, setup: setup, 640, 900)
    try Self.expectRange("cover", inset: #""\t10%\r\n""#, setup: setup, 620, 880)
    let inset = Self.setup(insets: EdgeInsets(top: 20, bottom: 30))
    try Self.expectRange("cover", inset: #"" auto\f""#, setup: inset, 650, 900)
    // Whitespace within is no inset.
    #expect(
      decodingError(
        InterpolateEffect.self,
        #"{"property": "opacity", "input": "progress", "stops": [[0, 0], [1, 1]], "timelineInset": "10 %"}"#
      ) == #"timelineInset: expected \#(Self.inset), found the string "10 %""#)
  }

  @Test("a range whose end comes before its start is 0 before its start and 1 from it on")
  func collapsedRange() throws {
    let setup = Self.setup()
    // exit 100% is 900, entry 0% is 600.
    for (offset, expected) in [(500.0, 0.0), (899, 0), (900, 1), (1000, 1)] {
      #expect(
        try Self.opacity(range: "exit 100% entry 0%", setup: setup, offset: offset) == expected)
    }
    // A range of length 0: entry 100% to contain 0% is 700 to 700.
    for (offset, expected) in [(699.0, 0.0), (700, 1), (701, 1)] {
      #expect(
        try Self.opacity(range: "entry 100% contain 0%", setup: setup, offset: offset) == expected)
    }
  }

  /// CSS's view timeline from its definitions, in scroll offsets: a subject
  /// whose top is at viewport y `top0 - offset` and `h` tall, in a scrollport
  /// whose inset edges are at viewport y `a` (start) and `b` (end).
  static func scrollRange(
    _ name: ViewRange.Name, top0: Double, h: Double, a: Double, b: Double
  ) -> (Double, Double) {
    // The offset at which the subject's top, or its bottom, is at y.
    func topAt(_ y: Double) -> Double { top0 - y }
    func bottomAt(_ y: Double) -> Double { top0 + h - y }
    let containStart = min(bottomAt(b), topAt(a))
    let containEnd = max(bottomAt(b), topAt(a))
    switch name {
    case .cover: return (topAt(b), bottomAt(a))
    case .contain: return (containStart, containEnd)
    case .entry: return (topAt(b), containStart)
    case .exit: return (containEnd, bottomAt(a))
    case .entryCrossing: return (topAt(b), bottomAt(b))
    case .exitCrossing: return (topAt(a), bottomAt(a))
    }
  }

  @Test("random ranges, offsets and insets give the progress of CSS's scroll offsets")
  func randomRanges() throws {
    var random = SplitMix64(seed: 25)
    let names = ViewRange.Name.allCases
    for _ in 0..<400 {
      let h = random.pick([40.0, 100, 250, 900])
      let y = random.pick([0.0, 300, 1234.5])
      let insets = EdgeInsets(top: random.pick([0, 47]), bottom: random.pick([0, 34, 83]))
      let setup = ExampleSetup(
        frame: Rect(y: y, width: 100, height: h), viewport: Size(width: 390, height: 844),
        contentInsets: insets, contentHeight: 5000)
      func part() -> (ViewRange.Name, String, (Double, Double) -> Double)? {
        let name = random.pick(names)
        switch random.next(in: 0...2) {
        case 0: return (name, name.rawValue, { _, _ in .nan })
        case 1:
          let percent = Double(random.next(in: -100...200))
          return (
            name, "\(name.rawValue) \(Int(percent))%", { s, e in s + percent / 100 * (e - s) }
          )
        default:
          let points = Double(random.next(in: -300...300))
          return (name, "\(name.rawValue) \(Int(points))px", { s, _ in s + points })
        }
      }
      guard let first = part(), let second = part() else { continue }
      let two = random.chance(0.7)
      let text = two ? "\(first.1) \(second.1)" : first.1
      let (insetText, a, b): (String, Double, Double) =
        switch random.next(in: 0...3) {
        case 0: ("0", 0, 844)
        case 1: (#""auto""#, insets.top, 844 - insets.bottom)
        case 2: ("[25, \"10%\"]", 25, 844 - 84.4)
        default: ("-40", -40, 884)
        }
      let top0 = insets.top + y
      let (s1, e1) = Self.scrollRange(first.0, top0: top0, h: h, a: a, b: b)
      var start = first.2(s1, e1)
      if start.isNaN { start = s1 }
      var end: Double
      if two {
        let (s2, e2) = Self.scrollRange(second.0, top0: top0, h: h, a: a, b: b)
        end = second.2(s2, e2)
        if end.isNaN { end = e2 }
      } else {
        end = e1
      }
      let effect = try InterpolateEffect.decode(
        json:
          #"{"property": "translateX", "input": "progress", "range": "\#(text)", "timelineInset": \#(insetText), "stops": [[0, 0], [1, 1]], "extrapolate": "extend"}"#
      )
      for _ in 0..<5 {
        let offset = random.chance(0.3) ? random.pick([start, end]) : random.signed(upTo: 3000)
        let expected: Double =
          end > start ? (offset - start) / (end - start) : (offset < start ? 0 : 1)
        let found = evaluateBatch([effect], setup: setup, count: 1, stride: 0, offset: offset)[0].x
        if end <= start, abs(offset - start) < 1e-6 {
          // On a collapsed range's step, rounding decides the side.
          #expect(found == 0 || found == 1)
          continue
        }
        #expect(
          abs(found - expected) <= 1e-9 * max(1, abs(expected)),
          "\(text) inset \(insetText) h \(h) at \(offset): \(found) vs \(expected)")
      }
    }
  }

  // MARK: - Easings within keyframes

  @Test("steps apply within each segment, the segment starting at a stop owning it")
  func stepsWithinSegments() throws {
    let effect = try InterpolateEffect.decode(
      json:
        #"{"property": "translateX", "stops": [[0, 0], [100, 10], [200, 30]], "easing": "steps(2, jump-start)"}"#
    )
    let setup = ExampleSetup()
    // Segment 1 (0...100, 0 to 10): 1/2 from its start, 1 from 50 on.
    // Segment 2 (100...200, 10 to 30): 1/2 from 100, 1 from 150 on.
    let expected: [(Double, Double)] = [
      (-1, 0), (0, 5), (49.999, 5), (50, 10), (99.999, 10), (100, 20), (149.999, 20),
      (150, 30), (199.999, 30), (200, 30), (250, 30),
    ]
    for (offset, x) in expected {
      let found = evaluateBatch([effect], setup: setup, count: 1, stride: 0, offset: offset)[0].x
      #expect(found == x, "offset \(offset): \(found)")
    }
    // step-start at the first stop is already 1; before it the first output holds.
    let start = try InterpolateEffect.decode(
      json: #"{"property": "opacity", "stops": [[0, 0], [100, 1]], "easing": "step-start"}"#)
    #expect(evaluateBatch([start], setup: setup, count: 1, stride: 0, offset: 0)[0].opacity == 1)
    #expect(
      evaluateBatch([start], setup: setup, count: 1, stride: 0, offset: -0.001)[0].opacity == 0)
    // linear() that starts at 0.5: half way at the first stop.
    let half = try InterpolateEffect.decode(
      json: #"{"property": "translateX", "stops": [[0, 0], [100, 10]], "easing": "linear(0.5, 1)"}"#
    )
    #expect(evaluateBatch([half], setup: setup, count: 1, stride: 0, offset: 0)[0].x == 5)
    #expect(evaluateBatch([half], setup: setup, count: 1, stride: 0, offset: 50)[0].x == 7.5)
  }

  @Test(
    "a list's copies get what each gets alone, for steps, linear() and ranges",
    arguments: [
      #""easing": "steps(4)""#, #""easing": "step-start""#, #""easing": "steps(3, jump-both)""#,
      #""easing": "linear(0, 0.25 75%, 1)""#, #""easing": "linear(1, 0 50%, 1 50%, 0)""#,
      #""easing": "steps(4)", "range": "entry", "timelineInset": "auto""#,
      #""easing": "linear(0, 1.2 40%, 1)", "range": "exit 10% exit 90%""#,
      #""range": "contain", "timelineInset": [10, "20%"], "extrapolate": "extend""#,
    ])
  func copiesMatchAlone(members: String) throws {
    let stops = #""stops": [[0, 0], [0.25, 0.5], [0.5, 0.2], [1, 1]]"#
    let frame = Rect(y: 120, width: 390, height: 72)
    let setup = ExampleSetup(
      frame: frame, viewport: .phone, contentInsets: EdgeInsets(top: 47, bottom: 83),
      contentHeight: 20000)
    for input in ["progress", "minY", "offset"]
    where input == "progress" || !members.contains("range") {
      let scaled =
        input == "progress" ? stops : #""stops": [[0, 0], [200, 0.5], [400, 0.2], [800, 1]]"#
      let effect = try InterpolateEffect.decode(
        json: #"{"property": "opacity", "input": "\#(input)", \#(scaled), \#(members)}"#)
      for offset in stride(from: -200.0, through: 3000, by: 37.5) {
        let batch = evaluateBatch([effect], setup: setup, count: 200, stride: 80, offset: offset)
        let alone = ViewAloneReference.transforms(
          [effect], count: 200, frame: frame, stride: 80, geometry: setup.geometry(offset: offset))
        #expect(batch == alone, "\(input) \(members) at \(offset)")
      }
    }
  }

  // MARK: - Malformed values

  @Test(
    "every malformed range or inset is refused with its path, what was expected, what was found",
    arguments: [
      (
        #""range": "entry-crossing""#,
        #"range: expected \#(Self.range), found the string "entry-crossing"; did you mean "entryCrossing"?"#
      ),
      (
        #""range": "contain -50% exit-crossing 20%""#,
        #"range: expected \#(Self.range), found the string "contain -50% exit-crossing 20%"; did you mean "contain -50% exitCrossing 20%"?"#
      ),
      (
        #""range": "entry 10""#,
        #"range: expected entry followed by P% or Lpx (P and L from -1e9 to 1e9) or the next part, in \#(Self.range), found the string "entry 10""#
      ),
      (
        // A length past the limit: the message says what the limit is.
        #""range": "entry 2e9px""#,
        #"range: expected entry followed by P% or Lpx (P and L from -1e9 to 1e9) or the next part, in \#(Self.range), found the string "entry 2e9px""#
      ),
      (
        #""timelineInset": "1e12%""#,
        #"timelineInset: expected \#(Self.inset), found the string "1e12%""#
      ),
      (
        #""range": "entry 10% exit 20% cover""#,
        #"range: expected \#(Self.range), found the string "entry 10% exit 20% cover""#
      ),
      (#""range": """#, #"range: expected \#(Self.range), found the string """#),
      (#""range": "10% 90%""#, #"range: expected \#(Self.range), found the string "10% 90%""#),
      (#""range": ["entry", "exit"]"#, #"range: expected \#(Self.range), found an array"#),
      (
        #""timelineInset": "Auto""#,
        #"timelineInset: expected \#(Self.inset), found the string "Auto"; did you mean "auto"?"#
      ),
      (
        #""timelineInset": "10px""#,
        #"timelineInset: expected \#(Self.inset), found the string "10px""#
      ),
      (
        #""timelineInset": [1, 2, 3]"#,
        #"timelineInset: expected \#(Self.inset), found an array of 3 values"#
      ),
      (#""timelineInset": [1, true]"#, #"timelineInset[1]: expected \#(Self.inset), found true"#),
      (
        #""timelineInset": 1e12"#,
        #"timelineInset: expected \#(Self.inset), found the number 1000000000000"#
      ),
    ])
  func malformed(member: String, message: String) {
    let json =
      #"{"property": "opacity", "input": "progress", "stops": [[0, 0], [1, 1]], \#(member)}"#
    #expect(decodingError(InterpolateEffect.self, json) == message)
  }

  @Test("range and timelineInset go only with the progress input")
  func onlyWithProgress() {
    let json =
      #"{"property": "opacity", "input": "minY", "stops": [[0, 0], [1, 1]], "range": "entry", "timelineInset": 10}"#
    #expect(
      decodingError(InterpolateEffect.self, json) == """
        range: expected "range" only with "input": "progress", found it with "input": "minY"
        timelineInset: expected "timelineInset" only with "input": "progress", found it with "input": "minY"
        """)
    // The default input, offset, too, and an input by another of its names.
    #expect(
      decodingError(
        InterpolateEffect.self,
        #"{"property": "opacity", "stops": [[0, 0], [1, 1]], "range": "cover"}"#)
        == #"range: expected "range" only with "input": "progress", found it with no "input" (the default: "offset")"#
    )
    #expect(
      decodingError(
        InterpolateEffect.self,
        #"{"property": "opacity", "input": "pullStart", "stops": [[0, 0], [1, 1]], "range": "cover"}"#
      )
        == #"range: expected "range" only with "input": "progress", found it with "input": "pullStart""#
    )
  }

  static let range =
    "a view range: one or two parts, each cover, contain, entry, exit, entryCrossing or "
    + "exitCrossing, optionally followed by P% or Lpx (P and L from -1e9 to 1e9)"
  static let inset =
    #"a timeline inset: points or "P%" of the viewport's height (from -1e9 to 1e9), or "auto" (the content inset), "#
    + "or [start, end] of these"
}
