import EffectProtocol

/// Maps a scroll input through keyframes to one property of a view: CSS
/// scroll-driven animations and React Native's `interpolate`.
///
/// The value of `input` (`offset` by default; `pull`, `pullBottom`, `minY` the
/// current top in the viewport, `height` the current height, or `progress`,
/// CSS's `view()` cover progress `(V - minY) / (V + height)`: 0 as the view's
/// top enters at the viewport's bottom, 1 as its bottom leaves at the top) is
/// located between two neighbouring `stops` `[input, output]` (required: at
/// least 2, inputs strictly increasing) and the output is interpolated between
/// theirs, the fraction shaped by `easing` (default `linear`) within each
/// segment. Before the first stop and after the last, `extrapolate` `clamp`
/// (the default) holds the end output; `extend` continues the straight line
/// through the end segment's two stops (no easing there).
///
/// The value combines with the current transform by `property` (required):
/// `opacity`, `scale` (both axes), `scaleX`, `scaleY` multiply; `blur`,
/// `rotation` (degrees), `translateX`, `translateY` (points) add; `width`,
/// `height` (points) and `zIndex` replace. Then opacity is clamped to 0...1
/// and blur, width and height to 0 or more; every interpolated value is
/// saturated (``saturated(_:)``) and so is every product, so outputs stay
/// finite. Decoded stops are validated: opacity outputs in 0...1, width,
/// height and blur outputs 0 or more, every number from -1e9 to 1e9. Stops set
/// in code that break these rules are skipped (non-finite numbers, inputs not
/// above the previous kept one); with fewer than 2 left the effect does
/// nothing.
public struct InterpolateEffect: StatelessScrollEffect, Equatable {
  /// The part of the transform the value drives.
  public enum Property: String, Sendable, CaseIterable {
    /// Multiplies the opacity; the result is clamped to 0...1.
    case opacity
    /// Multiplies both scale factors.
    case scale
    /// Multiplies the horizontal scale factor.
    case scaleX
    /// Multiplies the vertical scale factor.
    case scaleY
    /// Adds to the blur radius, in points; the result is never negative.
    case blur
    /// Adds to the rotation, in degrees.
    case rotation
    /// Moves the view right by the value, in points.
    case translateX
    /// Moves the view down by the value, in points.
    case translateY
    /// Replaces the width, in points; never negative.
    case width
    /// Replaces the height, in points; never negative.
    case height
    /// Replaces the drawing order.
    case zIndex
  }

  /// What the stops' inputs are measured in.
  public enum Input: String, Sendable, CaseIterable {
    /// The scroll offset, points.
    case offset
    /// How far the content is pulled past its top, points.
    case pull
    /// How far the content is pulled past its bottom, points.
    case pullBottom
    /// The view's current top in the viewport, points.
    case minY
    /// The view's current height, points.
    case height
    /// CSS's `view()` cover progress, `(V - minY) / (V + height)`.
    case progress
  }

  /// What happens before the first stop and after the last.
  public enum Extrapolation: String, Sendable, CaseIterable {
    /// The end stop's output holds.
    case clamp
    /// The end segment's straight line continues.
    case extend
  }

  /// One keyframe: at `input`, the value is `output`.
  public struct Stop: Sendable, Equatable {
    public var input: Double
    public var output: Double

    public init(_ input: Double, _ output: Double) {
      self.input = input
      self.output = output
    }
  }

  public struct Parameters: Sendable, Equatable {
    /// Required.
    public var property: Property
    /// Default `offset`.
    public var input: Input
    /// Required: at least 2, inputs strictly increasing.
    public var stops: [Stop]
    /// Default `linear`.
    public var easing: Easing
    /// Default `clamp`.
    public var extrapolate: Extrapolation

    public init(
      property: Property, input: Input = .offset, stops: [Stop], easing: Easing = .linear,
      extrapolate: Extrapolation = .clamp
    ) {
      self.property = property
      self.input = input
      self.stops = stops
      self.easing = easing
      self.extrapolate = extrapolate
    }
  }

  public var parameters: Parameters {
    didSet { keyframes = Keyframes(parameters) }
  }

  /// The stops that can be evaluated and the curve, prepared once.
  private var keyframes: Keyframes

  public init(parameters: Parameters) {
    self.parameters = parameters
    keyframes = Keyframes(parameters)
  }

