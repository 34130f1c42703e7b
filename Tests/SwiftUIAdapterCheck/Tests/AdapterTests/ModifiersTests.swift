import EffectHost
import EffectProtocol
import SwiftUI
import Testing

@testable import ScrollEffectsSwiftUI

/// The modifiers on the scroll view and on each view: what they register
/// and apply, driven through the stand-in's recorded actions as SwiftUI
/// would call them.
@MainActor @Suite struct ModifiersTests {
  /// The scroll view of a scene, its modifier's records, and the times its
  /// clock gives.
  @MainActor struct Screen {
    let effects: ScrollEffects
    let records: [_Record]
    var events: [ScrollEffectsEvent] { eventBox.value }
    let eventBox: _Box<[ScrollEffectsEvent]>

    init(_ scene: EffectHost.Scene, time: Double = 0.25) {
      effects = ScrollEffects(scene: scene) { time }
      let box = _Box<[ScrollEffectsEvent]>([])
      eventBox = box
      records = _Scaffold.records(
        of: ScrollView { Text("content") }
          .scrollEffects(effects) { event in box.value.append(event) })
    }

    func scroll(to geometry: SwiftUI.ScrollGeometry) throws {
      let record = try Fixtures.record("onScrollGeometryChange(for:of:action:)", in: records)
      try #require(record.action as? _Action<SwiftUI.ScrollGeometry>).send(geometry)
    }

    func phase(_ phase: SwiftUI.ScrollPhase) throws {
      let record = try Fixtures.record("onScrollPhaseChange(_:)", in: records)
      try #require(record.action as? _Action<SwiftUI.ScrollPhase>).send(phase)
    }

