import EffectHost
import EffectProtocol
import Effects
import Foundation
import Testing

/// The host's batched evaluation (one call per effect per chain, every copy at
/// once, one reused buffer) gives exactly the transforms of the plainest
/// evaluation: each view alone, one effect at a time, in a one-view batch.
@Suite struct FastPathTests {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every scene file of `Configs/`, and the benchmark's scene.
  static let sceneFiles: [String] = {
    let configs = packageRoot.appendingPathComponent("Configs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: configs.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { "Configs/" + $0 }
      + ["Benchmarks/bench-scene.json"]
  }()

  /// The transforms of every view of `scene` at `offset`, each view evaluated
  /// on its own: its natural frame, then every effect of its chain in a batch
  /// of that one view, with a fresh state.
  static func naiveFrame(_ scene: Scene, offset: Double) -> [ViewTransform] {
    let geometry = scene.geometry(offset: offset)
    var views: [ViewTransform] = []
    for chain in scene.chains {
      // `expression` reads a view's copy index and the number of copies: its
      // chains are evaluated with every view written, each effect on them all.
      if chain.effects.contains(where: { type(of: $0).typeName == ExpressionEffect.typeName }) {
        views += writtenChainFrame(chain, geometry)
        continue
      }
      for copy in 0..<chain.viewCount {
        var frame = chain.frame
        frame.y += Double(copy) * chain.stride
        var natural = frame
        if chain.attachment == .content { natural.y += geometry.contentOrigin }
        var transform = ViewTransform(frame: natural)
        for effect in chain.effects {
          withUnsafeMutablePointer(to: &transform) { pointer in
            var batch = ViewBatch(
              geometry: geometry, attachment: chain.attachment, naturalFrame: frame,
              stride: chain.stride, base: pointer, count: 1)
            apply(effect, to: &batch)
          }
        }
        views.append(transform)
      }
    }
    return views
  }

  /// The transforms of `chain`'s views: each written with its natural
  /// transform, then every effect on a batch of them all, with a fresh state.
  static func writtenChainFrame(_ chain: Chain, _ geometry: ScrollGeometry)
    -> [ViewTransform]
  {
    var transforms = (0..<chain.viewCount).map { copy in
      var natural = chain.frame
      natural.y += Double(copy) * chain.stride
      if chain.attachment == .content { natural.y += geometry.contentOrigin }
      return ViewTransform(frame: natural)
    }
    transforms.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var batch = ViewBatch(
        geometry: geometry, attachment: chain.attachment, naturalFrame: chain.frame,
        stride: chain.stride, base: base, count: buffer.count)
      for effect in chain.effects { apply(effect, to: &batch) }
    }
    return transforms
  }

  static func apply<Effect: ScrollEffect>(_ effect: Effect, to batch: inout ViewBatch) {
    var state = effect.makeState(viewCount: batch.count)
    effect.apply(to: &batch, state: &state)
  }

  /// Offsets from 300 before the top to 300 past the bottom in steps of 12.5,
  /// and the edges: every value a multiple of 1/4, so the two evaluations'
  /// sums are exact and must agree to the last bit.
  static func offsets(maxOffset: Double) -> [Double] {
    var offsets = Array(stride(from: -300.0, through: maxOffset + 300, by: 12.5))
    offsets += [-0.25, 0, 0.25, maxOffset - 0.25, maxOffset, maxOffset + 0.25]
    return offsets
  }

  /// Compares the host's frames with the naive ones at every offset.
  static func expectSameFrames(_ scene: Scene, label: String) {
    var host = SceneHost(scene: scene)
    for offset in offsets(maxOffset: scene.geometry(offset: 0).maxOffset) {
      host.evaluate(offset: offset)
      let expected = naiveFrame(scene, offset: offset)
      #expect(host.viewCount == expected.count)
      let actual = (0..<host.viewCount).map { host.transform(at: $0) }
      guard actual != expected else { continue }
      let index = actual.indices.first { actual[$0] != expected[$0] } ?? 0
      Issue.record(
        "\(label) at offset \(offset), view \(index): host \(actual[index]), per view \(expected[index])"
      )
      return
    }
  }

