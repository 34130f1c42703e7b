import EffectProtocol

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A name an expression can read: the frame's scroll geometry, the view's
/// copy and natural frame, and every column of the transform before the effect.
enum ExpressionName: String, CaseIterable, Sendable {
  case offset, pull, pullBottom, maxOffset, minY, minX, progress, index, count
  case viewportWidth, viewportHeight, insetTop, insetBottom, contentHeight
  case naturalX, naturalY, naturalWidth, naturalHeight
  case x, y, width, height, translateX, translateY, scaleX, scaleY, anchorX, anchorY
  case opacity, blur, rotation, zIndex

  /// The name spelt `text`: a case's own name, or `pullStart` and `pullEnd`,
  /// the names of `pull` and `pullBottom` along either axis (as
  /// `interpolate`'s inputs are spelt).
  init?(named text: String) {
    if let name = ExpressionName(rawValue: text) {
      self = name
    } else if let name = Self.aliases[text] {
      self = name
    } else {
      return nil
    }
  }

  /// The other spellings of names.
  static let aliases: [String: ExpressionName] = ["pullStart": .pull, "pullEnd": .pullBottom]

  /// Names of the scroll geometry across the scroll axis, which no scene
  /// has: the names read the content and its insets along the axis
  /// (`contentHeight` is a horizontal scene's content width). What a
  /// vertical scene's message says of them; a horizontal scene's names the
  /// name to write there instead.
  static let acrossTheAxis: [String: ExpressionHint] = [
    "contentWidth": .explain(
      "names read the content along the scroll axis: `contentHeight` "
        + "(in a horizontal scene, the content width)"),
    "insetLeft": .explain(insetsAlongTheAxis), "insetRight": .explain(insetsAlongTheAxis),
  ]

  private static let insetsAlongTheAxis =
    "names read the insets along the scroll axis: `insetTop` and `insetBottom` "
    + "(in a horizontal scene, the leading and trailing insets)"

  /// Every spelling of every name, for "did you mean".
  static let spellings = allCases.map(\.rawValue) + aliases.keys.sorted()

  /// Whether the value is the same for every view of a chain in one frame:
  /// an expression made of these alone is evaluated once a frame.
  var isSameForEveryView: Bool {
    switch self {
    case .offset, .pull, .pullBottom, .maxOffset, .count, .viewportWidth, .viewportHeight,
      .insetTop, .insetBottom, .contentHeight, .naturalX, .naturalWidth, .naturalHeight:
      true
    default: false
    }
  }

  /// What the name holds, for `effectctl effects expression`.
  var meaning: String {
    switch self {
    case .offset: "the scroll offset o, points (0 at rest)"
    case .pull: "max(0, -offset): how far the content is pulled down past its top"
    case .pullBottom: "max(0, offset - maxOffset): how far it is pulled up past its bottom"
    case .maxOffset: "the largest resting offset, max(0, C + It + Ib - V)"
    case .minY: "the view's current top in the viewport (the same as y)"
    case .minX: "the view's current left edge in the viewport (the same as x)"
    case .progress:
      "CSS view() cover progress, (viewportHeight - minY) / (viewportHeight + height), along the scroll axis"
    case .index: "the copy of a repeated chain, from 0 (0 for a plain chain)"
    case .count: "the number of copies of the chain (1 for a plain chain)"
    case .viewportWidth: "the viewport's width W, points"
    case .viewportHeight: "the viewport's height V, points"
    case .insetTop: "the top content inset It, points"
    case .insetBottom: "the bottom content inset Ib, points"
    case .contentHeight: "the content height C, points"
    case .naturalX: "the natural frame's x, viewport coordinates"
    case .naturalY: "the natural frame's top in the viewport in this frame"
    case .naturalWidth: "the natural frame's width"
    case .naturalHeight: "the natural frame's height"
    case .translateX: "the current x minus naturalX"
    case .translateY: "the current y minus naturalY"
    default: "the current \(rawValue) before this effect"
    }
  }
}

/// A function an expression can call, with its arity and its math.
enum ExpressionFunction: String, CaseIterable, Sendable {
  case min, max, clamp, abs, sqrt, pow, exp, log, sin, cos, floor, ceil, round, sign
  case lerp, step, smoothstep

