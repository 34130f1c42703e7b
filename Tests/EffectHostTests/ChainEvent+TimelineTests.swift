import EffectProtocol
import Effects
import ScrollEffectsTestSupport
import Testing

@testable import EffectHost

/// Events on the progress through a view range with timeline insets: the
/// binary search over copies in natural frames, the loop over every copy and
/// the rule read off the transforms with CSS's range in scroll offsets all
/// fire the same events with the same values.
@Suite struct ChainEventTimelineTests {
  /// The progress of a view whose top is at viewport y `top` and `h` tall,
  /// through `range` (one name, its 0% to its 100%), in a scrollport whose
  /// inset edges are at viewport y `a` and `b`: where along the scroll the
  /// range's ends are, from CSS's definitions (when the top or the bottom
  /// meets an edge), and how far the view has gone between them.
  static func progress(_ range: String, top: Double, h: Double, a: Double, b: Double) -> Double {
    // Scrolling by d moves the top to top - d: the scroll distances, from
    // now, at which the top (or the bottom) meets y.
    func topAt(_ y: Double) -> Double { top - y }
    func bottomAt(_ y: Double) -> Double { top + h - y }
    let (start, end): (Double, Double) =
      switch range {
      case "entry": (topAt(b), min(bottomAt(b), topAt(a)))
      case "exit": (max(bottomAt(b), topAt(a)), bottomAt(a))
      case "contain": (min(bottomAt(b), topAt(a)), max(bottomAt(b), topAt(a)))
      default: (topAt(b), bottomAt(a))
      }
    // The scroll so far is 0 from now: progress is how far 0 is past start.
    return Saturation.clamp((0 - start) / (end - start))
  }

  /// The event of chain 0's event 0 that copy `copy` fires by the rule
  /// when its value goes from `before` to `now` across `crosses`, if any.
  static func ruleEvent(copy: Int, before: Double, now: Double, crosses: Double) -> SceneEvent? {
    if before < crosses && crosses <= now {
      return SceneEvent(chain: 0, copy: copy, event: 0, direction: .increasing, value: now)
    }
    if before > crosses && crosses >= now {
      return SceneEvent(chain: 0, copy: copy, event: 0, direction: .decreasing, value: now)
    }
    return nil
  }

