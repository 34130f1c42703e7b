import Foundation
import Testing

@testable import EffectHost

/// The fling and the spring against the numbers Flutter's own tests publish
/// for the simulations they port: `ClampingScrollSimulation` in
/// flutter/flutter `packages/flutter/test/widgets/scroll_simulation_test.dart`,
/// `SpringSimulation` in `packages/flutter/test/physics/newton_test.dart`.
@Suite struct FlutterPublishedTests {
  /// The positions and velocities of scroll_simulation_test.dart.
  static let flings: [(position: Double, velocity: Double)] = [
    (51.0, 2866.91537), (584.0, 2617.294734), (345.0, 1982.785934), (0.0, 1831.366634),
    (-156.2, 1541.57665), (4.0, 1139.250439), (4534.0, 1073.553798), (75.0, 614.2093),
    (5469.0, 182.114534), (51.0, 2000.0),
  ]

  /// Flutter's `moreOrLessEquals` with its default epsilon.
  static func moreOrLessEquals(_ value: Double, _ expected: Double) -> Bool {
    abs(value - expected) <= 1e-10
  }

  @Test(
    "the android fling holds what Flutter's test asks of ClampingScrollSimulation: it starts where and as fast as it is thrown, and is still at 10 s"
  )
  func clampingScrollSimulation() {
    for (position, velocity) in Self.flings {
      for sign in [1.0, -1.0] {
        let fling = AndroidFling(start: position, velocity: sign * velocity)
        #expect(Self.moreOrLessEquals(fling.offset(after: 0), position))
        #expect(Self.moreOrLessEquals(fling.velocity(after: 0), sign * velocity))
        #expect(fling.velocity(after: 10) == 0)
      }
    }
  }

  @Test(
    "a critically damped spring (mass 1, stiffness 100) from 0 to 500: newton_test's crit_spring")
  func criticallyDamped() {
    let spring = ScrollSpring(
      from: 0, velocity: 0, to: 500, mass: 1, stiffness: 100, dampingRatio: 1)
    #expect(spring.offset(after: 0) == 0)
    #expect(spring.velocity(after: 0) == 0)
    #expect(spring.offset(after: 0.25).rounded(.down) == 356)
    #expect(spring.offset(after: 0.50).rounded(.down) == 479)
    #expect(spring.offset(after: 0.75).rounded(.down) == 497)
    #expect(spring.velocity(after: 0.25).rounded(.down) == 1026)
    #expect(spring.velocity(after: 0.50).rounded(.down) == 168)
    #expect(spring.velocity(after: 0.75).rounded(.down) == 20)
    #expect(spring.offset(after: 1.5) > 499 && spring.offset(after: 1.5) < 501)
    #expect(spring.velocity(after: 1.5) < 0.1)
  }

  @Test("an over-damped spring (ratio 1.25) from 0 to 500: newton_test's overdamped_spring")
  func overDamped() {
    let spring = ScrollSpring(
      from: 0, velocity: 0, to: 500, mass: 1, stiffness: 100, dampingRatio: 1.25)
    #expect(spring.offset(after: 0) == 0)
    #expect(Self.moreOrLessEquals(spring.velocity(after: 0), 0))
    #expect(spring.offset(after: 0.5).rounded(.down) == 445)
    #expect(spring.offset(after: 1.0).rounded(.down) == 495)
    #expect(spring.offset(after: 1.5).rounded(.down) == 499)
    #expect(spring.velocity(after: 0.5).rounded(.down) == 273)
    #expect(spring.velocity(after: 1.0).rounded(.down) == 22)
    #expect(spring.velocity(after: 1.5).rounded(.down) == 1)
  }
}
