import EffectProtocol

extension ViewTimeline {
  /// The name of the exported type's function of the progress through this
  /// timeline of a view (`minY`, `height`), which `functions` writes once:
  /// the range's ends as values of m, the view's top below the inset
  /// viewport's top line, as the library places them.
  package func swiftProgress(_ functions: inout SwiftFunctions) -> String {
    let top = Self.swiftInset(inset.start, contentInset: SwiftChainCode.insetTop)
    let bottom = Self.swiftInset(inset.end, contentInset: SwiftChainCode.insetBottom)
    let start = Self.swiftPosition(range.start)
    let end = Self.swiftPosition(range.end)
    let rangeText = SwiftLiteral.string(range.text)
    let inset = self.inset.json
    // exitCrossing runs from the line itself: V' is not needed then.
    let readsLength = (start + end).contains("length")
    return functions.name("timelineProgress") { name in
      [
        "  /// The progress through the view range \(rangeText) of a view `height` tall",
        "  /// whose top is at viewport y `minY`, the viewport's ends moved in by",
        "  /// timelineInset \(inset): 0 at the range's start, 1 at its end, linear",
        "  /// in m, the view's top below the inset viewport's top line; a range",
        "  /// that does not run forwards is 0 before its start and 1 from it on.",
        "  @inline(__always)",
        "  private static func \(name)(minY: Double, height: Double) -> Double {",
        readsLength
          ? "    // The inset viewport: its top line, and its height V'."
          : "    // The inset viewport's top line.",
        "    let line = \(top)",
      ] + (readsLength ? ["    let length = viewportHeight - line - \(bottom)"] : []) + [
        "    let start = \(start)  // \(Self.text(range: self.range.start))",
        "    let end = \(end)  // \(Self.text(range: self.range.end))",
        "    let m = minY - line",
        "    let span = start - end",
        "    guard span > 0 else { return m > start ? 0 : 1 }",
        "    return min(max((start - m) / span, -1e15), 1e15)",
        "  }",
      ]
    }
  }

  /// An end's inset as Swift, points.
  private static func swiftInset(_ side: TimelineInset.Side, contentInset: String) -> String {
    switch side {
    case .points(let points): SwiftLiteral.double(points)
    case .percent(let percent): "\(SwiftLiteral.double(percent)) / 100 * viewportHeight"
    case .auto: contentInset
    }
  }

  /// A boundary of the range as a value of m, with `length` V' and `height` h.
  private static func swiftPosition(_ boundary: ViewRange.Boundary) -> String {
    let (zero, hundred) = swiftEnds(boundary.name)
    switch boundary.offset {
    case .percent(let percent):
      if percent == 0 { return zero }
      if percent == 100 { return hundred }
      return "\(zero) + \(SwiftLiteral.double(percent)) / 100 * (\(hundred) - \(zero))"
    case .points(let points):
      return "\(zero) - \(SwiftLiteral.double(points))"
    }
  }

  /// Where the named range runs from (its 0%) and to (its 100%), as values of m.
  private static func swiftEnds(_ name: ViewRange.Name) -> (String, String) {
    switch name {
    case .cover: ("length", "(-height)")
    case .contain: ("max(length - height, 0)", "min(0, length - height)")
    case .entry: ("length", "max(length - height, 0)")
    case .exit: ("min(0, length - height)", "(-height)")
    case .entryCrossing: ("length", "(length - height)")
    case .exitCrossing: ("0.0", "(-height)")
    }
  }

  private static func text(range boundary: ViewRange.Boundary) -> String {
    ViewRange(start: boundary, end: boundary).text.split(separator: " ").prefix(2)
      .joined(separator: " ")
  }
}
