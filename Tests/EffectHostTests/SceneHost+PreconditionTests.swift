import EffectHost
import EffectProtocol
import Foundation
import Testing

/// The live layout changes' preconditions: a value no scene file could hold
/// stops the program with a message naming it, never a crash elsewhere or
/// NaN in every column after.
@Suite struct SceneHostPreconditionTests {
  static func host() throws -> SceneHost {
    let scene = try SceneLoader().load(
      json: #"""
        {"chains": [{"name": "header", "frame": {"height": 300}},
                    {"name": "row", "frame": {"y": 300, "height": 80}, "repeat": {"count": 3}}]}
        """#)
    return SceneHost(scene: scene)
  }

  /// What a child process that stopped wrote on standard error.
  static func text(_ result: ExitTest.Result?) -> String? {
    result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }
  }

  @Test("a negative count names the chain and the range")
  func negativeCount() async {
    let messageResult = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var host = try SceneHostPreconditionTests.host()
      host.setRepetition(Chain.Repetition(count: -2), ofChain: 1)
    }
    let message = Self.text(messageResult)
    #expect(
      message?.contains(
        #"chain "row"'s repeat.count: expected a whole number from 0 to 1000000, found -2"#) == true
    )
  }

  @Test("a NaN height names the chain's frame")
  func nanHeight() async {
    let messageResult = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var host = try SceneHostPreconditionTests.host()
      host.setFrame(Rect(y: 0, width: 390, height: .nan), ofChain: 0)
    }
    let message = Self.text(messageResult)
    #expect(
      message?.contains(
        #"chain "header"'s frame.height: expected a number from 0 to 1e9, found nan"#) == true)
  }

  @Test("a chain the scene does not have is named")
  func missingChain() async {
    let messageResult = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var host = try SceneHostPreconditionTests.host()
      host.setFrame(Rect(y: 0, width: 390, height: 10), ofChain: 7)
    }
    let message = Self.text(messageResult)
    #expect(
      message?.contains("chain 7: expected the index of one of the scene's 2 chains") == true)
  }

  @Test("evaluate(_:) of a geometry that is not finite, or of no height, stops in a debug build")
  func evaluatedGeometry() async throws {
    let expected = "evaluate(_:): expected a finite geometry with a viewport height greater than 0"
    let nanContent = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var host = try SceneHostPreconditionTests.host()
      host.evaluate(ScrollGeometry(offset: 0, contentHeight: .nan))
    }
    #expect(Self.text(nanContent)?.contains(expected) == true)
    let noHeight = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var host = try SceneHostPreconditionTests.host()
      host.evaluate(
        ScrollGeometry(offset: 0, viewport: Size(width: 390, height: 0), contentHeight: 2000))
    }
    #expect(Self.text(noHeight)?.contains(expected) == true)
    let nanInset = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var host = try SceneHostPreconditionTests.host()
      host.evaluate(
        ScrollGeometry(offset: 0, contentInsets: EdgeInsets(top: .nan), contentHeight: 2000))
    }
    #expect(Self.text(nanInset)?.contains(expected) == true)
    // A NaN offset is no precondition: it gives NaN, as documented.
    var host = try Self.host()
    host.evaluate(ScrollGeometry(offset: .nan, contentHeight: 2000))
    #expect(host.transform(at: 0).y.isNaN)
  }

  @Test("a NaN inset and a negative viewport are named")
  func insetsAndViewport() async {
    let insetResult = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
    {
      var host = try SceneHostPreconditionTests.host()
      host.setContentInsets(EdgeInsets(top: .nan, bottom: 0))
    }
    let inset = Self.text(insetResult)
    #expect(inset?.contains("the top content inset: expected a number from 0 to 1e9") == true)
    let viewportResult = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var host = try SceneHostPreconditionTests.host()
      host.setViewport(Size(width: -5, height: 100))
    }
    let viewport = Self.text(viewportResult)
    #expect(
      viewport?.contains(
        "the viewport's width: expected a number greater than 0 (at most 1e9), found -5") == true)
  }

  @Test("a scene made in code with a negative count stops at the host, naming it")
  func sceneInCode() async {
    let messageResult = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      let chain = Chain(
        name: "a", frame: Rect(y: 0, width: 1, height: 5), repetition: .init(count: -3),
        effects: [])
      _ = SceneHost(scene: Scene(chains: [chain]))
    }
    let message = Self.text(messageResult)
    #expect(message?.contains(#"chain "a"'s repeat.count"#) == true)
  }

  @Test("a scene made in code with an opacity or zIndex no file could give stops, naming it")
  func visualsInCode() async {
    let opacityResult = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      let chain = Chain(
        name: "a", frame: Rect(y: 0, width: 1, height: 5), opacity: 1.5, effects: [])
      _ = SceneHost(scene: Scene(chains: [chain]))
    }
    #expect(
      Self.text(opacityResult)?.contains(
        #"chain "a"'s opacity: expected a number from 0 to 1, found 1.5"#) == true)
    let zIndexResult = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      let chain = Chain(
        name: "b", frame: Rect(y: 0, width: 1, height: 5), zIndex: .nan, effects: [])
      _ = SceneHost(scene: Scene(chains: [chain]))
    }
    #expect(
      Self.text(zIndexResult)?.contains(
        #"chain "b"'s zIndex: expected a number from -1e9 to 1e9, found nan"#) == true)
    // The ends of both ranges are taken.
    let edges = [
      Chain(
        name: "c", frame: Rect(y: 0, width: 1, height: 5), zIndex: -1e9, opacity: 0, effects: []),
      Chain(
        name: "d", frame: Rect(y: 5, width: 1, height: 5), zIndex: 1e9, opacity: 1, effects: []),
    ]
    #expect(SceneHost(scene: Scene(chains: edges)).viewCount == 2)
  }

  @Test("the values the checks take still change the layout")
  func validChangesPass() throws {
    var host = try SceneHostPreconditionTests.host()
    host.setRepetition(Chain.Repetition(count: 0), ofChain: 1)
    host.setFrame(Rect(y: 0, width: 390, height: 0), ofChain: 0)
    host.setContentHeight(0)
    host.evaluate(offset: 0)
    #expect(host.viewCount == 1)
    #expect(host.transform(at: 0).height == 0)
  }
}

extension SceneHostPreconditionTests {
  @Test("visibleRange of a chain the scene does not have is named")
  func visibleRangeOfAMissingChain() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var host = try SceneHostPreconditionTests.host()
      host.evaluate(offset: 0)
      _ = host.visibleRange(ofChain: -1)
    }
    #expect(
      Self.text(result)?.contains("chain -1: expected the index of one of the scene's 2 chains")
        == true)
  }

  @Test("the declaration of an event the chain does not have is named")
  func missingEventDeclaration() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let host = try SceneHostPreconditionTests.host()
      _ = host.eventDeclaration(
        of: SceneEvent(chain: 1, copy: 0, event: 2, direction: .increasing, value: 0))
    }
    #expect(
      Self.text(result)?.contains(
        "event 2 of chain 1: expected the index of one of its 0 events") == true)
  }

  @Test("a layout of other chains names both lists")
  func changeLayoutToOtherChains() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var host = try SceneHostPreconditionTests.host()
      let other = try SceneLoader().load(
        json:
          #"{"chains": [{"name": "header", "frame": {"height": 300}}, {"name": "rows", "frame": {"height": 1}}]}"#
      )
      host.changeLayout(to: other)
    }
    #expect(
      Self.text(result)?.contains(
        "changeLayout(to:): expected the host's chains, in order, 2 (header, row); "
          + "found 2 (header, rows)") == true)
  }
}

extension SceneHostPreconditionTests {
  @Test("a scene made in code with two chains of one name stops at the host, naming it")
  func duplicateNames() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let frame = Rect(y: 0, width: 10, height: 10)
      _ = SceneHost(
        scene: Scene(chains: [
          Chain(name: "a", frame: frame, effects: []), Chain(name: "a", frame: frame, effects: []),
        ]))
    }
    #expect(
      Self.text(result)?.contains(
        #"chains[1].name: expected a name no other chain has, found "a" again"#)
        == true)
  }

  @Test("a scene made in code with an after naming no earlier chain stops at the host")
  func afterNamingNoEarlierChain() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let frame = Rect(y: 5, width: 10, height: 10)
      _ = SceneHost(
        scene: Scene(chains: [
          Chain(name: "a", frame: frame, after: "b", effects: []),
          Chain(name: "b", frame: frame, effects: []),
        ]))
    }
    #expect(
      Self.text(result)?.contains(
        #"chain "a"'s after: expected the name of an earlier content-attached chain, found "b""#)
        == true)
  }
}

extension SceneHostPreconditionTests {
  @Test("a scene made in code with after on a viewport-attached chain stops, saying so")
  func afterOnAViewportChain() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let frame = Rect(y: 5, width: 10, height: 10)
      _ = SceneHost(
        scene: Scene(chains: [
          Chain(name: "a", frame: frame, effects: []),
          Chain(name: "bar", frame: frame, attachment: .viewport, after: "a", effects: []),
        ]))
    }
    #expect(
      Self.text(result)?.contains(
        #"chain "bar"'s after: expected "after" only on a content-attached chain; "bar" is "#
          + #"attached to the viewport, found "a""#) == true)
  }
}