  public init(from reader: inout ParameterReader) {
    let property = Self.readProperty(&reader)
    let input = reader.choice("input", default: Input.offset)
    let stops = Self.readStops(&reader, outputs: property.map(Self.outputRange) ?? .finite)
    var easing = Easing.linear
    if let value = reader.value("easing") {
      var problems: [SceneDiagnostic] = []
      easing = Easing.read(value, at: reader.path(of: "easing"), diagnostics: &problems) ?? .linear
      reader.report(contentsOf: problems)
    }
    self.init(
      parameters: Parameters(
        property: property ?? .opacity, input: input, stops: stops, easing: easing,
        extrapolate: reader.choice("extrapolate", default: .clamp)))
  }

  public static let descriptor = EffectDescriptor(
    typeName: "interpolate",
    summary: "Maps a scroll input through keyframes to one property of a view.",
    discussion: """
      The input (offset, pull, pullBottom, minY, height or progress = (V - minY) / (V + height))
      is located between two neighbouring stops and their outputs interpolated, the fraction
      shaped by the easing within each segment. Outside the stops, clamp holds the end output;
      extend continues the end segment's straight line. opacity, scale, scaleX, scaleY multiply;
      blur, rotation, translateX, translateY add; width, height, zIndex replace. Then opacity is
      clamped to 0...1 and blur, width and height to 0 or more.
      """,
    parameters: [
      ParameterDescriptor(
        name: "property", values: ParameterReader.describeChoices(Property.self),
        defaultValue: "required", summary: "the part of the transform the value drives"),
      ParameterDescriptor(
        name: "input", values: ParameterReader.describeChoices(Input.self),
        defaultValue: "\"offset\"",
        summary: "what the stops' inputs measure (points; progress is a fraction)"),
      ParameterDescriptor(
        name: "stops", values: "at least 2 [input, output] pairs, inputs strictly increasing",
        defaultValue: "required",
        summary: "keyframes; opacity outputs 0 to 1, width, height and blur 0 or more"),
      ParameterDescriptor(
        name: "easing", values: Easing.expectedDescription + " (x1, x2 from 0 to 1)",
        defaultValue: "\"linear\"", summary: "the curve within each segment (CSS's)"),
      ParameterDescriptor(
        name: "extrapolate", values: "\"clamp\" or \"extend\"", defaultValue: "\"clamp\"",
        summary: "hold the end outputs outside the stops, or continue the end segments"),
    ],
    examples: [
      EffectExample(
        "fades out over the first 300 points: halfway at 150",
        parameters: #"{"property": "opacity", "stops": [[0, 1], [300, 0]]}"#, offset: 150,
        expected: [.opacity: 0.5]),
      EffectExample(
        "past the last stop the end value holds",
        parameters: #"{"property": "opacity", "stops": [[0, 1], [300, 0]]}"#, offset: 600,
        expected: [.opacity: 0]),
      EffectExample(
        "easeInOut is symmetric: still halfway at 150",
        parameters: #"{"property": "opacity", "stops": [[0, 1], [300, 0]], "easing": "easeInOut"}"#,
        offset: 150, expected: [.opacity: 0.5]),
      EffectExample(
        "scales to 2 over a 200-point pull: 1.5 when pulled 100",
        parameters: #"{"property": "scale", "input": "pull", "stops": [[0, 1], [200, 2]]}"#,
        offset: -100, expected: [.scaleX: 1.5, .scaleY: 1.5]),
      EffectExample(
        "extend: moves up at half speed beyond the last stop",
        parameters:
          #"{"property": "translateY", "stops": [[0, 0], [100, -50]], "extrapolate": "extend"}"#,
        offset: 200, expected: [.translateY: -100]),
      EffectExample(
        "a 156-point row at y 844, scrolled 500: halfway through the viewport",
        parameters: #"{"property": "opacity", "input": "progress", "stops": [[0, 0], [1, 1]]}"#,
        setup: ExampleSetup(frame: Rect(y: 844, width: 390, height: 156)), offset: 500,
        expected: [.opacity: 0.5]),
    ])

  public func apply(to views: inout ViewBatch) {
    let keyframes = self.keyframes
    guard keyframes.stops.count >= 2 else { return }
    if keyframes.stops.count == 2, keyframes.curve.isLinear, !keyframes.extends {
      apply(LinearPair(keyframes.stops[0], keyframes.stops[1]), to: views)
    } else {
      keyframes.stops.withUnsafeBufferPointer { stops in
        apply(KeyframeCurve(stops: stops, keyframes: keyframes), to: views)
      }
    }
  }

