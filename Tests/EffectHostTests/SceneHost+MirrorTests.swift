import EffectProtocol
import ScrollEffectsTestSupport
import Testing

@testable import EffectHost

/// A right-to-left host mirrors again only what moved since its last frame
/// (the natural tops of chains without effects, with visuals of their own or
/// not, and nothing of those attached to the viewport): through windowed
/// frames, copies of the host and full frames, each frame still equals, bit
/// for bit, the mirror image of its left-to-right twin's, which has no
/// mirror pass.
@Suite("Right-to-left mirror")
struct SceneHostMirrorTests {
  /// Rows without effects in the content and in the viewport, with and
  /// without visuals, beside a chain with effects, written vertically and
  /// transposed right to left.
  static let rows = #"""
    {"viewport": {"width": 390, "height": 640}, "contentInsets": {"top": 40, "bottom": 20},
     "chains": [
       {"name": "rows", "frame": {"y": 0, "height": 60, "x": 10, "width": 300},
        "repeat": {"count": 40, "spacing": 4}, "zIndex": 2, "opacity": 0.5},
       {"name": "bar", "frame": {"y": 500, "height": 30}, "attachment": "viewport",
        "repeat": {"count": 5, "spacing": 2}, "opacity": 0.25},
       {"name": "marks", "frame": {"y": 100, "height": 20, "x": 5, "width": 40},
        "attachment": "viewport", "repeat": {"count": 3}},
       {"name": "cards", "frame": {"y": 80, "height": 90}, "repeat": {"count": 12},
        "effects": [{"type": "parallax", "rate": 0.5}]},
       {"name": "plain", "frame": {"y": 20, "height": 50, "x": 30, "width": 120},
        "repeat": {"count": 33, "spacing": 1}}
     ]}
    """#

  /// Chains with events that rest, each in its own way (repeated, as a
  /// chain of one view may be evaluated in a group instead): attached to the
  /// viewport without effects (one whose event input only the layout
  /// changes, one whose `progress` the viewport's height changes too), attached to the viewport with effects that
  /// scrolling does not change (`footerPin`), in the content without
  /// effects; beside a chain whose effects move it every frame.
  static let restingWithEvents = #"""
    {"viewport": {"width": 390, "height": 640}, "contentInsets": {"top": 40, "bottom": 20},
     "chains": [
       {"name": "badge", "frame": {"y": 200, "height": 40, "x": 10, "width": 100},
        "attachment": "viewport", "repeat": {"count": 2, "spacing": 10},
        "events": [{"name": "seen", "input": "progress", "crosses": 0.62, "direction": "both"},
                   {"name": "top", "input": "minY", "crosses": 150}]},
       {"name": "footer", "frame": {"y": 560, "height": 60}, "attachment": "viewport",
        "effects": [{"type": "footerPin"}],
        "events": [{"name": "lifted", "input": "minY", "crosses": 590, "direction": "both"},
                   {"name": "shown", "input": "progress", "crosses": 0.02}]},
       {"name": "rows", "frame": {"y": 0, "height": 60, "x": 10, "width": 300},
        "repeat": {"count": 20, "spacing": 4},
        "events": [{"name": "half", "input": "progress", "crosses": 0.5, "direction": "both"}]},
       {"name": "marks", "frame": {"y": 120, "height": 20, "x": 5, "width": 40},
        "attachment": "viewport", "repeat": {"count": 3, "spacing": 4},
        "events": [{"name": "top", "input": "minY", "crosses": 130, "direction": "both"}]},
       {"name": "cards", "frame": {"y": 80, "height": 90}, "repeat": {"count": 12},
        "effects": [{"type": "parallax", "rate": 0.5}]}
     ]}
    """#

  /// The first view, chain by chain, of the copies `host` evaluated in its
  /// last frame whose transform differs, bit for bit, from `expected(view)`
  /// (`view` indexing the host's views), described; `nil` when none does.
  static func firstDifference(
    _ host: SceneHost, _ names: (actual: String, expected: String),
    expected: (Int) -> ViewTransform
  ) -> String? {
    for chain in host.chains.indices {
      let views = host.visibleRange(ofChain: chain).map {
        host.chains[chain].viewRange.lowerBound + $0
      }
      if let difference = firstBitwiseDifference(
        views.map(host.transform(at:)), views.map(expected), actualName: names.actual,
        expectedName: names.expected)
      {
        return "chain \(chain): \(difference)"
      }
    }
    return nil
  }

  @Test("windowed frames, copies and full frames: every frame is the left-to-right twin's mirror")
  func framesOfEveryKind() throws {
    var scenes = [try SceneTwinTests.parse(Self.rows)]
    for seed in 0..<12 as Range<UInt64> {
      var generator = RandomScene(seed: 0x3117 &+ seed)
      scenes.append(try SceneTwinTests.parse(generator.layoutSceneJSON()))
    }
    for (index, vertical) in scenes.enumerated() {
      let scene = try SceneTwinTests.load(HorizontalTwin.transposed(vertical, rightToLeft: true))
      let twin = try SceneTwinTests.load(HorizontalTwin.transposed(vertical))
      #expect(scene.layoutDirection == .rightToLeft)
      // The screen's width: the vertical scene's viewport height.
      guard case .object(let file) = vertical, case .object(let viewport) = file["viewport"],
        case .number(let width) = viewport["height"]
      else { fatalError("viewport") }
      // The two hosts go through the same frames, copies and windows; the
      // left-to-right one has no mirror pass.
      var hosts = (mirrored: SceneHost(scene: scene), twin: SceneHost(scene: twin))
      var random = SplitMix64(seed: UInt64(index) &+ 11)
      for frame in 0..<40 {
        let offset = Double(random.next(in: -400...3000)) / 2
        // A copy taken now evaluates on its own; the original carries on
        // with memory it no longer holds alone, or takes the copy's place.
        if random.chance(0.2) {
          var copies = hosts
          let windowed = random.chance(0.5)
          copies.mirrored.evaluate(offset: offset + 17, visibleOnly: windowed)
          copies.twin.evaluate(offset: offset + 17, visibleOnly: windowed)
          if random.chance(0.5) { hosts = copies }
        }
        let visibleOnly = random.chance(0.3)
        hosts.mirrored.evaluate(offset: offset, visibleOnly: visibleOnly)
        hosts.twin.evaluate(offset: offset, visibleOnly: visibleOnly)
        for chain in hosts.mirrored.chains.indices {
          #expect(
            hosts.mirrored.visibleRange(ofChain: chain) == hosts.twin.visibleRange(ofChain: chain))
        }
        if let difference = Self.firstDifference(
          hosts.mirrored, ("right to left", "left to right mirrored"),
          expected: { HorizontalTwin.mirrored(hosts.twin.transform(at: $0), width: width) })
        {
          Issue.record(
            "scene \(index), frame \(frame), offset \(offset), visibleOnly \(visibleOnly): \(difference)"
          )
          return
        }
      }
    }
  }

  /// A frame of a right-to-left scene reads its events from the
  /// left-to-right image before mirroring it, so they are its left-to-right
  /// twin's, bit for bit, values included: through full and windowed
  /// frames, copies of the host, and viewports of other heights (which move
  /// a `footerPin` and every `progress`).
  @Test("chains with events that rest: each frame's events and views are the left-to-right twin's")
  func restingChainsWithEvents() throws {
    let vertical = try SceneTwinTests.parse(Self.restingWithEvents)
    var scene = try SceneTwinTests.load(HorizontalTwin.transposed(vertical, rightToLeft: true))
    var twin = try SceneTwinTests.load(HorizontalTwin.transposed(vertical))
    var hosts = (mirrored: SceneHost(scene: scene), twin: SceneHost(scene: twin))
    var random = SplitMix64(seed: 0xE7E)
    var fired: [Int: Int] = [:]
    for frame in 0..<120 {
      if frame % 30 == 29 {
        // The twin's viewport height, the screen's width, changes.
        var viewport = scene.viewport
        viewport.height += frame % 60 == 29 ? 120 : -200
        scene.viewport = viewport
        twin.viewport = viewport
        hosts.mirrored.setViewport(viewport)
        hosts.twin.setViewport(viewport)
      }
      if random.chance(0.2) {
        var copies = hosts
        let windowed = random.chance(0.5)
        copies.mirrored.evaluate(offset: 300, visibleOnly: windowed)
        copies.twin.evaluate(offset: 300, visibleOnly: windowed)
        if random.chance(0.5) { hosts = copies }
      }
      let offset = Double(random.next(in: -400...2400)) / 2
      let visibleOnly = random.chance(0.3)
      // Now and then a frame in a geometry of another viewport height, not
      // a change of the scene's, as a scroll callback may pass it.
      var geometry = hosts.twin.geometry
      geometry.offset = offset
      let otherGeometry = frame % 10 >= 7
      if otherGeometry { geometry.viewport.height = scene.viewport.height + 90 }
      hosts.mirrored.evaluate(geometry, visibleOnly: visibleOnly)
      hosts.twin.evaluate(geometry, visibleOnly: visibleOnly)
      let width = scene.viewport.height
      #expect(
        hosts.mirrored.eventsOfLastFrame == hosts.twin.eventsOfLastFrame,
        "frame \(frame), offset \(offset), visibleOnly \(visibleOnly)")
      for event in hosts.twin.eventsOfLastFrame { fired[event.chain, default: 0] += 1 }
      // Its views are compared in the scene's own viewport only.
      if !otherGeometry,
        let difference = Self.firstDifference(
          hosts.mirrored, ("right to left", "left to right mirrored"),
          expected: { HorizontalTwin.mirrored(hosts.twin.transform(at: $0), width: width) })
      {
        Issue.record("frame \(frame), offset \(offset): \(difference)")
        return
      }
    }
    // The frames cross the thresholds: each chain's events fire.
    #expect(fired.keys.sorted() == [0, 1, 2], "\(fired)")
  }

  /// The rows scene has no state: a host that has evaluated frames of every
  /// kind (windowed, full, after a copy, after a layout change), in any of
  /// the three directions, equals a host built for the frame alone.
  @Test("chains without effects, with visuals of their own or not: each frame is a fresh host's")
  func restingChainsWithVisuals() throws {
    let vertical = try SceneTwinTests.parse(Self.rows)
    for json in [
      vertical, HorizontalTwin.transposed(vertical),
      HorizontalTwin.transposed(vertical, rightToLeft: true),
    ] {
      var scene = try SceneTwinTests.load(json)
      var host = SceneHost(scene: scene)
      var random = SplitMix64(seed: 0x7E57)
      for frame in 0..<60 {
        if frame == 30 {
          // The twin's viewport height grows: the scrolling length, and a
          // right-to-left scene's mirror width.
          var viewport = scene.viewport
          viewport.height += 40
          scene.viewport = viewport
          host.setViewport(viewport)
        }
        if random.chance(0.2) {
          var copy = host
          copy.evaluate(offset: Double(random.next(in: 0...900)), visibleOnly: random.chance(0.5))
          if random.chance(0.5) { host = copy }
        }
        let offset = Double(random.next(in: -400...3000)) / 2
        let visibleOnly = random.chance(0.3)
        host.evaluate(offset: offset, visibleOnly: visibleOnly)
        var fresh = SceneHost(scene: scene)
        fresh.evaluate(offset: offset)
        if let difference = Self.firstDifference(
          host, ("host", "fresh"), expected: { fresh.transform(at: $0) })
        {
          Issue.record(
            "\(scene.axis) \(scene.layoutDirection), frame \(frame), offset \(offset): \(difference)"
          )
          return
        }
      }
    }
  }

  /// Chains whose effects change the anchor (a `stretch` zoom, an
  /// expression), beside chains whose effects do not (and whose views the
  /// mirror leaves the anchor of), in runs of one, two, three and five
  /// views, in groups and evaluated by themselves, some resting: written
  /// vertically and transposed right to left.
  static let anchors = #"""
    {"viewport": {"width": 390, "height": 640}, "contentInsets": {"top": 40, "bottom": 20},
     "chains": [
       {"name": "zoom", "frame": {"y": 0, "height": 200},
        "effects": [{"type": "stretch", "mode": "zoom"}]},
       {"name": "cards", "frame": {"y": 210, "height": 90}, "repeat": {"count": 5, "spacing": 4},
        "effects": [{"type": "parallax", "rate": 0.5},
                    {"type": "interpolate", "property": "rotation", "stops": [[0, 0], [600, 30]]}]},
       {"name": "tilt", "frame": {"y": 700, "height": 40},
        "effects": [{"type": "expression", "anchorY": "0.25 + offset / 4000",
                     "rotation": "offset / 50"}]},
       {"name": "pair", "frame": {"y": 760, "height": 30}, "repeat": {"count": 2},
        "effects": [{"type": "translate", "factor": 0.25}]},
       {"name": "three", "frame": {"y": 840, "height": 30}, "repeat": {"count": 3},
        "effects": [{"type": "expression", "anchorY": "1 - index / 4"}]},
       {"name": "plain", "frame": {"y": 960, "height": 20}, "repeat": {"count": 3}},
       {"name": "bar", "frame": {"y": 500, "height": 30}, "attachment": "viewport",
        "repeat": {"count": 2}},
       {"name": "bottom", "frame": {"y": 1000, "height": 60},
        "effects": [{"type": "stretch", "edge": "bottom", "mode": "zoom"}]}
     ]}
    """#

  /// A right-to-left frame mirrors the anchor of only the views whose
  /// chain's effects may change it (``MirrorPlan``): through full and
  /// windowed frames, overscroll at both ends (where the zooms set their
  /// anchors), copies of the host and changes of a chain's count, each
  /// frame is the left-to-right twin's mirror, bit for bit; and the plan's
  /// spans are the views of every chain, in order, each with the part
  /// its chain's effects call for.
  @Test("anchors that effects change: mirrored; the others left as they are")
  func anchorsMirroredWhereEffectsChangeThem() throws {
    let vertical = try SceneTwinTests.parse(Self.anchors)
    var scene = try SceneTwinTests.load(HorizontalTwin.transposed(vertical, rightToLeft: true))
    var twin = try SceneTwinTests.load(HorizontalTwin.transposed(vertical))
    let width = scene.viewport.height
    var hosts = (mirrored: SceneHost(scene: scene), twin: SceneHost(scene: twin))
    // The chains whose effects change the anchor, by the plan and by name.
    let changing: Set<String> = ["zoom", "tilt", "three", "bottom"]
    #expect(
      hosts.mirrored.mirrorPlan.changesAnchor
        == scene.chains.map { changing.contains($0.name) })
    var random = SplitMix64(seed: 0xA4C)
    var anchorsSeen = Set<UInt64>()
    for frame in 0..<80 {
      if frame % 20 == 19 {
        // Another count of a repeated chain moves the views after it.
        let index = try #require(scene.chainIndex(named: frame % 40 == 19 ? "three" : "pair"))
        let count = Int(random.next(in: 0...6))
        for host in [0, 1] {
          var target = host == 0 ? scene : twin
          target.chains[index].repetition?.count = count
          if host == 0 { scene = target } else { twin = target }
        }
        hosts.mirrored.setRepetition(scene.chains[index].repetition, ofChain: index)
        hosts.twin.setRepetition(twin.chains[index].repetition, ofChain: index)
      }
      Self.expectSpans(hosts.mirrored, changing: changing)
      if random.chance(0.2) {
        var copies = hosts
        copies.mirrored.evaluate(offset: 90, visibleOnly: random.chance(0.5))
        copies.twin.evaluate(offset: 90, visibleOnly: random.chance(0.5))
        if random.chance(0.5) { hosts = copies }
      }
      let offset = Double(random.next(in: -600...3400)) / 2
      let visibleOnly = random.chance(0.3)
      hosts.mirrored.evaluate(offset: offset, visibleOnly: visibleOnly)
      hosts.twin.evaluate(offset: offset, visibleOnly: visibleOnly)
      for view in 0..<hosts.mirrored.viewCount {
        anchorsSeen.insert(hosts.mirrored.transform(at: view).anchorX.bitPattern)
      }
      if let difference = Self.firstDifference(
        hosts.mirrored, ("right to left", "left to right mirrored"),
        expected: { HorizontalTwin.mirrored(hosts.twin.transform(at: $0), width: width) })
      {
        Issue.record("frame \(frame), offset \(offset), visibleOnly \(visibleOnly): \(difference)")
        return
      }
    }
    // The effects moved anchors away from 0.5, which the comparison checked.
    #expect(anchorsSeen.count > 3, "\(anchorsSeen.count)")
  }

  /// Checks that `host`'s mirror plan is, span by span, each chain's views
  /// in order: whole for the chains named in `changing`, keeping the
  /// anchor for the others (short runs of them beside whole ones made
  /// whole); once resting views are written, without the chain attached to
  /// the viewport that rests, and `x` alone of the content chain without
  /// effects.
  static func expectSpans(_ host: SceneHost, changing: Set<String>) {
    typealias Part = MirrorPlan.Part
    func parts(resting: Bool) -> [Part?] {
      var parts: [Part?] = []
      for chain in host.chains {
        let rests = chain.name == "plain" || chain.name == "bar"
        let part: Part? =
          resting && rests
          ? (chain.attachment == .content ? .x : nil)
          : changing.contains(chain.name) ? .whole : .keepingAnchor
        parts += Array(repeating: part, count: chain.viewRange.count)
      }
      return parts
    }
    for resting in [false, true] {
      let plan = host.mirrorPlan
      let spans = (resting ? plan.onceWritten : plan.everyView)?.array ?? []
      var found = [Part?](repeating: nil, count: host.viewCount)
      var last = -1
      for span in spans {
        #expect(span.start > last && span.start < span.end, "\(spans)")
        last = span.end - 1
        for view in span.start..<span.end { found[view] = span.part }
      }
      let expected = parts(resting: resting)
      // A short keep-the-anchor run beside a whole one may be whole.
      let agrees = zip(found, expected).allSatisfy { found, expected in
        found == expected || (found == .whole && expected == .keepingAnchor)
      }
      #expect(agrees, "resting \(resting): \(found) against \(expected)")
      let widened = zip(found, expected).filter { $0 == .whole && $1 == .keepingAnchor }.count
      #expect(widened < MirrorPlan.shortestKeptSpan * 2, "\(found)")
    }
  }
}
