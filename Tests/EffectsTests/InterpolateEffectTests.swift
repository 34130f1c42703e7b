import EffectProtocol
import Effects
import Testing

@Suite struct InterpolateEffectTests {
  typealias Stop = InterpolateEffect.Stop

  let header = ExampleSetup.header

  func interpolate(
    _ property: InterpolateEffect.Property, _ stops: [(Double, Double)], easing: Easing = .linear,
    extrapolate: InterpolateEffect.Extrapolation = .clamp
  ) -> InterpolateEffect {
    interpolate(property, .offset, stops, easing: easing, extrapolate: extrapolate)
  }

  func interpolate(
    _ property: InterpolateEffect.Property, _ input: ScrollInput,
    _ stops: [(Double, Double)], easing: Easing = .linear,
    extrapolate: InterpolateEffect.Extrapolation = .clamp
  ) -> InterpolateEffect {
    InterpolateEffect(
      parameters: .init(
        property: property, input: input, stops: stops.map { Stop($0.0, $0.1) }, easing: easing,
        extrapolate: extrapolate))
  }

  // MARK: Keyframes

  @Test("between two stops the value is interpolated linearly")
  func linearSegment() {
    let fade = interpolate(.opacity, [(0, 1), (300, 0)])
    #expect(header.evaluate([fade], offset: 0).opacity == 1)
    #expect(header.evaluate([fade], offset: 150).opacity == 0.5)
    #expect(header.evaluate([fade], offset: 225).opacity == 0.25)
    #expect(header.evaluate([fade], offset: 300).opacity == 0)
  }

  @Test("with several stops each segment has its own line")
  func severalSegments() {
    let effect = interpolate(.rotation, [(0, 0), (100, 10), (300, -10)])
    #expect(header.evaluate([effect], offset: 50).rotation == 5)
    #expect(header.evaluate([effect], offset: 100).rotation == 10)
    #expect(header.evaluate([effect], offset: 200).rotation == 0)
    #expect(header.evaluate([effect], offset: 250).rotation == -5)
  }

  @Test("clamp holds the end values outside the stops")
  func clamp() {
    let effect = interpolate(.rotation, [(0, 0), (100, 10), (300, -10)])
    #expect(header.evaluate([effect], offset: -500).rotation == 0)
    #expect(header.evaluate([effect], offset: 5000).rotation == -10)
  }

  @Test("extend continues the end segments' lines, without easing")
  func extend() {
    let effect = interpolate(
      .rotation, [(0, 0), (100, 10), (300, -10)], easing: .easeInOut, extrapolate: .extend)
    #expect(header.evaluate([effect], offset: -50).rotation == -5)
    #expect(header.evaluate([effect], offset: 400).rotation == -20)
    #expect(header.evaluate([effect], offset: 1300).rotation == -110)
  }

