import EffectHost
import EffectProtocol
import Foundation
import Testing

/// Bad scene files, one a row: each is refused with the full message lines
/// (file, JSON path, what was expected, what was found) and the right error
/// case, never a crash, a hang or a silent default.
@Suite struct HostileInputTests {
  /// A scene file and the lines its refusal must print.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var lines: [String]

    init(_ name: String, _ json: String, _ lines: [String]) {
      self.init(name, bytes: Array(json.utf8), lines)
    }

    init(_ name: String, bytes: [UInt8], _ lines: [String]) {
      self.name = name
      self.bytes = bytes
      self.lines = lines
    }

    var testDescription: String { name }
  }

  /// The `lines` of the error that loading `bytes` as `scene.json` throws;
  /// records an issue when it loads or is not `.invalid`.
  static func invalidLines(
    _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) -> [String] {
    do {
      let scene = try SceneLoader().load(bytes, file: "scene.json")
      Issue.record(
        "loaded \(scene.chains.count) chains; expected a refusal", sourceLocation: sourceLocation)
    } catch {
      guard case .invalid = error else {
        Issue.record("expected .invalid, got \(error)", sourceLocation: sourceLocation)
        return error.lines
      }
      return error.lines
    }
    return []
  }

  /// The registered type names as messages list them.
  static let registered = EffectRegistry.builtIn.typeNames.joined(separator: ", ")

  static let syntax: [Case] = [
    Case(
      "an empty file", "",
      ["scene.json:1:1: malformed JSON: expected a JSON value, found an empty document"]),
    Case(
      "only whitespace", " \n\t",
      ["scene.json:2:2: malformed JSON: expected a JSON value, found an empty document"]),
    Case(
      "not JSON", "chains: [header]",
      ["scene.json:1:1: malformed JSON: expected a JSON value, found 'chains'"]),
    Case(
      "YAML-like single quotes", "{'chains': []}",
      ["scene.json:1:2: malformed JSON: expected a key string, found '''"]),
    Case(
      "truncated mid-object", #"{"chains": [{"name": "a", "frame": {"height": 1"#,
      [
        "scene.json:1:48: malformed JSON: expected ',' or '}' after an object member, found the end of the file"
      ]),
    Case(
      "truncated after a key", #"{"chains": "#,
      ["scene.json:1:12: malformed JSON: expected a JSON value, found the end of the file"]),
    Case(
      "truncated mid-string", #"{"chains": [{"name": "hea"#,
      [
        "scene.json:1:22: malformed JSON: unterminated string: expected '\"', found the end of the file"
      ]),
    Case(
      "truncated mid-number", #"{"chains": [{"name": "a", "frame": {"height": 1."#,
      [
        "scene.json:1:49: malformed JSON: expected a digit after '.' in a number, found the end of the file"
      ]),
    Case(
      "truncated in an exponent", #"{"contentHeight": 1e"#,
      [
        "scene.json:1:21: malformed JSON: expected a digit in the exponent of a number, found the end of the file"
      ]),
    Case(
      "a trailing comma in an object", #"{"chains": [{"name": "a", "frame": {"height": 1,}}]}"#,
      [
        "scene.json:1:49: malformed JSON: expected a key string after ',', found '}' (JSON allows no trailing comma)"
      ]),
    Case(
      "a trailing comma in an array", #"{"chains": [{"name": "a", "frame": {"height": 1}},]}"#,
      [
        "scene.json:1:51: malformed JSON: expected a value after ',', found ']' (JSON allows no trailing comma)"
      ]),
    Case(
      "text after the top-level value", #"{"chains": []} {"chains": []}"#,
      ["scene.json:1:16: malformed JSON: unexpected '{' after the top-level value"]),
    Case(
      "a number with a leading zero", #"{"contentHeight": 020}"#,
      ["scene.json:1:19: malformed JSON: expected a number without leading zeros, found '02'"]),
    Case(
      "1e999", #"{"contentHeight": 1e999}"#,
      ["scene.json:1:19: contentHeight: the number 1e999 does not fit a Double"]),
    Case(
      "-1e999", #"{"contentHeight": -1e999}"#,
      ["scene.json:1:19: contentHeight: the number -1e999 does not fit a Double"]),
    Case(
      "a 400-digit number, cut to 40 digits and marked as cut",
      #"{"viewport": {"width": "# + String(repeating: "7", count: 400) + "}}",
      [
        "scene.json:1:24: viewport.width: the number " + String(repeating: "7", count: 40)
          + "… does not fit a Double"
      ]),
    Case(
      "a bare NaN", #"{"contentHeight": NaN}"#,
      [
        "scene.json:1:19: malformed JSON: expected a JSON value, found 'NaN' (JSON numbers are finite)"
      ]),
    Case(
      "a bare Infinity", #"{"contentHeight": Infinity}"#,
      [
        "scene.json:1:19: malformed JSON: expected a JSON value, found 'Infinity' (JSON numbers are finite)"
      ]),
    Case(
      "a bare -Infinity", #"{"contentHeight": -Infinity}"#,
      [
        "scene.json:1:20: malformed JSON: expected a digit in a number, found 'Infinity' (JSON numbers are finite)"
      ]),
    Case(
      "a misspelt literal", #"{"contentHeight": nul}"#,
      ["scene.json:1:19: malformed JSON: expected a JSON value, found 'nul'"]),
    Case(
      "a raw newline in a string", "{\"description\": \"two\nlines\"}",
      [
        "scene.json:1:21: malformed JSON: expected '\"' to close the string, found the control character U+000A (escape it as \\u000A)"
      ]),
    Case(
      "an invalid escape", #"{"description": "a\x"}"#,
      [
        #"scene.json:1:19: malformed JSON: invalid escape '\x' in a string; expected one of \" \\ \/ \b \f \n \r \t \uXXXX"#
      ]),
    Case(
      "an unpaired surrogate escape", #"{"description": "\ud800"}"#,
      ["scene.json:1:24: malformed JSON: expected a low surrogate after \\uD800, found none"]),
    Case(
      "invalid UTF-8 in a string",
      bytes: Array(#"{"description": "caf"#.utf8) + [0xE9] + Array(#""}"#.utf8),
      ["scene.json:1:21: malformed JSON: expected UTF-8 text, found the invalid byte 0xE9"]),
    Case(
      "a UTF-8-encoded surrogate in a string",
      bytes: Array(#"{"description": ""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8),
      ["scene.json:1:18: malformed JSON: expected UTF-8 text, found the invalid byte 0xED"]),
    Case(
      "raw binary data", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00],
      ["scene.json:1:1: malformed JSON: expected a JSON value, found byte 0x89"]),
    Case(
      "a NUL byte", bytes: [0x00],
      ["scene.json:1:1: malformed JSON: expected a JSON value, found byte 0x00"]),
    Case(
      "a UTF-16 byte order mark", bytes: [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00],
      ["scene.json:1:1: malformed JSON: expected a JSON value, found byte 0xFF"]),
    Case(
      "an invisible format character outside strings", "\u{202E}{}",
      ["scene.json:1:1: malformed JSON: expected a JSON value, found the character U+202E"]),
    Case(
      "an odd key followed by no colon", "{\"a\\\"b\\nc\" 1}",
      [#"scene.json:1:12: malformed JSON: expected ':' after the key "a\"b\nc", found '1'"#]),
  ]

  @Test(
    "malformed JSON is refused with its line, column, expectation and finding", arguments: syntax)
  func malformedJSON(_ row: Case) {
    #expect(Self.invalidLines(row.bytes) == row.lines)
  }

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
        #"scene.json: chain: unknown key for the scene; did you mean "chains"? (valid keys: version, description, viewport, contentInsets, contentHeight, chains, snap)"#
      ]),
    Case(
      "an unknown top-level key with no near name",
      #"{"chains": [{"name": "a", "frame": {"height": 1}}], "theme": "dark"}"#,
      [
        "scene.json: theme: unknown key for the scene (valid keys: version, description, viewport, contentInsets, contentHeight, chains, snap)"
      ]),
    Case(
      "an unknown chain key", #"{"chains": [{"name": "a", "frame": {"height": 1}, "efects": []}]}"#,
      [
        #"scene.json: chains[0].efects: unknown key for a chain; did you mean "effects"? (valid keys: name, frame, attachment, repeat, effects)"#
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
        #"scene.json: chains[0].effects[0].resistence: unknown key for effect "stretch"; did you mean "resistance"? (valid keys: type, edge, resistance, maxStretch, mode)"#
      ]),
    Case(
      "an effect type and a key in another case",
      #"{"chains": [{"name": "a", "frame": {"height": 1}, "effects": [{"type": "Stretch"}, {"type": "stretch", "MaxStretch": 1}]}]}"#,
      [
        #"scene.json: chains[0].effects[0].type: unknown effect type "Stretch"; did you mean "stretch"? (registered: \#(registered))"#,
        #"scene.json: chains[0].effects[1].MaxStretch: unknown key for effect "stretch"; did you mean "maxStretch"? (valid keys: type, edge, resistance, maxStretch, mode)"#,
      ]),
    Case(
      "an odd key, escaped and quoted in its path",
      "{\"chains\": [{\"name\": \"a\", \"frame\": {\"height\": 1}}], \"a\\\"b\\nc\": 1}",
      [
        #"scene.json: ["a\"b\nc"]: unknown key for the scene (valid keys: version, description, viewport, contentInsets, contentHeight, chains, snap)"#
      ]),
    Case(
      "a long key, cut short in its path",
      #"{"chains": [{"name": "a", "frame": {"height": 1}}], ""#
        + String(repeating: "k", count: 100_000)
        + #"": 1}"#,
      [
        #"scene.json: [""# + String(repeating: "k", count: 40)
          + #"…"]: unknown key for the scene (valid keys: version, description, viewport, contentInsets, contentHeight, chains, snap)"#
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
        "scene.json: effects: unknown key for the scene (valid keys: version, description, viewport, contentInsets, contentHeight, chains, snap)"
      ]),
    Case(
      "a single-chain file without a name", #"{"frame": {"height": 1}, "effects": []}"#,
      ["scene.json: name: missing required key; expected a chain name (a non-empty string)"]),
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

  /// `{"chains": [CHAIN]}` with `CHAIN` defaulting to a valid one; `%` in
  /// `chain` is replaced by `"name": "a", "frame": {"height": 1}`.
  static func scene(top: String = "", chain: String = "{%}") -> String {
    let validChain = #""name": "a", "frame": {"height": 1}"#
    let chainText = chain.replacingOccurrences(of: "%", with: validChain)
    return "{\(top)\"chains\": [\(chainText)]}"
  }

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
      [#"scene.json: chains[0].effects[0].edge: expected "top" or "bottom", found the number 0"#]),
    Case(
      "stretch.edge unknown",
      scene(chain: #"{%, "effects": [{"type": "stretch", "edge": "left"}]}"#),
      [
        #"scene.json: chains[0].effects[0].edge: expected "top" or "bottom", found the string "left""#
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
        #"scene.json: chains[0].effects[0].edge: expected "top" or "bottom", found null"#,
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

  /// A chain of one effect with `parameters` (JSON members after `type`).
  static func effect(_ type: String, _ parameters: String) -> String {
    scene(chain: #"{%, "effects": [{"type": "\#(type)", \#(parameters)}]}"#)
  }

  static let effectParameters: [Case] = [
    Case(
      "footerPin.mode unknown", effect("footerPin", #""mode": "slide""#),
      [
        #"scene.json: chains[0].effects[0].mode: expected "stretch" or "move", found the string "slide""#
      ]),
    Case(
      "pin.edge unknown and pin.until a string", effect("pin", #""edge": "left", "until": "end""#),
      [
        #"scene.json: chains[0].effects[0].edge: expected "top" or "bottom", found the string "left""#,
        #"scene.json: chains[0].effects[0].until: expected a number from -1e9 to 1e9 or null, found the string "end""#,
      ]),
    Case(
      "pin.inset beyond the limit", effect("pin", #""inset": 1e10"#),
      [
        "scene.json: chains[0].effects[0].inset: expected a number from -1e9 to 1e9, found the number 10000000000"
      ]),
    Case(
      "parallax.rate null", effect("parallax", #""rate": null"#),
      ["scene.json: chains[0].effects[0].rate: expected a number from -1e9 to 1e9, found null"]),
    Case(
      "parallax.rate NaN as a string", effect("parallax", #""rate": "NaN""#),
      [
        #"scene.json: chains[0].effects[0].rate: expected a number from -1e9 to 1e9, found the string "NaN""#
      ]),
    Case(
      "translate.axis unknown and from after to",
      effect("translate", #""axis": "z", "from": 5, "to": 1"#),
      [
        #"scene.json: chains[0].effects[0].axis: expected "x" or "y", found the string "z""#,
        #"scene.json: chains[0].effects[0].from: expected a number not greater than "to" (1), found the number 5"#,
      ]),
    Case(
      "collapse.minHeight negative and pinned a string",
      effect("collapse", #""minHeight": -1, "pinned": "yes""#),
      [
        "scene.json: chains[0].effects[0].minHeight: expected a number from 0 to 1e9, found the number -1",
        #"scene.json: chains[0].effects[0].pinned: expected true or false, found the string "yes""#,
      ]),
    Case(
      "interpolate without property and stops", effect("interpolate", #""input": "offset""#),
      [
        "scene.json: chains[0].effects[0].property: missing required key; expected "
          + #""opacity", "scale", "scaleX", "scaleY", "blur", "rotation", "translateX", "translateY", "width", "height" or "zIndex""#,
        "scene.json: chains[0].effects[0].stops: missing required key; expected an array of at least 2 [input, output] pairs",
      ]),
  ]

  @Test(
    "a bad parameter of any built-in effect is refused with its path", arguments: effectParameters)
  func badEffectParameter(_ row: Case) {
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
          "scene.json: k\($0): unknown key for the scene (valid keys: version, description, viewport, contentInsets, contentHeight, chains, snap)"
        }),
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

  // MARK: - Limits

  @Test("a scene of more views than the limit is refused, copies counted")
  func tooManyViews() {
    let chains = (0..<11).map {
      #"{"name": "c\#($0)", "frame": {"height": 1}, "repeat": {"count": 1000000}}"#
    }
    let json = #"{"chains": [\#(chains.joined(separator: ", "))]}"#
    #expect(
      Self.invalidLines(Array(json.utf8)) == [
        "scene.json: chains: expected at most 10000000 views in a scene, found 11000000 (copies of repeated chains included)"
      ])
  }

  @Test("a scene at the view limit loads")
  func viewLimit() throws {
    let chains = (0..<10).map {
      #"{"name": "c\#($0)", "frame": {"height": 1}, "repeat": {"count": 1000000}}"#
    }
    let scene = try SceneLoader().load(json: #"{"chains": [\#(chains.joined(separator: ", "))]}"#)
    #expect(scene.viewCount == 10_000_000)
  }

  @Test("JSON nested 200,000 levels deep is refused at level 513 without overflowing the stack")
  func deepNesting() {
    let arrays = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
    #expect(
      Self.invalidLines(Array(arrays.utf8)) == [
        "scene.json:1:513: malformed JSON: arrays and objects are nested more than 512 levels deep"
      ])
    let objects = String(repeating: #"{"a":"#, count: 200_000)
    #expect(
      Self.invalidLines(Array(objects.utf8)) == [
        "scene.json:1:2561: malformed JSON: arrays and objects are nested more than 512 levels deep"
      ])
  }

  @Test("JSON nested 512 levels deep is parsed, and refused as a scene only for its shape")
  func nestingLimit() {
    let json =
      #"{"chains": [{"name": "a", "frame": {"height": 1}}], "description": "#
      + String(repeating: "[", count: 510) + String(repeating: "]", count: 510) + "}"
    #expect(
      Self.invalidLines(Array(json.utf8)) == [
        "scene.json: description: expected a string, found an array"
      ])
  }

  @Test("millions of problems stop after the first 1000, quickly")
  func problemLimit() {
    let json =
      #"{"chains": ["# + Array(repeating: "{}", count: 1_000_000).joined(separator: ",")
      + "]}"
    let lines = Self.invalidLines(Array(json.utf8))
    #expect(lines.count == 1001)
    #expect(
      lines.first
        == "scene.json: chains[0].name: missing required key; expected a chain name (a non-empty string)"
    )
    #expect(
      lines.dropLast().last
        == "scene.json: chains[499].frame: missing required key; expected an object")
    #expect(lines.last == "scene.json: more than 1000 problems; stopped after the first 1000")
  }

  @Test("exactly 1000 problems are all reported, with no note")
  func problemLimitExactly() {
    let json = #"{"chains": ["# + Array(repeating: "{}", count: 500).joined(separator: ",") + "]}"
    let lines = Self.invalidLines(Array(json.utf8))
    #expect(lines.count == 1000)
    #expect(lines.last == "scene.json: chains[499].frame: missing required key; expected an object")
  }

  @Test("an object of many unknown keys stops after the first 1000")
  func unknownKeyLimit() {
    let keys = (0..<5000).map { #""k\#($0)": 0"# }.joined(separator: ", ")
    let json = #"{"chains": [{"name": "a", "frame": {"height": 1, \#(keys)}}]}"#
    let lines = Self.invalidLines(Array(json.utf8))
    #expect(lines.count == 1001)
    #expect(
      lines.first
        == "scene.json: chains[0].frame.k0: unknown key for a frame (valid keys: x, y, width, height)"
    )
    #expect(lines.last == "scene.json: more than 1000 problems; stopped after the first 1000")
  }

  @Test("more than 32 MiB of bytes is refused before parsing")
  func oversizedBytes() {
    let bytes = [UInt8](repeating: UInt8(ascii: " "), count: 50 << 20)
    #expect(
      Self.invalidLines(bytes) == [
        "scene.json: expected a scene file of at most 33554432 bytes (32 MiB), found 52428800 bytes"
      ])
  }

  @Test("a scene of 30 MB loads: below the size limit nothing is refused for its size")
  func largeValidScene() throws {
    // 30 MB, most of it in one string, with 20,000 chains: big enough to
    // cross every buffer size, small enough to keep the suite fast.
    let chains = (0..<20_000).map {
      #"{"name": "row\#($0)", "frame": {"y": \#($0 * 10), "height": 10}, "effects": [{"type": "stretch", "maxStretch": 50}]}"#
    }
    let head = #"{"chains": [\#(chains.joined(separator: ",\n"))], "description": ""#
    let padding = 30_000_000 - head.utf8.count - 2
    let json = head + String(repeating: "x", count: padding) + #""}"#
    #expect(json.utf8.count == 30_000_000)
    let scene = try SceneLoader().load(Array(json.utf8), file: "scene.json")
    #expect(scene.chains.count == 20_000)
    #expect(scene.description?.count == padding)
    var host = SceneHost(scene: scene)
    host.evaluate(offset: -100)
    #expect(host.transform(at: 19_999).height == 60)
  }

  // MARK: - Accepted oddities

  @Test("a UTF-8 byte order mark is accepted")
  func byteOrderMark() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(Self.scene().utf8)
    let scene = try SceneLoader().load(bytes, file: "scene.json")
    #expect(scene.chains.map(\.name) == ["a"])
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

  // MARK: - Files

  /// A fresh directory for one test, removed afterwards.
  static func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("HostileInputTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try body(directory)
  }

  /// The error loading `path` throws.
  static func fileError(_ path: String, sourceLocation: SourceLocation = #_sourceLocation)
    -> SceneLoadError?
  {
    do {
      _ = try SceneLoader().load(contentsOf: path)
      Issue.record("\(path) loaded; expected a refusal", sourceLocation: sourceLocation)
      return nil
    } catch {
      return error
    }
  }

  @Test("a missing file is unreadable")
  func missingFile() throws {
    try Self.withTemporaryDirectory { directory in
      let path = directory + "/absent.json"
      #expect(Self.fileError(path) == .unreadable(file: path, reason: "no such file"))
      #expect(Self.fileError(path)?.lines == ["\(path): no such file"])
    }
  }

  @Test("a directory is unreadable")
  func directory() throws {
    try Self.withTemporaryDirectory { directory in
      #expect(
        Self.fileError(directory)
          == .unreadable(file: directory, reason: "is a directory; expected a scene file"))
    }
  }

  @Test("a path through a file is unreadable")
  func pathThroughFile() throws {
    try Self.withTemporaryDirectory { directory in
      let file = directory + "/scene.json"
      #expect(FileManager.default.createFile(atPath: file, contents: Data(Self.scene().utf8)))
      let path = file + "/x"
      #expect(
        Self.fileError(path)?.lines == ["\(path): a component of the path is not a directory"])
      #expect(Self.fileError(path).map { if case .unreadable = $0 { true } else { false } } == true)
    }
  }

  @Test(
    "a file without read permission is unreadable",
    // Root reads any file whatever its mode, so there is nothing to check.
    .enabled(if: geteuid() != 0, "running as root, which permissions do not stop"))
  func unreadableFile() throws {
    try Self.withTemporaryDirectory { directory in
      let path = directory + "/secret.json"
      #expect(
        FileManager.default.createFile(
          atPath: path, contents: Data(Self.scene().utf8), attributes: [.posixPermissions: 0]))
      #expect(Self.fileError(path) == .unreadable(file: path, reason: "permission denied"))
    }
  }

  @Test("a 50 MB file is refused by its size before it is read")
  func oversizedFile() throws {
    try Self.withTemporaryDirectory { directory in
      let path = directory + "/huge.json"
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      let handle = try #require(FileHandle(forWritingAtPath: path))
      // Sparse: 50 MB long, nothing written, so the test costs no disk.
      try handle.truncate(atOffset: 50 << 20)
      try handle.close()
      #expect(
        Self.fileError(path)?.lines == [
          "\(path): expected a scene file of at most 33554432 bytes (32 MiB), found 52428800 bytes"
        ])
    }
  }

  @Test("an endless device is read only up to the limit, then refused")
  func endlessInput() throws {
    let path = "/dev/zero"
    try #require(FileManager.default.fileExists(atPath: path))
    #expect(
      Self.fileError(path)?.lines == [
        "\(path): expected a scene file of at most 33554432 bytes (32 MiB), found more than 33554432 bytes"
      ])
  }

  @Test("an empty file on disk is invalid, not unreadable")
  func emptyFile() throws {
    try Self.withTemporaryDirectory { directory in
      let path = directory + "/empty.json"
      #expect(FileManager.default.createFile(atPath: path, contents: Data()))
      #expect(
        Self.fileError(path)?.lines == [
          "\(path):1:1: malformed JSON: expected a JSON value, found an empty document"
        ])
    }
  }
}