  @Test("range search, copy loop and the rule fire the same events")
  func searchMatchesLoopAndRule() throws {
    var random = SplitMix64(seed: 2525)
    var fired = 0
    for _ in 0..<30 {
      let count = random.next(in: 1...80)
      let height = random.pick([72.0, 100.0, 300.0])
      let range = random.pick(["entry", "exit", "contain", "cover"])
      let (insetText, top, bottom): (String, Double, Double) = random.pick([
        (#""auto""#, 47, 83), ("0", 0, 0), (#"[10, "10%"]"#, 10, 84.4),
      ])
      let crosses = random.pick([0.0, 0.25, 0.5, 1])
      let effects = random.pick([
        "[]",
        #"[{"type": "interpolate", "property": "opacity", "input": "progress", "range": "entry", "stops": [[0, 0], [1, 1]]}]"#,
        #"[{"type": "parallax", "rate": 0.3}]"#,
      ])
      let scene = try SceneLoader().load(
        json: #"""
          {"viewport": {"width": 390, "height": 844}, "contentInsets": {"top": 47, "bottom": 83},
           "contentHeight": 20000, "chains": [{"name": "row", "frame": {"y": 100, "height": \#(height)},
           "repeat": {"count": \#(count), "spacing": 8}, "effects": \#(effects),
           "events": [{"name": "e", "input": "progress", "range": "\#(range)", "timelineInset": \#(insetText), "crosses": \#(crosses)}]}]}
          """#)
      var fast = SceneHost(scene: scene)
      var loop = SceneHost(scene: scene)
      loop.eventDetector.searchesNaturalRanges = false
      var previous: [ViewTransform]?
      for _ in 0..<80 {
        let offset = Double(random.next(in: -20...400)) * 10 + (random.chance(0.3) ? 0.5 : 0)
        let geometry = scene.geometry(offset: offset)
        fast.evaluate(geometry)
        loop.evaluate(geometry)
        let current = loop.withTransforms { Array($0) }
        var expected: [SceneEvent] = []
        // Copies whose value lands within rounding of the threshold, where
        // the two computations may disagree about the side.
        var onThreshold: Set<Int> = []
        if let previous {
          for copy in 0..<count {
            func value(_ view: ViewTransform) -> Double {
              Self.progress(range, top: view.y, h: view.height, a: top, b: 844 - bottom)
            }
            let (before, now) = (value(previous[copy]), value(current[copy]))
            if abs(before - crosses) < 1e-9 || abs(now - crosses) < 1e-9 {
              onThreshold.insert(copy)
            }
            if let event = Self.ruleEvent(copy: copy, before: before, now: now, crosses: crosses) {
              expected.append(event)
            }
          }
        }
        let searched = fast.withEvents { Array($0) }
        let looped = loop.withEvents { Array($0) }
        #expect(searched == looped, "\(range) at \(offset)")
        #expect(searched.map(\.value.bitPattern) == looped.map(\.value.bitPattern))
        // The rule's values are computed another way: equal within rounding,
        // and the same copies fire except where a value lands on the threshold.
        let clear = searched.filter { !onThreshold.contains($0.copy) }
        let clearExpected = expected.filter { !onThreshold.contains($0.copy) }
        #expect(clear.map(\.copy) == clearExpected.map(\.copy), "\(range) at \(offset)")
        for (a, b) in zip(clear, clearExpected) {
          #expect(a.direction == b.direction && abs(a.value - b.value) < 1e-9)
        }
        fired += searched.count
        previous = current
      }
    }
    #expect(fired > 200)
  }

  @Test("the loop over copies of several heights reads each copy's progress for its own height")
  func loopOverHeights() throws {
    var random = SplitMix64(seed: 8086)
    var fired = 0
    var heightChanges = 0
    for round in 0..<40 {
      let count = random.next(in: 5...40)
      // Runs of `run` copies of one height (a new one each copy, up to one
      // for them all), a height that follows the scroll in some rounds.
      let run = random.pick([1, 2, 3, 7, 1000])
      let step = random.pick([12.5, 40, -3, 0.25])
      let scrolled = random.chance(0.3) ? " + max(0, offset) / 8" : ""
      let range = random.pick([
        "entry", "exit", "contain", "cover", "cover 10% cover 90%", "entry 20% exit 50%",
        "contain -50% entry 200%", "exitCrossing", "entryCrossing 30px exit 10%",
      ])
      let inset = random.pick([#""auto""#, "0", #"[10, "10%"]"#])
      let crosses = random.pick([0.0, 0.25, 0.5, 1, random.unit()])
      let scene = try SceneLoader().load(
        json: #"""
          {"viewport": {"width": 390, "height": 844}, "contentInsets": {"top": 47, "bottom": 83},
           "contentHeight": 20000, "chains": [{"name": "row", "frame": {"y": 100, "height": 150},
           "repeat": {"count": \#(count), "spacing": 8},
           "effects": [{"type": "expression", "height": "150 + floor(index / \#(run)) * \#(step)\#(scrolled)"}],
           "events": [{"name": "e", "input": "progress", "range": "\#(range)", "timelineInset": \#(inset), "crosses": \#(crosses)}]}]}
          """#)
      let event = scene.chains[0].events[0]
      let timeline = ViewTimeline(range: event.range, inset: event.timelineInset)
      var host = SceneHost(scene: scene)
      var previous: [Double]?
      for frame in 0..<60 {
        let offset = Double(random.next(in: -20...300)) * 10 + (random.chance(0.3) ? 0.5 : 0)
        let geometry = scene.geometry(offset: offset)
        host.evaluate(geometry)
        let views = host.withTransforms { Array($0) }
        // Each copy's progress by the library's own function of its top and
        // height: what the detector reads, bit for bit.
        let progress = views.map { timeline.progress(minY: $0.y, height: $0.height, in: geometry) }
        heightChanges += zip(views, views.dropFirst()).filter { $0.height != $1.height }.count
        var expected: [SceneEvent] = []
        if let previous {
          for copy in 0..<count {
            let (before, now) = (previous[copy], progress[copy])
            if let event = Self.ruleEvent(copy: copy, before: before, now: now, crosses: crosses) {
              expected.append(event)
            }
          }
        }
        let events = host.withEvents { Array($0) }
        #expect(events == expected, "round \(round) frame \(frame): \(range) at \(offset)")
        #expect(events.map(\.value.bitPattern) == expected.map(\.value.bitPattern))
        fired += events.count
        previous = progress
      }
    }
    #expect(fired > 300)
    #expect(heightChanges > 5000)
  }

  @Test("an event on entry fires as the row enters above a tab bar (timelineInset auto)")
  func entryAboveTabBar() throws {
    // A 100-point row at content y 1000 under a 49-point tab bar: the inset
    // viewport ends at 844 - 49 = 795. Its top meets 795 at offset 205 and its
    // bottom at 305: half way in at 255.
    let scene = try SceneLoader().load(
      json: #"""
        {"contentInsets": {"bottom": 49}, "contentHeight": 3000,
         "chains": [{"name": "card", "frame": {"y": 1000, "height": 100},
         "events": [{"name": "half", "input": "progress", "range": "entry", "timelineInset": "auto", "crosses": 0.5}]}]}
        """#)
    var host = SceneHost(scene: scene)
    var fired: [(Double, SceneEvent)] = []
    for offset in stride(from: 200.0, through: 320, by: 5) {
      host.evaluate(scene.geometry(offset: offset))
      fired += host.withEvents { Array($0) }.map { (offset, $0) }
    }
    #expect(fired.map(\.0) == [255])
    #expect(fired.first?.1.value == 0.5)
    #expect(fired.first?.1.direction == .increasing)
  }
}
