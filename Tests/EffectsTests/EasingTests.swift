import EffectProtocol
import Effects
import ScrollEffectsTestSupport
import Testing

@Suite struct EasingTests {
  /// The curve solved by plain bisection (``EasingReference``): a slow
  /// reference that shares no code with the effect.
  static func reference(_ easing: Easing, at p: Double) -> Double {
    EasingReference.value(easing, at: p)
  }

  static let curves: [Easing] = [
    .linear, .easeIn, .easeOut, .easeInOut,
    .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1),  // CSS `ease`
    .cubicBezier(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55),  // overshoots both ends
    .cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1),
    .cubicBezier(x1: 1, y1: 1, x2: 1, y2: 1),
    .cubicBezier(x1: 0, y1: 1e9, x2: 1, y2: -1e9),
  ]

  @Test("every curve matches a bisection reference to 1e-9 or better", arguments: curves)
  func matchesReference(easing: Easing) {
    let (_, y1, _, y2) = easing.controlPoints
    let scale = max(1, abs(y1), abs(y2))
    for step in 0...1000 {
      let p = Double(step) / 1000
      let value = easing.value(at: p)
      let expected = Self.reference(easing, at: p)
      #expect(abs(value - expected) <= 1e-9 * scale, "\(easing) at \(p): \(value) vs \(expected)")
    }
  }

  @Test("every curve starts at 0 and ends at 1, also beyond its ends", arguments: curves)
  func endsAreFixed(easing: Easing) {
    #expect(easing.value(at: 0) == 0)
    #expect(easing.value(at: 1) == 1)
    #expect(easing.value(at: -3) == 0)
    #expect(easing.value(at: 7) == 1)
  }

  /// x1 = 1, x2 = 0: x(t) = 4t³ - 6t² + 3t is flat at t = 0.5, so near p = 0.5
  /// rounding in x(t) fixes t only to about the cube root of 1e-16: the
  /// reference cannot be trusted there, but the curve's symmetry can.
  @Test("a curve whose x is flat at the middle is solved there too")
  func flatMiddle() {
    let easing = Easing.cubicBezier(x1: 1, y1: 0, x2: 0, y2: 1)
    #expect(abs(easing.value(at: 0.5) - 0.5) < 1e-12)
    var previous = 0.0
    for step in 0...1000 {
      let p = Double(step) / 1000
      let value = easing.value(at: p)
      #expect(abs(value + easing.value(at: 1 - p) - 1) < 1e-9)
      #expect(value >= previous - 1e-12)
      previous = value
      if abs(p - 0.5) > 0.01 {
        #expect(abs(value - Self.reference(easing, at: p)) < 1e-9)
      }
    }
  }

  @Test("the named curves are CSS's control points")
  func namedCurves() {
    #expect(Easing.easeIn.controlPoints == (0.42, 0, 1, 1))
    #expect(Easing.easeOut.controlPoints == (0, 0, 0.58, 1))
    #expect(Easing.easeInOut.controlPoints == (0.42, 0, 0.58, 1))
    #expect(Easing.linear.controlPoints == (0, 0, 1, 1))
    #expect(Easing(name: "easeInOut") == .easeInOut)
    #expect(Easing(name: "ease-in-out") == nil)
  }

  @Test("easeInOut is symmetric: halfway is halfway, and a quarter mirrors three quarters")
  func easeInOutIsSymmetric() {
    #expect(abs(Easing.easeInOut.value(at: 0.5) - 0.5) < 1e-12)
    let quarter = Easing.easeInOut.value(at: 0.25)
    let threeQuarters = Easing.easeInOut.value(at: 0.75)
    #expect(abs(quarter + threeQuarters - 1) < 1e-12)
    #expect(quarter < 0.25)
  }

  @Test("easeIn lags behind linear and easeOut leads it")
  func easeInLagsEaseOutLeads() {
    for step in 1..<100 {
      let p = Double(step) / 100
      #expect(Easing.easeIn.value(at: p) < p)
      #expect(Easing.easeOut.value(at: p) > p)
    }
  }

  /// The easing an `interpolate` whose `"easing"` is `json` decodes to.
  static func decoded(_ json: String) throws -> Easing {
    try InterpolateEffect.decode(
      json: #"{"property": "opacity", "stops": [[0, 0], [1, 1]], "easing": \#(json)}"#
    ).parameters.easing
  }

  @Test(
    "json is text the scene file reads back as the same curve: a name, an object or CSS text",
    arguments: [
      #""easeIn""#, #""linear""#, #"{"cubicBezier": [0.3, 0.1, 0.2, 1.4]}"#,
      #"{"cubicBezier": [0, 1e9, 1, -1e9]}"#, #""cubic-bezier(0.68, -0.55, 0.265, 1.55)""#,
      #""ease-in-out""#, #""steps(4, jump-start)""#, #""steps(3)""#, #""step-end""#,
      #""linear(0, 0.7 30%, 1)""#, #""linear(0, 0.25 10% 20%, 1)""#,
    ])
  func jsonReadsBack(json: String) throws {
    let easing = try Self.decoded(json)
    #expect(try Self.decoded(easing.json) == easing, "\(json) gave \(easing.json)")
  }

  @Test("json writes a named curve as its name, a Bézier as the file's object")
  func jsonOfNamesAndBeziers() {
    #expect(Easing.easeIn.json == #""easeIn""#)
    #expect(
      Easing.cubicBezier(x1: 0.3, y1: 0.1, x2: 0.2, y2: 1.4).json
        == #"{"cubicBezier": [0.3, 0.1, 0.2, 1.4]}"#)
  }
}
