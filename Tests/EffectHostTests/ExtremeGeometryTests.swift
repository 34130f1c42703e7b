import EffectHost
import EffectProtocol
import Effects
import Foundation
import ScrollEffectsTestSupport
import Testing

/// Scenes at the edges of what the loader accepts (viewports and frames from
/// 5e-324 to 1e9 points, offsets to ±1e15) keep the contract: every column
/// finite, sizes and blur not negative, opacity in 0...1.
@Suite struct ExtremeGeometryTests {
  /// 5e-324, the least positive Double (a literal would warn of underflow).
  static let tiny = Double.leastNonzeroMagnitude

  /// The columns of every view of `host`'s last frame, or the first column
  /// that breaks the contract.
  static func violation(in host: SceneHost) -> String? {
    for (chainIndex, chain) in host.chains.enumerated() {
      for (copy, index) in chain.viewRange.enumerated() {
        let transform = host.transform(at: index)
        if let violation = transform.contractViolation { return "view \(index): \(violation)" }
        let natural = host.naturalFrame(chain: chainIndex, copy: copy)
        for column in TransformColumn.allCases {
          let value = column.value(of: transform, naturalX: natural.x, naturalY: natural.y)
          if !value.isFinite { return "view \(index): \(column.rawValue) is \(value)" }
        }
      }
    }
    return nil
  }

  /// A one-view scene: a viewport and a content-attached frame `size` tall,
  /// with one `interpolate` of `property` on `input` through `stops`, extended.
  static func scene(
    viewportHeight: Double, frameHeight: Double, property: String, input: String = "progress",
    stops: String
  ) throws -> Scene {
    try SceneLoader().load(
      json: """
        {"viewport": {"height": \(viewportHeight)},
         "chains": [{"name": "v", "frame": {"height": \(frameHeight)},
           "effects": [{"type": "interpolate", "property": "\(property)", "input": "\(input)",
                        "stops": \(stops), "extrapolate": "extend"}]}]}
        """)
  }

  static let properties = [
    "opacity", "scale", "scaleX", "scaleY", "blur", "rotation", "translateX", "translateY",
    "width", "height", "zIndex",
  ]

  /// What a constant curve `value` does to the identity transform of a view
  /// whose natural frame is `natural`, by the combine rules of `interpolate` in Docs/Effects.md.
  static func expected(_ property: String, _ value: Double, natural: Rect) -> ViewTransform {
    var view = ViewTransform(frame: natural)
    switch property {
    case "opacity": view.opacity = min(max(value, 0), 1)
    case "scale": (view.scaleX, view.scaleY) = (value, value)
    case "scaleX": view.scaleX = value
    case "scaleY": view.scaleY = value
    case "blur": view.blur = max(0, value)
    case "rotation": view.rotation = value
    case "translateX": view.x += value
    case "translateY": view.y += value
    case "width": view.width = max(0, value)
    case "height": view.height = max(0, value)
    default: view.zIndex = value
    }
    return view
  }

