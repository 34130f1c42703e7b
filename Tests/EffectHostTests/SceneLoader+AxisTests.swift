import EffectHost
import EffectProtocol
import ScrollEffectsTestSupport
import Testing

/// What a scene file's axis makes an error, each with its full message at
/// the file's own path.
@Suite struct SceneLoaderAxisTests {
  static func lines(_ json: String) -> [String] {
    do {
      _ = try SceneLoader().load(json: json, file: "scene.json")
      return []
    } catch {
      return error.lines
    }
  }

  static let errors: [(json: String, lines: [String])] = [
    (
      // interpolate's outputs are the file's property's, not the twin's.
      #"{"axis": "horizontal", "chains": [{"name": "a", "frame": {"width": 10}, "effects": [{"type": "interpolate", "property": "width", "stops": [[0, -1], [1, 2]]}, {"type": "interpolate", "property": "height", "stops": [[0, 1], [1, -2]]}]}]}"#,
      [
        "scene.json: chains[0].effects[0].stops[0][1]: expected a width from 0 to 1e9, found the number -1",
        "scene.json: chains[0].effects[1].stops[1][1]: expected a height from 0 to 1e9, found the number -2",
      ]
    ),
    (
      #"{"axis": "horizontal", "chains": [{"name": "a", "frame": {"height": 100}}]}"#,
      [
        "scene.json: chains[0].frame.width: missing required key; expected a number greater than 0 (at most 1e9)"
      ]
    ),
    (
      #"{"axis": "horizontal", "chains": [{"name": "a", "frame": {"width": 100}, "effects": [{"type": "stretch", "edge": "top"}, {"type": "pin", "edge": "bottom"}]}]}"#,
      [
        #"scene.json: chains[0].effects[0].edge: expected "leading" or "trailing" (the edges of a horizontal scene), found the string "top"; did you mean "leading"?"#,
        #"scene.json: chains[0].effects[1].edge: expected "leading" or "trailing" (the edges of a horizontal scene), found the string "bottom"; did you mean "trailing"?"#,
      ]
    ),
    (
      #"{"layoutDirection": "rightToLeft", "chains": [{"name": "a", "frame": {"height": 100}}]}"#,
      [
        #"scene.json: layoutDirection: expected "layoutDirection" only with "axis": "horizontal", found it with a vertical scene"#
      ]
    ),
    (
      // An axis that is neither: the layoutDirection checked as a
      // horizontal scene's (only one has it); a frame with a height and no
      // width is a problem of the horizontal reading only.
      #"{"axis": "sideways", "layoutDirection": "rtl", "chains": [{"name": "a", "frame": {"height": 100}}]}"#,
      [
        #"scene.json: axis: expected "vertical" or "horizontal", found the string "sideways""#,
        #"scene.json: layoutDirection: expected "leftToRight" or "rightToLeft", found the string "rtl""#,
      ]
    ),
    (
      // A key unknown either way, whose "did you mean" is each axis's own
      // (minHeight, minWidth): reported without it, with both readings' keys.
      #"{"axis": "horizonatl", "layoutDirection": "rightToLeft", "chains": [{"name": "a", "frame": {"width": 100}, "effects": [{"type": "collapse", "minHeigt": 3}]}]}"#,
      [
        #"scene.json: axis: expected "vertical" or "horizontal", found the string "horizonatl"; did you mean "horizontal"?"#,
        #"scene.json: chains[0].effects[0].minHeigt: unknown key for effect "collapse" (valid keys: type, reducedMotion, minHeight, inset, pinned, minWidth)"#,
      ]
    ),
    (
      // Each axis's own keys under a misspelt axis: no problem of one
      // reading only (contentWidth and no frame height read vertically,
      // a pin's top edge and collapse's minHeight horizontally), every
      // problem of both, collapse's edge, which neither takes, among them.
      #"{"axis": "horizonatl", "contentWidth": 2000, "chains": [{"name": "card", "frame": {"width": 240}, "opacity": 3, "effects": [{"type": "stretch", "edge": "leading"}, {"type": "collapse", "minHeight": 10, "edge": "top"}, {"type": "pin", "edge": "top"}, {"type": "strech"}]}]}"#,
      [
        #"scene.json: axis: expected "vertical" or "horizontal", found the string "horizonatl"; did you mean "horizontal"?"#,
        #"scene.json: chains[0].opacity: expected a number from 0 to 1, found the number 3"#,
        #"scene.json: chains[0].effects[1].edge: unknown key for effect "collapse" (valid keys: type, reducedMotion, minHeight, inset, pinned, minWidth)"#,
        #"scene.json: chains[0].effects[3].type: unknown effect type "strech"; did you mean "stretch"? (registered: stretch, footerPin, pin, parallax, translate, collapse, interpolate, expression, float)"#,
      ]
    ),
    (
      #"{"axis": "horizontal", "layoutDirection": "rightToLeftt", "contentHeight": 10, "chains": [{"name": "a", "frame": {"width": 100}, "effects": [{"type": "collapse", "minHeight": 10}]}]}"#,
      [
        #"scene.json: layoutDirection: expected "leftToRight" or "rightToLeft", found the string "rightToLeftt"; did you mean "rightToLeft"?"#,
        #"scene.json: contentHeight: expected "contentHeight" only with a vertical scene, found it with a horizontal scene, whose key is "contentWidth""#,
        #"scene.json: chains[0].effects[0].minHeight: expected "minHeight" only with a vertical scene, found it with a horizontal scene, whose key is "minWidth""#,
      ]
    ),
    (
      #"{"contentWidth": 10, "chains": [{"name": "a", "frame": {"height": 100}, "effects": [{"type": "collapse", "minWidth": 10}]}]}"#,
      [
        #"scene.json: contentWidth: expected "contentWidth" only with "axis": "horizontal", found it with a vertical scene, whose key is "contentHeight""#,
        #"scene.json: chains[0].effects[0].minWidth: expected "minWidth" only with "axis": "horizontal", found it with a vertical scene, whose key is "minHeight""#,
      ]
    ),
    (
      #"{"axis": "horizontal", "chains": [{"name": "a", "frame": {"width": 100, "hieght": 3}, "effects": [{"type": "collapse", "minWidht": 1}], "events": [{"name": "e", "input": "minX", "crosses": 1}]}]}"#,
      [
        #"scene.json: chains[0].frame.hieght: unknown key for a frame; did you mean "height"? (valid keys: x, y, width, height)"#,
        #"scene.json: chains[0].effects[0].minWidht: unknown key for effect "collapse"; did you mean "minWidth"? (valid keys: type, reducedMotion, minWidth, inset, pinned)"#,
      ]
    ),
    (
      // The valid keys in a vertical scene's order, though the twin reads
      // the renamed keys in the other (its width is the file's height).
      #"{"axis": "horizontal", "viewport": {"hieght": 3}, "contentInsets": {"lft": 3}, "chains": [{"name": "a", "frame": {"width": 3}, "effects": [{"type": "expression", "xx": "1", "translateX": "4"}]}]}"#,
      [
        #"scene.json: viewport.hieght: unknown key for the viewport; did you mean "height"? (valid keys: width, height)"#,
        #"scene.json: contentInsets.lft: unknown key for the content insets; did you mean "left"? (valid keys: top, bottom, left, right)"#,
        // The file's translateX moves along the scroll, as its x: told x.
        #"scene.json: chains[0].effects[0].translateX: unknown key for effect "expression"; did you mean "x"? (valid keys: type, reducedMotion, x, y, width, height, scale, scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation, zIndex)"#,
        #"scene.json: chains[0].effects[0].xx: unknown key for effect "expression"; did you mean "x"? (valid keys: type, reducedMotion, x, y, width, height, scale, scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation, zIndex)"#,
      ]
    ),
  ]

