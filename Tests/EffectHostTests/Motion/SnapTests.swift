import Foundation
import Testing

@testable import EffectHost

@Suite struct SnapTests {
  let loader = SceneLoader()

  static let list = #"""
    {"contentInsets": {"top": 40, "bottom": 4},
     "chains": [{"name": "header", "frame": {"height": 100}},
                {"name": "row", "frame": {"y": 100, "height": 200}, "repeat": {"count": 10, "spacing": 10}},
                {"name": "badge", "frame": {"height": 10}, "attachment": "viewport", "repeat": {"count": 2}},
                {"name": "none", "frame": {"y": 0, "height": 10}, "repeat": {"count": 0}}],
     "snap": SNAP}
    """#

  func scene(snap: String) throws(SceneLoadError) -> Scene {
    try loader.load(json: Self.list.replacingOccurrences(of: "SNAP", with: snap), file: "s.json")
  }

  func problems(snap: String) -> [String] {
    do {
      _ = try scene(snap: snap)
      return []
    } catch {
      return error.lines
    }
  }

  @Test("snap offsets load, default to mandatory, and are clamped to [0, maxOffset]")
  func offsets() throws {
    let scene = try scene(snap: #"{"offsets": [300, -50, 99999, 0]}"#)
    #expect(scene.snap == ScrollSnap(points: .offsets([300, -50, 99999, 0])))
    // C = 100 + 10 * 210 - 10 = 2190; maxOffset = 2190 + 44 - 844 = 1390.
    let targets = try #require(scene.snap).targets(in: scene)
    #expect(targets.offsets == [0, 300, 1390])
    #expect(targets.mode == .mandatory)
    // The snapport is 844 - 40 - 4 = 800 points; a third of it by default.
    #expect(targets.proximity == 800.0 / 3)
  }

  @Test("a chain's copies give targets where their start, center or end meets the snapport's")
  func chainTargets() throws {
    for (align, shift) in [("start", 0.0), ("center", 100.0 - 400), ("end", 200.0 - 800)] {
      let scene = try scene(
        snap: #"{"chain": "row", "align": "\#(align)", "mode": "proximity", "proximity": 50}"#)
      let targets = try #require(scene.snap).targets(in: scene)
      let expected = Set((0..<10).map { min(max(100 + 210 * Double($0) + shift, 0), 1390) })
      #expect(targets.offsets == expected.sorted(), "align \(align)")
      #expect((targets.mode, targets.proximity) == (.proximity, 50))
    }
  }

  @Test("mandatory picks the target nearest P; proximity only one within its distance")
  func picks() {
    let mandatory = SnapTargets(offsets: [600, 0, 300], mode: .mandatory, proximity: 10)
    #expect(mandatory.target(forProjection: -1000) == 0)
    #expect(mandatory.target(forProjection: 149) == 0)
    #expect(mandatory.target(forProjection: 150) == 0)  // a tie: the lower
    #expect(mandatory.target(forProjection: 151) == 300)
    #expect(mandatory.target(forProjection: 5000) == 600)
    let proximity = SnapTargets(offsets: [0, 300, 600], mode: .proximity, proximity: 40)
    #expect(proximity.target(forProjection: 340) == 300)
    #expect(proximity.target(forProjection: 341) == nil)
    #expect(proximity.target(forProjection: 560) == 600)
  }

  static func frames(
    _ spec: String, physics: ScrollPhysics, start: Double = 0, snap: SnapTargets
  ) throws -> [MotionFrame] {
    Array(
      try MotionFrames(
        gesture: Gesture(parsing: spec), physics: physics, start: start, maxOffset: 2000,
        viewportHeight: 844, snap: snap))
  }

  /// D = ln 0.78 / ln 0.9 and the android fling of `v`: its duration and
  /// distance, T = D * 0.35 * (|v| / vRef)^(1 / (D - 1)) and v * T / D.
  static let dExponent = log(0.78) / log(0.9)
  static func androidFling(_ v: Double) -> (duration: Double, distance: Double) {
    let vRef = 0.015 * 9.80665 * 39.37 * 160 * 0.84 / 0.35
    let duration = dExponent * 0.35 * pow(abs(v) / vRef, 1 / (dExponent - 1))
    return (duration, v * duration / dExponent)
  }

  @Test(
    "a release toward a target ahead slows to it on the physics' own curve bent to end there, never faster than released"
  )
  func releaseSnaps() throws {
    let k = 1000 * log(0.998)
    // drag:100:100 then release: at 100 with 1000 points/s, at t = 0.1 (frame 12).
    let iosP = 100 - 1000 / k  // about 599.5
    let androidP = 100 + Self.androidFling(1000).distance
    #expect(abs(iosP - 599.5) < 0.1 && abs(androidP - 294.3) < 0.1)
    let offsets = [0.0, 250, 400, 600, 900]
    for (physics, p) in [(ScrollPhysics.ios, iosP), (.android, androidP)] {
      let nearest = offsets.min { abs($0 - p) < abs($1 - p) }!
      // Both ahead of the release: 600 (ios), 250 (android).
      #expect(nearest == (physics == .ios ? 600 : 250))
      let mandatory = try Self.frames(
        "drag:100:100,release", physics: physics,
        snap: SnapTargets(offsets: offsets, mode: .mandatory, proximity: 1))
      #expect(mandatory.last?.offset == nearest && mandatory.last?.phase == .idle)
      let release = mandatory[12]
      #expect(release.offset == 100 && release.velocity == 1000)
      // ios: the rate r' with 1000 ln r' = -v0 / (T - o0), o(t) = o0 + v0 (e^(k' t) -
      // 1) / k', v(t) = v0 e^(k' t); at rest at the first frame below 0.5 points/s.
      // android: o(t) = o0 + (T - o0) (1 - (1 - t/T')^D), T' = D |T - o0| / |v0|;
      // at rest from T'.
      let bent = -1000 / (nearest - 100)
      let duration = Self.dExponent * (nearest - 100) / 1000
      func expected(_ t: Double) -> (x: Double, v: Double) {
        switch physics {
        case .ios:
          return (100 + 1000 * (exp(bent * t) - 1) / bent, 1000 * exp(bent * t))
        case .android:
          let u = 1 - t / duration
          return (
            100 + (nearest - 100) * (1 - pow(u, Self.dExponent)),
            (nearest - 100) * Self.dExponent * pow(u, Self.dExponent - 1) / duration
          )
        }
      }
      var restFrame = 12
      while true {
        let t = Double(restFrame) / 120 - 0.1
        if physics == .ios ? expected(t).v < 0.5 : t >= duration { break }
        restFrame += 1
      }
      #expect(mandatory.last?.index == restFrame, "\(physics)")
      for frame in mandatory[12...].dropLast() {
        let curve = expected(frame.time - 0.1)
        #expect(abs(frame.offset - curve.x) < 1e-9, "\(physics) frame \(frame.index)")
        #expect(abs(frame.velocity - curve.v) < 1e-9, "\(physics) frame \(frame.index)")
        #expect(frame.velocity <= 1000 && frame.phase == .decelerating)
      }
      // Proximity: the same target when it is near enough, none when not.
      let near = try Self.frames(
        "drag:100:100,release", physics: physics,
        snap: SnapTargets(offsets: offsets, mode: .proximity, proximity: abs(nearest - p) + 1))
      #expect(near.last?.offset == nearest)
      let far = try Self.frames(
        "drag:100:100,release", physics: physics,
        snap: SnapTargets(offsets: offsets, mode: .proximity, proximity: abs(nearest - p) - 1))
      #expect(far.last.map { abs($0.offset - p) < 0.3 } == true, "\(physics)")
    }
  }

  @Test("a release whose target lies behind it, or that leaves at rest, springs to the target")
  func releaseSpringsBack() throws {
    let k = 1000 * log(0.998)
    // From 300, drag:50:100 releases at 350 with 500 points/s: ios P = 350 - 500 / k =
    // 599.8, android P = 350 + 58.4; the nearest of 0, 340 and 900 is 340, behind.
    #expect(abs(350 - 500 / k - 599.8) < 0.1)
    #expect(abs(Self.androidFling(500).distance - 58.4) < 0.1)
    let snap = SnapTargets(offsets: [0, 340, 900], mode: .mandatory, proximity: 1)
    for physics in ScrollPhysics.allCases {
      let frames = try Self.frames("drag:50:100,release", physics: physics, start: 300, snap: snap)
      #expect((frames.last?.offset, frames.last?.phase) == (340, .idle))
      for frame in frames[12...].dropLast() {
        let spring = MotionPhysicsTests.spring(x0: 10, v0: 500, t: frame.time - 0.1)
        #expect(abs(frame.offset - 340 - spring.x) < 1e-9, "\(physics) frame \(frame.index)")
      }
      // Held still and let go at 100: P = 100, the nearest target 0; the spring
      // from rest.
      let held = try Self.frames("drag:100:100,hold:100,release", physics: physics, snap: snap)
      #expect(held.last?.offset == 0)
      let spring = MotionPhysicsTests.spring(x0: 100, v0: 0, t: 0.1)
      #expect(abs(held[36].offset - spring.x) < 1e-9)
    }
  }

  @Test(
    "ios: a release slower than the resting speed, 0.5 points/s, toward a target ahead is one at rest",
    arguments: [0.3, -0.3, 0.4999])
  func releaseBelowRestingSpeed(velocity: Double) throws {
    // From 330 (fling: the release is frame 0), P = 330 - v / k, within 0.2 of
    // 330: the nearest target is 340 ahead for v > 0 and 320 ahead for v < 0.
    // The bent curve would rest on it at frame 0; the spring leaves from 330.
    let target: Double = velocity > 0 ? 340 : 320
    let snap = SnapTargets(offsets: [0, 320, 340, 900], mode: .mandatory, proximity: 1)
    let frames = try Self.frames(
      "fling:\(velocity)", physics: .ios, start: 330, snap: snap)
    #expect(frames[0].offset == 330)
    #expect((frames.last?.offset, frames.last?.phase) == (target, .idle))
    for frame in frames.dropLast() {
      let spring = MotionPhysicsTests.spring(x0: 330 - target, v0: velocity, t: frame.time)
      #expect(abs(frame.offset - target - spring.x) < 1e-9, "frame \(frame.index)")
    }
  }

  @Test("with snapping a release past an edge springs to the target that edge picks")
  func releasePastEdgeSnaps() throws {
    let frames = try Self.frames(
      "drag:-100:100,release", physics: .ios,
      snap: SnapTargets(offsets: [120, 600], mode: .mandatory, proximity: 1))
    #expect(frames.last?.offset == 120)
  }

  /// The first idle state of a lift from `offset` at `velocity` at 120 fps.
  static func rest(from offset: Double, velocity: Double, snap: SnapTargets) -> ScrollState {
    var simulator = ScrollSimulator(
      offset: offset, maxOffset: 4200, viewportHeight: 844, snap: snap)
    simulator.lift(at: 0, velocity: velocity)
    var n = 0
    var state = simulator.advance(to: 0)
    while state.phase != .idle, n < 100_000 {
      n += 1
      state = simulator.advance(to: Double(n) / 120)
    }
    return state
  }

  /// Five 1,000-point pages under a 40-point inset and over a 4-point one: each
  /// is longer than the 800-point snapport.
  static let pages = #"""
    {"contentInsets": {"top": 40, "bottom": 4},
     "chains": [{"name": "page", "frame": {"height": 1000}, "repeat": {"count": 5}}],
     "snap": SNAP}
    """#

  @Test(
    "a copy longer than the snapport is a snap area: it rests wherever it covers the snapport, and both ends are targets"
  )
  func largeSnapAreas() throws {
    // C = 5000, maxOffset = 5000 + 44 - 844 = 4200. Page k covers the snapport
    // [40, 840] when its top 40 + 1000 k - o is at most 40 and its bottom
    // 40 + 1000 k + 1000 - o at least 840: o in [1000 k, 1000 k + 200].
    let areas = (0..<5).map { Double($0) * 1000...Double($0) * 1000 + 200 }
    for (align, aligned) in [("start", 0.0), ("center", 100), ("end", 200)] {
      let scene = try loader.load(
        json: Self.pages.replacingOccurrences(
          of: "SNAP", with: #"{"chain": "page", "align": "\#(align)"}"#), file: "p.json")
      let targets = try #require(scene.snap).targets(in: scene)
      #expect(targets.areas == areas, "\(align)")
      let expected = Set(
        (0..<5).flatMap { k in [0.0, aligned, 200].map { 1000 * Double(k) + $0 } })
      #expect(targets.offsets == expected.sorted(), "\(align)")
      // Inside an area: no target, the scroll rests where it is going.
      for projection in [0.0, 150, 1000, 1100, 1200, 4150, 4200] {
        #expect(targets.target(forProjection: projection) == nil, "\(align) \(projection)")
      }
      // Between two pages' areas, the nearest end or aligned offset.
      #expect(targets.target(forProjection: 1250) == 1200)
      #expect(targets.target(forProjection: 1650) == 2000)
      #expect(targets.target(forProjection: -80) == 0)
      let simulator = ScrollSimulator(scene: scene)
      #expect(simulator.snap == targets)
    }
    // Overlapping areas merge, so a projection in either is inside.
    let merged = SnapTargets(
      offsets: [], areas: [5...20, 0...10, 30...40], mode: .mandatory, proximity: 1)
    #expect(merged.areas == [0...20, 30...40])
    #expect(merged.areasContain(15) && !merged.areasContain(25) && merged.areasContain(40))
  }

  @Test(
    "a release whose projection lies where a tall copy covers the snapport rests there; past it, on the copy's end"
  )
  func largeSnapAreaRests() throws {
    let scene = try loader.load(
      json: Self.pages.replacingOccurrences(of: "SNAP", with: #"{"chain": "page"}"#),
      file: "p.json")
    let k = 1000 * log(0.998)
    for physics in ScrollPhysics.allCases {
      // From 1000 (page 1's top) at 200 points/s: ios P = 1000 - 200 / k = 1099.9,
      // android P = 1000 + 20.3; both inside page 1's stretch [1000, 1200]. The
      // scroll decelerates freely and rests near P, not back on the page's top.
      let p = physics == .ios ? 1000 - 200 / k : 1000 + Self.androidFling(200).distance
      #expect(p > 1010 && p < 1200)
      let slow = try #require(
        Array(
          try MotionFrames(
            gesture: Gesture(parsing: "fling:200"), scene: scene, physics: physics, start: 1000)
        ).last)
      #expect(slow.phase == .idle && abs(slow.offset - p) < 0.3, "\(physics): \(slow.offset)")
      // From 1100 at 1000 points/s: ios P = 1599.5, android 1294.3, past the
      // stretch: the nearest target is its end, 1200 (page 1's bottom on the
      // snapport's; ios 399.5 away, page 2's top 400.5), not a page's top.
      let fast = try #require(
        Array(
          try MotionFrames(
            gesture: Gesture(parsing: "fling:1000"), scene: scene, physics: physics, start: 1100)
        ).last)
      #expect(fast.offset == 1200, "\(physics): \(fast.offset)")
    }
  }

  @Test("a snap naming a chain that did not load is not judged again")
  func brokenChain() {
    let lines = problems(
      snap: #"{"chain": "row"}"#
    )
    #expect(lines.isEmpty)
    let json =
      #"{"chains": [{"name": "row", "frame": {"height": -1}, "repeat": {"count": 3}}], "snap": {"chain": "row"}}"#
    do {
      _ = try loader.load(json: json, file: "s.json")
      Issue.record("loaded")
    } catch {
      #expect(
        error.lines == [
          "s.json: chains[0].frame.height: expected a number greater than 0 (at most 1e9), found the number -1"
        ])
    }
  }

  @Test("a single-chain scene may snap to its own copies")
  func singleChain() throws {
    let scene = try loader.load(
      json:
        #"{"name": "row", "frame": {"height": 100}, "repeat": {"count": 20}, "effects": [], "snap": {"chain": "row"}}"#
    )
    #expect(scene.snap == ScrollSnap(points: .chain("row", align: .start)))
    #expect(
      try #require(scene.snap).targets(in: scene).offsets == (0...11).map { Double($0) * 100 } + [
        1156
      ])
  }
}
