import EffectProtocol

/// Assigns columns of the transform from arithmetic expressions written in
/// the scene file: a custom effect without Swift.
///
/// Each key is a column (`x`, `y`, `width`, `height`, `scale` for both scale
/// factors, `scaleX`, `scaleY`, `anchorX`, `anchorY`, `opacity`, `blur`,
/// `rotation`, `zIndex`) and each value an expression such as
/// `"y + 0.5 * max(0, offset)"`. Every expression reads the transform before
/// the effect; then all are assigned. The names, operators and functions are
/// listed by ``descriptor`` and Docs/Expressions.md. A result that is not
/// finite (`y / 0`) leaves its column unchanged; the others are saturated
/// (``Saturation.clamp(_:)``), opacity is clamped to 0...1 and width, height and
/// blur to 0 or more, so outputs stay finite.
///
/// The expressions are parsed and compiled once, when the effect is read:
/// a mistake is reported with its position (`at 9: unknown name `ofset`;
/// did you mean `offset`?`) and a frame evaluates a compiled program without
/// allocating.
public struct ExpressionEffect: StatelessScrollEffect {
  /// The expressions as written, by column, in the order of
  /// ``descriptor``'s parameters.
  public let expressions: [(column: String, expression: String)]

  /// The expressions compiled: what a frame runs.
  let program: ExpressionProgram
  /// Whether an expression reads the offset, `pull` or `pullBottom`: what
  /// scrolling changes (``ScrollInvariance``).
  let readsScroll: Bool

  public init(from reader: inout ParameterReader) {
    var outputs: [(column: ExpressionColumn, expression: ExpressionNode)] = []
    var written: [(column: String, expression: String)] = []
    for column in ExpressionColumn.allCases {
      guard let value = reader.value(column.rawValue) else { continue }
      guard case .string(let text) = value else {
        reader.report(
          .mismatch(expected: "an expression in a string such as \"y + 10\"", found: value),
          at: column.rawValue)
        continue
      }
      do {
        outputs.append((column, try ExpressionParser.parse(text)))
        written.append((column.rawValue, text))
      } catch {
        reader.report(
          .invalidExpression(position: error.position, message: error.message),
          at: column.rawValue)
      }
    }
    // The output's translate columns are no columns to assign: a view is
    // moved by its x and y, from which the translation is measured.
    for (translate, column) in [("translateX", "x"), ("translateY", "y")]
    where reader.object[translate] != nil {
      reader.report(
        .unknownKey(owner: reader.owner, suggestion: column, valid: reader.readKeys),
        at: translate)
      reader.cover([translate])
    }
    // `minY` and `minX` read what `y` and `x` assign.
    for (name, column) in [("minY", "y"), ("minX", "x")] where reader.object[name] != nil {
      reader.report(
        .unknownKey(owner: reader.owner, suggestion: column, valid: reader.readKeys), at: name)
      reader.cover([name])
    }
    // A name an expression reads, or one expression for the whole effect,
    // is no column: its nearest column, if any, means another thing
    // (`count` is not `scaleX`).
    var explained: Set = ["minX", "minY", "translateX", "translateY"]
    for member in reader.object.members
    where !reader.readKeys.contains(member.key) && explained.insert(member.key).inserted {
      let explanation: String
      if member.key == "expression" {
        explanation =
          "an expression is given for each column, under the column's key "
          + "(such as \"y\": \"y + offset\")"
      } else if ExpressionName(named: member.key) != nil {
        explanation =
          "\"\(member.key)\" is a name to read inside a column's expression "
          + "(such as \"y\": \"y + \(member.key)\"), not a column"
      } else {
        continue
      }
      reader.report(
        .unknownKeyExplained(
          owner: reader.owner, explanation: explanation, valid: reader.readKeys),
        at: member.key)
      reader.cover([member.key])
    }
    let columns = Set(written.map(\.column))
    for single in ["scaleX", "scaleY"] where columns.contains("scale") && columns.contains(single) {
      reader.report(
        .overlappingKeys(key: "scale", sets: "scaleX and scaleY", other: single), at: single)
    }
    // No column: a key that is none (a misspelt column) is reported as
    // unknown, with the nearest name, and needs no second line; the keys
    // every effect takes do not count as columns.
    let everyEffectsKeys: Set = ["type", "reducedMotion"]
    if !reader.object.members.contains(where: { !everyEffectsKeys.contains($0.key) }) {
      reader.report(
        .noneOf(
          expected: "column to assign", valid: ExpressionColumn.allCases.map(\.rawValue)))
    }
    expressions = written
    program = ExpressionProgram(outputs)
    readsScroll = outputs.contains { output in
      output.expression.reads { $0 == .offset || $0 == .pull || $0 == .pullBottom }
    }
  }

