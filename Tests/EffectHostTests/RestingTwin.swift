import EffectProtocol
import ScrollEffectsTestSupport
import StrictJSON
import Testing

@testable import EffectHost

/// A scene whose chains the host may leave at rest, beside its twin in
/// which none rests: the same chains with an effect that reads the offset
/// and changes nothing added to those that could rest. The two hosts go
/// through the same frames, which must agree bit for bit.
enum RestingTwin {
  /// `json` with an `expression` that reads the offset and changes nothing
  /// (`opacity + 0 * offset`) after the effects of every chain for which
  /// `restsMaybe(members, effects)` holds.
  static func moving(
    _ json: JSONValue, where restsMaybe: (JSONObject, [JSONValue]) -> Bool
  ) -> JSONValue {
    let reader = JSONValue.object(
      JSONObject([
        .init(key: "type", value: .string("expression")),
        .init(key: "opacity", value: .string("opacity + 0 * offset")),
      ]))
    return mapChains(json) { members in
      let effects: [JSONValue]
      if case .array(let list)? = members["effects"] {
        effects = list
      } else {
        effects = []
      }
      guard restsMaybe(members, effects) else { return .object(members) }
      var changed = members.members.filter { $0.key != "effects" }
      changed.append(.init(key: "effects", value: .array(effects + [reader])))
      return .object(JSONObject(changed))
    }
  }

  /// `json`, a scene, with each chain's object `members` replaced by
  /// `transform(members)`.
  static func mapChains(_ json: JSONValue, _ transform: (JSONObject) -> JSONValue) -> JSONValue {
    guard case .object(let file) = json else { fatalError("a scene") }
    return .object(
      JSONObject(
        file.members.map { member in
          guard member.key == "chains", case .array(let chains) = member.value else {
            return member
          }
          return .init(
            key: "chains",
            value: .array(
              chains.map { chain in
                guard case .object(let members) = chain else { return chain }
                return transform(members)
              }))
        }))
  }

  /// One random frame on both hosts: sometimes a frame at another offset on copies of them, kept or
  /// dropped; the offset of `geometry` drawn anew, and sometimes its
  /// viewport's height, its insets' bottom or the content height, kept for
  /// the frames after; the frame, windowed or whole. The rest host's views
  /// and events must equal the reference's, and a whole frame a fresh
  /// host's. Returns whether they did (false after recording the issue).
  static func frame(
    _ hosts: inout (rest: SceneHost, reference: SceneHost), names: (String, String),
    scene: Scene, random: inout SplitMix64, geometry: inout ScrollGeometry, label: String
  ) -> Bool {
    if random.chance(0.15) {
      var copies = hosts
      copies.rest.evaluate(offset: 333, visibleOnly: random.chance(0.5))
      copies.reference.evaluate(offset: 333, visibleOnly: random.chance(0.5))
      if random.chance(0.5) { hosts = copies }
    }
    geometry.offset = Double(random.next(in: -600...5000)) / 2
    // Another viewport, other insets or another content height, for a
    // frame or more, through the geometry a frame is given.
    if random.chance(0.2) {
      switch random.next(in: 0...2) {
      case 0: geometry.viewport.height = Double(random.next(in: 400...900))
      case 1: geometry.contentInsets.bottom = Double(random.next(in: 0...80))
      default: geometry.contentHeight = Double(random.next(in: 0...4000))
      }
    }
    let visibleOnly = random.chance(0.2)
    hosts.rest.evaluate(geometry, visibleOnly: visibleOnly)
    hosts.reference.evaluate(geometry, visibleOnly: visibleOnly)
    let reference = hosts.reference
    if let difference = SceneHostMirrorTests.firstDifference(
      hosts.rest, names, expected: { reference.transform(at: $0) })
    {
      Issue.record("\(label): \(difference)")
      return false
    }
    #expect(hosts.rest.eventsOfLastFrame == hosts.reference.eventsOfLastFrame, "\(label)")
    if !visibleOnly {
      var fresh = SceneHost(scene: scene)
      fresh.evaluate(geometry)
      if let difference = firstBitwiseDifference(
        SceneTwinTests.views(hosts.rest), SceneTwinTests.views(fresh),
        actualName: "host", expectedName: "fresh")
      {
        Issue.record("\(label): \(difference)")
        return false
      }
    }
    return true
  }
}
