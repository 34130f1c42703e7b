import EffectHost
import EffectProtocol
import Foundation
import Testing

/// A bad scene file and the lines its refusal must print: one row of the
/// tables of the suites that feed the loader hostile input.
struct HostileInputCase: Sendable, CustomTestStringConvertible {
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

/// The helpers of the suites that feed the loader bad scene files, each
/// refused with the full message lines (file, JSON path, what was expected,
/// what was found) and the right error case, never a crash, a hang or a
/// silent default. A suite conforms to call them as its own.
protocol HostileInputSuite {}

extension HostileInputSuite {
  typealias Case = HostileInputCase

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
  static var registered: String { EffectRegistry.builtIn.typeNames.joined(separator: ", ") }

  /// `{"chains": [CHAIN]}` with `CHAIN` defaulting to a valid one; `%` in
  /// `chain` is replaced by `"name": "a", "frame": {"height": 1}`.
  static func scene(top: String = "", chain: String = "{%}") -> String {
    let validChain = #""name": "a", "frame": {"height": 1}"#
    let chainText = chain.replacingOccurrences(of: "%", with: validChain)
    return "{\(top)\"chains\": [\(chainText)]}"
  }

  /// A chain of one effect with `parameters` (JSON members after `type`).
  static func effect(_ type: String, _ parameters: String) -> String {
    scene(chain: #"{%, "effects": [{"type": "\#(type)", \#(parameters)}]}"#)
  }
}
