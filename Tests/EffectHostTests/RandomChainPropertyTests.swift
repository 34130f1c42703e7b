import EffectHost
import EffectProtocol
import Effects
import Foundation
import Testing

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64):
/// the same seed gives the same scenes on every machine and toolchain, so a
/// failure names its seed and can be replayed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in 0..<1, with 53 random bits.
  mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// Uniform in `range` (a modulo bias of at most 2^-50 does not matter here).
  mutating func int(_ range: Range<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  mutating func chance(_ probability: Double) -> Bool { unit() < probability }

  mutating func pick<T>(_ choices: [T]) -> T { choices[int(0..<choices.count)] }

  /// A number in `0...maximum` that is often a boundary: 0 (when `zero`),
  /// the maximum, a small whole number, or spread over every magnitude.
  mutating func magnitude(upTo maximum: Double, zero: Bool = true) -> Double {
    switch int(0..<10) {
    case 0: return zero ? 0 : 1e-9
    case 1: return maximum
    case 2, 3, 4: return Double(int(1..<1000))
    default: return min(maximum, pow(10, unit() * 12 - 3))
    }
  }

  /// A number of either sign with a magnitude of at most `maximum`.
  mutating func signed(upTo maximum: Double) -> Double {
    let value = magnitude(upTo: maximum)
    return chance(0.5) ? -value : value
  }
}

/// Random scenes of random chains of built-in effects with random valid
/// parameters, written as JSON and loaded through the loader: at every offset
/// (±1e12 and ±1e15 included) every output keeps the contract, two hosts agree
/// bit for bit, and chains of continuous effects move continuously.
@Suite struct RandomChainPropertyTests {
  /// An effect's random JSON members and how it bounds the rate of change of
  /// a view's columns with the offset: after it, a bound `L` becomes
  /// `gain * L + added`.
  struct GeneratedEffect {
    var members: [String]
    var gain: Double = 1
    var added: Double
  }

  /// How to make random valid parameters for one effect type.
  struct EffectGenerator: Sendable {
    var typeName: String
    /// Whether a chain of only continuous effects moves continuously with the
    /// offset, at a rate the effects bound.
    var isContinuous: Bool
    var make: @Sendable (inout SplitMix64) -> GeneratedEffect
  }

