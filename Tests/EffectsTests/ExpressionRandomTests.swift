import EffectProtocol
import Effects
import Foundation
import ScrollEffectsTestSupport
import Testing

/// Random expressions, printed with as few parentheses as C's precedence
/// allows, evaluated by the effect and by a tree-walking reference written
/// here from Docs/Expressions.md: the parser's precedence, the folding of constants and
/// the compiled program must agree with the plain meaning of the tree.
@Suite struct ExpressionRandomTests {
  /// A tree the test builds, prints and evaluates itself.
  indirect enum Tree {
    case number(Double, String)
    case name(String)
    case negate(Tree)
    case binary(String, Tree, Tree)
    case conditional(Tree, Tree, Tree)
    case call(String, [Tree])

    /// Looser is smaller: ?: 0, == != 1, < <= > >= 2, + - 3, * / 4, unary 5, atoms 6.
    var precedence: Int {
      switch self {
      case .conditional: 0
      case .binary(let op, _, _): Tree.precedence(of: op)
      case .negate: 5
      default: 6
      }
    }

    static func precedence(of op: String) -> Int {
      switch op {
      case "==", "!=": 1
      case "<", "<=", ">", ">=": 2
      case "+", "-": 3
      default: 4
      }
    }

    func text(_ random: inout SplitMix64) -> String {
      // Now and then a pair of parentheses that changes nothing.
      func wrapped(_ tree: Tree, needed: Bool) -> String {
        let inner = tree.text(&random)
        return needed || random.chance(0.1) ? "(\(inner))" : inner
      }
      switch self {
      case .number(_, let text): return text
      case .name(let name): return name
      case .negate(let operand): return "-" + wrapped(operand, needed: operand.precedence < 5)
      case .binary(let op, let left, let right):
        let level = precedence
        // Left-associative: a right operand of the same level needs them.
        return wrapped(left, needed: left.precedence < level) + " \(op) "
          + wrapped(right, needed: right.precedence <= level)
      case .conditional(let condition, let whenTrue, let whenFalse):
        // Right-associative: only the condition needs them for a nested ?:.
        return wrapped(condition, needed: condition.precedence == 0) + " ? "
          + wrapped(whenTrue, needed: false) + " : " + wrapped(whenFalse, needed: false)
      case .call(let function, let arguments):
        return function + "(" + arguments.map { $0.text(&random) }.joined(separator: ", ") + ")"
      }
    }

    /// The reference value: each node by its definition in Docs/Expressions.md.
    func value(_ names: [String: Double]) -> Double {
      switch self {
      case .number(let value, _): return value
      case .name(let name): return names[name]!
      case .negate(let operand): return -operand.value(names)
      case .binary(let op, let left, let right):
        let (a, b) = (left.value(names), right.value(names))
        switch op {
        case "+": return a + b
        case "-": return a - b
        case "*": return a * b
        case "/": return a / b
        case "<": return a < b ? 1 : 0
        case "<=": return a <= b ? 1 : 0
        case ">": return a > b ? 1 : 0
        case ">=": return a >= b ? 1 : 0
        case "==": return a == b ? 1 : 0
        default: return a != b ? 1 : 0
        }
      case .conditional(let condition, let whenTrue, let whenFalse):
        return condition.value(names) != 0 ? whenTrue.value(names) : whenFalse.value(names)
      case .call(let function, let arguments):
        let v = arguments.map { $0.value(names) }
        switch function {
        case "min": return v.dropFirst().reduce(v[0]) { Swift.min($0, $1) }
        case "max": return v.dropFirst().reduce(v[0]) { Swift.max($0, $1) }
        case "clamp": return Swift.min(Swift.max(v[0], v[1]), v[2])
        case "abs": return Swift.abs(v[0])
        case "sqrt": return Foundation.sqrt(v[0])
        case "pow": return Foundation.pow(v[0], v[1])
        case "exp": return Foundation.exp(v[0])
        case "log": return Foundation.log(v[0])
        case "sin": return Foundation.sin(v[0])
        case "cos": return Foundation.cos(v[0])
        case "floor": return Foundation.floor(v[0])
        case "ceil": return Foundation.ceil(v[0])
        case "round": return Foundation.round(v[0])
        case "sign": return v[0] > 0 ? 1 : (v[0] < 0 ? -1 : v[0])
        case "lerp": return v[0] + (v[1] - v[0]) * v[2]
        case "step": return v[1] < v[0] ? 0 : 1
        default:
          if v[0] == v[1] { return v[2] < v[0] ? 0 : 1 }
          let t = Swift.min(Swift.max((v[2] - v[0]) / (v[1] - v[0]), 0), 1)
          return t * t * (3 - 2 * t)
        }
      }
    }
  }

