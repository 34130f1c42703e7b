import EffectHost
import EffectProtocol
import Effects
import Foundation
import Testing

/// Every effect of a scene file takes `"reducedMotion"`: `"keep"` or
/// `"skip"`, read before the effect's own parameters; without it, the
/// effect's default. A chain keeps the choice of each effect.
@Suite struct SceneLoaderReducedMotionTests: HostileInputSuite {
  /// A chain of `effects` (JSON objects, `type` included).
  static func chain(_ effects: [String]) throws -> Chain {
    let json = scene(chain: "{%, \"effects\": [" + effects.joined(separator: ", ") + "]}")
    return try #require(try SceneLoader().load(json: json).chains.first)
  }

  @Test("without the key each effect gets its type's default; with it, the choice it names")
  func choices() throws {
    let chain = try Self.chain([
      #"{"type": "stretch"}"#,
      #"{"type": "parallax"}"#,
      #"{"type": "parallax", "reducedMotion": "keep"}"#,
      #"{"type": "stretch", "reducedMotion": "skip"}"#,
      #"{"type": "interpolate", "property": "opacity", "stops": [[0, 1], [100, 0]]}"#,
      #"{"type": "interpolate", "property": "scale", "stops": [[0, 1], [100, 2]]}"#,
      #"{"reducedMotion": "keep", "type": "translate", "factor": -1}"#,
    ])
    #expect(chain.effects.count == 7)
    #expect(chain.reducedMotion == [.keep, .skip, .keep, .skip, .keep, .skip, .keep])
    #expect((chain.effects[6] as? TranslateEffect)?.factor == -1)
  }

  static let badValues: [Case] = [
    Case(
      "a near miss", effect("parallax", #""reducedMotion": "skp""#),
      [
        #"scene.json: chains[0].effects[0].reducedMotion: expected "keep" or "skip", found the string "skp"; did you mean "skip"?"#
      ]),
    Case(
      "another case", effect("stretch", #""reducedMotion": "Skip""#),
      [
        #"scene.json: chains[0].effects[0].reducedMotion: expected "keep" or "skip", found the string "Skip"; did you mean "skip"?"#
      ]),
    Case(
      "a word far from both", effect("stretch", #""reducedMotion": "disabled""#),
      [
        #"scene.json: chains[0].effects[0].reducedMotion: expected "keep" or "skip", found the string "disabled""#
      ]),
    Case(
      "a bool", effect("pin", #""reducedMotion": false"#),
      [#"scene.json: chains[0].effects[0].reducedMotion: expected "keep" or "skip", found false"#]),
    Case(
      "null", effect("pin", #""reducedMotion": null"#),
      [#"scene.json: chains[0].effects[0].reducedMotion: expected "keep" or "skip", found null"#]),
    Case(
      "before the effect's own parameters",
      effect("parallax", #""rate": "fast", "reducedMotion": 1"#),
      [
        #"scene.json: chains[0].effects[0].reducedMotion: expected "keep" or "skip", found the number 1"#,
        #"scene.json: chains[0].effects[0].rate: expected a number from -1e9 to 1e9, found the string "fast""#,
      ]),
    Case(
      "given twice", effect("parallax", #""reducedMotion": "keep", "reducedMotion": "skip""#),
      [
        "scene.json: chains[0].effects[0].reducedMotion: the key is given more than once; "
          + "expected each key once"
      ]),
    Case(
      "an expression with it and no column: the column is still missing",
      effect("expression", #""reducedMotion": "keep""#),
      [
        "scene.json: chains[0].effects[0]: expected at least one column to assign (x, y, width, "
          + "height, scale, scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation, zIndex), "
          + "found none"
      ]),
    Case(
      "misspelt, with the valid keys", effect("parallax", #""reduceMotion": "keep""#),
      [
        "scene.json: chains[0].effects[0].reduceMotion: unknown key for effect \"parallax\"; "
          + "did you mean \"reducedMotion\"? (valid keys: type, reducedMotion, rate)"
      ]),
  ]

  @Test(
    "a bad reducedMotion is refused with its path, what was expected and found",
    arguments: badValues)
  func badValue(_ row: Case) {
    #expect(Self.invalidLines(row.bytes) == row.lines)
  }

  /// A type of the user's own, which does not say what reduced motion does.
  struct Nudge: StatelessScrollEffect {
    static let descriptor = EffectDescriptor(
      typeName: "nudge", summary: "Moves a view down by `by` points.", discussion: "",
      parameters: [], examples: [])
    var by: Double
    init(from reader: inout ParameterReader) { by = reader.number("by", default: 1) }
    func apply(to views: inout ViewBatch) { views.modifyEach { $0.y += by } }
  }

  @Test("a type of the user's own takes the key too, and is kept by default")
  func ownType() throws {
    let registry = try EffectRegistry.builtIn.registering(Nudge.self)
    let json = Self.scene(
      chain:
        #"{%, "effects": [{"type": "nudge", "by": 2}, {"type": "nudge", "reducedMotion": "skip"}]}"#
    )
    let chain = try #require(try SceneLoader(registry: registry).load(json: json).chains.first)
    #expect(chain.reducedMotion == [.keep, .skip])
    #expect((chain.effects[0] as? Nudge)?.by == 2)
  }

  @Test("a chain made in Swift takes each effect's default, or the choices given")
  func chainInSwift() {
    let frame = Rect(y: 0, width: 390, height: 300)
    let effects: [any ScrollEffect] = [StretchEffect(), ParallaxEffect()]
    #expect(Chain(name: "a", frame: frame, effects: effects).reducedMotion == [.keep, .skip])
    let chosen = Chain(name: "a", frame: frame, effects: effects, reducedMotion: [.skip, .keep])
    #expect(chosen.reducedMotion == [.skip, .keep])
    #expect(chosen.reducingMotion().effects.map { type(of: $0).typeName } == ["parallax"])
    #expect(chosen.reducingMotion().reducedMotion == [.keep])
  }

  @Test("an effect added without a choice gets its default")
  func effectAdded() {
    var chain = Chain(
      name: "a", frame: Rect(y: 0, width: 390, height: 300), effects: [StretchEffect()])
    chain.effects.append(TranslateEffect())
    #expect(chain.reducedMotion(ofEffect: 0) == .keep)
    #expect(chain.reducedMotion(ofEffect: 1) == .skip)
    #expect(chain.reducingMotion().effects.map { type(of: $0).typeName } == ["stretch"])
  }

  @Test("a scene without its skipped effects keeps its content height and everything else")
  func sceneReducingMotion() throws {
    let scene = try SceneLoader().load(
      json: #"""
        {"viewport": {"width": 300, "height": 600}, "contentInsets": {"top": 20},
         "chains": [
          {"name": "header", "frame": {"height": 300},
           "effects": [{"type": "stretch"}, {"type": "parallax"}]},
          {"name": "row", "frame": {"y": 300, "height": 50}, "repeat": {"count": 40},
           "effects": [{"type": "translate", "reducedMotion": "keep"}]}]}
        """#)
    let reduced = scene.reducingMotion()
    #expect(reduced.contentHeight == scene.contentHeight)
    #expect(reduced.viewport == scene.viewport)
    #expect(reduced.contentInsets == scene.contentInsets)
    #expect(reduced.chains.map(\.name) == ["header", "row"])
    #expect(reduced.chains.map(\.viewCount) == [1, 40])
    #expect(reduced.chains[0].effects.map { type(of: $0).typeName } == ["stretch"])
    #expect(reduced.chains[1].effects.map { type(of: $0).typeName } == ["translate"])
  }
}
