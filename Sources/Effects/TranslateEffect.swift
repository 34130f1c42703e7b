import EffectProtocol

/// Moves a view along one axis in proportion to the scroll offset, within a
/// range of offsets: SwiftUI's `transformEffect` driven by the offset.
///
/// Adds `factor * (clamp(offset, from, to) - clamp(0, from, to))` points to
/// `x` or `y`: zero at rest, changing only while the offset is between `from`
/// and `to`. `axis` defaults to `y`, `factor` to 1 (any from -1e9 to 1e9),
/// `from` and `to` (offsets in points) to `null`, no bound. When both are
/// given, `from` is not greater than `to`. The iOS 18 article's header (an
/// image behind the scroll view) is a viewport-attached view with `factor` -1
/// and `from` 0: it rises with the content once scrolled up.
public struct TranslateEffect: ParameterizedEffect, StatelessScrollEffect, Equatable {
  /// The axis the view moves along.
  public enum Axis: String, Sendable, CaseIterable {
    case x, y
  }

  /// The axis the view moves along; default `y`.
  public var axis: Axis
  /// The `"axis"` key: the axis the view moves along, `"x"` or `"y"`; default `"y"`.
  public static let axis = EffectParameter.choice(
    "axis", default: Axis.y, summary: "the axis the view moves along")

  /// Points moved per point of offset; default 1.
  public var factor: Double
  /// The `"factor"` key: how far the view moves per point of offset, from -1e9 to 1e9; default 1.
  public static let factor = EffectParameter.number(
    "factor", default: 1, in: .finite, unit: ParameterUnit("points per point of offset"),
    summary: "how far the view moves per point of offset")

  /// The offset below which the view stops moving, or `nil` (the default)
  /// for none.
  public var from: Double?
  /// The `"from"` key: the offset below which the view stops moving, points; default `null`,
  /// none.
  public static let from = EffectParameter.optionalNumber(
    "from", in: .finite, unit: .offset,
    summary: "the offset below which the view stops moving; null for none")

  /// The offset above which the view stops moving, or `nil` (the default)
  /// for none.
  public var to: Double?
  /// The `"to"` key: the offset above which the view stops moving, points; default `null`, none.
  public static let to = EffectParameter.optionalNumber(
    "to", in: .finite, unit: .offset,
    summary: "the offset above which the view stops moving; null for none")

  /// The effect with these parameters, each one left out at its default.
  ///
  /// Values set in code, here or through the properties, are not checked against the parameters'
  /// ranges, as decoding checks a file's: a value outside its range is used as given. A NaN or
  /// infinite `factor`, `from` or `to` can make the moved field NaN or infinite. The output may
  /// then break the rules effects keep for finite input (every field finite, opacity in 0...1,
  /// width, height and blur 0 or more), which ``ViewTransform/contractViolation`` reports.
  public init(
    axis: Axis = Self.axis.defaultValue, factor: Double = Self.factor.defaultValue,
    from: Double? = Self.from.defaultValue, to: Double? = Self.to.defaultValue
  ) {
    self.axis = axis
    self.factor = factor
    self.from = from
    self.to = to
  }

  /// The parameters `axis`, `factor`, `from` and `to`, read in this order, with
  /// ``init(axis:factor:from:to:)``.
  public static let parameterList = ParameterList(
    Self.init(axis:factor:from:to:), axis, factor, from, to)

  public init(from reader: inout ParameterReader) {
    self.init(parametersFrom: &reader)
    if let from, let to, from > to {
      reader.report(
        .mismatch(
          expected: "a number not greater than \"to\" (\(MessageText.number(to)))",
          found: .number(from)),
        at: "from")
    }
  }

  public static let descriptor = EffectDescriptor(
    typeName: "translate",
    summary: "Moves a view along x or y in proportion to the offset, within a range of offsets.",
    discussion: """
      Adds factor * (clamp(offset, from, to) - clamp(0, from, to)) to x or y: zero at rest,
      changing only while the offset is between from and to (null: no bound). When both are
      given, from must not be greater than to. The amount saturates at 1e15 in magnitude, as
      every product an effect makes does.

      The iOS 18 article's onScrollGeometryChange header is a viewport-attached view with
      [stretch, {"type": "translate", "factor": -1, "from": 0}]: an overlay that does not
      scroll gives the same frames as the content-attached stretchy header under stretch.
      """,
    parameters: parameterList.descriptors,
    examples: [
      EffectExample(
        "the iOS 18 article's overlay, scrolled 150: rises with the content",
        parameters: #"{"factor": -1, "from": 0}"#, setup: ExampleSetup(attachment: .viewport),
        offset: 150, expected: [.y: -150]),
      EffectExample(
        "the iOS 18 article's overlay, pulled down 100: stays",
        parameters: #"{"factor": -1, "from": 0}"#, setup: ExampleSetup(attachment: .viewport),
        offset: -100, expected: [:]),
      EffectExample(
        "factor 1 cancels the scroll of a content-attached view", offset: 100, expected: [.y: 0]),
      EffectExample(
        "along x at half the offset", parameters: #"{"axis": "x", "factor": 0.5}"#, offset: 100,
        expected: [.x: 50]),
      EffectExample(
        "only between offsets 0 and 100: moved by 100 only",
        parameters: #"{"from": 0, "to": 100}"#, offset: 300, expected: [.y: -200]),
      EffectExample(
        "the iOS 18 article's header after stretch, pulled down 100: fills the gap",
        parameters: #"{"factor": -1, "from": 0}"#, chainedAfter: [#"{"type": "stretch"}"#],
        setup: ExampleSetup(attachment: .viewport), offset: -100,
        expected: [.y: 0, .height: 400]),
      EffectExample(
        "the iOS 18 article's header after stretch, at rest",
        parameters: #"{"factor": -1, "from": 0}"#, chainedAfter: [#"{"type": "stretch"}"#],
        setup: ExampleSetup(attachment: .viewport),
        offset: 0, expected: [.y: 0, .height: 300]),
      EffectExample(
        "the iOS 18 article's header after stretch, scrolled 150: rises with the content",
        parameters: #"{"factor": -1, "from": 0}"#, chainedAfter: [#"{"type": "stretch"}"#],
        setup: ExampleSetup(attachment: .viewport), offset: 150,
        expected: [.y: -150, .height: 300]),
    ], defaultReducedMotion: "skip")

  /// Skipped: the view moves for decoration.
  public var defaultReducedMotion: ReducedMotion { .skip }

  // Inlined into the protocol witness: one call a chain instead of two.
  @inline(__always)
  public func apply(to views: inout ViewBatch) {
    let shift = shift(at: views.geometry.offset)
    guard shift != 0 else { return }
    switch axis {
    case .x:
      views.modifyEach { view in view.x += shift }
    case .y:
      views.modifyEach { view in view.y += shift }
    }
  }

  /// How far the view moves along ``axis`` at `offset`:
  /// `factor * (clamp(offset, from, to) - clamp(0, from, to))`, saturated.
  @inline(__always)
  func shift(at offset: Double) -> Double {
    let lower = from ?? -.infinity
    let upper = to ?? .infinity
    func clamped(_ offset: Double) -> Double { min(max(offset, lower), upper) }
    return Saturation.clamp(factor * (clamped(offset) - clamped(0)))
  }
}
