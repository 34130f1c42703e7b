import EffectProtocol

/// A timing curve that shapes the progress within each segment of an
/// ``InterpolateEffect``: CSS's `<easing-function>`s.
///
/// The Bézier curves are CSS's `cubic-bezier(x1, y1, x2, y2)`: a curve from
/// (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2). For a progress
/// p in 0...1 the eased progress is y(t) at the t where x(t) = p. x1 and x2
/// lie in 0...1, which keeps x(t) increasing so t is unique; y1 and y2 may be
/// any number, so a curve may overshoot below 0 or above 1 between its ends.
/// `steps(n, position)` jumps in n steps (CSS Easing Level 1) and
/// `linear(...)` joins points with straight lines (CSS Easing Level 2).
/// In JSON: a name (`"linear"`, `"ease"`, `"easeIn"`, `"easeOut"`,
/// `"easeInOut"`), CSS text (`"ease-in-out"`, `"cubic-bezier(0.2, 0, 0, 1)"`,
/// `"steps(4)"`, `"step-start"`, `"linear(0, 0.25 75%, 1)"`) or
/// `{"cubicBezier": [x1, y1, x2, y2]}`; the default is `linear`.
public enum Easing: Sendable, Equatable {
  /// The progress itself: `cubic-bezier(0, 0, 1, 1)`.
  case linear
  /// Starts slowly: `cubic-bezier(0.42, 0, 1, 1)`.
  case easeIn
  /// Ends slowly: `cubic-bezier(0, 0, 0.58, 1)`.
  case easeOut
  /// Starts and ends slowly: `cubic-bezier(0.42, 0, 0.58, 1)`.
  case easeInOut
  /// `cubic-bezier(x1, y1, x2, y2)`; x1 and x2 in 0...1.
  ///
  /// Decoding checks the numbers; values set in code are not checked but
  /// evaluated as the nearest curve that is well defined: x1 and x2 clamped
  /// to 0...1, y1 and y2 to ±``Saturation/limit``, and `linear` if any
  /// number is NaN.
  case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
  /// CSS's `ease`: `cubic-bezier(0.25, 0.1, 0.25, 1)`.
  case ease
  /// CSS's `steps(count, position)`: `count` equal steps (at least 1, 2 with
  /// `jumpNone`), jumping where `position` says.
  ///
  /// Decoding refuses a smaller count; one set in code is evaluated as that
  /// least count (`steps(0, .jumpEnd)` as `steps(1, .jumpEnd)`, 0 until
  /// progress 1; `steps(1, .jumpNone)` as `steps(2, .jumpNone)`).
  case steps(Int, StepPosition)
  /// CSS's `linear(...)`: straight lines through `points`, at least 2, their
  /// inputs never decreasing (the stops with their positions filled in).
  ///
  /// Decoding gives such points; others set in code are evaluated as the
  /// points left after dropping those with a NaN or infinite number, with
  /// outputs saturated (±``Saturation/limit``) and each input below an
  /// earlier one raised to the largest earlier one (as CSS fills them in).
  /// No point left is the identity, like `linear`; one point gives its
  /// output at every progress.
  case piecewiseLinear([LinearPoint])

  /// Where the jumps of ``steps(_:_:)`` are (CSS's `<step-position>`).
  public enum StepPosition: String, Sendable, CaseIterable {
    /// The first jump at progress 0 (`start` in CSS too): n steps up from 1/n.
    case jumpStart = "jump-start"
    /// The last jump at progress 1 (`end` in CSS too), the default: from 0 up
    /// to (n - 1)/n.
    case jumpEnd = "jump-end"
    /// No jump at either end: n steps from 0 to 1, n - 1 jumps.
    case jumpNone = "jump-none"
    /// Jumps at both ends: n steps from 1/(n + 1) to n/(n + 1).
    case jumpBoth = "jump-both"
  }

  /// One point of ``piecewiseLinear(_:)``: at progress `input`, `output`.
  public struct LinearPoint: Sendable, Equatable {
    /// The progress at which the point lies, as a fraction: CSS's `75%` is 0.75.
    public var input: Double
    /// The eased progress at ``input``.
    public var output: Double

    /// The point at progress `input` whose eased progress is `output`.
    public init(_ input: Double, _ output: Double) {
      self.input = input
      self.output = output
    }
  }

  /// The names accepted in JSON, in the order error messages list them.
  public static let names = ["linear", "ease", "easeIn", "easeOut", "easeInOut"]

  /// The named curve called `name` in JSON, if any.
  public init?(name: String) {
    switch name {
    case "linear": self = .linear
    case "ease": self = .ease
    case "easeIn": self = .easeIn
    case "easeOut": self = .easeOut
    case "easeInOut": self = .easeInOut
    default: return nil
    }
  }

