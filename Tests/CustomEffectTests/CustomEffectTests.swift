import EffectHost
import EffectProtocol
import Testing

/// The proof that users can extend the system: effects defined in this module,
/// outside the libraries, registered with one call each.
@Suite struct CustomEffectTests {
  let registry: EffectRegistry

  init() throws {
    registry = try EffectRegistry.builtIn.registering(FadeEffect.self).registering(
      FloatEffect.self)
  }

  @Test("a registered user effect is listed after the built-ins with its parameters")
  func listed() throws {
    #expect(registry.typeNames.suffix(2) == ["fade", "float"])
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
          #"custom.json: chains[0].effects[0].distanse: unknown key for effect "fade"; did you mean "distance"? (valid keys: type, distance)"#,
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
        #"{"contentInsets": {"top": 47}, "chains": [{"name": "bar", "frame": {"height": 60}, "effects": [{"type": "float"}]}]}"#,
      file: "float.json")
    var host = SceneHost(scene: scene)
    // Scroll up 40: hides 40; up to 100: fully hidden (60); back down 25: shows 25.
    let expected: [(offset: Double, y: Double)] = [
      (0, 47), (40, 7), (100, -13), (300, -13), (275, 12), (250, 37), (240, 47), (260, 27),
    ]
    for step in expected {
      host.evaluate(offset: step.offset)
      #expect(host.transform(at: 0).y == step.y, "offset \(step.offset)")
    }
    // A fresh host starts from fresh state.
    var other = SceneHost(scene: scene)
    other.evaluate(offset: 260)
    #expect(other.transform(at: 0).y == 47)
  }

  @Test("a user effect's own examples hold")
  func examples() throws {
    for example in FadeEffect.descriptor.examples {
      let effect = try FadeEffect.decode(json: example.parameters)
      #expect(example.setup.evaluate([effect], offset: example.offset) == example.expectedTransform)
    }
  }
}
