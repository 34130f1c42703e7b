import EffectProtocol
import ScrollEffectsTestSupport
import Testing

@testable import Effects

/// `interpolate`'s keyframes: the segment search's bisection finds what a
/// linear scan finds, for short and long stop lists, on the stops, a hair
/// either side and between; two linear stops (the linear pair) give the
/// straight line between them.
@Suite struct InterpolateEffectKeyframesTests {
  typealias Stop = InterpolateEffect.Stop

  /// The segment by a plain scan: the first index whose input is above `x`.
  static func scan(_ x: Double, _ stops: [Stop]) -> Int {
    stops.firstIndex { $0.input > x }!
  }

  /// Random stops with strictly increasing inputs: gaps of every size, some
  /// a single ulp.
  static func stops(count: Int, _ random: inout SplitMix64) -> [Stop] {
    var input = random.signed(upTo: 1e6)
    var stops: [Stop] = []
    while stops.count < count {
      stops.append(Stop(input, random.signed(upTo: 1e3)))
      input = random.chance(0.1) ? input.nextUp : input + random.magnitude(upTo: 1e3, zero: false)
    }
    return stops
  }

  /// Every input worth asking about: each stop's input, its neighbours one
  /// ulp away, midpoints, and random points.
  static func probes(_ stops: [Stop], _ random: inout SplitMix64) -> [Double] {
    var probes: [Double] = []
    for (index, stop) in stops.enumerated() {
      probes += [stop.input, stop.input.nextUp, stop.input.nextDown]
      if index > 0 { probes.append((stops[index - 1].input + stop.input) / 2) }
    }
    let span = stops[stops.count - 1].input - stops[0].input
    for _ in 0..<50 { probes.append(stops[0].input + random.unit() * span) }
    return probes
  }

  @Test(
    "the segment found is the scan's, for lists of 2 to 600 stops",
    arguments: [2, 3, 7, 8, 9, 10, 16, 33, 100, 600])
  func segmentMatchesScan(count: Int) {
    var random = SplitMix64(seed: UInt64(count))
    for _ in 0..<20 {
      let stops = Self.stops(count: count, &random)
      stops.withUnsafeBufferPointer { buffer in
        for x in Self.probes(stops, &random)
        where x > stops[0].input && x < stops[count - 1].input {
          let found = InterpolateEffect.KeyframeCurve.segmentEnd(of: x, in: buffer)
          #expect(found == Self.scan(x, stops), "x \(x), \(count) stops")
          // The defining property, checked directly too.
          #expect(stops[found - 1].input <= x && x < stops[found].input)
        }
      }
    }
  }

  /// The value of linear keyframes by Docs/Effects.md, segment found by a scan.
  static func reference(_ x: Double, _ stops: [Stop], extend: Bool) -> Double {
    let first = stops[0]
    let last = stops[stops.count - 1]
    func line(_ a: Stop, _ b: Stop, at x: Double, from start: Stop) -> Double {
      let slope = Saturation.clamp((b.output - a.output) / (b.input - a.input))
      return Saturation.clamp(start.output + (x - start.input) * slope)
    }
    if x <= first.input {
      return extend ? line(first, stops[1], at: x, from: first) : first.output
    }
    if x >= last.input {
      return extend ? line(stops[stops.count - 2], last, at: x, from: last) : last.output
    }
    let end = scan(x, stops)
    let a = stops[end - 1]
    let b = stops[end]
    return Saturation.clamp(
      a.output + (b.output - a.output) * ((x - a.input) / (b.input - a.input)))
  }

  @Test(
    "the curve's value is the reference's everywhere: below the first stop, on, between, above the last",
    arguments: [false, true])
  func valueMatchesReference(extend: Bool) {
    var random = SplitMix64(seed: extend ? 1 : 2)
    for count in [2, 5, 9, 40, 1000] {
      let stops = Self.stops(count: count, &random)
      let parameters = InterpolateEffect.Parameters(
        property: .rotation, stops: stops, extrapolate: extend ? .extend : .clamp)
      let keyframes = InterpolateEffect.Keyframes(parameters)
      #expect(keyframes.stops == stops)
      let first = stops[0].input
      let last = stops[count - 1].input
      let outside = [
        first - 1, first - 1e9, -1e15, last + 1, last + 1e9, 1e15, first.nextDown, last.nextUp,
      ]
      keyframes.stops.withUnsafeBufferPointer { buffer in
        let curve = InterpolateEffect.KeyframeCurve(stops: buffer, keyframes: keyframes)
        for x in Self.probes(stops, &random) + outside {
          let expected = Self.reference(x, stops, extend: extend)
          #expect(
            curve(x).bitPattern == expected.bitPattern,
            "x \(x), \(count) stops: \(curve(x)), expected \(expected)")
        }
      }
    }
  }

  @Test("two linear stops give the end outputs exactly outside them and the straight line between")
  func twoLinearStops() throws {
    let effect = try InterpolateEffect.decode(
      json: #"{"property": "translateY", "stops": [[-37.5, 0.1], [212.25, -0.3]]}"#)
    let setup = ExampleSetup.header
    for offset in stride(from: -300.0, through: 400, by: 0.37) {
      let natural = setup.naturalViewportFrame(offset: offset)
      let value = setup.evaluate([effect], offset: offset).y - natural.y
      let expected: Double
      if offset <= -37.5 {
        expected = 0.1
      } else if offset >= 212.25 {
        expected = -0.3
      } else {
        expected = 0.1 + (-0.3 - 0.1) * ((offset + 37.5) / (212.25 + 37.5))
      }
      // The view moves by the value; adding and removing the natural y may round.
      #expect(abs(value - expected) <= 1e-12, "offset \(offset)")
    }
  }
}
