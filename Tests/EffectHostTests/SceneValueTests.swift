import EffectHost
import EffectProtocol
import Foundation
import Testing

/// Values of the wrong type or out of range, and missing required keys, in
/// a scene of the right shape: refused with every problem and its path.
@Suite struct SceneValueTests: HostileInputSuite {
  static let missing = #"expected a number greater than 0 (at most 1e9)"#
  static let nonNegative = "expected a number from 0 to 1e9"

  static let values: [Case] = [
    Case(
      "viewport not an object", scene(top: #""viewport": [390, 844], "#),
      ["scene.json: viewport: expected an object, found an array"]),
    Case(
      "viewport.width a string", scene(top: #""viewport": {"width": "390"}, "#),
      [#"scene.json: viewport.width: \#(missing), found the string "390""#]),
    Case(
      "viewport.height null", scene(top: #""viewport": {"height": null}, "#),
      ["scene.json: viewport.height: \(missing), found null"]),
    Case(
      "viewport sizes zero and negative",
      scene(top: #""viewport": {"width": 0, "height": -844}, "#),
      [
        "scene.json: viewport.width: \(missing), found the number 0",
        "scene.json: viewport.height: \(missing), found the number -844",
      ]),
    Case(
      "viewport.width huge", scene(top: #""viewport": {"width": 1e300}, "#),
      ["scene.json: viewport.width: \(missing), found the number 1e+300"]),
    Case(
      "contentInsets not an object", scene(top: #""contentInsets": 0, "#),
      ["scene.json: contentInsets: expected an object, found the number 0"]),
    Case(
      "contentInsets.top a boolean", scene(top: #""contentInsets": {"top": true}, "#),
      ["scene.json: contentInsets.top: \(nonNegative), found true"]),
    Case(
      "contentInsets negative",
      scene(top: #""contentInsets": {"bottom": -1, "left": -2, "right": "0"}, "#),
      [
        "scene.json: contentInsets.bottom: \(nonNegative), found the number -1",
        "scene.json: contentInsets.left: \(nonNegative), found the number -2",
        #"scene.json: contentInsets.right: \#(nonNegative), found the string "0""#,
      ]),
    Case(
      "contentHeight a string", scene(top: #""contentHeight": "2000", "#),
      [#"scene.json: contentHeight: \#(nonNegative), found the string "2000""#]),
    Case(
      "contentHeight NaN as a string", scene(top: #""contentHeight": "NaN", "#),
      [#"scene.json: contentHeight: \#(nonNegative), found the string "NaN""#]),
    Case(
      "contentHeight Infinity as a string", scene(top: #""contentHeight": "Infinity", "#),
      [#"scene.json: contentHeight: \#(nonNegative), found the string "Infinity""#]),
    Case(
      "contentHeight null", scene(top: #""contentHeight": null, "#),
      ["scene.json: contentHeight: \(nonNegative), found null"]),
    Case(
      "contentHeight negative", scene(top: #""contentHeight": -1, "#),
      ["scene.json: contentHeight: \(nonNegative), found the number -1"]),
    Case(
      "contentHeight beyond the limit", scene(top: #""contentHeight": 1e308, "#),
      ["scene.json: contentHeight: \(nonNegative), found the number 1e+308"]),
    Case(
      "description not a string", scene(top: #""description": ["a"], "#),
      ["scene.json: description: expected a string, found an array"]),
    Case(
      "chains an object", #"{"chains": {"name": "a"}}"#,
      ["scene.json: chains: expected an array of at least one chain, found an object"]),
    Case(
      "chains a string", #"{"chains": "header"}"#,
      [#"scene.json: chains: expected an array of at least one chain, found the string "header""#]),
    Case(
      "chains[0] a string", scene(chain: #""header""#),
      [#"scene.json: chains[0]: expected a chain object, found the string "header""#]),
    Case(
      "chains[0] null and chains[1] valid", scene(chain: "null, {%}"),
      ["scene.json: chains[0]: expected a chain object, found null"]),
    Case(
      "name a number", scene(chain: #"{"name": 7, "frame": {"height": 1}}"#),
      ["scene.json: chains[0].name: expected a chain name (a non-empty string), found the number 7"]
    ),
    Case(
      "name empty", scene(chain: #"{"name": "", "frame": {"height": 1}}"#),
      [
        #"scene.json: chains[0].name: expected a non-empty chain name without '[' or ']' (they name repeated copies), found the string """#
      ]),
    Case(
      "name with brackets", scene(chain: #"{"name": "row[1]", "frame": {"height": 1}}"#),
      [
        #"scene.json: chains[0].name: expected a non-empty chain name without '[' or ']' (they name repeated copies), found the string "row[1]""#
      ]),
    Case(
      "a duplicate name holding a no-break space and an ideographic space, escaped",
      scene(
        chain:
          #"{"name": "trail\u00A0\u3000", "frame": {"height": 1}}, {"name": "trail\u00A0\u3000", "frame": {"height": 1}}"#
      ),
      [
        #"scene.json: chains[1].name: expected a unique chain name, found "trail\u00A0\u3000" again (first at chains[0].name)"#
      ]),
    Case(
      "a duplicate name holding a newline, a NUL and a right-to-left override, escaped",
      scene(
        chain:
          #"{"name": "a\nb\u0000\u202E", "frame": {"height": 1}}, {"name": "a\nb\u0000\u202E", "frame": {"height": 1}}"#
      ),
      [
        #"scene.json: chains[1].name: expected a unique chain name, found "a\nb\u0000\u202E" again (first at chains[0].name)"#
      ]),
    Case(
      "a long name, cut short in the message",
      scene(
        chain: #"{"name": "\#(String(repeating: "x", count: 50))[", "frame": {"height": 1}}"#),
      [
        #"scene.json: chains[0].name: expected a non-empty chain name without '[' or ']' (they name repeated copies), found the string "\#(String(repeating: "x", count: 40))…""#
      ]),
    Case(
      "frame a number", scene(chain: #"{"name": "a", "frame": 300}"#),
      ["scene.json: chains[0].frame: expected an object, found the number 300"]),
    Case(
      "frame.height a string", scene(chain: #"{"name": "a", "frame": {"height": "300"}}"#),
      [#"scene.json: chains[0].frame.height: \#(missing), found the string "300""#]),
    Case(
      "frame.height NaN as a string", scene(chain: #"{"name": "a", "frame": {"height": "NaN"}}"#),
      [#"scene.json: chains[0].frame.height: \#(missing), found the string "NaN""#]),
    Case(
      "frame.height null", scene(chain: #"{"name": "a", "frame": {"height": null}}"#),
      ["scene.json: chains[0].frame.height: \(missing), found null"]),
    Case(
      "frame.height zero", scene(chain: #"{"name": "a", "frame": {"height": 0}}"#),
      ["scene.json: chains[0].frame.height: \(missing), found the number 0"]),
    Case(
      "frame.height minus zero", scene(chain: #"{"name": "a", "frame": {"height": -0.0}}"#),
      ["scene.json: chains[0].frame.height: \(missing), found the number 0"]),
    Case(
      "frame.height negative", scene(chain: #"{"name": "a", "frame": {"height": -300}}"#),
      ["scene.json: chains[0].frame.height: \(missing), found the number -300"]),
    Case(
      "frame.height beyond the limit", scene(chain: #"{"name": "a", "frame": {"height": 1e10}}"#),
      ["scene.json: chains[0].frame.height: \(missing), found the number 10000000000"]),
    Case(
      "frame.width zero and frame.x a string",
      scene(chain: #"{"name": "a", "frame": {"x": "0", "width": 0, "height": 1}}"#),
      [
        #"scene.json: chains[0].frame.x: expected a number from -1e9 to 1e9, found the string "0""#,
        "scene.json: chains[0].frame.width: \(missing), found the number 0",
      ]),
    Case(
      "frame.width null", scene(chain: #"{"name": "a", "frame": {"width": null, "height": 1}}"#),
      ["scene.json: chains[0].frame.width: \(missing), found null"]),
    Case(
      "frame.y beyond the limit",
      scene(chain: #"{"name": "a", "frame": {"y": -2e9, "height": 1}}"#),
      [
        "scene.json: chains[0].frame.y: expected a number from -1e9 to 1e9, found the number -2000000000"
      ]
    ),
    Case(
      "attachment a number", scene(chain: #"{%, "attachment": 0}"#),
      [#"scene.json: chains[0].attachment: expected "content" or "viewport", found the number 0"#]),
    Case(
      "attachment unknown", scene(chain: #"{%, "attachment": "screen"}"#),
      [
        #"scene.json: chains[0].attachment: expected "content" or "viewport", found the string "screen""#
      ]),
    Case(
      "repeat a number", scene(chain: #"{%, "repeat": 10}"#),
      ["scene.json: chains[0].repeat: expected an object, found the number 10"]),
    Case(
      "repeat.count a string", scene(chain: #"{%, "repeat": {"count": "10"}}"#),
      [
        #"scene.json: chains[0].repeat.count: expected a whole number from 0 to 1000000, found the string "10""#
      ]),
    Case(
      "repeat.count fractional", scene(chain: #"{%, "repeat": {"count": 2.5}}"#),
      [
        "scene.json: chains[0].repeat.count: expected a whole number from 0 to 1000000, found the number 2.5"
      ]),
    Case(
      "repeat.count negative", scene(chain: #"{%, "repeat": {"count": -1}}"#),
      [
        "scene.json: chains[0].repeat.count: expected a whole number from 0 to 1000000, found the number -1"
      ]),
    Case(
      "repeat.count above the limit", scene(chain: #"{%, "repeat": {"count": 1000001}}"#),
      [
        "scene.json: chains[0].repeat.count: expected a whole number from 0 to 1000000, found the number 1000001"
      ]),
    Case(
      "repeat.count far above the limit", scene(chain: #"{%, "repeat": {"count": 1e300}}"#),
      [
        "scene.json: chains[0].repeat.count: expected a whole number from 0 to 1000000, found the number 1e+300"
      ]),
    Case(
      "repeat.spacing negative", scene(chain: #"{%, "repeat": {"count": 2, "spacing": -8}}"#),
      ["scene.json: chains[0].repeat.spacing: \(nonNegative), found the number -8"]),
    Case(
      "repeat.spacing a string", scene(chain: #"{%, "repeat": {"count": 2, "spacing": "8"}}"#),
      [#"scene.json: chains[0].repeat.spacing: \#(nonNegative), found the string "8""#]),
    Case(
      "effects an object", scene(chain: #"{%, "effects": {"type": "stretch"}}"#),
      ["scene.json: chains[0].effects: expected an array of effects, found an object"]),
    Case(
      "effects[0] a string", scene(chain: #"{%, "effects": ["stretch"]}"#),
      [#"scene.json: chains[0].effects[0]: expected an effect object, found the string "stretch""#]),
    Case(
      "type a number", scene(chain: #"{%, "effects": [{"type": 1}]}"#),
      [
        "scene.json: chains[0].effects[0].type: expected an effect type name (a string), found the number 1"
      ]),
    Case(
      "type null", scene(chain: #"{%, "effects": [{"type": null}]}"#),
      ["scene.json: chains[0].effects[0].type: expected an effect type name (a string), found null"]
    ),
    Case(
      "stretch.edge a number", scene(chain: #"{%, "effects": [{"type": "stretch", "edge": 0}]}"#),
      [
        #"scene.json: chains[0].effects[0].edge: expected "top" or "bottom" (or "leading" or "trailing", the same edges in a vertical scene), found the number 0"#
      ]),
    Case(
      "stretch.edge unknown",
      scene(chain: #"{%, "effects": [{"type": "stretch", "edge": "left"}]}"#),
      [
        #"scene.json: chains[0].effects[0].edge: expected "top" or "bottom" (or "leading" or "trailing", the same edges in a vertical scene), found the string "left""#
      ]
    ),
    Case(
      "stretch.resistance a string",
      scene(chain: #"{%, "effects": [{"type": "stretch", "resistance": "0.5"}]}"#),
      [
        #"scene.json: chains[0].effects[0].resistance: expected a number from 0 to 1, found the string "0.5""#
      ]),
    Case(
      "stretch.resistance out of range",
      scene(chain: #"{%, "effects": [{"type": "stretch", "resistance": 1.5}]}"#),
      [
        "scene.json: chains[0].effects[0].resistance: expected a number from 0 to 1, found the number 1.5"
      ]),
    Case(
      "stretch.resistance negative",
      scene(chain: #"{%, "effects": [{"type": "stretch", "resistance": -0.1}]}"#),
      [
        "scene.json: chains[0].effects[0].resistance: expected a number from 0 to 1, found the number -0.1"
      ]),
    Case(
      "stretch.maxStretch a string",
      scene(chain: #"{%, "effects": [{"type": "stretch", "maxStretch": "NaN"}]}"#),
      [
        #"scene.json: chains[0].effects[0].maxStretch: expected a number from 0 to 1e9 or null, found the string "NaN""#
      ]),
    Case(
      "stretch.maxStretch negative",
      scene(chain: #"{%, "effects": [{"type": "stretch", "maxStretch": -1}]}"#),
      [
        "scene.json: chains[0].effects[0].maxStretch: expected a number from 0 to 1e9 or null, found the number -1"
      ]),
    Case(
      "stretch.maxStretch beyond the limit",
      scene(chain: #"{%, "effects": [{"type": "stretch", "maxStretch": 1e100}]}"#),
      [
        "scene.json: chains[0].effects[0].maxStretch: expected a number from 0 to 1e9 or null, found the number 1e+100"
      ]),
    Case(
      "stretch.mode a boolean",
      scene(chain: #"{%, "effects": [{"type": "stretch", "mode": true}]}"#),
      [#"scene.json: chains[0].effects[0].mode: expected "grow" or "zoom", found true"#]),
    Case(
      "stretch.mode unknown",
      scene(chain: #"{%, "effects": [{"type": "stretch", "mode": "scale"}]}"#),
      [
        #"scene.json: chains[0].effects[0].mode: expected "grow" or "zoom", found the string "scale""#
      ]
    ),
    Case(
      "every stretch parameter wrong at once",
      scene(
        chain:
          #"{%, "effects": [{"type": "stretch", "edge": null, "resistance": [], "maxStretch": {}, "mode": 1}]}"#
      ),
      [
        #"scene.json: chains[0].effects[0].edge: expected "top" or "bottom" (or "leading" or "trailing", the same edges in a vertical scene), found null"#,
        "scene.json: chains[0].effects[0].resistance: expected a number from 0 to 1, found an empty array",
        "scene.json: chains[0].effects[0].maxStretch: expected a number from 0 to 1e9 or null, found an object",
        #"scene.json: chains[0].effects[0].mode: expected "grow" or "zoom", found the number 1"#,
      ]),
    Case(
      "a long string value, cut short and escaped",
      scene(chain: #"{%, "attachment": "\#(String(repeating: "\\t", count: 60))"}"#),
      [
        #"scene.json: chains[0].attachment: expected "content" or "viewport", found the string "\#(String(repeating: "\\t", count: 40))…""#
      ]),
  ]

  @Test("a value of the wrong type or out of range is refused with its path", arguments: values)
  func wrongValue(_ row: Case) {
    #expect(Self.invalidLines(row.bytes) == row.lines)
  }

  static let requiredKeys: [Case] = [
    Case(
      "chains missing", #"{"viewport": {"width": 390}}"#,
      [
        #"scene.json: chains: missing required key; expected an array of chains, or one chain with "effects" at the top level; found the keys "viewport""#
      ]),
    Case(
      "chains missing among many keys, the first ten shown",
      "{" + (0..<12).map { #""k\#($0)": 1"# }.joined(separator: ", ") + "}",
      [
        #"scene.json: chains: missing required key; expected an array of chains, or one chain with "effects" at the top level; found the keys "k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9", …"#
      ]
        + (0..<12).map {
          "scene.json: k\($0): unknown key for the scene (valid keys: axis, layoutDirection, version, description, viewport, contentInsets, contentHeight, contentWidth, chains, snap, $schema)"
        }),
    Case(
      "one chain at the top level with effects misspelt: read as one, the key near effects",
      #"{"name": "h", "frame": {"height": 1}, "effect": [{"type": "stretch"}]}"#,
      [
        #"scene.json: effect: unknown key for a single-chain scene; did you mean "effects"? (valid keys: axis, layoutDirection, version, description, viewport, contentInsets, contentHeight, contentWidth, name, frame, attachment, after, zIndex, opacity, repeat, effects, events, snap, $schema)"#
      ]),
    Case(
      "name missing", scene(chain: #"{"frame": {"height": 1}}"#),
      [
        "scene.json: chains[0].name: missing required key; expected a chain name (a non-empty string)"
      ]
    ),
    Case(
      "frame missing", scene(chain: #"{"name": "a"}"#),
      ["scene.json: chains[0].frame: missing required key; expected an object"]),
    Case(
      "frame.height missing", scene(chain: #"{"name": "a", "frame": {"y": 10}}"#),
      ["scene.json: chains[0].frame.height: missing required key; \(missing)"]),
    Case(
      "type missing", scene(chain: #"{%, "effects": [{"resistance": 0.5}]}"#),
      [
        "scene.json: chains[0].effects[0].type: missing required key; expected an effect type name (\(registered))"
      ]),
    Case(
      "repeat.count missing", scene(chain: #"{%, "repeat": {"spacing": 8}}"#),
      [
        "scene.json: chains[0].repeat.count: missing required key; expected a whole number from 0 to 1000000"
      ]),
    Case(
      "everything in a chain missing", scene(chain: "{}, {}"),
      [
        "scene.json: chains[0].name: missing required key; expected a chain name (a non-empty string)",
        "scene.json: chains[0].frame: missing required key; expected an object",
        "scene.json: chains[1].name: missing required key; expected a chain name (a non-empty string)",
        "scene.json: chains[1].frame: missing required key; expected an object",
      ]),
  ]

  @Test("a missing required key is refused with its path", arguments: requiredKeys)
  func missingKey(_ row: Case) {
    #expect(Self.invalidLines(row.bytes) == row.lines)
  }
}
