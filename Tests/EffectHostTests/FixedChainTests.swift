import EffectHost
import EffectProtocol
import Effects
import ScrollEffectsTestSupport
import StrictJSON
import Testing

/// A chain attached to the viewport whose effects all say that scrolling
/// does not change what they do (``ScrollInvariance``) is evaluated once and
/// then only when its layout or geometry changes. What each effect says is
/// checked against what it does, and every frame of a host that skips such
/// chains against a host that evaluates them in every frame.
@Suite("Chains fixed in the viewport")
struct FixedChainTests {
  /// The built-in effect that `json`, a scene of one chain, loads to.
  static func effect(ofScene json: String) throws -> any ScrollEffect {
    let scene = try SceneTwinTests.load(SceneTwinTests.parse(json))
    return try #require(scene.chains.first?.effects.first)
  }

  /// Random effects of every built-in type, each on a viewport chain of one
  /// to three copies in a random scene: one that says it is scroll invariant
  /// gives every view the same transform, bit for bit, at offsets from far
  /// above the content to far below it, timed and decelerating, as untimed
  /// and idle at offset 0.
  @Test("an effect that says it is scroll invariant gives the same views at every offset")
  func claimsHold() throws {
    var random = SplitMix64(seed: 0xF1_8ED)
    var invariant: [String: Int] = [:]
    var variant: [String: Int] = [:]
    for round in 0..<600 {
      let generator = BuiltInEffectGenerators.all[round % BuiltInEffectGenerators.all.count]
      let members =
        random.chance(0.5)
        ? generator.make(&random).members.joined(separator: ", ") : generator.exact(&random)
      let effect = "{\"type\": \"\(generator.typeName)\"" + (members.isEmpty ? "" : ", " + members)
      let json = """
        {"viewport": {"width": 390, "height": \(random.next(in: 300...900))},
         "contentInsets": {"top": \(random.next(in: 0...60)), "bottom": \(random.next(in: 0...40))},
         "contentHeight": \(random.next(in: 0...3000)),
         "chains": [{"name": "c", "attachment": "viewport",
           "frame": {"y": \(Double(random.next(in: -400...1800)) / 2), "height": \(random.next(in: 1...300)), "x": 4, "width": 80},
           "repeat": {"count": \(random.next(in: 1...3)), "spacing": 6},
           "effects": [\(effect)}]}]}
        """
      let scene = try SceneTwinTests.load(SceneTwinTests.parse(json))
      let loaded = try #require(scene.chains.first?.effects.first)
      guard (loaded as? ScrollInvariance)?.isScrollInvariant == true else {
        variant[generator.typeName, default: 0] += 1
        continue
      }
      invariant[generator.typeName, default: 0] += 1
      var host = SceneHost(scene: scene)
      host.evaluate(offset: 0)
      let atRest = SceneTwinTests.views(host)
      for offset in [-1e15, -5000, -120.5, 37, 900, 1e6, 1e15] {
        var other = SceneHost(scene: scene)
        other.evaluate(offset: offset, time: 3, phase: .decelerating)
        if let difference = firstBitwiseDifference(
          SceneTwinTests.views(other), atRest, actualName: "offset \(offset)",
          expectedName: "offset 0")
        {
          Issue.record("\(effect)}: \(difference)")
          return
        }
      }
    }
    // Each of these says so for some parameters and not for others; every
    // other built-in never does.
    for type in ["pin", "interpolate", "expression"] {
      #expect(invariant[type, default: 0] > 5, "\(type): \(invariant)")
      #expect(variant[type, default: 0] > 5, "\(type): \(variant)")
    }
    #expect(invariant["footerPin", default: 0] > 20)
    #expect(Set(invariant.keys) == ["footerPin", "pin", "interpolate", "expression"])
  }

