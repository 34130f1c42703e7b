import EffectHost
import EffectProtocol
import Effects
import ScrollEffectsTestSupport
import Testing

/// Events: where they fire (the rule of Docs/Scenes.md, re-derived here), how they are
/// declared and refused, and the host's state across its life.
@Suite struct SceneHostEventsTests {
  /// A scene of one 100-point view under `effects`, repeated `count` times
  /// when `count` is given, with `events`.
  static func scene(events: String, effects: String = "[]", count: Int? = nil) throws -> Scene {
    let repetition = count.map { #", "repeat": {"count": \#($0), "spacing": 10}"# } ?? ""
    return try SceneLoader().load(
      json: #"""
        {"contentHeight": 4000, "chains": [{"name": "a", "frame": {"y": 200, "height": 100}\#(repetition),
          "effects": \#(effects), "events": \#(events)}]}
        """#)
  }

  /// The events of `host`'s last frame as (copy, event, direction, value).
  static func fired(_ host: SceneHost) -> [SceneEvent] {
    host.withEvents { Array($0) }
  }

  @Test(
    "scroll events over random sequences fire exactly where a < X <= b or a > X >= b",
    arguments: [false, true])
  func randomSequences(nearBottom: Bool) throws {
    var random = SplitMix64(seed: nearBottom ? 13 : 12)
    // The default viewport (844 high) over 4000 points of content.
    let maxOffset = 4000.0 - 844
    let base = nearBottom ? maxOffset : 0
    for _ in 0..<40 {
      // Thresholds on a grid the inputs land on, so that a frame exactly
      // at the threshold is common; each event reads the offset, the pull
      // at the top or the pull past the bottom.
      let inputs = (0..<3).map { _ in random.pick(["offset", "pull", "pullBottom"]) }
      let thresholds = inputs.map { input in
        Double(random.next(in: input == "offset" ? -20...20 : 0...20)) * 10
          + (input == "offset" ? base : 0)
      }
      let directions = (0..<3).map { _ in random.pick(["increasing", "decreasing", "both"]) }
      // A fourth event, anywhere among them, on a height no effect
      // changes: it never crosses, and a frame that reads it reads the
      // views; the frames that read none pass over it.
      let tall = random.next(in: 0...3)
      var declarations = (0..<3).map {
        #"{"name": "e\#($0)", "input": "\#(inputs[$0])", "crosses": \#(thresholds[$0]), "#
          + #""direction": "\#(directions[$0])"}"#
      }
      declarations.insert(#"{"name": "tall", "input": "height", "crosses": 150}"#, at: tall)
      let json = "[" + declarations.joined(separator: ", ") + "]"
      let count = random.next(in: 1...3)
      var host = SceneHost(scene: try Self.scene(events: json, count: count))
      var previous: Double?
      for frame in 0..<200 {
        // Now and then the session starts again: its next frame fires nothing.
        if random.chance(0.03) {
          host.resetState()
          previous = nil
        }
        let offset =
          base
          + (random.chance(0.5)
            ? Double(random.next(in: -20...20)) * 10 : random.signed(upTo: 250))
        // Now and then a copy of the host is kept through the frame: the
        // frame then works on tables of its own.
        let kept = random.chance(0.1) ? host : nil
        host.evaluate(offset: offset)
        withExtendedLifetime(kept) {}
        func value(_ input: String, _ offset: Double) -> Double {
          switch input {
          case "pull": max(-offset, 0)
          case "pullBottom": max(offset - maxOffset, 0)
          default: offset
          }
        }
        var expected: [SceneEvent] = []
        if let previous {
          for index in 0..<3 {
            let (a, b) = (value(inputs[index], previous), value(inputs[index], offset))
            let x = thresholds[index]
            var direction: SceneEvent.Direction?
            if a < x && x <= b && directions[index] != "decreasing" { direction = .increasing }
            if a > x && x >= b && directions[index] != "increasing" { direction = .decreasing }
            guard let direction else { continue }
            for copy in 0..<count {
              expected.append(
                SceneEvent(
                  chain: 0, copy: copy, event: index < tall ? index : index + 1,
                  direction: direction, value: b))
            }
          }
        }
        #expect(
          Self.fired(host) == expected,
          "frame \(frame), \(inputs), \(previous ?? .nan) -> \(offset)")
        previous = offset
      }
    }
  }

  @Test("no event on a first frame, none twice for one crossing, one each way at a stop")
  func firstFrameAndStops() throws {
    var host = SceneHost(scene: try Self.scene(events: #"[{"name": "e", "crosses": 100}]"#))
    host.evaluate(offset: 150)
    #expect(Self.fired(host).isEmpty)
    host.evaluate(offset: 100)  // lands exactly on it going down: a > X >= b
    #expect(
      Self.fired(host) == [
        SceneEvent(chain: 0, copy: 0, event: 0, direction: .decreasing, value: 100)
      ])
    host.evaluate(offset: 100)  // stays: nothing
    #expect(Self.fired(host).isEmpty)
    host.evaluate(offset: 90)  // from the threshold on down: a = X, nothing
    #expect(Self.fired(host).isEmpty)
    host.evaluate(offset: 100)  // back up onto it: a < X <= b
    #expect(
      Self.fired(host) == [
        SceneEvent(chain: 0, copy: 0, event: 0, direction: .increasing, value: 100)
      ])
    host.evaluate(offset: 120)
    #expect(Self.fired(host).isEmpty)
  }

  @Test("minY, height and progress are read after the chain's last effect, per copy")
  func viewInputs() throws {
    // Copy i's natural top is 200 + 110 i - o; stretch grows every copy by
    // the pull and keeps its top where it would rest (y -= pull).
    let scene = try Self.scene(
      events: #"""
        [{"name": "top", "input": "minY", "crosses": 0},
         {"name": "tall", "input": "height", "crosses": 150, "direction": "increasing"},
         {"name": "late", "input": "progress", "crosses": 0.9}]
        """#, effects: #"[{"type": "stretch"}]"#, count: 2)
    func progress(_ minY: Double, _ height: Double) -> Double { (844 - minY) / (844 + height) }
    var host = SceneHost(scene: scene)
    host.evaluate(offset: 0)
    // Offset 250: copy 0's top 200 -> -50 crosses 0, its progress 0.68 ->
    // 0.95 crosses 0.9; copy 1 (310 -> 60, progress 0.57 -> 0.83) crosses none.
    host.evaluate(offset: 250)
    #expect(progress(200, 100) < 0.9 && progress(-50, 100) >= 0.9 && progress(60, 100) < 0.9)
    #expect(
      Self.fired(host) == [
        SceneEvent(chain: 0, copy: 0, event: 0, direction: .decreasing, value: -50),
        SceneEvent(chain: 0, copy: 0, event: 2, direction: .increasing, value: progress(-50, 100)),
      ])
    // Pulled 60: heights 160, tops 200 and 310.
    host.evaluate(offset: -60)
    #expect(
      Self.fired(host) == [
        SceneEvent(chain: 0, copy: 0, event: 0, direction: .increasing, value: 200),
        SceneEvent(chain: 0, copy: 0, event: 1, direction: .increasing, value: 160),
        SceneEvent(chain: 0, copy: 1, event: 1, direction: .increasing, value: 160),
        SceneEvent(chain: 0, copy: 0, event: 2, direction: .decreasing, value: progress(200, 160)),
      ])
    #expect(host.eventDeclaration(of: Self.fired(host)[1]).name == "tall")
  }

  @Test("a host copied mid-scroll fires and floats independently; resetState starts a session")
  func copiesAndReset() throws {
    let scene = try Self.scene(
      events: #"[{"name": "e", "crosses": 100}]"#, effects: #"[{"type": "float"}]"#)
    var host = SceneHost(scene: scene)
    host.evaluate(offset: 0)
    host.evaluate(offset: 300)  // float hides 100 (its height); e fires up
    #expect(Self.fired(host).map(\.direction) == [.increasing])
    var copy = host
    copy.evaluate(offset: 50)  // the copy goes back down past 100: fires, shows 100
    #expect(Self.fired(copy).map(\.direction) == [.decreasing])
    // float: h = clamp(100 - 250, 0, 100) = 0, y = max(200 - 50, 0 - 0) = 150.
    #expect(copy.transform(at: 0).y == 150)
    host.evaluate(offset: 350)  // the original continues from 300: no event, still hidden
    #expect(Self.fired(host).isEmpty)
    #expect(host.transform(at: 0).y == max(200 - 350, -100))
    copy.evaluate(offset: 40)
    #expect(Self.fired(copy).isEmpty)
    host.evaluate(offset: 340)  // h = 90: y = max(-140, -90)
    #expect(host.transform(at: 0).y == -90)

    host.resetState()
    host.evaluate(offset: 50)  // a first frame again: no event, float shown (h 0)
    #expect(Self.fired(host).isEmpty)
    #expect(host.transform(at: 0).y == 150)
    host.evaluate(offset: 400)  // delta 350: h = 100; e fires
    #expect(Self.fired(host).map(\.direction) == [.increasing])
    #expect(host.transform(at: 0).y == -100)
    // The copy was not reset: from 40 to 400 it hides 100 too, and fires.
    copy.evaluate(offset: 400)
    #expect(Self.fired(copy).map(\.direction) == [.increasing])
  }

  static let malformed: [(String, [String])] = [
    (
      #""events": {"name": "e"}"#,
      [#"t.json: chains[0].events: expected an array of events, found an object"#]
    ),
    (
      #""events": [3]"#,
      [
        "t.json: chains[0].events[0]: expected an event object (name, input, crosses, direction), found the number 3"
      ]
    ),
    (
      #""events": [{"crosses": 1}]"#,
      [
        "t.json: chains[0].events[0].name: missing required key; expected an event name (a non-empty string)"
      ]
    ),
    (
      #""events": [{"name": "", "crosses": 1}]"#,
      [
        #"t.json: chains[0].events[0].name: expected an event name (a non-empty string), found the string """#
      ]
    ),
    (
      #""events": [{"name": "e", "crosses": 1}, {"name": "e", "crosses": 2}]"#,
      [
        #"t.json: chains[0].events[1].name: expected a unique event name in the chain, found "e" again (first at chains[0].events[0].name)"#
      ]
    ),
    (
      #""events": [{"name": "e", "input": "pul", "crosses": 1}]"#,
      [
        #"t.json: chains[0].events[0].input: expected "offset", "pull" (or "pullStart"), "pullBottom" (or "pullEnd"), "minY", "height", "minX", "width" or "progress", found the string "pul"; did you mean "pull"?"#
      ]
    ),
    (
      #""events": [{"name": "e", "input": "speed", "crosses": 1}]"#,
      [
        #"t.json: chains[0].events[0].input: expected "offset", "pull" (or "pullStart"), "pullBottom" (or "pullEnd"), "minY", "height", "minX", "width" or "progress", found the string "speed""#
      ]
    ),
    (
      #""events": [{"name": "e", "crosses": 1, "direction": "up"}]"#,
      [
        #"t.json: chains[0].events[0].direction: expected "increasing", "decreasing" or "both", found the string "up""#
      ]
    ),
    (
      #""events": [{"name": "e", "crosses": 1, "direction": "increasin"}]"#,
      [
        #"t.json: chains[0].events[0].direction: expected "increasing", "decreasing" or "both", found the string "increasin"; did you mean "increasing"?"#
      ]
    ),
    (
      #""events": [{"name": "e"}]"#,
      [
        "t.json: chains[0].events[0].crosses: missing required key; expected a number from -1e9 to 1e9"
      ]
    ),
    (
      #""events": [{"name": "e", "crosses": "100"}]"#,
      [
        #"t.json: chains[0].events[0].crosses: expected a number from -1e9 to 1e9, found the string "100""#
      ]
    ),
    (
      #""events": [{"name": "e", "crosses": 1e300}]"#,
      [
        "t.json: chains[0].events[0].crosses: expected a number from -1e9 to 1e9, found the number 1e+300"
      ]
    ),
    (
      #""events": [{"name": "e", "crosses": 1, "threshold": 2}]"#,
      [
        "t.json: chains[0].events[0].threshold: unknown key for an event (valid keys: name, input, crosses, direction, range, timelineInset)"
      ]
    ),
    (
      #""events": [{"name": "e", "input": "pull", "crosses": 1, "range": "entry", "timelineInset": "auto"}]"#,
      [
        #"t.json: chains[0].events[0].range: expected "range" only with "input": "progress", found it with "input": "pull""#,
        #"t.json: chains[0].events[0].timelineInset: expected "timelineInset" only with "input": "progress", found it with "input": "pull""#,
      ]
    ),
    (
      #""events": [{"name": "e", "input": "progress", "crosses": 0.5, "range": "entry-crossing 50%"}]"#,
      [
        #"t.json: chains[0].events[0].range: expected a view range: one or two parts, each cover, contain, entry, exit, entryCrossing or exitCrossing, optionally followed by P% or Lpx (P and L from -1e9 to 1e9), found the string "entry-crossing 50%"; did you mean "entryCrossing 50%"?"#
      ]
    ),
    (
      #""events": [{"name": "e", "input": "progress", "crosses": 0.5, "timelineInset": ["auto", "ten"]}]"#,
      [
        #"t.json: chains[0].events[0].timelineInset[1]: expected a timeline inset: points or "P%" of the viewport's height (from -1e9 to 1e9), or "auto" (the content inset), or [start, end] of these, found the string "ten""#
      ]
    ),
  ]

  @Test("a malformed events declaration is refused with the full message", arguments: malformed)
  func refused(members: String, lines: [String]) {
    do {
      _ = try SceneLoader().load(
        json: #"{"chains": [{"name": "a", "frame": {"height": 10}, \#(members)}]}"#, file: "t.json")
      Issue.record("expected an error for \(members)")
    } catch {
      #expect(error.lines == lines)
    }
  }
}
