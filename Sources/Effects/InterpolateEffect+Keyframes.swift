import EffectProtocol

// MARK: - Evaluation

extension InterpolateEffect {
  /// The usable stops of a ``Parameters`` and what evaluating them needs.
  struct Keyframes: Sendable, Equatable {
    /// Finite and saturated (``Saturation.clamp(_:)``), inputs strictly increasing;
    /// fewer than 2 means nothing to do.
    var stops: [Stop] = []
    /// The Bézier curve; `linear` when ``isShaped`` (the ``Shape`` holds
    /// the curve then).
    var curve: UnitBezier
    var extends: Bool
    /// Whether the easing is steps or `linear(...)`, or the progress is
    /// measured through a view range or with timeline insets: then the
    /// effect's ``Shape`` evaluates it. A plain flag, so that the other
    /// forms read and copy nothing more.
    var isShaped: Bool
    /// The slopes of the first and last segments, for `extend`.
    var firstSlope = 0.0
    var lastSlope = 0.0

    init(_ parameters: Parameters) {
      let shape = Shape(parameters)
      isShaped = shape.isNeeded
      if case .bezier(let bezier) = shape.curve {
        curve = bezier
      } else {
        curve = UnitBezier(.linear)
      }
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

  /// What the forms beyond CSS's Bézier curves on `cover` progress need:
  /// the easing ready to evaluate and the view range with its insets.
  struct Shape: Sendable, Equatable {
    var curve: EasingCurve
    /// The view range and insets the progress is measured in; `nil` for
    /// CSS's `cover` range without insets (and for every other input).
    var timeline: ViewTimeline?

    init(_ parameters: Parameters) {
      curve = EasingCurve(parameters.easing)
      let timeline = ViewTimeline(range: parameters.range, inset: parameters.timelineInset)
      self.timeline = parameters.input == .progress && !timeline.isCover ? timeline : nil
    }

    /// Whether ``Keyframes`` alone cannot evaluate the effect.
    var isNeeded: Bool {
      if case .bezier = curve { return timeline != nil }
      return true
    }
  }

  /// Two stops, linear easing, clamped or extended: the common case,
  /// without the search for a segment or the easing. Gives exactly what
  /// ``KeyframeCurve`` gives (the same expressions outside the stops).
  struct LinearPair: KeyframeFunction {
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
      value(at: x, extending: extends)
    }

    /// The value at `x` of the curve, which extends past its stops when
    /// `extending`, which must be ``extends``: a group's loop passes it as
    /// a constant, so that it is not tested at each view.
    @inline(__always)
    func value(at x: Double, extending: Bool) -> Double {
      switch segment(of: x) {
      case 0: return endValue(atFirst: true, x, extending: extending)
      case 2: return endValue(atFirst: false, x, extending: extending)
      default:
        // Strictly between two finite outputs of at most 1e9: no saturation needed.
        return first.output + change * ((x - first.input) / span)
      }
    }

    @inline(__always)
    func combineBetween<Combiner: PropertyCombiner, Source: FrameInput>(
      _ views: inout ViewBatch, _ range: Range<Int>, _ runs: CopyRuns<Source>, _: Combiner.Type
    ) {
      InterpolateEffect.combine(&views, range, self, Combiner.self, Source.self)
    }
  }

  /// The straight line through `origin` with slope `slope`.
  struct Line: InputFunction {
    let origin: Stop
    let slope: Double

    @inline(__always)
    func callAsFunction(_ x: Double) -> Double { origin.output + (x - origin.input) * slope }
  }

  /// A ``Line`` saturated (``Saturation/clamp(_:)``): an end segment's
  /// extension. ``KeyframeCurve`` evaluates its ends with it, so a run of
  /// copies beyond an end gets the bits each copy would.
  struct Extension: InputFunction {
    let line: Line

    init(origin: Stop, slope: Double) { line = Line(origin: origin, slope: slope) }

    @inline(__always)
    func callAsFunction(_ x: Double) -> Double { Saturation.clamp(line(x)) }
  }

  /// The eased value between two neighbouring stops, for an input from
  /// `start`'s up to `stop`'s: ``KeyframeCurve``'s value between its stops,
  /// without the search for the segment.
  struct Segment: InputFunction {
    let start: Stop
    let stop: Stop
    let curve: UnitBezier

    var callsOutOfLine: Bool { curve.callsOutOfLine }

    @inline(__always)
    func callAsFunction(_ x: Double) -> Double {
      let fraction = (x - start.input) / (stop.input - start.input)
      let eased = curve.value(at: fraction)
      return Saturation.clamp(start.output + (stop.output - start.output) * eased)
    }
  }

  /// The keyframes as a function of the input, over borrowed storage.
  struct KeyframeCurve: KeyframeFunction {
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

    var callsOutOfLine: Bool { curve.callsOutOfLine }

    /// Whether runs of copies are split at every stop (few stops, where
    /// ``segmentEnd(of:in:)`` scans), each segment's run evaluated without
    /// the search; with more, at the ends only.
    var splitsAtStops: Bool { stops.count <= Self.linearSearchLimit }

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
      case 0: return endValue(atFirst: true, x)
      case 2: return endValue(atFirst: false, x)
      default: break
      }
      // first.input < x < last.input.
      return segment(ending: Self.segmentEnd(of: x, in: stops))(x)
    }

