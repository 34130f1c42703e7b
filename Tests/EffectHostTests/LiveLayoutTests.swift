import EffectHost
import EffectProtocol
import Effects
import ScrollEffectsTestSupport
import Testing

/// A host's layout changed between frames: every frame equals, bit for bit,
/// the frame of a host built afresh from the changed scene (chains without
/// state), and stateful chains equal evaluators carried through the same
/// changes.
@Suite("Live layout")
struct LiveLayoutTests {
  /// One layout change, applied alike to a live host and to a scene value.
  enum Change: CustomStringConvertible {
    case viewport(Size)
    case insets(EdgeInsets)
    case contentHeight(Double?)
    case frame(Int, Rect, Chain.AutomaticFrame)
    case repetition(Int, Chain.Repetition?)

    var description: String {
      switch self {
      case .viewport(let size): "viewport \(size.width) x \(size.height)"
      case .insets(let insets): "insets \(insets)"
      case .contentHeight(let height): "contentHeight \(height.map { "\($0)" } ?? "auto")"
      case .frame(let chain, let frame, let automatic):
        "chain \(chain) frame \(frame) automatic \(automatic.rawValue)"
      case .repetition(let chain, let repetition):
        "chain \(chain) repeat \(repetition.map { "\($0.count) / \($0.spacing)" } ?? "none")"
      }
    }

    func apply(to host: inout SceneHost) {
      switch self {
      case .viewport(let size): host.setViewport(size)
      case .insets(let insets): host.setContentInsets(insets)
      case .contentHeight(let height): host.setContentHeight(height)
      case .frame(let chain, let frame, let automatic):
        host.setFrame(frame, ofChain: chain, automaticFrame: automatic)
      case .repetition(let chain, let repetition): host.setRepetition(repetition, ofChain: chain)
      }
    }

    func apply(to scene: inout Scene) {
      switch self {
      case .viewport(let size): scene.viewport = size
      case .insets(let insets): scene.contentInsets = insets
      case .contentHeight(let height): scene.declaredContentHeight = height
      case .frame(let chain, let frame, let automatic):
        scene.chains[chain].frame = frame
        scene.chains[chain].automaticFrame = automatic
      case .repetition(let chain, let repetition): scene.chains[chain].repetition = repetition
      }
    }

    /// A change of `scene`, on the half-point grid. A repeated chain keeps
    /// repeating (a `"next"` pin needs it) but may lose its copies.
    static func random(_ random: inout SplitMix64, in scene: Scene) -> Change {
      let chain = random.next(in: 0...scene.chains.count - 1)
      switch random.next(in: 0...5) {
      case 0:
        return .viewport(
          Size(
            width: Double(random.next(in: 200...900)), height: Double(random.next(in: 300...1000))))
      case 1:
        return .insets(
          EdgeInsets(
            top: Double(random.next(in: 0...60)), bottom: Double(random.next(in: 0...40)),
            left: Double(random.next(in: 0...50)), right: Double(random.next(in: 0...50))))
      case 2:
        return .contentHeight(random.chance(0.5) ? nil : Double(random.next(in: 0...4000)))
      case 3, 4:
        let isAfter = scene.chains[chain].after != nil
        let y = Double(random.next(in: isAfter ? -40...120 : -200...3000)) / 2
        var automatic: Chain.AutomaticFrame = []
        if random.chance(0.5) { automatic.insert(.x) }
        if random.chance(0.5) { automatic.insert(.width) }
        return .frame(
          chain,
          Rect(
            x: Double(random.next(in: -20...20)), y: y, width: Double(random.next(in: 1...400)),
            height: Double(random.next(in: 0...600)) / 2 + 0.5), automatic)
      default:
        guard scene.chains[chain].repetition != nil else {
          return .contentHeight(Double(random.next(in: 0...4000)))
        }
        return .repetition(
          chain,
          Chain.Repetition(
            count: random.chance(0.5) ? scene.chains[chain].viewCount : random.next(in: 0...14),
            spacing: Double(random.next(in: 0...40)) / 2))
      }
    }
  }