  @Test("every scene file of Configs and the bench scene is evaluated by the host as view by view")
  func configsMatch() throws {
    #expect(Self.sceneFiles.count > 1)
    for file in Self.sceneFiles {
      let scene = try SceneLoader().load(
        contentsOf: Self.packageRoot.appendingPathComponent(file).path)
      Self.expectSameFrames(scene, label: file)
    }
  }

  @Test("random chains of every built-in effect are evaluated by the host as view by view")
  func randomChainsMatch() throws {
    #expect(
      Set(RandomScene.effectMakers.keys) == Set(BuiltInEffects.all.map { $0.typeName }),
      "every built-in effect is drawn")
    for seed in 1...40 as ClosedRange<UInt64> {
      var generator = RandomScene(seed: seed)
      let json = generator.sceneJSON()
      let scene = try SceneLoader().load(json: json, file: "seed \(seed)")
      Self.expectSameFrames(scene, label: "seed \(seed): \(json)")
    }
  }
}

/// Random scenes of every built-in effect, from a seed: frames, insets and
/// offsets on a grid of 1/2 points so that evaluation is exact.
struct RandomScene {
  var random: SplitMix64

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// Each built-in type's random parameters, as the JSON members after `type`.
  static let effectMakers: [String: @Sendable (inout SplitMix64) -> String] = [
    "stretch": { random in
      var members = "\"edge\": \(random.pick(["\"top\"", "\"bottom\""]))"
      members += ", \"resistance\": \(random.pick(["0", "0.25", "0.5", "1"]))"
      members += ", \"maxStretch\": \(random.pick(["null", "0", "40", "1000"]))"
      members += ", \"mode\": \(random.pick(["\"grow\"", "\"zoom\""]))"
      return members
    },
    "footerPin": { random in "\"mode\": \(random.pick(["\"stretch\"", "\"move\""]))" },
    "pin": { random in
      var members = "\"edge\": \(random.pick(["\"top\"", "\"bottom\""]))"
      members += ", \"inset\": \(random.pick(["0", "12", "-8", "30.5"]))"
      members +=
        ", \"until\": \(random.pick(["null", "\(Double(random.next(in: -400...6000)) / 2)"]))"
      return members
    },
    "parallax": { random in "\"rate\": \(random.pick(["-0.5", "0", "0.25", "0.5", "1", "1.5"]))" },
    "translate": { random in
      let bounds = [
        Double(random.next(in: -600...600)) / 2, Double(random.next(in: -600...600)) / 2,
      ]
      var members = "\"axis\": \(random.pick(["\"x\"", "\"y\""]))"
      members += ", \"factor\": \(random.pick(["-1", "-0.5", "0", "1", "2"]))"
      if random.next(in: 0...1) == 0 { members += ", \"from\": \(bounds.min()!)" }
      if random.next(in: 0...1) == 0 { members += ", \"to\": \(bounds.max()!)" }
      return members
    },
    "collapse": { random in
      var members = "\"minHeight\": \(random.pick(["0", "44", "88", "500"]))"
      members += ", \"inset\": \(random.pick(["0", "10", "-20.5"]))"
      members += ", \"pinned\": \(random.pick(["true", "false"]))"
      return members
    },
    "expression": { random in
      // Columns and expressions of every kind: per frame, per view, a copy's
      // index, one that is not finite, one that saturates.
      let columns = ["x", "y", "width", "height", "scale", "anchorY", "opacity", "blur", "zIndex"]
      let expressions = [
        "y + 0.5 * max(0, offset)", "opacity * clamp(1 - offset / 300, 0, 1)",
        "smoothstep(0, 200, offset) * 2 - 1", "index * 10 + count", "naturalY + translateY / 2",
        "progress > 0.5 ? 1 : 0.5", "height / 0", "1e300 * offset", "10 - width", "pull / 4",
        "lerp(naturalHeight, 44, step(100, offset))", "minY - insetTop",
      ]
      let count = random.next(in: 1...3)
      let chosen = Set((0..<count).map { _ in random.pick(columns) })
      return chosen.sorted().map { #""\#($0)": "\#(random.pick(expressions))""# }
        .joined(separator: ", ")
    },
    "interpolate": { random in
      let property = random.pick([
        "opacity", "scale", "scaleX", "scaleY", "blur", "rotation", "translateX", "translateY",
        "width", "height", "zIndex",
      ])
      let input = random.pick(["offset", "pull", "pullBottom", "minY", "height", "progress"])
      // Inputs on a grid of 1/8 (progress) or 1/2 points; outputs in the property's range.
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
      var members = "\"property\": \"\(property)\", \"input\": \"\(input)\""
      members += ", \"stops\": [" + stops.joined(separator: ", ") + "]"
      members +=
        ", \"easing\": "
        + random.pick([
          "\"linear\"", "\"easeIn\"", "\"easeOut\"", "\"easeInOut\"",
          "{\"cubicBezier\": [0.25, 0.1, 0.25, 1]}", "{\"cubicBezier\": [0.7, -0.5, 0.3, 1.5]}",
        ])
      members += ", \"extrapolate\": \(random.pick(["\"clamp\"", "\"extend\""]))"
      return members
    },
  ]

  mutating func sceneJSON() -> String {
    let types = Self.effectMakers.keys.sorted()
    var chains: [String] = []
    for index in 0..<random.next(in: 1...6) {
      let height = Double(random.next(in: 0...800)) / 2 + 0.5
      var chain = "{\"name\": \"c\(index)\", \"frame\": {\"x\": \(random.next(in: -20...20))"
      chain += ", \"y\": \(Double(random.next(in: -200...3000)) / 2), \"height\": \(height)"
      chain += ", \"width\": \(random.next(in: 1...400))}"
      chain += ", \"attachment\": \(random.pick(["\"content\"", "\"viewport\""]))"
      if random.next(in: 0...2) == 0 {
        chain += ", \"repeat\": {\"count\": \(random.next(in: 0...12))"
        chain += ", \"spacing\": \(Double(random.next(in: 0...40)) / 2)}"
      }
      let effects = (0..<random.next(in: 0...4)).map { _ in
        let type = random.pick(types)
        let members = Self.effectMakers[type]!(&random)
        return "{\"type\": \"\(type)\"" + (members.isEmpty ? "" : ", " + members) + "}"
      }
      chains.append(chain + ", \"effects\": [" + effects.joined(separator: ", ") + "]}")
    }
    var scene = "{\"viewport\": {\"width\": \(random.next(in: 200...500))"
    scene += ", \"height\": \(random.next(in: 300...1000))}"
    scene += ", \"contentInsets\": {\"top\": \(random.next(in: 0...60))"
    scene += ", \"bottom\": \(random.next(in: 0...40))}"
    if random.next(in: 0...1) == 0 { scene += ", \"contentHeight\": \(random.next(in: 0...4000))" }
    return scene + ", \"chains\": [" + chains.joined(separator: ", ") + "]}"
  }
}

