import EffectHost
import Foundation
import ScrollEffectsTestSupport
import Testing

/// Which events the export finds by binary search over the copies, as the
/// library's detection does: those on a view's top or progress, in a chain
/// of more than 4 copies whose effects leave every view's top and height
/// natural. ExportedSceneCheck compares their events with the host's.
@Suite struct SwiftExportEventSearchTests {
  /// "cards" (12 copies, natural) has events on its top and progress, with
  /// and without a view range; "moving" is moved by parallax and "few" has
  /// 3 copies: both compare every copy. No effect changes "moving"'s
  /// height, nor anything of "badges", which stay in the viewport: those
  /// events never fire.
  static let scene = #"""
    {"viewport": {"width": 390, "height": 844}, "contentHeight": 4000,
     "chains": [
      {"name": "cards", "frame": {"y": 200, "height": 120}, "repeat": {"count": 12, "spacing": 8},
       "opacity": 0.5, "effects": [{"type": "interpolate", "property": "opacity", "input": "progress",
                                    "stops": [[0, 0], [1, 1]]}],
       "events": [{"name": "top", "input": "minY", "crosses": 300, "direction": "both"},
                  {"name": "half", "input": "progress", "crosses": 0.5},
                  {"name": "entered", "input": "progress", "crosses": 0.25, "range": "entry",
                   "direction": "decreasing"}]},
      {"name": "moving", "frame": {"y": 1800, "height": 100}, "repeat": {"count": 8},
       "effects": [{"type": "parallax", "rate": 0.5}],
       "events": [{"name": "top", "input": "minY", "crosses": 300},
                  {"name": "tall", "input": "height", "crosses": 50}]},
      {"name": "badges", "attachment": "viewport", "frame": {"y": 700, "height": 30},
       "repeat": {"count": 2},
       "events": [{"name": "top", "input": "minY", "crosses": 710},
                  {"name": "wide", "input": "width", "crosses": 100}]},
      {"name": "few", "frame": {"y": 2800, "height": 100}, "repeat": {"count": 3},
       "events": [{"name": "half", "input": "progress", "crosses": 0.5}]}
     ]}
    """#

  /// `count` scenes whose events the export searches, from `seed`: a
  /// repeated chain of 5 to 40 copies in the content (one in five in the
  /// viewport, whose events never fire), with no effect or effects that
  /// leave its frames natural, and events on its top and progress, with view
  /// ranges and timeline insets, thresholds where copies cross them.
  static func naturalScenes(count: Int, seed: UInt64) -> [(name: String, scene: Scene)] {
    var random = SplitMix64(seed: seed)
    var scenes: [(name: String, scene: Scene)] = []
    for index in 0..<count {
      let viewport = Double(random.next(in: 300...900))
      let height = Double(random.next(in: 20...300))
      let copies = random.next(in: 5...40)
      var events: [String] = []
      for event in 0..<random.next(in: 1...3) {
        var text: String
        if random.chance(0.5) {
          text = #""input": "minY", "crosses": \#(Double(random.next(in: -200...1800)) / 2)"#
        } else {
          text = #""input": "progress", "crosses": \#(Double(random.next(in: -2...10)) / 8)"#
          if random.chance(0.5) {
            text += #", "range": "\#(random.pick(ExportSceneGenerator.ranges))""#
          }
          if random.chance(0.3) {
            text += #", "timelineInset": \#(random.pick(ExportSceneGenerator.timelineInsets))"#
          }
        }
        let direction = random.pick(["increasing", "decreasing", "both"])
        events.append(#"{"name": "e\#(event)", \#(text), "direction": "\#(direction)"}"#)
      }
      let effects = random.pick([
        "",
        #"{"type": "interpolate", "property": "opacity", "input": "progress", "stops": [[0, 0], [1, 1]]}"#,
        #"{"type": "expression", "rotation": "sin(offset) * index", "scale": "1 + pull / 100"}"#,
      ])
      let json = #"""
        {"viewport": {"width": 390, "height": \#(viewport)}, "contentHeight": 6000,
         "contentInsets": {"top": \#(random.next(in: 0...60)), "bottom": 20},
         "chains": [{"name": "cards", "attachment": "\#(random.chance(0.2) ? "viewport" : "content")",
           "frame": {"y": \#(random.next(in: 0...1500)), "height": \#(height)},
           "repeat": {"count": \#(copies), "spacing": \#(random.next(in: 0...40))},
           "effects": [\#(effects)], "events": [\#(events.joined(separator: ", "))]}]}
        """#
      guard let scene = try? SceneLoader().load(json: json, file: "natural-\(index).json") else {
        Issue.record("natural-\(index).json does not load: \(json)")
        continue
      }
      scenes.append(("natural-\(index).json", scene))
    }
    return scenes
  }

  static func source() throws -> String {
    let scene = try SceneLoader().load(json: scene, file: "search.json")
    return try SwiftExport(typeName: "Search", sourceName: "search.json")
      .source(of: SceneHost(scene: scene))
  }

  /// The lines of `detectEvents` from the comment of `chain`'s event `name` to the next event's.
  static func check(of chain: String, _ name: String, in source: String) -> String {
    guard let start = source.range(of: "    // \"\(chain)\": \"\(name)\" when") else { return "" }
    let rest = source[start.upperBound...]
    let end = rest.range(of: "    // \"")?.lowerBound ?? rest.range(of: "\n  }\n")!.lowerBound
    return String(rest[..<end])
  }

  @Test("a natural chain's events on its copies' tops and progress are searched")
  func naturalChainsSearched() throws {
    let source = try Self.source()
    for name in ["top", "half", "entered"] {
      let check = Self.check(of: "cards", name, in: source)
      #expect(check.contains("fireSearched("), "\(name)")
      #expect(!check.contains("eventInputs"), "\(name)")
    }
    // The top grows with the copy; progress falls as it does.
    #expect(Self.check(of: "cards", "top", in: source).contains("ascending: true"))
    #expect(Self.check(of: "cards", "half", in: source).contains("ascending: false"))
    #expect(
      Self.check(of: "cards", "entered", in: source).contains(
        "increasing: false, decreasing: true, ascending: false"))
    // Both frames' values from the offsets, as the chain's function computes its tops.
    #expect(source.contains("let lastTop = (Self.insetTop - lastOffset) + 200.0"))
    #expect(source.contains("before: { lastTop + Double($0) * 128.0 },"))
    #expect(source.contains("lastOffset = offset\n  }"))
  }

  @Test("a chain whose effects move its views, or of 4 copies or fewer, compares every copy")
  func otherChainsCompared() throws {
    let source = try Self.source()
    for (chain, name) in [("moving", "top"), ("few", "half")] {
      let check = Self.check(of: chain, name, in: source)
      #expect(!check.contains("fireSearched("), "\(chain)")
      #expect(check.contains("eventInputs["), "\(chain)")
    }
    // Only their copies keep their last inputs: moving's 8 copies' top
    // (its height never crosses) and few's 3 copies' half, 8 + 3 slots.
    #expect(source.contains("private var eventInputs = Array(repeating: 0.0, count: 11)"))
  }

  /// "gone" repeats no copy (`"count": 0`), with events on a width its
  /// `interpolate` changes and on its top in the content, whose copies, if
  /// it had any, would each keep an input. With `barFires`, it also has an
  /// event on the offset and "bar" one on its top, which fires; without,
  /// no other event makes the file declare the inputs.
  static func chainWithoutCopiesScene(barFires: Bool) -> String {
    let barEvents =
      barFires
      ? #", "events": [{"name": "past", "input": "minY", "crosses": -20, "direction": "both"}]"#
      : ""
    let scrolled = barFires ? #", {"name": "scrolled", "input": "offset", "crosses": 10}"# : ""
    return #"""
      {"viewport": {"width": 390, "height": 844}, "contentHeight": 2000,
       "chains": [
        {"name": "bar", "frame": {"y": 0, "height": 44}\#(barEvents)},
        {"name": "gone", "frame": {"y": 100, "height": 80}, "repeat": {"count": 0},
         "effects": [{"type": "interpolate", "property": "width", "input": "offset",
                      "stops": [[0, 100], [500, 300]]}],
         "events": [{"name": "wider", "input": "width", "crosses": 200},
                    {"name": "top", "input": "minY", "crosses": 50, "direction": "both"}\#(scrolled)]}
       ]}
      """#
  }

  @Test("the events of a chain without copies read nothing and keep no input")
  func chainWithoutCopies() throws {
    for barFires in [false, true] {
      let scene = try SceneLoader().load(
        json: Self.chainWithoutCopiesScene(barFires: barFires), file: "gone.json")
      let source = try SwiftExport(typeName: "Gone", sourceName: "gone.json")
        .source(of: SceneHost(scene: scene))
      // Only "bar"'s top is kept: a check of "gone"'s copies would read
      // inputs that the file, with no other, does not declare, and not
      // compile.
      #expect(source.contains("eventInputs") == barFires)
      #expect(source.contains("detectEvents") == barFires)
      if barFires {
        #expect(source.contains("private var eventInputs = Array(repeating: 0.0, count: 1)"))
        for name in ["wider", "top", "scrolled"] {
          let check = Self.check(of: "gone", name, in: source)
          #expect(check.contains("The chain has no copies: it never fires."), "\(name)")
          #expect(!check.contains("eventInputs") && !check.contains("fire("), "\(name)")
        }
      } else {
        #expect(
          source.contains(
            "  // These events' chains have no copies: they never fire.\n"
              + "  // \"gone\": \"wider\" when width crosses 200.0, both\n"
              + "  // \"gone\": \"top\" when minY crosses 50.0, both\n"))
      }
      // The host fires none of "gone"'s either; "bar"'s once, as its top passes -20.
      var host = SceneHost(scene: scene)
      var fired: [String] = []
      for offset in stride(from: -100.0, through: 1200, by: 25) {
        host.evaluate(offset: offset)
        fired += host.eventsOfLastFrame.map { host.eventDeclaration(of: $0).name }
      }
      #expect(fired == (barFires ? ["past"] : []))
    }
  }

  @Test("an event whose input no effect changes is never checked")
  func inputsThatStayTheSame() throws {
    let source = try Self.source()
    for (chain, name) in [("moving", "tall"), ("badges", "top"), ("badges", "wide")] {
      let check = Self.check(of: chain, name, in: source)
      #expect(check.contains("never crosses"), "\(chain) \(name)")
      #expect(!check.contains("eventInputs") && !check.contains("fire"), "\(chain) \(name)")
    }
    // A scene whose every event is such has no detection at all.
    let still = try SceneLoader().load(
      json: #"""
        {"chains": [{"name": "badge", "attachment": "viewport", "frame": {"height": 30},
                     "effects": [{"type": "parallax"}],
                     "events": [{"name": "wide", "input": "width", "crosses": 100}]}]}
        """#, file: "still.json")
    let stillSource = try SwiftExport(typeName: "Still", sourceName: "still.json")
      .source(of: SceneHost(scene: still))
    #expect(!stillSource.contains("detectEvents"))
    #expect(stillSource.contains("public private(set) var events: [Event] = []"))
    // The event is still written down, as a comment.
    #expect(
      stillSource.contains(
        "  // No effect changes these events' inputs: the same every frame, they never cross.\n"
          + "  // \"badge\": \"wide\" when width crosses 100.0, both\n"))
  }

  @Test("the random natural scenes' events are searched, and fire")
  func naturalScenesAreSearched() throws {
    let scenes = Self.naturalScenes(count: 40, seed: 31)
    var searched = 0
    var fired = 0
    for (name, scene) in scenes {
      let source = try SwiftExport(typeName: "Natural", sourceName: name)
        .source(of: SceneHost(scene: scene))
      if source.contains("      fireSearched(") { searched += 1 }
      var host = SceneHost(scene: scene)
      for offset in ExportedSceneCheck.offsets(for: scene, seed: 29) {
        host.evaluate(offset: offset)
        fired += host.eventsOfLastFrame.count
      }
    }
    #expect(scenes.count == 40)
    #expect(searched >= 25)
    #expect(fired >= 1000)
  }
}