  /// The name of a named curve in JSON (`easeIn`), `nil` for the others.
  public var name: String? {
    switch self {
    case .linear: "linear"
    case .ease: "ease"
    case .easeIn: "easeIn"
    case .easeOut: "easeOut"
    case .easeInOut: "easeInOut"
    case .cubicBezier, .steps, .piecewiseLinear: nil
    }
  }

  /// The curve as JSON text: a name (`"easeIn"`), CSS text for steps and
  /// `linear(...)` (`"steps(4, jump-end)"`) or
  /// `{"cubicBezier": [x1, y1, x2, y2]}`.
  public var json: String {
    if let name { return "\"\(name)\"" }
    if case .cubicBezier(let x1, let y1, let x2, let y2) = self {
      return
        "{\"cubicBezier\": [\([x1, y1, x2, y2].map(MessageText.number).joined(separator: ", "))]}"
    }
    return "\"\(cssText)\""
  }

  /// The curve as CSS `<easing-function>` text: `linear`, `ease-in`,
  /// `cubic-bezier(0.2, 0, 0, 1)`, `steps(4, jump-end)`, `linear(0 0%, 1 100%)`.
  public var cssText: String {
    switch self {
    case .linear: return "linear"
    case .ease: return "ease"
    case .easeIn: return "ease-in"
    case .easeOut: return "ease-out"
    case .easeInOut: return "ease-in-out"
    case .cubicBezier(let x1, let y1, let x2, let y2):
      return "cubic-bezier(\([x1, y1, x2, y2].map(MessageText.number).joined(separator: ", ")))"
    case .steps(let count, let position):
      return "steps(\(count), \(position.rawValue))"
    case .piecewiseLinear(let points):
      let stops = points.map {
        "\(MessageText.number($0.output)) \(MessageText.number($0.input * 100))%"
      }
      return "linear(\(stops.joined(separator: ", ")))"
    }
  }

  /// The curve's control points (x1, y1, x2, y2); for steps and `linear(...)`,
  /// which are not Bézier curves, those of `linear`, (0, 0, 1, 1).
  public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double) {
    switch self {
    case .linear, .steps, .piecewiseLinear: (0, 0, 1, 1)
    case .ease: (0.25, 0.1, 0.25, 1)
    case .easeIn: (0.42, 0, 1, 1)
    case .easeOut: (0, 0, 0.58, 1)
    case .easeInOut: (0.42, 0, 0.58, 1)
    case .cubicBezier(let x1, let y1, let x2, let y2): (x1, y1, x2, y2)
    }
  }

  /// The eased progress at `progress`, which is clamped to 0...1 first.
  /// Bézier curves give 0 at 0 and 1 at 1; steps and `linear(...)` give
  /// CSS's values there (`step-start` is 1 at 0, `linear(0.5, 1)` 0.5).
  ///
  /// Finite for every curve, also those set in code outside the rules
  /// decoding checks: each case says how such a curve is read. A NaN
  /// progress counts as 0.
  public func value(at progress: Double) -> Double {
    EasingCurve(self).value(at: progress)
  }

  /// How the allowed values read after "expected" in an error message.
  static let expectedDescription =
    "a name (\"linear\", \"ease\", \"easeIn\", \"easeOut\", \"easeInOut\"), "
    + "CSS easing text (ease-in, ease-out, ease-in-out, cubic-bezier(x1, y1, x2, y2), "
    + "steps(n[, position]), step-start, step-end, linear(stops)) "
    + "or {\"cubicBezier\": [x1, y1, x2, y2]}"

  static let controlPointsDescription = "an array of 4 numbers [x1, y1, x2, y2]"

  /// Reads an easing from its JSON value at `path`, appending every problem
  /// to `diagnostics`; `nil` when there is one.
  static func read(_ value: JSONValue, at path: JSONPath, diagnostics: inout [SceneDiagnostic])
    -> Easing?
  {
    switch value {
    case .string(let text):
      if let easing = Easing(name: text) { return easing }
      switch CSSEasingParser.parse(text) {
      case .success(let easing): return easing
      case .failure(let failure):
        diagnostics.append(SceneDiagnostic(path: path, problem: failure.problem(text)))
        return nil
      }
    case .object(let object):
      var reader = ParameterReader(object: object, path: path, owner: "an easing")
      let points = readControlPoints(&reader)
      reader.finish()
      diagnostics.append(contentsOf: reader.diagnostics)
      guard !reader.hasProblems, let points else { return nil }
      return .cubicBezier(x1: points[0], y1: points[1], x2: points[2], y2: points[3])
    default:
      break
    }
    diagnostics.append(
      SceneDiagnostic(path: path, problem: .mismatch(expected: expectedDescription, found: value)))
    return nil
  }

  private static func readControlPoints(_ reader: inout ParameterReader) -> [Double]? {
    let key = "cubicBezier"
    guard let value = reader.value(key) else {
      reader.report(.missingKey(expected: controlPointsDescription), at: key)
      return nil
    }
    guard case .array(let elements) = value, elements.count == 4 else {
      if case .array(let elements) = value, !elements.isEmpty {
        reader.report(
          .wrongLength(expected: controlPointsDescription, count: elements.count), at: key)
      } else {
        reader.report(.mismatch(expected: controlPointsDescription, found: value), at: key)
      }
      return nil
    }
    var points: [Double] = []
    var valid = true
    for (index, element) in elements.enumerated() {
      // x1 and x2 keep x(t) increasing; y1 and y2 only bound the overshoot.
      let range: NumberRange = index % 2 == 0 ? .unitInterval : .finite
      guard case .number(let number) = element, range.contains(number) else {
        reader.report(
          contentsOf: [
            SceneDiagnostic(
              path: reader.path(of: key).appending(index),
              problem: .mismatch(expected: range.description, found: element))
          ])
        valid = false
        continue
      }
      points.append(number)
    }
    return valid ? points : nil
  }
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1) in polynomial form,
/// ready to evaluate (the form WebKit's `UnitBezier` uses).
struct UnitBezier: EasingFunction, Equatable {
  /// Whether y(t) = x(t), so the eased progress is the progress itself.
  let isLinear: Bool