  /// The names of the arguments, for messages and the documentation; `min`
  /// and `max` take two or more.
  var argumentNames: [String] {
    switch self {
    case .min, .max: ["a", "b"]
    case .clamp: ["x", "low", "high"]
    case .pow: ["x", "y"]
    case .lerp: ["a", "b", "t"]
    case .step: ["edge", "x"]
    case .smoothstep: ["edge0", "edge1", "x"]
    default: ["x"]
    }
  }

  /// Names of other languages, written as a bare name, which have no name
  /// here and whose nearest name here means another thing: constants
  /// (`PI`, C's `M_PI`, `TAU`, `E`), given their number, and the edges and
  /// centres of a frame (`midY` is not `minY`, `right` not `height`), given
  /// the arithmetic of the names here.
  static let otherLanguagesNames: [String: ExpressionHint] = [
    "PI": .write("3.141592653589793"), "pi": .write("3.141592653589793"),
    "M_PI": .write("3.141592653589793"),
    "TAU": .write("6.283185307179586"), "tau": .write("6.283185307179586"),
    "E": .write("2.718281828459045"), "M_E": .write("2.718281828459045"),
    "midX": .write("minX + width / 2"), "midY": .write("minY + height / 2"),
    "maxX": .write("minX + width"), "maxY": .write("minY + height"),
    "left": .write("minX"), "top": .write("minY"),
    "right": .write("minX + width"), "bottom": .write("minY + height"),
  ]

  /// Functions of other languages (GLSL, C, CSS, JavaScript, Julia) a user
  /// may reach for, each with what to write here, or why there is nothing
  /// to write: their nearest names here mean another thing (`mix` is not
  /// `min`, `log10` not `log`, `asin` not `sin`, `rand` not `round`), or
  /// they have none (`ln`).
  static let otherLanguages: [String: ExpressionHint] = [
    "mix": .write("lerp(a, b, t)"), "saturate": .write("clamp(x, 0, 1)"),
    "fract": .write("x - floor(x)"), "mod": .write("x - y * floor(x / y)"),
    "trunc": .write("sign(x) * floor(abs(x))"), "log10": .write("log(x) / log(10)"),
    "log2": .write("log(x) / log(2)"), "ln": .write("log(x)"), "exp2": .write("pow(2, x)"),
    "tan": .write("sin(x) / cos(x)"), "cosh": .write("(exp(x) + exp(-x)) / 2"),
    "sinh": .write("(exp(x) - exp(-x)) / 2"), "tanh": .write("1 - 2 / (exp(2 * x) + 1)"),
    "fabs": .write("abs(x)"), "hypot": .write("sqrt(x * x + y * y)"),
    "sqr": .write("x * x"), "abs2": .write("x * x"), "sgn": .write("sign(x)"),
    "rsqrt": .write("1 / sqrt(x)"), "inversesqrt": .write("1 / sqrt(x)"),
    "exp10": .write("pow(10, x)"), "log1p": .write("log(1 + x)"), "expm1": .write("exp(x) - 1"),
    "cot": .write("cos(x) / sin(x)"), "sec": .write("1 / cos(x)"), "csc": .write("1 / sin(x)"),
    "radians": .write("x * 3.141592653589793 / 180"),
    "degrees": .write("x * 180 / 3.141592653589793"),
    "rand": .explain(ExpressionHint.noRandomness), "random": .explain(ExpressionHint.noRandomness),
    "asin": .explain(ExpressionHint.noInverseTrigonometry),
    "acos": .explain(ExpressionHint.noInverseTrigonometry),
    "atan": .explain(ExpressionHint.noInverseTrigonometry),
    "atan2": .explain(ExpressionHint.noInverseTrigonometry),
    "smootherstep": .explain(
      "there is none here; with `t` for `clamp((x - edge0) / (edge1 - edge0), 0, 1)`, "
        + "it is `t * t * t * (t * (t * 6 - 15) + 10)`"),
  ]

  /// Whether it takes more arguments than ``argumentNames`` names.
  var isVariadic: Bool { self == .min || self == .max }

  /// `clamp(x, low, high)`.
  var signature: String {
    "\(rawValue)(\(argumentNames.joined(separator: ", "))\(isVariadic ? ", ..." : ""))"
  }

