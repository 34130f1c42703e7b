import EffectHost
import EffectProtocol
import Foundation
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

  /// Expects `Floor` to give the pipeline's transforms of the scene at
  /// `path` at every offset of ``offsets(maxOffset:)`` and at `more`: to
  /// the last bit if `exact`, else within a relative 1e-9.
  func expectSameFrames<Floor: HandwrittenScene>(
    _ floor: Floor.Type, scene path: String, more: [Double] = [], exact: Bool = false
  ) throws {
    let scene = try SceneLoader().load(contentsOf: Self.packageRoot + "/" + path)
    var host = SceneHost(scene: scene)
    #expect(host.viewCount == Floor.viewCount)
    #expect(host.geometry.maxOffset == Floor.maxOffset)
    let views = UnsafeMutablePointer<ViewTransform>.allocate(capacity: Floor.viewCount)
    defer { views.deallocate() }
    views.initialize(
      repeating: ViewTransform(frame: Rect(y: 0, width: 0, height: 0)), count: Floor.viewCount)
    // Index loops over the columns, fetched once: millions of comparisons.
    let columns = TransformColumn.allCases
    for offset in Self.offsets(maxOffset: Floor.maxOffset) + more {
      host.evaluate(offset: offset)
      Floor.evaluate(offset: offset, into: views)
      // The same bytes are the same bits in every column (a transform is 12
      // Doubles, no padding); the columns are compared one by one to name a
      // difference, or when only a tolerance is asked for.
      let size = MemoryLayout<ViewTransform>.stride * Floor.viewCount
      if exact, host.withTransforms({ memcmp($0.baseAddress!, views, size) == 0 }) { continue }
      for index in 0..<Floor.viewCount {
        let pipeline = host.transform(at: index)
        let handwritten = views[index]
        for columnIndex in 0..<columns.count {
          let column = columns[columnIndex]
          let a = column.value(of: pipeline, naturalX: 0, naturalY: 0)
          let b = column.value(of: handwritten, naturalX: 0, naturalY: 0)
          // An expectation a column would make millions: record a difference only.
          let same = exact ? a.bitPattern == b.bitPattern : abs(a - b) <= 1e-9 * max(1, abs(a))
          if !same {
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

  /// Every whole offset from -200 to `to`: a view's top or progress lands on
  /// a stop's input at some of them (a list row's top is 63 - offset + 72 i:
  /// 47 at offset 16, 428 at 67, 810 at 45), where the floors must take the
  /// pipeline's side of each test.
  static func wholeOffsets(to last: Int) -> [Double] { (-200...last).map(Double.init) }

  @Test("the hand-written feed gives the pipeline's frames, to the last bit")
  func feedMatches() throws {
    try expectSameFrames(
      HandwrittenFeedScene.self, scene: "Benchmarks/feed-scene.json",
      more: Self.wholeOffsets(to: 1200), exact: true)
  }

  @Test("the hand-written list gives the pipeline's frames, to the last bit")
  func listMatches() throws {
    try expectSameFrames(
      HandwrittenListScene.self, scene: "Benchmarks/list-scene.json",
      more: Self.wholeOffsets(to: 400), exact: true)
  }

  @Test("the hand-written chain of one effect gives the pipeline's frames, to the last bit")
  func oneEffectMatches() throws {
    try expectSameFrames(
      HandwrittenOneEffectScene.self, scene: "Benchmarks/one-effect-scene.json",
      more: Self.wholeOffsets(to: 1400), exact: true)
  }

  @Test("`handwritten` finds each floor by its name, and its checksum is the pipeline's")
  func floorsByName() throws {
    let scenes = [
      "bench": "Benchmarks/bench-scene.json", "header": "Configs/stretchy-header.json",
      "feed": "Benchmarks/feed-scene.json", "list": "Benchmarks/list-scene.json",
      "one-effect": "Benchmarks/one-effect-scene.json",
    ]
    #expect(Set(HandwrittenScenes.all.keys) == Set(scenes.keys))
    #expect(Set(FloorScene.allCases.map(\.rawValue)) == Set(scenes.keys))
    for (name, path) in scenes {
      let scene = try SceneLoader().load(contentsOf: Self.packageRoot + "/" + path)
      let pipeline = runPipeline(scene: scene, name: path, frames: 3, checksum: .every)
      let runFloor = try #require(HandwrittenScenes.all[name])
      let floor = runFloor(3, .every)
      #expect(floor.mode == "handwritten \(name)")
      #expect(floor.views == pipeline.views)
      #expect(floor.checksum == pipeline.checksum, "\(name)")
    }
  }
}
