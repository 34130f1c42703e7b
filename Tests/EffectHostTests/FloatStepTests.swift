import EffectHost
import EffectProtocol
import ScrollEffectsTestSupport
import Testing

/// `float` in a host, whose step keeps the state in memory of its own:
/// random scenes of a header and a chain of copies, one or two floats at the
/// end of each chain, after other effects or none, scrolled through random
/// offsets, copied mid-scroll, grown and shrunk, reset. Each frame is checked
/// against the formula worked out here from a host of the same scene without
/// its floats (the frames the floats start from), bit for bit, and the
/// horizontal twin against the vertical host, bit for bit.
@Suite struct FloatStepTests {
  /// One float of one chain, by the formula: `h = clamp(h + delta, 0,
  /// height)`, `y = max(y, top + inset - h)`, delta 0 on a copy's first
  /// frame.
  struct Float {
    let inset: Double
    var previous: Double?
    var hidden: [Double]
    /// Copies added since the last frame, whose next frame is their first.
    var fresh: [Bool]

    init(inset: Double, count: Int) {
      self.inset = inset
      hidden = Array(repeating: 0, count: count)
      fresh = Array(repeating: false, count: count)
    }

    mutating func resize(to count: Int) {
      if count < hidden.count {
        hidden.removeLast(hidden.count - count)
        fresh.removeLast(fresh.count - count)
      } else {
        hidden += Array(repeating: 0, count: count - hidden.count)
        fresh += Array(repeating: true, count: count - fresh.count)
      }
    }

    mutating func reset() {
      self = Float(inset: inset, count: hidden.count)
    }

    mutating func apply(offset: Double, top: Double, to views: inout ArraySlice<ViewTransform>) {
      let delta = previous.map { offset - $0 } ?? 0
      previous = offset
      for (copy, index) in views.indices.enumerated() {
        let h = min(max(hidden[copy] + (fresh[copy] ? 0 : delta), 0), views[index].height)
        hidden[copy] = h
        fresh[copy] = false
        views[index].y = max(views[index].y, top + inset - h)
      }
    }
  }

  /// A scene, its floats by the formula and a host of it without them.
  struct Model {
    var floats: [[Float]]
    var withoutFloats: SceneHost
    let top: Double

    /// The frame the host with floats gives at `offset`, by the formula.
    mutating func evaluate(offset: Double) -> [ViewTransform] {
      withoutFloats.evaluate(offset: offset)
      var views = withoutFloats.withTransforms { Array($0) }
      for chain in floats.indices {
        let range = withoutFloats.chains[chain].viewRange
        var slice = views[range]
        for index in floats[chain].indices {
          self.floats[chain][index].apply(offset: offset, top: top, to: &slice)
        }
        views[range] = slice
      }
      return views
    }

    /// The copies' chain given `repetition`: one view without it.
    mutating func setRepetition(_ repetition: Chain.Repetition?) {
      withoutFloats.setRepetition(repetition, ofChain: 1)
      for index in floats[1].indices { floats[1][index].resize(to: repetition?.count ?? 1) }
    }

    mutating func reset() {
      for chain in floats.indices {
        for index in floats[chain].indices { floats[chain][index].reset() }
      }
    }
  }

  static let prefixes = [
    "", #"{"type": "translate", "factor": -0.5}, "#, #"{"type": "collapse", "minHeight": 20}, "#,
    #"{"type": "translate", "axis": "y", "from": null}, {"type": "collapse", "inset": -40}, "#,
    #"{"type": "stretch"}, "#, #"{"type": "parallax", "rate": 0.3}, "#,
  ]

  static func load(_ value: JSONValue) throws -> Scene {
    try SceneLoader().scene(from: value).get()
  }

  static func views(_ host: SceneHost) -> [ViewTransform] {
    host.withTransforms { Array($0) }
  }

