import EffectHost
import EffectProtocol
import SwiftUI
import Testing

@testable import ScrollEffectsSwiftUI

/// A scene that scrolls sideways: its host holds the vertical twin, so what
/// SwiftUI reports along x reaches the twin's y, and a right-to-left scene
/// runs as its left-to-right twin for SwiftUI to flip.
@MainActor @Suite struct ScrollEffectsHorizontalTests {
  /// The carousel's scroll view (390 x 300, content 2694 wide) scrolled
  /// `x` along, with a leading inset of 10, a trailing one of 14 and a top
  /// one of 5.
  static func carousel(x: CGFloat) -> SwiftUI.ScrollGeometry {
    SwiftUI.ScrollGeometry(
      contentOffset: CGPoint(x: x - 10, y: -5), contentSize: CGSize(width: 2694, height: 295),
      contentInsets: SwiftUI.EdgeInsets(top: 5, leading: 10, bottom: 0, trailing: 14),
      containerSize: CGSize(width: 390, height: 300))
  }

  @Test("the twin's viewport and insets: 390 x 300 is 300 x 390; leading, trailing are top, bottom")
  func hostTerms() {
    let frame = ScrollFrame(Self.carousel(x: 128), axis: .horizontal)
    // contentOffset.x + leading: 118 + 10.
    #expect(frame.offset == 128)
    #expect(frame.contentLength == 2694)
    #expect(frame.hostViewport(.horizontal) == EffectProtocol.Size(width: 300, height: 390))
    #expect(
      frame.hostInsets(.horizontal)
        == EffectProtocol.EdgeInsets(top: 10, bottom: 14, left: 5, right: 0))
    // A vertical scene's host takes the values as they are.
    #expect(frame.hostViewport(.vertical) == frame.viewport)
    #expect(frame.hostInsets(.vertical) == frame.contentInsets)
  }

  @Test(
    "a card moves left as the offset grows: x = leading + 75 + 256 copy - offset, top at 5 + 20")
  func cardsAlongX() throws {
    let screen = Fixtures.Screen(try Fixtures.scene("carousel.json"))
    for offset in [-50.0, 0, 128, 700, 2330] {
      try screen.scroll(to: Self.carousel(x: offset))
      for copy in [0, 3, 9] {
        let card = try #require(screen.effects.host.view(named: "card", copy: copy))
        // Content x 0 sits at viewport x = Il - o; cards are 240 + 16 apart.
        #expect(card.transform.x == 10 + 75 + 256 * Double(copy) - offset)
        // The cross axis: the file's y 20, inside the top inset of 5.
        #expect(card.transform.y == 20)
        #expect(card.transform.width == 240)
        #expect(card.transform.height == 260)
      }
    }
  }

  @Test("the adapter's frames are a host's given the twin's viewport, insets and content length")
  func sameAsTheTwinsHost() throws {
    let scene = try Fixtures.scene("carousel.json")
    let screen = Fixtures.Screen(scene)
    var reference = SceneHost(scene: scene)
    // Written out here: the twin of 390 x 300 with insets leading 10,
    // trailing 14, top 5.
    reference.setViewport(EffectProtocol.Size(width: 300, height: 390))
    reference.setContentInsets(EffectProtocol.EdgeInsets(top: 10, bottom: 14, left: 5, right: 0))
    reference.setContentHeight(2694)
    for offset in [-80.0, 0, 200, 1000, 2400] {
      try screen.scroll(to: Self.carousel(x: offset))
      reference.evaluate(offset: offset, time: 0.25, phase: .idle)
      for copy in 0..<10 {
        let adapter = try #require(screen.effects.host.view(named: "card", copy: copy))
        let expected = try #require(reference.view(named: "card", copy: copy))
        #expect(adapter.transform == expected.transform)
        #expect(screen.effects.values(chain: "card", copy: copy) == ModifierValues(expected))
      }
    }
  }

  @Test("right to left: the adapter draws the left-to-right carousel, which SwiftUI flips")
  func rightToLeftAsItsTwin() throws {
    let rightToLeft = Fixtures.Screen(try Fixtures.scene("carousel-rtl.json"))
    let leftToRight = Fixtures.Screen(try Fixtures.scene("carousel.json"))
    for offset in [-40.0, 0, 300, 2330] {
      try rightToLeft.scroll(to: Self.carousel(x: offset))
      try leftToRight.scroll(to: Self.carousel(x: offset))
      for copy in 0..<10 {
        #expect(
          rightToLeft.effects.values(chain: "card", copy: copy)
            == leftToRight.effects.values(chain: "card", copy: copy))
      }
    }
    #expect(rightToLeft.effects.host.scene.layoutDirection == .leftToRight)
  }

  @Test(
    "a card measured 250 x 270 at content x 80 gives the twin's frame; a copy 20 on, the spacing")
  func measuredAlongX() throws {
    let screen = Fixtures.Screen(try Fixtures.scene("carousel.json"))
    try screen.scroll(to: Self.carousel(x: 0))
    let effects = screen.effects
    try Fixtures.measure(
      Fixtures.view("card", copy: 0, in: effects), CGRect(x: 80, y: 10, width: 250, height: 270),
      in: Fixtures.content)
    try Fixtures.measure(
      Fixtures.view("card", copy: 1, in: effects), CGRect(x: 350, y: 10, width: 250, height: 270),
      in: Fixtures.content)
    let card = try #require(effects.host.chainIndex(named: "card"))
    // The twin's frame: x and y, width and height swapped, the cross axis
    // (the twin's x) inside the top inset of 5.
    #expect(effects.host.scene.chains[card].frame == Rect(x: 15, y: 80, width: 270, height: 250))
    #expect(effects.host.scene.chains[card].repetition?.spacing == Double(350 - (80 + 250)))
    // On screen at offset 0: leading 10 + 80 along x, 5 + 10 across.
    let copy1 = try #require(effects.host.view(named: "card", copy: 1))
    #expect(copy1.transform.x == 10 + 350)
    #expect(copy1.transform.y == 15)
    #expect(copy1.transform.width == 250)
  }

  @Test("a viewport-attached view of a sideways scene: its global frame less the scroll view's")
  func measuredViewportView() throws {
    let scene = try SceneLoader().load(
      json: """
        {"axis": "horizontal", "viewport": {"width": 390, "height": 300}, "contentWidth": 2694,
         "chains": [
           {"name": "badge", "attachment": "viewport", "frame": {"x": 0, "y": 0, "width": 10, "height": 10},
            "effects": []},
           {"name": "card", "frame": {"x": 75, "y": 20, "width": 240, "height": 260}, "effects": []}]}
        """)
    let screen = Fixtures.Screen(scene)
    let effects = screen.effects
    try screen.scrollView(at: CGRect(x: 0, y: 200, width: 390, height: 300))
    try Fixtures.measure(
      Fixtures.view("badge", in: effects), CGRect(x: 130, y: 250, width: 60, height: 40),
      in: .global)
    let badge = try #require(effects.host.chainIndex(named: "badge"))
    // On screen 130 along and 250 - 200 = 50 down; the twin swaps them.
    #expect(effects.host.scene.chains[badge].frame == Rect(x: 50, y: 130, width: 40, height: 60))
    try screen.scroll(to: Self.carousel(x: 300))
    let view = try #require(effects.host.view(named: "badge"))
    // Fixed in the viewport, as the screen shows it, whatever the offset.
    #expect(view.transform.x == 130)
    #expect(view.transform.y == 50)
    #expect(view.transform.width == 60)
    #expect(view.transform.height == 40)
  }
}