  /// Combines `curve`'s value with the property of every view. The loops are
  /// specialised for the property, the curve's type and the input, and kept
  /// out of line so that each is compiled once.
  @inline(__always)
  private func apply<Curve: KeyframeFunction>(_ curve: Curve, to views: ViewBatch) {
    let input = parameters.input
    switch parameters.property {
    case .opacity: Self.combine(views, input, curve, Opacity.self)
    case .scale: Self.combine(views, input, curve, Scale.self)
    case .scaleX: Self.combine(views, input, curve, ScaleX.self)
    case .scaleY: Self.combine(views, input, curve, ScaleY.self)
    case .blur: Self.combine(views, input, curve, Blur.self)
    case .rotation: Self.combine(views, input, curve, Rotation.self)
    case .translateX: Self.combine(views, input, curve, TranslateX.self)
    case .translateY: Self.combine(views, input, curve, TranslateY.self)
    case .width: Self.combine(views, input, curve, Width.self)
    case .height: Self.combine(views, input, curve, Height.self)
    case .zIndex: Self.combine(views, input, curve, ZIndex.self)
    }
  }

  /// Combines the curve's value at each view's input with the property that
  /// `Combiner` changes; an input that is the same for every view is
  /// evaluated once.
  @inline(__always)
  private static func combine<Curve: KeyframeFunction, Combiner: PropertyCombiner>(
    _ views: ViewBatch, _ input: Input, _ curve: Curve, _: Combiner.Type
  ) {
    let geometry = views.geometry
    let all = views.indices
    switch input {
    case .offset:
      combine(views, all, curve(geometry.offset), Combiner.self)
    case .pull:
      combine(views, all, curve(geometry.pull), Combiner.self)
    case .pullBottom:
      combine(views, all, curve(geometry.pullBottom), Combiner.self)
    case .height where views.hasNaturalFrames:
      // Every view has its natural height.
      combine(views, all, curve(views.naturalFrame.height), Combiner.self)
    case .height:
      combine(views, all, curve, Combiner.self, CurrentHeight.self)
    case .minY where views.hasNaturalFrames && views.count > 2 && curve.holdsEnds:
      combineInRuns(views, curve, Combiner.self, MinY.self)
    case .minY:
      combine(views, all, curve, Combiner.self, MinY.self)
    case .progress where views.hasNaturalFrames && views.count > 2 && curve.holdsEnds:
      combineInRuns(views, curve, Combiner.self, Progress<Curve>.self)
    case .progress:
      combine(views, all, curve, Combiner.self, Progress<Curve>.self)
    }
  }

  /// Combines `value` with the property of the views in `range`.
  @inline(never)
  private static func combine<Combiner: PropertyCombiner>(
    _ views: ViewBatch, _ range: Range<Int>, _ value: Double, _: Combiner.Type
  ) {
    if Combiner.keepsFrame {
      views.modifyVisuals(in: range) { view in Combiner.combine(&view, value) }
    } else {
      views.modifyEach(in: range) { view in Combiner.combine(&view, value) }
    }
  }

  /// Combines `curve`'s value at each view's `Source` input with the
  /// property of the views in `range`.
  @inline(never)
  private static func combine<
    Curve: KeyframeFunction, Combiner: PropertyCombiner, Source: FrameInput
  >(_ views: ViewBatch, _ range: Range<Int>, _ curve: Curve, _: Combiner.Type, _: Source.Type) {
    let viewportHeight = views.geometry.viewport.height
    if Combiner.keepsFrame {
      views.modifyVisuals(in: range) { view in
        Combiner.combine(&view, curve(Source.input(view, viewportHeight)))
      }
    } else {
      views.modifyEach(in: range) { view in
        Combiner.combine(&view, curve(Source.input(view, viewportHeight)))
      }
    }
  }