  /// Viewport chains of scroll-invariant effects, repeated and not, with
  /// visuals and events, beside chains that change with every frame.
  static let scene = #"""
    {"viewport": {"width": 390, "height": 640}, "contentInsets": {"top": 40, "bottom": 20},
     "contentHeight": 2400,
     "chains": [
       {"name": "footer", "frame": {"y": 560, "height": 50, "x": 0, "width": 390},
        "attachment": "viewport", "effects": [{"type": "footerPin"}],
        "events": [{"name": "tall", "input": "height", "crosses": 70}]},
       {"name": "tabs", "frame": {"y": 300, "height": 40, "x": 10, "width": 90},
        "attachment": "viewport", "repeat": {"count": 6, "spacing": 8}, "opacity": 0.5,
        "effects": [{"type": "pin", "edge": "bottom", "inset": 12},
                    {"type": "footerPin", "mode": "move"},
                    {"type": "interpolate", "property": "opacity", "input": "progress",
                     "stops": [[0, 0.2], [1, 1]], "range": "entry"}],
        "events": [{"name": "half", "input": "progress", "crosses": 0.5},
                   {"name": "low", "input": "minY", "crosses": 500}]},
       {"name": "badge", "frame": {"y": 20, "height": 24, "x": 300, "width": 60},
        "attachment": "viewport", "zIndex": 3,
        "effects": [{"type": "expression", "height": "height + naturalY / 4",
                     "opacity": "index / count + maxOffset / 1e5", "y": "insetTop + minY"}]},
       {"name": "rows", "frame": {"y": 0, "height": 60}, "repeat": {"count": 30, "spacing": 4},
        "effects": [{"type": "interpolate", "property": "scale", "input": "minY",
                     "stops": [[0, 0.9], [600, 1]]}]},
       {"name": "bar", "frame": {"y": 0, "height": 44}, "attachment": "viewport",
        "effects": [{"type": "interpolate", "property": "opacity", "input": "offset",
                     "stops": [[0, 0], [100, 1]]}]}
     ]}
    """#

  /// `json` with an effect that reads the offset and changes nothing added
  /// to the end of each viewport chain's effects: a scene whose every
  /// chain is evaluated in every frame, with the same values.
  static func unfixed(_ json: JSONValue) -> JSONValue {
    RestingTwin.moving(json) { members, _ in members["attachment"] == .string("viewport") }
  }

  /// In the three directions, a host that skips the fixed chains goes
  /// through frames of every kind (offsets, frames in other viewports,
  /// insets and content heights, windowed frames, copies of the host, live
  /// layout changes) beside a host of the same scene with each fixed chain
  /// made to change every frame: the two agree bit for bit, and fire the
  /// same events; each frame also equals a fresh host's.
  @Test("every frame of every kind is that of a host that evaluates every chain")
  func framesMatch() throws {
    let vertical = try SceneTwinTests.parse(Self.scene)
    for json in [
      vertical, HorizontalTwin.transposed(vertical),
      HorizontalTwin.transposed(vertical, rightToLeft: true),
    ] {
      var scene = try SceneTwinTests.load(json)
      var hosts = (
        rest: SceneHost(scene: scene),
        reference: SceneHost(scene: try SceneTwinTests.load(Self.unfixed(json)))
      )
      var random = SplitMix64(seed: 0xF1_7E5)
      var geometry = hosts.rest.geometry
      for frame in 0..<120 {
        let label = "\(scene.axis) \(scene.layoutDirection), frame \(frame)"
        if frame == 60 || frame == 90 {
          // The layout changes between two frames.
          var viewport = scene.viewport
          viewport.height += frame == 60 ? 48 : -100
          scene.viewport = viewport
          hosts.rest.setViewport(viewport)
          hosts.reference.setViewport(viewport)
          geometry = hosts.rest.geometry
        }
        guard
          RestingTwin.frame(
            &hosts, names: ("fixed skipped", "every chain"), scene: scene, random: &random,
            geometry: &geometry, label: label)
        else { return }
      }
    }
  }
}
