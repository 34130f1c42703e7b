import EffectHost
import EffectProtocol
import Testing

@testable import effect_bench

/// The hand-written floors of BENCHMARKS.md compute exactly what the pipeline
/// computes: otherwise the ratio would compare different work.
@Suite struct HandwrittenFloorTests {
  /// The directory of Package.swift, three levels above this file.
  static let packageRoot = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    .dropLast(3).joined(separator: "/")

  /// Every offset of the benchmark's cycle, and more past both ends.
  static func offsets(maxOffset: Double) -> [Double] {
    let cycle = OffsetCycle(maxOffset: maxOffset)
    var offsets = (0..<cycle.count).map { cycle.offset(frame: $0) }
    offsets += [-1000, -0.5, 0, 0.25, 1, maxOffset, maxOffset + 0.5, maxOffset + 1000]
    return offsets
  }

  func expectSameFrames<Floor: HandwrittenScene>(_ floor: Floor.Type, scene path: String) throws {
    let scene = try SceneLoader().load(contentsOf: Self.packageRoot + "/" + path)
    var host = SceneHost(scene: scene)
    #expect(host.viewCount == Floor.viewCount)
    #expect(host.geometry.maxOffset == Floor.maxOffset)
    let views = UnsafeMutablePointer<ViewTransform>.allocate(capacity: Floor.viewCount)
    defer { views.deallocate() }
    views.initialize(
      repeating: ViewTransform(frame: Rect(y: 0, width: 0, height: 0)), count: Floor.viewCount)
    for offset in Self.offsets(maxOffset: Floor.maxOffset) {
      host.evaluate(offset: offset)
      Floor.evaluate(offset: offset, into: views)
      for index in 0..<Floor.viewCount {
        let pipeline = host.transform(at: index)
        let handwritten = views[index]
        for column in TransformColumn.allCases {
          let a = column.value(of: pipeline, naturalX: 0, naturalY: 0)
          let b = column.value(of: handwritten, naturalX: 0, naturalY: 0)
          // An expectation a column would make millions: record a difference only.
          if !(abs(a - b) <= 1e-9 * max(1, abs(a))) {
            Issue.record(
              "offset \(offset), view \(index), \(column.rawValue): pipeline \(a), by hand \(b)")
            return
          }
        }
      }
    }
  }

  @Test("the hand-written single header gives the pipeline's frames")
  func headerMatches() throws {
    try expectSameFrames(HandwrittenStretchyHeader.self, scene: "Configs/stretchy-header.json")
  }

  @Test("the hand-written bench scene gives the pipeline's frames")
  func benchSceneMatches() throws {
    try expectSameFrames(HandwrittenBenchScene.self, scene: "Benchmarks/bench-scene.json")
  }
}
