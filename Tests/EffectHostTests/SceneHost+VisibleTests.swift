import EffectHost
import EffectProtocol
import Foundation
import ScrollEffectsTestSupport
import Testing

/// `evaluate(offset:visibleOnly:)`: which copies it evaluates, and that they
/// get the full evaluation's transforms bit for bit.
@Suite struct SceneHostVisibleTests {
  /// The copies of `chain` whose natural frames meet `-V...2V`, found by
  /// testing every copy: what the host must find without a scan.
  static func meetingCopies(_ host: SceneHost, chain index: Int) -> Range<Int> {
    // Along the scroll axis: a horizontal scene's geometry is its twin's,
    // whose viewport height is the screen's width.
    let height = host.geometry.viewport.height
    let horizontal = host.scene.axis == .horizontal
    let copies = (0..<host.chains[index].viewRange.count).filter { copy in
      let frame = host.naturalFrame(chain: index, copy: copy)
      let (start, length) = horizontal ? (frame.x, frame.width) : (frame.y, frame.height)
      return start <= 2 * height && start + length >= -height
    }
    guard let first = copies.first, let last = copies.last else { return 0..<0 }
    return first..<last + 1
  }

  /// Evaluates `scene` at `offsets` in full and visible only (one host each,
  /// the visible one in the order given) and compares every evaluated copy.
  static func expectVisibleMatch(_ scene: Scene, offsets: [Double], label: String) {
    var full = SceneHost(scene: scene)
    var visible = SceneHost(scene: scene)
    for offset in offsets {
      full.evaluate(offset: offset)
      visible.evaluate(offset: offset, visibleOnly: true)
      for (index, chain) in visible.chains.enumerated() {
        let range = visible.visibleRange(ofChain: index)
        if chain.isRepeated && range.count != chain.viewRange.count {
          let meeting = meetingCopies(visible, chain: index)
          #expect(
            range == meeting || (range.isEmpty && meeting.isEmpty),
            "\(label) at \(offset): chain \(chain.name)")
        } else if !chain.isRepeated {
          #expect(range == 0..<1, "\(label) at \(offset): chain \(chain.name)")
        } else {
          // Whole: either every copy meets the window, or the chain's effects
          // are not all known to change each view by itself.
          let meeting = meetingCopies(visible, chain: index)
          let windowed = meeting.count != range.count
          #expect(
            !windowed || !chainIsCopyLocal(scene, chain: index),
            "\(label) at \(offset): chain \(chain.name) evaluated whole")
        }
        let actual = range.map { visible.transform(at: chain.viewRange.lowerBound + $0) }
        let expected = range.map { full.transform(at: chain.viewRange.lowerBound + $0) }
        if let difference = firstBitwiseDifference(
          actual, expected, actualName: "visible", expectedName: "full")
        {
          Issue.record("\(label) at offset \(offset), chain \(chain.name): \(difference)")
          return
        }
      }
    }
  }

  /// Whether chain `index` is one the host may window: no events, and every
  /// effect a built-in other than `expression` and `float`.
  static func chainIsCopyLocal(_ scene: Scene, chain index: Int) -> Bool {
    // `expression` reads the chain's index and count, `float` keeps state
    // from frame to frame, events compare each copy with its last frame.
    scene.chains[index].events.isEmpty
      && scene.chains[index].effects.allSatisfy {
        !["expression", "float"].contains(type(of: $0).typeName)
      }
  }

  static func scene(_ file: String, count: Int? = nil) throws -> Scene {
    var text = try String(
      contentsOf: SceneFiles.packageRoot.appendingPathComponent(file), encoding: .utf8)
    if let count {
      text = text.replacingOccurrences(of: "\"count\": 200", with: "\"count\": \(count)")
    }
    return try SceneLoader().load(json: text, file: file)
  }

  @Test(
    "visible copies of every Config and the bench scene equal the full evaluation's",
    arguments: SceneFiles.all)
  func configsMatch(file: String) throws {
    let scene = try Self.scene(file)
    Self.expectVisibleMatch(
      scene, offsets: SceneFiles.offsets(maxOffset: scene.geometry(offset: 0).maxOffset),
      label: file)
  }

  @Test("a 5000-row bench scene: a few dozen rows evaluated, equal to the full evaluation")
  func longList() throws {
    let scene = try Self.scene("Benchmarks/bench-scene.json", count: 5000)
    let maxOffset = scene.geometry(offset: 0).maxOffset
    let offsets = [
      -500, -0.25, 0, 1234.5, maxOffset / 2, maxOffset - 0.25, maxOffset, maxOffset + 300,
    ]
    Self.expectVisibleMatch(scene, offsets: offsets, label: "5000 rows")
    var host = SceneHost(scene: scene)
    host.evaluate(offset: 1234.5, visibleOnly: true)
    let rows = try #require(host.chains.firstIndex { $0.viewRange.count == 5000 })
    // 844-point viewport, 3 * 844 points of window, rows 156 + spacing apart:
    // about 2532 / stride + 1 copies, far fewer than 5000.
    let range = host.visibleRange(ofChain: rows)
    let stride = host.chains[rows].stride
    #expect(range.count <= Int(3 * 844 / stride) + 2 && range.count >= Int(3 * 844 / stride) - 1)
    host.evaluate(offset: 1234.5)
    #expect(host.visibleRange(ofChain: rows) == 0..<5000)
  }

  @Test("random scenes: visible copies equal the full evaluation's, offsets in random order")
  func randomScenesMatch() throws {
    for seed in 1...40 as ClosedRange<UInt64> {
      var generator = RandomScene(seed: seed)
      let json = generator.sceneJSON()
      let scene = try SceneLoader().load(json: json, file: "seed \(seed)")
      var random = SplitMix64(seed: seed)
      let offsets = (0..<30).map { _ in Double(random.next(in: -4000...8000)) / 2 }
      Self.expectVisibleMatch(scene, offsets: offsets, label: "seed \(seed): \(json)")
    }
  }

  @Test("a repeated chain with events is evaluated whole: its copies off screen fire as in full")
  func eventsKeepChainsWhole() throws {
    // 2,000 rows of 80 with a minY event at 400: rows far below the screen
    // cross it too when the list scrolls, and a window would miss them.
    let scene = try SceneLoader().load(
      json: #"""
        {"chains": [{"name": "row", "frame": {"height": 72}, "repeat": {"count": 2000, "spacing": 8},
          "effects": [{"type": "parallax", "rate": 0}],
          "events": [{"name": "mid", "input": "minY", "crosses": 400}]}]}
        """#)
    var full = SceneHost(scene: scene)
    var visible = SceneHost(scene: scene)
    var fired = 0
    for offset in stride(from: 0.0, through: 160_000, by: 997) {
      full.evaluate(offset: offset)
      visible.evaluate(offset: offset, visibleOnly: true)
      #expect(visible.visibleRange(ofChain: 0) == 0..<2000)
      #expect(visible.eventsOfLastFrame == full.eventsOfLastFrame, "at \(offset)")
      fired += full.eventsOfLastFrame.count
    }
    // Row k's top is 80 k - offset. Rows 0 to 5 start at or above 400 (row 5
    // exactly on it, which is no crossing) and only move up; rows 6 to 1999
    // cross it once each, the last at offset 159,520 (top 400, a landing).
    #expect(fired == 1994)
  }
}
