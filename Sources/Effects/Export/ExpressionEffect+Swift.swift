import EffectProtocol

extension ExpressionEffect: SwiftExportable {
  package func writeSwift(to code: inout SwiftChainCode) {
    // Every expression reads the transform before the effect; then all are
    // assigned, in the order of the columns.
    var assignments: [(column: ExpressionColumn, value: String)] = []
    code.line("// every column from the transform before the effect; not finite: unchanged")
    for (column, text) in expressions {
      guard let column = ExpressionColumn(rawValue: column),
        let node = try? ExpressionParser.parse(text)
      else { continue }
      let value = "new\(column.rawValue.prefix(1).uppercased())\(column.rawValue.dropFirst())"
      var terms = FrameTerms(base: code.own(column.rawValue), hoists: code.count > 1)
      let formula = Self.swift(ExpressionProgram.fold(node), &code, &terms)
      // The file's key and text (a horizontal scene's twin swaps their names).
      let key = code.fileSpelling(column.rawValue)
      let quoted = SwiftLiteral.comment(code.fileSpelling(text))
      code.line(
        "let \(value) = \(formula)  // " + (key == column.rawValue ? quoted : "\(key): \(quoted)"))
      assignments.append((column, value))
    }
    for (column, value) in assignments {
      // A value that is not finite leaves the column; others are saturated.
      let saturated = code.saturated(value)
      let store: [String]
      switch column {
      case .x, .y, .scaleX, .scaleY, .anchorX, .anchorY, .rotation, .zIndex:
        store = ["view.\(column.rawValue) = \(saturated)"]
      case .width, .height, .blur:
        store = ["view.\(column.rawValue) = max(0, \(saturated))"]
      case .opacity:
        store = ["view.opacity = min(max(\(saturated), 0), 1)"]
      case .scale:
        store = ["let scale = \(saturated)", "view.scaleX = scale", "view.scaleY = scale"]
      }
      for field in column == .scale ? ["scaleX", "scaleY"] : [column.rawValue] {
        if let field = SwiftChainCode.Field(rawValue: field) { code.writes(field) }
      }
      if store.count == 1 {
        code.line("if \(value).isFinite { \(store[0]) }")
      } else {
        code.block("if \(value).isFinite") { code in for text in store { code.line(text) } }
      }
    }
  }

  /// How an expression of a repeated chain names the parts it computes once
  /// a frame: every part that reads no view's value (``ExpressionName/isSameForEveryView``)
  /// is the same for every copy, as it is for the library, which evaluates
  /// such an expression once a batch; computed in the copies' loop, each
  /// copy would call its C math again.
  struct FrameTerms {
    /// The name of the whole expression's value (`width0`); its parts are
    /// `width0Term0`, `width0Term1`, ...
    let base: String
    /// Whether parts are computed once a frame: only a repeated chain's
    /// loop repeats them.
    let hoists: Bool
    var count = 0
    /// The `let`s written for long or deeply nested parts: `width0Part0`, ...
    var parts = 0
  }

  /// The Swift arithmetic of `node`, with the library's meaning of every
  /// operator, name and function; with `terms`, every part that is the same
  /// for every copy is computed before the copies' loop.
  static func swift(
    _ node: ExpressionNode, _ code: inout SwiftChainCode, _ terms: inout FrameTerms
  ) -> String {
    swift(node, &code, &terms, isWhole: true).text
  }

  /// Part of a formula: its text and how tightly it binds, which says
  /// whether it needs parentheses as an operand.
  struct Part {
    /// How an operand binds: a sum or difference, a product or quotient,
    /// or an atom (a number, a name, a call or text in parentheses).
    enum Level: Int, Comparable {
      case additive, multiplicative, atom

      static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    var text: String
    var level: Level
    /// The operations and calls in `text`, which ``limit(_:_:_:)`` bounds.
    var weight = 0

    /// The text as an operand that must bind at least as tightly as `level`.
    func binding(_ level: Level) -> String {
      self.level < level ? "(\(text))" : text
    }
  }

  /// The most operations and calls, and the deepest nesting of parentheses,
  /// a part of a formula holds before it is computed into a `let` of its
  /// own: Swift refuses parentheses nested 256 deep, and type-checks one
  /// long chain of operations in time that grows faster than its length.
  /// An expression of 1000 tokens (a chain of 500 comparisons, `min` of
  /// 500 arguments) is written a few dozen operations a line. A `let`
  /// changes no operation, nor their order, so the values keep their bits.
  static let partWeightLimit = 24
  static let partNestingLimit = 12

