import Foundation
import Testing

@testable import EffectHost

/// The motion when the layout changes mid-gesture (a `set:` step), against
/// numbers computed here from the formulas Docs/Motion.md gives: the raw
/// offset kept under a finger, free motion started again from where it is.
@Suite struct LayoutChangeMotionTests {
  static let d = 844.0
  /// 1000 ln r, r = 0.998 per millisecond.
  static let k = 1000 * log(0.998)

  static func frames(
    _ spec: String, physics: ScrollPhysics = .ios, maxOffset: Double = 1156,
    layouts: [MotionLayout]
  ) throws -> [MotionFrame] {
    Array(
      try MotionFrames(
        gesture: Gesture(parsing: spec), physics: physics, maxOffset: maxOffset,
        viewportHeight: d, layouts: layouts))
  }

  @Test("a set step takes no time and says which frame it changes")
  func setStepTakesNoTime() throws {
    let gesture = try Gesture(parsing: "drag:100:500, set:viewport.height=700, hold:100")
    #expect(gesture.duration == 0.6)
    #expect(gesture.settings == [SceneSetting(key: .viewportHeight, value: 700)])
    let frames = try Self.frames(
      "drag:100:500,set:viewport.height=700,hold:100",
      layouts: [MotionLayout(maxOffset: 1300, viewportHeight: 700)])
    // The set step is at t = 0.5, frame 60 at 120 fps: that frame changes.
    #expect(frames.filter { !$0.layoutChanges.isEmpty }.map(\.index) == [60])
    #expect(frames[60].layoutChanges == 0..<1)
  }

