import EffectHost
import EffectProtocol
import SwiftUI
import Testing

@testable import ScrollEffectsSwiftUI

/// What `ScrollEffects` does with the frames views measure: each chain's
/// natural frame as its scene file would give it, then the last frame again.
@MainActor @Suite struct ScrollEffectsTests {
  @Test("a header measured 280 tall in the content's space: the host's natural frame, pulled")
  func measuredFrame() throws {
    let screen = Fixtures.Screen(try Fixtures.scene("stretchy-header.json"))
    try screen.scroll(to: Fixtures.phone(offset: -100))
    try Fixtures.measure(
      Fixtures.view("header", in: screen.effects), CGRect(x: 0, y: 0, width: 390, height: 280),
      in: Fixtures.content)
    let host = screen.effects.host
    #expect(host.scene.chains[0].frame == Rect(x: 0, y: 0, width: 390, height: 280))
    // The last frame is evaluated again: 280 + 100.
    #expect(try #require(host.view(named: "header")).transform.height == 380)
  }

  @Test("in landscape the content lies inside the left inset: content x 0 is the host's x 59")
  func measuredInLandscape() throws {
    let screen = Fixtures.Screen(try Fixtures.scene("stretchy-header.json"))
    try Fixtures.measure(
      Fixtures.view("header", in: screen.effects), CGRect(x: 0, y: 0, width: 726, height: 300),
      in: Fixtures.content)
    #expect(screen.effects.host.scene.chains[0].frame.x == 0)
    // Rotated: the safe area's sides arrive with the frame, and the
    // measured frame is placed again from the new left inset.
    try screen.scroll(
      to: SwiftUI.ScrollGeometry(
        contentOffset: CGPoint(x: 0, y: 0), contentSize: CGSize(width: 726, height: 2000),
        contentInsets: SwiftUI.EdgeInsets(top: 0, leading: 59, bottom: 21, trailing: 59),
        containerSize: CGSize(width: 844, height: 390)))
    let header = screen.effects.host.scene.chains[0].frame
    #expect(header == Rect(x: 59, y: 0, width: 726, height: 300))
    #expect(try #require(screen.effects.host.view(named: "header")).transform.x == 59)
  }

  @Test("a chain placed after another gets its gap: title 436 under a header 420 tall is 16")
  func measuredAfter() throws {
    let screen = Fixtures.Screen(try Fixtures.scene("article.json"))
    try screen.scroll(to: Fixtures.phone(offset: 0))
    let effects = screen.effects
    try Fixtures.measure(
      Fixtures.view("header", in: effects), CGRect(x: 0, y: 0, width: 390, height: 420),
      in: Fixtures.content)
    let title = try #require(effects.host.chainIndex(named: "title"))
    // The header grew by 120: the title follows it, its gap unchanged.
    #expect(effects.host.scene.layout.frames[title].y == 436)
    try Fixtures.measure(
      Fixtures.view("title", in: effects), CGRect(x: 0, y: 440, width: 390, height: 64),
      in: Fixtures.content)
    #expect(effects.host.scene.chains[title].frame == Rect(x: 0, y: 20, width: 390, height: 64))
    #expect(effects.host.scene.layout.frames[title].y == 440)
  }

  @Test(
    "copies 0 and 1 measured apart give a repeated chain its spacing; overlapping, a negative one",
    arguments: [(212.0, 12.0), (190, -10)])
  func measuredSpacing(secondTop: Double, spacing: Double) throws {
    let screen = Fixtures.Screen(try Fixtures.scene("pull-to-refresh.json"))
    let effects = screen.effects
    // Copy 0 ends at 120 + 80; copy 1 starts `spacing` after (a stack's
    // negative spacing overlaps them).
    try Fixtures.measure(
      Fixtures.view("row", copy: 0, in: effects), CGRect(x: 0, y: 120, width: 390, height: 80),
      in: Fixtures.content)
    try Fixtures.measure(
      Fixtures.view("row", copy: 1, in: effects),
      CGRect(x: 0, y: secondTop, width: 390, height: 80), in: Fixtures.content)
    let row = try #require(effects.host.chainIndex(named: "row"))
    #expect(
      effects.host.scene.chains[row].repetition == Chain.Repetition(count: 30, spacing: spacing))
    // Copy 2 rests one stride of 80 + spacing below copy 1.
    try screen.scroll(to: Fixtures.phone(offset: 0))
    let copy2 = try #require(effects.host.view(named: "row", copy: 2))
    let copy1 = try #require(effects.host.view(named: "row", copy: 1))
    #expect(copy2.transform.y - copy1.transform.y == 80 + spacing)
  }

  @Test("a measurement that changes nothing changes nothing: a layout changed since stays")
  func unchangedMeasurement() throws {
    let screen = Fixtures.Screen(try Fixtures.scene("pull-to-refresh.json"))
    let effects = screen.effects
    let measured = CGRect(x: 0, y: 120, width: 390, height: 80)
    try Fixtures.measure(Fixtures.view("row", in: effects), measured, in: Fixtures.content)
    let row = try #require(effects.host.chainIndex(named: "row"))
    #expect(effects.host.scene.chains[row].frame == Rect(x: 0, y: 120, width: 390, height: 80))
    let changed = Rect(x: 0, y: 300, width: 390, height: 50)
    effects.changeLayout { host in host.setFrame(changed, ofChain: row, automaticFrame: []) }
    // The same frame again, as SwiftUI reports a view laid out again alike.
    try Fixtures.measure(Fixtures.view("row", in: effects), measured, in: Fixtures.content)
    #expect(effects.host.scene.chains[row].frame == changed)
    // Another frame is applied.
    try Fixtures.measure(
      Fixtures.view("row", in: effects), CGRect(x: 0, y: 130, width: 390, height: 80),
      in: Fixtures.content)
    #expect(effects.host.scene.chains[row].frame == Rect(x: 0, y: 130, width: 390, height: 80))
  }

  @Test("a viewport-attached view is measured in global space, from the scroll view's origin")
  func measuredViewportView() throws {
    let screen = Fixtures.Screen(try Fixtures.scene("overlay-header.json"))
    let effects = screen.effects
    let image = Fixtures.view("image", in: effects)
    // Before the scroll view is measured, the view's frame waits.
    try Fixtures.measure(image, CGRect(x: 0, y: 120, width: 390, height: 320), in: .global)
    #expect(effects.host.scene.chains[0].frame == Rect(x: 0, y: 0, width: 0, height: 300))
    try screen.scrollView(at: CGRect(x: 0, y: 100, width: 390, height: 744))
    #expect(effects.host.scene.chains[0].frame == Rect(x: 0, y: 20, width: 390, height: 320))
  }

  @Test("changeLayout changes the host between frames and evaluates the last one again")
  func changeLayout() throws {
    let screen = Fixtures.Screen(try Fixtures.scene("pull-to-refresh.json"))
    try screen.scroll(to: Fixtures.phone(offset: 300))
    let row = try #require(screen.effects.host.chainIndex(named: "row"))
    screen.effects.changeLayout { host in
      host.setRepetition(Chain.Repetition(count: 40, spacing: 8), ofChain: row)
    }
    #expect(screen.effects.host.chains[row].viewRange.count == 40)
    // Copy 39 rests at 47 + 120 + 39 * 88 - 300, evaluated without a new
    // scroll frame.
    let last = try #require(screen.effects.host.view(named: "row", copy: 39))
    #expect(last.transform.y == 47 + 120 + 39 * 88 - 300)
  }
}
