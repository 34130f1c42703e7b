import EffectProtocol

extension InterpolateEffect {
  public init(from reader: inout ParameterReader) {
    let property = reader.read(Self.property)
    let problemsBeforeInput = reader.diagnostics.count
    let input = reader.read(Self.input)
    let inputIsValid = reader.diagnostics.count == problemsBeforeInput
    let stops = reader.read(Self.stops(outputs: property.map(Self.outputRange) ?? .finite))
    let easing = reader.read(Self.easing)
    let extrapolate = reader.read(Self.extrapolate)
    let timeline = ViewTimeline.read(
      &reader, input: inputIsValid ? input : nil, inputKey: Self.input.key)
    self.init(
      parameters: Parameters(
        property: property ?? .opacity, input: input, stops: stops, easing: easing,
        extrapolate: extrapolate, range: timeline.range, timelineInset: timeline.inset))
  }
}

// MARK: - Reading

extension InterpolateEffect {
  private static let stopsDescription = "an array of at least 2 [input, output] pairs"
  private static let pairDescription = "an [input, output] pair of numbers"

  /// The allowed outputs of `property`'s stops.
  package static func outputRange(_ property: Property) -> NumberRange {
    switch property {
    case .opacity:
      NumberRange(lower: 0, upper: 1, description: "an opacity from 0 to 1")
    case .width:
      NumberRange(lower: 0, upper: NumberRange.limit, description: "a width from 0 to 1e9")
    case .height:
      NumberRange(lower: 0, upper: NumberRange.limit, description: "a height from 0 to 1e9")
    case .blur:
      NumberRange(lower: 0, upper: NumberRange.limit, description: "a blur radius from 0 to 1e9")
    case .scale, .scaleX, .scaleY, .rotation, .translateX, .translateY, .zIndex:
      .finite
    }
  }

  /// The stops, every problem reported at its own path (`stops[2][0]`); the
  /// valid ones when there are problems.
  static func readStops(_ reader: inout ParameterReader, key: String, outputs: NumberRange)
    -> [Stop]
  {
    guard let value = reader.value(key) else {
      reader.report(.missingKey(expected: stopsDescription), at: key)
      return []
    }
    guard case .array(let elements) = value, elements.count >= 2 else {
      if case .array(let elements) = value, elements.count == 1 {
        reader.report(.wrongLength(expected: stopsDescription, count: 1), at: key)
      } else {
        reader.report(.mismatch(expected: stopsDescription, found: value), at: key)
      }
      return []
    }
    let path = reader.path(of: key)
    var problems: [SceneDiagnostic] = []
    var stops: [Stop] = []
    // The previous stop's input, when it is a number in range; a stop is
    // compared with it even when it was out of order itself, as the message says.
    var previousInput: Double?
    for (index, element) in elements.enumerated() {
      let stopPath = path.appending(index)
      guard case .array(let pair) = element, pair.count == 2 else {
        let problem: SceneDiagnostic.Problem
        if case .array(let pair) = element, !pair.isEmpty {
          problem = .wrongLength(expected: pairDescription, count: pair.count)
        } else {
          problem = .mismatch(expected: pairDescription, found: element)
        }
        problems.append(SceneDiagnostic(path: stopPath, problem: problem))
        previousInput = nil
        continue
      }
      var input: Double?
      if case .number(let number) = pair[0], NumberRange.finite.contains(number) {
        if let previousInput, !(number > previousInput) {
          let expected =
            "an input greater than the previous stop's input (\(MessageText.number(previousInput)))"
          problems.append(
            SceneDiagnostic(
              path: stopPath.appending(0), problem: .mismatch(expected: expected, found: pair[0])))
        } else {
          input = number
        }
        previousInput = number
      } else {
        previousInput = nil
        problems.append(
          SceneDiagnostic(
            path: stopPath.appending(0),
            problem: .mismatch(expected: NumberRange.finite.description, found: pair[0])))
      }
      var output: Double?
      if case .number(let number) = pair[1], outputs.contains(number) {
        output = number
      } else {
        problems.append(
          SceneDiagnostic(
            path: stopPath.appending(1),
            problem: .mismatch(expected: outputs.description, found: pair[1])))
      }
      if let input, let output { stops.append(Stop(input, output)) }
    }
    reader.report(contentsOf: problems)
    return stops
  }
}

extension EffectParameter where Value == Easing {
  /// An easing: a name, CSS easing text or `{"cubicBezier": [x1, y1, x2, y2]}`,
  /// `defaultValue` when absent.
  static func easing(_ key: String, default defaultValue: Easing, summary: String) -> Self {
    Self(
      key: key, values: Easing.expectedDescription + " (x1, x2 from 0 to 1)",
      default: defaultValue, defaultText: defaultValue.json, summary: summary
    ) { reader, parameter in
      guard let value = reader.value(parameter.key) else { return parameter.defaultValue }
      var problems: [SceneDiagnostic] = []
      let easing = Easing.read(value, at: reader.path(of: parameter.key), diagnostics: &problems)
      reader.report(contentsOf: problems)
      return easing ?? parameter.defaultValue
    }
  }
}