  static let moreErrors: [(json: String, lines: [String])] = [
    (
      // The names across the axis: the one to write in a horizontal
      // scene, whose left inset is the leading one; `minY` as a key is
      // told the file's `y`, which it reads, and a name is no column.
      #"{"axis": "horizontal", "chains": [{"name": "a", "frame": {"width": 100}, "effects": [{"type": "expression", "x": "contentWidth", "y": "insetLeft", "zIndex": "insetRight", "minY": "1", "offset": "2"}]}]}"#,
      [
        "scene.json: chains[0].effects[0].y: at 1: unknown name `insetLeft`; did you mean "
          + "`insetTop`, the leading (left) inset in a horizontal scene?",
        "scene.json: chains[0].effects[0].x: at 1: unknown name `contentWidth`; did you mean "
          + "`contentHeight`, the content width in a horizontal scene?",
        "scene.json: chains[0].effects[0].zIndex: at 1: unknown name `insetRight`; did you mean "
          + "`insetBottom`, the trailing (right) inset in a horizontal scene?",
        #"scene.json: chains[0].effects[0].minY: unknown key for effect "expression"; did you mean "y"? (valid keys: type, reducedMotion, x, y, width, height, scale, scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation, zIndex)"#,
        #"scene.json: chains[0].effects[0].offset: unknown key for effect "expression"; "offset" is a name to read inside a column's expression (such as "y": "y + offset"), not a column (valid keys: type, reducedMotion, x, y, width, height, scale, scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation, zIndex)"#,
      ]
    ),
    (
      // Right to left, the right inset leads.
      #"{"axis": "horizontal", "layoutDirection": "rightToLeft", "chains": [{"name": "a", "frame": {"width": 100}, "effects": [{"type": "expression", "x": "insetRight", "y": "insetLeft"}]}]}"#,
      [
        "scene.json: chains[0].effects[0].y: at 1: unknown name `insetLeft`; did you mean "
          + "`insetBottom`, the trailing (left) inset in a right-to-left scene?",
        "scene.json: chains[0].effects[0].x: at 1: unknown name `insetRight`; did you mean "
          + "`insetTop`, the leading (right) inset in a right-to-left scene?",
      ]
    ),
    (
      // A look-alike after a name the twin spells longer (`naturalHeight`
      // for `naturalWidth`): at its place in the file's text, 14.
      #"{"axis": "horizontal", "chains": [{"name": "a", "frame": {"width": 100}, "effects": [{"type": "expression", "x": "naturalWidth \u2212 1"}]}]}"#,
      [
        "scene.json: chains[0].effects[0].x: at 14: unexpected character `\u{2212}` (U+2212); "
          + "did you mean `-`?"
      ]
    ),
    (
      #"{"axis": "horizontal", "axis": "vertical", "chains": [{"name": "a", "frame": {"width": 1}, "effects": [{"type": "pin", "edge": "leadin"}, {"type": "stretch", "edge": 5}]}]}"#,
      [
        "scene.json: axis: the key is given more than once; expected each key once",
        #"scene.json: chains[0].effects[0].edge: expected "leading" or "trailing" (the edges of a horizontal scene), found the string "leadin"; did you mean "leading"?"#,
        #"scene.json: chains[0].effects[1].edge: expected "leading" or "trailing" (the edges of a horizontal scene), found the number 5"#,
      ]
    ),
    (
      // An expression's messages quote the names the file wrote, not its
      // twin's; an unknown name keeps the nearest name to its spelling.
      #"{"axis": "horizontal", "chains": [{"name": "a", "frame": {"width": 100}, "effects": [{"type": "expression", "y": "height(2)", "x": "2 x", "opacity": "mniX"}, {"type": "expression", "scale": "1", "scaleX": "2"}]}]}"#,
      [
        "scene.json: chains[0].effects[0].y: at 1: `height` is a name, not a function; "
          + "expected no `(`",
        "scene.json: chains[0].effects[0].x: at 3: expected an operator or the end of the "
          + "expression, found `x`",
        "scene.json: chains[0].effects[0].opacity: at 1: unknown name `mniX`; did you mean `minX`?",
        "scene.json: chains[0].effects[1].scaleX: `scale` already assigns scaleX and scaleY; "
          + "expected `scale` or `scaleX`, found both",
      ]
    ),
    (
      // pullStart and pullEnd are names of the language in either axis:
      // quoted as written, at their own positions.
      #"{"axis": "horizontal", "chains": [{"name": "a", "frame": {"width": 100}, "effects": [{"type": "expression", "y": "pullStart(2)", "x": "pullEnd 1"}]}]}"#,
      [
        "scene.json: chains[0].effects[0].y: at 1: `pullStart` is a name, not a function; "
          + "expected no `(`",
        "scene.json: chains[0].effects[0].x: at 9: expected an operator or the end of the "
          + "expression, found `1`",
      ]
    ),
    (
      // Positions in the file's text, counted by hand: the twin's names
      // (`height` for `width`, `viewportHeight` for `viewportWidth`) are
      // longer or shorter.
      #"{"axis": "horizontal", "chains": [{"name": "a", "frame": {"width": 100}, "effects": [{"type": "expression", "zIndex": "width + ofset", "x": "height + (1", "y": "viewportWidth * translateX + naturalX + foo(1)", "opacity": "width width"}]}]}"#,
      [
        "scene.json: chains[0].effects[0].y: at 41: unknown function `foo`",
        "scene.json: chains[0].effects[0].x: at 12: expected `)` to close the `(` at 10, found the "
          + "end of the expression",
        "scene.json: chains[0].effects[0].opacity: at 7: expected an operator or the end of the "
          + "expression, found `width`",
        "scene.json: chains[0].effects[0].zIndex: at 9: unknown name `ofset`; did you mean `offset`?",
      ]
    ),
  ]