  /// One entry per built-in effect type.
  static let generators: [EffectGenerator] = [
    EffectGenerator(typeName: "stretch", isContinuous: true) { random in
      var members: [String] = []
      if random.chance(0.5) { members.append(#""edge": "\#(random.pick(["top", "bottom"]))""#) }
      if random.chance(0.5) {
        members.append(#""resistance": \#(random.pick([0, 1, random.unit()]))"#)
      }
      if random.chance(0.5) {
        let limit = random.chance(0.2) ? "null" : "\(random.magnitude(upTo: 1e9))"
        members.append(#""maxStretch": \#(limit)"#)
      }
      if random.chance(0.5) { members.append(#""mode": "\#(random.pick(["grow", "zoom"]))""#) }
      // The stretch grows at most as fast as the pull: 1 point a point.
      return GeneratedEffect(members: members, added: 1)
    }
  ]

  /// A random scene as JSON, and for each chain the bound on how fast its
  /// columns change per point of offset, or `nil` when it may jump.
  struct GeneratedScene {
    var json: String
    var rateBounds: [Double?]
  }

  static func generateScene(_ random: inout SplitMix64) -> GeneratedScene {
    var members: [String] = []
    if random.chance(0.5) {
      members.append(
        #""viewport": {"width": \#(random.magnitude(upTo: 1e4, zero: false)), "height": \#(random.magnitude(upTo: 1e4, zero: false))}"#
      )
    }
    if random.chance(0.5) {
      let insets = ["top", "bottom", "left", "right"].filter { _ in random.chance(0.5) }
        .map { #""\#($0)": \#(random.magnitude(upTo: 1e3))"# }
      members.append(#""contentInsets": {\#(insets.joined(separator: ", "))}"#)
    }
    if random.chance(0.3) {
      members.append(#""contentHeight": \#(random.magnitude(upTo: 1e9))"#)
    }
    var chains: [String] = []
    var rateBounds: [Double?] = []
    for index in 0..<random.int(1..<5) {
      var chain = [#""name": "chain\#(index)""#]
      var frame = [#""height": \#(random.magnitude(upTo: random.pick([1e4, 1e9]), zero: false))"#]
      if random.chance(0.5) {
        frame.append(#""y": \#(random.signed(upTo: random.pick([1e4, 1e9])))"#)
      }
      if random.chance(0.3) { frame.append(#""x": \#(random.signed(upTo: 1e4))"#) }
      if random.chance(0.3) {
        frame.append(#""width": \#(random.magnitude(upTo: 1e4, zero: false))"#)
      }
      chain.append(#""frame": {\#(frame.joined(separator: ", "))}"#)
      let viewportAttached = random.chance(0.3)
      if viewportAttached || random.chance(0.2) {
        chain.append(#""attachment": "\#(viewportAttached ? "viewport" : "content")""#)
      }
      if random.chance(0.3) {
        chain.append(
          #""repeat": {"count": \#(random.int(0..<6)), "spacing": \#(random.magnitude(upTo: 1e3))}"#
        )
      }
      // A content-attached view moves a point a point with the offset.
      var rate: Double? = viewportAttached ? 0 : 1
      var effects: [String] = []
      for _ in 0..<random.int(0..<5) {
        let generator = random.pick(generators)
        let effect = generator.make(&random)
        effects.append(
          "{" + ([#""type": "\#(generator.typeName)""#] + effect.members).joined(separator: ", ")
            + "}")
        rate = generator.isContinuous ? rate.map { effect.gain * $0 + effect.added } : nil
      }
      chain.append(#""effects": [\#(effects.joined(separator: ", "))]"#)
      chains.append("{" + chain.joined(separator: ", ") + "}")
      rateBounds.append(rate)
    }
    members.append(#""chains": [\#(chains.joined(separator: ",\n  "))]"#)
    return GeneratedScene(
      json: "{" + members.joined(separator: ",\n") + "}", rateBounds: rateBounds)
  }

  static func offsets(for scene: Scene, _ random: inout SplitMix64) -> [Double] {
    let maxOffset = scene.geometry(offset: 0).maxOffset
    var offsets: [Double] = [
      0, -1e12, 1e12, -1e15, 1e15, -1, 1, -100, 150, maxOffset, maxOffset + 50,
    ]
    for _ in 0..<8 { offsets.append(random.signed(upTo: 1e4)) }
    for _ in 0..<4 { offsets.append(random.signed(upTo: 1e15)) }
    return offsets
  }

  static let scenesPerSeed = 40

  @Test(
    "every output is finite, sizes and blur are not negative, opacity is in 0...1", arguments: 0..<8
  )
  func contractHolds(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    for _ in 0..<Self.scenesPerSeed {
      let generated = Self.generateScene(&random)
      let scene = try SceneLoader().load(json: generated.json)
      var host = SceneHost(scene: scene)
      for offset in Self.offsets(for: scene, &random) {
        host.evaluate(offset: offset)
        for index in 0..<host.viewCount {
          let transform = host.transform(at: index)
          if let violation = transform.contractViolation {
            Issue.record(
              "seed \(seed), offset \(offset), view \(index): \(violation)\n\(generated.json)")
            return
          }
        }
      }
    }
  }

  @Test("two hosts of one scene give the same results bit for bit", arguments: 0..<8)
  func evaluationIsDeterministic(seed: UInt64) throws {
    var random = SplitMix64(seed: seed &+ 1000)
    for _ in 0..<Self.scenesPerSeed {
      let generated = Self.generateScene(&random)
      var first = SceneHost(scene: try SceneLoader().load(json: generated.json))
      var second = SceneHost(scene: try SceneLoader().load(json: generated.json))
      for offset in Self.offsets(for: first.scene, &random) {
        first.evaluate(offset: offset)
        second.evaluate(offset: offset)
        for index in 0..<first.viewCount {
          let a = first.transform(at: index)
          let b = second.transform(at: index)
          for column in TransformColumn.allCases {
            let x = column.value(of: a, naturalX: 0, naturalY: 0)
            let y = column.value(of: b, naturalX: 0, naturalY: 0)
            if x.bitPattern != y.bitPattern {
              Issue.record(
                "seed \(seed), offset \(offset), view \(index), \(column.rawValue): \(x) then \(y)\n\(generated.json)"
              )
              return
            }
          }
        }
      }
    }
  }

  /// The columns that move continuously with the offset. The scale factors
  /// are continuous too but may change as fast as 1 / height (a zoom of a
  /// thin view), and anchors legitimately jump when a zoom starts.
  static let continuousColumns: [TransformColumn] = [
    .x, .y, .width, .height, .opacity, .blur, .rotation, .zIndex,
  ]

  @Test(
    "chains of continuous effects move at most a bounded amount when the offset moves 0.01",
    arguments: 0..<8)
  func continuousChainsAreContinuous(seed: UInt64) throws {
    var random = SplitMix64(seed: seed &+ 2000)
    let step = 0.01
    for _ in 0..<Self.scenesPerSeed {
      let generated = Self.generateScene(&random)
      let scene = try SceneLoader().load(json: generated.json)
      var before = SceneHost(scene: scene)
      var after = SceneHost(scene: scene)
      let maxOffset = scene.geometry(offset: 0).maxOffset
      // Where effects switch on (the edges of overscroll), and anywhere.
      var offsets = [-step / 2, 0, -step, maxOffset - step / 2, maxOffset]
      for _ in 0..<20 { offsets.append(random.signed(upTo: 1e4)) }
      for offset in offsets {
        before.evaluate(offset: offset)
        after.evaluate(offset: offset + step)
        for (chainIndex, chain) in before.chains.enumerated() {
          guard let rate = generated.rateBounds[chainIndex] else { continue }
          for index in chain.viewRange {
            let a = before.transform(at: index)
            let b = after.transform(at: index)
            for column in Self.continuousColumns {
              let x = column.value(of: a, naturalX: 0, naturalY: 0)
              let y = column.value(of: b, naturalX: 0, naturalY: 0)
              // Rounding: a few ulps of the values involved.
              let tolerance = 1e-9 * max(1, abs(x), abs(y), abs(offset))
              if abs(y - x) > step * rate + tolerance {
                Issue.record(
                  "seed \(seed), view \(index), \(column.rawValue): \(x) at offset \(offset), \(y) at \(offset + step) (bound \(step * rate))\n\(generated.json)"
                )
                return
              }
            }
          }
        }
      }
    }
  }

  @Test("every built-in effect has a generator, so every one is exercised")
  func everyEffectIsGenerated() {
    #expect(
      Set(BuiltInEffects.all.map { $0.descriptor.typeName }) == Set(Self.generators.map(\.typeName))
    )
  }

  @Test("generated parameters are valid: every one of many random effects loads")
  func generatedEffectsLoad() throws {
    var random = SplitMix64(seed: 7)
    for generator in Self.generators {
      for _ in 0..<200 {
        let effect = generator.make(&random)
        let json =
          #"{"name": "a", "frame": {"height": 1}, "effects": [{"type": "\#(generator.typeName)"\#(effect.members.map { ", " + $0 }.joined())}]}"#
        #expect(throws: Never.self, "\(json)") { try SceneLoader().load(json: json) }
      }
    }
  }

  @Test("the generator is deterministic: one seed, one sequence")
  func generatorIsSeeded() {
    var a = SplitMix64(seed: 42)
    var b = SplitMix64(seed: 42)
    #expect((0..<100).map { _ in a.next() } == (0..<100).map { _ in b.next() })
    // The first output of SplitMix64 seeded with 0, as published.
    var zero = SplitMix64(seed: 0)
    #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
  }
}