    /// The scroll view's own frame in global coordinates.
    func scrollView(at frame: CGRect) throws {
      let record = try Fixtures.record("onGeometryChange(for:of:action:)", in: records)
      try #require(record.action as? _Action<GeometryProxy>).send(
        GeometryProxy(_frames: [.global: frame]))
    }
  }

  /// The records of a view marked as copy `copy` of chain `chain`.
  static func view(_ chain: String, copy: Int = 0, in effects: ScrollEffects) -> [_Record] {
    _Scaffold.records(of: Text(chain).scrollEffect(chain, copy: copy, in: effects))
  }

  /// Reports `frame` as the view's measured frame in `space`.
  static func measure(_ records: [_Record], _ frame: CGRect, in space: CoordinateSpace) throws {
    let record = try Fixtures.record("onGeometryChange(for:of:action:)", in: records)
    try #require(record.action as? _Action<GeometryProxy>).send(
      GeometryProxy(_frames: [space: frame]))
  }

  static let content = CoordinateSpace.named(AnyHashable(contentCoordinateSpace))

  @Test("the scroll view's modifier hands the views its object and registers four actions")
  func scrollViewModifier() throws {
    let screen = Screen(try Fixtures.scene("stretchy-header.json"))
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
    let screen = Screen(scene, time: 1.5)
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
    let screen = Screen(try Fixtures.scene("stretchy-header.json"))
    try screen.scroll(to: Fixtures.phone(offset: 120))
    try screen.phase(.tracking)
    #expect(screen.effects.host.phase == .interacting)
    #expect(screen.effects.host.geometry.offset == 120)
    try screen.phase(.decelerating)
    #expect(screen.effects.host.phase == .decelerating)
  }

  @Test("a pull from 50 to 120 crosses refresh's 100: one event, to the closure")
  func events() throws {
    let screen = Screen(try Fixtures.scene("pull-to-refresh.json"), time: 2)
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
    let screen = Screen(scene)
    try screen.scroll(to: Fixtures.phone(offset: 200))
    // Scrolled 200, parallax at rate 0.5 has moved the hero 100 down.
    #expect(try #require(screen.effects.host.view(named: "hero")).translateY == 100)
    let change = try Fixtures.record("onChange(of:initial:_:)", in: screen.records)
    #expect(change.arguments.first as? Bool == true)
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
    let screen = Screen(try Fixtures.scene("stretchy-header.json"))
    try screen.scroll(to: Fixtures.phone(offset: -100))
    let records = Self.view("header", in: screen.effects)
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

  @Test("before the first frame, and for a chain the scene lacks, a view is drawn as laid out")
  func atRestBeforeTheFirstFrame() throws {
    let screen = Screen(try Fixtures.scene("stretchy-header.json"))
    let header = try Fixtures.record("Layout", in: Self.view("header", in: screen.effects))
    #expect((header.arguments.first as? TransformedFrame)?.values == .identity)
    try screen.scroll(to: Fixtures.phone(offset: 40))
    let missing = try Fixtures.record("Layout", in: Self.view("footer", in: screen.effects))
    #expect((missing.arguments.first as? TransformedFrame)?.values == .identity)
    let body = try Fixtures.record("offset(_:)", in: Self.view("body", in: screen.effects))
    #expect(body.arguments.first as? CGSize == .zero)
  }

  @Test("a header measured 280 tall in the content's space: the host's natural frame, pulled")
  func measuredFrame() throws {
    let screen = Screen(try Fixtures.scene("stretchy-header.json"))
    try screen.scroll(to: Fixtures.phone(offset: -100))
    try Self.measure(
      Self.view("header", in: screen.effects), CGRect(x: 0, y: 0, width: 390, height: 280),
      in: Self.content)
    let host = screen.effects.host
    #expect(host.scene.chains[0].frame == Rect(x: 0, y: 0, width: 390, height: 280))
    // The last frame is evaluated again: 280 + 100.
    #expect(try #require(host.view(named: "header")).transform.height == 380)
  }

  @Test("in landscape the content lies inside the left inset: content x 0 is the host's x 59")
  func measuredInLandscape() throws {
    let screen = Screen(try Fixtures.scene("stretchy-header.json"))
    try Self.measure(
      Self.view("header", in: screen.effects), CGRect(x: 0, y: 0, width: 726, height: 300),
      in: Self.content)
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
    let screen = Screen(try Fixtures.scene("article.json"))
    try screen.scroll(to: Fixtures.phone(offset: 0))
    let effects = screen.effects
    try Self.measure(
      Self.view("header", in: effects), CGRect(x: 0, y: 0, width: 390, height: 420),
      in: Self.content)
    let title = try #require(effects.host.chainIndex(named: "title"))
    // The header grew by 120: the title follows it, its gap unchanged.
    #expect(effects.host.scene.layout.frames[title].y == 436)
    try Self.measure(
      Self.view("title", in: effects), CGRect(x: 0, y: 440, width: 390, height: 64),
      in: Self.content)
    #expect(effects.host.scene.chains[title].frame == Rect(x: 0, y: 20, width: 390, height: 64))
    #expect(effects.host.scene.layout.frames[title].y == 440)
  }

  @Test("copies 0 and 1 measured 12 apart give a repeated chain its spacing")
  func measuredSpacing() throws {
    let screen = Screen(try Fixtures.scene("pull-to-refresh.json"))
    let effects = screen.effects
    try Self.measure(
      Self.view("row", copy: 0, in: effects), CGRect(x: 0, y: 120, width: 390, height: 80),
      in: Self.content)
    try Self.measure(
      Self.view("row", copy: 1, in: effects), CGRect(x: 0, y: 212, width: 390, height: 80),
      in: Self.content)
    let row = try #require(effects.host.chainIndex(named: "row"))
    #expect(effects.host.scene.chains[row].repetition == Chain.Repetition(count: 30, spacing: 12))
  }

  @Test("a viewport-attached view is measured in global space, from the scroll view's origin")
  func measuredViewportView() throws {
    let screen = Screen(try Fixtures.scene("overlay-header.json"))
    let effects = screen.effects
    let image = Self.view("image", in: effects)
    // Before the scroll view is measured, the view's frame waits.
    try Self.measure(image, CGRect(x: 0, y: 120, width: 390, height: 320), in: .global)
    #expect(effects.host.scene.chains[0].frame == Rect(x: 0, y: 0, width: 0, height: 300))
    try screen.scrollView(at: CGRect(x: 0, y: 100, width: 390, height: 744))
    #expect(effects.host.scene.chains[0].frame == Rect(x: 0, y: 20, width: 390, height: 320))
  }
}
