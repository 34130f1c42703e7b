import EffectProtocol
import Effects
import Testing

/// One effect with its parameters, and what holds for it at every offset.
struct PropertyCase: Sendable, CustomTestStringConvertible {
  /// The effect's JSON object, `type` included.
  var json: String
  var effect: any ScrollEffect
  /// The largest change of any column (anchors aside) per point of offset.
  var maxRate: Double
  /// Whether the view keeps its natural frame and identity visuals at offset
  /// 0 in `setup`; `nil` when that is not expected anywhere.
  var restsAtZero: (@Sendable (ExampleSetup) -> Bool)?

  init(
    _ json: String, maxRate: Double = 1,
    restsAtZero: (@Sendable (ExampleSetup) -> Bool)? = { _ in true }
  ) {
    self.json = json
    self.maxRate = maxRate
    self.restsAtZero = restsAtZero
    effect = Self.decode(json)
  }

  var testDescription: String { json }

  private static func decode(_ json: String) -> any ScrollEffect {
    for type in BuiltInEffects.all where json.contains(#""type": "\#(type.typeName)""#) {
      do {
        return try type.decode(json: json)
      } catch {
        Issue.record("\(json) does not decode: \(error)")
      }
    }
    Issue.record("\(json) names no built-in type")
    return StretchEffect()
  }
}

/// Properties every built-in effect has at every offset: finite output in
/// bounds, no jumps, and rest at offset 0 where it should rest.
@Suite struct EffectPropertyTests {
  static let insets = EdgeInsets(top: 47, bottom: 34)

  /// Content- and viewport-attached views, with and without insets, at the
  /// top, in the middle and at the end of long content, and on short content.
  static let setups: [(String, ExampleSetup)] = [
    ("header", .header),
    (
      "row under insets",
      ExampleSetup(frame: Rect(x: 10, y: 500, width: 370, height: 120), contentInsets: insets)
    ),
    (
      "footer under insets",
      ExampleSetup(frame: Rect(y: 1820, width: 390, height: 180), contentInsets: insets)
    ),
    (
      "short content",
      ExampleSetup(frame: Rect(y: 400, width: 390, height: 100), contentHeight: 500)
    ),
    (
      "overlay under insets",
      ExampleSetup(attachment: .viewport, contentInsets: insets)
    ),
    (
      "viewport bar under insets",
      ExampleSetup(
        frame: Rect(y: 700, width: 390, height: 100), attachment: .viewport,
        contentInsets: insets)
    ),
  ]

  /// -10,000...10,000 in steps of 7.3, and every integer near 0 and near maxOffset.
  static func offsets(for setup: ExampleSetup) -> [Double] {
    let maxOffset = setup.geometry(offset: 0).maxOffset
    var offsets = Array(stride(from: -10_000.0, through: 10_000, by: 7.3))
    offsets += (-3...3).map(Double.init)
    offsets += (-3...3).map { maxOffset + Double($0) }
    return Array(Set(offsets)).sorted()
  }

  static let columns = TransformColumn.allCases.filter { $0 != .anchorX && $0 != .anchorY }

  static func natural(_ setup: ExampleSetup, at offset: Double) -> ViewTransform {
    ViewTransform(frame: setup.naturalViewportFrame(offset: offset))
  }

  static func line(_ setup: ExampleSetup, inset: Double) -> Double {
    setup.contentInsets.top + inset
  }

