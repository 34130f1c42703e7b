import EffectHost
import Foundation
import Testing

/// The fixture scenes that Scripts/schema-check.sh validates against the
/// schema: the loader takes every one under `valid/` and refuses every one
/// under `invalid/`, so the schema and the loader agree on them.
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
