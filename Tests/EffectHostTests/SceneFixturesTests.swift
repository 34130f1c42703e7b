import EffectHost
import Foundation
import StrictJSON
import Testing

/// The fixture scenes that Scripts/schema-check.sh validates against the
/// schema: the loader takes every one under `valid/` and refuses every one
/// under `invalid/`, so the schema and the loader agree on them; each invalid
/// one for the reason `invalid-reasons.json` gives.
@Suite struct SceneFixturesTests {
  static let directory = SceneFiles.packageRoot.appendingPathComponent("Tests/Fixtures/scenes")

  static func files(_ kind: String) -> [String] {
    let folder = directory.appendingPathComponent(kind)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map {
      folder.appendingPathComponent($0).path
    }
  }

  @Test("every valid fixture scene loads", arguments: files("valid"))
  func valid(_ path: String) throws {
    _ = try SceneLoader().load(contentsOf: path)
  }

  @Test("every invalid fixture scene is refused as invalid", arguments: files("invalid"))
  func invalid(_ path: String) {
    #expect(throws: SceneLoadError.self) { try SceneLoader().load(contentsOf: path) }
    do {
      _ = try SceneLoader().load(contentsOf: path)
    } catch {
      #expect(!error.diagnostics.isEmpty, "\(path) is unreadable, not invalid")
    }
  }

  /// `invalid-reasons.json`: for each invalid fixture, the path the loader
  /// reports and a fix there.
  static func reasons() throws -> [String: [String: Any]] {
    let url = directory.appendingPathComponent("invalid-reasons.json")
    let file = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    return try #require(file?["fixtures"] as? [String: [String: Any]])
  }

  /// The components of a path in `invalid-reasons.json`: keys and indices.
  static func components(_ value: Any?) throws -> [JSONPath.Component] {
    let parts = try #require(value as? [Any])
    return try parts.map { part in
      if let key = part as? String { return .key(key) }
      return .index(try #require(part as? Int))
    }
  }

  /// `node` with the value at `path` removed, or set to `value`.
  static func fixing(_ node: Any, at path: ArraySlice<JSONPath.Component>, to value: Any?) throws
    -> Any
  {
    guard let first = path.first else { return try #require(value) }
    let rest = path.dropFirst()
    switch first {
    case .key(let key):
      var object = try #require(node as? [String: Any])
      if rest.isEmpty && value == nil {
        #expect(object.removeValue(forKey: key) != nil, "nothing to remove at \(key)")
      } else {
        object[key] = try fixing(object[key] as Any, at: rest, to: value)
      }
      return object
    case .index(let index):
      var array = try #require(node as? [Any])
      try #require(array.indices.contains(index))
      if rest.isEmpty && value == nil {
        array.remove(at: index)
      } else {
        array[index] = try fixing(array[index], at: rest, to: value)
      }
      return array
    }
  }

  @Test("each invalid fixture is refused at its reason's path only, and loads once fixed there")
  func reasons() throws {
    let reasons = try Self.reasons()
    let names = Self.files("invalid").map { URL(fileURLWithPath: $0).lastPathComponent }
    #expect(Set(reasons.keys) == Set(names))
    for path in Self.files("invalid") {
      let name = URL(fileURLWithPath: path).lastPathComponent
      guard let reason = reasons[name] else { continue }
      let expected = JSONPath(try Self.components(reason["path"])).description
      do {
        _ = try SceneLoader().load(contentsOf: path)
        Issue.record("\(name) loads")
      } catch {
        #expect(!error.diagnostics.isEmpty, "\(name)")
        for diagnostic in error.diagnostics {
          #expect(diagnostic.path.description == expected, "\(name): \(diagnostic)")
        }
      }
      let scene = try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: path)))
      let fixedScene: Any
      if let removed = reason["remove"] {
        fixedScene = try Self.fixing(scene, at: try Self.components(removed)[...], to: nil)
      } else {
        let at = try Self.components(reason["set"])
        let value = reason["to"]
        try #require(value != nil, "\(name): a fix sets a value (\"to\") or removes one")
        fixedScene = try Self.fixing(scene, at: at[...], to: value)
      }
      let text = String(
        decoding: try JSONSerialization.data(withJSONObject: fixedScene), as: UTF8.self)
      #expect(throws: Never.self, "\(name) fixed: \(text)") {
        try SceneLoader().load(json: text, file: name)
      }
    }
  }

  @Test("there are fixtures of both kinds, the invalid ones of every kind the schema must refuse")
  func kinds() {
    #expect(Self.files("valid").count >= 3)
    let invalid = Self.files("invalid").map { URL(fileURLWithPath: $0).lastPathComponent }
    for name in [
      "unknown-type.json", "unknown-key.json", "unknown-parameter.json", "wrong-type.json",
      "out-of-range.json", "missing-required-key.json",
      // The rules that join keys.
      "vertical-frame-without-height.json", "horizontal-frame-without-width.json",
      "event-range-without-progress.json", "interpolate-inset-without-progress.json",
      "until-next-without-repeat.json", "layout-direction-in-vertical-scene.json",
      "content-width-in-vertical-scene.json", "content-height-in-horizontal-scene.json",
      "top-edge-in-horizontal-scene.json", "min-height-in-horizontal-scene.json",
      "min-width-in-vertical-scene.json", "after-on-viewport-chain.json",
    ] {
      #expect(invalid.contains(name))
    }
  }
}