  /// ``combine(_:_:_:_:)`` for a batch whose frames are natural (at rest, or
  /// changed only in visuals) and an input read from a view's frame that
  /// moves one way from copy to copy (`minY`, `progress`),
  /// under a curve that holds its end outputs: the copies before the first
  /// stop, between the stops and after the last form three runs, and those
  /// of the outer runs get the end output without evaluating the curve for
  /// each. The runs' ends are searched for from where the straight line
  /// through the end copies' inputs crosses the stops: a few evaluations of
  /// the input a frame, however many copies.
  ///
  /// The copies of a chain in their natural frames are evenly spaced: copy
  /// `i`'s top is
  /// `top + i * stride`, which rounding keeps monotonic in `i`, as it keeps
  /// any input computed from it with one subtraction and one division by the
  /// same span. So the runs are exact: every view gets what
  /// ``combine(_:_:_:_:)`` would give it view by view.
  @inline(__always)
  private static func combineInRuns<
    Curve: KeyframeFunction, Combiner: PropertyCombiner, Source: FrameInput
  >(_ views: ViewBatch, _ curve: Curve, _: Combiner.Type, _: Source.Type) {
    let count = views.count
    let viewportHeight = views.geometry.viewport.height
    func input(_ index: Int) -> Double {
      Source.input(views.naturalTransform(at: index), viewportHeight)
    }
    let firstInput = input(0)
    let lastInput = input(count - 1)
    // The segments, counted in the direction they grow with the copy index.
    let ascending = curve.segment(of: firstInput) <= curve.segment(of: lastInput)
    // 0 before the first stop, 1 between the stops, 2 after the last, in
    // that direction: the curve's own tests, so a run's value is the one
    // the curve gives.
    func rank(_ index: Int) -> Int {
      let segment = curve.segment(of: input(index))
      return ascending ? segment : 2 - segment
    }
    // The input is affine in the copy index but for rounding: where it
    // crosses a stop's input, found from the end copies, is where the run
    // ends give or take a copy or two.
    func guess(crossing threshold: Double) -> Int {
      let copy = (threshold - firstInput) / (lastInput - firstInput) * Double(count - 1)
      // NaN (no change from copy to copy) and out of range: either end.
      return copy > 0 ? (copy < Double(count) ? Int(copy.rounded(.up)) : count) : 0
    }
    let firstBetween = Self.firstIndex(
      in: 0..<count, guess: guess(crossing: ascending ? curve.first.input : curve.last.input)
    ) { rank($0) >= 1 }
    let firstAfter = Self.firstIndex(
      in: firstBetween..<count,
      guess: guess(crossing: ascending ? curve.last.input : curve.first.input)
    ) { rank($0) >= 2 }
    let before = ascending ? curve.first.output : curve.last.output
    let after = ascending ? curve.last.output : curve.first.output
    combine(views, 0..<firstBetween, before, Combiner.self)
    combine(views, firstBetween..<firstAfter, curve, Combiner.self, Source.self)
    combine(views, firstAfter..<count, after, Combiner.self)
  }
}

extension InterpolateEffect {
  /// The first index in `range` where `isAfter` holds, or `range.upperBound`
  /// if none, for an `isAfter` that once true stays true. Looks at `guess`
  /// first, then gallops away from it and bisects: a guess one off costs
  /// about three calls, a wrong one twice a bisection's.
  @inline(__always)
  fileprivate static func firstIndex(in range: Range<Int>, guess: Int, where isAfter: (Int) -> Bool)
    -> Int
  {
    // The answer is in low...high.
    var low = range.lowerBound
    var high = range.upperBound
    let guess = min(max(guess, low), high)
    if guess == high || isAfter(guess) {
      high = guess
      var step = 1
      while low < high {
        let probe = max(high - step, low)
        guard isAfter(probe) else {
          low = probe + 1
          break
        }
        high = probe
        step *= 2
      }
    } else {
      low = guess + 1
      var step = 1
      while low < high {
        let probe = min(low + step - 1, high - 1)
        if isAfter(probe) {
          high = probe
          break
        }
        low = probe + 1
        step *= 2
      }
    }
    while low < high {
      let middle = low + (high - low) / 2
      if isAfter(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

// MARK: - Properties and inputs

/// How a value combines with one property of a view.
private protocol PropertyCombiner {
  /// Whether ``combine(_:_:)`` leaves the frame (`x`, `y`, `width`,
  /// `height`) as it is.
  static var keepsFrame: Bool { get }
  static func combine(_ view: inout ViewTransform, _ value: Double)
}

extension PropertyCombiner {
  static var keepsFrame: Bool { true }
}

extension InterpolateEffect {
  private enum Opacity: PropertyCombiner {
    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) {
      view.opacity = min(max(view.opacity * value, 0), 1)
    }
  }

  private enum Scale: PropertyCombiner {
    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) {
      view.scaleX = saturated(view.scaleX * value)
      view.scaleY = saturated(view.scaleY * value)
    }
  }

  private enum ScaleX: PropertyCombiner {
    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) {
      view.scaleX = saturated(view.scaleX * value)
    }
  }

  private enum ScaleY: PropertyCombiner {
    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) {
      view.scaleY = saturated(view.scaleY * value)
    }
  }