    /// The segment from stop `end - 1` to stop `end`.
    @inline(__always)
    func segment(ending end: Int) -> Segment {
      Segment(start: stops[end - 1], stop: stops[end], curve: curve)
    }

    /// Splits the copies at each stop between the ends, for a short list
    /// (a long one evaluates them view by view): each run of copies in one
    /// segment is evaluated without the search for it.
    @inline(__always)
    func combineBetween<Combiner: PropertyCombiner, Source: FrameInput>(
      _ views: inout ViewBatch, _ range: Range<Int>, _ runs: CopyRuns<Source>, _: Combiner.Type
    ) {
      guard splitsAtStops else {
        InterpolateEffect.combine(&views, range, self, Combiner.self, Source.self)
        return
      }
      guard !range.isEmpty else { return }
      let count = stops.count
      // These inputs are strictly between the end stops', so not NaN: the
      // run's own ends tell which way they go.
      let ascending = runs.input(range.lowerBound) <= runs.input(range.upperBound - 1)
      var start = range.lowerBound
      // The stops between the ends in the order the copies meet them; the
      // copies from a stop's input on are past it ascending, those below it
      // descending, as segmentEnd(of:in:) decides.
      for step in 1..<count - 1 {
        let stop = ascending ? step : count - 1 - step
        let threshold = stops[stop].input
        let end = GallopingSearch.firstIndex(
          in: start..<range.upperBound, guess: runs.guess(crossing: threshold)
        ) { index in
          let x = runs.input(index)
          return ascending ? x >= threshold : x < threshold
        }
        if start < end {
          InterpolateEffect.combine(
            &views, start..<end, segment(ending: ascending ? stop : stop + 1), Combiner.self,
            Source.self)
        }
        start = end
      }
      if start < range.upperBound {
        InterpolateEffect.combine(
          &views, start..<range.upperBound, segment(ending: ascending ? count - 1 : 1),
          Combiner.self, Source.self)
      }
    }
  }
}

/// A value computed from an input: what the per-view loops evaluate.
protocol InputFunction {
  func callAsFunction(_ x: Double) -> Double

  /// Whether a value may call out of line: a Bézier easing's solver. A
  /// loop that holds the curve inline saves every register it keeps
  /// around that call, at every view; such a curve is evaluated through a
  /// function of its own instead, from a loop that keeps little.
  var callsOutOfLine: Bool { get }
}

extension InputFunction {
  var callsOutOfLine: Bool { false }
}

/// The value of keyframes at an input.
protocol KeyframeFunction: InputFunction {
  /// The first and last stops.
  var first: InterpolateEffect.Stop { get }
  var last: InterpolateEffect.Stop { get }
  /// Whether the end segments continue past the end stops (`extend`) rather
  /// than hold their outputs (`clamp`), and the (saturated) slopes they
  /// continue with.
  var extends: Bool { get }
  var firstSlope: Double { get }
  var lastSlope: Double { get }

  /// Combines the value of the views in `range`, whose inputs are all
  /// strictly between the end stops', which `runs` locates, with
  /// `Combiner`'s property: what ``InterpolateEffect/combine(_:_:_:_:_:)``
  /// with the curve itself gives.
  func combineBetween<Combiner: PropertyCombiner, Source: FrameInput>(
    _ views: inout ViewBatch, _ range: Range<Int>, _ runs: CopyRuns<Source>, _: Combiner.Type)
}

extension KeyframeFunction {
  /// Whether the value is the first stop's output up to its input and the
  /// last stop's output from its input on (`clamp`).
  @inline(__always)
  var holdsEnds: Bool { !extends }

  /// The value at `x`, which is up to the first stop's input (`atFirst`) or
  /// from the last stop's on: the end output held, or the end segment's line
  /// continued.
  @inline(__always)
  func endValue(atFirst: Bool, _ x: Double) -> Double {
    endValue(atFirst: atFirst, x, extending: extends)
  }

  /// ``endValue(atFirst:_:)`` with `extending`, which must be ``extends``.
  @inline(__always)
  func endValue(atFirst: Bool, _ x: Double, extending: Bool) -> Double {
    let end = atFirst ? first : last
    return extending
      ? InterpolateEffect.Extension(origin: end, slope: atFirst ? firstSlope : lastSlope)(x)
      : end.output
  }

  /// Combines the value of the views in `range`, whose `Source` inputs
  /// are all up to the first stop's input (`atFirst`) or all from the last
  /// stop's on, with `Combiner`'s property: what
  /// ``InterpolateEffect/combine(_:_:_:_:_:)`` with the curve itself gives.
  @inline(__always)
  func combineEnd<Combiner: PropertyCombiner, Source: FrameInput>(
    atFirst: Bool, _ views: inout ViewBatch, _ range: Range<Int>, _ runs: CopyRuns<Source>,
    _: Combiner.Type
  ) {
    let end = atFirst ? first : last
    guard extends else {
      InterpolateEffect.combine(&views, range, end.output, Combiner.self)
      return
    }
    let beyond = InterpolateEffect.Extension(
      origin: end, slope: atFirst ? firstSlope : lastSlope)
    if runs.staysWithinLimits(range, beyond.line) {
      // Every saturation would keep its value: the same bits without them.
      InterpolateEffect.combine(
        &views, range, beyond.line, Combiner.self, Source.Unsaturated.self)
    } else {
      InterpolateEffect.combine(&views, range, beyond, Combiner.self, Source.self)
    }
  }

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
