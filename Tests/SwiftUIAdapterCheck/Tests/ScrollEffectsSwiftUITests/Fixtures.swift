import EffectHost
import EffectProtocol
import Foundation
import SwiftUI
import Testing

@testable import ScrollEffectsSwiftUI

/// What the tests share: the repository's scenes, SwiftUI scroll geometry
/// and the records of a stand-in view.
enum Fixtures {
  /// The repository's root: this file is
  /// Tests/SwiftUIAdapterCheck/Tests/ScrollEffectsSwiftUITests/Fixtures.swift.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func scene(_ name: String) throws -> EffectHost.Scene {
    try SceneLoader().load(contentsOf: root.appendingPathComponent("Configs/\(name)").path)
  }

  /// An iPhone's portrait scroll view: 390 x 844, under a 47-point status
  /// bar and over a 34-point home indicator, `offset` points from rest.
  static func phone(offset: CGFloat, contentHeight: CGFloat = 2000) -> SwiftUI.ScrollGeometry {
    SwiftUI.ScrollGeometry(
      contentOffset: CGPoint(x: 0, y: offset - 47),
      contentSize: CGSize(width: 390, height: contentHeight),
      contentInsets: SwiftUI.EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0),
      containerSize: CGSize(width: 390, height: 844))
  }

  /// The record of the first modifier named `name` in `records`.
  static func record(_ name: String, in records: [_Record]) throws -> _Record {
    guard let record = records.first(where: { $0.name == name }) else {
      throw Missing(name: name, found: records.map(\.name))
    }
    return record
  }

  struct Missing: Error, CustomStringConvertible {
    let name: String
    let found: [String]
    var description: String { "no \(name) among \(found)" }
  }
}

extension Fixtures {
  /// The scroll view of a scene, its modifier's records, and the times its
  /// clock gives.
  @MainActor struct Screen {
    let effects: ScrollEffects
    let records: [_Record]
    var events: [ScrollEffectsEvent] { eventBox.value }
    let eventBox: _Box<[ScrollEffectsEvent]>

    init(_ scene: EffectHost.Scene, time: Double = 0.25) {
      effects = ScrollEffects(scene: scene) { time }
      let box = _Box<[ScrollEffectsEvent]>([])
      eventBox = box
      records = _Scaffold.records(
        of: ScrollView { Text("content") }
          .scrollEffects(effects) { event in box.value.append(event) })
    }

    func scroll(to geometry: SwiftUI.ScrollGeometry) throws {
      let record = try Fixtures.record("onScrollGeometryChange(for:of:action:)", in: records)
      try #require(record.action as? _Action<SwiftUI.ScrollGeometry>).send(geometry)
    }

    func phase(_ phase: SwiftUI.ScrollPhase) throws {
      let record = try Fixtures.record("onScrollPhaseChange(_:)", in: records)
      try #require(record.action as? _Action<SwiftUI.ScrollPhase>).send(phase)
    }

    /// The scroll view's own frame in global coordinates.
    func scrollView(at frame: CGRect) throws {
      let record = try Fixtures.record("onGeometryChange(for:of:action:)", in: records)
      try #require(record.action as? _Action<GeometryProxy>).send(
        GeometryProxy(_frames: [.global: frame]))
    }
  }

  /// The records of a view marked as copy `copy` of chain `chain`.
  @MainActor static func view(_ chain: String, copy: Int = 0, in effects: ScrollEffects)
    -> [_Record]
  {
    _Scaffold.records(of: Text(chain).scrollEffect(chain, copy: copy, in: effects))
  }

  /// Reports `frame` as the view's measured frame in `space`.
  @MainActor static func measure(_ records: [_Record], _ frame: CGRect, in space: CoordinateSpace)
    throws
  {
    let record = try Fixtures.record("onGeometryChange(for:of:action:)", in: records)
    try #require(record.action as? _Action<GeometryProxy>).send(
      GeometryProxy(_frames: [space: frame]))
  }

  static var content: CoordinateSpace { .named(AnyHashable(contentCoordinateSpace)) }
}

/// SplitMix64: the seeded generator of the property tests.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