  /// A range or inset given with an input that is not `progress` quotes
  /// the input as the file wrote it, in either axis: not the twin's
  /// (`minX` for `minY`, `pull` for `pullStart`).
  static let inputErrors: [(json: String, line: String)] = [
    (
      #"{"axis": "horizontal", "chains": [{"name": "h", "frame": {"width": 300}, "effects": [{"type": "interpolate", "property": "opacity", "input": "minY", "range": "entry", "stops": [[0, 0], [1, 1]]}]}]}"#,
      #"scene.json: chains[0].effects[0].range: expected "range" only with "input": "progress", found it with "input": "minY""#
    ),
    (
      #"{"axis": "horizontal", "chains": [{"name": "h", "frame": {"width": 300}, "events": [{"name": "e", "input": "width", "crosses": 3, "timelineInset": 10}]}]}"#,
      #"scene.json: chains[0].events[0].timelineInset: expected "timelineInset" only with "input": "progress", found it with "input": "width""#
    ),
    (
      #"{"chains": [{"name": "h", "frame": {"height": 300}, "effects": [{"type": "interpolate", "property": "opacity", "input": "pullStart", "range": "entry", "stops": [[0, 0], [1, 1]]}]}]}"#,
      #"scene.json: chains[0].effects[0].range: expected "range" only with "input": "progress", found it with "input": "pullStart""#
    ),
    (
      #"{"axis": "horizontal", "chains": [{"name": "h", "frame": {"width": 300}, "events": [{"name": "e", "input": "pullEnd", "crosses": 3, "range": "exit"}]}]}"#,
      #"scene.json: chains[0].events[0].range: expected "range" only with "input": "progress", found it with "input": "pullEnd""#
    ),
    (
      #"{"chains": [{"name": "h", "frame": {"height": 300}, "effects": [{"type": "interpolate", "property": "opacity", "range": "entry", "stops": [[0, 0], [1, 1]]}]}]}"#,
      #"scene.json: chains[0].effects[0].range: expected "range" only with "input": "progress", found it with no "input" (the default: "offset")"#
    ),
  ]

