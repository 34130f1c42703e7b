import EffectProtocol

extension StepFunction {
  /// The name of the exported type's function of `easing`, these steps,
  /// which `functions` writes once: CSS's step easing as the library
  /// computes it.
  func swiftFunction(_ easing: Easing, _ functions: inout SwiftFunctions) -> String {
    let (count, jumps) = (SwiftLiteral.double(count), SwiftLiteral.double(jumps))
    let atStart = jumpsAtStart
    return functions.name("steps") { name in
      [
        "  /// The easing \(easing.cssText): floor(p n)\(atStart ? " + 1" : ""), at most jumps,"
          + " over jumps.",
        "  @inline(__always)",
        "  private static func \(name)(_ progress: Double) -> Double {",
        "    let p = progress > 0 ? min(progress, 1) : 0",
        "    let n = \(count)",
        "    let jumps = \(jumps)",
        "    let step = (p * n).rounded(.down)\(atStart ? " + 1" : "")",
        "    return min(step, jumps) / jumps",
        "  }",
      ]
    }
  }
}

extension PiecewiseLinearFunction {
  /// The name of the exported type's function of `easing`, this
  /// `linear(...)`, which `functions` writes once: straight lines between
  /// its points, the segment found as the library finds it (the last point
  /// whose input is at most p starts it, the first and the one before the
  /// last at the ends).
  func swiftFunction(_ easing: Easing, _ functions: inout SwiftFunctions) -> String {
    let points = self.points
    return functions.name("piecewiseLinear") { name in
      var lines = [
        "  /// The easing \(easing.cssText): straight lines through its points.",
        "  private static func \(name)(_ progress: Double) -> Double {",
        "    let p = progress > 0 ? min(progress, 1) : 0",
      ]
      for start in 0..<points.count - 1 {
        let (a, b) = (points[start], points[start + 1])
        let condition =
          start < points.count - 2 ? "if p < \(SwiftLiteral.double(b.input))" : ""
        let open =
          start == 0
          ? (condition.isEmpty ? "do " : condition + " ")
          : "} else " + (condition.isEmpty ? "" : condition + " ")
        lines.append(
          "    \(open){  // (\(SwiftLiteral.double(a.input)), \(SwiftLiteral.double(a.output)))"
            + " to (\(SwiftLiteral.double(b.input)), \(SwiftLiteral.double(b.output)))")
        if a.input == b.input {
          lines.append("      return \(SwiftLiteral.double(b.output))")
        } else {
          lines.append(
            "      let fraction = (p - \(SwiftLiteral.double(a.input))) / "
              + SwiftLiteral.difference(b.input, a.input))
          if a.output == b.output {
            // As the library's: a level line stays level when the fraction overflows.
            lines.append(
              "      if !fraction.isFinite { return \(SwiftLiteral.double(a.output)) }")
          }
          lines.append(
            "      return min(max(\(SwiftLiteral.double(a.output)) + fraction * "
              + "\(SwiftLiteral.difference(b.output, a.output)), -1e15), 1e15)")
        }
      }
      return lines + ["    }", "  }"]
    }
  }
}
