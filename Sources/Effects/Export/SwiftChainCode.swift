import EffectProtocol

/// An effect that `effectctl export --swift` can write as Swift source: one
/// place a type, where its formula is written out with its parameters baked in.
///
/// Every built-in effect conforms (a file `Export/TYPE+Swift.swift` each); an
/// effect that does not (a plugin's) is refused by the exporter.
package protocol SwiftExportable: ScrollEffect {
  /// Appends the code that applies the effect to `view`, the current
  /// transform of one view, to `code`; the same arithmetic, in the same
  /// order, as ``ScrollEffect/apply(to:state:)``, so that the exported
  /// values equal the library's as Doubles.
  func writeSwift(to code: inout SwiftChainCode)
}

/// The Swift source of one chain of an export as its effects write it: the
/// code a frame runs once (``prologue``) and the code each view runs
/// (``body``), on a `var view` of the view's 12 transform fields, with the
/// fields the effects may change, the scene values they read and the helpers
/// they call.
package struct SwiftChainCode {
  /// A transform field of the exported `View`.
  package enum Field: String, CaseIterable, Sendable {
    case x, y, width, height, scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation, zIndex
  }

  /// A value of the frame that code may read by its name.
  package enum FrameValue: String, CaseIterable, Sendable {
    /// `max(0, -offset)`.
    case pull
    /// `max(0, offset - maxOffset)`.
    case pullBottom
    /// `insetTop - offset`: the viewport y of content y = 0.
    case contentOrigin
  }

  /// A function of the exported type's that code may call.
  package enum Helper: String, CaseIterable, Sendable {
    /// `saturated(_:)`: a value clamped to ±1e15, as the library's effects keep products finite.
    case saturated
    /// `linearEased(_:)`: the `linear` easing, progress held to 0...1.
    case linearEasing
    /// `UnitBezier`: CSS's cubic Bézier easing, solved as the library solves it.
    case unitBezier
    /// The expression functions the standard library does not have.
    case clamp, sign, lerp, step, smoothstep
    /// `power(_:_:)`: C's `pow`, where the optimiser cannot rewrite it.
    case power
    /// `pow`, `exp`, `log`, `sin`, `cos`, and the `floor`, `ceil`, `round`
    /// and `sqrt` that rounding and square roots call: the platform's C
    /// math.
    case cMath
  }

  /// Whether the chain's natural frame is in content or viewport coordinates.
  package let attachment: Attachment
  /// The chain's natural frame (copy 0, its own coordinates) and the distance between copies.
  package let naturalFrame: Rect
  package let stride: Double
  /// The number of copies.
  package let count: Int
  /// The chain's own `zIndex` and `opacity`, which each view starts from
  /// before its first effect; `nil` for identity visuals. They change no
  /// column a frame: an export writes them once, when it is made, unless an
  /// effect writes the column too.
  package var visuals: (zIndex: Double, opacity: Double)?
  /// The effect being written, from 0: what names of its own are suffixed with.
  package var effectIndex = 0

  /// Lines run once a frame, before the views.
  package private(set) var prologue: [String] = []
  /// The names of the values ``onceAFrame(_:named:)`` computes, by formula.
  private var frameTerms: [String: String] = [:]
  /// Lines run for each view, indented from the view loop's level.
  package private(set) var body: [String] = []
  /// Stored properties the chain's state needs: `(name, type, initial value)`.
  package private(set) var stateProperties: [(name: String, type: String, initial: String)] = []
  package private(set) var written: Set<Field> = []
  package private(set) var frameValues: Set<FrameValue> = []
  package private(set) var helpers: Set<Helper> = []
  /// The easing functions the code calls (name, `UnitBezier` expression and
  /// comment), after those of the chains before, whose names it keeps.
  package var curves: [(name: String, curve: String, comment: String)] = []
  /// The other functions of the exported type the code calls (the step and
  /// `linear(...)` easings, the progress through a view range), after those
  /// of the chains before.
  package var functions = SwiftFunctions()
  /// Whether the body reads `naturalY` (the view's natural top in this frame) or `copy`.
  package private(set) var readsNaturalY = false
  package private(set) var readsCopy = false
  private var depth = 0

  /// What the names of the chain's state properties start with.
  package let statePrefix: String
  /// The scene's geometry at rest: its viewport, insets and content height.
  package var geometry = ScrollGeometry(offset: 0, contentHeight: 0)
  /// A key or an expression's text as the scene file spells it: the
  /// effects read a horizontal scene's vertical twin, whose names swap x
  /// and y, and comments quote the file.
  package var fileSpelling: (String) -> String = { $0 }

  package init(
    attachment: Attachment, naturalFrame: Rect, stride: Double, count: Int, statePrefix: String
  ) {
    self.statePrefix = statePrefix
    self.attachment = attachment
    self.naturalFrame = naturalFrame
    self.stride = stride
    self.count = count
  }

  // MARK: - Writing

  /// Appends a line of the view's code at the current depth.
  package mutating func line(_ text: String) {
    body.append(String(repeating: "  ", count: depth) + text)
  }

  /// Appends `header {`, runs `content` one level deeper, then `}`.
  package mutating func block(
    _ header: String, comment: String? = nil, _ content: (inout SwiftChainCode) -> Void
  ) {
    line(header + " {" + (comment.map { "  // " + $0 } ?? ""))
    depth += 1
    content(&self)
    depth -= 1
    line("}")
  }

  /// Appends an `if condition { ... } else { ... }`.
  package mutating func ifElse(
    _ condition: String, _ then: (inout SwiftChainCode) -> Void,
    else otherwise: (inout SwiftChainCode) -> Void
  ) {
    line("if \(condition) {")
    depth += 1
    then(&self)
    depth -= 1
    line("} else {")
    depth += 1
    otherwise(&self)
    depth -= 1
    line("}")
  }

  /// Appends effect `index`'s code (named `name` in a comment), in a block
  /// of its own so that its names do not meet the next effect's.
  package mutating func effect(
    _ index: Int, named name: String, _ write: (inout SwiftChainCode) -> Void
  ) {
    effectIndex = index
    block("do", comment: name, write)
  }

  /// Appends a line run once a frame, before the views.
  package mutating func prologueLine(_ text: String) {
    prologue.append(text)
  }

  /// Runs `write` with its lines going to the ``prologue``: code run once a
  /// frame before the views, which must read nothing of a view.
  package mutating func onceAFrame(_ write: (inout SwiftChainCode) -> Void) {
    let (viewLines, viewDepth) = (body, depth)
    (body, depth) = ([], 0)
    write(&self)
    prologue += body
    (body, depth) = (viewLines, viewDepth)
  }

  /// The name of `formula`'s value, computed once a frame before the views
  /// as `let name = formula`: `formula` must read nothing of a view. The
  /// same formula asked for again in the chain gets the first name.
  package mutating func onceAFrame(_ formula: String, named name: String) -> String {
    if let known = frameTerms[formula] { return known }
    frameTerms[formula] = name
    prologueLine("let \(name) = \(formula)  // the same for every copy")
    return name
  }

  /// Declares a property of the exported type's `State` for the chain's
  /// state and returns how code reads it: `state.` and the chain's prefix,
  /// `base` and the effect's index.
  package mutating func state(_ base: String, type: String, initial: String) -> String {
    let name = "\(statePrefix)\(base.prefix(1).uppercased())\(base.dropFirst())\(effectIndex)"
    stateProperties.append((name, type, initial))
    return "state.\(name)"
  }

  /// A name of this effect's own in the frame's scope: `base` suffixed with its index.
  package func own(_ base: String) -> String { "\(base)\(effectIndex)" }

  // MARK: - Reading

  /// Whether the effects so far may have changed `field` of the view.
  package func hasWritten(_ field: Field) -> Bool { written.contains(field) }

  /// Records that the effect may change `fields`.
  package mutating func writes(_ fields: Field...) {
    written.formUnion(fields)
  }

  /// The name of a frame value, recording that it is read.
  package mutating func frame(_ value: FrameValue) -> String {
    frameValues.insert(value)
    return value.rawValue
  }

  /// The name of the view's natural top in this frame, recording that it is read.
  package mutating func naturalY() -> String {
    readsNaturalY = true
    return "naturalY"
  }

  /// The name of the view's copy index (an `Int`), recording that it is read.
  package mutating func copy() -> String {
    readsCopy = true
    return "copy"
  }

  /// A call of the exported type's helper `helper` (a static function), recording it.
  package mutating func call(_ helper: Helper, _ arguments: String...) -> String {
    helpers.insert(helper)
    return "Self.\(helper.rawValue)(\(arguments.joined(separator: ", ")))"
  }

  /// The name of an easing function of `curve` (a `UnitBezier` expression),
  /// `name` or `name` and a number when another curve has the name.
  package mutating func curve(_ name: String, _ curve: String, comment: String) -> String {
    if let known = curves.first(where: { $0.curve == curve }) { return known.name }
    var number = 0
    var unique = name == "cubicBezier" ? "\(name)0" : name
    while curves.contains(where: { $0.name == unique }) {
      number += 1
      unique = "\(name)\(number)"
    }
    curves.append((unique, curve, comment))
    return unique
  }

  /// Records that the code uses a helper without calling it through ``call(_:_:)``.
  package mutating func uses(_ helper: Helper) {
    helpers.insert(helper)
  }

  /// `saturated(value)`: the library's `Saturation.clamp`.
  package mutating func saturated(_ value: String) -> String {
    call(.saturated, value)
  }

  // MARK: - Scene constants

  /// The exported type's scene constants, by name.
  package static let viewportWidth = "Self.viewportWidth"
  package static let viewportHeight = "Self.viewportHeight"
  package static let insetTop = "Self.insetTop"
  package static let insetBottom = "Self.insetBottom"
  package static let contentHeight = "Self.contentHeight"
  package static let maxOffset = "Self.maxOffset"
}

