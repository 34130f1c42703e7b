import EffectProtocol
import Effects
import Testing

@testable import EffectHost

@Suite struct SceneLoaderTests {
  let loader = SceneLoader()

  func load(_ json: String) throws -> Scene {
    try loader.load(json: json, file: "scene.json")
  }

  /// The message lines of loading `json`, or an empty list when it loads.
  func problems(_ json: String) -> [String] {
    do {
      _ = try loader.load(json: json, file: "scene.json")
      return []
    } catch {
      return error.lines
    }
  }

  @Test("a minimal scene takes every default of the contract")
  func defaults() throws {
    let scene = try load(#"{"chains": [{"name": "header", "frame": {"height": 300}}]}"#)
    #expect(scene.viewport == Size(width: 390, height: 844))
    #expect(scene.contentInsets == EdgeInsets())
    #expect(scene.description == nil)
    #expect(scene.chains.count == 1)
    let chain = scene.chains[0]
    #expect(chain.name == "header")
    #expect(scene.layout.frames[0] == Rect(x: 0, y: 0, width: 390, height: 300))
    #expect(chain.automaticFrame == [.x, .width])
    #expect(chain.after == nil && chain.zIndex == 0 && chain.opacity == 1)
    #expect(chain.attachment == .content)
    #expect(chain.repetition == nil)
    #expect(chain.effects.isEmpty)
    // V - It - Ib = 844 is larger than the header's bottom edge.
    #expect(scene.contentHeight == 844)
  }

  @Test("the frame width defaults to the viewport's width")
  func frameWidthFollowsViewport() throws {
    let scene = try load(
      #"{"viewport": {"width": 768, "height": 1024}, "chains": [{"name": "a", "frame": {"x": 4, "y": 10, "height": 50}}]}"#
    )
    #expect(scene.layout.frames[0] == Rect(x: 4, y: 10, width: 768, height: 50))
    #expect(scene.chains[0].automaticFrame == .width)
  }

  @Test("without x and width a frame fills the safe area: W - left - right, from the left inset")
  func frameFillsSafeArea() throws {
    var scene = try load(
      #"{"viewport": {"width": 844, "height": 390}, "contentInsets": {"left": 47, "right": 47, "bottom": 21}, "chains": [{"name": "a", "frame": {"height": 50}}, {"name": "b", "frame": {"x": 10, "height": 50}}, {"name": "c", "frame": {"width": 100, "height": 50}}]}"#
    )
    // 844 - 47 - 47 = 750.
    #expect(scene.layout.frames[0] == Rect(x: 47, y: 0, width: 750, height: 50))
    #expect(scene.layout.frames[1] == Rect(x: 10, y: 0, width: 750, height: 50))
    #expect(scene.layout.frames[2] == Rect(x: 47, y: 0, width: 100, height: 50))
    // Rotated to portrait: 390 wide, no side insets.
    scene.viewport = Size(width: 390, height: 844)
    scene.contentInsets = EdgeInsets(top: 47, bottom: 34)
    #expect(scene.layout.frames[0] == Rect(x: 0, y: 0, width: 390, height: 50))
    #expect(scene.layout.frames[2] == Rect(x: 0, y: 0, width: 100, height: 50))
  }

  @Test("the content height defaults to the lowest content-attached bottom edge, repeats included")
  func contentHeightDefault() throws {
    let scene = try load(
      #"""
      {"contentInsets": {"top": 47, "bottom": 34},
       "chains": [
        {"name": "header", "frame": {"y": 0, "height": 300}},
        {"name": "row", "frame": {"y": 300, "height": 80}, "repeat": {"count": 10, "spacing": 8}},
        {"name": "overlay", "frame": {"y": 5000, "height": 10}, "attachment": "viewport"}
       ]}
      """#)
    // Row 9's top is 300 + 9 * 88 = 1092 and its bottom 1172; the overlay does not count.
    #expect(scene.contentHeight == 1172)
    #expect(scene.geometry(offset: 0).maxOffset == 1172 + 47 + 34 - 844)
  }

  @Test("short content makes the content height the viewport less the insets")
  func shortContent() throws {
    let scene = try load(
      #"{"contentInsets": {"top": 47, "bottom": 34}, "chains": [{"name": "a", "frame": {"height": 10}}]}"#
    )
    #expect(scene.contentHeight == 844 - 47 - 34)
    #expect(scene.geometry(offset: 0).maxOffset == 0)
  }

  @Test("insets taller than the viewport leave a default content height of 0, not less")
  func contentHeightFlooredAtZero() throws {
    // V - It - Ib = 844 - 500 - 500 = -156 and the only content-attached
    // view's bottom edge is -500 + 100 = -400: both below 0, so C is 0.
    let scene = try load(
      #"{"contentInsets": {"top": 500, "bottom": 500}, "chains": [{"name": "a", "frame": {"y": -500, "height": 100}}]}"#
    )
    #expect(scene.contentHeight == 0)
    // The same with every chain attached to the viewport: V - It - Ib alone.
    let fixed = try load(
      #"{"contentInsets": {"top": 500, "bottom": 500}, "chains": [{"name": "a", "attachment": "viewport", "frame": {"height": 10}}]}"#
    )
    #expect(fixed.contentHeight == 0)
    // maxOffset = max(0, 0 + 500 + 500 - 844) = 156.
    #expect(fixed.geometry(offset: 0).maxOffset == 156)
  }

  @Test("an explicit content height wins over the default")
  func explicitContentHeight() throws {
    let scene = try load(
      #"{"contentHeight": 2000, "chains": [{"name": "a", "frame": {"height": 10}}]}"#)
    #expect(scene.contentHeight == 2000)
  }

  @Test("a top level with effects and no chains is a scene of that one chain")
  func singleChainShorthand() throws {
    let scene = try load(
      #"""
      {"name": "header", "frame": {"height": 300}, "attachment": "viewport",
       "viewport": {"width": 400, "height": 800}, "description": "one chain",
       "effects": [{"type": "stretch", "resistance": 0.5}]}
      """#)
    #expect(scene.chains.count == 1)
    #expect(scene.chains[0].name == "header")
    #expect(scene.chains[0].attachment == .viewport)
    #expect(scene.layout.frames[0].width == 400)
    #expect(scene.description == "one chain")
    let stretch = try #require(scene.chains[0].effects.first as? StretchEffect)
    #expect(stretch == StretchEffect(parameters: .init(resistance: 0.5)))
  }

  @Test("repeated chains name their copies name[0], name[1], ...")
  func repeatNames() throws {
    let scene = try load(
      #"{"chains": [{"name": "row", "frame": {"y": 300, "height": 80}, "repeat": {"count": 3, "spacing": 8}}]}"#
    )
    let chain = scene.chains[0]
    #expect(chain.viewCount == 3)
    #expect(chain.stride == 88)
    #expect((0..<3).map { chain.viewName(copy: $0) } == ["row[0]", "row[1]", "row[2]"])
    #expect(scene.viewCount == 3)
  }

  @Test("a repeat of zero copies lays out no views")
  func emptyRepeat() throws {
    let scene = try load(
      #"{"chains": [{"name": "row", "frame": {"height": 80}, "repeat": {"count": 0}}]}"#)
    #expect(scene.viewCount == 0)
  }

  @Test("decoding an effect with only its type equals the effect built from default parameters")
  func effectDefaults() throws {
    let scene = try load(
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "stretch"}]}]}"#)
    let effect = try #require(scene.chains[0].effects.first as? StretchEffect)
    #expect(effect == StretchEffect(parameters: .init()))
  }

  @Test("version 1 is accepted")
  func versionOne() throws {
    let scene = try load(#"{"version": 1, "chains": [{"name": "a", "frame": {"height": 1}}]}"#)
    #expect(scene.chains.count == 1)
  }

  static let errorCases: [(String, [String])] = [
    (
      #"{"version": 2, "chains": [{"name": "a", "frame": {"height": 1}}]}"#,
      ["scene.json: version: expected 1, found the number 2"]
    ),
    (
      #"{"chains": [{"name": "a", "frame": {"height": 1}}], "chain": []}"#,
      [
        #"scene.json: chain: unknown key for the scene; did you mean "chains"? (valid keys: axis, layoutDirection, version, description, viewport, contentInsets, contentHeight, contentWidth, chains, snap, $schema)"#
      ]
    ),
    (
      #"{"chains": []}"#,
      ["scene.json: chains: expected an array of at least one chain, found an empty array"]
    ),
    (
      #"{"chains": {"name": "a"}}"#,
      ["scene.json: chains: expected an array of at least one chain, found an object"]
    ),
    (
      #"{"viewport": {"width": 390}}"#,
      [
        #"scene.json: chains: missing required key; expected an array of chains, or one chain with "effects" at the top level; found the keys "viewport""#
      ]
    ),
    (
      // A chain without effects at the top level: its keys named in the
      // one line, not each again as unknown; a key of neither, once.
      #"{"name": "h", "frame": {"height": 300}, "zIndx": 3}"#,
      [
        #"scene.json: chains: missing required key; expected an array of chains, or one chain with "effects" at the top level; found the keys "name", "frame", "zIndx""#,
        #"scene.json: zIndx: unknown key for the scene (valid keys: axis, layoutDirection, version, description, viewport, contentInsets, contentHeight, contentWidth, chains, snap, $schema)"#,
      ]
    ),
    (
      #"[1, 2]"#,
      ["scene.json: top level: expected a scene object, found an array"]
    ),
    (
      #"{"chains": [{"frame": {"height": 1}}]}"#,
      [
        "scene.json: chains[0].name: missing required key; expected a chain name (a non-empty string)"
      ]
    ),
    (
      #"{"chains": [{"name": "a"}]}"#,
      ["scene.json: chains[0].frame: missing required key; expected an object"]
    ),
    (
      #"{"chains": [{"name": "a", "frame": {"y": 3}}]}"#,
      [
        "scene.json: chains[0].frame.height: missing required key; expected a number greater than 0 (at most 1e9)"
      ]
    ),
    (
      #"{"chains": [{"name": "a", "frame": {"height": 0}}]}"#,
      [
        "scene.json: chains[0].frame.height: expected a number greater than 0 (at most 1e9), found the number 0"
      ]
    ),
    (
      #"{"chains": [{"name": "a", "frame": {"height": "tall"}}]}"#,
      [
        #"scene.json: chains[0].frame.height: expected a number greater than 0 (at most 1e9), found the string "tall""#
      ]
    ),
    (
      #"{"viewport": {"width": -390}, "chains": [{"name": "a", "frame": {"height": 1}}]}"#,
      [
        "scene.json: viewport.width: expected a number greater than 0 (at most 1e9), found the number -390"
      ]
    ),
    (
      #"{"contentInsets": {"top": -1, "botom": 3}, "chains": [{"name": "a", "frame": {"height": 1}}]}"#,
      [
        "scene.json: contentInsets.top: expected a number from 0 to 1e9, found the number -1",
        #"scene.json: contentInsets.botom: unknown key for the content insets; did you mean "bottom"? (valid keys: top, bottom, left, right)"#,
      ]
    ),
    (
      #"{"contentHeight": null, "chains": [{"name": "a", "frame": {"height": 1}}]}"#,
      ["scene.json: contentHeight: expected a number from 0 to 1e9, found null"]
    ),
    (
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "attachment": "sticky"}]}"#,
      [
        #"scene.json: chains[0].attachment: expected "content" or "viewport", found the string "sticky""#
      ]
    ),
    (
      #"{"chains": [{"name": "a", "frame": {"height": 1}}, {"name": "a", "frame": {"height": 2}}]}"#,
      [
        #"scene.json: chains[1].name: expected a unique chain name, found "a" again (first at chains[0].name)"#
      ]
    ),
    (
      #"{"chains": [{"name": "row[1]", "frame": {"height": 1}}]}"#,
      [
        #"scene.json: chains[0].name: expected a non-empty chain name without '[' or ']' (they name repeated copies), found the string "row[1]""#
      ]
    ),
    // "type" misspelled: the key written is named, then the missing type.
    (
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"typ": "stretch"}]}]}"#,
      [
        #"scene.json: chains[0].effects[0].typ: unknown key for an effect; did you mean "type"? (valid keys: type)"#,
        "scene.json: chains[0].effects[0].type: missing required key; expected an effect type name (\(EffectRegistry.builtIn.typeNames.joined(separator: ", ")))",
      ]
    ),
    // A vertical scene takes leading and trailing too: the nearest of the four.
    (
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "pin", "edge": "trailng"}]}]}"#,
      [
        #"scene.json: chains[0].effects[0].edge: expected "top" or "bottom" (or "leading" or "trailing", the same edges in a vertical scene), found the string "trailng"; did you mean "trailing"?"#
      ]
    ),
    // A bracket that a joiner or a combining mark makes one Character with
    // what follows it is a bracket still.
    (
      #"{"chains": [{"name": "row]\u200d", "frame": {"height": 1}}]}"#,
      [
        #"scene.json: chains[0].name: expected a non-empty chain name without '[' or ']' (they name repeated copies), found the string "row]\u200D""#
      ]
    ),
    (
      #"{"chains": [{"name": "a[\u0301", "frame": {"height": 1}}]}"#,
      [
        #"scene.json: chains[0].name: expected a non-empty chain name without '[' or ']' (they name repeated copies), found the string "a[\#u{0301}""#
      ]
    ),
    (
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "repeat": {"count": 2.5}}]}"#,
      [
        "scene.json: chains[0].repeat.count: expected a whole number from 0 to 1000000, found the number 2.5"
      ]
    ),
    (
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "repeat": {"spacing": 2}}]}"#,
      [
        "scene.json: chains[0].repeat.count: missing required key; expected a whole number from 0 to 1000000"
      ]
    ),
    (
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": {"type": "stretch"}}]}"#,
      ["scene.json: chains[0].effects: expected an array of effects, found an object"]
    ),
    (
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": ["stretch"]}]}"#,
      [#"scene.json: chains[0].effects[0]: expected an effect object, found the string "stretch""#]
    ),
    (
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"resistance": 1}]}]}"#,
      [
        "scene.json: chains[0].effects[0].type: missing required key; expected an effect type name (\(EffectRegistry.builtIn.typeNames.joined(separator: ", ")))"
      ]
    ),
    (
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "strech"}]}]}"#,
      [
        #"scene.json: chains[0].effects[0].type: unknown effect type "strech"; did you mean "stretch"? (registered: \#(EffectRegistry.builtIn.typeNames.joined(separator: ", ")))"#
      ]
    ),
    (
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": 3}]}]}"#,
      [
        "scene.json: chains[0].effects[0].type: expected an effect type name (a string), found the number 3"
      ]
    ),
    (
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "stretch", "resistence": 0.5}]}]}"#,
      [
        #"scene.json: chains[0].effects[0].resistence: unknown key for effect "stretch"; did you mean "resistance"? (valid keys: type, reducedMotion, edge, resistance, maxStretch, mode)"#
      ]
    ),
    (
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "stretch", "resistance": 2}]}]}"#,
      [
        "scene.json: chains[0].effects[0].resistance: expected a number from 0 to 1, found the number 2"
      ]
    ),
    (
      #"{"chains": [{"name": "a", "frame": {"height": 1, "height": 2}}]}"#,
      [
        "scene.json: chains[0].frame.height: the key is given more than once; expected each key once"
      ]
    ),
    (
      "{\"chains\": [\n  {\"name\": \"a\",}\n]}",
      [
        "scene.json:2:16: malformed JSON: expected a key string after ',', found '}' (JSON allows no trailing comma)"
      ]
    ),
    (
      #"{"contentHeight": 1e999, "chains": []}"#,
      [
        "scene.json:1:19: contentHeight: expected a number that fits a Double (up to about 1.8e308 in magnitude), found 1e999"
      ]
    ),
    (
      #"{"chains":[{"name":"h","frame":{"height":1e999}}]}"#,
      [
        "scene.json:1:42: chains[0].frame.height: expected a number that fits a Double (up to about 1.8e308 in magnitude), found 1e999"
      ]
    ),
    (
      #"{"chains":[{"name":"h","frame":{"height":1},"effects":[{"type":"interpolate","property":"opacity","stops":[[0,0],[1,-4e400]]}]}]}"#,
      [
        "scene.json:1:117: chains[0].effects[0].stops[1][1]: expected a number that fits a Double (up to about 1.8e308 in magnitude), found -4e400"
      ]
    ),
    (
      "",
      ["scene.json:1:1: malformed JSON: expected a JSON value, found an empty document"]
    ),
  ]

  @Test(
    "each kind of bad scene gets a message with the file, the JSON path, what was expected and what was found",
    arguments: errorCases)
  func errorMessages(json: String, expected: [String]) {
    #expect(problems(json) == expected)
  }

  @Test("loading reports every problem in a file, not just the first")
  func collectsEveryProblem() {
    let lines = problems(
      #"""
      {"version": 3,
       "viewport": {"height": 0},
       "chains": [
         {"name": "a", "frame": {"height": -1}},
         {"name": "b", "frame": {"height": 1}, "effects": [{"type": "stretch", "edge": "left", "mode": "squash"}]},
         {"name": "c", "frame": {"height": 1}, "effects": [{"type": "stretchy"}]}
       ]}
      """#)
    #expect(
      lines == [
        "scene.json: version: expected 1, found the number 3",
        "scene.json: viewport.height: expected a number greater than 0 (at most 1e9), found the number 0",
        "scene.json: chains[0].frame.height: expected a number greater than 0 (at most 1e9), found the number -1",
        #"scene.json: chains[1].effects[0].edge: expected "top" or "bottom" (or "leading" or "trailing", the same edges in a vertical scene), found the string "left""#,
        #"scene.json: chains[1].effects[0].mode: expected "grow" or "zoom", found the string "squash""#,
        #"scene.json: chains[2].effects[0].type: unknown effect type "stretchy"; did you mean "stretch"? (registered: \#(EffectRegistry.builtIn.typeNames.joined(separator: ", ")))"#,
      ])
  }
}
