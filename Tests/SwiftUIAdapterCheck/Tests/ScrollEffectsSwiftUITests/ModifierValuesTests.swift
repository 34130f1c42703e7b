import EffectHost
import EffectProtocol
import SwiftUI
import Testing

@testable import ScrollEffectsSwiftUI

/// The values a view's modifiers take for a transform.
@Suite struct ModifierValuesTests {
  @Test("each column goes to its modifier: changes of size and origin, the visuals as they are")
  func mapping() {
    var transform = ViewTransform(frame: Rect(x: 10, y: -40, width: 300, height: 420))
    transform.scaleX = 1.5
    transform.scaleY = 0.75
    transform.anchorX = 0.5
    transform.anchorY = 0
    transform.rotation = -12
    transform.opacity = 0.25
    transform.blur = 6
    transform.zIndex = 3
    let natural = Rect(x: 20, y: 80, width: 390, height: 300)
    let values = ModifierValues(PlacedTransform(transform: transform, naturalFrame: natural))
    // .frame's change: 300 - 390 wide, 420 - 300 tall; .offset: 10 - 20,
    // -40 - 80.
    #expect(values.sizeChange == CGSize(width: -90, height: 120))
    #expect(values.offset == CGSize(width: -10, height: -120))
    #expect(values.scale == CGSize(width: 1.5, height: 0.75))
    #expect(values.anchor == UnitPoint(x: 0.5, y: 0))
    #expect(values.rotation == .degrees(-12))
    #expect(values.opacity == 0.25)
    #expect(values.blur == 6)
    #expect(values.zIndex == 3)
  }

  @Test("a view at rest gets the identity: no change, scale 1, opacity 1")
  func rest() {
    let natural = Rect(x: 0, y: 300, width: 390, height: 1700)
    let values = ModifierValues(
      PlacedTransform(transform: ViewTransform(frame: natural), naturalFrame: natural))
    #expect(values == .identity)
    // The identity itself, written out: nothing moved, resized or drawn otherwise.
    #expect(values.sizeChange == .zero && values.offset == .zero)
    #expect(values.scale == CGSize(width: 1, height: 1))
    #expect(values.anchor == UnitPoint(x: 0.5, y: 0.5))
    #expect(values.rotation == .degrees(0))
    #expect(values.opacity == 1 && values.blur == 0 && values.zIndex == 0)
  }

  @Test("the size drawn is the size laid out, changed, never below 0")
  func drawnSize() {
    var values = ModifierValues.identity
    values.sizeChange = CGSize(width: 0, height: 100)
    #expect(
      values.drawnSize(laidOut: CGSize(width: 390, height: 300)) == CGSize(width: 390, height: 400))
    // A copy laid out 220 tall where copy 0 is 300 keeps its own height.
    #expect(
      values.drawnSize(laidOut: CGSize(width: 390, height: 220)) == CGSize(width: 390, height: 320))
    values.sizeChange = CGSize(width: -500, height: -400)
    #expect(values.drawnSize(laidOut: CGSize(width: 390, height: 300)) == .zero)
  }

  @Test("the stretchy header pulled 100 points: drawn 100 taller and moved 100 up")
  func stretchyHeader() throws {
    var host = SceneHost(scene: try Fixtures.scene("stretchy-header.json"))
    host.evaluate(offset: -100)
    let values = ModifierValues(try #require(host.view(named: "header")))
    // stretch grows the height by the pull and keeps the top where it rests:
    // the natural top is 0 - (-100) = 100, the drawn top 0.
    #expect(values.sizeChange == CGSize(width: 0, height: 100))
    #expect(values.offset == CGSize(width: 0, height: -100))
    #expect(values.scale == CGSize(width: 1, height: 1))
  }
}