  @Test("a gesture with set steps needs the layout after each")
  func layoutsCounted() throws {
    #expect(throws: SimulationError.layoutCount(expected: 1, found: 0)) {
      try MotionFrames(
        gesture: Gesture(parsing: "fling:100,set:contentHeight=10"), maxOffset: 0,
        viewportHeight: Self.d)
    }
    #expect(
      SimulationError.layoutCount(expected: 2, found: 0).description
        == "expected the layout after each of the gesture's 2 set steps, found 0")
  }

  @Test("the finger down at raw 1000 when maxOffset falls to 600: 600 + b(400) through the band")
  func fingerDownShrinks() throws {
    let frames = try Self.frames(
      "drag:1000:500,set:contentHeight=1444,hold:100",
      layouts: [MotionLayout(maxOffset: 600, viewportHeight: Self.d)])
    // Before the change the drag is in bounds: the raw offset itself.
    #expect(abs(frames[59].offset - 1000 * 59.0 / 60) < 1e-9)
    // From frame 60 (t = 0.5) the raw 1000 is 400 past the new edge:
    // b(400) = (1 - 1 / (400 * 0.55 / 844 + 1)) * 844 = 844 * 220 / 1064 = 174.511
    let band = (1 - 1 / (400 * 0.55 / 844 + 1)) * 844
    #expect(abs(band - 844.0 * 220 / 1064) < 1e-9)
    for frame in frames[60..<72] {
      #expect(frame.phase == .interacting)
      #expect(abs(frame.offset - (600 + band)) < 1e-9, "frame \(frame.index)")
    }
    // The hold ends with the finger lifting past the edge at rest: the spring
    // to 600, ending there.
    #expect(frames.last?.offset == 600 && frames.last?.phase == .idle)
  }

  @Test("android clamps the same finger to the new bounds")
  func fingerDownShrinksAndroid() throws {
    let frames = try Self.frames(
      "drag:1000:500,set:contentHeight=1444,hold:100", physics: .android,
      layouts: [MotionLayout(maxOffset: 600, viewportHeight: Self.d)])
    for frame in frames[60..<72] {
      #expect(frame.offset == 600, "frame \(frame.index)")
    }
  }

  @Test("a fling whose content shrinks under it springs from where it is to the new edge")
  func flingPastNewEdge() throws {
    // fling:3000 from 0; at t = 0.25 (after wait:250) maxOffset falls to 300.
    let frames = try Self.frames(
      "fling:3000,wait:250,set:contentHeight=1144,wait:10",
      layouts: [MotionLayout(maxOffset: 300, viewportHeight: Self.d)])
    let t0 = 0.25
    let o0 = 3000 * (pow(0.998, 1000 * t0) - 1) / Self.k
    let v0 = 3000 * pow(0.998, 1000 * t0)
    #expect(o0 > 300)
    // Frame 30 (t = 0.25) is the first under the new layout: still where the
    // curve is, then the spring m 0.5, k 100, ratio 1.1 from (o0 - 300, v0).
    #expect(abs(frames[30].offset - o0) < 1e-9)
    let spring = MotionPhysicsTests.spring
    for frame in frames[31...] where frame.phase == .decelerating {
      let expected = 300 + spring(o0 - 300, v0, frame.time - t0).x
      #expect(abs(frame.offset - expected) < 1e-9, "frame \(frame.index)")
    }
    #expect(frames.last?.offset == 300 && frames.last?.phase == .idle)
  }

  @Test("content that grows under an ios fling: the same deceleration curve, past the old edge")
  func flingKeepsItsCurve() throws {
    // Without the change, fling:5000 reaches 1156 and springs back; with
    // maxOffset 100,000 from t = 0.1 it follows o(t) = v0 (r^(1000 t) - 1) /
    // (1000 ln r) to rest at 5000 / -(1000 ln r) = 2497.5.
    let frames = try Self.frames(
      "fling:5000,wait:100,set:contentHeight=101000,wait:10",
      layouts: [MotionLayout(maxOffset: 100_000, viewportHeight: Self.d)])
    for frame in frames.dropLast() {
      let expected = 5000 * (pow(0.998, 1000 * frame.time) - 1) / Self.k
      #expect(abs(frame.offset - expected) < 1e-6, "frame \(frame.index)")
    }
    let last = try #require(frames.last)
    #expect(abs(last.offset - -5000 / Self.k) < 0.3)
    #expect(last.phase == .idle)
  }

  @Test("a snap target the new layout gives bends the deceleration to end on it")
  func newSnapTarget() throws {
    // fling:2000 from 0 would rest at P = 999.0; at t = 0.1 the layout gains
    // a mandatory target at 800, ahead: the curve from (o0, v0) with
    // 1000 ln r' = -v0 / (800 - o0).
    let snap = SnapTargets(offsets: [0, 800], mode: .mandatory, proximity: 100)
    let frames = try Self.frames(
      "fling:2000,wait:100,set:viewport.height=844,wait:10",
      layouts: [MotionLayout(maxOffset: 1156, viewportHeight: Self.d, snap: snap)])
    let t0 = 0.1
    let o0 = 2000 * (pow(0.998, 1000 * t0) - 1) / Self.k
    let v0 = 2000 * pow(0.998, 1000 * t0)
    let bent = -v0 / (800 - o0)
    for frame in frames.dropLast() where frame.time > t0 {
      let expected = o0 + v0 * (exp(bent * (frame.time - t0)) - 1) / bent
      #expect(abs(frame.offset - expected) < 1e-6, "frame \(frame.index)")
    }
    #expect(frames.last?.offset == 800 && frames.last?.phase == .idle)
  }

  @Test("at rest past the new edge, the content springs back from rest; in bounds it stays")
  func restingContent() throws {
    var simulator = ScrollSimulator(offset: 1000, maxOffset: 1156, viewportHeight: Self.d)
    simulator.changeLayout(maxOffset: 2000, viewportHeight: Self.d, snap: nil, at: 0)
    #expect(simulator.state(at: 0) == ScrollState(time: 0, offset: 1000, velocity: 0, phase: .idle))
    simulator.changeLayout(maxOffset: 900, viewportHeight: Self.d, snap: nil, at: 1)
    let expected = 900 + MotionPhysicsTests.spring(x0: 100, v0: 0, t: 0.05).x
    let state = simulator.advance(to: 1.05)
    #expect(abs(state.offset - expected) < 1e-9)
    #expect(state.phase == .decelerating)
  }

  @Test("a scrollTo in progress keeps its start, duration and curve, its target clamped anew")
  func scrollToRetargets() throws {
    var simulator = ScrollSimulator(maxOffset: 1156, viewportHeight: Self.d)
    simulator.scroll(to: 2000, duration: 0.4, at: 0)
    // Clamped to 1156 at first; the content grows so that 2000 fits, then
    // shrinks to 500.
    simulator.changeLayout(maxOffset: 3000, viewportHeight: Self.d, snap: nil, at: 0.1)
    // CSS ease-in-out at progress 0.5 is 0.5 (the curve is symmetric).
    #expect(abs(simulator.advance(to: 0.2).offset - 1000) < 1e-6)
    simulator.changeLayout(maxOffset: 500, viewportHeight: Self.d, snap: nil, at: 0.2)
    #expect(abs(simulator.advance(to: 0.2).offset - 250) < 1e-6)
    #expect(
      simulator.advance(to: 0.4) == ScrollState(time: 0.4, offset: 500, velocity: 0, phase: .idle))
  }
}