  /// What it computes, for `effectctl effects expression`.
  var meaning: String {
    switch self {
    case .min: "the least argument"
    case .max: "the greatest argument"
    case .clamp: "min(max(x, low), high)"
    case .abs: "the magnitude"
    case .sqrt: "the square root (not finite below 0)"
    case .pow: "x to the power y"
    case .exp: "e to the power x"
    case .log: "the natural logarithm (not finite at 0 and below)"
    case .sin: "the sine of x radians"
    case .cos: "the cosine of x radians"
    case .floor: "the largest whole number not above x"
    case .ceil: "the least whole number not below x"
    case .round: "the nearest whole number, halves away from zero"
    case .sign: "-1, 0 or 1"
    case .lerp: "a + (b - a) * t"
    case .step: "0 when x < edge, 1 from edge on"
    case .smoothstep:
      "GLSL's: t * t * (3 - 2 * t), t = clamp((x - edge0) / (edge1 - edge0), 0, 1)"
    }
  }
}

/// What a message offers for another language's name or function
/// (``ExpressionFunction/otherLanguages``), in place of the nearest name here.
enum ExpressionHint: Equatable, Sendable {
  /// What to write here instead: `lerp(a, b, t)` for `mix`.
  case write(String)
  /// Why there is nothing to write, for a function with no equivalent.
  case explain(String)

  /// The end of the message: `; did you mean `lerp(a, b, t)`?`.
  var message: String {
    switch self {
    case .write(let text): "; did you mean `\(text)`?"
    case .explain(let text): "; \(text)"
    }
  }

  /// Why `asin`, `acos`, `atan` and `atan2` have nothing to write: `sin` and
  /// `cos` have no inverse made of the functions here.
  static let noInverseTrigonometry = "there is no inverse trigonometric function here"

  /// Why `rand` and `random` have nothing to write: a view's value is worked
  /// out from the frame and the view alone, the same every time.
  static let noRandomness =
    "there is no randomness here: an expression gives the same value for the same frame and view"
}

/// The math of the operators and functions, shared by constant folding and
/// evaluation so that a folded expression gives what an evaluated one would.
enum ExpressionMath {
  @inline(__always) static func truth(_ condition: Bool) -> Double { condition ? 1 : 0 }

  @inline(__always) static func clamp(_ x: Double, _ low: Double, _ high: Double) -> Double {
    Swift.min(Swift.max(x, low), high)
  }

  @inline(__always) static func sign(_ x: Double) -> Double {
    x > 0 ? 1 : (x < 0 ? -1 : x)
  }

  @inline(__always) static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
    a + (b - a) * t
  }

  @inline(__always) static func step(_ edge: Double, _ x: Double) -> Double {
    x < edge ? 0 : 1
  }

  @inline(__always) static func smoothstep(_ edge0: Double, _ edge1: Double, _ x: Double)
    -> Double
  {
    // GLSL leaves edge0 == edge1 undefined; a step there is what the curve
    // tends to as the edges close in.
    guard edge0 != edge1 else { return step(edge0, x) }
    let t = clamp((x - edge0) / (edge1 - edge0), 0, 1)
    return t * t * (3 - 2 * t)
  }

  @inline(__always) static func power(_ x: Double, _ y: Double) -> Double { pow(x, y) }
  @inline(__always) static func exponential(_ x: Double) -> Double { exp(x) }
  @inline(__always) static func logarithm(_ x: Double) -> Double { log(x) }
  @inline(__always) static func sine(_ x: Double) -> Double { sin(x) }
  @inline(__always) static func cosine(_ x: Double) -> Double { cos(x) }

  /// `function` of `arguments`, whose count is the function's arity.
  static func apply(_ function: ExpressionFunction, _ arguments: [Double]) -> Double {
    let a = arguments
    switch function {
    case .min: return a.dropFirst().reduce(a[0]) { Swift.min($0, $1) }
    case .max: return a.dropFirst().reduce(a[0]) { Swift.max($0, $1) }
    case .clamp: return clamp(a[0], a[1], a[2])
    case .abs: return Swift.abs(a[0])
    case .sqrt: return a[0].squareRoot()
    case .pow: return power(a[0], a[1])
    case .exp: return exponential(a[0])
    case .log: return logarithm(a[0])
    case .sin: return sine(a[0])
    case .cos: return cosine(a[0])
    case .floor: return a[0].rounded(.down)
    case .ceil: return a[0].rounded(.up)
    case .round: return a[0].rounded(.toNearestOrAwayFromZero)
    case .sign: return sign(a[0])
    case .lerp: return lerp(a[0], a[1], a[2])
    case .step: return step(a[0], a[1])
    case .smoothstep: return smoothstep(a[0], a[1], a[2])
    }
  }
}
