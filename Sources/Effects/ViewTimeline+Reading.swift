import EffectProtocol

extension ViewRange {
  /// How a range reads after "expected" in an error message.
  static let expectedDescription =
    "a view range: one or two parts, each cover, contain, entry, exit, entryCrossing or "
    + "exitCrossing, optionally followed by P% or Lpx (P and L from -1e9 to 1e9)"

  /// Reads CSS `animation-range` text with these names: one or two parts,
  /// each a name optionally followed by `P%` or `Lpx`. One part `NAME P%` is
  /// `NAME P% NAME 100%`; in two parts a name without an offset is its 0% at
  /// the start and its 100% at the end.
  static func parse(_ text: String) -> Result<ViewRange, CSSTextFailure> {
    let words = CSSText.words(text)
    var parts: [(name: Name, offset: Offset?)] = []
    var index = 0
    while index < words.count {
      let word = words[index]
      guard let name = Name(rawValue: String(word)) else {
        let suggestion = MessageText.nearestName(
          to: String(word), in: Name.allCases.map(\.rawValue)
        ).map { name in
          words.enumerated().map { $0.offset == index ? name : String($0.element) }
            .joined(separator: " ")
        }
        return .failure(CSSTextFailure(expected: expectedDescription, suggestion: suggestion))
      }
      index += 1
      var offset: Offset?
      if index < words.count, Name(rawValue: String(words[index])) == nil {
        if let percent = CSSText.percentage(words[index]) {
          offset = .percent(percent)
        } else if let points = CSSText.length(words[index]) {
          offset = .points(points)
        } else {
          return .failure(
            CSSTextFailure(
              expected: "\(name.rawValue) followed by P% or Lpx (P and L from -1e9 to 1e9) "
                + "or the next part, in "
                + expectedDescription))
        }
        index += 1
      }
      parts.append((name, offset))
    }
    guard (1...2).contains(parts.count) else {
      return .failure(CSSTextFailure(expected: expectedDescription))
    }
    let first = parts[0]
    let last: (name: Name, offset: Offset?) = parts.count == 2 ? parts[1] : (first.name, nil)
    return .success(
      ViewRange(
        start: Boundary(first.name, first.offset ?? .percent(0)),
        end: Boundary(last.name, last.offset ?? .percent(100))))
  }

  /// The `range` key of `interpolate` and of events.
  public static let parameter = EffectParameter<ViewRange>(
    key: "range",
    values: "one or two parts, each "
      + Name.allCases.map(\.rawValue).joined(
        separator: ", ") + ", optionally followed by P% or Lpx (input progress only)",
    default: .cover, defaultText: "\"cover\"",
    summary: "the part of the view's passage the progress runs over (CSS's animation-range)"
  ) { reader, parameter in
    guard let value = reader.value(parameter.key) else { return parameter.defaultValue }
    guard case .string(let text) = value else {
      reader.report(.mismatch(expected: expectedDescription, found: value), at: parameter.key)
      return parameter.defaultValue
    }
    switch parse(text) {
    case .success(let range): return range
    case .failure(let failure):
      reader.report(failure.problem(text), at: parameter.key)
      return parameter.defaultValue
    }
  }
}

extension TimelineInset {
  static let expectedDescription =
    "a timeline inset: points or \"P%\" of the viewport's height (from -1e9 to 1e9), or "
    + "\"auto\" (the content inset), or [start, end] of these"

  /// The `timelineInset` key of `interpolate` and of events.
  public static let parameter = EffectParameter<TimelineInset>(
    key: "timelineInset",
    values: "points, \"P%\" or \"auto\", or [start, end] of these (input progress only)",
    default: .zero, defaultText: "0",
    summary: "how far in from the viewport's ends the range is measured (CSS's "
      + "view-timeline-inset; auto: the content insets)"
  ) { reader, parameter in
    guard let value = reader.value(parameter.key) else { return parameter.defaultValue }
    let path = reader.path(of: parameter.key)
    var problems: [SceneDiagnostic] = []
    var inset: TimelineInset?
    if case .array(let elements) = value {
      if elements.count == 2 {
        let start = side(elements[0], at: path.appending(0), &problems)
        let end = side(elements[1], at: path.appending(1), &problems)
        if let start, let end { inset = TimelineInset(start: start, end: end) }
      } else {
        problems.append(
          SceneDiagnostic(
            path: path,
            problem: elements.isEmpty
              ? .mismatch(expected: expectedDescription, found: value)
              : .wrongLength(expected: expectedDescription, count: elements.count)))
      }
    } else if let both = side(value, at: path, &problems) {
      inset = TimelineInset(both)
    }
    reader.report(contentsOf: problems)
    return inset ?? parameter.defaultValue
  }

  /// One end's inset: points, `"P%"` or `"auto"`.
  private static func side(
    _ value: JSONValue, at path: JSONPath, _ problems: inout [SceneDiagnostic]
  )
    -> Side?
  {
    switch value {
    case .number(let number) where NumberRange.finite.contains(number):
      return .points(number)
    case .string(let text):
      // Whitespace around it, as an easing's and a range's text may have.
      let trimmed = CSSText.trimmed(text)
      if trimmed == "auto" { return .auto }
      if let percent = CSSText.percentage(trimmed) { return .percent(percent) }
      if let suggestion = MessageText.nearestName(to: text, in: ["auto"]) {
        problems.append(
          SceneDiagnostic(
            path: path,
            problem: .nearMiss(expected: expectedDescription, found: value, suggestion: suggestion)
          ))
        return nil
      }
    default:
      break
    }
    problems.append(
      SceneDiagnostic(path: path, problem: .mismatch(expected: expectedDescription, found: value)))
    return nil
  }
}

extension ViewTimeline {
  /// Reads `range` and `timelineInset` for an input `input` read from
  /// `inputKey`: given with any input but `progress`, each is reported.
  package static func read(
    _ reader: inout ParameterReader, input: ScrollInput?, inputKey: String
  )
    -> ViewTimeline
  {
    let range = reader.read(ViewRange.parameter)
    let inset = reader.read(TimelineInset.parameter)
    if let input, input != .progress {
      // The input as the object gives it (`pullStart`, not the `pull` it
      // means), or the default it stands for.
      let found =
        if case .string(let text)? = reader.object[inputKey] {
          "\"\(inputKey)\": \(MessageText.quoted(text))"
        } else {
          "no \"\(inputKey)\" (the default: \"\(input.rawValue)\")"
        }
      for key in [ViewRange.parameter.key, TimelineInset.parameter.key]
      where reader.value(key) != nil {
        reader.report(
          .keyOnlyWith(key: key, requirement: "\"\(inputKey)\": \"progress\"", found: found),
          at: key)
      }
    }
    return ViewTimeline(range: range, inset: inset)
  }
}