  private enum Blur: PropertyCombiner {
    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) {
      view.blur = max(0, view.blur + value)
    }
  }

  private enum Rotation: PropertyCombiner {
    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) { view.rotation += value }
  }

  private enum TranslateX: PropertyCombiner {
    static var keepsFrame: Bool { false }

    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) { view.x += value }
  }

  private enum TranslateY: PropertyCombiner {
    static var keepsFrame: Bool { false }

    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) { view.y += value }
  }

  private enum Width: PropertyCombiner {
    static var keepsFrame: Bool { false }

    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) {
      view.width = max(0, value)
    }
  }

  private enum Height: PropertyCombiner {
    static var keepsFrame: Bool { false }

    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) {
      view.height = max(0, value)
    }
  }

  private enum ZIndex: PropertyCombiner {
    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) { view.zIndex = value }
  }
}

/// An input read from a view's current frame.
private protocol FrameInput {
  static func input(_ view: ViewTransform, _ viewportHeight: Double) -> Double
}

extension InterpolateEffect {
  /// The view's top in the viewport.
  private enum MinY: FrameInput {
    @inline(__always)
    static func input(_ view: ViewTransform, _ viewportHeight: Double) -> Double { view.y }
  }

  /// The view's height.
  private enum CurrentHeight: FrameInput {
    @inline(__always)
    static func input(_ view: ViewTransform, _ viewportHeight: Double) -> Double { view.height }
  }

  /// CSS's view progress, `(V - minY) / (V + height)`, as `Curve` needs it.
  private enum Progress<Curve: KeyframeFunction>: FrameInput {
    @inline(__always)
    static func input(_ view: ViewTransform, _ viewportHeight: Double) -> Double {
      let span = viewportHeight + view.height
      // span > 0 for any valid scene. A degenerate one (a zero viewport
      // height) makes the progress NaN or infinite: a curve that holds its
      // end outputs turns those into finite values; one that extends needs
      // the guard.
      return Curve.isClamped
        ? (viewportHeight - view.y) / span : (span > 0 ? (viewportHeight - view.y) / span : 0)
    }
  }
}

// MARK: - Evaluation

extension InterpolateEffect {
  /// The usable stops of a ``Parameters`` and what evaluating them needs.
  private struct Keyframes: Sendable, Equatable {
    /// Finite, inputs strictly increasing; fewer than 2 means nothing to do.
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
        if let last = stops.last, !(stop.input > last.input) { continue }
        stops.append(stop)
      }
      guard stops.count >= 2 else { return }
      firstSlope = Self.slope(stops[0], stops[1])
      lastSlope = Self.slope(stops[stops.count - 2], stops[stops.count - 1])
    }

    /// Saturated: inputs a hair apart make a slope too steep for a Double.
    private static func slope(_ start: Stop, _ end: Stop) -> Double {
      saturated((end.output - start.output) / (end.input - start.input))
    }
  }

  /// Two stops, linear easing, clamped: the common case, without the search
  /// for a segment or the easing. Gives exactly what ``KeyframeCurve`` gives.
  private struct LinearPair: KeyframeFunction {
    static var isClamped: Bool { true }
    var holdsEnds: Bool { true }
    let first: Stop
    let last: Stop
    let span: Double
    let change: Double

    init(_ first: Stop, _ last: Stop) {
      self.first = first
      self.last = last
      span = last.input - first.input
      change = last.output - first.output
    }

    @inline(__always)
    func callAsFunction(_ x: Double) -> Double {
      switch segment(of: x) {
      case 0: return first.output
      case 2: return last.output
      default:
        // Strictly between two finite outputs of at most 1e9: no saturation needed.
        return first.output + change * ((x - first.input) / span)
      }
    }
  }

  /// The keyframes as a function of the input, over borrowed storage.
  private struct KeyframeCurve: KeyframeFunction {
    static var isClamped: Bool { false }
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

    /// The value at `x`; `stops` holds at least 2 stops.
    @inline(__always)
    func callAsFunction(_ x: Double) -> Double {
      switch segment(of: x) {
      case 0:
        return extends ? saturated(first.output + (x - first.input) * firstSlope) : first.output
      case 2:
        return extends ? saturated(last.output + (x - last.input) * lastSlope) : last.output
      default: break
      }
      // first.input < x < last.input: find stops[end - 1].input <= x < stops[end].input.
      var end = 1
      while x >= stops[end].input { end += 1 }
      let start = stops[end - 1]
      let stop = stops[end]
      let fraction = (x - start.input) / (stop.input - start.input)
      let eased = curve.value(at: fraction)
      return saturated(start.output + (stop.output - start.output) * eased)
    }
  }
}

