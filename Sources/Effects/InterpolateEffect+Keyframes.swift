import EffectProtocol

// MARK: - Evaluation

extension InterpolateEffect {
  /// The usable stops of a ``Parameters`` and what evaluating them needs.
  struct Keyframes: Sendable, Equatable {
    /// Finite and saturated (``Saturation.clamp(_:)``), inputs strictly increasing;
    /// fewer than 2 means nothing to do.
    var stops: [Stop] = []
    var curve: UnitBezier
    var extends: Bool
    /// The slopes of the first and last segments, for `extend`.
    var firstSlope = 0.0
    var lastSlope = 0.0

    init(_ parameters: Parameters) {
      curve = UnitBezier(parameters.easing)
      extends = parameters.extrapolate == .extend
      for stop in parameters.stops where stop.input.isFinite && stop.output.isFinite {
        // Decoded stops are within 1e9; saturating those set in code keeps
        // every difference of two of them, and so every fraction and slope
        // made from them, finite.
        let stop = Stop(Saturation.clamp(stop.input), Saturation.clamp(stop.output))
        if let last = stops.last, !(stop.input > last.input) { continue }
        stops.append(stop)
      }
      guard stops.count >= 2 else { return }
      firstSlope = Self.slope(stops[0], stops[1])
      lastSlope = Self.slope(stops[stops.count - 2], stops[stops.count - 1])
    }

    /// Saturated: inputs a hair apart make a slope too steep for a Double.
    static func slope(_ start: Stop, _ end: Stop) -> Double {
      Saturation.clamp((end.output - start.output) / (end.input - start.input))
    }
  }

  /// Two stops, linear easing, clamped or extended: the common case,
  /// without the search for a segment or the easing. Gives exactly what
  /// ``KeyframeCurve`` gives (the same expressions outside the stops).
  struct LinearPair: KeyframeFunction {
    var holdsEnds: Bool { !extends }
    let first: Stop
    let last: Stop
    let span: Double
    let change: Double
    /// Whether the end segments continue past the stops, with the
    /// keyframes' (saturated) slopes; with two stops both are the one
    /// segment's.
    let extends: Bool
    let firstSlope: Double
    let lastSlope: Double

    init(_ first: Stop, _ last: Stop, extendingWith keyframes: Keyframes? = nil) {
      self.first = first
      self.last = last
      span = last.input - first.input
      change = last.output - first.output
      extends = keyframes?.extends ?? false
      firstSlope = keyframes?.firstSlope ?? 0
      lastSlope = keyframes?.lastSlope ?? 0
    }

    @inline(__always)
    func callAsFunction(_ x: Double) -> Double {
      switch segment(of: x) {
      case 0:
        return extends
          ? Saturation.clamp(first.output + (x - first.input) * firstSlope) : first.output
      case 2:
        return extends ? Saturation.clamp(last.output + (x - last.input) * lastSlope) : last.output
      default:
        // Strictly between two finite outputs of at most 1e9: no saturation needed.
        return first.output + change * ((x - first.input) / span)
      }
    }
  }

  /// The keyframes as a function of the input, over borrowed storage.
  struct KeyframeCurve: KeyframeFunction {
    var holdsEnds: Bool { !extends }
    let stops: UnsafeBufferPointer<Stop>
    let curve: UnitBezier
    let extends: Bool
    let firstSlope: Double
    let lastSlope: Double

    /// The end stops, held apart from `stops`: the compiler cannot tell that
    /// writing a view leaves `stops` alone, so these stay in registers
    /// instead of being loaded again for every view.
    let first: Stop
    let last: Stop

    init(stops: UnsafeBufferPointer<Stop>, keyframes: Keyframes) {
      self.stops = stops
      first = stops[0]
      last = stops[stops.count - 1]
      curve = keyframes.curve
      extends = keyframes.extends
      firstSlope = keyframes.firstSlope
      lastSlope = keyframes.lastSlope
    }

    /// The index `end` of the segment that holds `x`:
    /// `stops[end - 1].input <= x < stops[end].input`, for `x` strictly
    /// between the first and the last stop's inputs (so `end` is in
    /// `1..<stops.count`), the inputs strictly increasing.
    ///
    /// A scan for the few stops of a hand-written curve, where it is
    /// cheapest; a bisection beyond, so that a curve of n stops costs
    /// log n a view, not n (200,000 stops over 200,000 views took 12 s).
    @inline(__always)
    static func segmentEnd(of x: Double, in stops: UnsafeBufferPointer<Stop>) -> Int {
      if stops.count <= linearSearchLimit {
        var end = 1
        while x >= stops[end].input { end += 1 }
        return end
      }
      // The first index whose input is above x, in 1...count - 1.
      var low = 1
      var high = stops.count - 1
      while low < high {
        let middle = low + (high - low) / 2
        if stops[middle].input > x { high = middle } else { low = middle + 1 }
      }
      return low
    }

    /// The most stops searched by a scan: about where a bisection's
    /// unpredictable branches start to cost less than the scan's steps.
    static var linearSearchLimit: Int { 8 }

    /// The value at `x`; `stops` holds at least 2 stops.
    @inline(__always)
    func callAsFunction(_ x: Double) -> Double {
      switch segment(of: x) {
      case 0:
        return extends
          ? Saturation.clamp(first.output + (x - first.input) * firstSlope) : first.output
      case 2:
        return extends ? Saturation.clamp(last.output + (x - last.input) * lastSlope) : last.output
      default: break
      }
      // first.input < x < last.input.
      let end = Self.segmentEnd(of: x, in: stops)
      let start = stops[end - 1]
      let stop = stops[end]
      let fraction = (x - start.input) / (stop.input - start.input)
      let eased = curve.value(at: fraction)
      return Saturation.clamp(start.output + (stop.output - start.output) * eased)
    }
  }
}

/// The value of keyframes at an input.
protocol KeyframeFunction {
  /// The first and last stops.
  var first: InterpolateEffect.Stop { get }
  var last: InterpolateEffect.Stop { get }
  /// Whether the value is the first stop's output up to its input and the
  /// last stop's output from its input on (`clamp`).
  var holdsEnds: Bool { get }
  func callAsFunction(_ x: Double) -> Double
}

extension KeyframeFunction {
  /// 0 where the value is the first stop's output (`x` not above its input,
  /// NaN included), 2 where it is the last stop's (`x` not below its input),
  /// 1 between. ``callAsFunction(_:)`` decides by it too, so the runs of
  /// copies that share an end output are the curve's own.
  @inline(__always)
  func segment(of x: Double) -> Int {
    guard x > first.input else { return 0 }
    guard x < last.input else { return 2 }
    return 1
  }
}