  static let functions: [(String, Int)] = [
    ("min", 2), ("min", 3), ("max", 2), ("max", 4), ("clamp", 3), ("abs", 1), ("sqrt", 1),
    ("pow", 2), ("exp", 1), ("log", 1), ("sin", 1), ("cos", 1), ("floor", 1), ("ceil", 1),
    ("round", 1), ("sign", 1), ("lerp", 3), ("step", 2), ("smoothstep", 3),
  ]
  static let operators = ["+", "-", "*", "/", "<", "<=", ">", ">=", "==", "!="]
  static let numbers: [(Double, String)] = [
    (0, "0"), (1, "1"), (2, "2"), (0.5, "0.5"), (0.5, ".5"), (100, "1e2"), (2.5, "2.5"),
    (300, "300"), (0.001, "1e-3"), (7, "7"),
  ]

  static func tree(_ random: inout SplitMix64, depth: Int, names: [String]) -> Tree {
    if depth == 0 || random.chance(0.25) {
      if random.chance(0.5) {
        let (value, text) = numbers[random.int(0..<numbers.count)]
        return .number(value, text)
      }
      return .name(names[random.int(0..<names.count)])
    }
    switch random.int(0..<10) {
    case 0: return .negate(tree(&random, depth: depth - 1, names: names))
    case 1:
      return .conditional(
        tree(&random, depth: depth - 1, names: names),
        tree(&random, depth: depth - 1, names: names),
        tree(&random, depth: depth - 1, names: names))
    case 2, 3, 4:
      let (function, arity) = functions[random.int(0..<functions.count)]
      return .call(
        function, (0..<arity).map { _ in tree(&random, depth: depth - 1, names: names) })
    default:
      return .binary(
        operators[random.int(0..<operators.count)], tree(&random, depth: depth - 1, names: names),
        tree(&random, depth: depth - 1, names: names))
    }
  }

  @Test(
    "random expressions give the reference evaluator's value", arguments: [1, 2, 3, 4] as [UInt64])
  func randomExpressions(seed: UInt64) throws {
    // A first effect sets known columns; the random one reads them.
    let first = try ExpressionEffect.decode(
      json: #"""
        {"x": "7", "width": "250", "height": "120", "scaleX": "1.25", "scaleY": "0.75",
         "anchorX": "0.25", "anchorY": "1", "opacity": "0.5", "blur": "2", "rotation": "30",
         "zIndex": "3"}
        """#)
    let setup = ExampleSetup(
      frame: Rect(y: 40, width: 390, height: 300), contentInsets: EdgeInsets(top: 20, bottom: 10))
    var random = SplitMix64(seed: seed)
    for round in 0..<300 {
      let offset = [-120.0, 0, 37.5, 400, 1300][round % 5]
      // maxOffset = 2000 + 20 + 10 - 844 = 1186; the view's top is 20 + 40 - offset
      // and the first effect keeps it.
      let minY = 60 - offset
      let names: [String: Double] = [
        "offset": offset, "pull": offset < 0 ? -offset : 0, "pullBottom": max(0, offset - 1186),
        "maxOffset": 1186, "minY": minY, "progress": (844 - minY) / (844 + 120),
        "index": 0, "count": 1, "viewportWidth": 390, "viewportHeight": 844, "insetTop": 20,
        "insetBottom": 10, "contentHeight": 2000, "naturalX": 0, "naturalY": minY,
        "naturalWidth": 390, "naturalHeight": 300, "x": 7, "y": minY, "width": 250,
        "height": 120, "translateX": 7, "translateY": 0, "scaleX": 1.25, "scaleY": 0.75,
        "anchorX": 0.25, "anchorY": 1, "opacity": 0.5, "blur": 2, "rotation": 30, "zIndex": 3,
      ]
      let tree = Self.tree(&random, depth: 5, names: names.keys.sorted())
      let text = tree.text(&random)
      let expected = tree.value(names)
      let effect = try ExpressionEffect.decode(json: #"{"rotation": "\#(text)"}"#)
      let result = setup.evaluate([first, effect], offset: offset).rotation
      let wanted = expected.isFinite ? min(max(expected, -1e15), 1e15) : 30
      #expect(
        result == wanted || (result - wanted).magnitude <= 1e-12 * max(1, wanted.magnitude),
        "seed \(seed) round \(round): \(text) at \(offset) gave \(result), expected \(wanted)")
    }
  }
}