  @Test("the easing shapes the fraction within each segment")
  func easingPerSegment() throws {
    let effect = interpolate(.rotation, [(0, 0), (100, 10), (300, -10)], easing: .easeIn)
    // CSS's ease-in, (0.42, 0, 1, 1), a quarter of the way: x(t) = 0.25 at
    // t = 0.18879, where y(t) = 0.0934647 (the bisection reference).
    let quarter = EasingTests.reference(try #require(Self.css["easeIn"]), at: 0.25)
    #expect(abs(quarter - 0.0934646507) < 1e-9)
    let first = header.evaluate([effect], offset: 25).rotation
    #expect(abs(first - 10 * quarter) < 1e-9)
    let second = header.evaluate([effect], offset: 150).rotation
    #expect(abs(second - (10 - 20 * quarter)) < 1e-9)
    // At the stops themselves the easing changes nothing.
    #expect(header.evaluate([effect], offset: 100).rotation == 10)
  }

  @Test("a cubic Bézier easing may overshoot between the stops")
  func overshoot() {
    let effect = interpolate(
      .translateX, [(0, 0), (100, 100)],
      easing: .cubicBezier(x1: 0.3, y1: 1.8, x2: 0.6, y2: 1.5))
    let peak = (0...100).map { header.evaluate([effect], offset: Double($0)).x }.max() ?? 0
    #expect(peak > 100)
    #expect(header.evaluate([effect], offset: 100).x == 100)
  }

  // MARK: Inputs

  @Test("pull and pullBottom are the overscroll at each end")
  func pullInputs() {
    let grow = interpolate(.scale, .pull, [(0, 1), (200, 2)])
    #expect(header.evaluate([grow], offset: -100).scaleX == 1.5)
    #expect(header.evaluate([grow], offset: -100).scaleY == 1.5)
    #expect(header.evaluate([grow], offset: 100).scaleX == 1)
    // C = 2000 so maxOffset = 1156.
    let bottom = interpolate(.scaleY, .pullBottom, [(0, 1), (100, 0.5)])
    #expect(header.evaluate([bottom], offset: 1206).scaleY == 0.75)
    #expect(header.evaluate([bottom], offset: 1206).scaleX == 1)
    #expect(header.evaluate([bottom], offset: 1000).scaleY == 1)
  }

  @Test("minY and height read the current frame, after earlier effects")
  func frameInputs() {
    let byTop = interpolate(.opacity, .minY, [(-300, 0), (0, 1)])
    #expect(header.evaluate([byTop], offset: 150).opacity == 0.5)
    let byHeight = interpolate(.blur, .height, [(300, 0), (500, 20)])
    #expect(header.evaluate([StretchEffect(), byHeight], offset: -100).blur == 10)
    #expect(header.evaluate([byHeight], offset: -100).blur == 0)
  }

  @Test("progress is 0 as the top enters at the bottom and 1 as the bottom leaves at the top")
  func progressInput() {
    let row = ExampleSetup(frame: Rect(y: 1000, width: 390, height: 100))
    let effect = interpolate(.zIndex, .progress, [(0, 0), (1, 100)])
    // Top at the bottom edge: o = 1000 - 844 = 156. Bottom at the top: o = 1100.
    #expect(row.evaluate([effect], offset: 156).zIndex == 0)
    #expect(row.evaluate([effect], offset: 1100).zIndex == 100)
    #expect(row.evaluate([effect], offset: 628).zIndex == 50)
  }

  @Test("each copy of a repeated chain reads its own minY")
  func repeatedCopies() {
    let effect = interpolate(.translateY, .minY, [(0, 0), (100, 50)])
    let row = ExampleSetup(frame: Rect(y: 0, width: 390, height: 50))
    let views = evaluateBatch([effect], setup: row, count: 4, stride: 50, offset: 0)
    #expect(views.map(\.y) == [0, 75, 150, 200])
    let single = (0..<4).map { index in
      ExampleSetup(frame: Rect(y: Double(index) * 50, width: 390, height: 50))
        .evaluate([effect], offset: 0)
    }
    #expect(views == single)
  }

  // MARK: Combining

  @Test("opacity and scales multiply, blur, rotation and translations add, sizes replace")
  func combining() {
    let half = [(0.0, 0.5), (1, 0.5)]
    let ten = [(0.0, 10.0), (1, 10)]
    var result = header.evaluate(
      [interpolate(.opacity, half), interpolate(.opacity, half)], offset: 0)
    #expect(result.opacity == 0.25)
    result = header.evaluate([interpolate(.scale, half), interpolate(.scaleX, half)], offset: 0)
    #expect(result.scaleX == 0.25)
    #expect(result.scaleY == 0.5)
    result = header.evaluate([interpolate(.scaleY, ten), interpolate(.scale, half)], offset: 0)
    #expect(result.scaleY == 5)
    result = header.evaluate(
      [interpolate(.blur, ten), interpolate(.blur, ten), interpolate(.rotation, ten)], offset: 0)
    #expect(result.blur == 20)
    #expect(result.rotation == 10)
    result = header.evaluate(
      [interpolate(.translateX, ten), interpolate(.translateY, ten)], offset: 100)
    #expect(result.x == 10)
    #expect(result.y == -90)
    result = header.evaluate(
      [
        interpolate(.width, ten), interpolate(.height, ten), interpolate(.zIndex, ten),
        interpolate(.zIndex, half),
      ], offset: 0)
    #expect(result.width == 10)
    #expect(result.height == 10)
    #expect(result.zIndex == 0.5)
    #expect(result.x == 0)
    #expect(result.y == 0)
  }

  @Test("extended values are bounded: opacity to 0...1, blur, width and height to 0 or more")
  func boundsAfterExtending() {
    let opacity = interpolate(.opacity, [(0, 1), (100, 0.5)], extrapolate: .extend)
    #expect(header.evaluate([opacity], offset: -200).opacity == 1)
    #expect(header.evaluate([opacity], offset: 400).opacity == 0)
    let blur = interpolate(.blur, [(0, 10), (100, 0)], extrapolate: .extend)
    #expect(header.evaluate([blur], offset: 500).blur == 0)
    let width = interpolate(.width, [(0, 390), (100, 0)], extrapolate: .extend)
    #expect(header.evaluate([width], offset: 500).width == 0)
    let height = interpolate(.height, [(0, 300), (100, 0)], extrapolate: .extend)
    #expect(header.evaluate([height], offset: 500).height == 0)
  }

  @Test("steep or huge values saturate instead of overflowing")
  func saturation() {
    let steep = interpolate(.scale, [(0, 0), (1e-9, 1e9)], extrapolate: .extend)
    // Docs/Effects.md: extrapolated values saturate at 1e15 in magnitude.
    let once = header.evaluate([steep], offset: 1e9)
    #expect(once.scaleX == 1e15)
    let twice = header.evaluate([steep, steep], offset: 1e9)
    #expect(twice.scaleX == 1e15)
    #expect(header.evaluate([steep, steep], offset: -1e9).scaleX == 1e15)
    // Inputs one ulp apart: the slope itself is beyond any Double.
    let vertical = interpolate(
      .rotation, [(0, 0), (.leastNonzeroMagnitude, 1)], extrapolate: .extend)
    #expect(header.evaluate([vertical], offset: -1).rotation == -1e15)
    #expect(header.evaluate([vertical], offset: 2).rotation == 1e15)
    let bezier = interpolate(
      .translateY, [(0, -1e9), (1, 1e9)], easing: .cubicBezier(x1: 0, y1: 1e9, x2: 1, y2: -1e9))
    #expect(header.evaluate([bezier], offset: 0.5).y.isFinite)
  }

  @Test("stops set in code that break the rules are skipped, and too few do nothing")
  func invalidStopsInCode() {
    let unordered = interpolate(.rotation, [(0, 0), (100, 10), (50, 99), (.nan, 1), (200, 0)])
    #expect(header.evaluate([unordered], offset: 150).rotation == 5)
    let single = interpolate(.rotation, [(0, 7)])
    #expect(header.evaluate([single], offset: 150).rotation == 0)
    let none = interpolate(.opacity, [])
    #expect(header.evaluate([none], offset: 150).opacity == 1)
  }

  @Test("changing the parameters of an effect value changes what it does")
  func changingParameters() {
    var effect = interpolate(.rotation, [(0, 0), (100, 10)])
    effect.parameters.stops = [Stop(0, 0), Stop(100, 20)]
    #expect(header.evaluate([effect], offset: 50).rotation == 10)
    effect.parameters.extrapolate = .extend
    #expect(header.evaluate([effect], offset: 200).rotation == 40)
  }

  // MARK: Decoding

  @Test("decoding the required keys gives the defaults for the rest")
  func defaults() throws {
    let decoded = try InterpolateEffect.decode(
      json: #"{"type": "interpolate", "property": "opacity", "stops": [[0, 1], [300, 0]]}"#)
    let expected = InterpolateEffect(
      parameters: .init(property: .opacity, stops: [Stop(0, 1), Stop(300, 0)]))
    #expect(decoded == expected)
    #expect(decoded.parameters.input == .offset)
    #expect(decoded.parameters.easing == .linear)
    #expect(decoded.parameters.extrapolate == .clamp)
  }

  @Test("every parameter decodes, easings by name or control points")
  func decodesEverything() throws {
    let decoded = try InterpolateEffect.decode(
      json: """
        {"property": "translateY", "input": "progress", "stops": [[-1, 5], [0, 0], [2.5, -7]],
         "easing": {"cubicBezier": [0.1, -2, 0.9, 3]}, "extrapolate": "extend"}
        """)
    #expect(
      decoded
        == interpolate(
          .translateY, .progress, [(-1, 5), (0, 0), (2.5, -7)],
          easing: .cubicBezier(x1: 0.1, y1: -2, x2: 0.9, y2: 3), extrapolate: .extend))
    #expect(Set(Easing.names) == Set(Self.css.keys))
    for (name, curve) in Self.css {
      let effect = try InterpolateEffect.decode(
        json: #"{"property": "zIndex", "stops": [[0, 0], [1, 1]], "easing": "\#(name)"}"#)
      let points = effect.parameters.easing.controlPoints
      guard case .cubicBezier(let x1, let y1, let x2, let y2) = curve else { continue }
      #expect(points == (x1, y1, x2, y2), "\(name)")
      for p in [0.1, 0.25, 0.5, 0.8] {
        let value = effect.parameters.easing.value(at: p)
        #expect(abs(value - EasingTests.reference(curve, at: p)) < 1e-9, "\(name) at \(p)")
      }
    }
  }

  /// The named curves' control points as CSS Easing Functions Level 1
  /// defines its keywords, written as plain Bézier curves.
  static let css: [String: Easing] = [
    "linear": .cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1),
    "ease": .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1),
    "easeIn": .cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1),
    "easeOut": .cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1),
    "easeInOut": .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1),
  ]

  @Test("the eased examples effectctl prints are CSS's curves, solved by the bisection reference")
  func easedExamples() throws {
    let examples = InterpolateEffect.descriptor.examples
    func value(_ title: String, _ column: TransformColumn) throws -> Double {
      try #require(examples.first { $0.title == title }?.expected[column], "\(title)")
    }
    func eased(_ name: String, _ p: Double) throws -> Double {
      EasingTests.reference(try #require(Self.css[name]), at: p)
    }
    // An opacity fade from 1 at 0 to 0 at 300: opacity = 1 - eased(offset / 300).
    let quarter = try value("easeInOut a quarter of the way", .opacity)
    #expect(try abs(quarter - (1 - eased("easeInOut", 0.25))) < 1e-12)
    let easeIn = try value("easeIn halfway", .opacity)
    #expect(try abs(easeIn - (1 - eased("easeIn", 0.5))) < 1e-12)
    let easeOut = try value("easeOut halfway", .opacity)
    #expect(try abs(easeOut - (1 - eased("easeOut", 0.5))) < 1e-12)
    // ease-out is ease-in turned about the middle: the two halfway fades add to 1.
    #expect(abs(easeIn + easeOut - 1) < 1e-12)
    // Blur from 0 to 10 over 100 points under CSS's ease, at 50.
    let blur = try value("a cubic-bezier blur halfway", .blur)
    #expect(try abs(blur - 10 * eased("ease", 0.5)) < 1e-11)
  }

  static let properties =
    #""opacity", "scale", "scaleX", "scaleY", "blur", "rotation", "translateX", "translateY", "width", "height" or "zIndex""#
  static let easings =
    #"a name ("linear", "ease", "easeIn", "easeOut", "easeInOut"), CSS easing text (ease-in, "#
    + #"ease-out, ease-in-out, cubic-bezier(x1, y1, x2, y2), steps(n[, position]), step-start, "#
    + #"step-end, linear(stops)) or {"cubicBezier": [x1, y1, x2, y2]}"#
  static let validKeys =
    "(valid keys: type, property, input, stops, easing, extrapolate, range, timelineInset)"

  @Test(
    "bad parameters are reported with their path, what was expected and what was found",
    arguments: [
      // Required keys.
      (
        #"{"stops": [[0, 1], [1, 0]]}"#,
        "property: missing required key; expected \(properties)"
      ),
      (
        #"{"property": "opacity"}"#,
        "stops: missing required key; expected an array of at least 2 [input, output] pairs"
      ),
      (
        #"{}"#,
        """
        property: missing required key; expected \(properties)
        stops: missing required key; expected an array of at least 2 [input, output] pairs
        """
      ),
      // Names.
      (
        #"{"property": "alpha", "stops": [[0, 1], [1, 0]]}"#,
        #"property: expected \#(properties), found the string "alpha""#
      ),
      (
        #"{"property": 3, "stops": [[0, 1], [1, 0]]}"#,
        #"property: expected \#(properties), found the number 3"#
      ),
      (
        #"{"property": "opacity", "input": "scroll", "stops": [[0, 1], [1, 0]]}"#,
        #"input: expected "offset", "pull" (or "pullStart"), "pullBottom" (or "pullEnd"), "minY", "height", "minX", "width" or "progress", found the string "scroll""#
      ),
      (
        #"{"property": "opacity", "input": "pullend", "stops": [[0, 1], [1, 0]]}"#,
        #"input: expected "offset", "pull" (or "pullStart"), "pullBottom" (or "pullEnd"), "minY", "height", "minX", "width" or "progress", found the string "pullend"; did you mean "pullEnd"?"#
      ),
      (
        #"{"property": "opacity", "stops": [[0, 1], [1, 0]], "extrapolate": "wrap"}"#,
        #"extrapolate: expected "clamp" or "extend", found the string "wrap""#
      ),
      (
        #"{"property": "opacity", "stops": [[0, 1], [1, 0]], "extrapolation": "extend"}"#,
        #"extrapolation: unknown key for effect "interpolate"; did you mean "extrapolate"? \#(validKeys)"#
      ),
      (
        // Once, as the misspelt key: not also "stops: missing required key".
        #"{"property": "opacity", "stop": [[0, 1], [1, 0]]}"#,
        #"stop: unknown key for effect "interpolate"; did you mean "stops"? \#(validKeys)"#
      ),
      // Easing.
      (
        #"{"property": "opacity", "stops": [[0, 1], [1, 0]], "easing": "bounce"}"#,
        #"easing: expected \#(easings), found the string "bounce""#
      ),
      (
        #"{"property": "opacity", "stops": [[0, 1], [1, 0]], "easing": [0.4, 0, 1, 1]}"#,
        #"easing: expected \#(easings), found an array"#
      ),
      (
        #"{"property": "opacity", "stops": [[0, 1], [1, 0]], "easing": {}}"#,
        "easing.cubicBezier: missing required key; expected an array of 4 numbers [x1, y1, x2, y2]"
      ),
      (
        #"{"property": "opacity", "stops": [[0, 1], [1, 0]], "easing": {"cubicBezier": [0, 0, 1, 1], "steps": 4}}"#,
        #"easing.steps: unknown key for an easing (valid keys: cubicBezier)"#
      ),
      (
        #"{"property": "opacity", "stops": [[0, 1], [1, 0]], "easing": {"cubicBezier": [0.4, 0, 1]}}"#,
        "easing.cubicBezier: expected an array of 4 numbers [x1, y1, x2, y2], found an array of 3 values"
      ),
      (
        #"{"property": "opacity", "stops": [[0, 1], [1, 0]], "easing": {"cubicBezier": "ease"}}"#,
        #"easing.cubicBezier: expected an array of 4 numbers [x1, y1, x2, y2], found the string "ease""#
      ),
      (
        #"{"property": "opacity", "stops": [[0, 1], [1, 0]], "easing": {"cubicBezier": [1.5, 0, 0.5, 1]}}"#,
        "easing.cubicBezier[0]: expected a number from 0 to 1, found the number 1.5"
      ),
      (
        #"{"property": "opacity", "stops": [[0, 1], [1, 0]], "easing": {"cubicBezier": [0.5, "a", -0.1, 2e9]}}"#,
        """
        easing.cubicBezier[1]: expected a number from -1e9 to 1e9, found the string "a"
        easing.cubicBezier[2]: expected a number from 0 to 1, found the number -0.1
        easing.cubicBezier[3]: expected a number from -1e9 to 1e9, found the number 2000000000
        """
      ),
      // Stops.
      (
        #"{"property": "opacity", "stops": 5}"#,
        "stops: expected an array of at least 2 [input, output] pairs, found the number 5"
      ),
      (
        #"{"property": "opacity", "stops": []}"#,
        "stops: expected an array of at least 2 [input, output] pairs, found an empty array"
      ),
      (
        #"{"property": "opacity", "stops": [[0, 1]]}"#,
        "stops: expected an array of at least 2 [input, output] pairs, found an array of 1 value"
      ),
      (
        #"{"property": "opacity", "stops": [[0, 1], 2]}"#,
        "stops[1]: expected an [input, output] pair of numbers, found the number 2"
      ),
      (
        #"{"property": "opacity", "stops": [[0, 1], [1, 0, 1]]}"#,
        "stops[1]: expected an [input, output] pair of numbers, found an array of 3 values"
      ),
      (
        #"{"property": "opacity", "stops": [[0, 1], ["a", 0]]}"#,
        #"stops[1][0]: expected a number from -1e9 to 1e9, found the string "a""#
      ),
      (
        #"{"property": "rotation", "stops": [[0, 1], [1, null]]}"#,
        "stops[1][1]: expected a number from -1e9 to 1e9, found null"
      ),
      (
        #"{"property": "rotation", "stops": [[0, 0], [10, 1], [10, 2]]}"#,
        "stops[2][0]: expected an input greater than the previous stop's input (10), found the number 10"
      ),
      (
        #"{"property": "rotation", "stops": [[0, 0], [10, 1], [5, 2], [7, 3], [6.5, 4]]}"#,
        """
        stops[2][0]: expected an input greater than the previous stop's input (10), found the number 5
        stops[4][0]: expected an input greater than the previous stop's input (7), found the number 6.5
        """
      ),
      (
        #"{"property": "opacity", "stops": [[0, 0], [100, 1.5]]}"#,
        "stops[1][1]: expected an opacity from 0 to 1, found the number 1.5"
      ),
      (
        #"{"property": "width", "stops": [[0, -1], [1, 0]]}"#,
        "stops[0][1]: expected a width from 0 to 1e9, found the number -1"
      ),
      (
        #"{"property": "height", "stops": [[0, 10], [1, -0.5]]}"#,
        "stops[1][1]: expected a height from 0 to 1e9, found the number -0.5"
      ),
      (
        #"{"property": "blur", "stops": [[0, -3], [1, 0]]}"#,
        "stops[0][1]: expected a blur radius from 0 to 1e9, found the number -3"
      ),
    ])
  func badParameters(json: String, message: String) {
    #expect(decodingError(InterpolateEffect.self, json) == message)
  }
}
