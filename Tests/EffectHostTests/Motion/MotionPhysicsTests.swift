import Foundation
import Testing

@testable import EffectHost

/// Each physics against numbers computed here from the formulas Docs/Motion.md
/// gives, frame by frame, not against the implementation's own output.
@Suite struct MotionPhysicsTests {
  static let d = 844.0

  static func frames(
    _ spec: String, physics: ScrollPhysics = .ios, fps: Int = 120, start: Double = 0,
    maxOffset: Double = 1156, snap: SnapTargets? = nil
  ) throws -> [MotionFrame] {
    Array(
      try MotionFrames(
        gesture: Gesture(parsing: spec), physics: physics, fps: fps, start: start,
        maxOffset: maxOffset, viewportHeight: d, snap: snap))
  }

  /// The rubber band, b(x) = (1 - 1 / (x * 0.55 / d + 1)) * d.
  static func band(_ x: Double) -> Double { (1 - 1 / (x * 0.55 / d + 1)) * d }

  /// The band's slope, b'(x) = 0.55 / (x * 0.55 / d + 1)^2: d/dx of b(x) =
  /// d - d / (x * 0.55 / d + 1) is d * (0.55 / d) / (x * 0.55 / d + 1)^2.
  static func slope(_ x: Double) -> Double { 0.55 / pow(x * 0.55 / d + 1, 2) }

  /// The spring m x'' + c x' + k x = 0 with m 0.5, k 100, c = 2 * 1.1 *
  /// sqrt(m k), over-damped: the offset and velocity `t` after leaving
  /// `x0` (from the target) at `v0`.
  static func spring(x0: Double, v0: Double, t: Double) -> (x: Double, v: Double) {
    let m = 0.5
    let k = 100.0
    let c = 2 * 1.1 * (m * k).squareRoot()
    let root = (c * c - 4 * m * k).squareRoot()
    let r1 = (-c + root) / (2 * m)
    let r2 = (-c - root) / (2 * m)
    let b = (v0 - r1 * x0) / (r2 - r1)
    let a = x0 - b
    return (a * exp(r1 * t) + b * exp(r2 * t), a * r1 * exp(r1 * t) + b * r2 * exp(r2 * t))
  }

  /// The spring's peak from `x0` at `v0` (moving away from the target): where
  /// x'(t) = a r1 e^(r1 t) + b r2 e^(r2 t) = 0, t* = ln(-b r2 / (a r1)) / (r1 -
  /// r2); the time and the displacement there.
  static func springPeak(x0: Double, v0: Double) -> (t: Double, x: Double) {
    let c = 2 * 1.1 * (0.5 * 100.0).squareRoot()
    let root = (c * c - 4 * 0.5 * 100).squareRoot()
    let (r1, r2) = (-c + root, -c - root)
    let b = (v0 - r1 * x0) / (r2 - r1)
    let a = x0 - b
    let t = log(-b * r2 / (a * r1)) / (r1 - r2)
    return (t, spring(x0: x0, v0: v0, t: t).x)
  }

  @Test("drag:-200:300 from rest rubber-bands the whole overshoot and ends at -97.316")
  func dragPastTop() throws {
    let frames = try Self.frames("drag:-200:300")
    // 300 ms at 120 fps: frames 0...35 are the drag, frame 36 (t = 0.3) the release.
    for frame in frames[0..<36] {
      let raw = -200 * Double(frame.index) / 36
      #expect(frame.phase == .interacting)
      #expect(abs(frame.offset - -Self.band(-raw)) < 1e-9, "frame \(frame.index)")
    }
    let released = frames[36]
    #expect(released.time == 0.3)
    #expect(abs(released.offset - -(200 * 0.55 * 844 / (844 + 0.55 * 200))) < 1e-9)
    #expect(abs(released.offset - -97.316) < 0.001)
    #expect(released.phase == .decelerating)
    // Then the spring from the release back to 0, at the speed the content was
    // shown moving: the finger's -666.7 points/s times b'(200) = 0.4305.
    let x0 = released.offset
    let v0 = -200.0 / 300 * 1000 * Self.slope(200)
    #expect(abs(v0 - -286.99) < 0.005)
    #expect(abs(released.velocity - v0) < 1e-9)
    var restFrame: Int?
    for frame in frames[36...] where frame.phase == .decelerating {
      let expected = Self.spring(x0: x0, v0: v0, t: frame.time - 0.3)
      #expect(abs(frame.offset - expected.x) < 1e-9, "frame \(frame.index)")
    }
    for n in 36..<10_000 {
      let s = Self.spring(x0: x0, v0: v0, t: Double(n) / 120 - 0.3)
      if abs(s.x) <= 0.5, abs(s.v) <= 10 {
        restFrame = n
        break
      }
    }
    #expect(frames.last?.index == restFrame)
    #expect(frames.last?.offset == 0 && frames.last?.phase == .idle)
  }