// MARK: - Reading

extension InterpolateEffect {
  private static let stopsDescription = "an array of at least 2 [input, output] pairs"
  private static let pairDescription = "an [input, output] pair of numbers"

  /// The allowed outputs of `property`'s stops.
  static func outputRange(_ property: Property) -> NumberRange {
    switch property {
    case .opacity:
      NumberRange(lower: 0, upper: 1, description: "an opacity from 0 to 1")
    case .width:
      NumberRange(lower: 0, upper: NumberRange.limit, description: "a width from 0 to 1e9")
    case .height:
      NumberRange(lower: 0, upper: NumberRange.limit, description: "a height from 0 to 1e9")
    case .blur:
      NumberRange(lower: 0, upper: NumberRange.limit, description: "a blur radius from 0 to 1e9")
    case .scale, .scaleX, .scaleY, .rotation, .translateX, .translateY, .zIndex:
      .finite
    }
  }

  private static func readProperty(_ reader: inout ParameterReader) -> Property? {
    let expected = ParameterReader.describeChoices(Property.self)
    guard let value = reader.value("property") else {
      reader.report(.missingKey(expected: expected), at: "property")
      return nil
    }
    guard case .string(let name) = value, let property = Property(rawValue: name) else {
      reader.report(.mismatch(expected: expected, found: value), at: "property")
      return nil
    }
    return property
  }

  /// The stops, every problem reported at its own path (`stops[2][0]`); the
  /// valid ones when there are problems.
  private static func readStops(_ reader: inout ParameterReader, outputs: NumberRange) -> [Stop] {
    let key = "stops"
    guard let value = reader.value(key) else {
      reader.report(.missingKey(expected: stopsDescription), at: key)
      return []
    }
    guard case .array(let elements) = value, elements.count >= 2 else {
      if case .array(let elements) = value, elements.count == 1 {
        reader.report(.wrongLength(expected: stopsDescription, count: 1), at: key)
      } else {
        reader.report(.mismatch(expected: stopsDescription, found: value), at: key)
      }
      return []
    }
    let path = reader.path(of: key)
    var problems: [SceneDiagnostic] = []
    var stops: [Stop] = []
    // The previous stop's input, when it is a number in range; a stop is
    // compared with it even when it was out of order itself, as the message says.
    var previousInput: Double?
    for (index, element) in elements.enumerated() {
      let stopPath = path.appending(index)
      guard case .array(let pair) = element, pair.count == 2 else {
        let problem: SceneDiagnostic.Problem
        if case .array(let pair) = element, !pair.isEmpty {
          problem = .wrongLength(expected: pairDescription, count: pair.count)
        } else {
          problem = .mismatch(expected: pairDescription, found: element)
        }
        problems.append(SceneDiagnostic(path: stopPath, problem: problem))
        previousInput = nil
        continue
      }
      var input: Double?
      if case .number(let number) = pair[0], NumberRange.finite.contains(number) {
        if let previousInput, !(number > previousInput) {
          let expected =
            "an input greater than the previous stop's input (\(formatNumber(previousInput)))"
          problems.append(
            SceneDiagnostic(
              path: stopPath.appending(0), problem: .mismatch(expected: expected, found: pair[0])))
        } else {
          input = number
        }
        previousInput = number
      } else {
        previousInput = nil
        problems.append(
          SceneDiagnostic(
            path: stopPath.appending(0),
            problem: .mismatch(expected: NumberRange.finite.description, found: pair[0])))
      }
      var output: Double?
      if case .number(let number) = pair[1], outputs.contains(number) {
        output = number
      } else {
        problems.append(
          SceneDiagnostic(
            path: stopPath.appending(1),
            problem: .mismatch(expected: outputs.description, found: pair[1])))
      }
      if let input, let output { stops.append(Stop(input, output)) }
    }
    reader.report(contentsOf: problems)
    return stops
  }
}

/// The value of keyframes at an input.
private protocol KeyframeFunction {
  /// Whether every input, NaN and infinities included, gives one of the
  /// stops' outputs or a value between two of them.
  static var isClamped: Bool { get }
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
