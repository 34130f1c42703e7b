import EffectProtocol
import Foundation
import ScrollEffectsTestSupport
import Testing

@testable import EffectHost

/// Properties over random gestures: random steps, velocities up to 20,000
/// points/s, both physics, with and without snapping.
@Suite struct MotionPropertyTests {
  struct Case {
    var gesture: Gesture
    var physics: ScrollPhysics
    var fps: Int
    var start: Double
    var maxOffset: Double
    var snap: SnapTargets?
  }

  static func randomCase(_ random: inout SplitMix64) throws -> Case {
    var steps: [Gesture.Step] = []
    var fingerDown = false
    for _ in 0..<random.int(1..<8) {
      let ms = Double(random.int(1..<1500))
      let velocity = (random.unit() * 2 - 1) * 20_000
      switch random.int(0..<6) {
      case 0: steps.append(.drag(distance: (random.unit() * 2 - 1) * 1500, milliseconds: ms))
      case 1: steps.append(.hold(milliseconds: ms))
      case 2 where fingerDown: steps.append(.release)
      case 3: steps.append(.fling(velocity: velocity))
      case 4 where !fingerDown: steps.append(.wait(milliseconds: ms))
      case 5 where !fingerDown:
        steps.append(.scrollTo(offset: (random.unit() * 1.4 - 0.2) * 3000, milliseconds: ms))
      default: steps.append(.fling(velocity: velocity))
      }
      fingerDown = steps.last?.keepsFingerDown ?? false
    }
    let maxOffset = random.chance(0.15) ? 0 : random.unit() * 5000
    var snap: SnapTargets?
    if random.chance(0.5) {
      let offsets = (0..<random.int(1..<6)).map { _ in min(random.unit() * 5000, maxOffset) }
      snap = SnapTargets(
        offsets: offsets, mode: random.chance(0.5) ? .mandatory : .proximity,
        proximity: random.unit() * 400 + 1)
    }
    return Case(
      gesture: try Gesture(steps: steps), physics: random.chance(0.5) ? .ios : .android,
      fps: random.pick([1, 24, 60, 120, 240, 1000]), start: random.unit() * maxOffset,
      maxOffset: maxOffset, snap: snap)
  }

  /// Whether the finger is down at `time` by the steps alone: inside a drag or
  /// hold, whose interval [start, end) holds the frames of the step.
  static func fingerIsDown(_ steps: [Gesture.Step], at time: Double) -> Bool {
    var startMs = 0.0
    for step in steps {
      let endMs = startMs + step.milliseconds
      if startMs / 1000 <= time, time < endMs / 1000 { return step.keepsFingerDown }
      startMs = endMs
    }
    return false
  }

  @Test("random gestures: finite offsets, phases in order, at rest in bounds within 600 s")
  func randomGestures() throws {
    var random = SplitMix64(seed: 0x5C_0011)
    for caseIndex in 0..<1000 {
      let sample = try Self.randomCase(&random)
      let frames = try MotionFrames(
        gesture: sample.gesture, physics: sample.physics, fps: sample.fps, start: sample.start,
        maxOffset: sample.maxOffset, viewportHeight: 844, snap: sample.snap)
      let label = "case \(caseIndex): \(sample.gesture) \(sample.physics) \(sample.fps) fps"
      var last: MotionFrame?
      var count = 0
      for frame in frames {
        #expect(
          frame.index == count && frame.time == Double(count) / Double(sample.fps), "\(label)")
        #expect(frame.offset.isFinite && frame.velocity.isFinite, "\(label)")
        let down = Self.fingerIsDown(sample.gesture.steps, at: frame.time)
        #expect((frame.phase == .interacting) == down, "\(label) frame \(frame.index)")
        if sample.physics == .android {
          #expect(frame.offset >= 0 && frame.offset <= sample.maxOffset, "\(label)")
        }
        if frame.time >= sample.gesture.duration {
          // After the last step the motion only settles.
          #expect(frame.phase == .decelerating || frame.phase == .idle, "\(label)")
        }
        last = frame
        count += 1
      }
      let end = try #require(last)
      #expect(end.phase == .idle, "\(label)")
      #expect(end.time < sample.gesture.duration + MotionFrames.settlingLimit, "\(label)")
      #expect(end.offset >= 0 && end.offset <= sample.maxOffset, "\(label): \(end.offset)")
      // The last thing that set the content moving: a lift lands on a target
      // when snapping is mandatory.
      let lastMove = sample.gesture.steps.last { step in
        switch step {
        case .release, .fling, .scrollTo: true
        default: false
        }
      }
      let endsWithFingerDown = sample.gesture.steps.last?.keepsFingerDown ?? false
      var lifted = endsWithFingerDown
      if !endsWithFingerDown, let lastMove, case .scrollTo = lastMove {
        lifted = false
      } else if lastMove != nil {
        lifted = true
      }
      if let snap = sample.snap, snap.mode == .mandatory, lifted {
        #expect(snap.offsets.contains(end.offset), "\(label): \(end.offset)")
      }
    }
  }
}

