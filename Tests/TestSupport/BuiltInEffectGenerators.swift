import EffectProtocol
import Effects

/// An effect's random JSON members and how it bounds the rate of change of
/// a view's continuous columns with the offset: after it, a bound `L` on
/// that rate (points of change per point of offset) becomes
/// `gain * L + added`; `rate` is `nil` when the effect gives no bound.
public struct GeneratedEffect: Sendable {
  public var members: [String]
  public var rate: (gain: Double, added: Double)?

  public init(members: [String], rate: (gain: Double, added: Double)?) {
    self.members = members
    self.rate = rate
  }
}

/// How to make random valid parameters for one built-in effect type, in two
/// distributions: one for properties, one for bitwise comparisons.
public struct EffectGenerator: Sendable {
  /// The effect's type name, as scene files spell it.
  public var typeName: String
  /// Parameters anywhere in their valid range, extremes (1e9) included, with
  /// the effect's bound on how fast it moves a view.
  public var make: @Sendable (inout SplitMix64) -> GeneratedEffect
  /// Parameters on a grid of 1/2 or 1/4 points (1/8 for `progress`) with
  /// outputs in the property's range, so that two ways of computing a value
  /// must agree to the last bit: the JSON members after `type`. Some draws
  /// are not exact on purpose (an expression's `height / 0` or `1e300 *
  /// offset`, a Bézier easing): both ways must still give the same bits.
  public var exact: @Sendable (inout SplitMix64) -> String

  public init(
    typeName: String, make: @escaping @Sendable (inout SplitMix64) -> GeneratedEffect,
    exact: @escaping @Sendable (inout SplitMix64) -> String
  ) {
    self.typeName = typeName
    self.make = make
    self.exact = exact
  }
}

/// Random valid parameters for every built-in effect, in the order of
/// ``BuiltInEffects/all``: a `ParameterizedEffect` gets the generator its
/// declarations make (``EffectGenerator/declared(_:rate:)``), so a new one
/// needs no line here; only effects whose parameters the declarations cannot
/// describe (interpolate's stops, expression's sources) have one written
/// here, in ``handWritten``.
public enum BuiltInEffectGenerators {
  /// One entry per built-in effect type.
  public static let all: [EffectGenerator] = BuiltInEffects.all.map { type in
    let name = type.descriptor.typeName
    if let written = handWritten.first(where: { $0.typeName == name }) { return written }
    guard let parameterized = type as? any ParameterizedEffect.Type else {
      preconditionFailure(
        "\(name) is not a ParameterizedEffect: write its generator in BuiltInEffectGenerators.handWritten"
      )
    }
    return EffectGenerator.declared(parameterized, rate: rateBounds[name] ?? { _ in nil })
  }

  /// How each built-in bounds the rate of change of a view's continuous
  /// columns, from its decoded parameters: what the declarations cannot say.
  /// The bounds follow from the formulas of Docs/Effects.md: a maximum or
  /// minimum of functions changes no faster than the fastest of them. An
  /// effect without an entry gives no bound (the other properties still
  /// hold for it).
  static let rateBounds: [String: @Sendable (any ScrollEffect) -> (gain: Double, added: Double)?] =
    [
      // The stretch grows at most as fast as the pull.
      "stretch": { _ in (1, 1) },
      // height = max(height, V - Ib - y), or y = max(y, V - Ib - height).
      "footerPin": { _ in (1, 0) },
      // y = max(y, min(line, It + until - offset - height)).
      "pin": { _ in (1, 1) },
      "parallax": { effect in (1, abs((effect as? ParallaxEffect)?.rate ?? .infinity)) },
      // y = max(y, It + inset - h): h moves by the offset's change, and is
      // clamped to the current height, which moves at most at the bound.
      "float": { _ in (1, 1) },
      "translate": { effect in (1, abs((effect as? TranslateEffect)?.factor ?? .infinity)) },
      // height = min(h, max(minHeight, h + y - line)) changes up to twice as
      // fast as y and h; y = max(y, line), or y + max(0, min(h - minHeight,
      // line - y)) when not pinned.
      "collapse": { _ in (2, 0) },
    ]