  /// Whether chain `index` of `scene` carries state.
  static func isStateful(_ scene: Scene, chain index: Int) -> Bool {
    scene.chains[index].effects.contains(where: ViewAloneReference.isStateful)
  }

  @Test("random layout changes between frames: every frame is a fresh host's of the changed scene")
  func randomChanges() throws {
    var changesWithCopies = 0
    for seed in 1...60 as ClosedRange<UInt64> {
      var generator = RandomScene(seed: seed)
      let json = generator.layoutSceneJSON()
      var mirror = try SceneLoader().load(json: json, file: "seed \(seed)")
      var host = SceneHost(scene: mirror)
      var random = SplitMix64(seed: seed &* 7919)
      // Stateful chains: evaluators carried through the same changes.
      var references = mirror.chains.indices.map { index in
        Self.isStateful(mirror, chain: index)
          ? ViewAloneReference.evaluator(ofChain: index, in: mirror) : nil
      }
      var history: [String] = []
      for step in 0..<24 {
        if step > 0 && random.chance(0.6) {
          let change = Change.random(&random, in: mirror)
          history.append(change.description)
          // A copy taken before the change still evaluates the scene before it.
          let before = random.chance(0.2) ? (host, mirror) : nil
          change.apply(to: &host)
          change.apply(to: &mirror)
          for index in references.indices where references[index] != nil {
            references[index]!.place(
              naturalFrame: mirror.layout.frames[index], stride: mirror.chains[index].stride,
              count: mirror.chains[index].viewCount)
          }
          if let (copy, scene) = before {
            changesWithCopies += 1
            Self.expectStateless(copy, equalTo: scene, offset: 40, label: "copy before \(history)")
          }
        }
        let offset = Double(random.next(in: -600...4000)) / 2
        let visibleOnly = random.chance(0.3)
        host.evaluate(offset: offset, visibleOnly: visibleOnly)
        let label = "seed \(seed), step \(step), offset \(offset), after \(history): \(json)"
        #expect(host.viewCount == mirror.viewCount, "\(label)")
        #expect(host.geometry == mirror.geometry(offset: offset), "\(label)")
        var fresh = SceneHost(scene: mirror)
        fresh.evaluate(offset: offset)
        for index in mirror.chains.indices {
          let range = host.chains[index].viewRange
          let copies = host.visibleRange(ofChain: index)
          let actual = copies.map { host.transform(at: range.lowerBound + $0) }
          let expected: [ViewTransform]
          if references[index] != nil {
            expected = Array(references[index]!.evaluate(mirror.geometry(offset: offset))[copies])
          } else {
            expected = copies.map { fresh.transform(at: range.lowerBound + $0) }
          }
          if let difference = firstBitwiseDifference(
            actual, expected, actualName: "live", expectedName: "fresh")
          {
            Issue.record("\(label), chain \(index): \(difference)")
            return
          }
        }
      }
    }
    #expect(changesWithCopies > 10, "copies of a host were changed behind")
  }

  /// Expects `host`'s chains without state at `offset` to equal a fresh
  /// host's of `scene`.
  static func expectStateless(
    _ host: SceneHost, equalTo scene: Scene, offset: Double, label: String
  ) {
    var host = host
    host.evaluate(offset: offset)
    var fresh = SceneHost(scene: scene)
    fresh.evaluate(offset: offset)
    for index in scene.chains.indices where !isStateful(scene, chain: index) {
      let range = fresh.chains[index].viewRange
      let actual = range.map { host.transform(at: $0) }
      let expected = range.map { fresh.transform(at: $0) }
      if let difference = firstBitwiseDifference(
        actual, expected, actualName: "copy", expectedName: "fresh")
      {
        Issue.record("\(label), chain \(index): \(difference)")
        return
      }
    }
  }
}