/// Releases toward a snap target ahead, against the rule re-derived here.
@Suite struct SnapAheadPropertyTests {
  @Test(
    "random releases toward a target ahead: no frame moves faster than the release, and the scroll rests on the target"
  )
  func neverFasterThanReleased() throws {
    var random = SplitMix64(seed: 0x5A_AE4D)
    let k = 1000 * log(0.998)
    let dExponent = log(0.78) / log(0.9)
    let vRef = 0.015 * 9.80665 * 39.37 * 160 * 0.84 / 0.35
    var checked = 0
    for caseIndex in 0..<600 {
      let physics: ScrollPhysics = random.chance(0.5) ? .ios : .android
      let maxOffset = 500 + random.unit() * 4500
      let start = random.unit() * maxOffset
      let sign: Double = random.chance(0.5) ? -1 : 1
      let velocity = sign * (100 + random.unit() * 19_900)
      let offsets = (0..<random.int(1..<8)).map { _ in random.unit() * maxOffset }
      let snap = SnapTargets(offsets: offsets, mode: .mandatory, proximity: 1)
      // The projection and the nearest target, the lower of two equally near.
      let duration = dExponent * 0.35 * pow(abs(velocity) / vRef, 1 / (dExponent - 1))
      let p = physics == .ios ? start - velocity / k : start + velocity * duration / dExponent
      let target = snap.offsets.min { a, b in
        abs(a - p) < abs(b - p) || (abs(a - p) == abs(b - p) && a < b)
      }!
      guard (target - start) * velocity > 0 else { continue }
      checked += 1
      var simulator = ScrollSimulator(
        physics: physics, offset: start, maxOffset: maxOffset, viewportHeight: 844, snap: snap)
      simulator.lift(at: 0, velocity: velocity)
      let label = "case \(caseIndex): \(physics) from \(start) at \(velocity) to \(target)"
      var previous = simulator.advance(to: 0)
      #expect(previous.offset == start && previous.velocity == velocity, "\(label)")
      var n = 0
      while previous.phase != .idle, n < 600 * 60 {
        n += 1
        let state = simulator.advance(to: Double(n) / 60)
        #expect(abs(state.velocity) <= abs(velocity), "\(label) frame \(n)")
        #expect(abs(state.velocity) <= abs(previous.velocity), "\(label) frame \(n)")
        // The content moves toward the target only, and (but for the frame that
        // comes to rest on it) no farther in a frame than the release speed.
        #expect((state.offset - previous.offset) * velocity >= 0, "\(label) frame \(n)")
        if state.phase != .idle {
          #expect(
            abs(state.offset - previous.offset) <= abs(velocity) / 60 * (1 + 1e-12) + 1e-9,
            "\(label) frame \(n)")
        }
        previous = state
      }
      #expect((previous.offset, previous.phase) == (target, .idle), "\(label)")
    }
    #expect(checked > 150)
  }
}
