import EffectProtocol

/// Reads CSS `<easing-function>` text (CSS Easing Levels 1 and 2), with
/// CSS's limits: `linear`, `ease`, `ease-in`, `ease-out`, `ease-in-out`,
/// `cubic-bezier(x1, y1, x2, y2)` (x1 and x2 from 0 to 1), `steps(n)` and
/// `steps(n, position)` (n a whole number of at least 1, 2 with
/// `jump-none`), `step-start`, `step-end` and `linear(stops)` (at least 2
/// stops, each a number with up to 2 percentages). Keywords and function
/// names are written in lower case (CSS would take any case; a scene's
/// schema can then say exactly what is valid), and the nearest one is
/// suggested for any other spelling.
enum CSSEasingParser {
  /// The keywords, in the order suggestions prefer them.
  static let keywords: [(String, Easing)] = [
    ("linear", .linear), ("ease", .ease), ("ease-in", .easeIn), ("ease-out", .easeOut),
    ("ease-in-out", .easeInOut), ("step-start", .steps(1, .jumpStart)),
    ("step-end", .steps(1, .jumpEnd)),
  ]
  static let functions = ["cubic-bezier", "steps", "linear"]
  static let positions: [(String, Easing.StepPosition)] = [
    ("jump-start", .jumpStart), ("jump-end", .jumpEnd), ("jump-none", .jumpNone),
    ("jump-both", .jumpBoth), ("start", .jumpStart), ("end", .jumpEnd),
  ]

  static let cubicBezierForm = "cubic-bezier(x1, y1, x2, y2)"
  static let stepsForm = "steps(n[, position])"
  static let linearForm = "linear(stops)"

  static func parse(_ text: String) -> Result<Easing, CSSTextFailure> {
    let trimmed = CSSText.trimmed(text)
    let written = String(trimmed)
    if let open = written.firstIndex(of: "(") {
      let name = String(written[..<open])
      let rest = written[written.index(after: open)...]
      guard functions.contains(name) else {
        let suggestion = MessageText.nearestName(to: name, in: functions).map {
          $0 + written[open...]
        }
        return .failure(
          CSSTextFailure(
            expected: "an easing function: \(cubicBezierForm), \(stepsForm) or \(linearForm)",
            suggestion: suggestion))
      }
      guard rest.hasSuffix(")") else {
        return .failure(CSSTextFailure(expected: "\(name)(...) closed by \")\" at the end"))
      }
      let inner = rest.dropLast()
      switch name {
      case "cubic-bezier": return cubicBezier(Substring(inner))
      case "steps": return steps(Substring(inner))
      default: return piecewiseLinear(Substring(inner))
      }
    }
    if let easing = keywords.first(where: { $0.0 == written })?.1 { return .success(easing) }
    // Hyphens say CSS: suggest its spellings first, else the JSON names.
    let css = keywords.map(\.0)
    let candidates = trimmed.contains("-") ? css + Easing.names : Easing.names + css
    return .failure(
      CSSTextFailure(
        expected: Easing.expectedDescription,
        suggestion: MessageText.nearestName(to: String(trimmed), in: candidates)))
  }

  private static func cubicBezier(_ inner: Substring) -> Result<Easing, CSSTextFailure> {
    let arguments = CSSText.arguments(inner)
    guard arguments.count == 4 else {
      return .failure(CSSTextFailure(expected: "4 numbers in \(cubicBezierForm)"))
    }
    let names = ["x1", "y1", "x2", "y2"]
    var values: [Double] = []
    for (index, argument) in arguments.enumerated() {
      guard let value = CSSText.number(argument) else {
        return .failure(
          CSSTextFailure(
            expected: "a number from -1e9 to 1e9 for \(names[index]) in \(cubicBezierForm)"))
      }
      if index % 2 == 0, !(0...1).contains(value) {
        return .failure(
          CSSTextFailure(expected: "a number from 0 to 1 for \(names[index]) in \(cubicBezierForm)")
        )
      }
      values.append(value)
    }
    return .success(.cubicBezier(x1: values[0], y1: values[1], x2: values[2], y2: values[3]))
  }

