import EffectHost
import EffectProtocol
import SwiftUI
import Testing

@testable import ScrollEffectsSwiftUI

/// The modifiers on the scroll view and on each view: what they register
/// and apply, driven through the stand-in's recorded actions as SwiftUI
/// would call them.
@MainActor @Suite struct ModifiersTests {
  @Test("the scroll view's modifier hands the views its object and registers four actions")
  func scrollViewModifier() throws {
    let screen = Fixtures.Screen(try Fixtures.scene("stretchy-header.json"))
    #expect(
      screen.records.map(\.name) == [
        "onChange(of:initial:_:)", "onGeometryChange(for:of:action:)", "onScrollPhaseChange(_:)",
        "onScrollGeometryChange(for:of:action:)", "environment(_:_:)", "ScrollView", "Text",
      ])
    let environment = try Fixtures.record("environment(_:_:)", in: screen.records)
    #expect(environment.arguments.last as? ScrollEffects === screen.effects)
  }

  @Test("a frame pulled 100 points under a 47-point inset: the header drawn from 47, 400 tall")
  func frameReachesTheHost() throws {
    let scene = try Fixtures.scene("stretchy-header.json")
    let screen = Fixtures.Screen(scene, time: 1.5)
    try screen.scroll(to: Fixtures.phone(offset: -100, contentHeight: 1900))
    let host = screen.effects.host
    #expect(host.geometry.offset == -100)
    #expect(host.geometry.contentInsets == EffectProtocol.EdgeInsets(top: 47, bottom: 34))
    #expect(host.geometry.contentHeight == 1900)
    #expect(host.time == 1.5)
    // The header rests at 47 + 0 - (-100) = 147; stretch keeps its top at
    // the top inset's line, 147 - 100, and adds the pull to its height.
    let header = try #require(host.view(named: "header"))
    #expect(header.naturalFrame.y == 147)
    #expect((header.transform.y, header.transform.height) == (47, 400))
    // Every view as a host given the same geometry directly has it.
    var direct = SceneHost(scene: scene)
    direct.setViewport(Size(width: 390, height: 844))
    direct.setContentInsets(EffectProtocol.EdgeInsets(top: 47, bottom: 34))
    direct.setContentHeight(1900)
    direct.evaluate(offset: -100, time: 1.5)
    for index in 0..<direct.viewCount {
      #expect(host.transform(at: index) == direct.transform(at: index))
    }
  }

  @Test("a phase change is a frame at the last geometry: tracking is a finger down")
  func phases() throws {
    let screen = Fixtures.Screen(try Fixtures.scene("stretchy-header.json"))
    try screen.scroll(to: Fixtures.phone(offset: 120))
    try screen.phase(.tracking)
    #expect(screen.effects.host.phase == .interacting)
    #expect(screen.effects.host.geometry.offset == 120)
    try screen.phase(.decelerating)
    #expect(screen.effects.host.phase == .decelerating)
  }

  @Test("a pull from 50 to 120 crosses refresh's 100: one event, to the closure")
  func events() throws {
    let screen = Fixtures.Screen(try Fixtures.scene("pull-to-refresh.json"), time: 2)
    try screen.scroll(to: Fixtures.phone(offset: -50))
    #expect(screen.events.isEmpty)
    try screen.scroll(to: Fixtures.phone(offset: -120))
    #expect(
      screen.events == [
        ScrollEffectsEvent(
          chain: "header", copy: 0, name: "refresh", direction: .increasing, value: 120, time: 2)
      ])
    try screen.scroll(to: Fixtures.phone(offset: -130))
    #expect(screen.events.count == 1)
  }

  @Test("reduced motion from the environment: parallax skipped, as a host made for it")
  func reducedMotion() throws {
    let scene = try Fixtures.scene("parallax-header.json")
    _Scaffold.environment._reduceMotion = true
    defer { _Scaffold.environment._reduceMotion = false }
    let screen = Fixtures.Screen(scene)
    try screen.scroll(to: Fixtures.phone(offset: 200))
    // Scrolled 200, parallax at rate 0.5 has moved the hero 100 down.
    #expect(try #require(screen.effects.host.view(named: "hero")).translateY == 100)
    let change = try Fixtures.record("onChange(of:initial:_:)", in: screen.records)
    // The environment's value, and `initial: true`: an app launched with
    // Reduce Motion on applies it before the first change.
    #expect(change.arguments.count == 2)
    #expect(change.arguments.first as? Bool == true)
    #expect(change.arguments.last as? Bool == true)
    try #require(change.action as? _Action<Void>).send(())
    #expect(screen.effects.host.reducesMotion)
    #expect(try #require(screen.effects.host.view(named: "hero")).translateY == 0)
    var reduced = SceneHost(scene: scene, reducesMotion: true)
    reduced.changeLayout(to: screen.effects.host.scene)
    reduced.evaluate(offset: 200, time: 0.25)
    for index in 0..<reduced.viewCount {
      #expect(screen.effects.host.transform(at: index) == reduced.transform(at: index))
    }
  }

  @Test("a view's modifiers, outermost first: the measurement wraps every transform")
  func viewModifierOrder() throws {
    let screen = Fixtures.Screen(try Fixtures.scene("stretchy-header.json"))
    try screen.scroll(to: Fixtures.phone(offset: -100))
    let records = Fixtures.view("header", in: screen.effects)
    #expect(
      records.map(\.name) == [
        "zIndex(_:)", "onGeometryChange(for:of:action:)", "offset(_:)", "Layout",
        "blur(radius:opaque:)", "opacity(_:)", "rotationEffect(_:anchor:)",
        "scaleEffect(_:anchor:)", "Text",
      ])
    // Scaled, then rotated, about one anchor: the order of the SVG
    // pictures' `rotate(r) scale(sx sy)`.
    // Pulled 100: drawn 100 taller and moved 100 up, at scale 1 about (0.5, 0.5).
    let offset = try Fixtures.record("offset(_:)", in: records)
    #expect(offset.arguments.first as? CGSize == CGSize(width: 0, height: -100))
    let layout = try Fixtures.record("Layout", in: records)
    let frame = try #require(layout.arguments.first as? TransformedFrame)
    #expect(frame.values.sizeChange == CGSize(width: 0, height: 100))
    let scale = try Fixtures.record("scaleEffect(_:anchor:)", in: records)
    #expect(scale.arguments.first as? CGSize == CGSize(width: 1, height: 1))
    #expect(scale.arguments.last as? UnitPoint == UnitPoint(x: 0.5, y: 0.5))
    let blur = try Fixtures.record("blur(radius:opaque:)", in: records)
    #expect(blur.arguments.first as? CGFloat == 0)
    let zIndex = try Fixtures.record("zIndex(_:)", in: records)
    #expect(zIndex.arguments.first as? Double == 0)
  }

  @Test("each modifier is given its own column: scales, anchor, rotation, opacity, blur, zIndex")
  func everyColumnReachesItsModifier() throws {
    // Every visual column set to a value of its own by an expression.
    let scene = try SceneLoader().load(
      json: #"""
        {"chains": [{"name": "card", "frame": {"y": 100, "height": 200},
          "effects": [{"type": "expression", "scaleX": "1.5", "scaleY": "0.75", "anchorX": "0.25",
                       "anchorY": "0", "rotation": "-12", "opacity": "0.25", "blur": "6",
                       "zIndex": "3"}]}]}
        """#)
    let screen = Fixtures.Screen(scene)
    try screen.scroll(to: Fixtures.phone(offset: 0))
    let records = Fixtures.view("card", in: screen.effects)
    let scale = try Fixtures.record("scaleEffect(_:anchor:)", in: records)
    #expect(scale.arguments.first as? CGSize == CGSize(width: 1.5, height: 0.75))
    #expect(scale.arguments.last as? UnitPoint == UnitPoint(x: 0.25, y: 0))
    let rotation = try Fixtures.record("rotationEffect(_:anchor:)", in: records)
    #expect(rotation.arguments.first as? Angle == .degrees(-12))
    #expect(rotation.arguments.last as? UnitPoint == UnitPoint(x: 0.25, y: 0))
    let opacity = try Fixtures.record("opacity(_:)", in: records)
    #expect(opacity.arguments.first as? Double == 0.25)
    let blur = try Fixtures.record("blur(radius:opaque:)", in: records)
    #expect(blur.arguments.first as? CGFloat == 6)
    let zIndex = try Fixtures.record("zIndex(_:)", in: records)
    #expect(zIndex.arguments.first as? Double == 3)
  }

  @Test("before the first frame, and for a chain the scene lacks, a view is drawn as laid out")
  func atRestBeforeTheFirstFrame() throws {
    let screen = Fixtures.Screen(try Fixtures.scene("stretchy-header.json"))
    let header = try Fixtures.record("Layout", in: Fixtures.view("header", in: screen.effects))
    #expect((header.arguments.first as? TransformedFrame)?.values == .identity)
    try screen.scroll(to: Fixtures.phone(offset: 40))
    let missing = try Fixtures.record("Layout", in: Fixtures.view("footer", in: screen.effects))
    #expect((missing.arguments.first as? TransformedFrame)?.values == .identity)
    let body = try Fixtures.record("offset(_:)", in: Fixtures.view("body", in: screen.effects))
    #expect(body.arguments.first as? CGSize == .zero)
  }

}
