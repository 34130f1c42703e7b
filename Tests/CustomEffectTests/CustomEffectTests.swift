import EffectHost
import EffectProtocol
import Testing

/// The proof that users can extend the system: effects defined in this module,
/// outside the libraries, registered with one call each.
@Suite struct CustomEffectTests {
  let registry: EffectRegistry

  /// The quickReturn effect's bar (60 points under a 47-point inset) as the
  /// content scrolls: up 40 hides 40; up to 100 hides it all (60); back
  /// down 25 shows 25.
  static let quickReturnFrames: [(offset: Double, y: Double)] = [
    (0, 47), (40, 7), (100, -13), (300, -13), (275, 12), (250, 37), (240, 47), (260, 27),
  ]

  init() throws {
    registry = try EffectRegistry.builtIn.registering(FadeEffect.self).registering(
      QuickReturnEffect.self)
  }

  @Test("a registered user effect is listed after the built-ins with its parameters")
  func listed() throws {
    #expect(registry.typeNames.suffix(2) == ["fade", "quickReturn"])
    let fade = try #require(registry.type(named: "fade"))
    #expect(fade.descriptor.parameters.map(\.name) == ["distance"])
    #expect(fade.descriptor.parameters[0].defaultValue == "100")
  }

  @Test("a user effect loads from JSON, chains with built-ins and evaluates")
  func loadsAndEvaluates() throws {
    let scene = try SceneLoader(registry: registry).load(
      json: #"""
        {"chains": [{"name": "header", "frame": {"height": 300},
                     "effects": [{"type": "stretch"}, {"type": "fade", "distance": 200}]}]}
        """#, file: "custom.json")
    #expect(scene.chains[0].effects.last as? FadeEffect == FadeEffect(distance: 200))
    var host = SceneHost(scene: scene)
    host.evaluate(offset: 50)
    #expect(host.transform(at: 0).opacity == 0.75)
    #expect(host.transform(at: 0).y == -50)
    host.evaluate(offset: -100)
    #expect(host.transform(at: 0).opacity == 1)
    #expect(host.transform(at: 0).height == 400)
  }

  @Test("a user effect's parameters are checked like a built-in's")
  func strictParameters() {
    do {
      _ = try SceneLoader(registry: registry).load(
        json:
          #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "fade", "distanse": 0}, {"type": "fade", "distance": 0}]}]}"#,
        file: "custom.json")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.lines == [
          #"custom.json: chains[0].effects[0].distanse: unknown key for effect "fade"; did you mean "distance"? (valid keys: type, reducedMotion, distance)"#,
          "custom.json: chains[0].effects[1].distance: expected a number greater than 0 (at most 1e9), found the number 0",
        ])
    }
  }

  @Test("the built-in registry does not know a user's type until it is registered")
  func unregistered() {
    do {
      _ = try SceneLoader().load(
        json:
          #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "fade"}]}]}"#,
        file: "custom.json")
      Issue.record("expected an error")
    } catch {
      #expect(error.lines.count == 1)
      #expect(
        error.lines[0].hasPrefix(
          #"custom.json: chains[0].effects[0].type: unknown effect type "fade""#))
    }
  }

  @Test("a stateful effect carries its state from frame to frame, per host")
  func statefulEffect() throws {
    let scene = try SceneLoader(registry: registry).load(
      json:
        #"{"contentInsets": {"top": 47}, "chains": [{"name": "bar", "frame": {"height": 60}, "effects": [{"type": "quickReturn"}]}]}"#,
      file: "quickReturn.json")
    var host = SceneHost(scene: scene)
    for step in Self.quickReturnFrames {
      host.evaluate(offset: step.offset)
      #expect(host.transform(at: 0).y == step.y, "offset \(step.offset)")
    }
    // A fresh host starts from fresh state.
    var other = SceneHost(scene: scene)
    other.evaluate(offset: 260)
    #expect(other.transform(at: 0).y == 47)
  }

  @Test("a user evaluates a built-in effect outside a host: stretch pulled 100 on the header")
  func evaluatesBuiltInOutsideAHost() throws {
    let stretch = try #require(registry.type(named: "stretch")).decode(json: "{}")
    var evaluator = EffectEvaluator([stretch], naturalFrame: Rect(y: 0, width: 390, height: 300))
    // Pulled 100: the top stays at the viewport's top, the height grows by the pull.
    let pulled = evaluator.evaluate(ScrollGeometry(offset: -100, contentHeight: 2000))
    #expect(pulled == [ViewTransform(frame: Rect(y: 0, width: 390, height: 400))])
    // Scrolled 50: nothing to stretch, the header scrolls with the content.
    let scrolled = evaluator.evaluate(ScrollGeometry(offset: 50, contentHeight: 2000))
    #expect(scrolled == [ViewTransform(frame: Rect(y: -50, width: 390, height: 300))])
  }

  @Test(
    "a user's stateful effect keeps its state across evaluations, and a new evaluator resets it")
  func statefulEffectOutsideAHost() {
    let bar = Rect(y: 0, width: 390, height: 60)
    func geometry(_ offset: Double) -> ScrollGeometry {
      ScrollGeometry(offset: offset, contentInsets: EdgeInsets(top: 47), contentHeight: 2000)
    }
    var evaluator = EffectEvaluator([QuickReturnEffect()], naturalFrame: bar)
    for step in Self.quickReturnFrames {
      #expect(evaluator.evaluate(geometry(step.offset))[0].y == step.y, "offset \(step.offset)")
    }
    var fresh = EffectEvaluator([QuickReturnEffect()], naturalFrame: bar)
    #expect(fresh.evaluate(geometry(260))[0].y == 47)
  }

  @Test("the README's evaluator example gives what it says")
  func readmeEvaluatorExample() throws {
    let fade = try FadeEffect.decode(json: #"{"distance": 100}"#)
    var evaluator = EffectEvaluator([fade], naturalFrame: Rect(y: 0, width: 390, height: 300))
    let views = evaluator.evaluate(ScrollGeometry(offset: 50, contentHeight: 2000))
    var expected = ViewTransform(frame: Rect(y: -50, width: 390, height: 300))
    expected.opacity = 0.5
    #expect(views == [expected])
  }

  @Test("a user effect's own examples hold")
  func examples() throws {
    for example in FadeEffect.descriptor.examples {
      let effect = try FadeEffect.decode(json: example.parameters)
      #expect(example.setup.evaluate([effect], offset: example.offset) == example.expectedTransform)
    }
  }
}