  /// `part`, or the name of a `let` that computes it, written before the
  /// line that uses it, when it holds more than ``partWeightLimit``
  /// operations or nests parentheses deeper than ``partNestingLimit``.
  static func limit(
    _ part: Part, _ code: inout SwiftChainCode, _ terms: inout FrameTerms
  ) -> Part {
    guard part.weight > partWeightLimit || nesting(of: part.text) > partNestingLimit else {
      return part
    }
    let name = "\(terms.base)Part\(terms.parts)"
    terms.parts += 1
    code.line("let \(name) = \(part.text)")
    return Part(text: name, level: .atom)
  }

  /// How deeply `text` nests parentheses.
  static func nesting(of text: String) -> Int {
    var (depth, deepest) = (0, 0)
    for byte in text.utf8 {
      if byte == UInt8(ascii: "(") {
        depth += 1
        deepest = max(deepest, depth)
      } else if byte == UInt8(ascii: ")") {
        depth -= 1
      }
    }
    return deepest
  }

  /// The Swift arithmetic of `node` as a part of a formula: parentheses
  /// only where Swift's precedence and left-associativity would read the
  /// operations otherwise (`a - b - c`, `a - (b - c)`, `(a + b) * c`), so
  /// the operations and their order are the library's.
  static func swift(
    _ node: ExpressionNode, _ code: inout SwiftChainCode, _ terms: inout FrameTerms,
    isWhole: Bool
  ) -> Part {
    if terms.hoists && node.isCompound && node.isSameForEveryView {
      var plain = FrameTerms(base: terms.base, hoists: false, parts: terms.parts)
      var formula = ""
      // Its parts' `let`s go before the loop too.
      code.onceAFrame { code in formula = swift(node, &code, &plain) }
      terms.parts = plain.parts
      let name = isWhole ? terms.base : "\(terms.base)Term\(terms.count)"
      let known = code.onceAFrame(formula, named: name)
      // A part the chain computed before keeps its name, and takes no number.
      if !isWhole && known == name { terms.count += 1 }
      return Part(text: known, level: .atom)
    }
    func part(_ node: ExpressionNode) -> Part {
      limit(swift(node, &code, &terms, isWhole: false), &code, &terms)
    }
    switch node {
    case .number(let value):
      return Part(text: SwiftLiteral.double(value), level: .atom)
    case .name(let name):
      return Part(text: swift(name, &code), level: .atom)
    case .negate(let operand):
      let value = part(operand)
      return Part(
        text: "(-\(value.binding(.atom)))", level: .atom, weight: value.weight + 1)
    case .binary(let binary, let left, let right):
      let (a, b) = (part(left), part(right))
      let weight = a.weight + b.weight + 1
      switch binary {
      case .add, .subtract, .multiply, .divide:
        // Swift's operators of one precedence group are left-associative:
        // the left operand needs no parentheses at its operator's level,
        // the right one does.
        let level: Part.Level = binary == .add || binary == .subtract ? .additive : .multiplicative
        let tighter: Part.Level = level == .additive ? .multiplicative : .atom
        let text = "\(a.binding(level)) \(binary.rawValue) \(b.binding(tighter))"
        return Part(text: text, level: level, weight: weight)
      case .less, .lessEqual, .greater, .greaterEqual, .equal, .notEqual:
        return Part(
          text: "(\(a.text) \(binary.rawValue) \(b.text) ? 1.0 : 0.0)", level: .atom,
          weight: weight)
      }
    case .conditional(let condition, let whenTrue, let whenFalse):
      let (c, a, b) = (part(condition), part(whenTrue), part(whenFalse))
      return Part(
        text: "(\(c.text) != 0 ? \(a.text) : \(b.text))", level: .atom,
        weight: c.weight + a.weight + b.weight + 1)
    case .call(let function, let arguments):
      let values = arguments.map { part($0) }
      let weight = values.reduce(1) { $0 + $1.weight }
      func call(_ text: String) -> Part { Part(text: text, level: .atom, weight: weight) }
      switch function {
      case .min, .max:
        // min(a, b, c) is min(min(a, b), c), each inner call limited as a part.
        var folded = values[0]
        for (number, value) in values.dropFirst().enumerated() {
          if number > 0 { folded = limit(folded, &code, &terms) }
          folded = Part(
            text: "Swift.\(function.rawValue)(\(folded.text), \(value.text))", level: .atom,
            weight: folded.weight + value.weight + 1)
        }
        return folded
      case .abs: return call("Swift.abs(\(values[0].text))")
      // The standard library's rounding and square root call the C
      // library's `floor`, `ceil`, `round` and `sqrt` on Linux (`swiftc -O`
      // links calls to them): a file that uses them without importing C
      // math does not link there.
      case .sqrt, .floor, .ceil, .round:
        code.uses(.cMath)
        let method =
          switch function {
          case .sqrt: "squareRoot()"
          case .floor: "rounded(.down)"
          case .ceil: "rounded(.up)"
          default: "rounded(.toNearestOrAwayFromZero)"
          }
        return call("\(values[0].binding(.atom)).\(method)")
      case .pow:
        code.uses(.cMath)
        return call(code.call(.power, values[0].text, values[1].text))
      case .exp, .log, .sin, .cos:
        code.uses(.cMath)
        return call("\(function.rawValue)(\(values[0].text))")
      case .clamp: return call(code.call(.clamp, values[0].text, values[1].text, values[2].text))
      case .sign: return call(code.call(.sign, values[0].text))
      case .lerp: return call(code.call(.lerp, values[0].text, values[1].text, values[2].text))
      case .step: return call(code.call(.step, values[0].text, values[1].text))
      case .smoothstep:
        return call(code.call(.smoothstep, values[0].text, values[1].text, values[2].text))
      }
    }
  }

