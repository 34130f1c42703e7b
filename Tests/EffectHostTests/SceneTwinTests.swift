import EffectHost
import EffectProtocol
import ScrollEffectsTestSupport
import Testing

/// A horizontal scene is its vertical twin with the axes swapped, and a
/// right-to-left one the mirror image of its left-to-right twin: random
/// scenes of every built-in, each written vertically and then transposed by
/// the test support's own rewriting of the JSON (``HorizontalTwin``),
/// evaluated at random offsets and compared view for view, column for
/// column, bit for bit.
@Suite struct SceneTwinTests {
  static func load(_ value: JSONValue) throws -> Scene {
    try SceneLoader().scene(from: value).get()
  }

  static func parse(_ json: String) throws -> JSONValue {
    try JSONParser.parse(Array(json.utf8))
  }

  static func views(_ host: SceneHost) -> [ViewTransform] {
    host.withTransforms { Array($0) }
  }

  // MARK: - Tests

  @Test(arguments: 0..<60)
  func horizontalSceneIsItsVerticalTwinTransposed(seed: UInt64) throws {
    var generator = RandomScene(seed: 0x7A15 &+ seed)
    let json = seed % 2 == 0 ? generator.layoutSceneJSON() : generator.sceneJSON()
    let vertical = try Self.load(Self.parse(json))
    let horizontal = try Self.load(HorizontalTwin.transposed(Self.parse(json)))
    #expect(horizontal.axis == .horizontal)
    var verticalHost = SceneHost(scene: vertical)
    var horizontalHost = SceneHost(scene: horizontal)
    var random = SplitMix64(seed: seed)
    for _ in 0..<12 {
      let offset = Double(random.next(in: -1200...6000)) / 2
      verticalHost.evaluate(offset: offset)
      horizontalHost.evaluate(offset: offset)
      let expected = Self.views(verticalHost).map(HorizontalTwin.swapped)
      let difference = firstBitwiseDifference(
        Self.views(horizontalHost), expected, actualName: "horizontal",
        expectedName: "vertical swapped")
      #expect(difference == nil, "offset \(offset): \(difference ?? "")\n\(json)")
      for (index, chain) in verticalHost.chains.enumerated() where chain.viewRange.count > 0 {
        let natural = verticalHost.naturalFrame(chain: index, copy: 0)
        let swappedNatural = Rect(
          x: natural.y, y: natural.x, width: natural.height, height: natural.width)
        #expect(horizontalHost.naturalFrame(chain: index, copy: 0) == swappedNatural)
      }
      if difference != nil { return }
    }
  }

