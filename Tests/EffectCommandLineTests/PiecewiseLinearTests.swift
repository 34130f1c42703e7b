import EffectCommandLine
import EffectHost
import EffectProtocol
import Foundation
import Testing

/// Straight segments within the tolerance, as few as the shape needs.
@Suite struct PiecewiseLinearTests {
  @Test("a sample that is not a number ends the fit: no line passes through it")
  func notANumber() {
    for values in [[0, 1, .nan], [0, .nan, .nan, 3], [.nan, 1, 2], [0, .nan, 2, .nan]] {
      var fit = PiecewiseLinear(tolerance: 0.009)
      for (offset, value) in values.enumerated() {
        fit.append(offset: Double(offset), value: value)
      }
      let points = fit.finish()
      // Each sample is drawn or lies on a line drawn; the last is a breakpoint.
      #expect(points.first?.offset == 0)
      #expect(points.last?.offset == Double(values.count - 1))
      #expect(points.map(\.offset) == points.map(\.offset).sorted())
    }
  }

  @Test("a straight column is two breakpoints however long")
  func straightIsTwoPoints() {
    var fit = PiecewiseLinear(tolerance: 0.009)
    for offset in -200...5000 { fit.append(offset: Double(offset), value: 300 - Double(offset)) }
    #expect(fit.finish().map(\.offset) == [-200, 5000])
  }

  @Test("a kink is a breakpoint: |o| gives -10, 0, 10")
  func kinkIsABreakpoint() {
    var fit = PiecewiseLinear(tolerance: 0.009)
    for offset in -10...10 { fit.append(offset: Double(offset), value: abs(Double(offset))) }
    let points = fit.finish()
    #expect(points.map(\.offset) == [-10, 0, 10])
    #expect(points.map(\.value) == [10, 0, 10])
  }

  @Test("a curve is followed within the tolerance at every sample")
  func curveIsWithinTolerance() {
    var fit = PiecewiseLinear(tolerance: 0.009)
    let samples = (0...2000).map { (Double($0) / 10, sin(Double($0) / 100) * 50) }
    for (offset, value) in samples { fit.append(offset: offset, value: value) }
    let points = fit.finish()
    #expect(points.first?.offset == 0)
    #expect(points.last?.offset == 200)
    for (offset, value) in samples {
      #expect(abs(PiecewiseLinear.value(at: offset, on: points) - value) <= 0.009 + 1e-12)
    }
    #expect(points.count < samples.count / 4)
  }
}
