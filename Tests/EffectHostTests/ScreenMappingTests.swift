import EffectHost
import EffectProtocol
import ScrollEffectsTestSupport
import Testing

/// Every built-in effect along x in a horizontal scene, with its formula
/// worked by hand: a viewport of W = 390 by V = 200, insets 0 unless said,
/// content x = 0 at viewport x = Il - o.
@Suite struct ScreenMappingTests {
  /// The transform and natural frame of `name` (copy `copy`) after frames
  /// at each of `offsets` in the horizontal scene of `chains` (JSON).
  static func view(
    _ name: String, copy: Int = 0, offsets: [Double], chains: String,
    scene extra: String = ""
  ) throws -> PlacedTransform {
    let json =
      #"{"axis": "horizontal", "viewport": {"width": 390, "height": 200}\#(extra), "chains": [\#(chains)]}"#
    var host = SceneHost(scene: try SceneLoader().load(json: json))
    for offset in offsets { host.evaluate(offset: offset) }
    return try #require(host.view(named: name, copy: copy))
  }

  static func frame(_ view: PlacedTransform) -> [Double] {
    [view.transform.x, view.transform.y, view.transform.width, view.transform.height]
  }

  static let header = #"{"name": "h", "frame": {"width": 300}, "effects": [EFFECT]}"#

  static func header(_ effect: String) -> String {
    header.replacingOccurrences(of: "EFFECT", with: effect)
  }