  @Test(arguments: inputErrors.indices)
  func inputError(_ index: Int) {
    let (json, line) = Self.inputErrors[index]
    #expect(Self.lines(json) == [line])
  }

  @Test(arguments: moreErrors.indices)
  func moreError(_ index: Int) {
    let (json, lines) = Self.moreErrors[index]
    #expect(Self.lines(json) == lines)
  }

  @Test(arguments: errors.indices)
  func error(_ index: Int) {
    let (json, lines) = Self.errors[index]
    #expect(Self.lines(json) == lines)
  }

  @Test func leadingAndTrailingReadAsTopAndBottomInAVerticalScene() throws {
    let named = try SceneLoader().load(
      json:
        #"{"chains": [{"name": "a", "frame": {"height": 100}, "effects": [{"type": "pin", "edge": "trailing"}, {"type": "interpolate", "property": "opacity", "input": "pullEnd", "stops": [[0, 0], [1, 1]]}]}]}"#
    )
    let plain = try SceneLoader().load(
      json:
        #"{"chains": [{"name": "a", "frame": {"height": 100}, "effects": [{"type": "pin", "edge": "bottom"}, {"type": "interpolate", "property": "opacity", "input": "pullBottom", "stops": [[0, 0], [1, 1]]}]}]}"#
    )
    var first = SceneHost(scene: named)
    var second = SceneHost(scene: plain)
    for offset in [-50.0, 0, 300, 2000] {
      first.evaluate(offset: offset)
      second.evaluate(offset: offset)
      #expect(first.transform(at: 0) == second.transform(at: 0))
    }
  }

