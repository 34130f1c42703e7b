import EffectProtocol
import Foundation
import Testing

@testable import EffectHost

/// Paging and `stop: always` in scenes: the pages a scene's layout gives,
/// releases simulated to rest on the page worked out here, flings that would
/// pass several targets held at the first, and pages that follow the layout
/// of a live host.
@Suite struct ScrollSnapTests {
  /// An 800-point snapport (844 less insets 40 and 4) over 3000 points of
  /// content: maxOffset = 3000 + 44 - 844 = 2200, pages 0, 800, 1600, 2200.
  static let paged = #"""
    {"viewport": {"width": 390, "height": 844}, "contentInsets": {"top": 40, "bottom": 4},
     "contentHeight": 3000,
     "chains": [{"name": "row", "frame": {"height": 100}, "repeat": {"count": 30}}],
     "snap": SNAP}
    """#

  static func scene(_ snap: String) throws -> Scene {
    try SceneLoader().load(json: paged.replacingOccurrences(of: "SNAP", with: snap))
  }

  static let pages = [0.0, 800, 1600, 2200]
  /// 1000 ln r, r = 0.998 per millisecond: ios projects P = o - v / k.
  static let k = 1000 * log(0.998)

  /// The android fling's distance for `v`: v * T / D.
  static func androidDistance(_ v: Double) -> Double {
    SnapTests.androidFling(v).distance
  }

  /// Where the scene's snap has a release of `spec` from `start` rest.
  static func rest(_ scene: Scene, _ spec: String, physics: ScrollPhysics, start: Double = 0)
    throws -> MotionFrame
  {
    let frames = Array(
      try MotionFrames(
        gesture: Gesture(parsing: spec), scene: scene, physics: physics, start: start))
    return try #require(frames.last)
  }

  @Test("a paged scene's targets are its snapport's multiples below maxOffset, and maxOffset")
  func sceneTargets() throws {
    let scene = try Self.scene(#"{"paging": true}"#)
    let targets = try #require(scene.snap).targets(in: scene)
    #expect(targets.offsets == Self.pages && targets.pageLength == 800)
    #expect(targets.stop == .always && targets.mode == .mandatory)
    // stop on offsets and chains passes through to the targets.
    let listed = try Self.scene(#"{"offsets": [0, 800, 1600, 2200], "stop": "always"}"#)
    #expect(try #require(listed.snap).targets(in: listed).stop == .always)
    let chain = try Self.scene(#"{"chain": "row"}"#)
    #expect(try #require(chain.snap).targets(in: chain).stop == .normal)
  }

  @Test("releases through simulate rest on the page the rule picks, worked out here")
  func releasesLandOnPages() throws {
    let scene = try Self.scene(#"{"paging": true}"#)
    // (gesture, release offset, velocity): ios P = o - v / k; android P = o +
    // its fling's distance. F is the first page beyond o; P at or beyond it
    // rests on F, short of it on the nearest page.
    let cases: [(String, Double, Double)] = [
      ("drag:300:100,release", 300, 3000),  // ios P 1798.5, android 300 + 655
      ("drag:300:300,release", 300, 1000),  // ios P 799.5: 800
      ("drag:200:400,release", 200, 500),  // ios P 449.75: 800 (350 away; 0 is 450)
      ("drag:100:400,release", 100, 250),  // ios P 224.9: back to 0
    ]
    for physics in ScrollPhysics.allCases {
      for (spec, o, v) in cases {
        let p = physics == .ios ? o - v / Self.k : o + Self.androidDistance(v)
        let first = Self.pages.first { $0 > o }!
        let nearest = Self.pages.min { abs($0 - p) < abs($1 - p) }!
        let expected = p >= first ? first : nearest
        let last = try Self.rest(scene, spec, physics: physics)
        #expect(last.phase == .idle && last.offset == expected, "\(physics) \(spec): P \(p)")
      }
    }
    #expect(abs(300 - 1000 / Self.k - 799.5) < 0.1)
  }

  @Test("a fling that would pass several targets stops on the first beyond the release")
  func flingsStopAtFirst() throws {
    let paged = try Self.scene(#"{"paging": true}"#)
    let listedAlways = try Self.scene(#"{"offsets": [0, 800, 1600, 2200], "stop": "always"}"#)
    let listed = try Self.scene(#"{"offsets": [0, 800, 1600, 2200]}"#)
    for physics in ScrollPhysics.allCases {
      // fling:5000 from 0: ios P = 2497.5, android P = 0 + its distance; both
      // past 1600. The stop holds it at 800; without it, the nearest to P.
      let p = physics == .ios ? -5000 / Self.k : Self.androidDistance(5000)
      #expect(p > 1600, "\(physics): \(p)")
      #expect(try Self.rest(paged, "fling:5000", physics: physics).offset == 800)
      #expect(try Self.rest(listedAlways, "fling:5000", physics: physics).offset == 800)
      let nearest = Self.pages.min { abs($0 - p) < abs($1 - p) }!
      #expect(try Self.rest(listed, "fling:5000", physics: physics).offset == nearest)
      // Back from 2200 at 5000 points/s: F is 1600.
      #expect(try Self.rest(paged, "fling:-5000", physics: physics, start: 2200).offset == 1600)
      // From 800, already on a page: the next one, 1600.
      #expect(try Self.rest(paged, "fling:5000", physics: physics, start: 800).offset == 1600)
    }
    // The stop bends the ios deceleration to end on F: at 0 with 5000 points/s
    // toward 800, 1000 ln r' = -5000 / 800; never faster than the release.
    let frames = Array(
      try MotionFrames(gesture: Gesture(parsing: "fling:5000"), scene: paged, physics: .ios))
    let bent = -5000.0 / 800
    for frame in frames.dropLast() where frame.phase == .decelerating {
      let curve = 5000 * (exp(bent * frame.time) - 1) / bent
      #expect(abs(frame.offset - curve) < 1e-9, "frame \(frame.index)")
      #expect(frame.velocity <= 5000)
    }
  }

  @Test("a live host's pages follow its viewport, insets and content height")
  func pagesFollowLayout() throws {
    var host = SceneHost(scene: try Self.scene(#"{"paging": true}"#))
    func pages() throws -> [Double] {
      try #require(host.scene.snap).targets(in: host.scene).offsets
    }
    #expect(try pages() == Self.pages)
    // Viewport 644: snapport 600, maxOffset 3000 + 44 - 644 = 2400.
    host.setViewport(Size(width: 390, height: 644))
    #expect(try pages() == [0, 600, 1200, 1800, 2400])
    // Insets 40 and 104: snapport 500, maxOffset 3000 + 144 - 644 = 2500.
    host.setContentInsets(EdgeInsets(top: 40, bottom: 104))
    #expect(try pages() == [0, 500, 1000, 1500, 2000, 2500])
    // Content 1000: maxOffset 500, one page below it.
    host.setContentHeight(1000)
    #expect(try pages() == [0, 500])
    // Without a declared height the 30 rows of 100 make it 3000 again.
    host.setContentHeight(nil)
    #expect(try pages() == [0, 500, 1000, 1500, 2000, 2500])
    #expect(MotionLayout(scene: host.scene).snap?.pageLength == 500)
  }

  @Test("a set step mid-fling pages by the new snapport")
  func setStepRepages() throws {
    let scene = try Self.scene(#"{"paging": true}"#)
    let gesture = try Gesture(parsing: "set:viewport.height=644,fling:5000")
    var changed = scene
    changed.viewport = Size(width: 390, height: 644)
    let frames = Array(
      try MotionFrames(
        gesture: gesture, scene: scene, physics: .ios, layouts: [changed]))
    // Pages of 600 from the first frame on: the fling stops at 600.
    #expect(frames.last?.offset == 600)
  }

  @Test("a horizontal scene pages by its snapport's width, the viewport less left and right insets")
  func horizontalPages() throws {
    // Snapport 390 - 20 - 10 = 360; maxOffset = 1000 + 30 - 390 = 640: pages
    // 0 and 360, then 640. Right to left, the insets stay physical sides.
    for direction in ["leftToRight", "rightToLeft"] {
      let scene = try SceneLoader().load(
        json: #"""
          {"axis": "horizontal", "layoutDirection": "\#(direction)",
           "viewport": {"width": 390, "height": 844}, "contentInsets": {"left": 20, "right": 10},
           "contentWidth": 1000,
           "chains": [{"name": "card", "frame": {"width": 100}, "repeat": {"count": 10}}],
           "snap": {"paging": true}}
          """#)
      let targets = try #require(scene.snap).targets(in: scene)
      #expect(targets.offsets == [0, 360, 640], "\(direction)")
      // A fling of 5000 points/s from 0 stops on the first page beyond it.
      #expect(try Self.rest(scene, "fling:5000", physics: .ios).offset == 360)
    }
  }

  @Test("a scene of a billion one-point pages pages without listing them")
  func billionPages() throws {
    let scene = try SceneLoader().load(
      json: #"""
        {"viewport": {"width": 390, "height": 1}, "contentHeight": 1000000000,
         "chains": [{"name": "a", "frame": {"height": 1}}], "snap": {"paging": true}}
        """#)
    let targets = try #require(scene.snap).targets(in: scene)
    #expect(targets.count == 1_000_000_000 && targets.pageLength == 1)
    // From page 500,000,000 a fling stops on the next page.
    #expect(try Self.rest(scene, "fling:5000", physics: .ios, start: 5e8).offset == 5e8 + 1)
    #expect(try Self.rest(scene, "fling:-5000", physics: .android, start: 5e8).offset == 5e8 - 1)
  }
}
