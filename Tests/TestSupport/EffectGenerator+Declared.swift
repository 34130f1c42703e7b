import EffectProtocol

extension EffectGenerator {
  /// The generator that `Effect`'s parameter declarations make: each
  /// parameter given or left to its default at random, with a value drawn from
  /// its declared domain (a number in its range, `null` for an optional one,
  /// a Boolean, one of its choices), redrawn until the effect decodes (a
  /// relation between parameters, such as translate's `from` not above `to`,
  /// is not declared); `rate` is the effect's bound, from the decoded effect.
  ///
  /// Traps for a parameter whose declaration states no domain (``ParameterDomain/other``):
  /// such an effect needs a generator written by hand.
  public static func declared<Effect: ParameterizedEffect>(
    _ type: Effect.Type,
    rate: @escaping @Sendable (any ScrollEffect) -> (gain: Double, added: Double)?
  ) -> EffectGenerator {
    let name = Effect.descriptor.typeName
    let parameters = Effect.parameterList.declarations.map { declaration in
      let key = declaration.descriptor.name
      guard declaration.domain != .other else {
        preconditionFailure(
          "\(name).\(key) declares no domain: write \(name)'s generator in BuiltInEffectGenerators.handWritten"
        )
      }
      return (key: key, domain: declaration.domain)
    }
    /// Members drawn by `value` until the effect decodes, and the effect.
    @Sendable func draw(
      _ random: inout SplitMix64, given chance: Double,
      _ value: (ParameterDomain, inout SplitMix64) -> String
    ) -> (members: [String], effect: Effect) {
      for _ in 0..<1000 {
        var members: [String] = []
        for parameter in parameters where random.chance(chance) {
          members.append(#""\#(parameter.key)": \#(value(parameter.domain, &random))"#)
        }
        if let effect = try? Effect.decode(json: "{" + members.joined(separator: ", ") + "}") {
          return (members, effect)
        }
      }
      preconditionFailure("\(name): 1000 drawn parameter sets in a row do not decode")
    }
    return EffectGenerator(typeName: name) { random in
      let drawn = draw(&random, given: 0.5, anyValue)
      return GeneratedEffect(members: drawn.members, rate: rate(drawn.effect))
    } exact: { random in
      draw(&random, given: 0.75, exactValue).members.joined(separator: ", ")
    }
  }

  /// A JSON value anywhere in `domain`, its bounds and extremes included.
  static func anyValue(_ domain: ParameterDomain, _ random: inout SplitMix64) -> String {
    switch domain {
    case .number(let range, _): return "\(anyNumber(in: range, &random))"
    case .optionalNumber(let range, _):
      return random.chance(0.2) ? "null" : "\(anyNumber(in: range, &random))"
    case .bool: return "\(random.chance(0.5))"
    case .choice(let names): return "\"\(random.pick(names))\""
    case .other: preconditionFailure("a parameter without a declared domain")
    }
  }

  /// A JSON value of `domain` on a grid of 1/4 (a range of span 2 or less) or
  /// 1/2 points within ±300, so that every evaluation with it is exact.
  static func exactValue(_ domain: ParameterDomain, _ random: inout SplitMix64) -> String {
    switch domain {
    case .number(let range, _): return "\(exactNumber(in: range, &random))"
    case .optionalNumber(let range, _):
      return random.int(0..<3) == 0 ? "null" : "\(exactNumber(in: range, &random))"
    case .bool: return "\(random.chance(0.5))"
    case .choice(let names): return "\"\(random.pick(names))\""
    case .other: preconditionFailure("a parameter without a declared domain")
    }
  }

  /// A number in `range`: often a bound, 0 or a small whole number, else
  /// spread over every magnitude up to 1e9.
  public static func anyNumber(in range: NumberRange, _ random: inout SplitMix64) -> Double {
    let value: Double
    switch random.int(0..<8) {
    case 0: value = range.lower
    case 1: value = range.upper
    case 2: value = range.lower + (range.upper - range.lower) * random.unit()
    default:
      let scale = random.pick([10, 1e3, 1e9])
      value = range.lower >= 0 ? random.magnitude(upTo: scale) : random.signed(upTo: scale)
    }
    let clamped = min(max(value, range.lower), range.upper)
    // An excluded lower bound (`positive`): the least number above it that
    // the reader is sure to accept.
    return range.excludesLower && clamped <= range.lower
      ? range.lower + max(1e-9, abs(range.lower) * 1e-9) : clamped
  }

  /// A number of `range` on the grid of ``exactValue(_:_:)``.
  static func exactNumber(in range: NumberRange, _ random: inout SplitMix64) -> Double {
    let step = range.upper - range.lower <= 2 ? 0.25 : 0.5
    let lower = Int((max(range.lower, -300) / step).rounded(.up))
    let upper = Int((min(range.upper, 300) / step).rounded(.down))
    let first = range.excludesLower && Double(lower) * step <= range.lower ? lower + 1 : lower
    return Double(random.next(in: first...max(first, upper))) * step
  }
}