  static let cases: [PropertyCase] =
    [
      // stretch
      PropertyCase(#"{"type": "stretch"}"#),
      PropertyCase(#"{"type": "stretch", "mode": "zoom"}"#),
      PropertyCase(#"{"type": "stretch", "edge": "bottom", "mode": "zoom"}"#),
      PropertyCase(#"{"type": "stretch", "edge": "bottom", "resistance": 0.3, "maxStretch": 40}"#),
      PropertyCase(#"{"type": "stretch", "resistance": 0}"#),
      PropertyCase(#"{"type": "stretch", "maxStretch": 0, "mode": "zoom"}"#),
      PropertyCase(#"{"type": "stretch", "resistance": 1, "maxStretch": 1e9}"#),
      // footerPin: at rest only where nothing is left of the viewport below the view.
      PropertyCase(#"{"type": "footerPin"}"#, restsAtZero: Self.fillsToBottom),
      PropertyCase(#"{"type": "footerPin", "mode": "move"}"#, restsAtZero: Self.fillsToBottom),
      // pin: at rest while the view is on the right side of its line.
      PropertyCase(#"{"type": "pin"}"#) { line($0, inset: 0) <= natural($0, at: 0).y },
      PropertyCase(#"{"type": "pin", "inset": 60, "until": 900}"#) { setup in
        let view = natural(setup, at: 0)
        return line(setup, inset: 60) <= view.y
          && view.maxY <= setup.contentInsets.top + 900
      },
      PropertyCase(#"{"type": "pin", "edge": "bottom"}"#, restsAtZero: Self.aboveBottomLine(0)),
      PropertyCase(
        #"{"type": "pin", "edge": "bottom", "inset": 100, "until": 450}"#,
        restsAtZero: { setup in
          aboveBottomLine(100)(setup)
            && natural(setup, at: 0).y >= setup.contentInsets.top + 450
        }),
      PropertyCase(#"{"type": "pin", "inset": -1e9, "until": -1e9}"#, restsAtZero: nil),
      PropertyCase(#"{"type": "pin", "edge": "bottom", "inset": 1e9}"#, restsAtZero: nil),
      // parallax
      PropertyCase(#"{"type": "parallax"}"#),
      PropertyCase(#"{"type": "parallax", "rate": 1}"#),
      PropertyCase(#"{"type": "parallax", "rate": -3}"#, maxRate: 4),
      PropertyCase(#"{"type": "parallax", "rate": 1e9}"#, maxRate: 1e9 + 1),
      PropertyCase(#"{"type": "parallax", "rate": -1e9}"#, maxRate: 1e9 + 1),
      // translate
      PropertyCase(#"{"type": "translate"}"#),
      PropertyCase(#"{"type": "translate", "factor": -1, "from": 0}"#, maxRate: 2),
      PropertyCase(
        #"{"type": "translate", "axis": "x", "factor": 2.5, "from": -100, "to": 300}"#, maxRate: 2.5
      ),
      PropertyCase(#"{"type": "translate", "factor": 1e9, "from": 200, "to": 250}"#, maxRate: 1e9),
      PropertyCase(#"{"type": "translate", "axis": "x", "factor": -1e9}"#, maxRate: 1e9),
      PropertyCase(#"{"type": "translate", "from": 5, "to": 5}"#),
      // collapse: at rest while the view's top is at or below the line.
      PropertyCase(#"{"type": "collapse"}"#) { line($0, inset: 0) <= natural($0, at: 0).y },
      PropertyCase(#"{"type": "collapse", "minHeight": 80, "pinned": false, "inset": 20}"#) {
        line($0, inset: 20) <= natural($0, at: 0).y
      },
      PropertyCase(#"{"type": "collapse", "minHeight": 1e9}"#) {
        line($0, inset: 0) <= natural($0, at: 0).y
      },
      PropertyCase(#"{"type": "collapse", "inset": 1e9, "pinned": false}"#, restsAtZero: nil),
      PropertyCase(#"{"type": "collapse", "inset": -1e9, "minHeight": 10}"#),
      // interpolate: extremes. The last two test finiteness and bounds only:
      // a slope of 1e18 and a curve whose control points reach ±1e9 allow any
      // jump a step could show, so their continuity bound is none.
      PropertyCase(
        #"{"type": "interpolate", "property": "translateY", "stops": [[-1e9, -1e9], [1e9, 1e9]], "extrapolate": "extend"}"#,
        maxRate: 2, restsAtZero: nil),
      PropertyCase(
        #"{"type": "interpolate", "property": "scale", "stops": [[0, 0], [1e-9, 1e9]], "extrapolate": "extend"}"#,
        maxRate: 1e18, restsAtZero: nil),
      PropertyCase(
        #"{"type": "interpolate", "property": "rotation", "stops": [[0, -1e9], [1, 1e9]], "easing": {"cubicBezier": [0, 1e9, 1, -1e9]}}"#,
        maxRate: .infinity, restsAtZero: nil),
    ] + interpolateCases

  /// Every property with every input, the easing and extrapolation varied.
  static let interpolateCases: [PropertyCase] = {
    var cases: [PropertyCase] = []
    // Each curve's steepest dy/dx, rounded up: easeInOut (0.42, 0, 0.58, 1)
    // is steepest at t = 0.5, dy/dt = 1.5 over dx/dt = 0.87, 1.72414; the
    // overshooting curve's, found by a search over t, is 5.3076.
    let easings = [
      (#""easeInOut""#, 1.7242), (#"{"cubicBezier": [0.68, -0.55, 0.265, 1.55]}"#, 5.31),
    ]
    for (propertyIndex, property) in InterpolateEffect.Property.allCases.enumerated() {
      let outputs: [Double] =
        switch property {
        case .opacity: [1, 0.2, 0.8]
        case .scale, .scaleX, .scaleY: [0.5, 1, 2]
        case .width, .height: [100, 390, 50]
        case .blur: [0, 12, 4]
        case .rotation, .translateX, .translateY, .zIndex: [-50, 0, 80]
        }
      for (inputIndex, input) in ScrollInput.allCases.enumerated() {
        let inputs: [Double] =
          switch input {
          case .offset, .minY, .minX: [-200, 0, 300]
          case .pull, .pullBottom: [0, 100, 250]
          case .height, .width: [0, 200, 400]
          case .progress: [0, 0.5, 1]
          }
        let (easing, easingSlope) = easings[(propertyIndex + inputIndex) % 2]
        let extrapolate = (propertyIndex + inputIndex / 2) % 2 == 0 ? "clamp" : "extend"
        let stops = zip(inputs, outputs).map {
          "[\(MessageText.number($0)), \(MessageText.number($1))]"
        }
        var slope = 0.0
        for index in 1..<inputs.count {
          let segment = (outputs[index] - outputs[index - 1]) / (inputs[index] - inputs[index - 1])
          slope = max(slope, abs(segment))
        }
        // Progress changes by at most 1 / V per point of offset.
        let inputRate = input == .progress ? 1 / 844.0 : 1
        cases.append(
          PropertyCase(
            """
            {"type": "interpolate", "property": "\(property.rawValue)", "input": "\(input.rawValue)", \
            "stops": [\(stops.joined(separator: ", "))], "easing": \(easing), \
            "extrapolate": "\(extrapolate)"}
            """, maxRate: 1 + slope * easingSlope * inputRate, restsAtZero: nil))
      }
    }
    return cases
  }()

  @Sendable static func fillsToBottom(_ setup: ExampleSetup) -> Bool {
    natural(setup, at: 0).maxY >= setup.viewport.height - setup.contentInsets.bottom
  }

  static func aboveBottomLine(_ inset: Double) -> @Sendable (ExampleSetup) -> Bool {
    { setup in
      natural(setup, at: 0).maxY <= setup.viewport.height - setup.contentInsets.bottom - inset
    }
  }

  static func checkBounds(_ result: ViewTransform, _ what: @autoclosure () -> String) {
    for column in TransformColumn.allCases {
      let value = column.value(of: result, naturalX: 0, naturalY: 0)
      #expect(value.isFinite, "\(what()): \(column.rawValue) is \(value)")
    }
    #expect(result.width >= 0, "\(what()): width \(result.width)")
    #expect(result.height >= 0, "\(what()): height \(result.height)")
    #expect(result.blur >= 0, "\(what()): blur \(result.blur)")
    #expect(result.opacity >= 0 && result.opacity <= 1, "\(what()): opacity \(result.opacity)")
  }

  /// ``setups`` with their ``offsets(for:)``, drawn once for every case.
  static let setupsWithOffsets: [(name: String, setup: ExampleSetup, offsets: [Double])] =
    setups.map { ($0.0, $0.1, offsets(for: $0.1)) }

  @Test(
    "every output is finite and in bounds, and neighbouring offsets never jump", arguments: cases)
  func finiteAndContinuous(_ testCase: PropertyCase) {
    // Plain index loops: this runs about 1.6 million evaluations, and in a
    // debug build iterators and key paths cost more than the effects.
    let columns = Self.columns
    let effects = [testCase.effect]
    var values = [Double](repeating: 0, count: columns.count)
    var previousValues = values
    // One evaluator a setup: its frames are fresh ones', as the effects
    // keep no state.
    let stateless = Self.isStateless(testCase.effect)
    #expect(stateless)
    for (name, setup, offsets) in Self.setupsWithOffsets {
      var evaluator = EffectEvaluator(
        effects, naturalFrame: setup.frame, attachment: setup.attachment)
      var previousOffset: Double?
      for offset in offsets {
        let result = evaluator.evaluate(setup.geometry(offset: offset))[0]
        let natural = setup.naturalViewportFrame(offset: offset)
        var finite = true
        for index in 0..<columns.count {
          let value = columns[index].value(of: result, naturalX: natural.x, naturalY: natural.y)
          values[index] = value
          if !value.isFinite { finite = false }
        }
        guard finite, result.width >= 0, result.height >= 0,
          result.blur >= 0, result.opacity >= 0, result.opacity <= 1
        else {
          Self.checkBounds(result, "\(name) at \(offset)")
          return
        }
        if let previousOffset {
          let step = offset - previousOffset
          for index in 0..<columns.count {
            let jump = abs(values[index] - previousValues[index])
            let scale = max(1, abs(values[index]), abs(previousValues[index]))
            let allowed = step * testCase.maxRate + 1e-9 * scale
            guard jump <= allowed else {
              Issue.record(
                "\(name): \(columns[index].rawValue) jumps by \(jump) from \(previousOffset) to \(offset)"
              )
              return
            }
          }
        }
        previousOffset = offset
        swap(&values, &previousValues)
      }
    }
  }

  /// Whether `effect` keeps no state from frame to frame.
  static func isStateless<Effect: ScrollEffect>(_ effect: Effect) -> Bool {
    Effect.State.self == Void.self
  }

  @Test("outputs stay finite and in bounds at the host's extreme offsets", arguments: cases)
  func extremeOffsets(_ testCase: PropertyCase) {
    for (name, setup) in Self.setups {
      for offset in [-1e15, -1e12, -1e9, -1, 1e9, 1e12, 1e15] {
        Self.checkBounds(
          setup.evaluate([testCase.effect, testCase.effect], offset: offset),
          "\(name) at \(offset), applied twice")
      }
    }
  }

  @Test("at offset 0 a view at rest keeps its natural frame and identity visuals", arguments: cases)
  func identityAtRest(_ testCase: PropertyCase) {
    guard let restsAtZero = testCase.restsAtZero else { return }
    var rested = 0
    for (name, setup) in Self.setups where restsAtZero(setup) {
      let result = setup.evaluate([testCase.effect], offset: 0)
      #expect(result == Self.natural(setup, at: 0), "\(name)")
      rested += 1
    }
    #expect(rested > 0, "no setup checks the rest of \(testCase.json)")
  }

  @Test("a batch of copies gives each copy what it gets alone", arguments: cases)
  func batchMatchesSingles(_ testCase: PropertyCase) {
    for (name, setup) in Self.setups {
      for offset in [-150.0, 0, 90, 600, 1300] {
        let batch = evaluateBatch(
          [testCase.effect], setup: setup, count: 3, stride: 130, offset: offset)
        for index in 0..<3 {
          var single = setup
          single.frame.y += Double(index) * 130
          #expect(
            batch[index] == single.evaluate([testCase.effect], offset: offset),
            "\(name) copy \(index) at \(offset)")
        }
      }
    }
  }
}
