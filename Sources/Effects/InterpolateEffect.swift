import EffectProtocol

/// Maps a scroll input through keyframes to one property of a view: CSS
/// scroll-driven animations and React Native's `interpolate`.
///
/// The value of `input` (`offset` by default; `pull`, `pullBottom`, `minY` the
/// current top in the viewport, `height` the current height, `minX` and
/// `width` their twins across the axis (a horizontal scene's), or `progress`,
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
/// saturated (``Saturation.clamp(_:)``) and so is every product, and so is the
/// `progress` input where an extended curve computes with it (a span
/// `V + height` of 1e-323 makes it overflow), so outputs stay finite. Decoded
/// stops are validated: opacity outputs in 0...1, width, height and blur
/// outputs 0 or more, every number from -1e9 to 1e9. Stops set in code are
/// saturated, and those that then break these rules are skipped (non-finite
/// numbers, inputs not above the previous kept one); with fewer than 2 left
/// the effect does nothing.
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
  @available(*, deprecated, renamed: "ScrollInput")
  public typealias Input = ScrollInput

  /// What happens before the first stop and after the last.
  public enum Extrapolation: String, Sendable, CaseIterable {
    /// The end stop's output holds.
    case clamp
    /// The end segment's straight line continues.
    case extend
  }

  /// One keyframe: at `input`, the value is `output`.
  public struct Stop: Sendable, Equatable {
    /// Where the keyframe is, in the unit of the input: points, or a fraction for `progress`.
    public var input: Double
    /// The value at the keyframe, in the property's unit: points, degrees for `rotation`, a
    /// factor for `opacity` and the scales, a drawing order for `zIndex`.
    public var output: Double

    /// The keyframe whose value at `input` is `output`.
    public init(_ input: Double, _ output: Double) {
      self.input = input
      self.output = output
    }
  }

  /// Every parameter of the effect, as a scene file gives them.
  public struct Parameters: Sendable, Equatable {
    /// The part of the transform the value drives; required.
    public var property: Property
    /// What the stops' inputs measure; default `offset`.
    public var input: ScrollInput
    /// The keyframes; required: at least 2, inputs strictly increasing.
    public var stops: [Stop]
    /// The curve within each segment; default `linear`.
    public var easing: Easing
    /// What happens outside the stops; default `clamp`.
    public var extrapolate: Extrapolation
    /// The part of the view's passage that `progress` runs over; default
    /// `cover` (CSS's `view()`). Only with the `progress` input.
    public var range: ViewRange
    /// How far in from the viewport's ends `range` is measured; default 0.
    /// Only with the `progress` input.
    public var timelineInset: TimelineInset

    /// Parameters with `property` and `stops`, the two required, and each other one left out at
    /// its default.
    public init(
      property: Property, input: ScrollInput = InterpolateEffect.input.defaultValue, stops: [Stop],
      easing: Easing = InterpolateEffect.easing.defaultValue,
      extrapolate: Extrapolation = InterpolateEffect.extrapolate.defaultValue,
      range: ViewRange = InterpolateEffect.range.defaultValue,
      timelineInset: TimelineInset = InterpolateEffect.timelineInset.defaultValue
    ) {
      self.property = property
      self.input = input
      self.stops = stops
      self.easing = easing
      self.extrapolate = extrapolate
      self.range = range
      self.timelineInset = timelineInset
    }
  }

  /// The effect's parameters as given, stops that break the rules included; setting them
  /// prepares the effect again.
  public var parameters: Parameters {
    get { prepared.parameters }
    set {
      prepared = Prepared(newValue)
      keyframes = Keyframes(newValue)
      (property, input) = (newValue.property, newValue.input)
    }
  }

  /// The parameters' property and input, which every frame reads: here, so
  /// that it reads nothing through ``prepared``.
  private(set) var property: Property
  private(set) var input: ScrollInput

  /// The stops that can be evaluated and the curve, prepared once.
  private(set) var keyframes: Keyframes
  /// The parameters and the forms beyond keyframes, in a class of their
  /// own: the effect stays small enough that a call passes it without
  /// copying it whole (at 361 bytes every call copied it, a `memcpy` a
  /// frame), and the forms that keyframes evaluate read neither.
  private var prepared: Prepared

  /// Steps, `linear(...)` and view ranges, prepared once.
  var shape: Shape { prepared.shape }

  /// The parameters and ``Shape`` of an effect.
  final class Prepared: Sendable {
    let parameters: Parameters
    let shape: Shape

    init(_ parameters: Parameters) {
      self.parameters = parameters
      shape = Shape(parameters)
    }
  }

  /// The effect with `parameters`, prepared once: stops set in code are saturated and those that
  /// break the rules are skipped (see the type's discussion).
  public init(parameters: Parameters) {
    prepared = Prepared(parameters)
    keyframes = Keyframes(parameters)
    (property, input) = (parameters.property, parameters.input)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.parameters == rhs.parameters
  }

  /// The required `"property"` key: the part of the transform the value drives.
  public static let property = EffectParameter<Property?>.requiredChoice(
    "property", summary: "the part of the transform the value drives")
  /// The `"input"` key: what the stops' inputs measure (points; `progress` is a fraction);
  /// default `"offset"`.
  public static let input = EffectParameter.choice(
    "input", default: ScrollInput.offset,
    summary: "what the stops' inputs measure (points; progress is a fraction)")
  /// The stops, their outputs checked against `outputs`: for the decoder,
  /// the property's range (0 to 1 for opacity, 0 to 1e9 for width, height
  /// and blur, -1e9 to 1e9 for the others).
  public static func stops(outputs: NumberRange) -> EffectParameter<[Stop]> {
    EffectParameter(
      key: "stops", values: "at least 2 [input, output] pairs, inputs strictly increasing",
      default: [], defaultText: EffectParameter<[Stop]>.requiredText,
      summary: "keyframes; opacity outputs 0 to 1, width, height and blur 0 or more"
    ) { reader, parameter in
      readStops(&reader, key: parameter.key, outputs: outputs)
    }
  }
  /// The stops of any property, as the descriptor lists them.
  public static var stops: EffectParameter<[Stop]> { stops(outputs: .finite) }
  /// The `"easing"` key: the curve within each segment, a CSS easing; default `"linear"`.
  public static let easing = EffectParameter.easing(
    "easing", default: .linear, summary: "the curve within each segment (CSS's)")
  /// The `"extrapolate"` key: `"clamp"` holds the end outputs outside the stops, `"extend"`
  /// continues the end segments; default `"clamp"`.
  public static let extrapolate = EffectParameter.choice(
    "extrapolate", default: Extrapolation.clamp,
    summary: "hold the end outputs outside the stops, or continue the end segments")
  /// The `"range"` key: the part of the view's passage the `progress` input runs over (CSS's
  /// `animation-range`); default `"cover"`.
  public static let range = ViewRange.parameter
  /// The `"timelineInset"` key: how far in from the viewport's ends the range is measured
  /// (CSS's `view-timeline-inset`); default 0.
  public static let timelineInset = TimelineInset.parameter

  public static let descriptor = EffectDescriptor(
    typeName: "interpolate",
    summary: "Maps a scroll input through keyframes to one property of a view.",
    discussion: descriptorDiscussion,
    parameters: [property, input, stops, easing, extrapolate, range, timelineInset],
    examples: descriptorExamples,
    defaultReducedMotion:
      "skip when property is translateX, translateY, scale, scaleX, scaleY or rotation; "
      + "keep otherwise")

  /// Skipped when the property moves, scales or rotates the view
  /// (`translateX`, `translateY`, `scale`, `scaleX`, `scaleY`, `rotation`);
  /// kept when it fades, blurs, resizes or reorders it.
  public var defaultReducedMotion: ReducedMotion {
    switch parameters.property {
    case .translateX, .translateY, .scale, .scaleX, .scaleY, .rotation: .skip
    case .opacity, .blur, .width, .height, .zIndex: .keep
    }
  }

  // Inlined into the protocol witness, which then reads the effect where it
  // is instead of copying all of it to the stack first.
  @inline(__always)
  public func apply(to views: inout ViewBatch) {
    // Only what the loops need is read: a static call and a closure that
    // captures locals let the witness read the effect in place, where a
    // method's `self` in a closure made it copy the whole effect at every
    // call (BENCHMARKS.md, "Reading itself in place").
    let keyframes = self.keyframes
    let (property, input) = (self.property, self.input)
    let count = keyframes.stops.count
    guard count >= 2 else { return }
    if keyframes.isShaped {
      applyShaped(to: &views)
    } else if count == 2, keyframes.curve.isLinear {
      Self.apply(
        LinearPair(keyframes.stops[0], keyframes.stops[1], extendingWith: keyframes),
        property: property, input: input, to: &views)
    } else {
      keyframes.stops.withUnsafeBufferPointer { stops in
        Self.apply(
          KeyframeCurve(stops: stops, keyframes: keyframes), property: property, input: input,
          to: &views)
      }
    }
  }

  /// ``apply(to:)`` of steps, `linear(...)` and view ranges, out of line:
  /// the witness of the other forms then reads nothing of ``shape``, whose
  /// curve and range, read there, made every call copy them.
  @inline(never)
  func applyShaped(to views: inout ViewBatch) {
    // The curve and the timeline, not the shape: passing the shape made the
    // callee copy all of it to switch on its curve.
    let shape = prepared.shape
    Self.apply(keyframes, shape.curve, shape.timeline, property: property, input: input, to: &views)
  }
}
