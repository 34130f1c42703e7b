import Effects
import Testing

/// Easings set in code outside the rules decoding checks: each is read as
/// its case's documentation says, and every value is finite.
@Suite struct EasingOutOfRuleTests {
  typealias Point = Easing.LinearPoint

  @Test("linear(...) with no point is the identity")
  func noPoint() {
    let easing = Easing.piecewiseLinear([])
    #expect(easing.value(at: 0) == 0)
    #expect(easing.value(at: 0.25) == 0.25)
    #expect(easing.value(at: 0.5) == 0.5)
    #expect(easing.value(at: 1) == 1)
  }

  @Test("linear(...) with one point gives its output everywhere")
  func onePoint() {
    let easing = Easing.piecewiseLinear([Point(0.3, 0.7)])
    for progress in [-1, 0, 0.3, 0.5, 1, 2] {
      #expect(easing.value(at: progress) == 0.7)
    }
  }

  @Test("linear(...) leaves out points with a NaN or infinite number")
  func nonFinitePoints() {
    let easing = Easing.piecewiseLinear([
      Point(0, 0), Point(.nan, 5), Point(0.5, .infinity), Point(1, 2),
    ])
    // The line from (0, 0) to (1, 2).
    #expect(easing.value(at: 0.25) == 0.5)
    #expect(easing.value(at: 0.5) == 1)
    #expect(easing.value(at: 1) == 2)
    // Only non-finite points: none left, the identity.
    #expect(Easing.piecewiseLinear([Point(.nan, 1), Point(0, .nan)]).value(at: 0.4) == 0.4)
  }

  @Test("linear(...) raises an input below an earlier one to the largest earlier one")
  func decreasingInputs() {
    // Read as (0, 0), (0.5, 1), (0.5, 3), (1, 3): a jump at 0.5.
    let easing = Easing.piecewiseLinear([Point(0, 0), Point(0.5, 1), Point(0.25, 3), Point(1, 3)])
    #expect(easing.value(at: 0.25) == 0.5)
    #expect(easing.value(at: 0.5) == 3)
    #expect(easing.value(at: 0.75) == 3)
  }

  @Test("linear(...) saturates outputs, so that no difference overflows")
  func hugeOutputs() {
    let easing = Easing.piecewiseLinear([
      Point(0, -.greatestFiniteMagnitude), Point(1, .greatestFiniteMagnitude),
    ])
    #expect(easing.value(at: 0) == -1e15)
    #expect(easing.value(at: 0.5) == 0)
    #expect(easing.value(at: 1) == 1e15)
  }

  @Test("steps with fewer than the least count are read with the least")
  func tooFewSteps() {
    // steps(2, jump-none): 0 below 0.5, then 1.
    let none = Easing.steps(1, .jumpNone)
    #expect(none.value(at: 0.25) == 0)
    #expect(none.value(at: 0.5) == 1)
    #expect(none.value(at: 1) == 1)
    // steps(1, jump-end): 0 until progress 1.
    let end = Easing.steps(0, .jumpEnd)
    #expect(end.value(at: 0) == 0)
    #expect(end.value(at: 0.99) == 0)
    #expect(end.value(at: 1) == 1)
    // steps(1, jump-both): 1/2 from 0, 1 at 1.
    let both = Easing.steps(-3, .jumpBoth)
    #expect(both.value(at: 0) == 0.5)
    #expect(both.value(at: 0.5) == 0.5)
    #expect(both.value(at: 1) == 1)
  }

  @Test("steps with the largest count neither trap nor leave 0...1")
  func largestCount() {
    let value = Easing.steps(Int.max, .jumpBoth).value(at: 0.5)
    #expect(abs(value - 0.5) < 1e-12)
  }

  @Test("a Bézier curve with an infinite y saturates it")
  func infiniteControlPoint() {
    // x1 = 0, x2 = 1: x(0.5) = 0.5, so y = 3 (1 - t)² t y1 + 3 (1 - t) t² y2 + t³
    // at t = 0.5 with y1 = 1e15, y2 = 1: 0.375e15 + 0.375 + 0.125.
    let value = Easing.cubicBezier(x1: 0, y1: .infinity, x2: 1, y2: 1).value(at: 0.5)
    #expect(abs(value - (3.75e14 + 0.5)) <= 1)
  }

  @Test("a Bézier curve's x1 and x2 are clamped to 0...1, and a NaN makes it linear")
  func outOfRangeX() {
    // (0, 0, 1, 1): linear.
    #expect(Easing.cubicBezier(x1: -1, y1: 0, x2: 2, y2: 1).value(at: 0.3) == 0.3)
    #expect(Easing.cubicBezier(x1: .nan, y1: 0.5, x2: 0.5, y2: 2).value(at: 0.3) == 0.3)
    #expect(Easing.cubicBezier(x1: 0.5, y1: 0.5, x2: 0.5, y2: .nan).value(at: 0.7) == 0.7)
  }

  @Test("a NaN progress counts as 0")
  func nanProgress() {
    #expect(Easing.easeIn.value(at: .nan) == 0)
    #expect(Easing.steps(4, .jumpStart).value(at: .nan) == 0.25)
    #expect(Easing.piecewiseLinear([Point(0, 0.5), Point(1, 1)]).value(at: .nan) == 0.5)
  }
}