  @Test func aHorizontalSceneHoldsItsTwin() throws {
    let scene = try SceneLoader().load(
      json:
        #"{"axis": "horizontal", "layoutDirection": "rightToLeft", "viewport": {"width": 390, "height": 200}, "contentInsets": {"top": 1, "bottom": 2, "left": 3, "right": 4}, "contentWidth": 900, "chains": [{"name": "a", "frame": {"x": 5, "width": 100}}]}"#
    )
    #expect(scene.axis == .horizontal && scene.layoutDirection == .rightToLeft)
    #expect(scene.viewport == Size(width: 200, height: 390))
    // The left-to-right twin has the right inset on the leading side.
    #expect(scene.contentInsets == EdgeInsets(top: 4, bottom: 3, left: 1, right: 2))
    #expect(scene.contentHeight == 900)
    // Without y or height the frame fills the cross axis inside the insets.
    #expect(scene.layout.frames[0] == Rect(x: 1, y: 5, width: 200 - 1 - 2, height: 100))
  }

  /// The viewport's default is an iPhone in portrait, 390 wide and 844 tall,
  /// whichever way the scene scrolls: the twin holds it as 844 x 390.
  @Test(arguments: [
    ("", Size(width: 844, height: 390)),
    (#""viewport": {"width": 300},"#, Size(width: 844, height: 300)),
    (#""viewport": {"height": 500},"#, Size(width: 500, height: 390)),
  ])
  func aHorizontalSceneDefaultsToAPortraitPhone(viewport: String, twin: Size) throws {
    let scene = try SceneLoader().load(
      json:
        #"{"axis": "horizontal", \#(viewport) "contentWidth": 1000, "chains": [{"name": "a", "frame": {"width": 100}}]}"#
    )
    #expect(scene.viewport == twin)
    // maxOffset = contentWidth - W, with W the physical width.
    #expect(scene.geometry(offset: 0).maxOffset == 1000 - twin.height)
    // The frame spans the physical height, V.
    #expect(scene.layout.frames[0].width == twin.width)
  }

  @Test func aHorizontalSceneMadeInCodeDefaultsToAPortraitPhoneToo() {
    let chain = Chain(name: "a", frame: Rect(x: 0, y: 0, width: 100, height: 100), effects: [])
    #expect(Scene(chains: [chain], axis: .horizontal).viewport == Size(width: 844, height: 390))
    #expect(Scene(chains: [chain]).viewport == Size(width: 390, height: 844))
  }

  @Test("a mistake in a random horizontal expression is placed in the file's text")
  func randomExpressionPositions() {
    // Names the twin renames to longer or shorter ones, and names it keeps.
    let names = [
      "width", "height", "x", "y", "minX", "viewportWidth", "viewportHeight", "naturalWidth",
      "translateX", "scaleY", "offset", "pull", "2",
    ]
    var random = SplitMix64(seed: 27)
    for _ in 0..<300 {
      var parts = (0..<Int.random(in: 1...6, using: &random)).map { _ in
        names.randomElement(using: &random)!
      }
      let wrong = Int.random(in: 0...parts.count, using: &random)
      parts.insert("zzz", at: wrong)
      let text = parts.joined(separator: " + ")
      // 1-based, in the file's text: the parts before it and their " + ".
      let position = parts[..<wrong].reduce(1) { $0 + $1.unicodeScalars.count + 3 }
      let json =
        #"{"axis": "horizontal", "chains": [{"name": "a", "frame": {"width": 100}, "effects": "#
        + #"[{"type": "expression", "opacity": "\#(text)"}]}]}"#
      #expect(
        Self.lines(json) == [
          "scene.json: chains[0].effects[0].opacity: at \(position): unknown name `zzz`"
        ], "\(text)")
    }
  }

  /// An app's effect whose keys are those `expression` renames in a
  /// horizontal scene's twin: it moves a view by `x` and scales it by `scaleX`.
  struct NudgeEffect: StatelessScrollEffect {
    var x = 0.0
    var scaleX = 1.0

    init(from reader: inout ParameterReader) {
      x = reader.optionalNumber("x") ?? 0
      scaleX = reader.optionalNumber("scaleX") ?? 1
    }

    static let descriptor = EffectDescriptor(
      typeName: "nudge", summary: "Moves a view by x and scales it by scaleX.", discussion: "",
      parameters: [], examples: [])

    func apply(to views: inout ViewBatch) {
      views.modifyEach { view in
        view.x += x
        view.scaleX *= scaleX
      }
    }
  }

  @Test("an app's effect in a horizontal scene reads its keys as the file gives them")
  func appEffectKeysAreNotRenamed() throws {
    let loader = SceneLoader(registry: try EffectRegistry.builtIn.registering(NudgeEffect.self))
    let json =
      #"{"axis": "horizontal", "chains": [{"name": "a", "frame": {"width": 100}, "effects": [{"type": "nudge", "x": 10, "scaleX": 2}, {"type": "expression", "x": "5"}]}]}"#
    let scene = try loader.load(json: json, file: "scene.json")
    let nudge = try #require(scene.chains[0].effects[0] as? NudgeEffect)
    #expect(nudge.x == 10)
    #expect(nudge.scaleX == 2)
    // A key it does not read is its own mistake, named as the file has it;
    // expression's columns are still the twin's, and its mistakes the file's.
    do {
      let json =
        #"{"axis": "horizontal", "chains": [{"name": "a", "frame": {"width": 100}, "effects": [{"type": "nudge", "y": 10}, {"type": "expression", "x": "nope"}]}]}"#
      _ = try loader.load(json: json, file: "scene.json")
      Issue.record("loaded")
    } catch {
      #expect(error.lines.count == 2)
      #expect(
        error.lines.first
          == #"scene.json: chains[0].effects[0].y: unknown key for effect "nudge" (valid keys: type, reducedMotion, x, scaleX)"#
      )
      #expect(error.lines.last?.hasPrefix("scene.json: chains[0].effects[1].x: ") == true)
    }
  }
}
