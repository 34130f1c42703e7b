import EffectProtocol

/// An expression as a tree, its names and functions resolved.
indirect enum ExpressionNode: Equatable, Sendable {
  case number(Double)
  case name(ExpressionName)
  case negate(ExpressionNode)
  case binary(BinaryOperator, ExpressionNode, ExpressionNode)
  /// `condition ? whenTrue : whenFalse`; the condition holds when it is not 0.
  case conditional(ExpressionNode, ExpressionNode, ExpressionNode)
  case call(ExpressionFunction, [ExpressionNode])
}

/// The binary operators; comparisons give 1 or 0.
enum BinaryOperator: String, Sendable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case less = "<"
  case lessEqual = "<="
  case greater = ">"
  case greaterEqual = ">="
  case equal = "=="
  case notEqual = "!="

  @inline(__always)
  func apply(_ a: Double, _ b: Double) -> Double {
    switch self {
    case .add: a + b
    case .subtract: a - b
    case .multiply: a * b
    case .divide: a / b
    case .less: ExpressionMath.truth(a < b)
    case .lessEqual: ExpressionMath.truth(a <= b)
    case .greater: ExpressionMath.truth(a > b)
    case .greaterEqual: ExpressionMath.truth(a >= b)
    case .equal: ExpressionMath.truth(a == b)
    case .notEqual: ExpressionMath.truth(a != b)
    }
  }
}

/// Reads an expression by recursive descent, C's precedence from loosest to
/// tightest:
///
///     conditional  := equality ("?" conditional ":" conditional)?   right-associative
///     equality     := relational (("==" | "!=") relational)*
///     relational   := additive (("<" | "<=" | ">" | ">=") additive)*
///     additive     := multiplicative (("+" | "-") multiplicative)*
///     multiplicative := unary (("*" | "/") unary)*
///     unary        := "-" unary | primary
///     primary      := number | name | function "(" conditional ("," conditional)* ")"
///                   | "(" conditional ")"
///
/// Binary operators of one level are left-associative: `a - b - c` is
/// `(a - b) - c`; `-a * b` is `(-a) * b`. Names, functions and argument
/// counts are checked here, so a parsed tree always evaluates.
struct ExpressionParser {
  /// How deeply parentheses, calls, unary minus and `?:` may nest: bounds the
  /// parser's recursion and the evaluator's stack.
  static let maximumNesting = 64

  private let tokens: [ExpressionToken]
  private var index = 0
  private var nesting = 0

  private init(tokens: [ExpressionToken]) {
    self.tokens = tokens
  }

  /// The tree of `text`, or the first mistake in it.
  static func parse(_ text: String) throws(ExpressionError) -> ExpressionNode {
    let tokens = try ExpressionLexer.tokens(of: text)
    guard tokens.count > 1 else {
      throw ExpressionError(
        position: 1,
        message: "the expression is empty; expected arithmetic such as `y + 0.5 * max(0, offset)`")
    }
    var parser = ExpressionParser(tokens: tokens)
    let node = try parser.conditional()
    let next = parser.current
    guard next.kind == .end else {
      throw ExpressionError(
        position: next.position,
        message: "expected an operator or the end of the expression, found \(next.quoted)")
    }
    return node
  }

  private var current: ExpressionToken { tokens[index] }

  private mutating func take(_ symbol: ExpressionToken.Symbol) -> Bool {
    guard current.kind == .symbol(symbol) else { return false }
    index += 1
    return true
  }

  private mutating func expect(_ symbol: ExpressionToken.Symbol, _ context: String)
    throws(ExpressionError)
  {
    guard take(symbol) else {
      throw ExpressionError(
        position: current.position,
        message: "expected `\(symbol.rawValue)`\(context), found \(current.quoted)")
    }
  }

  /// Runs `body` one level deeper, just after the token that opened the
  /// level (`(`, `-`, `?`), which a message names.
  private mutating func nested<Result>(
    _ body: (inout ExpressionParser) throws(ExpressionError) -> Result
  ) throws(ExpressionError) -> Result {
    guard nesting < Self.maximumNesting else {
      throw ExpressionError(
        position: tokens[index - 1].position,
        message: "nested more than \(Self.maximumNesting) deep; expected a simpler expression")
    }
    nesting += 1
    defer { nesting -= 1 }
    return try body(&self)
  }

  private mutating func conditional() throws(ExpressionError) -> ExpressionNode {
    let condition = try binary()
    guard take(.question) else { return condition }
    return try nested { parser throws(ExpressionError) in
      let whenTrue = try parser.conditional()
      try parser.expect(.colon, " between the branches of `?:`")
      let whenFalse = try parser.conditional()
      return .conditional(condition, whenTrue, whenFalse)
    }
  }

  /// The binary operators' levels of precedence, loosest first.
  private enum Level: Int {
    case equality, relational, additive, multiplicative

