import EffectHost
import EffectProtocol
import Foundation
import Testing

/// JSON of the wrong shape for a scene (top level, keys, version), refused
/// with every problem and its path; and the oddities that are accepted.
@Suite struct SceneShapeTests: HostileInputSuite {
  static let structure: [Case] = [
    Case(
      "a top-level array", "[]",
      ["scene.json: top level: expected a scene object, found an empty array"]),
    Case(
      "a top-level string", #""scene""#,
      [#"scene.json: top level: expected a scene object, found the string "scene""#]),
    Case(
      "a top-level number", "42",
      ["scene.json: top level: expected a scene object, found the number 42"]),
    Case(
      "a top-level null", "null", ["scene.json: top level: expected a scene object, found null"]),
    Case(
      "an empty object",
      "{}",
      [
        #"scene.json: chains: missing required key; expected an array of chains, or one chain with "effects" at the top level; found an empty object"#
      ]),
    Case(
      "an unknown top-level key",
      #"{"chains": [{"name": "a", "frame": {"height": 1}}], "chain": 1}"#,
      [
        #"scene.json: chain: unknown key for the scene; did you mean "chains"? (valid keys: axis, layoutDirection, version, description, viewport, contentInsets, contentHeight, contentWidth, chains, snap, $schema)"#
      ]),
    Case(
      "an unknown top-level key with no near name",
      #"{"chains": [{"name": "a", "frame": {"height": 1}}], "theme": "dark"}"#,
      [
        "scene.json: theme: unknown key for the scene (valid keys: axis, layoutDirection, version, description, viewport, contentInsets, contentHeight, contentWidth, chains, snap, $schema)"
      ]),
    Case(
      "an unknown chain key", #"{"chains": [{"name": "a", "frame": {"height": 1}, "efects": []}]}"#,
      [
        #"scene.json: chains[0].efects: unknown key for a chain; did you mean "effects"? (valid keys: name, frame, attachment, after, zIndex, opacity, repeat, effects, events)"#
      ]),
    Case(
      "an unknown frame key", #"{"chains": [{"name": "a", "frame": {"height": 1, "top": 0}}]}"#,
      [
        "scene.json: chains[0].frame.top: unknown key for a frame (valid keys: x, y, width, height)"
      ]),
    Case(
      "an unknown viewport key",
      #"{"viewport": {"widht": 300}, "chains": [{"name": "a", "frame": {"height": 1}}]}"#,
      [
        #"scene.json: viewport.widht: unknown key for the viewport; did you mean "width"? (valid keys: width, height)"#
      ]),
    Case(
      "an unknown effect type",
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "strech"}]}]}"#,
      [
        #"scene.json: chains[0].effects[0].type: unknown effect type "strech"; did you mean "stretch"? (registered: \#(registered))"#
      ]),
    Case(
      "an unknown effect type with no near name",
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "wobble"}]}]}"#,
      [
        #"scene.json: chains[0].effects[0].type: unknown effect type "wobble" (registered: \#(registered))"#
      ]),
    Case(
      "an unknown effect key",
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "stretch", "resistence": 0.5}]}]}"#,
      [
        #"scene.json: chains[0].effects[0].resistence: unknown key for effect "stretch"; did you mean "resistance"? (valid keys: type, reducedMotion, edge, resistance, maxStretch, mode)"#
      ]),
    Case(
      "an effect type and a key in another case",
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "Stretch"}, {"type": "stretch", "MaxStretch": 1}]}]}"#,
      [
        #"scene.json: chains[0].effects[0].type: unknown effect type "Stretch"; did you mean "stretch"? (registered: \#(registered))"#,
        #"scene.json: chains[0].effects[1].MaxStretch: unknown key for effect "stretch"; did you mean "maxStretch"? (valid keys: type, reducedMotion, edge, resistance, maxStretch, mode)"#,
      ]),
    Case(
      "an odd key, escaped and quoted in its path",
      "{\"chains\": [{\"name\": \"a\", \"frame\": {\"height\": 1}}], \"a\\\"b\\nc\": 1}",
      [
        #"scene.json: ["a\"b\nc"]: unknown key for the scene (valid keys: axis, layoutDirection, version, description, viewport, contentInsets, contentHeight, contentWidth, chains, snap, $schema)"#
      ]),
    Case(
      "a long key, cut short in its path",
      #"{"chains": [{"name": "a", "frame": {"height": 1}}], ""#
        + String(repeating: "k", count: 100_000)
        + #"": 1}"#,
      [
        #"scene.json: [""# + String(repeating: "k", count: 40)
          + #"…"]: unknown key for the scene (valid keys: axis, layoutDirection, version, description, viewport, contentInsets, contentHeight, contentWidth, chains, snap, $schema)"#
      ]),
    Case(
      "an unknown effect type holding control characters",
      "{\"chains\": [{\"name\": \"a\", \"frame\": {\"height\": 1}, \"effects\": [{\"type\": \"stretch\\n\\u0000\"}]}]}",
      [
        #"scene.json: chains[0].effects[0].type: unknown effect type "stretch\n\u0000"; did you mean "stretch"? (registered: \#(registered))"#
      ]),
    Case(
      "a duplicate key in the scene",
      #"{"contentHeight": 1, "chains": [{"name": "a", "frame": {"height": 1}}], "contentHeight": 2}"#,
      ["scene.json: contentHeight: the key is given more than once; expected each key once"]),
    Case(
      "a duplicate key in a frame",
      #"{"chains": [{"name": "a", "frame": {"height": 1, "height": 2}}]}"#,
      [
        "scene.json: chains[0].frame.height: the key is given more than once; expected each key once"
      ]
    ),
    Case(
      "a duplicate key in an effect",
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "stretch", "mode": "zoom", "mode": "grow"}]}]}"#,
      [
        "scene.json: chains[0].effects[0].mode: the key is given more than once; expected each key once"
      ]),
    Case(
      "a duplicate chain name",
      #"{"chains": [{"name": "a", "frame": {"height": 1}}, {"name": "a", "frame": {"height": 2}}]}"#,
      [
        #"scene.json: chains[1].name: expected a unique chain name, found "a" again (first at chains[0].name)"#
      ]),
    Case(
      "a duplicate chain name after a chain with another problem",
      #"{"chains": [{"name": "a", "frame": {"height": 0}}, {"name": "a", "frame": {"height": 2}}]}"#,
      [
        "scene.json: chains[0].frame.height: expected a number greater than 0 (at most 1e9), found the number 0",
        #"scene.json: chains[1].name: expected a unique chain name, found "a" again (first at chains[0].name)"#,
      ]),
    Case(
      "a duplicate chain name in a chain with another problem",
      #"{"chains": [{"name": "a", "frame": {"height": 1}}, {"name": "a", "frame": {"height": -2}}]}"#,
      [
        "scene.json: chains[1].frame.height: expected a number greater than 0 (at most 1e9), found the number -2",
        #"scene.json: chains[1].name: expected a unique chain name, found "a" again (first at chains[0].name)"#,
      ]),
    Case(
      "an empty chains list", #"{"chains": []}"#,
      ["scene.json: chains: expected an array of at least one chain, found an empty array"]),
    Case(
      "chains and a single chain's keys mixed",
      #"{"chains": [{"name": "a", "frame": {"height": 1}}], "effects": []}"#,
      [
        #"scene.json: effects: unknown key for the scene; it is a key of a chain, in "chains" (valid keys: axis, layoutDirection, version, description, viewport, contentInsets, contentHeight, contentWidth, chains, snap, $schema)"#
      ]),
    Case(
      "keys of other objects of a scene, each where it was found and where it goes",
      #"""
      {"viewport": {"width": 390, "contentInsets": {"top": 3}}, "chains": [
        {"name": "a", "height": 3, "count": 2, "frame": {"height": 100, "repeat": {"count": 3}},
         "stops": [[0, 1], [1, 2]], "crosses": 4, "viewport": {}},
        {"name": "b", "frame": {"height": 100}, "effects": [{"type": "parallax", "crosses": 3, "zIndex": 2}]},
        {"name": "c", "frame": {"height": 100}, "effects": [], "heigth": 3}]}
      """#,
      [
        #"scene.json: viewport.contentInsets: unknown key for the viewport; it is a key of the scene's top level (valid keys: width, height)"#,
        #"scene.json: chains[0].frame.repeat: unknown key for a frame; it is a key of a chain, beside "frame" (valid keys: x, y, width, height)"#,
        #"scene.json: chains[0].height: unknown key for a chain; it is a key of a frame, in the chain's "frame" (valid keys: name, frame, attachment, after, zIndex, opacity, repeat, effects, events)"#,
        #"scene.json: chains[0].count: unknown key for a chain; it is a key of a repeat, in the chain's "repeat" (valid keys: name, frame, attachment, after, zIndex, opacity, repeat, effects, events)"#,
        #"scene.json: chains[0].stops: unknown key for a chain; it is a key of an effect, in the chain's "effects" with its "type" (valid keys: name, frame, attachment, after, zIndex, opacity, repeat, effects, events)"#,
        #"scene.json: chains[0].crosses: unknown key for a chain; it is a key of an event, in the chain's "events" (valid keys: name, frame, attachment, after, zIndex, opacity, repeat, effects, events)"#,
        #"scene.json: chains[0].viewport: unknown key for a chain; it is a key of the scene's top level (valid keys: name, frame, attachment, after, zIndex, opacity, repeat, effects, events)"#,
        #"scene.json: chains[1].effects[0].crosses: unknown key for effect "parallax"; it is a key of an event, in the chain's "events" (valid keys: type, reducedMotion, rate)"#,
        #"scene.json: chains[1].effects[0].zIndex: unknown key for effect "parallax"; it is a key of a chain, beside "effects" (valid keys: type, reducedMotion, rate)"#,
        // A key no object of a scene has (a frame's misspelt) stays unknown.
        #"scene.json: chains[2].heigth: unknown key for a chain (valid keys: name, frame, attachment, after, zIndex, opacity, repeat, effects, events)"#,
      ]),
    Case(
      "a single-chain file without a name", #"{"frame": {"height": 1}, "effects": []}"#,
      ["scene.json: name: missing required key; expected a chain name (a non-empty string)"]),
    Case(
      "a $schema that is not a string",
      #"{"$schema": 1, "chains": [{"name": "a", "frame": {"height": 1}}]}"#,
      [
        #"scene.json: ["$schema"]: expected a string (the JSON Schema the file follows, for editors), found the number 1"#
      ]),
    Case(
      "a $schema that is not a string in a single-chain file",
      #"{"$schema": null, "name": "a", "frame": {"height": 1}, "effects": []}"#,
      [
        #"scene.json: ["$schema"]: expected a string (the JSON Schema the file follows, for editors), found null"#
      ]),
    Case(
      "a version other than 1",
      #"{"version": 2, "chains": [{"name": "a", "frame": {"height": 1}}]}"#,
      ["scene.json: version: expected 1, found the number 2"]),
    Case(
      "a version as a string",
      #"{"version": "1", "chains": [{"name": "a", "frame": {"height": 1}}]}"#,
      [#"scene.json: version: expected 1, found the string "1""#]),
  ]

  @Test("a scene of the wrong shape is refused with every problem", arguments: structure)
  func wrongShape(_ row: Case) {
    #expect(Self.invalidLines(row.bytes) == row.lines)
  }

  // MARK: - Accepted oddities

  @Test("a UTF-8 byte order mark is accepted")
  func byteOrderMark() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(Self.scene().utf8)
    let scene = try SceneLoader().load(bytes, file: "scene.json")
    #expect(scene.chains.map(\.name) == ["a"])
  }

  @Test("a $schema string is accepted and ignored, in both forms of a scene file")
  func schemaKey() throws {
    let chain = #""name": "a", "frame": {"height": 1}, "effects": [{"type": "stretch"}]"#
    let plain = try SceneLoader().load(json: #"{"chains": [{\#(chain)}]}"#)
    let scene = try SceneLoader().load(
      json: #"{"$schema": "./Docs/scene.schema.json", "chains": [{\#(chain)}]}"#)
    let single = try SceneLoader().load(json: #"{"$schema": "https://example.com/s", \#(chain)}"#)
    #expect(scene.chains.map(\.name) == plain.chains.map(\.name))
    #expect(single.chains.map(\.name) == ["a"])
    #expect(scene.description == plain.description)
  }

  @Test("null for maxStretch, 0 copies, minus zero and escapes are accepted")
  func acceptedValues() throws {
    let json = #"""
      {"contentInsets": {"top": -0}, "chains": [
        {"name": "caf\u00e9 \ud83d\ude00", "frame": {"height": 1},
         "repeat": {"count": 0, "spacing": 0},
         "effects": [{"type": "stretch", "maxStretch": null}]}]}
      """#
    let scene = try SceneLoader().load(json: json)
    #expect(scene.chains.map(\.name) == ["café 😀"])
    #expect(scene.viewCount == 0)
    var host = SceneHost(scene: scene)
    host.evaluate(offset: -1e12)
    #expect(host.viewCount == 0)
  }
}
