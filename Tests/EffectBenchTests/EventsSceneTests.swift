import EffectHost
import EffectProtocol
import Foundation
import Testing

/// BENCHMARKS.md's events benchmark compares Benchmarks/events-scene.json with
/// the bench scene: the two must differ by their events only, or the ratio
/// would compare different work.
@Suite struct EventsSceneTests {
  static func object(_ path: String) throws -> NSDictionary {
    let url = URL(fileURLWithPath: HandwrittenFloorTests.packageRoot + "/" + path)
    return try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? NSDictionary)
  }

  /// The scene's JSON without its description and its chains' `events`.
  static func withoutEvents(_ path: String) throws -> NSDictionary {
    let scene = try #require(try object(path).mutableCopy() as? NSMutableDictionary)
    scene.removeObject(forKey: "description")
    let chains = try #require(scene["chains"] as? [NSDictionary])
    scene["chains"] = chains.map { chain in
      let copy = NSMutableDictionary()
      copy.addEntries(from: chain as? [AnyHashable: Any] ?? [:])
      copy.removeObject(forKey: "events")
      return copy
    }
    return scene
  }

  @Test("events-scene.json is bench-scene.json with two events on each of its 200 rows")
  func sameSceneButEvents() throws {
    let withEvents = try Self.withoutEvents("Benchmarks/events-scene.json")
    let withoutEvents = try Self.withoutEvents("Benchmarks/bench-scene.json")
    #expect(withEvents == withoutEvents)
    let root = HandwrittenFloorTests.packageRoot
    let events = try SceneLoader().load(contentsOf: root + "/Benchmarks/events-scene.json")
    let plain = try SceneLoader().load(contentsOf: root + "/Benchmarks/bench-scene.json")
    #expect(events.chains.map(\.events.count) == [0, 0, 2, 0])
    #expect(plain.chains.map(\.events.count) == [0, 0, 0, 0])
    #expect(events.chains[2].viewCount == 200)
    // The same transforms: events only report.
    var first = SceneHost(scene: events)
    var second = SceneHost(scene: plain)
    for offset in stride(from: -200.0, through: 16_000, by: 97) {
      first.evaluate(offset: offset)
      second.evaluate(offset: offset)
      let a: [ViewTransform] = first.withTransforms { Array($0) }
      let b: [ViewTransform] = second.withTransforms { Array($0) }
      #expect(a == b)
    }
  }
}