    /// The level's operator for `symbol`, if it has one.
    func binary(_ symbol: ExpressionToken.Symbol) -> BinaryOperator? {
      switch (self, symbol) {
      case (.equality, .equal): .equal
      case (.equality, .notEqual): .notEqual
      case (.relational, .less): .less
      case (.relational, .lessEqual): .lessEqual
      case (.relational, .greater): .greater
      case (.relational, .greaterEqual): .greaterEqual
      case (.additive, .plus): .add
      case (.additive, .minus): .subtract
      case (.multiplicative, .star): .multiply
      case (.multiplicative, .slash): .divide
      default: nil
      }
    }
  }

  /// Operands of the next tighter level joined left to right by the
  /// operators of `level`.
  private mutating func binary(_ level: Level = .equality) throws(ExpressionError)
    -> ExpressionNode
  {
    let tighter = Level(rawValue: level.rawValue + 1)
    var left = try operand(tighter)
    while case .symbol(let symbol) = current.kind, let binary = level.binary(symbol) {
      index += 1
      let right = try operand(tighter)
      left = .binary(binary, left, right)
    }
    return left
  }

  /// An operand of a binary level: the next level's, or a unary one below the tightest.
  private mutating func operand(_ level: Level?) throws(ExpressionError) -> ExpressionNode {
    if let level { return try binary(level) }
    return try unary()
  }

  private mutating func unary() throws(ExpressionError) -> ExpressionNode {
    guard take(.minus) else { return try primary() }
    return try nested { parser throws(ExpressionError) in .negate(try parser.unary()) }
  }

  private mutating func primary() throws(ExpressionError) -> ExpressionNode {
    let token = current
    switch token.kind {
    case .number(let value):
      index += 1
      return .number(value)
    case .identifier(let identifier):
      index += 1
      if current.kind == .symbol(.leftParenthesis) {
        return try call(identifier, at: token.position)
      }
      if let name = ExpressionName(named: identifier) { return .name(name) }
      if let function = ExpressionFunction(rawValue: identifier) {
        throw ExpressionError(
          position: token.position,
          message: "`\(identifier)` is a function; expected a call such as `\(function.signature)`")
      }
      // Another language's constant (`PI`) or edge (`midY`), or a name
      // across the scroll axis (`insetLeft`): what to write.
      let hint =
        ExpressionFunction.otherLanguagesNames[identifier]
        ?? ExpressionName.acrossTheAxis[identifier]
        ?? MessageText.nearestName(to: identifier, in: ExpressionName.spellings).map {
          .write($0)
        }
      throw ExpressionError(
        position: token.position,
        message: "unknown name `\(ExpressionError.shown(identifier))`" + (hint?.message ?? ""))
    case .symbol(.leftParenthesis):
      index += 1
      return try nested { parser throws(ExpressionError) in
        let inner = try parser.conditional()
        try parser.expect(.rightParenthesis, " to close the `(` at \(token.position)")
        return inner
      }
    default:
      throw ExpressionError(
        position: token.position,
        message: "expected a number, a name, `-` or `(`, found \(token.quoted)")
    }
  }

  /// A call of `identifier`, whose `(` is the current token.
  private mutating func call(_ identifier: String, at position: Int) throws(ExpressionError)
    -> ExpressionNode
  {
    guard let function = ExpressionFunction(rawValue: identifier) else {
      if ExpressionName(named: identifier) != nil {
        throw ExpressionError(
          position: position, message: "`\(identifier)` is a name, not a function; expected no `(`")
      }
      // Another language's function, whose nearest name here means another
      // thing (`mix` is `lerp`, not `min`): what to write instead.
      let hint =
        ExpressionFunction.otherLanguages[identifier]
        ?? MessageText.nearestName(to: identifier, in: ExpressionFunction.allCases.map(\.rawValue))
        .map { .write($0) }
      throw ExpressionError(
        position: position,
        message: "unknown function `\(ExpressionError.shown(identifier))`" + (hint?.message ?? ""))
    }
    index += 1
    return try nested { parser throws(ExpressionError) in
      var arguments: [ExpressionNode] = []
      let wanted = function.argumentNames.count
      if !parser.take(.rightParenthesis) {
        repeat {
          arguments.append(try parser.conditional())
        } while parser.take(.comma)
        // With all its arguments, a function of fixed arity wants its `)`
        // alone: a `,` would be one too many.
        let isComplete = !function.isVariadic && arguments.count == wanted
        let plural = wanted == 1 ? "the argument" : "the \(wanted) arguments"
        try parser.expect(
          .rightParenthesis,
          isComplete
            ? " after \(plural) of `\(identifier)`"
            : " or `,` in the arguments of `\(identifier)`")
      }
      let fits = function.isVariadic ? arguments.count >= wanted : arguments.count == wanted
      guard fits else {
        let count =
          function.isVariadic
          ? "\(wanted) or more arguments" : "\(wanted) argument\(wanted == 1 ? "" : "s")"
        throw ExpressionError(
          position: position,
          message:
            "`\(identifier)` takes \(count) (`\(function.signature)`), found \(arguments.count)"
        )
      }
      return .call(function, arguments)
    }
  }
}