  @Test("a fling of 2,000 points/s decelerates at 0.998/ms to where o - v / (1000 ln r) says")
  func iosFling() throws {
    let frames = try Self.frames("fling:2000", maxOffset: 100_000)
    let k = 1000 * log(0.998)
    for frame in frames.dropLast() {
      let expected = -2000 * (pow(0.998, 1000 * frame.time) - 1) / (-k)
      #expect(abs(frame.offset - expected) < 1e-9)
      #expect(frame.phase == .decelerating)
    }
    let last = try #require(frames.last)
    #expect(last.phase == .idle)
    #expect(abs(last.offset - (0 - 2000 / k)) < 0.3)
    // At rest at the first frame whose speed 2000 * 0.998^(1000 t) is below 0.5.
    let restTime = log(0.5 / 2000) / k
    #expect(last.index == Int((restTime * 120).rounded(.up)))
  }

  @Test("the android fling of 1,000 points/s covers 194.3 points in 0.458 s")
  func androidFling() throws {
    let frames = try Self.frames("fling:1000", physics: .android, maxOffset: 100_000)
    let dExponent = log(0.78) / log(0.9)
    let vRef = 0.015 * 9.80665 * 39.37 * 160 * 0.84 / 0.35
    let duration = dExponent * 0.35 * pow(1000 / vRef, 1 / (dExponent - 1))
    let distance = 1000 * duration / dExponent
    #expect(abs(duration - 0.458) < 0.0005)
    #expect(abs(distance - 194.3) < 0.05)
    for frame in frames.dropLast() {
      let expected = distance * (1 - pow(1 - frame.time / duration, dExponent))
      #expect(abs(frame.offset - expected) < 1e-9)
    }
    let last = try #require(frames.last)
    #expect(last.index == Int((duration * 120).rounded(.up)))
    #expect((last.offset, last.phase) == (distance, .idle))
  }

  @Test("an android fling stops at the edge it reaches, and a drag past an edge is clamped")
  func androidEdges() throws {
    let frames = try Self.frames("fling:-5000", physics: .android, start: 100)
    #expect(frames.allSatisfy { $0.offset >= 0 && $0.offset <= 100 })
    #expect((frames.last?.offset, frames.last?.phase) == (0, .idle))
    let pulled = try Self.frames("drag:-300:100,hold:100", physics: .android)
    #expect(pulled.allSatisfy { $0.offset == 0 })
  }