  public func apply(to views: inout ViewBatch) {
    program.apply(to: &views)
  }

  /// One effect that does what `self` and then `next` do, for a host that
  /// runs a chain's expressions in a row as one (one call a frame, the
  /// frame's values written once): `nil` when their programs do not join
  /// (``ExpressionProgram/followed(by:)``). Its ``expressions`` are both
  /// effects', `self`'s first; a column may appear twice.
  package func followed(by next: ExpressionEffect) -> ExpressionEffect? {
    guard let joined = program.followed(by: next.program) else { return nil }
    return ExpressionEffect(
      expressions: expressions + next.expressions, program: joined,
      readsScroll: readsScroll || next.readsScroll)
  }

  private init(
    expressions: [(column: String, expression: String)], program: ExpressionProgram,
    readsScroll: Bool
  ) {
    self.expressions = expressions
    self.program = program
    self.readsScroll = readsScroll
  }

  public static let descriptor = EffectDescriptor(
    typeName: "expression",
    summary: "Assigns columns from arithmetic expressions of the scroll geometry and the view.",
    discussion: discussion,
    parameters: ExpressionColumn.allCases.map { column in
      ParameterDescriptor(
        name: column.rawValue, values: "an expression (a string)", defaultValue: "unchanged",
        summary: columnSummary(column))
    },
    examples: examples)

  private static func columnSummary(_ column: ExpressionColumn) -> String {
    switch column {
    case .x, .y: "the frame's \(column.rawValue), viewport coordinates, points"
    case .width, .height: "the frame's \(column.rawValue), points; below 0 is 0"
    case .scale: "both scale factors (give scale, or scaleX and scaleY)"
    case .scaleX, .scaleY: "a scale factor about the anchor; 1 is none"
    case .anchorX, .anchorY: "the unit point that scale and rotation are about"
    case .opacity: "clamped to 0...1"
    case .blur: "points; below 0 is 0"
    case .rotation: "degrees, clockwise"
    case .zIndex: "drawing order"
    }
  }