/// Functions an export writes once for every chain and event that calls
/// them: each a name and its lines, found again by its text.
package struct SwiftFunctions: Sendable {
  /// The functions, in the order they were first asked for.
  package private(set) var all: [(name: String, lines: [String])] = []
  private var texts: [String] = []

  package init() {}

  /// The name of the function that `lines(name)` writes: `base` and a
  /// number, the same name for the same text.
  package mutating func name(_ base: String, _ lines: (String) -> [String]) -> String {
    let text = lines("\u{0}").joined(separator: "\n")
    if let index = texts.firstIndex(of: text) { return all[index].name }
    let name = "\(base)\(all.count { $0.name.hasPrefix(base) })"
    texts.append(text)
    all.append((name, lines(name)))
    return name
  }
}

/// Swift source text for values.
package enum SwiftLiteral {
  /// `value` as a Swift `Double` expression that reads back as the same
  /// bits: `300.0`, `0.1`, `(-5.0)` (negatives in parentheses, so that they
  /// can stand after any operator), `Double.infinity`, and a subnormal
  /// number by its bits, `Double(bitPattern: 0x0000_0000_0000_07e8)`
  /// (1e-320): its literal reads back exactly, but Swift warns that it
  /// "underflows and loses precision".
  package static func double(_ value: Double) -> String {
    if value.isNaN { return "Double.nan" }
    if value.isInfinite { return value < 0 ? "(-Double.infinity)" : "Double.infinity" }
    if value.isSubnormal {
      let digits = String(value.bitPattern, radix: 16)
      let padded = String(repeating: "0", count: 16 - digits.count) + digits
      let groups = stride(from: 0, to: 16, by: 4).map {
        padded.dropFirst($0).prefix(4)
      }
      return "Double(bitPattern: 0x\(groups.joined(separator: "_")))"
    }
    let text = "\(value)"
    return value.sign == .minus ? "(\(text))" : text
  }

  /// `minuend - subtrahend` as a Swift `Double` expression of the same
  /// bits: the difference's literal where it reads as short as the
  /// subtraction (`0.5` for 1.0 - 0.5), else the subtraction, which
  /// `swiftc` folds to that literal and which quotes the file's two numbers
  /// (`(1.0 - 0.85)`, not `0.15000000000000002`).
  package static func difference(_ minuend: Double, _ subtrahend: Double) -> String {
    let literal = double(minuend - subtrahend)
    let subtraction = "(\(double(minuend)) - \(double(subtrahend)))"
    return literal.count <= subtraction.count ? literal : subtraction
  }

  /// `text` as a Swift string literal.
  package static func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      default: append(scalar, to: &result)
      }
    }
    return result + "\""
  }

  /// `text` as it may stand in a `//` comment: the same text, but for its
  /// control characters, line or paragraph separators, invisible format
  /// characters (a bidirectional override) and spaces other than U+0020,
  /// written as a string literal writes them (`\n`, `\u{2028}`, `\u{202e}`).
  /// A line break in a name, an expression or a file name would otherwise end
  /// the comment and leave the rest of it as code, and an override would show
  /// the line reordered in an editor.
  package static func comment(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars { append(scalar, to: &result) }
    return result
  }

  /// Appends `scalar` to `result`, escaped when a string literal or a
  /// comment cannot hold it as it is.
  private static func append(_ scalar: Unicode.Scalar, to result: inout String) {
    switch scalar {
    case "\n": result += "\\n"
    case "\t": result += "\\t"
    case "\r": result += "\\r"
    default:
      // As in messages: besides what would end a comment or a literal, a
      // bidirectional override or an invisible space from a name would make
      // the source read otherwise than it compiles.
      if scalar.isUnsafeInMessage {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }
}