  @Test("the spring settles at the first frame within 0.5 points and at most 10 points/s")
  func springSettles() {
    for (x0, v0) in [(100.0, 0.0), (-300, 2000), (50, -4000), (0, 3000)] {
      let spring = ScrollSpring(from: 500 + x0, velocity: v0, to: 500)
      // The first 60 fps frame where the formula is within both bounds.
      var n = 0
      while n < 600 {
        let expected = Self.spring(x0: x0, v0: v0, t: Double(n) / 60)
        if abs(expected.x) <= 0.5 && abs(expected.v) <= 10 { break }
        n += 1
      }
      let t = Double(n) / 60
      #expect(n > 0 && t < 3)
      #expect(spring.isAtRest(after: t), "\(x0), \(v0): not at rest at frame \(n)")
      #expect(
        !spring.isAtRest(after: Double(n - 1) / 60), "\(x0), \(v0): at rest before frame \(n)")
      let expected = Self.spring(x0: x0, v0: v0, t: t)
      #expect(abs(spring.offset(after: t) - 500 - expected.x) < 1e-9)
      #expect(abs(spring.velocity(after: t) - expected.v) < 1e-9)
    }
  }

  @Test(
    "a fling that reaches the bottom edge becomes the spring, continuous in offset and velocity")
  func bounceOffBottom() throws {
    var simulator = ScrollSimulator(offset: 900, maxOffset: 1000, viewportHeight: Self.d)
    simulator.lift(at: 0, velocity: 3000)
    let k = 1000 * log(0.998)
    // o(t) = 900 + 3000 (r^(1000 t) - 1) / k reaches 1000 when r^(1000 t) = 1 + 100 k / 3000.
    let crossing = log(1 + 100 * k / 3000) / k
    let vCross = 3000 * exp(k * crossing)
    let before = simulator.state(at: crossing - 1e-7)
    let after = simulator.state(at: crossing + 1e-7)
    #expect(abs(before.offset - 1000) < 1e-3 && abs(after.offset - 1000) < 1e-3)
    #expect(abs(before.velocity - vCross) < 1e-2 && abs(after.velocity - vCross) < 1e-2)
    // Past the edge it follows the spring from (1000, vCross) to 1000.
    let later = simulator.state(at: crossing + 0.05)
    #expect(abs(later.offset - 1000 - Self.spring(x0: 0, v0: vCross, t: 0.05).x) < 1e-9)
    #expect(later.offset > 1000)
    var frames: [ScrollState] = []
    for n in 0...1200 {
      frames.append(simulator.advance(to: Double(n) / 120))
      if frames.last?.phase == .idle { break }
    }
    #expect((frames.last?.offset, frames.last?.phase) == (1000, .idle))
    // At 120 fps no jump is larger than the speed allows (1% for a peak of
    // speed between two frames), but for the last: at rest the spring shows its
    // target, within 0.5 points.
    let moving = frames.dropLast()
    for (a, b) in zip(moving, moving.dropFirst()) {
      #expect(abs(b.offset - a.offset) <= max(abs(a.velocity), abs(b.velocity)) / 120 * 1.01)
    }
  }

  @Test("a release past the bottom springs to the nearer edge from the content's shown velocity")
  func releaseOutOfBounds() throws {
    var simulator = ScrollSimulator(offset: 0, maxOffset: 500, viewportHeight: Self.d)
    simulator.touchDown(at: 0)
    simulator.moveFinger(toRawOffset: 700, at: 0.1)
    #expect(abs(simulator.state(at: 0.1).offset - (500 + Self.band(200))) < 1e-9)
    simulator.lift(at: 0.1, velocity: 300)
    let x0 = Self.band(200)
    let state = simulator.state(at: 0.3)
    let v0 = 300 * Self.slope(200)
    #expect(abs(state.offset - 500 - Self.spring(x0: x0, v0: v0, t: 0.2).x) < 1e-9)
  }

  @Test(
    "a flick over a spring-back past an edge lifts at the flick's velocity times the band's slope there"
  )
  func flickPastEdge() throws {
    let frames = try Self.frames("drag:-200:300,release,wait:100,fling:-1000")
    // At t = 0.4 (frame 48) the spring-back shows x; the flick touches down at
    // the raw overshoot X with b(X) = -x and lifts at -1000 * b'(X).
    let shown = Self.spring(x0: -Self.band(200), v0: -200.0 / 0.3 * Self.slope(200), t: 0.1).x
    let y = -shown / Self.d
    let overshoot = Self.d / 0.55 * y / (1 - y)
    let v0 = -1000 * Self.slope(overshoot)
    #expect(abs(frames[48].offset - shown) < 1e-9)
    #expect(abs(frames[48].velocity - v0) < 1e-9)
    let later = Self.spring(x0: shown, v0: v0, t: 0.05)
    #expect(abs(frames[54].offset - later.x) < 1e-9)
  }

  @Test("a drag during free motion catches the content where it is, past an edge too")
  func catchesContent() throws {
    // Pull 200 past the top, let go, and touch again 100 ms into the spring-back.
    let frames = try Self.frames("drag:-200:300,release,wait:100,hold:100,drag:50:100")
    let caught = frames[48]  // t = 0.4: the hold's first frame
    let spring = Self.spring(x0: -Self.band(200), v0: -200.0 / 0.3 * Self.slope(200), t: 0.1)
    #expect(caught.phase == .interacting)
    #expect(abs(caught.offset - spring.x) < 1e-9)
    #expect(abs(frames[59].offset - spring.x) < 1e-9)  // still held at t = 0.4917
    // The drag moves the raw offset whose band was shown: x with b(x) = -offset.
    let y = -spring.x / Self.d
    let raw = -(Self.d / 0.55 * y / (1 - y))
    let dragFrame = frames[66]  // t = 0.55, half way through the drag
    #expect(abs(dragFrame.offset - -Self.band(-(raw + 25))) < 1e-6)
  }

  @Test("scrollTo eases in and out to its clamped target, phase animating")
  func programmaticScroll() throws {
    let frames = try Self.frames("scrollTo:300:200,scrollTo:5000:100", maxOffset: 1000)
    #expect(frames[0].phase == .animating && frames[0].offset == 0)
    #expect(frames[12].phase == .animating)
    #expect(abs(frames[12].offset - 150) < 1e-9)  // half way, ease-in-out is symmetric
    #expect(frames[24].offset == 300)  // t = 0.2: the second scroll starts here
    #expect((frames.last?.offset, frames.last?.phase) == (1000, .idle))
    #expect(frames.last?.index == 36)
  }

  @Test("frames stop at the first idle frame after the last step, at t = n / fps exactly")
  func frameTimes() throws {
    let frames = try Self.frames("wait:1000", fps: 7)
    #expect(frames.count == 8)
    #expect(frames.map(\.time) == (0...7).map { Double($0) / 7 })
    #expect(frames.allSatisfy { $0.phase == .idle })
    let long = try MotionFrames(
      gesture: Gesture(parsing: "wait:600000"), fps: 1000, maxOffset: 0, viewportHeight: 844)
    var count = 0
    var last: MotionFrame?
    for frame in long {
      count += 1
      last = frame
    }
    #expect(count == 600_001 && last?.time == 600)
  }

  @Test(
    "a hard release past the top springs from the speed the content was shown moving: drag:-2000:100 overshoots to -493.1, not -872"
  )
  func hardReleasePastTop() throws {
    let frames = try Self.frames("drag:-2000:100,release")
    // The drag ends at t = 0.1 (frame 12) at -b(2000) = -477.57, the finger at
    // 20,000 points/s, the band's slope there b'(2000) = 0.10367: the content
    // was shown moving at 2,073.4 points/s.
    let release = frames[12]
    let x0 = -Self.band(2000)
    let v0 = -20_000 * Self.slope(2000)
    #expect(abs(x0 - -477.572) < 0.001 && abs(v0 - -2073.41) < 0.01)
    #expect(abs(release.offset - x0) < 1e-9 && release.phase == .decelerating)
    #expect(abs(release.velocity - v0) < 1e-9)
    // The last drag frame moved the content at about that speed, not at the
    // finger's: b is concave, so over raw 1833.3...2000 it moved at the finger's
    // speed times a slope between b'(2000) and b'(1833.3).
    let shownSpeed = (frames[12].offset - frames[11].offset) * 120
    #expect(shownSpeed <= v0 && shownSpeed >= -20_000 * Self.slope(2000 * 11 / 12))
    #expect(shownSpeed > -2500)
    // After it, the spring from (x0, v0): frame by frame, and its overshoot.
    for frame in frames[12...] where frame.phase == .decelerating {
      let expected = Self.spring(x0: x0, v0: v0, t: frame.time - 0.1)
      #expect(abs(frame.offset - expected.x) < 1e-9, "frame \(frame.index)")
    }
    let lowest = try #require(frames.map(\.offset).min())
    let lowestExpected = try #require(
      (12..<400).map { Self.spring(x0: x0, v0: v0, t: Double($0) / 120 - 0.1).x }.min())
    #expect(abs(lowest - lowestExpected) < 1e-9)
    // The spring's own peak, 16.3 ms after the release, where its speed is 0.
    let (peakTime, peakX) = Self.springPeak(x0: x0, v0: v0)
    let peak = Self.spring(x0: x0, v0: v0, t: peakTime)
    #expect(abs(peak.v) < 1e-9 && abs(peakTime - 0.0163) < 0.0001)
    #expect(abs(peakX - -493.10) < 0.005)
    #expect(lowest >= peakX && lowest - peakX < 0.01)
    // Far inside the 844-point viewport; from the finger's 20,000 points/s the
    // spring would have reached -872.2.
    let fromFinger = Self.spring(x0: x0, v0: -20_000, t: 0.051)
    #expect(fromFinger.x < -872 && lowest > -500)
    #expect((frames.last?.offset, frames.last?.phase) == (0, .idle))
  }

  @Test(
    "frame 0 is exactly at the start, whatever moves the content from it, both physics, with and without snapping"
  )
  func frameZeroAtStart() throws {
    let snap = SnapTargets(
      offsets: (0...6).map { 172 * Double($0) }, mode: .mandatory, proximity: 1)
    for physics in ScrollPhysics.allCases {
      // (Not within 0.5 points of a target: a spring that starts there, slower
      // than 10 points/s, is at rest at once, on its target.)
      for start in [0.0, 0.7, 47.3, 688, 1000.7] {
        for spec in [
          "fling:3000", "fling:-3000", "fling:1", "drag:200:200,release", "scrollTo:300:200",
          "wait:100", "hold:100,release",
        ] {
          for snap in [snap, nil] {
            let frames = try Self.frames(spec, physics: physics, start: start, snap: snap)
            #expect(
              frames[0].offset == start && frames[0].time == 0,
              "\(physics) \(spec) from \(start), snap \(snap != nil): \(frames[0].offset)")
          }
        }
      }
    }
    // The spring alone: at t = 0 it is where it starts, bit for bit (the sum of
    // the target and its two terms c1 + c2 = start - target need not be).
    for (start, target) in [(0.1, 0.2), (0.0, 688), (47.3, 1548), (1e-300, 3)] {
      #expect(ScrollSpring(from: start, velocity: 3000, to: target).offset(after: 0) == start)
    }
  }

  @Test("a frame rate outside 1...1000 or a start outside the bounds is refused")
  func badParameters() throws {
    let gesture = try Gesture(parsing: "wait:10")
    for (fps, start, message) in [
      (0, 0.0, "expected a frame rate from 1 to 1000 frames per second, found 0"),
      (1001, 0, "expected a frame rate from 1 to 1000 frames per second, found 1001"),
      (
        60, -5,
        "expected a start offset from 0 to 1156 (the largest resting offset), found -5"
      ),
      (60, .nan, "expected a start offset from 0 to 1156 (the largest resting offset), found nan"),
    ] {
      let error = #expect(throws: SimulationError.self) {
        try MotionFrames(
          gesture: gesture, fps: fps, start: start, maxOffset: 1156, viewportHeight: 844)
      }
      #expect(error?.description == message)
    }
  }

  @Test("content longer than 1e15 points scrolls to 1e15, the largest offset a host evaluates")
  func boundsAtTheOffsetLimit() throws {
    let gesture = try Gesture(parsing: "fling:1000000000")
    let error = #expect(throws: SimulationError.self) {
      try MotionFrames(gesture: gesture, start: 1.5e15, maxOffset: 2e15, viewportHeight: 844)
    }
    #expect(
      error?.description
        == "expected a start offset from 0 to 1000000000000000 (the largest resting offset), "
        + "found 1500000000000000")
    // A fling of 1e9 points a second would carry the content about 5e8
    // points (v / (1000 ln(1 / 0.998))); from 1e8 short of the limit it
    // comes to rest there, sprung back from the band past it.
    let frames = Array(
      try MotionFrames(
        gesture: gesture, start: 1e15 - 1e8, maxOffset: 2e15, viewportHeight: 844))
    #expect(frames.last?.offset == 1e15)
    #expect(frames.last?.phase == .idle)
    #expect(ScrollSimulator(maxOffset: 2e15, viewportHeight: 844).maxOffset == 1e15)
  }
}