  private static var discussion: String {
    let names = ExpressionName.allCases
    let nameWidth = names.map(\.rawValue.count).max() ?? 0
    let functions = ExpressionFunction.allCases
    let functionWidth = functions.map(\.signature.count).max() ?? 0
    func pad(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - text.count))
    }
    var lines = [
      "Every expression reads the transform before the effect; then all are assigned. A result",
      "that is not finite leaves its column unchanged; the others are saturated at 1e15, opacity",
      "clamped to 0...1, width, height and blur to 0 or more. Mistakes are reported when the",
      "scene loads, with the position in the expression (counted from 1). At least one column",
      "is required; scale sets both scale factors and cannot be given with scaleX or scaleY.",
      "The language is described in full in Docs/Expressions.md.",
      "",
      "Operators, loosest first (C's precedence): c ? a : b (right-associative; c holds when",
      "not 0); == !=; < <= > >= (comparisons give 1 or 0); + -; * /; unary -; parentheses.",
      "Numbers: 12, 0.5, .5, 1e-3. Both branches of ?: are evaluated; neither can fail.",
      "",
      "NAMES:",
    ]
    lines += names.map { "  \(pad($0.rawValue, nameWidth))  \($0.meaning)" }
    lines += [
      "  pullStart and pullEnd are pull and pullBottom, as interpolate's inputs spell them.",
      "", "FUNCTIONS (angles in radians):",
    ]
    lines += functions.map { "  \(pad($0.signature, functionWidth))  \($0.meaning)" }
    return lines.joined(separator: "\n")
  }

  /// One worked example for every name and every function, and the rules.
  private static let examples: [EffectExample] = {
    let row = ExampleSetup(frame: Rect(y: 844, width: 390, height: 156))
    let inset = ExampleSetup(contentInsets: EdgeInsets(top: 47, bottom: 34))
    let narrow = ExampleSetup(frame: Rect(x: 20, y: 0, width: 350, height: 300))
    func example(
      _ title: String, _ parameters: String, setup: ExampleSetup = .header, at offset: Double,
      _ expected: [TransformColumn: Double]
    ) -> EffectExample {
      EffectExample(
        title, parameters: parameters, setup: setup, offset: offset, expected: expected)
    }
    return [
      // The rules.
      example(
        "parallax: y + 0.5 * max(0, offset) moves at half speed",
        #"{"y": "y + 0.5 * max(0, offset)"}"#,
        at: 100, [.y: -50]),
      example(
        "* before +, unary minus before *", #"{"zIndex": "2 + 3 * -4"}"#, at: 0, [.zIndex: -10]),
      example(
        "parentheses first; - is left-associative", #"{"zIndex": "(10 - 4 - 3) * 2"}"#, at: 0,
        [.zIndex: 6]),
      example(
        "comparisons give 1 or 0; ?: picks a branch", #"{"zIndex": "offset > 100 ? 5 : -5"}"#,
        at: 150, [.zIndex: 5]),
      example(
        "== and != compare exactly", #"{"zIndex": "(offset == 0) + (offset != 0) * 2"}"#, at: 0,
        [.zIndex: 1]),
      example(
        "every expression reads the transform before the effect",
        #"{"y": "height", "height": "y"}"#, at: 100, [.y: 300, .height: 0]),
      example(
        "y / 0 is not finite: y is left unchanged", #"{"y": "y / 0"}"#, at: 100, [:]),
      example(
        "height / 0 is not finite: the height stays 300", #"{"height": "height / 0"}"#, at: 0,
        [.height: 300]),
      // Names.
      example("offset", #"{"zIndex": "offset"}"#, at: 100, [.zIndex: 100]),
      example("pull: pulled down 40", #"{"zIndex": "pull"}"#, at: -40, [.zIndex: 40]),
      example(
        "pullBottom: 44 past maxOffset 1156", #"{"zIndex": "pullBottom"}"#, at: 1200,
        [.zIndex: 44]),
      example(
        "pullStart: pull's name along either axis", #"{"zIndex": "pullStart"}"#, at: -40,
        [.zIndex: 40]),
      example(
        "pullEnd: pullBottom's name along either axis", #"{"zIndex": "pullEnd"}"#, at: 1200,
        [.zIndex: 44]),
      example("maxOffset: 2000 - 844", #"{"zIndex": "maxOffset"}"#, at: 0, [.zIndex: 1156]),
      example("minY: the current top", #"{"zIndex": "minY"}"#, at: 100, [.zIndex: -100]),
      example(
        "minX: the current left edge", #"{"zIndex": "minX"}"#, setup: narrow, at: 0, [.zIndex: 20]),
      example(
        "progress: a row halfway through the viewport", #"{"opacity": "progress"}"#, setup: row,
        at: 500, [.opacity: 0.5]),
      example(
        "index: a plain chain's view is copy 0", #"{"zIndex": "index + 1"}"#, at: 0, [.zIndex: 1]),
      example("count: a plain chain has one view", #"{"zIndex": "count"}"#, at: 0, [.zIndex: 1]),
      example("viewportWidth", #"{"zIndex": "viewportWidth"}"#, at: 0, [.zIndex: 390]),
      example("viewportHeight", #"{"zIndex": "viewportHeight"}"#, at: 0, [.zIndex: 844]),
      example("insetTop", #"{"zIndex": "insetTop"}"#, setup: inset, at: 0, [.zIndex: 47]),
      example("insetBottom", #"{"zIndex": "insetBottom"}"#, setup: inset, at: 0, [.zIndex: 34]),
      example("contentHeight", #"{"zIndex": "contentHeight"}"#, at: 0, [.zIndex: 2000]),
      example("naturalX", #"{"zIndex": "naturalX"}"#, setup: narrow, at: 0, [.zIndex: 20]),
      example(
        "naturalY: the natural top, scrolled 100", #"{"zIndex": "naturalY"}"#, at: 100,
        [.zIndex: -100]),
      example("naturalWidth", #"{"zIndex": "naturalWidth"}"#, setup: narrow, at: 0, [.zIndex: 350]),
      example("naturalHeight", #"{"zIndex": "naturalHeight"}"#, at: 0, [.zIndex: 300]),
      example("x", #"{"x": "x + 10"}"#, setup: narrow, at: 0, [.x: 30]),
      example("y", #"{"y": "y + 10"}"#, at: 0, [.y: 10]),
      example("width", #"{"width": "width / 2"}"#, at: 0, [.width: 195]),
      example("height", #"{"height": "height - 100"}"#, at: 0, [.height: 200]),
      example("translateX", #"{"zIndex": "translateX + 5"}"#, at: 0, [.zIndex: 5]),
      example("translateY", #"{"zIndex": "translateY - 1"}"#, at: 0, [.zIndex: -1]),
      example(
        "scale sets both factors", #"{"scale": "scaleX * 2"}"#, at: 0, [.scaleX: 2, .scaleY: 2]),
      example("scaleX", #"{"scaleX": "scaleX * 3"}"#, at: 0, [.scaleX: 3]),
      example("scaleY", #"{"scaleY": "scaleY + 0.5"}"#, at: 0, [.scaleY: 1.5]),
      example("anchorX", #"{"anchorX": "anchorX - 0.5"}"#, at: 0, [.anchorX: 0]),
      example("anchorY", #"{"anchorY": "anchorY / 5"}"#, at: 0, [.anchorY: 0.1]),
      example("opacity", #"{"opacity": "opacity / 4"}"#, at: 0, [.opacity: 0.25]),
      example("blur", #"{"blur": "blur + 3"}"#, at: 0, [.blur: 3]),
      example("rotation", #"{"rotation": "rotation + 45"}"#, at: 0, [.rotation: 45]),
      example("zIndex", #"{"zIndex": "zIndex + 2"}"#, at: 0, [.zIndex: 2]),
      // Functions.
      example("min takes two or more", #"{"zIndex": "min(3, offset, 10)"}"#, at: 5, [.zIndex: 3]),
      example("max", #"{"zIndex": "max(0, offset)"}"#, at: -20, [.zIndex: 0]),
      example(
        "clamp: fades out over 200 points", #"{"opacity": "clamp(1 - offset / 200, 0, 1)"}"#,
        at: 50, [.opacity: 0.75]),
      example("abs", #"{"zIndex": "abs(offset)"}"#, at: -30, [.zIndex: 30]),
      example("sqrt", #"{"zIndex": "sqrt(pull)"}"#, at: -49, [.zIndex: 7]),
      example("pow", #"{"zIndex": "pow(2, 10)"}"#, at: 0, [.zIndex: 1024]),
      example("exp", #"{"zIndex": "exp(1)"}"#, at: 0, [.zIndex: 2.718281828459045]),
      example("log is natural", #"{"zIndex": "log(exp(2))"}"#, at: 0, [.zIndex: 2]),
      example(
        "sin takes radians: a quarter turn's is 1",
        #"{"rotation": "30 * sin(3.141592653589793 / 2)"}"#, at: 0, [.rotation: 30]),
      example("cos", #"{"zIndex": "cos(3.141592653589793)"}"#, at: 0, [.zIndex: -1]),
      example("floor", #"{"zIndex": "floor(offset / 100)"}"#, at: -250, [.zIndex: -3]),
      example("ceil", #"{"zIndex": "ceil(offset / 100)"}"#, at: 250, [.zIndex: 3]),
      example(
        "round: halves away from zero", #"{"zIndex": "round(offset / 100)"}"#, at: -250,
        [.zIndex: -3]),
      example("sign", #"{"zIndex": "sign(offset)"}"#, at: -12, [.zIndex: -1]),
      example(
        "lerp: from 1 to 0.2 over 100 points",
        #"{"opacity": "lerp(1, 0.2, clamp(offset / 100, 0, 1))"}"#,
        at: 50, [.opacity: 0.6]),
      example(
        "step: 0 below the edge", #"{"opacity": "step(100, offset)"}"#, at: 99, [.opacity: 0]),
      example(
        "smoothstep: a quarter of the way is 0.15625",
        #"{"opacity": "1 - smoothstep(0, 200, offset)"}"#, at: 50, [.opacity: 0.84375]),
      example(
        "smoothstep: halfway is 0.5", #"{"opacity": "1 - smoothstep(0, 200, offset)"}"#, at: 100,
        [.opacity: 0.5]),
    ]
  }()
}
