import EffectProtocol
import Effects
import Testing

@testable import EffectHost

@Suite struct SceneHostTests {
  func host(_ json: String) throws -> SceneHost {
    SceneHost(scene: try SceneLoader().load(json: json, file: "scene.json"))
  }

  @Test("a stretchy header gives the articles' frames at every offset")
  func stretchyHeaderMatchesArticles() throws {
    var host = try host(
      #"{"contentHeight": 2000, "chains": [{"name": "header", "frame": {"height": 300}, "effects": [{"type": "stretch"}]}]}"#
    )
    for offset in stride(from: -400.0, through: 2400, by: 0.25) {
      host.evaluate(offset: offset)
      let header = host.transform(at: 0)
      // The stretchy views, JetRockets and Advent Calendar articles: minY = -offset
      // in the global space; height + max(0, minY), offset min(0, -minY).
      let minY = -offset
      #expect(header.y == minY + min(0, -minY))
      #expect(header.height == 300 + max(0, minY))
      #expect(header.x == 0 && header.width == 390)
      #expect(header.scaleX == 1 && header.opacity == 1 && header.anchorY == 0.5)
    }
  }

  @Test("repeated copies are laid down the content, each height plus spacing below the last")
  func repeatedCopies() throws {
    var host = try host(
      #"{"contentInsets": {"top": 47}, "chains": [{"name": "header", "frame": {"height": 300}}, {"name": "row", "frame": {"x": 16, "y": 300, "width": 358, "height": 80}, "repeat": {"count": 5, "spacing": 8}}]}"#
    )
    #expect(host.viewCount == 6)
    #expect(host.chains.map(\.name) == ["header", "row"])
    #expect(host.chains[1].viewRange == 1..<6)
    #expect((0..<5).map { host.chains[1].viewName(copy: $0) } == (0..<5).map { "row[\($0)]" })
    host.evaluate(offset: 120)
    for copy in 0..<5 {
      let row = host.transform(at: 1 + copy)
      #expect(
        row
          == ViewTransform(
            frame: Rect(x: 16, y: 47 + 300 + Double(copy) * 88 - 120, width: 358, height: 80)))
      #expect(host.naturalFrame(chain: 1, copy: copy).y == row.y)
    }
  }

  @Test("a viewport-attached view does not scroll")
  func viewportAttachment() throws {
    var host = try host(
      #"{"contentInsets": {"top": 47}, "chains": [{"name": "bar", "attachment": "viewport", "frame": {"y": 10, "height": 44}}]}"#
    )
    for offset in [-200.0, 0, 35, 1000] {
      host.evaluate(offset: offset)
      #expect(host.transform(at: 0).y == 10)
      #expect(host.naturalFrame(chain: 0, copy: 0).y == 10)
    }
  }

  @Test("a full geometry overrides the scene's viewport, insets and content height")
  func fullGeometry() throws {
    var host = try host(
      #"{"chains": [{"name": "footer", "frame": {"y": 1820, "height": 180}, "effects": [{"type": "stretch", "edge": "bottom"}]}]}"#
    )
    #expect(host.scene.contentHeight == 2000)
    // A taller viewport: maxOffset = 2000 - 1000 = 1000; 50 past it.
    host.evaluate(
      ScrollGeometry(offset: 1050, viewport: Size(width: 390, height: 1000), contentHeight: 2000))
    #expect(host.transform(at: 0).y == 1820 - 1050)
    #expect(host.transform(at: 0).height == 230)
    #expect(host.geometry.viewport.height == 1000)
  }

  @Test("an offset beyond the limit is clamped, so outputs stay finite")
  func offsetsAreClamped() throws {
    var host = try host(
      #"{"chains": [{"name": "header", "frame": {"height": 300}, "effects": [{"type": "stretch", "mode": "zoom"}]}]}"#
    )
    host.evaluate(offset: -1e300)
    let header = host.transform(at: 0)
    #expect(host.geometry.offset == -SceneHost.offsetLimit)
    #expect(header.scaleX.isFinite && header.y.isFinite && header.height.isFinite)
    #expect(header.scaleX == (300 + 1e15) / 300)
  }

  @Test("a host is a value: a copy evaluates without changing the original")
  func valueSemantics() throws {
    var first = try host(
      #"{"chains": [{"name": "header", "frame": {"height": 300}, "effects": [{"type": "stretch"}]}]}"#
    )
    first.evaluate(offset: -100)
    var second = first
    second.evaluate(offset: -50)
    #expect(first.transform(at: 0).height == 400)
    #expect(second.transform(at: 0).height == 350)
  }

  @Test("two threads evaluating two hosts never interfere")
  func concurrentHosts() async throws {
    let scene = try SceneLoader().load(
      json:
        #"{"chains": [{"name": "header", "frame": {"height": 300}, "effects": [{"type": "stretch"}]}, {"name": "row", "frame": {"y": 300, "height": 50}, "repeat": {"count": 100}}]}"#,
      file: "scene.json")
    let offsets = Array(stride(from: -300.0, through: 3000, by: 0.5))

    @Sendable func run(_ scene: Scene, reversed: Bool) -> [Double: [ViewTransform]] {
      var host = SceneHost(scene: scene)
      var results: [Double: [ViewTransform]] = [:]
      for offset in reversed ? offsets.reversed() : offsets {
        host.evaluate(offset: offset)
        results[offset] = host.withTransforms { Array($0) }
      }
      return results
    }
    async let forward = Task.detached { run(scene, reversed: false) }.value
    async let backward = Task.detached { run(scene, reversed: true) }.value
    let (a, b) = await (forward, backward)
    var reference = SceneHost(scene: scene)
    for offset in offsets {
      reference.evaluate(offset: offset)
      let expected = reference.withTransforms { Array($0) }
      #expect(a[offset] == expected)
      #expect(b[offset] == expected)
    }
  }
}

/// Counts the frames it has seen in `zIndex`: a stateful effect whose state
/// shows whether two hosts share it.
struct FrameCounterEffect: ScrollEffect {
  static let descriptor = EffectDescriptor(
    typeName: "frameCounter", summary: "Counts frames.", discussion: "zIndex = frames seen",
    parameters: [], examples: [])

  init() {}

  init(from reader: inout ParameterReader) {}

  func makeState(viewCount: Int) -> Int { 0 }

  func apply(to views: inout ViewBatch, state: inout Int) {
    state += 1
    let frames = Double(state)
    views.modifyEach { $0.zIndex = frames }
  }
}