  @Test func stretchGrowsTheWidthAtTheLeadingEdge() throws {
    // o = -100: pull 100, natural x = 0 - (-100) = 100; x -= 100, width += 100.
    let pulled = try Self.view("h", offsets: [-100], chains: Self.header(#"{"type": "stretch"}"#))
    #expect(Self.frame(pulled) == [0, 0, 400, 200])
    #expect(pulled.translateX == -100)
    // o = 150: no pull; x = -150.
    let scrolled = try Self.view("h", offsets: [150], chains: Self.header(#"{"type": "stretch"}"#))
    #expect(Self.frame(scrolled) == [-150, 0, 300, 200])
  }

  @Test func stretchZoomsAboutTheLeadingEdgesCentre() throws {
    // Scale (300 + 100) / 300 about the anchor (0, 0.5); the frame moves to
    // x -= 100 as grow's does, its width unchanged.
    let view = try Self.view(
      "h", offsets: [-100], chains: Self.header(#"{"type": "stretch", "mode": "zoom"}"#))
    #expect(Self.frame(view) == [0, 0, 300, 200])
    #expect(view.transform.scaleX == 400.0 / 300.0 && view.transform.scaleY == 400.0 / 300.0)
    #expect(view.transform.anchorX == 0 && view.transform.anchorY == 0.5)
  }

  @Test func trailingStretchAndFooterPinKeepTheTrailingEdge() throws {
    // Cw = 2000, maxOffset = 2000 - 390 = 1610; o = 1660 pulls 50 past it.
    // The footer's natural x = 1820 - 1660 = 160; its width grows by 50.
    let footer =
      #"{"name": "f", "frame": {"x": 1820, "width": 180}, "effects": [{"type": "stretch", "edge": "trailing"}]}"#
    let view = try Self.view(
      "f", offsets: [1660], chains: footer, scene: #", "contentWidth": 2000"#)
    #expect(Self.frame(view) == [160, 0, 230, 200])
    // footerPin: a chip row of 300 leaves a gap of 390 - 300 = 90 at rest.
    let chip = #"{"name": "c", "frame": {"x": 200, "width": 100}, "effects": [EFFECT]}"#
    let stretched = try Self.view(
      "c", offsets: [0],
      chains: chip.replacingOccurrences(of: "EFFECT", with: #"{"type": "footerPin"}"#))
    #expect(Self.frame(stretched) == [200, 0, 190, 200])
    let moved = try Self.view(
      "c", offsets: [0],
      chains: chip.replacingOccurrences(
        of: "EFFECT", with: #"{"type": "footerPin", "mode": "move"}"#))
    #expect(Self.frame(moved) == [290, 0, 100, 200])
  }

  @Test func pinHoldsAtTheLeadingAndTrailingLines() throws {
    let spacer = #"{"name": "s", "frame": {"x": 0, "width": 3000}}, "#
    // Leading line Il + inset = 20 + 10 = 30; natural x = 20 + 500 - 600 = -80.
    let leading =
      spacer
      + #"{"name": "p", "frame": {"x": 500, "width": 60}, "effects": [{"type": "pin", "edge": "leading", "inset": 10}]}"#
    let held = try Self.view(
      "p", offsets: [600], chains: leading, scene: #", "contentInsets": {"left": 20}"#)
    #expect(held.transform.x == 30)
    // until 700: pushed off at Il + until - o - width = 20 + 700 - 680 - 60 = -20.
    let until = leading.replacingOccurrences(
      of: #""inset": 10"#, with: #""inset": 10, "until": 700"#)
    let pushed = try Self.view(
      "p", offsets: [680], chains: until, scene: #", "contentInsets": {"left": 20}"#)
    #expect(pushed.transform.x == -20)
    // Trailing line W - Ir - inset = 390 - 0 - 0; x = min(1500, 390 - 60) = 330.
    let trailing =
      spacer
      + #"{"name": "p", "frame": {"x": 1500, "width": 60}, "effects": [{"type": "pin", "edge": "trailing"}]}"#
    #expect(try Self.view("p", offsets: [0], chains: trailing).transform.x == 330)
  }

  @Test func parallaxAndTranslateMoveAlongX() throws {
    // Natural x = -100 at o = 100; parallax adds 0.5 * 100.
    let parallax = try Self.view(
      "h", offsets: [100], chains: Self.header(#"{"type": "parallax", "rate": 0.5}"#))
    #expect(parallax.transform.x == -50 && parallax.translateX == 50)
    // translate's axis is the scene's: x += -1 * (clamp(100, 0, inf) - 0).
    let along = try Self.view(
      "h", offsets: [100], chains: Self.header(#"{"type": "translate", "factor": -1, "from": 0}"#))
    #expect(along.transform.x == -200 && along.transform.y == 0)
    // "axis": "y" moves across it: y += 100.
    let across = try Self.view(
      "h", offsets: [100], chains: Self.header(#"{"type": "translate", "axis": "y"}"#))
    #expect(across.transform.x == -100 && across.transform.y == 100 && across.translateY == 100)
  }

  @Test func collapseShrinksTheWidthAgainstTheLeadingLine() throws {
    let chains = Self.header(#"{"type": "collapse", "minWidth": 100}"#)
    // o = 120: e = 120 - (0 - 0); the width 300 - 120 at x 0.
    #expect(try Self.frame(Self.view("h", offsets: [120], chains: chains)) == [0, 0, 180, 200])
    // o = 400: down to minWidth, pinned at the line.
    #expect(try Self.frame(Self.view("h", offsets: [400], chains: chains)) == [0, 0, 100, 200])
  }

  @Test func floatHidesAlongX() throws {
    let chains = #"{"name": "h", "frame": {"width": 100}, "effects": [{"type": "float"}]}"#
    // First frame at 500: shown at x 0. Then +60: hidden 60, x = max(-560, -60).
    #expect(try Self.view("h", offsets: [500, 560], chains: chains).transform.x == -60)
    // Then back 30: hidden 30.
    #expect(try Self.view("h", offsets: [500, 560, 530], chains: chains).transform.x == -30)
  }

  @Test func interpolateReadsProgressMinXAndPullStart() throws {
    let card = #"{"name": "c", "frame": {"x": 300, "width": 100}, "effects": [EFFECT]}"#
    func value(_ effect: String, at offset: Double) throws -> ViewTransform {
      try Self.view(
        "c", offsets: [offset],
        chains: card.replacingOccurrences(of: "EFFECT", with: effect)
      ).transform
    }
    // progress = (W - minX) / (W + width) = (390 - 300) / (390 + 100) at rest.
    let progress = try value(
      #"{"type": "interpolate", "property": "opacity", "input": "progress", "stops": [[0, 0], [1, 1]]}"#,
      at: 0)
    #expect(abs(progress.opacity - 90.0 / 490.0) < 1e-15)
    // minX = 300 - 100 at o = 100: 200 / 400 of the way.
    let minX = try value(
      #"{"type": "interpolate", "property": "translateX", "input": "minX", "stops": [[0, 0], [400, 40]]}"#,
      at: 100)
    #expect(minX.x == 200 + 20)
    // pullStart = 50 at o = -50: scaleX 1.5, only along x.
    let pull = try value(
      #"{"type": "interpolate", "property": "scaleX", "input": "pullStart", "stops": [[0, 1], [100, 2]]}"#,
      at: -50)
    #expect(pull.scaleX == 1.5 && pull.scaleY == 1)
    // width: replaced along x.
    let width = try value(
      #"{"type": "interpolate", "property": "width", "input": "offset", "stops": [[0, 100], [100, 50]]}"#,
      at: 50)
    #expect(width.width == 75 && width.height == 200)
  }

  @Test func inputsAcrossTheAxisReadYAndHeightInEitherAxis() throws {
    // A card at y 30, 80 tall: minY 30 is half of [0, 60]; height 80 is 0.8
    // of [0, 100]; the expression reads minX + minY / 100 = 50 - 100 + 0.3.
    let chains =
      #"{"name": "c", "frame": {"x": 50, "y": 30, "width": 100, "height": 80}, "effects": ["#
      + #"{"type": "interpolate", "property": "opacity", "input": "minY", "stops": [[0, 0], [60, 1]]}, "#
      + #"{"type": "interpolate", "property": "blur", "input": "height", "stops": [[0, 0], [100, 1]]}, "#
      + #"{"type": "expression", "zIndex": "minX + minY / 100"}]}"#
    let view = try Self.view("c", offsets: [100], chains: chains).transform
    #expect(view.opacity == 0.5 && view.blur == 0.8 && view.zIndex == -50 + 0.3)
    // And minX and width in a vertical scene: 50 of [0, 100], 100 of [0, 200].
    let vertical = try SceneLoader().load(
      json:
        #"{"chains": [{"name": "c", "frame": {"x": 50, "width": 100, "height": 80}, "effects": ["#
        + #"{"type": "interpolate", "property": "opacity", "input": "minX", "stops": [[0, 0], [100, 1]]}, "#
        + #"{"type": "interpolate", "property": "blur", "input": "width", "stops": [[0, 0], [200, 1]]}]}]}"#
    )
    var host = SceneHost(scene: vertical)
    host.evaluate(offset: 300)
    #expect(host.transform(at: 0).opacity == 0.5 && host.transform(at: 0).blur == 0.5)
  }

  @Test func eventsFireWhenMinXCrosses() throws {
    let json = #"""
      {"axis": "horizontal", "viewport": {"width": 390, "height": 200}, "chains": [
        {"name": "c", "frame": {"x": 300, "width": 100},
         "events": [{"name": "left", "input": "minX", "crosses": 100, "direction": "decreasing"}]}]}
      """#
    var host = SceneHost(scene: try SceneLoader().load(json: json))
    host.evaluate(offset: 0)
    #expect(host.eventsOfLastFrame.isEmpty)
    // minX goes 300 -> 50, down across 100.
    host.evaluate(offset: 250)
    let events = host.eventsOfLastFrame
    #expect(events.count == 1)
    #expect(events.first?.value == 50 && events.first?.direction == .decreasing)
  }

  @Test func theMappingsPairsAreNeighboursInATransform() {
    // The host swaps (x, y), (width, height), (scaleX, scaleY) and
    // (anchorX, anchorY) as two-lane pairs of a transform's memory.
    let paths: [PartialKeyPath<ViewTransform>] = [
      \.x, \.y, \.width, \.height, \.scaleX, \.scaleY, \.anchorX, \.anchorY, \.opacity, \.blur,
      \.rotation, \.zIndex,
    ]
    #expect(paths.map { MemoryLayout<ViewTransform>.offset(of: $0) } == (0..<12).map { $0 * 8 })
    #expect(MemoryLayout<ViewTransform>.stride == 96)
    var view = ViewTransform(frame: Rect(x: 1, y: 2, width: 3, height: 4))
    (view.scaleX, view.scaleY, view.anchorX, view.anchorY) = (5, 6, 0.25, 0.75)
    (view.opacity, view.blur, view.rotation, view.zIndex) = (0.5, 7, 8, 9)
    let mapping = ScreenMapping(
      axis: .horizontal, layoutDirection: .rightToLeft, viewportWidth: 100)
    let mapped = mapping.transform(view)
    #expect(
      [mapped.x, mapped.y, mapped.width, mapped.height, mapped.scaleX, mapped.scaleY]
        == [100 - 2 - 4, 1, 4, 3, 6, 5])
    #expect(
      [mapped.anchorX, mapped.anchorY, mapped.opacity, mapped.blur, mapped.rotation, mapped.zIndex]
        == [0.25, 0.25, 0.5, 7, -8, 9])
  }

  @Test func rightToLeftMirrorsTheLeftToRightTwin() throws {
    // The zooming header, right to left: x' = W - x - width = 390 - 0 - 300.
    let view = try Self.view(
      "h", offsets: [-100], chains: Self.header(#"{"type": "stretch", "mode": "zoom"}"#),
      scene: #", "layoutDirection": "rightToLeft""#)
    #expect(Self.frame(view) == [90, 0, 300, 200])
    #expect(view.transform.anchorX == 1 && view.transform.anchorY == 0.5)
    let grown = try Self.view(
      "h", offsets: [-100], chains: Self.header(#"{"type": "stretch"}"#),
      scene: #", "layoutDirection": "rightToLeft""#)
    // Grown: x' = 390 - 0 - 400.
    #expect(Self.frame(grown) == [-10, 0, 400, 200])
    // The leading (right) edge moved 100 to the right: translateX' = -(-100).
    #expect(grown.translateX == 100)
  }

  @Test func rightToLeftTranslateXIsTheTwinsToTheSpacingOfDoublesAtTheScreensX() throws {
    // A width saturated near 1e15 puts x' = W - x - width near -1e15, where
    // Doubles are 2^(49 - 52) = 0.125 apart: translateX', measured from x',
    // is -translateX to that spacing (Scenes.md), not to the bit.
    let chains =
      #""chains": [{"name": "a", "frame": {"x": 100, "width": 50}, "effects": [{"type": "expression", "width": "1e15"}, {"type": "parallax", "rate": 0.5}]}]"#
    let twin = try SceneLoader().load(json: #"{"axis": "horizontal", "# + chains + "}")
    let mirrored = try SceneLoader().load(
      json: #"{"axis": "horizontal", "layoutDirection": "rightToLeft", "# + chains + "}")
    var ltr = SceneHost(scene: twin)
    var rtl = SceneHost(scene: mirrored)
    #expect((1e15).ulp == 0.125)
    var largestError = 0.0
    for offset in [0.3, 7.7, 100.1] {
      ltr.evaluate(offset: offset)
      rtl.evaluate(offset: offset)
      let left = try #require(ltr.view(named: "a"))
      let right = try #require(rtl.view(named: "a"))
      // The twin's parallax moves it by -offset * 0.5 along the scroll.
      #expect(abs(left.translateX - -(-offset * 0.5)) <= 1e-9 * offset)
      let error = abs(right.translateX + left.translateX)
      #expect(error <= 0.125, "offset \(offset)")
      largestError = max(largestError, error)
    }
    // Not to the bit: the case the spacing sentence is for.
    #expect(largestError > 0)
  }

  @Test func rightToLeftTranslateXIsTheRowsColumnToTheBit() throws {
    // eval's translateX of a right-to-left view measures from
    // naturalX + naturalWidth - width: x - (naturalX + naturalWidth - width),
    // which can differ in the last bit from (x + width) - (naturalX +
    // naturalWidth) at fractional pulls; PlacedTransform gives the column.
    let json =
      #"{"axis": "horizontal", "layoutDirection": "rightToLeft", "viewport": {"width": 390, "height": 200}, "chains": [{"name": "h", "frame": {"x": 7.3, "width": 300.1}, "effects": [{"type": "stretch"}]}]}"#
    var host = SceneHost(scene: try SceneLoader().load(json: json))
    var random = SplitMix64(seed: 24)
    for _ in 0..<400 {
      let offset = -Double(random.next() % 1_000_000) / 3_333.0
      host.evaluate(offset: offset)
      let view = try #require(host.view(named: "h"))
      let (t, n) = (view.transform, view.naturalFrame)
      #expect(view.translateX.bitPattern == (t.x - (n.x + n.width - t.width)).bitPattern)
    }
  }
}