  /// A vertical scene that leaves its viewport's keys out has a phone in
  /// portrait, 390 x 844, and so does a horizontal one (SceneLoaderAxisTests
  /// checks both defaults): the twin generator must write the transposed
  /// 844 x 390 out, which this checks through the hosts. (The scene
  /// fuzzer's first input after the horizontal default was set.)
  @Test(arguments: [
    #"{"chains": [{"name": "a", "frame": {"height": 1}}]}"#,
    #"{"viewport": {"width": 300}, "chains": [{"name": "a", "frame": {"height": 100}, "effects": [{"type": "stretch"}]}]}"#,
    #"{"viewport": {"height": 500}, "chains": [{"name": "a", "frame": {"height": 100}, "effects": [{"type": "pin"}]}]}"#,
  ])
  func viewportDefaultsTransposed(json: String) throws {
    var vertical = SceneHost(scene: try Self.load(Self.parse(json)))
    var horizontal = SceneHost(scene: try Self.load(HorizontalTwin.transposed(Self.parse(json))))
    for offset in [-50.0, 0, 120] {
      vertical.evaluate(offset: offset)
      horizontal.evaluate(offset: offset)
      let expected = Self.views(vertical).map(HorizontalTwin.swapped)
      #expect(
        firstBitwiseDifference(
          Self.views(horizontal), expected, actualName: "horizontal",
          expectedName: "vertical swapped") == nil, "offset \(offset)")
    }
  }

  @Test(arguments: 0..<40)
  func rightToLeftSceneIsTheMirrorOfItsLeftToRightTwin(seed: UInt64) throws {
    var generator = RandomScene(seed: 0x2710 &+ seed)
    let json = seed % 2 == 0 ? generator.layoutSceneJSON() : generator.sceneJSON()
    let leftToRight = try Self.load(HorizontalTwin.transposed(Self.parse(json)))
    let rightToLeft = try Self.load(HorizontalTwin.transposed(Self.parse(json), rightToLeft: true))
    #expect(rightToLeft.layoutDirection == .rightToLeft)
    var ltrHost = SceneHost(scene: leftToRight)
    var rtlHost = SceneHost(scene: rightToLeft)
    // The screen's width: the vertical scene's viewport height.
    guard case .object(let file) = try Self.parse(json),
      case .object(let viewport) = file["viewport"], case .number(let width) = viewport["height"]
    else { fatalError("viewport") }
    var random = SplitMix64(seed: seed)
    for _ in 0..<12 {
      let offset = Double(random.next(in: -1200...6000)) / 2
      ltrHost.evaluate(offset: offset)
      rtlHost.evaluate(offset: offset)
      let expected = Self.views(ltrHost).map { HorizontalTwin.mirrored($0, width: width) }
      let difference = firstBitwiseDifference(
        Self.views(rtlHost), expected, actualName: "right to left",
        expectedName: "left to right mirrored")
      #expect(difference == nil, "offset \(offset): \(difference ?? "")\n\(json)")
      for (index, chain) in ltrHost.chains.enumerated() where chain.viewRange.count > 0 {
        let ltr = try #require(ltrHost.view(named: chain.name))
        let rtl = try #require(rtlHost.view(named: chain.name))
        // The leading (right) edge's move: the same to rounding.
        #expect(abs(rtl.translateX + ltr.translateX) <= 1e-9 * max(1, width + abs(offset)))
        #expect(rtl.translateY.bitPattern == ltr.translateY.bitPattern)
        let natural = ltrHost.naturalFrame(chain: index, copy: 0)
        #expect(rtlHost.naturalFrame(chain: index, copy: 0).x == width - natural.x - natural.width)
      }
      if difference != nil { return }
    }
  }

  /// A horizontal scene's events read its vertical twin's values (the host
  /// keeps its views on the screen's axes and swaps them back for the
  /// detector), and a right-to-left scene's are its left-to-right twin's:
  /// random scenes with events on every input, evaluated at the same
  /// offsets in the same order, fire the same events with the same values.
  /// The scenes that load, and the events they fire, are counted, so that
  /// the comparison cannot pass on empty lists.
  @Test func horizontalScenesFireTheirVerticalTwinsEvents() throws {
    var (loaded, fired) = (0, 0)
    for seed in UInt64(0)..<40 {
      var generator = ExportSceneGenerator(seed: 0xE7E2 &+ seed)
      let json = generator.sceneJSON()
      // The generator may draw a scene the loader refuses; its twins would be refused too.
      guard let vertical = try? Self.load(Self.parse(json)) else { continue }
      loaded += 1
      let horizontal = try Self.load(HorizontalTwin.transposed(Self.parse(json)))
      let rightToLeft = try Self.load(
        HorizontalTwin.transposed(Self.parse(json), rightToLeft: true))
      var hosts = [vertical, horizontal, rightToLeft].map { SceneHost(scene: $0) }
      var random = SplitMix64(seed: seed)
      for frame in 0..<16 {
        let offset = Double(random.next(in: -1200...6000)) / 2
        for index in hosts.indices {
          hosts[index].evaluate(offset: offset, time: Double(frame) / 60, phase: .interacting)
        }
        let expected = hosts[0].eventsOfLastFrame
        fired += expected.count
        #expect(hosts[1].eventsOfLastFrame == expected, "horizontal, offset \(offset)\n\(json)")
        #expect(
          hosts[2].eventsOfLastFrame == expected, "right to left, offset \(offset)\n\(json)")
      }
    }
    #expect(loaded >= 30)
    #expect(fired >= 100)
  }
}
