import EffectHost
import EffectProtocol
import Effects
import ScrollEffectsTestSupport
import Testing

/// Random scenes of random chains of built-in effects with random valid
/// parameters, written as JSON and loaded through the loader: at every offset
/// (±1e12 and ±1e15 included) every output keeps the contract, two hosts agree
/// bit for bit, and views move continuously, no faster than their effects
/// allow.
@Suite struct RandomChainPropertyTests {
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
        let generator = random.pick(BuiltInEffectGenerators.all)
        let effect = generator.make(&random)
        effects.append(
          "{" + ([#""type": "\#(generator.typeName)""#] + effect.members).joined(separator: ", ")
            + "}")
        rate = rate.flatMap { rate in effect.rate.map { $0.gain * rate + $0.added } }
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
        let a = (0..<first.viewCount).map { first.transform(at: $0) }
        let b = (0..<second.viewCount).map { second.transform(at: $0) }
        if let difference = firstBitwiseDifference(a, b, actualName: "first", expectedName: "then")
        {
          Issue.record("seed \(seed), offset \(offset), \(difference)\n\(generated.json)")
          return
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
    "when the offset moves 0.01, a view moves at most 0.01 times the rate its effects allow",
    arguments: 0..<8)
  func viewsMoveContinuously(seed: UInt64) throws {
    var random = SplitMix64(seed: seed &+ 2000)
    let step = 0.01
    var checked = 0
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
              checked += 1
              let x = column.value(of: a, naturalX: 0, naturalY: 0)
              let y = column.value(of: b, naturalX: 0, naturalY: 0)
              // Rounding: 64 ulps of the values involved, some 1.4e-5 at
              // 1e9, well below a step's 0.01.
              let tolerance = 64 * Double.ulpOfOne * max(1, abs(x), abs(y), abs(offset))
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
    // Chains with no bound are skipped; the others must leave values to compare.
    #expect(checked >= 1000)
  }

  @Test("every built-in effect has a generator, so every one is exercised")
  func everyEffectIsGenerated() {
    #expect(
      Set(BuiltInEffects.all.map { $0.descriptor.typeName })
        == Set(BuiltInEffectGenerators.all.map(\.typeName))
    )
  }

  @Test("generated parameters are valid: every one of many random effects loads")
  func generatedEffectsLoad() throws {
    var random = SplitMix64(seed: 7)
    for generator in BuiltInEffectGenerators.all {
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