  /// The value of a name, as the library reads it.
  static func swift(_ name: ExpressionName, _ code: inout SwiftChainCode) -> String {
    let frame = code.naturalFrame
    switch name {
    case .offset: return "offset"
    case .pull: return code.frame(.pull)
    case .pullBottom: return code.frame(.pullBottom)
    case .maxOffset: return SwiftChainCode.maxOffset
    case .minY, .y: return "view.y"
    case .minX: return "view.x"
    case .progress:
      let height = SwiftChainCode.viewportHeight
      return "((\(height) - view.y) / (\(height) + view.height))"
    case .index: return "Double(\(code.copy()))"
    case .count: return SwiftLiteral.double(Double(code.count))
    case .viewportWidth: return SwiftChainCode.viewportWidth
    case .viewportHeight: return SwiftChainCode.viewportHeight
    case .insetTop: return SwiftChainCode.insetTop
    case .insetBottom: return SwiftChainCode.insetBottom
    case .contentHeight: return SwiftChainCode.contentHeight
    case .naturalX: return SwiftLiteral.double(frame.x)
    case .naturalY: return code.naturalY()
    case .naturalWidth: return SwiftLiteral.double(frame.width)
    case .naturalHeight: return SwiftLiteral.double(frame.height)
    case .translateX: return "(view.x - \(SwiftLiteral.double(frame.x)))"
    case .translateY: return "(view.y - \(code.naturalY()))"
    case .x, .width, .height, .scaleX, .scaleY, .anchorX, .anchorY, .opacity, .blur, .rotation,
      .zIndex:
      return "view.\(name.rawValue)"
    }
  }

  /// The exported expression helpers, the library's definitions.
  package static func swiftHelperSource(_ helper: SwiftChainCode.Helper) -> String? {
    switch helper {
    case .clamp:
      return """
          private static func clamp(_ x: Double, _ low: Double, _ high: Double) -> Double {
            min(max(x, low), high)
          }
        """
    case .sign:
      return """
          private static func sign(_ x: Double) -> Double { x > 0 ? 1 : (x < 0 ? -1 : x) }
        """
    case .lerp:
      return """
          private static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
        """
    case .step:
      return """
          private static func step(_ edge: Double, _ x: Double) -> Double { x < edge ? 0 : 1 }
        """
    case .power:
      // `pow(8, x)` is `exp2(3 * x)` to LLVM, `pow(x, 0.5)` a square root
      // and `pow(x, 2)` `x * x`: each can round otherwise than `pow`, which
      // the library calls. Out of line is not enough: a private function
      // called with one constant takes it in (interprocedural propagation).
      return """
          /// C's `pow`, where the optimiser cannot see a constant operand: given
          /// one, `swiftc -O` rewrites `pow(8, x)` as `exp2(3 * x)` or `pow(x, 0.5)`
          /// as a square root, which can differ from `pow` in the last bit.
          @_optimize(none)
          private static func power(_ base: Double, _ exponent: Double) -> Double {
            pow(base, exponent)
          }
        """
    case .smoothstep:
      return """
          /// GLSL's smoothstep; a step where the edges meet.
          private static func smoothstep(_ edge0: Double, _ edge1: Double, _ x: Double) -> Double {
            guard edge0 != edge1 else { return x < edge0 ? 0 : 1 }
            let t = min(max((x - edge0) / (edge1 - edge0), 0), 1)
            return t * t * (3 - 2 * t)
          }
        """
    default:
      return nil
    }
  }
}

extension ExpressionEffect: StatesWrittenFields {
  /// The columns it assigns, `scale` as `scaleX` and `scaleY`.
  package var writtenFields: SwiftChainCode.Fields {
    var fields = SwiftChainCode.Fields()
    for (column, _) in expressions {
      if column == ExpressionColumn.scale.rawValue {
        fields.formUnion([.init(.scaleX), .init(.scaleY)])
      } else if let field = SwiftChainCode.Field(rawValue: column) {
        fields.formUnion(.init(field))
      }
    }
    return fields
  }
}
