import EffectHost
import EffectProtocol
import Effects
import Foundation
import ScrollEffectsTestSupport
import Testing

/// Scenes whose single-view chains share lists of effect types, which the
/// host evaluates in groups (one call per effect for every chain of a group).
@Suite struct SceneHostGroupsTests {
  @Test("chains evaluated in groups give the transforms of each view alone, bit for bit")
  func groupsMatch() throws {
    var grouped = 0
    for seed in 1...60 as ClosedRange<UInt64> {
      var generator = RandomScene(seed: seed)
      let json = generator.groupedSceneJSON()
      let scene = try SceneLoader().load(json: json, file: "seed \(seed)")
      grouped += SceneHost(scene: scene).groupedChainCount
      FastPathTests.expectSameFrames(scene, label: "seed \(seed): \(json)")
    }
    // The draw must really exercise groups: about 40% of the chains can join one.
    #expect(grouped > 150, "chains evaluated in groups over 60 scenes: \(grouped)")
  }

  @Test(
    "grouped interpolates of any curve, range and input give each view alone's transforms",
    arguments: [false, true])
  func groupedKeyframesMatch(horizontal: Bool) throws {
    var (grouped, chainCount) = (0, 0)
    for seed in 1...30 as ClosedRange<UInt64> {
      var random = SplitMix64(seed: seed)
      var chains: [String] = []
      for index in 0..<random.next(in: 3...10) {
        // A first effect that moves or resizes the view now and then, so
        // that the inputs read a frame that is not the natural one.
        let first = random.pick([
          "",
          #"{"type": "stretch"}, "#,
          #"{"type": "interpolate", "property": "translateY", "stops": [[0, 0], [400, -150]]}, "#,
          #"{"type": "interpolate", "property": "height", "input": "offset", "stops": [[0, 90], [300, 30]], "easing": "easeIn"}, "#,
        ])
        let y = Double(random.next(in: -200...2400)) / 2
        let frame =
          horizontal
          ? #"{"x": \#(y), "width": \#(random.next(in: 1...300)), "height": 200}"#
          : #"{"y": \#(y), "height": \#(random.next(in: 1...300)), "width": 200}"#
        chains.append(
          #"{"name": "c\#(index)", "frame": \#(frame), "attachment": \#(random.pick(["\"content\"", "\"viewport\""])), "effects": [\#(first)\#(Self.keyframesJSON(&random))]}"#
        )
      }
      let settings =
        horizontal
        ? #""axis": "horizontal", "contentWidth": \#(random.next(in: 0...4000))"#
        : #""contentHeight": \#(random.next(in: 0...4000))"#
      let json = """
        {\(settings), "viewport": {"width": \(random.next(in: 300...600)), "height": \(random.next(in: 300...900))},
         "contentInsets": {"top": \(random.next(in: 0...60)), "bottom": \(random.next(in: 0...40)), "left": \(random.next(in: 0...30)), "right": \(random.next(in: 0...30))},
         "chains": [\(chains.joined(separator: ", "))]}
        """
      let scene = try SceneLoader().load(json: json, file: "seed \(seed)")
      grouped += SceneHost(scene: scene).groupedChainCount
      chainCount += scene.chains.count
      FastPathTests.expectSameFrames(scene, label: "seed \(seed): \(json)")
    }
    // Most chains are in groups (some are fixed where they are, and are not).
    #expect(grouped * 4 > chainCount * 3, "\(grouped) of \(chainCount) chains in groups")
  }

