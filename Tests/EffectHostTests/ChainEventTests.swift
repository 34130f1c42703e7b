import EffectProtocol
import Effects
import ScrollEffectsTestSupport
import Testing

@testable import EffectHost

/// The event detector's binary search over copies with natural frames
/// against its loop over every copy, and both against the rule read off the
/// transforms, bit for bit.
@Suite struct ChainEventTests {
  /// Effects a row may have: keeping frames natural (none, interpolate on
  /// visuals), losing them only while pulled (stretch, an expression moving
  /// x and the width), or always (pin, parallax).
  static let effectChoices = [
    "[]",
    #"[{"type": "interpolate", "property": "opacity", "input": "progress", "stops": [[0, 0], [0.2, 1]]}]"#,
    #"[{"type": "interpolate", "property": "opacity", "input": "progress", "stops": [[0, 0], [0.2, 1]]}, {"type": "interpolate", "property": "scale", "input": "progress", "stops": [[0, 0.9], [0.3, 1]]}]"#,
    #"[{"type": "interpolate", "property": "opacity", "stops": [[0, 1], [300, 0.3]]}, {"type": "stretch"}]"#,
    #"[{"type": "pin", "until": 600}]"#,
    #"[{"type": "parallax", "rate": 0.5}]"#,
    #"[{"type": "expression", "x": "offset < 0 ? pull / 2 : 0", "width": "offset < 0 ? 390 - pull : 390"}]"#,
  ]

  /// The way a value went from `a` to `b` across `crosses`, by the rule
  /// Docs/Scenes.md states, if the event watches that `direction`.
  static func crossing(
    from a: Double, to b: Double, crosses: Double, direction: String
  ) -> SceneEvent.Direction? {
    if a < crosses && crosses <= b && direction != "decreasing" { return .increasing }
    if a > crosses && crosses >= b && direction != "increasing" { return .decreasing }
    return nil
  }