  /// The effects whose parameters their declarations cannot describe.
  static let handWritten: [EffectGenerator] = [
    EffectGenerator(typeName: "interpolate", make: interpolate, exact: interpolateExact),
    EffectGenerator(typeName: "expression") { random in
      // Any expression: it gives no bound on the rate; the contract (finite,
      // sizes and blur not negative, opacity in 0...1) must hold all the same.
      let columns = [
        "x", "y", "width", "height", "scale", "anchorX", "opacity", "blur", "rotation", "zIndex",
      ]
      let expressions = [
        "y + 0.5 * max(0, offset)", "opacity * clamp(1 - offset / 300, 0, 1)",
        "pow(10, offset)", "exp(offset) - exp(-offset)", "1e300 * offset * offset",
        "-1e308 * pull", "log(pull)", "sqrt(-offset)", "offset / (offset - offset)",
        "index * 1e9 - count", "sin(offset) / cos(offset)", "progress * 1e200 / height",
        "round(offset / 7) * 1e15",
      ]
      var members: [String] = []
      for column in columns where random.chance(0.3) {
        members.append(#""\#(column)": "\#(random.pick(expressions))""#)
      }
      if members.isEmpty { members.append(#""y": "y - offset * 1e12""#) }
      return GeneratedEffect(members: members, rate: nil)
    } exact: { random in
      // Columns and expressions of every kind: per frame, per view, a copy's
      // index, one that is not finite, one that saturates.
      let columns = ["x", "y", "width", "height", "scale", "anchorY", "opacity", "blur", "zIndex"]
      let expressions = [
        "y + 0.5 * max(0, offset)", "opacity * clamp(1 - offset / 300, 0, 1)",
        "smoothstep(0, 200, offset) * 2 - 1", "index * 10 + count", "naturalY + translateY / 2",
        "progress > 0.5 ? 1 : 0.5", "height / 0", "1e300 * offset", "10 - width", "pull / 4",
        "lerp(naturalHeight, 44, step(100, offset))", "minY - insetTop",
      ]
      let count = random.int(1..<4)
      let chosen = Set((0..<count).map { _ in random.pick(columns) })
      return chosen.sorted().map { #""\#($0)": "\#(random.pick(expressions))""# }
        .joined(separator: ", ")
    },
  ]

  static let additive: Set<String> = ["blur", "rotation", "translateX", "translateY"]
  static let replacing: Set<String> = ["width", "height", "zIndex"]
  static let scaling: Set<String> = ["scale", "scaleX", "scaleY"]

  @Sendable static func interpolate(_ random: inout SplitMix64) -> GeneratedEffect {
    let property = random.pick(
      ["opacity", "scale", "scaleX", "scaleY", "blur", "rotation", "translateX", "translateY"]
        + ["width", "height", "zIndex"])
    let input = random.pick(["offset", "pull", "pullBottom", "minY", "height", "progress"])
    var members = [#""property": "\#(property)""#]
    if input != "offset" || random.chance(0.5) { members.append(#""input": "\#(input)""#) }

    var inputs = [input == "progress" ? random.unit() * 1.5 - 0.5 : random.signed(upTo: 1e4)]
    for _ in 1..<random.int(2..<5) {
      let gap =
        input == "progress" ? random.unit() + 1e-3 : random.magnitude(upTo: 1e3, zero: false)
      inputs.append(inputs[inputs.count - 1] + gap)
    }
    let outputs: [Double] = inputs.map { _ in
      switch property {
      case "opacity": random.pick([0, 1, random.unit()])
      case "width", "height", "blur": random.magnitude(upTo: random.pick([1e3, 1e9]))
      default: random.signed(upTo: random.pick([10, 1e3, 1e9]))
      }
    }
    let stops = zip(inputs, outputs).map { "[\($0), \($1)]" }
    members.append(#""stops": [\#(stops.joined(separator: ", "))]"#)

    // The easing's steepest slope, and how far past its ends it can go.
    var easingSlope = 1.0
    var overshoot = 0.0
    switch random.int(0..<3) {
    case 0:
      break
    case 1:
      let name = random.pick(["linear", "easeIn", "easeOut", "easeInOut"])
      members.append(#""easing": "\#(name)""#)
      if name != "linear" { easingSlope = 1 / 0.58 }  // at the ends of CSS's curves
    default:
      // x1 and x2 away from 0 and 1 keep the slope finite.
      let x1 = 0.05 + 0.9 * random.unit()
      let x2 = 0.05 + 0.9 * random.unit()
      let y1 = random.chance(0.8) ? random.unit() * 3 - 1 : random.signed(upTo: 1e3)
      let y2 = random.chance(0.8) ? random.unit() * 3 - 1 : random.signed(upTo: 1e3)
      members.append(#""easing": {"cubicBezier": [\#(x1), \#(y1), \#(x2), \#(y2)]}"#)
      easingSlope = bezierSlope(x1: x1, y1: y1, x2: x2, y2: y2)
      overshoot = max(0, -min(y1, y2), max(y1, y2) - 1)
    }
    let extend = random.chance(0.5)
    if extend || random.chance(0.5) {
      members.append(#""extrapolate": "\#(extend ? "extend" : "clamp")""#)
    }

    // How fast the value changes per unit of input.
    var slope = 0.0
    var largest = 0.0
    for index in 1..<inputs.count {
      let rise = abs(outputs[index] - outputs[index - 1])
      slope = max(slope, rise / (inputs[index] - inputs[index - 1]))
      largest = max(largest, max(abs(outputs[index]), abs(outputs[index - 1])) + rise * overshoot)
    }
    slope *= easingSlope
    // progress = (V - minY) / (V + height) changes with the view's place as
    // fast as its distance from the viewport over its size: no fixed bound.
    if input == "progress" {
      // Ranges, insets and the CSS easings that jump: no rate either.
      if !members.contains(where: { $0.hasPrefix(#""easing""#) }), random.chance(0.5) {
        let easing = random.pick([
          "steps(4)", "step-start", "steps(3, jump-both)", "steps(2, jump-none)",
          "linear(0, 0.25 75%, 1)", "linear(1, 0 50%, 1 50%, 0)", "ease-in-out",
        ])
        members.append(#""easing": "\#(easing)""#)
      }
      if random.chance(0.5) {
        let range = random.pick([
          "entry", "exit", "contain", "cover 10% cover 90%", "entryCrossing 20px exitCrossing",
          "contain -50% entry 200%", "exit 100% entry 0%",
        ])
        members.append(#""range": "\#(range)""#)
      }
      if random.chance(0.3) {
        members.append(
          #""timelineInset": \#(random.pick(["\"auto\"", "[20, \"10%\"]", "-30", "\"50%\""]))"#)
      }
      return GeneratedEffect(members: members, rate: nil)
    }
    // The offset and overscroll move a point a point; minY and height as fast
    // as the view does (L), which makes the effect's change grow with L.
    let followsView = input == "minY" || input == "height"
    if scaling.contains(property) { return GeneratedEffect(members: members, rate: (1, 0)) }
    if additive.contains(property) || replacing.contains(property) {
      return GeneratedEffect(members: members, rate: followsView ? (1 + slope, 0) : (1, slope))
    }
    // opacity = clamp(opacity * value): value changes at `slope`, opacity's
    // own change is multiplied by up to `largest`, unbounded when extended.
    if extend { return GeneratedEffect(members: members, rate: nil) }
    let gain = max(1, largest)
    return GeneratedEffect(members: members, rate: followsView ? (gain + slope, 0) : (gain, slope))
  }

  /// A bound on dy/dx of CSS's cubic-bezier(x1, y1, x2, y2): the largest
  /// ratio on a fine grid, with a margin.
  static func bezierSlope(x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
    func derivative(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
      3 * (1 - t) * (1 - t) * p1 + 6 * (1 - t) * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }
    var steepest = 0.0
    for step in 0...4000 {
      let t = Double(step) / 4000
      steepest = max(steepest, abs(derivative(t, y1, y2)) / derivative(t, x1, x2))
    }
    return steepest * 1.2 + 0.01
  }

  /// The generator of `typeName`; traps for a type without one.
  public static func named(_ typeName: String) -> EffectGenerator {
    guard let generator = all.first(where: { $0.typeName == typeName }) else {
      preconditionFailure("no generator for \(typeName)")
    }
    return generator
  }

  @Sendable static func interpolateExact(_ random: inout SplitMix64) -> String {
    let property = random.pick([
      "opacity", "scale", "scaleX", "scaleY", "blur", "rotation", "translateX", "translateY",
      "width", "height", "zIndex",
    ])
    let input = random.pick(["offset", "pull", "pullBottom", "minY", "height", "progress"])
    var members = "\"property\": \"\(property)\", \"input\": \"\(input)\""
    members += ", \"stops\": " + exactStops(&random, property: property, input: input)
    members +=
      ", \"easing\": "
      + random.pick([
        "\"linear\"", "\"easeIn\"", "\"easeOut\"", "\"easeInOut\"",
        "{\"cubicBezier\": [0.25, 0.1, 0.25, 1]}", "{\"cubicBezier\": [0.7, -0.5, 0.3, 1.5]}",
      ])
    members += ", \"extrapolate\": \(random.pick(["\"clamp\"", "\"extend\""]))"
    return members
  }

  /// Two to four `interpolate` stops as JSON (`[[input, output], ...]`),
  /// exact in binary: inputs on a grid of 1/8 for `progress`, of 1/2 points
  /// for the others, strictly increasing; outputs in `property`'s range.
  public static func exactStops(
    _ random: inout SplitMix64, property: String, input: String
  ) -> String {
    let scale = input == "progress" ? 8.0 : 2.0
    var at = Double(random.next(in: -800...1600)) / scale
    var stops: [String] = []
    for _ in 0..<random.next(in: 2...4) {
      let output: Double =
        switch property {
        case "opacity": Double(random.next(in: 0...8)) / 8
        case "blur", "width", "height": Double(random.next(in: 0...800)) / 2
        default: Double(random.next(in: -400...400)) / 4
        }
      stops.append("[\(at), \(output)]")
      at += Double(random.next(in: 1...800)) / scale
    }
    return "[" + stops.joined(separator: ", ") + "]"
  }
}
