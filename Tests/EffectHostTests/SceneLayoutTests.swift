import EffectHost
import EffectProtocol
import Effects
import ScrollEffectsTestSupport
import Testing

/// Chains that place each other, worked through by hand: `after`, pin's
/// `until` naming a chain or `"next"`, a chain's own visuals, and reading a
/// view by its chain's name.
@Suite("Scene layout")
struct SceneLayoutTests: HostileInputSuite {
  /// A header, ten rows after it (8 points below, 80 high, 4 apart) and a
  /// footer after the rows.
  static let feed = #"""
    {"viewport": {"width": 390, "height": 844},
     "chains": [
       {"name": "header", "frame": {"height": 300}},
       {"name": "rows", "after": "header", "frame": {"y": 8, "height": 80},
        "repeat": {"count": 10, "spacing": 4}},
       {"name": "footer", "after": "rows", "frame": {"height": 120}}]}
    """#

  /// The y of copy `copy` of chain `name` in the host's last frame; NaN
  /// when there is no such view.
  static func y(_ host: SceneHost, _ name: String, copy: Int = 0) -> Double {
    host.view(named: name, copy: copy)?.transform.y ?? .nan
  }

  @Test(
    "after: rows below a header that grows, a footer below the rows, the content height following")
  func afterFollowsAGrowingHeader() throws {
    let scene = try SceneLoader().load(json: Self.feed)
    // rows: 300 + 8 = 308; their last copy's bottom: 308 + 9 * 84 + 80 = 1144.
    #expect(scene.layout.frames.map(\.y) == [0, 308, 1144])
    #expect(scene.contentHeight == 1144 + 120)
    var host = SceneHost(scene: scene)
    host.evaluate(offset: 100)
    #expect(Self.y(host, "rows", copy: 0) == 308 - 100)
    #expect(Self.y(host, "footer") == 1144 - 100)

    // The header's image loads: 120 points taller.
    host.setFrame(Rect(x: 0, y: 0, width: 390, height: 420), ofChain: 0, automaticFrame: [])
    host.evaluate(offset: 100)
    #expect(Self.y(host, "rows", copy: 0) == 428 - 100)
    #expect(Self.y(host, "rows", copy: 9) == 428 + 9 * 84 - 100)
    #expect(Self.y(host, "footer") == 1264 - 100)
    #expect(host.geometry.contentHeight == 1264 + 120)
    // maxOffset = C - V.
    #expect(host.geometry.maxOffset == 1384 - 844)
    // The same through the scene value.
    var changed = scene
    changed.chains[0].frame.height = 420
    #expect(changed.layout.frames.map(\.y) == [0, 428, 1264])
    #expect(changed.contentHeight == 1384)
  }

  @Test("contentHeight set in code declares it; defaultContentHeight is the one worked out")
  func contentHeightSetInCode() throws {
    var scene = try SceneLoader().load(json: Self.feed)
    let worked = 1144 + 120.0
    #expect(scene.declaredContentHeight == nil)
    #expect(
      Scene.defaultContentHeight(
        viewport: scene.viewport, contentInsets: scene.contentInsets, chains: scene.chains)
        == worked)
    // Shorter than the viewport: V - It - Ib, 844 with no insets.
    #expect(
      Scene.defaultContentHeight(
        viewport: scene.viewport, contentInsets: EdgeInsets(top: 47, bottom: 34),
        chains: [scene.chains[0]]) == 844 - 47 - 34)
    scene.contentHeight = 3000
    #expect(scene.declaredContentHeight == 3000)
    #expect(scene.contentHeight == 3000)
    // maxOffset = C + It + Ib - V.
    #expect(scene.geometry(offset: 0).maxOffset == 3000 - 844)
    // A chain that grows no longer moves it; forgetting it works it out again.
    scene.chains[0].frame.height = 420
    #expect(scene.contentHeight == 3000)
    scene.declaredContentHeight = nil
    #expect(scene.contentHeight == worked + 120)
  }

  @Test("after a chain without copies: its own y is its bottom edge, and a negative gap overlaps")
  func afterEmptyChain() throws {
    let scene = try SceneLoader().load(
      json: #"""
        {"chains": [
          {"name": "a", "frame": {"y": 50, "height": 100}, "repeat": {"count": 0}},
          {"name": "b", "after": "a", "frame": {"y": -10, "height": 30}}]}
        """#)
    #expect(scene.layout.frames[1].y == 50 - 10)
  }

  @Test("5,000 chains, each after the one before: every one below the last, as summed by hand")
  func longRunOfAfters() throws {
    // Chain i is 2 + i % 3 high and 1 below the bottom of chain i - 1.
    let count = 5000
    var chains = [#"{"name": "c0", "frame": {"height": 2}}"#]
    for index in 1..<count {
      chains.append(
        #"{"name": "c\#(index)", "after": "c\#(index - 1)", "frame": {"y": 1, "height": \#(2 + index % 3)}}"#
      )
    }
    let scene = try SceneLoader().load(
      json: #"{"chains": ["# + chains.joined(separator: ",") + "]}")
    var top = 0.0
    var bottom = 2.0
    for index in 1..<count {
      top = bottom + 1
      bottom = top + Double(2 + index % 3)
      #expect(scene.layout.frames[index].y == top, "c\(index)")
    }
    #expect(scene.contentHeight == bottom)
    // Every chain after the first: each one 1 below c0's bottom.
    var allAfterFirst = scene
    var chainsAfterFirst = scene.chains
    for index in 1..<count { chainsAfterFirst[index].after = "c0" }
    allAfterFirst.chains = chainsAfterFirst
    #expect(allAfterFirst.layout.frames.dropFirst().allSatisfy { $0.y == 2 + 1 })
  }

  @Test("wrong after names among 2,000 chains: each reported, the hints while a million names last")
  func manyWrongAfters() throws {
    // 2,000 chains c0000...c1999, then 800 whose after is a near miss of
    // one of them (d for c): each comparing every earlier content chain's
    // name, 2,000 and more, so that about 1,000,000 / 2,400 get a hint.
    var chains = (0..<2000).map {
      #"{"name": "c\#(String(format: "%04d", $0))", "frame": {"height": 1}}"#
    }
    for index in 0..<800 {
      chains.append(
        #"{"name": "x\#(index)", "after": "d\#(String(format: "%04d", index))", "frame": {"height": 1}}"#
      )
    }
    let json = #"{"chains": ["# + chains.joined(separator: ",") + "]}"
    var lines: [String] = []
    do {
      _ = try SceneLoader().load(json: json, file: "a.json")
    } catch {
      lines = error.lines
    }
    #expect(lines.count == 800)
    // Chain 2000 + k compares 2000 + k names: hints while their sum is
    // within the budget.
    var spent = 0
    var expected = 0
    for k in 0..<800 where spent < 1_000_000 {
      spent += 2000 + k
      expected += 1
    }
    #expect(lines.filter { $0.contains("did you mean") }.count == expected)
    #expect(lines.first?.contains(#"did you mean "c0000"?"#) == true)
    #expect(lines.last?.contains("did you mean") == false)
    #expect(
      lines.allSatisfy { $0.contains("expected the name of an earlier content-attached chain") })
  }

  @Test("afters that need no hint (a later chain's name) leave the hints' names to a near miss")
  func afterLaterChainsKeepTheHint() throws {
    // 1,500 chains, 700 after the last chain (later than each), then a near
    // miss: the 700 compare no names, which would have been 1,000,000 and more.
    var chains = (0..<1500).map { #"{"name": "n\#($0)", "frame": {"height": 1}}"# }
    for index in 0..<700 {
      chains.append(#"{"name": "x\#(index)", "after": "zlast", "frame": {"height": 1}}"#)
    }
    chains.append(#"{"name": "y", "after": "n7x", "frame": {"height": 1}}"#)
    chains.append(#"{"name": "zlast", "frame": {"height": 1}}"#)
    var lines: [String] = []
    do {
      _ = try SceneLoader().load(json: #"{"chains": ["# + chains.joined(separator: ",") + "]}")
    } catch {
      lines = error.lines
    }
    #expect(lines.count == 701)
    #expect(
      lines.prefix(700).allSatisfy { $0.contains(#""zlast" does not come before this chain"#) })
    #expect(lines.last?.contains(#"found the string "n7x"; did you mean "n7"?"#) == true)
  }

  @Test(
    "after: the last earlier chain of the name, and a name's chain, through renames, new afters and layouts, as a scan finds them"
  )
  func anchorsFollowEveryChange() {
    var random = SplitMix64(seed: 17)
    // Few names, so that names repeat and afters name later chains too.
    func name() -> String { "n\(Int.random(in: 0..<6, using: &random))" }
    var scene = Scene(
      chains: (0..<12).map { index in
        Chain(name: name(), frame: Rect(y: Double(index), width: 10, height: 10), effects: [])
      })
    for _ in 0..<400 {
      let index = Int.random(in: 0..<scene.chains.count, using: &random)
      switch Int.random(in: 0..<5, using: &random) {
      case 0: scene.chains[index].name = name()
      case 1: scene.chains[index].after = Bool.random(using: &random) ? name() : nil
      case 2: scene.chains[index].frame.height = Double(Int.random(in: 0...30, using: &random))
      case 3: scene.viewport.height = Double(Int.random(in: 100...900, using: &random))
      default:
        if Bool.random(using: &random) || scene.chains.count < 3 {
          scene.chains.append(
            Chain(name: name(), frame: Rect(y: 3, width: 10, height: 7), after: name(), effects: [])
          )
        } else {
          scene.chains.remove(at: index)
        }
      }
      // The layout by hand: a chain after the last earlier chain of its
      // name sits its own y below that chain's bottom edge.
      var expected: [Double] = []
      for (position, chain) in scene.chains.enumerated() {
        var y = chain.frame.y
        if let after = chain.after,
          let anchor = scene.chains[..<position].lastIndex(where: { $0.name == after })
        {
          y += expected[anchor] + scene.chains[anchor].frame.height
        }
        expected.append(y)
      }
      #expect(scene.layout.frames.map(\.y) == expected)
      for name in (0..<6).map({ "n\($0)" }) {
        #expect(scene.chainIndex(named: name) == scene.chains.firstIndex { $0.name == name })
      }
    }
  }

  /// Three sections pinned until the next, the content ending at 900 where
  /// a fourth copy would start at 920.
  static let untilNextScene = #"""
    {"viewport": {"width": 390, "height": 300}, "contentInsets": {"top": 20},
     "contentHeight": 900,
     "chains": [{"name": "section", "frame": {"y": 100, "height": 40},
                 "repeat": {"count": 3, "spacing": 260},
                 "effects": [{"type": "pin", "until": "next"}]}]}
    """#

  @Test("until next: each copy pushed off by the next copy's top, the last by the content's end")
  func untilNext() throws {
    let scene = try SceneLoader().load(json: Self.untilNextScene)
    // The pin formula, y = max(y, min(line, edge - h)), with each copy's
    // section edge: the next copy's natural top, or the content's end.
    let it = 20.0
    let y0 = 100.0
    let step = 300.0
    let height = 40.0
    let contentHeight = 900.0
    var host = SceneHost(scene: scene)
    for offset in stride(from: -50.0, through: 950, by: 12.5) {
      host.evaluate(offset: offset)
      for copy in 0..<3 {
        let natural = (it - offset) + y0 + Double(copy) * step
        let edge =
          copy < 2 ? (it - offset) + y0 + Double(copy + 1) * step : (it - offset) + contentHeight
        let expected = max(natural, min(it, edge - height))
        #expect(host.transform(at: copy).y == expected, "offset \(offset), copy \(copy)")
      }
    }
    // Worked: at 400 copy 0 is pushed 20 above the line by copy 1 (top at
    // 20 + 400 - 400 = 20); at 860 the last is pushed off by the content's
    // end at 20 + 900 - 860 = 60.
    host.evaluate(offset: 400)
    #expect(host.transform(at: 0).y == 20 - 40 + 0)
    host.evaluate(offset: 860)
    #expect(host.transform(at: 2).y == 60 - 40)
  }

  @Test(
    "until next in an EffectEvaluator: the same formula as in a host, each copy but the last pushed by the next"
  )
  func untilNextInAnEvaluator() throws {
    // Three 100-point copies 200 apart, content 2,000 long, no insets (line
    // 0). At 250, copy 0 (natural -250) is pushed by copy 1's top at -50:
    // max(-250, min(0, -50 - 100)) = -150; copy 1 by copy 2's top at 150:
    // max(-50, min(0, 50)) = 0; copy 2, the last, by the content's end at
    // 1,750: max(150, min(0, 1,650)) = 150. At 1,950 the content's end is at
    // 50: copy 2 max(-1,550, min(0, -50)) = -50, copy 1 max(-1,750, -1,650),
    // copy 0 max(-1,950, -1,850).
    let pin = try PinEffect.decode(json: #"{"until": "next"}"#)
    var evaluator = EffectEvaluator(
      [pin], naturalFrame: Rect(y: 0, width: 390, height: 100), count: 3, stride: 200)
    #expect(
      evaluator.evaluate(ScrollGeometry(offset: 250, contentHeight: 2000)).map(\.y)
        == [-150, 0, 150])
    #expect(
      evaluator.evaluate(ScrollGeometry(offset: 1950, contentHeight: 2000)).map(\.y)
        == [-1850, -1650, -50])
    // Random chains, either edge: the evaluator equals a host to the bit.
    var random = SplitMix64(seed: 0x6e65_7874)
    for _ in 0..<60 {
      let count = Int(random.next(in: 2...9))
      let height = Double(random.next(in: 10...200))
      let spacing = Double(random.next(in: 0...80))
      let inset = Double(random.next(in: 0...60))
      let edge = random.next(in: 0...1) == 0 ? "top" : "bottom"
      let effect = #"{"type": "pin", "edge": "\#(edge)", "inset": \#(inset), "until": "next"}"#
      let json =
        #"{"contentInsets": {"top": 30, "bottom": 20}, "chains": [{"name": "s", "frame": {"y": 40, "height": \#(height)}, "repeat": {"count": \#(count), "spacing": \#(spacing)}, "effects": [\#(effect)]}]}"#
      var host = SceneHost(scene: try SceneLoader().load(json: json))
      let chain = try #require(host.scene.chains.first)
      var alone = EffectEvaluator(
        chain.effects, naturalFrame: chain.frame, count: count, stride: height + spacing)
      for _ in 0..<8 {
        let offset = Double(random.next(in: -400...3000)) / 4
        host.evaluate(offset: offset)
        let geometry = host.scene.geometry(offset: offset)
        let expected = host.withTransforms { Array($0) }.map(\.y)
        #expect(alone.evaluate(geometry).map(\.y) == expected, "\(json) at \(offset)")
      }
    }
  }

  @Test(
    "until next on a chain attached to the viewport: the next copy's top stands still, the content's end scrolls"
  )
  func untilNextInTheViewport() throws {
    // Two 100-point rows at viewport y 0 and 200 (spacing 100), pinned 50
    // below the top (line 50), content 2,000 long, no insets.
    var host = SceneHost(
      scene: try SceneLoader().load(
        json: #"""
          {"contentHeight": 2000, "chains": [{"name": "row", "frame": {"height": 100},
            "attachment": "viewport", "repeat": {"count": 2, "spacing": 100},
            "effects": [{"type": "pin", "inset": 50, "until": "next"}]}]}
          """#))
    for offset in [0.0, 200, 1950] {
      host.evaluate(offset: offset)
      // Copy 0: its edge is copy 1's natural top, viewport y 200 at every
      // offset: y = max(0, min(50, 200 - 100)) = 50.
      #expect(host.transform(at: 0).y == 50, "offset \(offset)")
      // Copy 1: its edge is the content's end, 0 + 2000 - offset, which
      // scrolls: y = max(200, min(50, 2000 - offset - 100)) = 200.
      #expect(host.transform(at: 1).y == max(200, min(50, 2000 - offset - 100)))
    }
    // One copy, the last: pushed off by the content's end, 2000 - 1950 =
    // 50, so y = max(0, min(50, 50 - 100)) = 0; at rest held at the line.
    var single = SceneHost(
      scene: try SceneLoader().load(
        json: #"""
          {"contentHeight": 2000, "chains": [{"name": "row", "frame": {"height": 100},
            "attachment": "viewport", "repeat": {"count": 1},
            "effects": [{"type": "pin", "inset": 50, "until": "next"}]}]}
          """#))
    single.evaluate(offset: 0)
    #expect(single.transform(at: 0).y == 50)
    single.evaluate(offset: 1950)
    #expect(single.transform(at: 0).y == 0)
  }

  @Test("until a chain: the pin follows that chain's natural top as it moves")
  func untilChain() throws {
    let scene = try SceneLoader().load(
      json: #"""
        {"chains": [
          {"name": "title", "frame": {"y": 100, "height": 50},
           "effects": [{"type": "pin", "until": {"chain": "end"}}]},
          {"name": "body", "after": "title", "frame": {"height": 600}},
          {"name": "end", "after": "body", "frame": {"height": 10}}]}
        """#)
    // end's top: 150 + 600 = 750; at offset 740 the title's bottom is held at
    // 750 - 740 = 10, so its top is -40.
    var host = SceneHost(scene: scene)
    host.evaluate(offset: 740)
    #expect(host.transform(at: 0).y == 10 - 50)
    // The body grows by 100: end's top is 850, and so is the section's end.
    host.setFrame(Rect(y: 0, width: 390, height: 700), ofChain: 1)
    host.evaluate(offset: 740)
    #expect(host.transform(at: 0).y == 0)
    host.evaluate(offset: 840)
    #expect(host.transform(at: 0).y == 10 - 50)
  }

  @Test("zIndex and opacity: a chain's visuals before its effects, which may change them")
  func visuals() throws {
    let scene = try SceneLoader().load(
      json: #"""
        {"chains": [
          {"name": "plain", "frame": {"height": 50}, "zIndex": 3, "opacity": 0.5},
          {"name": "faded", "frame": {"y": 50, "height": 50}, "zIndex": -1, "opacity": 0.25,
           "effects": [{"type": "parallax", "rate": 0.5}]},
          {"name": "rows", "frame": {"y": 100, "height": 50}, "zIndex": 2, "repeat": {"count": 3},
           "effects": [{"type": "interpolate", "property": "opacity", "input": "offset",
                        "stops": [[0, 1], [100, 0]]}]}]}
        """#)
    var host = SceneHost(scene: scene)
    host.evaluate(offset: 50)
    #expect(host.view(named: "plain")?.transform.zIndex == 3)
    #expect(host.view(named: "plain")?.transform.opacity == 0.5)
    #expect(host.view(named: "faded")?.transform.zIndex == -1)
    #expect(host.view(named: "faded")?.transform.opacity == 0.25)
    // parallax moved it by 0.5 * 50.
    #expect(host.view(named: "faded")?.translateY == 25)
    for copy in 0..<3 {
      #expect(host.view(named: "rows", copy: copy)?.transform.zIndex == 2)
      // interpolate sets opacity: halfway from 1 to 0.
      #expect(host.view(named: "rows", copy: copy)?.transform.opacity == 0.5)
    }
    #expect(host.view(named: "rows", copy: 3) == nil)
    #expect(host.view(named: "missing") == nil)
  }

  @Test("reading by name: the transform, its natural frame, translateX and translateY")
  func readingByName() throws {
    let scene = try SceneLoader().load(
      json: #"""
        {"contentInsets": {"top": 47},
         "chains": [{"name": "card", "frame": {"x": 10, "y": 200, "width": 300, "height": 100},
                     "effects": [{"type": "translate", "axis": "x", "factor": 0.25}]}]}
        """#)
    var host = SceneHost(scene: scene)
    host.evaluate(offset: 80)
    let card = try #require(host.view(named: "card"))
    // Natural: x 10, y = It + 200 - offset = 167; translate moves x by 0.25 * 80.
    #expect(card.naturalFrame == Rect(x: 10, y: 167, width: 300, height: 100))
    #expect(card.transform.x == 30)
    #expect(card.translateX == 20)
    #expect(card.translateY == 0)
    #expect(card.transform.translateX(from: card.naturalFrame) == 20)
  }

  @Test("a rotation: chains without a width span the new safe area")
  func rotation() throws {
    let scene = try SceneLoader().load(
      json: #"""
        {"viewport": {"width": 393, "height": 852}, "contentInsets": {"top": 59, "bottom": 34},
         "chains": [{"name": "header", "frame": {"height": 200}},
                    {"name": "badge", "frame": {"x": 16, "width": 44, "height": 44}}]}
        """#)
    var host = SceneHost(scene: scene)
    host.evaluate(offset: 0)
    #expect(
      host.view(named: "header")?.transform.frame == Rect(x: 0, y: 59, width: 393, height: 200))
    host.setViewport(Size(width: 852, height: 393))
    host.setContentInsets(EdgeInsets(top: 0, bottom: 21, left: 59, right: 59))
    host.evaluate(offset: 0)
    // 852 - 59 - 59 = 734, from the left inset.
    #expect(
      host.view(named: "header")?.transform.frame == Rect(x: 59, y: 0, width: 734, height: 200))
    #expect(host.view(named: "badge")?.transform.frame == Rect(x: 16, y: 0, width: 44, height: 44))
  }

  @Test("a repeated chain that grows: the float states of the copies kept, new ones shown")
  func growingKeepsState() throws {
    let scene = try SceneLoader().load(
      json: #"""
        {"chains": [{"name": "bars", "frame": {"height": 60}, "repeat": {"count": 2},
                     "effects": [{"type": "float"}]}]}
        """#)
    var host = SceneHost(scene: scene)
    host.evaluate(offset: 0)
    host.evaluate(offset: 300)
    // Hidden in full: h = min(300, 60); y = max(natural, 0 - h).
    #expect(host.transform(at: 0).y == -60)
    host.setRepetition(Chain.Repetition(count: 3), ofChain: 0)
    host.evaluate(offset: 280)
    // Back up by 20: h = 40 for the copies that stay; the new copy starts
    // shown (h = 0, and 0 - 20 clamps to 0). Natural tops 0, 60, 120 - 280.
    #expect(host.transform(at: 0).y == max(-280, -40))
    #expect(host.transform(at: 1).y == max(60 - 280, -40))
    #expect(host.transform(at: 2).y == max(120 - 280, 0))
    host.setRepetition(Chain.Repetition(count: 1), ofChain: 0)
    host.evaluate(offset: 290)
    // Down by 10: h = 50.
    #expect(host.viewCount == 1)
    #expect(host.transform(at: 0).y == -50)
  }

  @Test("copies added mid-scroll have their first frame: delta 0, shown whatever the others scroll")
  func grownCopiesStartShownScrollingOn() throws {
    let scene = try SceneLoader().load(
      json: #"""
        {"contentHeight": 5000, "chains": [{"name": "row", "frame": {"height": 100},
          "repeat": {"count": 1}, "effects": [{"type": "float"}]}]}
        """#)
    var host = SceneHost(scene: scene)
    host.evaluate(offset: 0)
    host.evaluate(offset: 150)
    host.setRepetition(Chain.Repetition(count: 3), ofChain: 0)
    // Up by another 150 (delta 150): copy 0 keeps scrolling, h = min(100,
    // 100 + 150) = 100, y = max(-300, 0 - 100) = -100. Copies 1 and 2 have
    // their first frame (delta 0, h 0): y = max(natural, 0) = 0, for
    // natural tops 100 - 300 and 200 - 300.
    host.evaluate(offset: 300)
    #expect(host.transform(at: 0).y == -100)
    #expect(host.transform(at: 1).y == 0)
    #expect(host.transform(at: 2).y == 0)
    // As a fresh host of the grown scene at 300, for the new copies.
    var fresh = SceneHost(scene: host.scene)
    fresh.evaluate(offset: 300)
    #expect(fresh.transform(at: 1).y == host.transform(at: 1).y)
    #expect(fresh.transform(at: 2).y == host.transform(at: 2).y)
    // The next frame they scroll with the others: up 50, h = 50 for both,
    // y = max(100 - 350, -50) and max(200 - 350, -50).
    host.evaluate(offset: 350)
    #expect(host.transform(at: 1).y == -50)
    #expect(host.transform(at: 2).y == -50)
    // Grown twice between two frames: every copy after the first count is new.
    host.setRepetition(Chain.Repetition(count: 4), ofChain: 0)
    host.setRepetition(Chain.Repetition(count: 5), ofChain: 0)
    host.evaluate(offset: 500)
    #expect(host.transform(at: 3).y == max(300 - 500, 0))
    #expect(host.transform(at: 4).y == max(400 - 500, 0))
    // Copy 2, which had frames: h = min(100, 50 + 150) = 100, y = max(-300, -100).
    #expect(host.transform(at: 2).y == -100)
  }

  @Test("a chain given repeat is evaluated anew, its float state carried over")
  func givenRepeatKeepsState() throws {
    let scene = try SceneLoader().load(
      json: #"""
        {"chains": [{"name": "bar", "frame": {"height": 60}, "effects": [{"type": "float"}]}]}
        """#)
    var host = SceneHost(scene: scene)
    host.evaluate(offset: 0)
    host.evaluate(offset: 300)
    #expect(host.transform(at: 0).y == -60)
    host.setRepetition(Chain.Repetition(count: 2), ofChain: 0)
    host.evaluate(offset: 280)
    // Back up by 20: copy 0 kept h = 60, now 40; copy 1 starts shown. Natural
    // tops 0 and 60, less 280.
    #expect(host.transform(at: 0).y == max(-280, -40))
    #expect(host.transform(at: 1).y == max(60 - 280, 0))
  }

  @Test("events compare the frame after a change with the one before")
  func eventsAcrossAChange() throws {
    let scene = try SceneLoader().load(
      json: #"""
        {"chains": [{"name": "row", "frame": {"y": 400, "height": 50}, "repeat": {"count": 4},
                     "events": [{"name": "top", "input": "minY", "crosses": 300,
                                 "direction": "decreasing"}]}]}
        """#)
    var host = SceneHost(scene: scene)
    host.evaluate(offset: 0)
    host.evaluate(offset: 0)
    #expect(host.eventsOfLastFrame.isEmpty)
    // Rows moved up by 150 at the same offset: copies 0 and 1 (tops 400 and
    // 450, now 250 and 300) cross 300 going down.
    host.setFrame(Rect(y: 250, width: 390, height: 50), ofChain: 0)
    host.evaluate(offset: 0)
    #expect(host.eventsOfLastFrame.map(\.copy) == [0, 1])
    // Four copies become six: the new ones have no previous value.
    host.setRepetition(Chain.Repetition(count: 6), ofChain: 0)
    host.evaluate(offset: 150)
    // minY = 250 + 50 i - 150: copies 2 and 3 (350 and 400 before) cross;
    // copy 1 (300 before) does not; 4 and 5 are new and fire nothing.
    #expect(host.eventsOfLastFrame.map(\.copy) == [2, 3])
    host.evaluate(offset: 220)
    // Copy 5 goes from 350 to 280; copy 4 from 300 to 230 (300 > 300 is
    // false).
    #expect(host.eventsOfLastFrame.map(\.copy) == [5])
    host.setRepetition(Chain.Repetition(count: 2), ofChain: 0)
    host.evaluate(offset: -100)
    // Two copies are left, going down: none crosses down.
    #expect(host.eventsOfLastFrame.isEmpty)
    host.evaluate(offset: 0)
    // From 350 and 400 to 250 and 300.
    #expect(host.eventsOfLastFrame.map(\.copy) == [0, 1])
  }

  /// A chain of more copies than are read one by one, its frames natural,
  /// keeps its watches' previous values as tops, stored into their slots
  /// when its count changes: each watch into its own slots, before any
  /// moves for the new copies.
  @Test("a count change keeps every watch's previous values, the second watch's too")
  func countChangeWithTwoWatches() throws {
    let scene = try SceneLoader().load(
      json: #"""
        {"chains": [{"name": "row", "frame": {"y": 400, "height": 50}, "repeat": {"count": 6},
                     "events": [{"name": "a", "input": "minY", "crosses": 300,
                                 "direction": "decreasing"},
                                {"name": "b", "input": "minY", "crosses": 420,
                                 "direction": "decreasing"}]}]}
        """#)
    var host = SceneHost(scene: scene)
    host.evaluate(offset: 0)
    host.evaluate(offset: 0)
    #expect(host.eventsOfLastFrame.isEmpty)
    host.setRepetition(Chain.Repetition(count: 8), ofChain: 0)
    host.evaluate(offset: 150)
    // minY = 400 + 50 i before, 250 + 50 i now: a (300) is crossed by
    // copies 0 and 1, b (420) by copies 1 to 3 (copy 0 was at 400 already);
    // copies 6 and 7 are new and fire nothing.
    let fired = host.eventsOfLastFrame.map { (host.eventDeclaration(of: $0).name, $0.copy) }
    #expect(fired.map(\.0) == ["a", "a", "b", "b", "b"])
    #expect(fired.map(\.1) == [0, 1, 1, 2, 3])
  }

  /// A scroll input has one value for every copy; a copy added since the
  /// last frame had none there, and fires nothing in its first frame.
  @Test("copies added to a chain with a pull event fire nothing in their first frame")
  func newCopiesOfAScrollInput() throws {
    let scene = try SceneLoader().load(
      json: #"""
        {"chains": [{"name": "header", "frame": {"height": 120},
                     "events": [{"name": "refresh", "input": "pull", "crosses": 100,
                                 "direction": "increasing"}]}]}
        """#)
    var host = SceneHost(scene: scene)
    host.evaluate(offset: 0)
    host.setRepetition(Chain.Repetition(count: 3), ofChain: 0)
    // pull 0 to 150 crosses 100: copy 0 had the last frame, 1 and 2 did not.
    host.evaluate(offset: -150)
    #expect(host.eventsOfLastFrame.map(\.copy) == [0])
    host.evaluate(offset: 0)
    host.evaluate(offset: -150)
    #expect(host.eventsOfLastFrame.map(\.copy) == [0, 1, 2])

    // Through no copies at all: the copy back had no last frame.
    host.evaluate(offset: 0)
    host.setRepetition(Chain.Repetition(count: 0), ofChain: 0)
    host.evaluate(offset: 0)
    host.setRepetition(Chain.Repetition(count: 1), ofChain: 0)
    host.evaluate(offset: -150)
    #expect(host.eventsOfLastFrame.isEmpty)

    // Two changes between frames: copies from the smaller count on are new.
    host.evaluate(offset: 0)
    host.setRepetition(Chain.Repetition(count: 4), ofChain: 0)
    host.setRepetition(Chain.Repetition(count: 2), ofChain: 0)
    host.evaluate(offset: -150)
    #expect(host.eventsOfLastFrame.map(\.copy) == [0])
  }

  static let refusals: [HostileInputCase] = [
    HostileInputCase(
      "after a chain that does not exist",
      #"{"chains": [{"name": "header", "frame": {"height": 1}}, {"name": "rows", "after": "haeder", "frame": {"height": 1}}]}"#,
      [
        #"scene.json: chains[1].after: expected the name of an earlier content-attached chain (header), found the string "haeder"; did you mean "header"?"#
      ]),
    HostileInputCase(
      "after a near name holding a quote: the hint escapes it as the name found is",
      #"{"chains": [{"name": "he\"ader", "frame": {"height": 1}}, {"name": "rows", "after": "he\"adr", "frame": {"height": 1}}]}"#,
      [
        #"scene.json: chains[1].after: expected the name of an earlier content-attached chain (he"ader), found the string "he\"adr"; did you mean "he\"ader"?"#
      ]),
    HostileInputCase(
      "after a long near name: the hint is cut at 40 characters as the name found is",
      #"{"chains": [{"name": "headerxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "frame": {"height": 1}}, {"name": "rows", "after": "haederxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "frame": {"height": 1}}]}"#,
      [
        #"scene.json: chains[1].after: expected the name of an earlier content-attached chain (headerxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…), found the string "haederxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"; did you mean "headerxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"?"#
      ]),
    HostileInputCase(
      "after a later chain",
      #"{"chains": [{"name": "rows", "after": "footer", "frame": {"height": 1}}, {"name": "footer", "frame": {"height": 1}}]}"#,
      [
        #"scene.json: chains[0].after: expected the name of an earlier content-attached chain (there is none); "footer" does not come before this chain, found the string "footer""#
      ]),
    HostileInputCase(
      "after on a viewport-attached chain",
      #"{"chains": [{"name": "a", "frame": {"height": 1}}, {"name": "bar", "attachment": "viewport", "after": "a", "frame": {"height": 1}}]}"#,
      [
        #"scene.json: chains[1].after: expected "after" only on a content-attached chain; "bar" is attached to the viewport and does not scroll, found the string "a""#
      ]),
    HostileInputCase(
      "after a viewport-attached chain",
      #"{"chains": [{"name": "bar", "attachment": "viewport", "frame": {"height": 1}}, {"name": "a", "after": "bar", "frame": {"height": 1}}]}"#,
      [
        #"scene.json: chains[1].after: expected the name of an earlier content-attached chain (there is none); "bar" is attached to the viewport: it has no place in the content to follow, found the string "bar""#
      ]),
    HostileInputCase(
      "until naming no chain",
      #"{"chains": [{"name": "title", "frame": {"height": 1}, "effects": [{"type": "pin", "until": {"chain": "titel"}}]}]}"#,
      [
        #"scene.json: chains[0].effects[0].until.chain: expected the name of a content-attached chain (title), found the string "titel"; did you mean "title"?"#
      ]),
    HostileInputCase(
      "until naming a viewport-attached chain",
      #"{"chains": [{"name": "title", "frame": {"height": 1}, "effects": [{"type": "pin", "until": {"chain": "bar"}}]}, {"name": "bar", "attachment": "viewport", "frame": {"height": 1}}]}"#,
      [
        #"scene.json: chains[0].effects[0].until.chain: expected a content-attached chain, found "bar", which is attached to the viewport and does not scroll"#
      ]),
    HostileInputCase(
      "until next on a chain that does not repeat",
      #"{"chains": [{"name": "title", "frame": {"height": 1}, "effects": [{"type": "pin", "until": "next"}]}]}"#,
      [
        #"scene.json: chains[0].effects[0].until: expected "next" only on a repeated chain (one with "repeat"), whose copies it pushes off one by one; "title" does not repeat, found the string "next""#
      ]),
    HostileInputCase(
      "until Next",
      #"{"chains": [{"name": "s", "frame": {"height": 1}, "repeat": {"count": 2}, "effects": [{"type": "pin", "until": "Next"}]}]}"#,
      [
        #"scene.json: chains[0].effects[0].until: expected a content y (a number from -1e9 to 1e9), {"chain": NAME}, "next" or null, found the string "Next"; did you mean "next"?"#
      ]),
    HostileInputCase(
      "until with another key",
      #"{"chains": [{"name": "s", "frame": {"height": 1}, "effects": [{"type": "pin", "until": {"chian": "s"}}]}]}"#,
      [
        // Once, as the misspelt key, not also as "chain: missing required key".
        #"scene.json: chains[0].effects[0].until.chian: unknown key for a section edge; did you mean "chain"? (valid keys: chain)"#
      ]),
    HostileInputCase(
      "opacity above 1 and zIndex as text",
      #"{"chains": [{"name": "s", "frame": {"height": 1}, "opacity": 1.5, "zIndex": "2"}]}"#,
      [
        #"scene.json: chains[0].zIndex: expected a number from -1e9 to 1e9, found the string "2""#,
        #"scene.json: chains[0].opacity: expected a number from 0 to 1, found the number 1.5"#,
      ]),
    HostileInputCase(
      "after naming no chain, among names with control characters",
      #"{"chains": [{"name": "b\u007Fdy\nx", "frame": {"height": 1}}, {"name": "c", "after": "q", "frame": {"height": 1}}]}"#,
      [
        #"scene.json: chains[1].after: expected the name of an earlier content-attached chain (b\u007Fdy\nx), found the string "q""#
      ]),
    HostileInputCase(
      "until naming no chain, among twelve, one with a long name: ten names listed, each cut at 40",
      "{\"chains\": [" + (0..<11).map { #"{"name": "c\#($0)", "frame": {"height": 1}}, "# }.joined()
        + #"{"name": "\#(String(repeating: "n", count: 50))", "frame": {"height": 1}, "effects": [{"type": "pin", "until": {"chain": "x"}}]}]}"#,
      [
        #"scene.json: chains[11].effects[0].until.chain: expected the name of a content-attached chain (c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, …), found the string "x""#
      ]),
    HostileInputCase(
      "after and until naming a chain with a problem of its own: only that problem",
      #"{"chains": [{"name": "header", "frame": {"height": 0}}, {"name": "rows", "after": "header", "frame": {"height": 1}, "effects": [{"type": "pin", "until": {"chain": "header"}}]}]}"#,
      [
        #"scene.json: chains[0].frame.height: expected a number greater than 0 (at most 1e9), found the number 0"#
      ]),
    HostileInputCase(
      "after and until naming a chain whose name is refused as a name: only that problem",
      #"{"chains": [{"name": "h[0]", "frame": {"height": 1}}, {"name": "b", "after": "h[0]", "frame": {"height": 1}, "effects": [{"type": "pin", "until": {"chain": "h[0]"}}]}]}"#,
      [
        #"scene.json: chains[0].name: expected a non-empty chain name without '[' or ']' (they name repeated copies), found the string "h[0]""#
      ]),
    HostileInputCase(
      "after naming a later chain with a problem of its own: both, the order too",
      #"{"chains": [{"name": "a", "after": "b", "frame": {"height": 1}}, {"name": "b", "frame": {"height": 1}, "effects": [{"type": "parallax", "rate": "x"}]}]}"#,
      [
        #"scene.json: chains[1].effects[0].rate: expected a number from -1e9 to 1e9, found the string "x""#,
        #"scene.json: chains[0].after: expected the name of an earlier content-attached chain (there is none); "b" does not come before this chain, found the string "b""#,
      ]),
    HostileInputCase(
      "after naming an effect type's typo'd chain: the typo alone",
      #"{"chains": [{"name": "header", "frame": {"height": 1}, "effects": [{"type": "strech"}]}, {"name": "rows", "after": "header", "frame": {"height": 1}}]}"#,
      [
        #"scene.json: chains[0].effects[0].type: unknown effect type "strech"; did you mean "stretch"? (registered: stretch, footerPin, pin, parallax, translate, collapse, interpolate, expression, float)"#
      ]),
    HostileInputCase(
      "after in a single-chain scene",
      #"{"name": "s", "after": "t", "frame": {"height": 1}, "effects": []}"#,
      [
        #"scene.json: after: expected the name of an earlier content-attached chain (there is none), found the string "t""#
      ]),
  ]

  @Test("placements that name what is not there are refused with their paths", arguments: refusals)
  func refused(_ row: HostileInputCase) {
    #expect(Self.invalidLines(row.bytes) == row.lines)
  }
}