  @Test(
    "the issue's scene: 5e-324 tall, progress overflows, a flat extended curve gives its output",
    arguments: properties, [0.0, 0.75])
  func flatCurveOnTinyGeometry(property: String, output: Double) throws {
    // The progress (V - minY) / (V + height) is ±(1 / 1e-323) = ±inf at
    // offsets ±1; the curve is flat, so every input gives `output`.
    let scene = try Self.scene(
      viewportHeight: Self.tiny, frameHeight: Self.tiny, property: property,
      stops: "[[0, \(output)], [1, \(output)]]")
    var host = SceneHost(scene: scene)
    for offset in [-1.0, 1, -1e15, 1e15, 0] {
      host.evaluate(offset: offset)
      let natural = host.naturalFrame(chain: 0, copy: 0)
      #expect(natural.y == -offset)
      #expect(
        host.transform(at: 0) == Self.expected(property, output, natural: natural),
        "\(property) at offset \(offset)")
    }
  }

  @Test(
    "a viewport 1e-300 tall at offsets past 4e8: the progress saturates, the output is finite",
    arguments: properties)
  func flatCurveOnSmallViewport(property: String) throws {
    let scene = try Self.scene(
      viewportHeight: 1e-300, frameHeight: 1e-300, property: property,
      stops: "[[0, 0.5], [1, 0.5]]")
    var host = SceneHost(scene: scene)
    for offset in [4e8, 5e8, 1e12, -5e8, -1e15] {
      host.evaluate(offset: offset)
      let natural = host.naturalFrame(chain: 0, copy: 0)
      #expect(host.transform(at: 0) == Self.expected(property, 0.5, natural: natural))
    }
  }

  @Test("a steep extended curve on an overflowing progress saturates at ±1e15")
  func steepCurveSaturates() throws {
    // Slope 2: the value is 2 * progress, and the progress is ±1e15 once it
    // overflows, so the value is ±2e15, saturated to ±1e15.
    let scene = try Self.scene(
      viewportHeight: Self.tiny, frameHeight: Self.tiny, property: "rotation",
      stops: "[[0, 0], [1, 2]]")
    var host = SceneHost(scene: scene)
    host.evaluate(offset: 1)  // minY -1: V - minY = 1, progress +inf
    #expect(host.transform(at: 0).rotation == 1e15)
    host.evaluate(offset: -1)  // minY 1: progress -inf
    #expect(host.transform(at: 0).rotation == -1e15)
    host.evaluate(offset: 0)  // minY 0: progress 5e-324 / 1e-323 = 0.5
    #expect(host.transform(at: 0).rotation == 1)
  }

  @Test("the cover progress: the formula where it is finite, ±1e15 where it overflows")
  func coverProgress() {
    #expect(ScrollGeometry.coverProgress(minY: 844 - 500, height: 156, viewportHeight: 844) == 0.5)
    #expect(
      ScrollGeometry.coverProgress(minY: -1, height: Self.tiny, viewportHeight: Self.tiny) == 1e15)
    #expect(
      ScrollGeometry.coverProgress(minY: 1, height: Self.tiny, viewportHeight: Self.tiny) == -1e15)
    #expect(
      ScrollGeometry.coverProgress(minY: 2e9, height: 1e-300, viewportHeight: 1e-300) == -1e15)
    // No span (not a loadable scene): 0 rather than NaN.
    #expect(ScrollGeometry.coverProgress(minY: 0, height: 0, viewportHeight: 0) == 0)
    #expect(ScrollGeometry.coverProgress(minY: 1, height: 0, viewportHeight: 0) == 0)
  }

  @Test("stops set in code beyond ±1e15 are saturated, so every fraction stays finite")
  func hugeStopsInCode() {
    let effect = InterpolateEffect(
      parameters: .init(
        property: .rotation, stops: [.init(-1e308, -1e308), .init(1e308, 1e308)],
        extrapolate: .extend))
    // Saturated to [-1e15, -1e15], [1e15, 1e15]: the identity line, within
    // the rounding of numbers near 1e15 (an ulp is 0.125).
    for (offset, expected) in [(0.0, 0.0), (1e14, 1e14), (-3, -3), (1e15, 1e15), (-1e15, -1e15)] {
      var evaluator = EffectEvaluator([effect], naturalFrame: Rect(y: 0, width: 390, height: 300))
      let result = evaluator.evaluate(ScrollGeometry(offset: offset, contentHeight: 2000))
      #expect(result.count == 1)
      #expect(abs(result[0].rotation - expected) <= 0.5, "offset \(offset): \(result[0].rotation)")
    }
  }

  // MARK: - Random scenes at the extremes

  /// A size spread log-uniformly over 5e-324...1e9.
  static func extremeSize(_ random: inout SplitMix64) -> Double {
    switch random.int(0..<8) {
    case 0: return .leastNonzeroMagnitude
    case 1: return 1e9
    default:
      let exponent =
        random.unit() * (9 - Double.leastNonzeroMagnitude.exponentBase10)
        + Double.leastNonzeroMagnitude.exponentBase10
      return min(1e9, max(.leastNonzeroMagnitude, pow(10, exponent)))
    }
  }

  /// An `interpolate` that stresses the inputs that overflow: often
  /// `progress`, often extended, often flat.
  static func extremeInterpolate(_ random: inout SplitMix64) -> String {
    let property = random.pick(properties)
    let input = random.pick(["offset", "pull", "pullBottom", "minY", "height", "progress"])
    // Within the loader's ±1e9, strictly increasing: some a hair apart,
    // which makes slopes too steep for a Double.
    var inputs: [Double] = [random.pick([0, -1, random.signed(upTo: 1e9 - 10)])]
    for _ in 1..<random.int(2..<6) {
      let gap = random.pick([1, 1e-300, random.magnitude(upTo: 1e9, zero: false)])
      let next = min(1e9, inputs[inputs.count - 1] + gap)
      if next > inputs[inputs.count - 1] { inputs.append(next) }
    }
    if inputs.count < 2 { inputs.append(inputs[0] + 1) }
    let flat = random.chance(0.3)
    let constant = property == "opacity" ? random.unit() : random.magnitude(upTo: 1e9)
    let outputs = inputs.map { _ in
      flat
        ? constant
        : (property == "opacity"
          ? random.unit()
          : ["width", "height", "blur"].contains(property)
            ? random.magnitude(upTo: 1e9) : random.signed(upTo: 1e9))
    }
    let stops = zip(inputs, outputs).map { "[\($0), \($1)]" }.joined(separator: ", ")
    let easing = random.pick([
      #""linear""#, #""easeInOut""#, #"{"cubicBezier": [0.3, -2, 0.7, 3]}"#,
    ])
    return
      #"{"type": "interpolate", "property": "\#(property)", "input": "\#(input)", "stops": [\#(stops)], "easing": \#(easing), "extrapolate": "\#(random.pick(["extend", "clamp"]))"}"#
  }

  static func extremeScene(_ random: inout SplitMix64) -> String {
    var chains: [String] = []
    for index in 0..<random.int(1..<4) {
      var effects: [String] = []
      for _ in 0..<random.int(1..<5) {
        if random.chance(0.5) {
          effects.append(extremeInterpolate(&random))
        } else {
          let generator = random.pick(BuiltInEffectGenerators.all)
          let members = [#""type": "\#(generator.typeName)""#] + generator.make(&random).members
          effects.append("{" + members.joined(separator: ", ") + "}")
        }
      }
      let repetition =
        random.chance(0.4)
        ? #", "repeat": {"count": \#(random.int(1..<5)), "spacing": \#(random.chance(0.5) ? 0 : extremeSize(&random))}"#
        : ""
      chains.append(
        #"{"name": "c\#(index)", "frame": {"y": \#(random.chance(0.5) ? 0 : random.signed(upTo: 1e9)), "height": \#(extremeSize(&random)), "width": \#(extremeSize(&random))}, "attachment": "\#(random.pick(["content", "viewport"]))"\#(repetition), "effects": [\#(effects.joined(separator: ", "))]}"#
      )
    }
    let insets =
      random.chance(0.5)
      ? #", "contentInsets": {"top": \#(extremeSize(&random)), "bottom": \#(extremeSize(&random))}"#
      : ""
    let content = random.chance(0.3) ? #", "contentHeight": \#(extremeSize(&random))"# : ""
    return
      #"{"viewport": {"width": \#(extremeSize(&random)), "height": \#(extremeSize(&random))}\#(insets)\#(content), "chains": [\#(chains.joined(separator: ", "))]}"#
  }

  @Test(
    "random scenes with sizes from 5e-324 to 1e9 and offsets to ±1e15 keep the contract",
    arguments: 0..<8)
  func randomExtremeScenes(seed: UInt64) throws {
    var random = SplitMix64(seed: seed &+ 16_000)
    for _ in 0..<60 {
      let json = Self.extremeScene(&random)
      let scene = try SceneLoader().load(json: json)
      var host = SceneHost(scene: scene)
      var offsets = [0, -1, 1, -1e15, 1e15, 4e8, -4e8, scene.geometry(offset: 0).maxOffset]
      for _ in 0..<8 {
        offsets.append(random.signed(upTo: random.pick([1, 1e4, 1e9, 1e15])))
      }
      for offset in offsets {
        host.evaluate(offset: offset)
        if let violation = Self.violation(in: host) {
          Issue.record("seed \(seed), offset \(offset): \(violation)\n\(json)")
          return
        }
      }
    }
  }
}

extension Double {
  /// log10 of the value, exact enough for spreading samples.
  fileprivate var exponentBase10: Double { log10(self) }
}