  /// Every order of a previous value, a current value and a threshold,
  /// equal ones, infinities and NaN included, in every direction: the
  /// declaration's `crossing(from:to:)` is the rule.
  @Test("crossing(from:to:) is the rule for every order of the values, NaN included")
  func crossingRule() {
    let values = [-Double.infinity, -1, 0, 0.5, 1, .infinity, .nan]
    for direction in ChainEvent.Direction.allCases {
      for crosses in values {
        let event = ChainEvent(name: "e", crosses: crosses, direction: direction)
        for a in values {
          for b in values {
            let expected = Self.crossing(
              from: a, to: b, crosses: crosses, direction: direction.rawValue)
            #expect(
              event.crossing(from: a, to: b) == expected,
              "\(a) to \(b) across \(crosses), \(direction)")
          }
        }
      }
    }
  }

  /// The events the rule fires from the transforms `previous` (none on a
  /// first frame) and `current` of chains with `counts` copies and
  /// `declarations`, in a viewport as tall as `viewportHeights` with
  /// content insets `insets` in the two frames; `reading` sees each copy's
  /// two values and threshold.
  static func ruleEvents(
    _ declarations: [[(input: String, crosses: Double, direction: String)]], counts: [Int],
    previous: [ViewTransform]?, current: [ViewTransform],
    viewportHeights: (previous: Double, current: Double),
    insets: (previous: EdgeInsets, current: EdgeInsets) = (.zero, .zero),
    reading: (Double, Double, Double) -> Void = { _, _, _ in }
  ) -> [SceneEvent] {
    guard let previous else { return [] }
    var expected: [SceneEvent] = []
    var firstView = 0
    for (chain, events) in declarations.enumerated() {
      for (index, event) in events.enumerated() {
        for copy in 0..<counts[chain] {
          let a = value(
            event.input, previous[firstView + copy], viewportHeight: viewportHeights.previous,
            insets: insets.previous)
          let b = value(
            event.input, current[firstView + copy], viewportHeight: viewportHeights.current,
            insets: insets.current)
          reading(a, b, event.crosses)
          if let direction = crossing(
            from: a, to: b, crosses: event.crosses, direction: event.direction)
          {
            expected.append(
              SceneEvent(chain: chain, copy: copy, event: index, direction: direction, value: b))
          }
        }
      }
      firstView += counts[chain]
    }
    return expected
  }

  /// The value of `input` in `transform`, as Docs/Effects.md defines it for
  /// `interpolate`, in a viewport `viewportHeight` tall with content insets
  /// `insets`; `entry` is the progress through the range `entry` measured
  /// in the viewport less the content insets (`"timelineInset": "auto"`).
  static func value(
    _ input: String, _ transform: ViewTransform, viewportHeight: Double,
    insets: EdgeInsets = .zero
  ) -> Double {
    switch input {
    case "minY": transform.y
    case "height": transform.height
    case "minX": transform.x
    case "width": transform.width
    case "entry":
      // CSS's `entry` range of a view timeline inset by the content insets:
      // 0 when the view's top is at the inset viewport's bottom, V - Ib; 1
      // once it has come in by its height or by the inset viewport's length,
      // V - It - Ib, whichever is less. The tests' tops and heights are
      // multiples of 1/4, so every difference here is exact.
      Saturation.clamp(
        (viewportHeight - insets.bottom - transform.y)
          / min(transform.height, viewportHeight - insets.top - insets.bottom))
    default:
      // Saturated, not clamped to 0...1 (Geometry's `coverProgress`).
      Saturation.clamp((viewportHeight - transform.y) / (viewportHeight + transform.height))
    }
  }

  @Test("natural-frame range search fires exactly what the per-copy loop and the rule fire")
  func rangesMatchLoop() throws {
    var random = SplitMix64(seed: 1212)
    var searchedFrames = 0
    var firedEvents = 0
    var onValue = 0
    let viewportHeight = 844.0
    for _ in 0..<60 {
      let chainCount = random.next(in: 1...2)
      var chains: [String] = []
      // (chain, input, crosses, direction) per declaration, in order.
      var declarations: [[(input: String, crosses: Double, direction: String)]] = []
      var counts: [Int] = []
      for chain in 0..<chainCount {
        let count = random.next(in: 1...60)
        let height = random.pick([72.0, 100.0, 33.3])
        let spacing = random.pick([0.0, 8.0, 2.5])
        let y = random.pick([0.0, 232.0, 1000.5])
        counts.append(count)
        var events: [(input: String, crosses: Double, direction: String)] = []
        for _ in 0..<random.next(in: 1...3) {
          let input = random.pick(["minY", "progress", "height", "minX", "width"])
          // Often exactly a copy's value at an offset on the grid the
          // sequence lands on.
          let copy = Double(random.next(in: 0...(count - 1)))
          let offset = Double(random.next(in: -10...80)) * 10
          let minY = 47 + y - offset + copy * (height + spacing)
          let crosses: Double =
            switch input {
            case "minY": random.chance(0.6) ? minY : random.signed(upTo: 1500)
            case "height": random.chance(0.5) ? height : height + random.unit() * 40
            // The natural x is 0 and the width the viewport's, 390.
            case "minX": random.chance(0.5) ? 0 : random.unit() * 40
            case "width": random.chance(0.5) ? 390 : 390 - random.unit() * 40
            default:
              random.chance(0.6)
                ? ScrollGeometry.coverProgress(
                  minY: minY, height: height, viewportHeight: viewportHeight)
                : random.pick([0, 0.2, 1, random.unit()])
            }
          events.append((input, crosses, random.pick(["increasing", "decreasing", "both"])))
        }
        declarations.append(events)
        let eventsJSON = events.enumerated().map { index, event in
          #"{"name": "e\#(index)", "input": "\#(event.input)", "crosses": \#(event.crosses), "direction": "\#(event.direction)"}"#
        }.joined(separator: ", ")
        let repetition = #", "repeat": {"count": \#(count), "spacing": \#(spacing)}"#
        chains.append(
          #"{"name": "c\#(chain)", "frame": {"y": \#(y), "height": \#(height)}\#(repetition), "effects": \#(random.pick(Self.effectChoices)), "events": [\#(eventsJSON)]}"#
        )
      }
      let scene = try SceneLoader().load(
        json: #"""
          {"viewport": {"width": 390, "height": \#(viewportHeight)}, "contentInsets": {"top": 47, "bottom": 34},
           "contentHeight": 6000, "chains": [\#(chains.joined(separator: ", "))]}
          """#)
      var fast = SceneHost(scene: scene)
      var loop = SceneHost(scene: scene)
      loop.eventDetector.searchesNaturalRanges = false
      var previous: [ViewTransform]?
      var previousViewport = viewportHeight
      for frame in 0..<120 {
        if random.chance(0.02) {
          fast.resetState()
          loop.resetState()
          previous = nil
        }
        let offset =
          random.chance(0.6)
          ? Double(random.next(in: -10...80)) * 10 : random.signed(upTo: 900)
        // Now and then a shorter viewport (a rotation, a keyboard): every
        // progress changes without a scroll.
        var geometry = scene.geometry(offset: offset)
        let frameViewport = random.chance(0.1) ? 700.0 : viewportHeight
        geometry.viewport.height = frameViewport
        fast.evaluate(geometry)
        loop.evaluate(geometry)
        let current = loop.withTransforms { Array($0) }
        searchedFrames += fast.eventDetector.naturalChains.filter { $0 }.count
        // The rule, from the transforms of the two frames.
        let expected = Self.ruleEvents(
          declarations, counts: counts, previous: previous, current: current,
          viewportHeights: (previousViewport, frameViewport)
        ) { a, b, crosses in
          if a == crosses || b == crosses { onValue += 1 }
        }
        let searched = fast.withEvents { Array($0) }
        let looped = loop.withEvents { Array($0) }
        #expect(searched == expected, "frame \(frame) at \(offset)")
        #expect(looped == expected, "frame \(frame) at \(offset)")
        #expect(
          searched.map(\.value.bitPattern) == looped.map(\.value.bitPattern),
          "frame \(frame) at \(offset)")
        #expect(fast.withTransforms { Array($0) } == current)
        firedEvents += expected.count
        previous = current
        previousViewport = frameViewport
      }
    }
    // The search ran, events fired, and values landed on thresholds.
    #expect(searchedFrames > 2000)
    #expect(firedEvents > 1000)
    #expect(onValue > 100)
  }

  /// Effects that leave some of a view's inputs alone: `y` (parallax), `y`
  /// and `height` (stretch), `height` (footerPin), `x` and `width` (an
  /// expression), visuals only (interpolate).
  static let partialEffects = [
    #"{"type": "parallax", "rate": 0.5}"#, #"{"type": "stretch"}"#, #"{"type": "footerPin"}"#,
    #"{"type": "expression", "x": "x + pull / 2", "width": "width - pull / 4"}"#,
    #"{"type": "interpolate", "property": "opacity", "input": "minY", "stops": [[0, 0], [400, 1]]}"#,
  ]

  /// A scene whose every watch is constant reads none between layout
  /// changes; the frames that read none still count as frames: after a
  /// reset, the first frame fires nothing and the next ones are compared
  /// with it, so a layout change after them fires.
  @Test("after a reset, a layout change of a scene whose watches are all constant fires")
  func constantWatchesFireAfterReset() throws {
    let scene = try SceneLoader().load(
      json: #"""
        {"viewport": {"width": 390, "height": 844}, "contentHeight": 3000,
         "chains": [{"name": "card", "frame": {"y": 100, "height": 80},
           "effects": [{"type": "parallax", "rate": 0.5}],
           "events": [{"name": "tall", "input": "height", "crosses": 90}]}]}
        """#)
    var host = SceneHost(scene: scene)
    host.evaluate(offset: 0)
    host.evaluate(offset: 10)
    host.resetState()
    for offset in [20.0, 30, 40] {
      host.evaluate(offset: offset)
      #expect(host.withEvents { $0.isEmpty }, "at \(offset)")
    }
    var frame = host.scene.chains[0].frame
    frame.height = 100
    host.setFrame(frame, ofChain: 0)
    host.evaluate(offset: 50)
    // 80 before, 100 now: 90 crossed upwards.
    #expect(
      host.withEvents { Array($0) }
        == [SceneEvent(chain: 0, copy: 0, event: 0, direction: .increasing, value: 100)])
  }

  /// A scene without state or mirror whose every watch is constant runs its
  /// frames as plain ones once its detector settles, and tests the detector
  /// again after anything that may unsettle it: a reset, a layout change, a
  /// frame in another viewport height (its `progress` watch depends on it).
  /// Every frame's transforms are a fresh host's at the same offset, and a
  /// mirrored twin never leaves the frame that mirrors.
  @Test("a scene whose every watch is constant runs plain frames until a change")
  func settledScenesRunPlainFrames() throws {
    let json = { (axes: String) in
      #"""
      {\#(axes), "viewport": {"width": 390, "height": 844},
       "chains": [
         {"name": "card", "frame": {"x": 0, "y": 100, "width": 390, "height": 80},
          "effects": [{"type": "parallax", "rate": 0.5}],
          "events": [{"name": "tall", "input": "height", "crosses": 90}]},
         {"name": "badge", "attachment": "viewport",
          "frame": {"x": 0, "y": 300, "width": 390, "height": 40},
          "effects": [{"type": "interpolate", "property": "opacity", "stops": [[0, 1], [200, 0]]}],
          "events": [{"name": "shown", "input": "progress", "crosses": 0.5}]}]}
      """#
    }
    let scene = try SceneLoader().load(json: json(#""contentHeight": 3000"#))
    var host = SceneHost(scene: scene)
    #expect(!host.isPlainScene && !host.isPlain)
    #expect(host.eventDetector.hasGeometryWatches)
    func frame(_ offset: Double, plainAfter: Bool) {
      host.evaluate(offset: offset)
      #expect(host.isPlain == plainAfter, "after the frame at \(offset)")
      var fresh = SceneHost(scene: host.scene)
      fresh.evaluate(host.geometry)
      #expect(
        host.withTransforms { Array($0) } == fresh.withTransforms { Array($0) },
        "at \(offset)")
      #expect(host.withEvents { $0.isEmpty }, "at \(offset)")
    }
    // The first frame reads every watch; the second finds them kept.
    frame(0, plainAfter: false)
    frame(40, plainAfter: true)
    frame(-30, plainAfter: true)
    host.resetState()
    #expect(!host.isPlain)
    frame(10, plainAfter: true)
    host.setFrame(Rect(y: 120, width: 390, height: 80), ofChain: 0)
    #expect(!host.isPlain)
    frame(20, plainAfter: false)
    frame(25, plainAfter: true)
    host.setViewport(Size(width: 390, height: 700))
    #expect(!host.isPlain)
    frame(30, plainAfter: false)
    frame(35, plainAfter: true)
    var geometry = host.geometry
    geometry.viewport.height = 900
    host.evaluate(geometry)
    #expect(!host.isPlain)
    host.evaluate(offset: 45)
    #expect(host.isPlain)

    // A right-to-left twin mirrors every frame, settled or not.
    var twin = SceneHost(
      scene: try SceneLoader().load(
        json: json(#""axis": "horizontal", "layoutDirection": "rightToLeft", "contentWidth": 3000"#)
      ))
    for offset in [0.0, 40, -30, 15] {
      twin.evaluate(offset: offset)
      #expect(!twin.isPlain)
    }
  }

  /// Watches of inputs that no effect of their chain changes (the chain's
  /// `height`, `minX` and `width`, and `minY` in the viewport) are read
  /// only after a layout change, and the `progress` of a viewport chain
  /// whose effects change neither `y` nor `height` only after a layout
  /// change or in another viewport height or insets: on chains of effects
  /// that change other inputs, through frames in three viewport heights and
  /// two sets of insets, changes of a chain's frame between them and
  /// resets, every frame fires what the rule fires from the transforms of
  /// the frame and the one before.
  @Test("an input no effect changes fires only on a layout change, as the rule says")
  func constantInputsMatchRule() throws {
    var random = SplitMix64(seed: 0xC0_57)
    var constantWatches = 0
    var geometryWatches = 0
    var allConstantScenes = 0
    var firedEvents = 0
    var firedInOtherGeometry = 0
    var firedThroughEntry = 0
    for _ in 0..<40 {
      var chains: [String] = []
      var declarations: [[(input: String, crosses: Double, direction: String)]] = []
      var counts: [Int] = []
      for chain in 0..<random.next(in: 1...3) {
        let count = random.next(in: 1...8)
        counts.append(count)
        let frame = (x: 10.0, width: 200.0, height: 80.0, y: Double(random.next(in: 0...600)))
        var events: [(input: String, crosses: Double, direction: String)] = []
        for _ in 0..<random.next(in: 1...3) {
          let input = random.pick(["minY", "height", "minX", "width", "progress", "entry"])
          // A view's progress in the viewport heights the frames take, and
          // its progress through `entry` in two of them and with other
          // insets.
          let natural = ViewTransform(
            frame: Rect(y: frame.y, width: frame.width, height: frame.height))
          let progress =
            input == "entry"
            ? [(844.0, 47.0), (700, 47), (844, 20)].map {
              Self.value(
                "entry", natural, viewportHeight: $0.0, insets: EdgeInsets(top: $0.1, bottom: 34))
            }
            : [844.0, 700, 900].map { Self.value("progress", natural, viewportHeight: $0) }
          // Between the natural value and the ones the layout changes below
          // give it, or on one of them.
          let crosses: Double =
            switch input {
            case "height": random.pick([80, 90, 95, 100, 110])
            case "minX": random.pick([10, 12, 14, 15, 20])
            case "width": random.pick([200, 210, 220, 230, 250])
            case "progress", "entry":
              random.pick([
                progress[0], (progress[0] + progress[1]) / 2, (progress[0] + progress[2]) / 2,
              ])
            default: frame.y + random.pick([0, 10, 20, 30])
            }
          events.append((input, crosses, random.pick(["increasing", "decreasing", "both"])))
        }
        declarations.append(events)
        let eventsJSON = events.enumerated().map { index, event in
          let input =
            event.input == "entry"
            ? #""progress", "range": "entry", "timelineInset": "auto""# : #""\#(event.input)""#
          return
            #"{"name": "e\#(index)", "input": \#(input), "crosses": \#(event.crosses), "direction": "\#(event.direction)"}"#
        }.joined(separator: ", ")
        let effects = (0..<random.next(in: 0...2)).map { _ in random.pick(Self.partialEffects) }
        chains.append(
          #"{"name": "c\#(chain)", "attachment": "\#(random.pick(["content", "viewport"]))", "frame": {"x": \#(frame.x), "width": \#(frame.width), "y": \#(frame.y), "height": \#(frame.height)}, "repeat": {"count": \#(count), "spacing": 4}, "effects": [\#(effects.joined(separator: ", "))], "events": [\#(eventsJSON)]}"#
        )
      }
      let scene = try SceneLoader().load(
        json: #"""
          {"viewport": {"width": 390, "height": 844}, "contentInsets": {"top": 47, "bottom": 34},
           "contentHeight": 3000, "chains": [\#(chains.joined(separator: ", "))]}
          """#)
      var host = SceneHost(scene: scene)
      let watches = (0..<host.eventDetector.watchCount).map { host.eventDetector.watch($0) }
      let constant = watches.filter(\.isConstant).count
      constantWatches += constant
      geometryWatches += watches.filter(\.isConstantInGeometry).count
      // A scene whose every watch is constant reads none between layout changes.
      if constant == host.eventDetector.watchCount { allConstantScenes += 1 }
      var previous: [ViewTransform]?
      var previousHeight = 844.0
      var previousInsets = host.geometry.contentInsets
      for frame in 0..<80 {
        if random.chance(0.03) {
          host.resetState()
          previous = nil
        }
        // A chain's frame changes between two frames, now and then in
        // several frames running.
        if random.chance(0.25) {
          let chain = random.next(in: 0...(counts.count - 1))
          var rect = host.scene.chains[chain].frame
          switch random.next(in: 0...3) {
          case 0: rect.height = random.pick([80, 95, 100, 120])
          case 1: rect.x = random.pick([10, 14, 15, 22])
          case 2: rect.width = random.pick([200, 220, 230, 260])
          default: rect.y += random.pick([-20, 0, 10, 20])
          }
          host.setFrame(rect, ofChain: chain)
        }
        let offset = random.chance(0.5) ? Double(random.next(in: -10...60)) * 10 : 0
        // Now and then in another viewport height or other insets, which
        // several frames running keep.
        var geometry = host.geometry
        geometry.offset = offset
        if random.chance(0.15) { geometry.viewport.height = random.pick([844, 700, 900]) }
        if random.chance(0.1) { geometry.contentInsets.top = random.pick([47, 20]) }
        host.evaluate(geometry)
        let current = host.withTransforms { Array($0) }
        let height = geometry.viewport.height
        let expected = Self.ruleEvents(
          declarations, counts: counts, previous: previous, current: current,
          viewportHeights: (previousHeight, height),
          insets: (previousInsets, geometry.contentInsets))
        #expect(host.withEvents { Array($0) } == expected, "frame \(frame) at \(offset)")
        firedEvents += expected.count
        firedThroughEntry +=
          expected.filter { declarations[$0.chain][$0.event].input == "entry" }
          .count
        if height != previousHeight || geometry.contentInsets != previousInsets {
          firedInOtherGeometry += expected.count
        }
        previous = current
        previousHeight = height
        previousInsets = geometry.contentInsets
      }
    }
    #expect(constantWatches > 40)
    #expect(geometryWatches > 10)
    #expect(allConstantScenes > 3)
    #expect(firedEvents > 200)
    #expect(firedInOtherGeometry > 20)
    #expect(firedThroughEntry > 20, "\(firedThroughEntry)")
  }
}

extension ChainEventTests {
  /// A `progress` watch of a chain attached to the viewport whose effects
  /// change neither `y` nor `height` is constant only in one geometry: it
  /// is read again when a layout change gives the viewport another height
  /// or the content other insets (the chain's frame, set in full, does not
  /// move), and when a frame given its geometry has another; frames of an
  /// offset alone, whole or of the visible copies, read nothing. Every
  /// frame fires what the rule fires from the transforms of the frame and
  /// the one before.
  @Test(
    "a watch constant in one geometry fires after the viewport or insets change, as the rule says"
  )
  func geometryChangesMatchRule() throws {
    var random = SplitMix64(seed: 0x6E0_C4)
    var firedEvents = 0
    var firedAfterLayoutChange = 0
    var firedInGivenGeometry = 0
    for _ in 0..<30 {
      let count = random.next(in: 1...6)
      let frame = (x: 10.0, width: 200.0, height: 80.0, y: Double(random.next(in: 0...600)))
      let input = random.pick(["progress", "entry"])
      let natural = ViewTransform(frame: Rect(y: frame.y, width: frame.width, height: frame.height))
      let values = [(844.0, 47.0), (700, 47), (844, 20), (900, 20)].map {
        Self.value(
          input, natural, viewportHeight: $0.0, insets: EdgeInsets(top: $0.1, bottom: 34))
      }
      let crosses = random.pick([
        (values[0] + values[1]) / 2, (values[0] + values[2]) / 2, (values[1] + values[3]) / 2,
        values[0],
      ])
      let direction = random.pick(["increasing", "decreasing", "both"])
      let range =
        input == "entry"
        ? #""progress", "range": "entry", "timelineInset": "auto""# : #""progress""#
      let effects = random.pick([
        "", #"{"type": "interpolate", "property": "opacity", "stops": [[0, 1], [300, 0.3]]}"#,
      ])
      let scene = try SceneLoader().load(
        json: #"""
          {"viewport": {"width": 390, "height": 844}, "contentInsets": {"top": 47, "bottom": 34},
           "contentHeight": 3000, "chains": [{"name": "c", "attachment": "viewport",
           "frame": {"x": \#(frame.x), "width": \#(frame.width), "y": \#(frame.y), "height": \#(frame.height)},
           "repeat": {"count": \#(count), "spacing": 4}, "effects": [\#(effects)],
           "events": [{"name": "e", "input": \#(range), "crosses": \#(crosses), "direction": "\#(direction)"}]}]}
          """#)
      var host = SceneHost(scene: scene)
      #expect(host.eventDetector.hasGeometryWatches)
      let declarations = [[(input: input, crosses: crosses, direction: direction)]]
      var previous: [ViewTransform]?
      var previousGeometry = host.geometry
      for frameIndex in 0..<60 {
        let viewport = random.pick([844.0, 700, 900])
        let top = random.pick([47.0, 20])
        let offset = Double(random.next(in: -10...60)) * 10
        var changedByLayout = false
        var givenGeometry = false
        switch random.next(in: 0...5) {
        case 0:
          host.setViewport(Size(width: 390, height: viewport))
          changedByLayout = true
          host.evaluate(offset: offset)
        case 1:
          host.setContentInsets(EdgeInsets(top: top, bottom: 34))
          changedByLayout = true
          host.evaluate(offset: offset, visibleOnly: true)
        case 2:
          var geometry = host.geometry
          geometry.offset = offset
          geometry.viewport.height = viewport
          geometry.contentInsets.top = top
          givenGeometry = true
          host.evaluate(geometry)
        case 3:
          host.evaluate(offset: offset, visibleOnly: true)
        default:
          host.evaluate(offset: offset)
        }
        let current = host.withTransforms { Array($0) }
        let geometry = host.geometry
        let expected = Self.ruleEvents(
          declarations, counts: [count], previous: previous, current: current,
          viewportHeights: (previousGeometry.viewport.height, geometry.viewport.height),
          insets: (previousGeometry.contentInsets, geometry.contentInsets))
        #expect(host.withEvents { Array($0) } == expected, "frame \(frameIndex) at \(offset)")
        firedEvents += expected.count
        if changedByLayout { firedAfterLayoutChange += expected.count }
        if givenGeometry { firedInGivenGeometry += expected.count }
        previous = current
        previousGeometry = geometry
      }
    }
    #expect(firedEvents > 100, "\(firedEvents)")
    #expect(firedAfterLayoutChange > 20, "\(firedAfterLayoutChange)")
    #expect(firedInGivenGeometry > 20, "\(firedInGivenGeometry)")
  }
}

extension ChainEventTests {
  /// The inputs a watch of the few copies' frame reads: the scroll's, a
  /// view's own fields, its progress, and (`range`) its progress through a
  /// range with timeline insets.
  static let fewCopiesInputs = [
    "minY", "height", "minX", "width", "progress", "range", "offset", "pull", "pullBottom",
  ]

  /// Scenes whose every watch reads the scroll or a view's input of a
  /// chain of at most four copies take a frame of their own
  /// (`EventDetector.readsFewCopies`): it fires what the general loop
  /// fires, bit for bit, in both axes and right to left, through resets,
  /// new viewports and counts that take a chain past four copies and back;
  /// in a vertical scene, what the rule fires from the transforms too.
  @Test("a frame of a few copies fires what the general loop and the rule fire")
  func fewCopiesMatchLoop() throws {
    var random = SplitMix64(seed: 4711)
    var fieldFrames = 0
    var firedEvents = 0
    for round in 0..<80 {
      let direction = random.pick(["vertical", "horizontal", "rightToLeft"])
      let vertical = direction == "vertical"
      var chains: [String] = []
      var declarations: [[(input: String, crosses: Double, direction: String)]] = []
      var counts: [Int] = []
      for chain in 0..<random.next(in: 1...3) {
        let count = random.next(in: 1...4)
        counts.append(count)
        let y = random.pick([0.0, 232.0, 1000.5])
        var events: [(input: String, crosses: Double, direction: String)] = []
        for _ in 0..<random.next(in: 1...3) {
          let input = random.pick(Self.fewCopiesInputs)
          let crosses: Double =
            switch input {
            case "minY", "offset": Double(random.next(in: -10...80)) * 10 + y / 4
            case "height": random.chance(0.5) ? 100 : 100 + random.unit() * 40
            case "width": random.chance(0.5) ? 390 : 390 - random.unit() * 40
            case "minX": random.unit() * 40
            case "progress", "range": random.pick([0, 0.2, 0.5, 1, random.unit()])
            default: Double(random.next(in: 0...20)) * 10
            }
          events.append((input, crosses, random.pick(["increasing", "decreasing", "both"])))
        }
        declarations.append(events)
        let eventsJSON = events.enumerated().map { index, event in
          let input =
            event.input == "range"
            ? #"progress", "range": "\#(random.pick(["exit", "cover 10% cover 90%", "contain"]))", "timelineInset": "auto"#
            : event.input
          return
            #"{"name": "e\#(index)", "input": "\#(input)", "crosses": \#(event.crosses), "direction": "\#(event.direction)"}"#
        }.joined(separator: ", ")
        let effects =
          random.chance(0.5)
          ? random.pick(Self.effectChoices) : "[\(random.pick(Self.partialEffects))]"
        let frame =
          vertical ? #"{"y": \#(y), "height": 100}"# : #"{"x": \#(y), "width": 100}"#
        chains.append(
          #"{"name": "c\#(chain)", "frame": \#(frame), "attachment": "\#(random.pick(["content", "viewport"]))", "repeat": {"count": \#(count), "spacing": 8}, "effects": \#(effects), "events": [\#(eventsJSON)]}"#
        )
      }
      let axis =
        switch direction {
        case "horizontal": #""axis": "horizontal", "contentWidth": 6000,"#
        case "rightToLeft":
          #""axis": "horizontal", "layoutDirection": "rightToLeft", "contentWidth": 6000,"#
        default: #""contentHeight": 6000,"#
        }
      let scene = try SceneLoader().load(
        json: #"""
          {\#(axis) "viewport": {"width": 390, "height": 844}, "contentInsets": {"top": 47, "bottom": 34},
           "chains": [\#(chains.joined(separator: ", "))]}
          """#)
      var fields = SceneHost(scene: scene)
      var loop = SceneHost(scene: scene)
      #expect(fields.eventDetector.readsFewCopies, "round \(round): \(chains)")
      loop.eventDetector.readsFewCopies = false
      var previous: [ViewTransform]?
      var viewportHeight = 844.0
      var previousViewportHeight = viewportHeight
      for frame in 0..<60 {
        if random.chance(0.03) {
          fields.resetState()
          loop.resetState()
          previous = nil
        }
        if random.chance(0.05) {
          viewportHeight = random.pick([844.0, 700.0])
          let size = Size(width: 390, height: viewportHeight)
          fields.setViewport(size)
          loop.setViewport(size)
        }
        if random.chance(0.05) {
          // Past four copies the frame is the general one; back within, its own.
          let chain = random.int(0..<counts.count)
          counts[chain] = random.next(in: 1...7)
          let repetition = Chain.Repetition(count: counts[chain], spacing: 8)
          fields.setRepetition(repetition, ofChain: chain)
          loop.setRepetition(repetition, ofChain: chain)
          loop.eventDetector.readsFewCopies = false
          // A chain that watches only the scroll may have any count.
          let readsFields = zip(declarations, counts).allSatisfy { events, count in
            count <= 4 || events.allSatisfy { ["offset", "pull", "pullBottom"].contains($0.input) }
          }
          #expect(fields.eventDetector.readsFewCopies == readsFields)
          previous = nil
        }
        let offset =
          random.chance(0.6)
          ? Double(random.next(in: -10...80)) * 10 : random.signed(upTo: 900)
        fields.evaluate(offset: offset)
        loop.evaluate(offset: offset)
        if fields.eventDetector.readsFewCopies { fieldFrames += 1 }
        let fired = fields.withEvents { Array($0) }
        let looped = loop.withEvents { Array($0) }
        #expect(fired == looped, "round \(round) frame \(frame) at \(offset)")
        #expect(
          fired.map(\.value.bitPattern) == looped.map(\.value.bitPattern),
          "round \(round) frame \(frame) at \(offset)")
        let current = fields.withTransforms { Array($0) }
        #expect(current == loop.withTransforms { Array($0) })
        firedEvents += fired.count
        // The rule, for the watches of a view's fields of a vertical scene
        // whose views have not changed in number since the last frame.
        if vertical, let before = previous {
          // The ranges' rule is ChainEvent+TimelineTests'.
          let unruled = Set(["offset", "pull", "pullBottom", "range"])
          let fieldDeclarations = declarations.map { events in
            events.map { event in
              unruled.contains(event.input)
                ? (input: "none", crosses: Double.nan, direction: "both") : event
            }
          }
          let expected = Self.ruleEvents(
            fieldDeclarations, counts: counts, previous: before, current: current,
            viewportHeights: (previousViewportHeight, viewportHeight)
          ).filter { $0.value.isFinite }
          let firedFields = fired.filter {
            !unruled.contains(declarations[$0.chain][$0.event].input)
          }
          #expect(firedFields == expected, "round \(round) frame \(frame) at \(offset)")
        }
        previous = current
        previousViewportHeight = viewportHeight
      }
    }
    #expect(fieldFrames > 2000)
    #expect(firedEvents > 500)
  }
}