  private static func steps(_ inner: Substring) -> Result<Easing, CSSTextFailure> {
    let arguments = CSSText.arguments(inner)
    guard arguments.count == 1 || arguments.count == 2 else {
      return .failure(CSSTextFailure(expected: "1 or 2 arguments in \(stepsForm)"))
    }
    guard let count = CSSText.integer(arguments[0]), count >= 1 else {
      // `steps(4 end)`: a number and a position without the comma.
      let words = arguments[0].split(whereSeparator: \.isWhitespace)
      if arguments.count == 1, words.count == 2, let n = CSSText.integer(words[0]),
        let position = positions.first(where: { $0.0 == words[1] })?.1,
        n >= (position == .jumpNone ? 2 : 1)
      {
        return .failure(
          CSSTextFailure(
            expected: "a comma between n and the position in \(stepsForm)",
            suggestion: "steps(\(words[0]), \(words[1]))"))
      }
      return .failure(
        CSSTextFailure(expected: "a whole number from 1 to 1e9 for n in \(stepsForm)"))
    }
    var position = Easing.StepPosition.jumpEnd
    if arguments.count == 2 {
      let word = String(arguments[1])
      guard let found = positions.first(where: { $0.0 == word })?.1 else {
        let names = positions.map(\.0)
        return .failure(
          CSSTextFailure(
            expected:
              "a position (\(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")) "
              + "in \(stepsForm)",
            suggestion: MessageText.nearestName(to: word, in: names).map {
              "steps(\(arguments[0]), \($0))"
            }))
      }
      position = found
    }
    if position == .jumpNone, count < 2 {
      return .failure(
        CSSTextFailure(expected: "a whole number of at least 2 for n in steps(n, jump-none)"))
    }
    return .success(.steps(count, position))
  }

  private static func piecewiseLinear(_ inner: Substring) -> Result<Easing, CSSTextFailure> {
    let arguments = CSSText.arguments(inner)
    guard arguments.count >= 2 else {
      return .failure(CSSTextFailure(expected: "at least 2 stops in \(linearForm)"))
    }
    // Each stop's output and its 0, 1 or 2 inputs (fractions), in order.
    var outputs: [Double] = []
    var inputs: [Double?] = []
    for (index, argument) in arguments.enumerated() {
      guard let (output, percentages) = stop(argument) else {
        return .failure(
          CSSTextFailure(
            expected: "a number with up to 2 percentages, each from -1e9 to 1e9, for stop "
              + "\(index + 1) in \(linearForm)"))
      }
      if percentages.isEmpty {
        outputs.append(output)
        inputs.append(nil)
      }
      for percentage in percentages {
        outputs.append(output)
        inputs.append(percentage / 100)
      }
    }
    return .success(.piecewiseLinear(filledIn(outputs: outputs, inputs: inputs)))
  }

  /// A stop: a number and up to 2 percentages, before it or after it.
  private static func stop(_ text: Substring) -> (Double, [Double])? {
    let words = CSSText.words(text)
    guard (1...3).contains(words.count) else { return nil }
    let numbers = words.enumerated().filter { CSSText.number($0.element) != nil }
    guard numbers.count == 1, let output = CSSText.number(numbers[0].element) else {
      return nil
    }
    // The percentages are together: the number comes first or last.
    let at = numbers[0].offset
    guard at == 0 || at == words.count - 1 else { return nil }
    var percentages: [Double] = []
    for (index, word) in words.enumerated() where index != at {
      guard let percentage = CSSText.percentage(word) else { return nil }
      percentages.append(percentage)
    }
    return (output, percentages)
  }

  /// CSS Easing Level 2's fill-in of the stops' inputs: the first is 0 and
  /// the last 1 when not given; an input below an earlier one becomes the
  /// largest earlier one; each run of stops without an input is spread
  /// evenly between the inputs on either side.
  static func filledIn(outputs: [Double], inputs given: [Double?]) -> [Easing.LinearPoint] {
    var inputs = given
    if inputs[0] == nil { inputs[0] = 0 }
    if inputs[inputs.count - 1] == nil { inputs[inputs.count - 1] = 1 }
    var largest = -Double.infinity
    for index in inputs.indices {
      guard let input = inputs[index] else { continue }
      largest = max(largest, input)
      inputs[index] = largest
    }
    var index = 0
    while index < inputs.count {
      guard inputs[index] == nil, let before = inputs[index - 1] else {
        index += 1
        continue
      }
      var end = index
      while inputs[end] == nil { end += 1 }
      let after = inputs[end] ?? before
      let gaps = Double(end - index + 1)
      for missing in index..<end {
        inputs[missing] = before + (after - before) * Double(missing - index + 1) / gaps
      }
      index = end
    }
    return zip(inputs, outputs).map { Easing.LinearPoint($0 ?? 0, $1) }
  }
}