  @Test(arguments: 0..<16)
  func hostIsTheFormula(seed: UInt64) throws {
    var random = SplitMix64(seed: 0xF10A7 &+ seed)
    let top = random.chance(0.5) ? 0 : Double(random.next(in: 0...60))
    let count = random.next(in: 1...12)
    // The header's floats and the copies': insets, and what comes before.
    let insets = (0..<2).map { _ in
      (0..<random.next(in: 1...2)).map { _ in random.chance(0.5) ? 0 : random.signed(upTo: 80) }
    }
    let prefix = (0..<2).map { _ in random.pick(Self.prefixes) }
    func scene(floats: Bool) -> String {
      let effects = (0..<2).map { chain in
        prefix[chain]
          + (floats
            ? insets[chain].map { #"{"type": "float", "inset": \#($0)}"# }.joined(separator: ", ")
            : "")
      }.map { $0.hasSuffix(", ") ? String($0.dropLast(2)) : $0 }
      return #"""
        {"viewport": {"width": 390, "height": 844}, "contentInsets": {"top": \#(top)},
         "contentHeight": 6000, "chains": [
           {"name": "bar", "frame": {"y": 30, "height": 64}, "effects": [\#(effects[0])]},
           {"name": "rows", "frame": {"y": 120, "height": 90},
            "repeat": {"count": \#(count), "spacing": 7}, "effects": [\#(effects[1])]}]}
        """#
    }
    let json = try JSONParser.parse(Array(scene(floats: true).utf8))
    var host = SceneHost(scene: try Self.load(json))
    var twin = SceneHost(scene: try Self.load(HorizontalTwin.transposed(json)))
    var model = Model(
      floats: insets.enumerated().map { chain, insets in
        insets.map { Float(inset: $0, count: chain == 0 ? 1 : count) }
      },
      withoutFloats: SceneHost(
        scene: try Self.load(JSONParser.parse(Array(scene(floats: false).utf8)))),
      top: top)

    /// One frame of the host, its twin and the model at `offset`, checked.
    func frame(
      _ host: inout SceneHost, _ twin: inout SceneHost, _ model: inout Model, _ offset: Double,
      _ label: String
    ) -> Bool {
      let visibleOnly = random.chance(0.3)
      host.evaluate(offset: offset, visibleOnly: visibleOnly)
      twin.evaluate(offset: offset, visibleOnly: !visibleOnly)
      let expected = model.evaluate(offset: offset)
      let views = Self.views(host)
      let difference = firstBitwiseDifference(
        views, expected, actualName: "host", expectedName: "formula")
      #expect(difference == nil, "\(label), offset \(offset): \(difference ?? "")")
      let twinDifference = firstBitwiseDifference(
        Self.views(twin), views.map(HorizontalTwin.swapped), actualName: "horizontal",
        expectedName: "vertical swapped")
      #expect(twinDifference == nil, "\(label), offset \(offset): \(twinDifference ?? "")")
      return difference == nil && twinDifference == nil
    }

    var offset = 0.0
    for step in 0..<160 {
      offset += random.chance(0.1) ? random.signed(upTo: 1500) : random.signed(upTo: 60)
      offset = max(-300, min(offset, 6500))
      if random.chance(0.08) {
        // A new count keeps the steps; repeating or not rebuilds them, the
        // states carried over.
        let repetition =
          random.chance(0.3) ? nil : Chain.Repetition(count: random.next(in: 0...12), spacing: 7)
        host.setRepetition(repetition, ofChain: 1)
        twin.setRepetition(repetition, ofChain: 1)
        model.setRepetition(repetition)
      }
      if random.chance(0.03) {
        host.resetState()
        twin.resetState()
        model.reset()
      }
      if random.chance(0.05) {
        // A copy scrolls on by itself; the original then goes on as if
        // the copy had never been made.
        var (forkHost, forkTwin, forkModel) = (host, twin, model)
        for _ in 0..<3 {
          let forkOffset = offset + random.signed(upTo: 400)
          guard frame(&forkHost, &forkTwin, &forkModel, forkOffset, "fork at \(step)") else {
            return
          }
        }
      }
      guard frame(&host, &twin, &model, offset, "frame \(step)") else { return }
    }
  }
}
