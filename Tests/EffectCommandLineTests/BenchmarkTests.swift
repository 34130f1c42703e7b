import EffectHost
import EffectProtocol
import Testing

@testable import EffectCommandLine

@Suite struct BenchmarkTests {
  /// The sum of every column of every view at `offset`, through the public API.
  func columnTotal(_ host: inout SceneHost, offset: Double) -> Double {
    host.evaluate(offset: offset)
    var total = 0.0
    for (index, chain) in host.chains.enumerated() {
      for copy in 0..<chain.viewRange.count {
        let natural = host.naturalFrame(chain: index, copy: copy)
        let view = host.transform(at: chain.viewRange.lowerBound + copy)
        for column in TransformColumn.allCases {
          total += column.value(of: view, naturalX: natural.x, naturalY: natural.y)
        }
      }
    }
    return total
  }

  @Test("the checksum sums every column of every view of every frame, cycling the offsets")
  func checksum() throws {
    var host = try TestScenes.host()
    let offsets = try OffsetSpec(parsing: "-100:300:50")
    var reference = try TestScenes.host()
    var expected = 0.0
    for frame in 0..<20 {
      expected += columnTotal(&reference, offset: offsets[frame % offsets.count])
    }
    #expect(Benchmark.checksum(host: &host, offsets: offsets, frames: 20) == expected)
    #expect(host.geometry.offset == offsets[19 % offsets.count])
  }

  @Test("the written-out column sum agrees with TransformColumn")
  func columnSum() {
    var view = ViewTransform(frame: Rect(x: 1, y: 2, width: 3, height: 4))
    view.scaleX = 5
    view.scaleY = 6
    view.anchorX = 7
    view.anchorY = 8
    view.opacity = 9
    view.blur = 10
    view.rotation = 11
    view.zIndex = 12
    let expected = TransformColumn.allCases.reduce(0.0) {
      $0 + $1.value(of: view, naturalX: 0.5, naturalY: -20)
    }
    #expect(Benchmark.columnSum(view, naturalX: 0.5, naturalY: -20) == expected)
  }

  @Test("no frames or no offsets evaluate nothing")
  func nothing() throws {
    var host = try TestScenes.host()
    #expect(Benchmark.checksum(host: &host, offsets: try OffsetSpec(parsing: "5"), frames: 0) == 0)
    #expect(Benchmark.checksum(host: &host, offsets: OffsetSpec([]), frames: 10) == 0)
    #expect(host.geometry.offset == 0)
  }

  @Test("the report gives frames, views, time, time per frame and the checksum")
  func report() {
    #expect(
      Benchmark.report(frames: 4_000_000, views: 2, seconds: 0.5, checksum: 1234.5) == """
        frames:    4000000
        views:     2
        time:      0.500 s
        per frame: 125.0 ns
        checksum:  1234.5

        """)
  }
}