  /// A curve that is not linear solves for its parameter, out of line.
  var callsOutOfLine: Bool { !isLinear }
  private let ax, bx, cx: Double
  private let ay, by, cy: Double

  init(_ easing: Easing) {
    let (x1, y1, x2, y2) = Self.controlPoints(of: easing)
    isLinear = x1 == y1 && x2 == y2
    cx = 3 * x1
    bx = 3 * (x2 - x1) - cx
    ax = 1 - cx - bx
    cy = 3 * y1
    by = 3 * (y2 - y1) - cy
    ay = 1 - cy - by
  }

  /// `easing`'s control points as the curve uses them: x1 and x2 clamped
  /// to 0...1 (so that x(t) increases), y1 and y2 to
  /// ``Saturation/limit`` (so that the coefficients stay finite), and
  /// those of `linear` if any is NaN. Decoded points are within these
  /// already; values set in code are not checked elsewhere.
  static func controlPoints(of easing: Easing) -> (
    x1: Double, y1: Double, x2: Double, y2: Double
  ) {
    let (x1, y1, x2, y2) = easing.controlPoints
    guard !x1.isNaN, !y1.isNaN, !x2.isNaN, !y2.isNaN else { return (0, 0, 1, 1) }
    return (
      min(max(x1, 0), 1), Saturation.clamp(y1), min(max(x2, 0), 1), Saturation.clamp(y2)
    )
  }

  /// The eased progress at `progress` (clamped to 0...1).
  @inline(__always)
  func value(at progress: Double) -> Double {
    guard progress > 0 else { return 0 }
    guard progress < 1 else { return 1 }
    if isLinear { return progress }
    let t = parameter(forX: progress)
    return ((ay * t + by) * t + cy) * t
  }

  @inline(__always) private func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }

  @inline(__always) private func slopeOfX(_ t: Double) -> Double {
    (3 * ax * t + 2 * bx) * t + cx
  }

  /// The t in 0...1 with x(t) = `p` (in 0 < p < 1), to within 1e-14 where
  /// x(t) is not flat (where it is, rounding in x(t) itself limits any method).
  ///
  /// x(t) is increasing when x1 and x2 are in 0...1, so the root is unique.
  /// Newton's method from t = p converges in a few steps except near a flat
  /// point of x (x1 = 1, x2 = 0 has one at t = 0.5); each evaluation narrows a
  /// bracket around the root, and bisection of that bracket finishes whenever
  /// a Newton step leaves it or stalls.
  private func parameter(forX p: Double) -> Double {
    var lower = 0.0
    var upper = 1.0
    var t = p
    for _ in 0..<8 {
      let error = x(t) - p
      if error == 0 { return t }
      if error < 0 { lower = t } else { upper = t }
      let next = t - error / slopeOfX(t)
      // Also false for a zero slope (an infinite or NaN step).
      guard next > lower, next < upper else { break }
      if abs(next - t) < 1e-14 { return next }
      t = next
    }
    // The bracket halves each time: 1 to 1e-15 in at most 50 steps.
    for _ in 0..<64 {
      let middle = 0.5 * (lower + upper)
      if upper - lower < 1e-15 || middle <= lower || middle >= upper { return middle }
      let error = x(middle) - p
      if error == 0 { return middle }
      if error < 0 { lower = middle } else { upper = middle }
    }
    return 0.5 * (lower + upper)
  }
}