  /// An `interpolate` that no loop of a class serves: three or four stops,
  /// or a Bézier, step or `linear(...)` easing, or a view range or insets.
  static func keyframesJSON(_ random: inout SplitMix64) -> String {
    let property = random.pick([
      "opacity", "scale", "scaleX", "scaleY", "blur", "rotation", "translateX", "translateY",
      "width", "height", "zIndex",
    ])
    let input = random.pick([
      "offset", "pull", "pullBottom", "minY", "minX", "height", "width", "progress", "progress",
    ])
    var members = #""type": "interpolate", "property": "\#(property)", "input": "\#(input)""#
    members +=
      ", \"stops\": "
      + BuiltInEffectGenerators.exactStops(&random, property: property, input: input)
    members +=
      ", \"easing\": "
      + random.pick([
        #""easeInOut""#, #"{"cubicBezier": [0.7, -0.5, 0.3, 1.5]}"#, #""steps(4)""#,
        #""steps(5, jump-start)""#, #""step-end""#, #""linear(0, 0.6 30%, 0.9 60%, 1)""#,
        #""linear(1, 0 50%, 1 50%, 0)""#, #""linear""#,
      ])
    members += ", \"extrapolate\": \(random.pick(["\"clamp\"", "\"extend\""]))"
    if input == "progress" {
      members +=
        ", \"range\": "
        + random.pick([#""cover""#, #""entry""#, #""exit 20%""#, #""contain 10% cover 90%""#])
      members +=
        ", \"timelineInset\": " + random.pick(["0", #""auto""#, #"[12, "5%"]"#])
    }
    return "{" + members + "}"
  }

  @Test("a grouped interpolate with fewer than two usable stops changes nothing")
  func groupedKeyframesWithoutCurve() throws {
    // Set in code, stops that are not finite are skipped: one usable stop
    // is no curve, linear or not (not two linear stops either). Beside
    // members that have one, of every easing, in the same class of the
    // same group.
    let easings: [Easing] = [
      .linear, .easeInOut, .steps(4, .jumpStart), .piecewiseLinear([.init(0, 1), .init(1, 0)]),
    ]
    var chains: [Chain] = []
    for index in 0..<8 {
      let stops: [InterpolateEffect.Stop] =
        index.isMultiple(of: 2)
        ? [.init(.nan, 0), .init(400, 0.25)]
        : [.init(0, 0.25), .init(300, 0.5), .init(900, 1)]
      let effect = InterpolateEffect(
        parameters: .init(
          property: .opacity, input: .minY, stops: stops, easing: easings[index / 2],
          extrapolate: .clamp))
      chains.append(
        Chain(
          name: "c\(index)", frame: Rect(y: Double(index) * 250, width: 390, height: 200),
          effects: [effect]))
    }
    let scene = Scene(contentInsets: EdgeInsets(top: 47, bottom: 34), chains: chains)
    var host = SceneHost(scene: scene)
    #expect(host.groupedChainCount == 8)
    #expect(host.groupKernelCount == 1)
    FastPathTests.expectSameFrames(scene, label: "stops without a curve")
    var eased = 0
    for offset in stride(from: -100.0, through: 1500, by: 50) {
      host.evaluate(offset: offset)
      for row in stride(from: 0, to: 8, by: 2) {
        #expect(host.transform(at: row).opacity == 1, "row \(row) at \(offset)")
      }
      eased += (1..<8).filter { !$0.isMultiple(of: 2) && host.transform(at: $0).opacity < 1 }.count
    }
    // The members with a curve do change their views.
    #expect(eased > 50)
  }

  @Test("a feed of single-view chains of the same types forms one group")
  func feedIsOneGroup() throws {
    let scene = try SceneLoader().load(
      contentsOf: SceneFiles.packageRoot.appendingPathComponent("Benchmarks/feed-scene.json")
        .path)
    #expect(scene.chains.count == 50)
    #expect(SceneHost(scene: scene).groupedChainCount == 50)
    #expect(SceneHost(scene: scene).groupCount == 1)
    // parallax: every rate within ±1, one class; interpolate: opacity,
    // translateY and scale of minY, all extended, three; pin: all at the
    // top with an until, one.
    #expect(SceneHost(scene: scene).groupKernelCount == 5)
  }

  @Test("groups share the kernels of one type at one position: a call a type and position")
  func kernelsSharedAcrossGroups() throws {
    let scene = try SceneLoader().load(
      json: """
        {"viewport": {"width": 100, "height": 200}, "contentHeight": 2000, "chains": [
          {"name": "a", "frame": {"y": 0, "height": 10}, "effects": [{"type": "parallax"}]},
          {"name": "b", "frame": {"y": 100, "height": 10},
           "effects": [{"type": "parallax", "rate": 0.3}, {"type": "pin"}]},
          {"name": "c", "frame": {"y": 200, "height": 10},
           "effects": [{"type": "parallax", "rate": 0.2}, {"type": "translate", "factor": 0.5}]},
          {"name": "d", "frame": {"y": 300, "height": 40},
           "effects": [{"type": "collapse"}, {"type": "parallax", "rate": 0.4}]},
          {"name": "e", "frame": {"y": 400, "height": 10}},
          {"name": "f", "frame": {"y": 500, "height": 10}, "zIndex": 2,
           "effects": [{"type": "stretch"}]}
        ]}
        """, file: "shared.json")
    let host = SceneHost(scene: scene)
    // Six lists of types: [parallax], [parallax, pin], [parallax,
    // translate], [collapse, parallax], none, and f's own visuals then
    // stretch.
    #expect(host.groupCount == 6)
    // First effects: one parallax for a, b and c (rates within ±1, all
    // attached to the content), collapse, f's visuals; second: pin,
    // translate, parallax, stretch. A kernel a group and position would
    // be 1 + 2 + 2 + 2 + 0 + 2 = 9.
    #expect(host.groupKernelCount == 3 + 4)
    FastPathTests.expectSameFrames(scene, label: "shared.json")
  }

  @Test("a group's effects run one loop per class: pin by edge and until, parallax by rate")
  func classesSplitKernels() throws {
    let scene = try SceneLoader().load(
      json: """
        {"viewport": {"width": 100, "height": 200}, "contentHeight": 2000, "chains": [
          {"name": "a", "frame": {"y": 0, "height": 10, "width": 10},
           "effects": [{"type": "parallax", "rate": 0.5}, {"type": "pin"}]},
          {"name": "b", "frame": {"y": 300, "height": 10, "width": 10},
           "effects": [{"type": "parallax", "rate": 2}, {"type": "pin", "until": 900}]},
          {"name": "c", "frame": {"y": 600, "height": 10, "width": 10},
           "effects": [{"type": "parallax", "rate": -1}, {"type": "pin", "edge": "bottom"}]},
          {"name": "d", "frame": {"y": 1200, "height": 10, "width": 10}, "attachment": "viewport",
           "effects": [{"type": "parallax", "rate": -1.5},
                       {"type": "pin", "edge": "bottom", "until": 1100, "inset": 4}]}
        ]}
        """, file: "classes.json")
    let host = SceneHost(scene: scene)
    #expect(host.groupCount == 1)
    // parallax, the first effect, writes views at rest: |rate| <= 1 (a,
    // c) and above it (b attached to the content, d to the viewport), a
    // few of both attachments in one kernel: the bounded pair joins it, as
    // one kernel is fewer than two; pin: all four classes.
    #expect(host.groupKernelCount == 1 + 4)
    FastPathTests.expectSameFrames(scene, label: "classes.json")
  }

  /// A first `parallax` writes its members at rest: one kernel for each
  /// class of rates and attachment, but a few members of both attachments
  /// share one, and a few bounded rates join the other rates' kernel when
  /// that makes fewer calls. Worked out here from the chains drawn.
  @Test("a few parallax members of both attachments or rate classes share a kernel at rest")
  func smallParallaxKernelsJoin() throws {
    var random = SplitMix64(seed: 41)
    var (joinedRounds, mixedRounds) = (0, 0)
    for round in 0..<48 {
      let horizontal = random.chance(0.4)
      let rightToLeft = horizontal && random.chance(0.5)
      let count = 1 + random.int(0..<13)
      // Bounded rates (a magnitude from 1e-150 to 1) and any other.
      let boundedRates = [0.5, -0.25, 1, -1, 0.125, 1e-150]
      let otherRates = [2, -1000, 1000, 0, 1e-200, -3.5]
      var members: [(bounded: Bool, content: Bool)] = []
      var withStretch = false
      var chains: [String] = []
      for index in 0..<count {
        let bounded = random.chance(0.5)
        let content = random.chance(0.5)
        members.append((bounded, content))
        let rate = bounded ? random.pick(boundedRates) : random.pick(otherRates)
        let stretch = random.chance(0.3)
        withStretch = withStretch || stretch
        let (place, size) = horizontal ? ("x", "width") : ("y", "height")
        chains.append(
          #"{"name": "c\#(index)", "frame": {"\#(place)": \#(random.int(-100..<1600)), "\#(size)": \#(1 + random.int(0..<300))}, "attachment": "\#(content ? "content" : "viewport")", "effects": [{"type": "parallax", "rate": \#(rate)}\#(stretch ? #", {"type": "stretch"}"# : "")]}"#
        )
      }
      let axis =
        horizontal
        ? #""axis": "horizontal", "layoutDirection": "\#(rightToLeft ? "rightToLeft" : "leftToRight")""#
        : #""axis": "vertical""#
      let json = """
        {\(axis),
         "viewport": {"width": 390, "height": 700}, "contentInsets": {"top": 30, "bottom": 20, "left": 5, "right": 9},
         "\(horizontal ? "contentWidth" : "contentHeight")": \(random.int(0..<3000)),
         "chains": [\(chains.joined(separator: ", "))]}
        """
      let scene = try SceneLoader().load(json: json, file: "round \(round)")
      let host = SceneHost(scene: scene)
      #expect(host.groupedChainCount == count, "round \(round)")
      // The kernels of classes of members, each a list of attachments: two
      // for a class of both attachments of 8 or more members, else one.
      func kernels(_ classes: [[Bool]]) -> Int {
        classes.filter { !$0.isEmpty }.map { attachments in
          let content = attachments.filter { $0 }.count
          let viewport = attachments.count - content
          return content > 0 && viewport > 0 && attachments.count >= 8 ? 2 : 1
        }.reduce(0, +)
      }
      let bounded = members.filter(\.bounded).map(\.content)
      let other = members.filter { !$0.bounded }.map(\.content)
      let apart = kernels([bounded, other])
      let joined =
        !other.isEmpty && !bounded.isEmpty && bounded.count < 8 ? kernels([other + bounded]) : apart
      if joined < apart { joinedRounds += 1 }
      if [bounded, other, other + bounded].contains(where: { Set($0).count == 2 && $0.count < 8 }) {
        mixedRounds += 1
      }
      #expect(
        host.groupKernelCount == min(apart, joined) + (withStretch ? 1 : 0),
        "round \(round): \(json)")
      FastPathTests.expectSameFrames(scene, label: "round \(round): \(json)")
    }
    // The draw must reach both rules.
    #expect(joinedRounds > 8 && mixedRounds > 8, "\(joinedRounds) joined, \(mixedRounds) mixed")
  }

  @Test("a parallax within ±1 needs no saturation: the host bounds offsets by the same limit")
  func offsetLimitIsSaturationLimit() throws {
    #expect(SceneHost.offsetLimit == Saturation.limit)
    // Two content views at y 100 with parallax 0.5 and -1, one group. At an
    // offset of 1e300 the host scrolls 1e15: natural top 100 - 1e15, then
    // y += rate * 1e15, exact in Doubles; past the top parallax moves nothing.
    let scene = try SceneLoader().load(
      json: #"""
        {"chains": [
          {"name": "a", "frame": {"y": 100, "height": 50}, "effects": [{"type": "parallax", "rate": 0.5}]},
          {"name": "b", "frame": {"y": 100, "height": 50}, "effects": [{"type": "parallax", "rate": -1}]}
        ]}
        """#)
    var host = SceneHost(scene: scene)
    #expect(host.groupCount == 1)
    host.evaluate(offset: 1e300)
    #expect(host.transform(at: 0).y == 100 - 1e15 + 0.5e15)
    #expect(host.transform(at: 1).y == 100 - 1e15 - 1e15)
    host.evaluate(offset: -1e300)
    #expect(host.transform(at: 0).y == 100 + 1e15)
    #expect(host.transform(at: 1).y == 100 + 1e15)
  }

  @Test(
    "parallax kernels of bounded rates, which know their class, give each view alone's transforms",
    arguments: ["", "leftToRight", "rightToLeft"])
  func boundedRateKernelsMatch(direction: String) throws {
    // Rates at and about the edges of the bounded class (1e-150 to 1 in
    // magnitude), each a first effect (written at rest) and a second one,
    // in either attachment: the bounded ones run loops that test only the
    // scroll, the others every test `apply(to:)` makes.
    let rates = [
      1e-150, -1e-150, 1, -1, 0.5, -0.25, 9.9e-151, 1.0000000000000002, -2, 0, 1e9, -1e9,
    ]
    let horizontal = !direction.isEmpty
    func frame(_ position: String) -> String {
      horizontal
        ? #""frame": {"x": \#(position), "width": 80, "height": 300}"#
        : #""frame": {"y": \#(position), "height": 80, "width": 300}"#
    }
    var chains: [String] = []
    for (index, rate) in rates.enumerated() {
      for attachment in ["content", "viewport"] {
        let position = "\(index * 7)"
        chains.append(
          #"{"name": "a\#(chains.count)", \#(frame(position)), "attachment": "\#(attachment)", "#
            + #""effects": [{"type": "parallax", "rate": \#(rate)}]}"#)
        chains.append(
          #"{"name": "a\#(chains.count)", \#(frame(position)), "attachment": "\#(attachment)", "#
            + #""effects": [{"type": "parallax", "rate": 0.5}, {"type": "parallax", "rate": \#(rate)}]}"#
        )
      }
    }
    let settings =
      horizontal
      ? #""axis": "horizontal", "layoutDirection": "\#(direction)", "contentWidth": 2000"#
      : #""contentHeight": 2000"#
    let json = """
      {\(settings), "viewport": {"width": 300, "height": 400}, "chains": [
      \(chains.joined(separator: ",\n"))
      ]}
      """
    let scene = try SceneLoader().load(json: json, file: "bounded.json")
    var host = SceneHost(scene: scene)
    #expect(host.groupedChainCount == chains.count)
    // Offsets about the smallest that a bounded rate is known to move by a
    // nonzero amount, and far ones (within the host's offset limit, which
    // the reference does not apply).
    let offsets: [Double] = [
      0, -0.0, .leastNonzeroMagnitude, 1e-300, -1e-300, 1e-151, 9.99e-151, 1e-150, 1.5e-150, 0.5,
      100, 1e14,
      -100, -1e14,
    ]
    for offset in offsets {
      host.evaluate(offset: offset)
      let expected = ViewAloneReference.transforms(of: scene, offset: offset)
        .map(host.screenMapping.transform)
      let actual = (0..<host.viewCount).map { host.transform(at: $0) }
      if let difference = firstBitwiseDifference(
        actual, expected, actualName: "host", expectedName: "per view")
      {
        Issue.record("\(direction) at offset \(offset), \(difference)")
      }
    }
    #expect(
      ObjectIdentifier(ParallaxEffect.kernel(for: .bounded))
        != ObjectIdentifier(ParallaxEffect.self))
    #expect(
      ObjectIdentifier(ParallaxEffect.kernel(for: .unbounded))
        == ObjectIdentifier(ParallaxEffect.self))
  }

  @Test("a single-view chain with no partner is a group of its own, one without effects too")
  func loneChainsAreGroups() throws {
    let scene = try SceneLoader().load(
      contentsOf: SceneFiles.packageRoot.appendingPathComponent("Configs/stretchy-header.json")
        .path)
    let host = SceneHost(scene: scene)
    #expect(host.groupedChainCount == 2)
    #expect(host.groupCount == 2)
    FastPathTests.expectSameFrames(scene, label: "stretchy-header.json")
  }

  @Test("repeated chains and stateful effects are not grouped; a chain with events is")
  func ungroupable() throws {
    let scene = try SceneLoader().load(
      json: """
        {"chains": [
          {"name": "a", "frame": {"y": 0, "height": 10, "width": 10},
           "effects": [{"type": "parallax"}]},
          {"name": "b", "frame": {"y": 20, "height": 10, "width": 10},
           "effects": [{"type": "parallax"}]},
          {"name": "rows", "frame": {"y": 40, "height": 10, "width": 10},
           "repeat": {"count": 3}, "effects": [{"type": "parallax"}]},
          {"name": "c", "frame": {"y": 90, "height": 10, "width": 10},
           "effects": [{"type": "parallax"}],
           "events": [{"name": "e", "input": "offset", "crosses": 5}]},
          {"name": "d", "frame": {"y": 110, "height": 10, "width": 10},
           "effects": [{"type": "float"}]},
          {"name": "e", "frame": {"y": 130, "height": 10, "width": 10},
           "effects": [{"type": "float"}]}
        ]}
        """, file: "ungroupable.json")
    #expect(SceneHost(scene: scene).groupedChainCount == 3)
    FastPathTests.expectSameFrames(scene, label: "ungroupable.json")
  }

  /// The value of `input` in `transform` and `geometry`, as Docs/Effects.md
  /// defines `interpolate`'s inputs.
  static func value(
    _ input: String, _ transform: ViewTransform, _ geometry: ScrollGeometry
  ) -> Double {
    switch input {
    case "offset": geometry.offset
    case "pull": max(0, -geometry.offset)
    case "pullBottom": max(0, geometry.offset - geometry.maxOffset)
    case "minY": transform.y
    case "minX": transform.x
    case "width": transform.width
    case "height": transform.height
    default:
      Saturation.clamp(
        (geometry.viewport.height - transform.y)
          / (geometry.viewport.height + transform.height))
    }
  }

  @Test("grouped chains with events fire what the rule reads off their transforms")
  func groupedEvents() throws {
    var random = SplitMix64(seed: 2712)
    let effects = [
      "[]", #"[{"type": "parallax", "rate": 0.5}]"#, #"[{"type": "pin", "until": 400}]"#,
      #"[{"type": "stretch"}, {"type": "interpolate", "property": "height", "input": "offset", "stops": [[0, 80], [300, 20]]}]"#,
      #"[{"type": "collapse", "minHeight": 10}]"#,
    ]
    let inputs = ["offset", "pull", "pullBottom", "minY", "minX", "width", "height", "progress"]
    var fired = 0
    for _ in 0..<16 {
      var chains: [String] = []
      var declarations: [[(input: String, crosses: Double, direction: String)]] = []
      for chain in 0..<random.next(in: 1...4) {
        let y = Double(random.next(in: 0...60)) * 10
        let x = Double(random.next(in: -2...2)) * 5
        let height = Double(random.next(in: 4...12)) * 10
        var events: [(input: String, crosses: Double, direction: String)] = []
        for _ in 0..<random.next(in: 1...3) {
          let input = random.pick(inputs)
          let crosses: Double =
            switch input {
            case "progress": random.pick([0, 0.25, 0.5, 1])
            case "minX", "width": random.pick([x, 390, height, 60])
            default: Double(random.next(in: -20...60)) * 10
            }
          events.append((input, crosses, random.pick(["increasing", "decreasing", "both"])))
        }
        declarations.append(events)
        let eventsJSON = events.enumerated().map { index, event in
          #"{"name": "e\#(index)", "input": "\#(event.input)", "crosses": \#(event.crosses), "direction": "\#(event.direction)"}"#
        }.joined(separator: ", ")
        let attachment = random.chance(0.3) ? "viewport" : "content"
        chains.append(
          #"{"name": "c\#(chain)", "frame": {"x": \#(x), "y": \#(y), "height": \#(height), "width": 390}, "attachment": "\#(attachment)", "effects": \#(random.pick(effects)), "events": [\#(eventsJSON)]}"#
        )
      }
      let scene = try SceneLoader().load(
        json: #"""
          {"viewport": {"width": 390, "height": 600}, "contentInsets": {"top": 47, "bottom": 34},
           "contentHeight": 2000, "chains": [\#(chains.joined(separator: ", "))]}
          """#)
      var host = SceneHost(scene: scene)
      #expect(host.groupedChainCount == chains.count)
      var previous: (views: [ViewTransform], geometry: ScrollGeometry)?
      for _ in 0..<60 {
        let geometry = scene.geometry(offset: Double(random.next(in: -30...160)) * 10)
        host.evaluate(geometry)
        let views = host.withTransforms { Array($0) }
        var expected: [SceneEvent] = []
        if let previous {
          for (chain, events) in declarations.enumerated() {
            for (index, event) in events.enumerated() {
              let a = Self.value(event.input, previous.views[chain], previous.geometry)
              let b = Self.value(event.input, views[chain], geometry)
              if let direction = ChainEventTests.crossing(
                from: a, to: b, crosses: event.crosses, direction: event.direction)
              {
                expected.append(
                  SceneEvent(chain: chain, copy: 0, event: index, direction: direction, value: b))
              }
            }
          }
        }
        #expect(host.withEvents { Array($0) } == expected)
        fired += expected.count
        previous = (views, geometry)
      }
    }
    #expect(fired > 200)
  }

  @Test(
    "chains with visuals of their own are grouped apart, visuals under their effects",
    arguments: ["", "leftToRight", "rightToLeft"])
  func groupedVisuals(direction: String) throws {
    // Vertical, or its horizontal twin (frames' x and width for y and height).
    let horizontal = !direction.isEmpty
    func frame(_ position: Int) -> String {
      horizontal
        ? #""frame": {"x": \#(position), "width": 80, "height": 300}"#
        : #""frame": {"y": \#(position), "height": 80, "width": 300}"#
    }
    let settings =
      horizontal
      ? #""axis": "horizontal", "layoutDirection": "\#(direction)", "contentWidth": 2000"#
      : #""contentHeight": 2000"#
    let scene = try SceneLoader().load(
      json: """
        {\(settings), "viewport": {"width": 300, "height": 400}, "chains": [
          {"name": "a", \(frame(0)), "effects": [{"type": "parallax", "rate": 0.5}]},
          {"name": "b", \(frame(100)), "zIndex": 3, "opacity": 0.5,
           "effects": [{"type": "parallax", "rate": 0.5}]},
          {"name": "c", \(frame(200)), "opacity": 0.25,
           "effects": [{"type": "stretch"},
                       {"type": "interpolate", "property": "opacity", "stops": [[0, 1], [300, 0.5]]}]},
          {"name": "d", \(frame(300)), "zIndex": -1, "attachment": "viewport", "effects": []},
          {"name": "e", \(frame(400)), "zIndex": 2, "effects": [{"type": "parallax", "rate": 2}]}
        ]}
        """, file: "visuals.json")
    let host = SceneHost(scene: scene)
    #expect(host.groupedChainCount == 5)
    // a; b and e (parallax with visuals); c; d.
    #expect(host.groupCount == 4)
    FastPathTests.expectSameFrames(scene, label: "visuals.json \(direction)")
    // The visuals are there, under what the effects made of them: b's
    // opacity is its own, c's is its own times interpolate's, which is 1 at
    // offset 0 and 0.75 at offset 150, halfway between the stops.
    var frame = host
    frame.evaluate(offset: 0)
    #expect(frame.transform(at: 1).zIndex == 3)
    #expect(frame.transform(at: 1).opacity == 0.5)
    #expect(frame.transform(at: 2).opacity == 0.25)
    #expect(frame.transform(at: 3).zIndex == -1)
    #expect(frame.transform(at: 4).zIndex == 2)
    frame.evaluate(offset: 150)
    #expect(frame.transform(at: 2).opacity == 0.25 * 0.75)
    #expect(frame.transform(at: 0).opacity == 1)
  }
}