/// Counts the frames it has seen in `zIndex`: a stateful effect whose state
/// shows whether two hosts share it.
struct FrameCounterEffect: ScrollEffect {
  static let descriptor = EffectDescriptor(
    typeName: "frameCounter", summary: "Counts frames.", discussion: "zIndex = frames seen",
    parameters: [], examples: [])

  init() {}

  init(from reader: inout ParameterReader) {}

  func makeState(viewCount: Int) -> Int { 0 }

  func apply(to views: inout ViewBatch, state: inout Int) {
    state += 1
    let frames = Double(state)
    views.modifyEach { $0.zIndex = frames }
  }
}

@Suite struct HostStateTests {
  func host() -> SceneHost {
    SceneHost(
      scene: Scene(chains: [
        Chain(
          name: "bar", frame: Rect(y: 0, width: 390, height: 60),
          effects: [StretchEffect(), FrameCounterEffect()])
      ]))
  }

  @Test("copies of a host with a stateful effect carry their own state")
  func copiesKeepTheirOwnState() {
    var first = host()
    first.evaluate(offset: 0)
    first.evaluate(offset: 10)
    var second = first
    second.evaluate(offset: 20)
    second.evaluate(offset: 30)
    first.evaluate(offset: 40)
    #expect(first.transform(at: 0).zIndex == 3)
    #expect(second.transform(at: 0).zIndex == 4)
    var third = second
    third.evaluate(offset: 50)
    second.evaluate(offset: 60)
    #expect(second.transform(at: 0).zIndex == 5)
    #expect(third.transform(at: 0).zIndex == 5)
    #expect(first.transform(at: 0).zIndex == 3)
  }
}
