/// How effects keep products and extrapolations finite: they saturate at
/// ``limit`` instead of overflowing to infinity.
public enum Saturation {
  /// The largest magnitude an effect writes into a scale factor or another
  /// value it multiplies or extrapolates: 1e15.
  ///
  /// Parameters are bounded (``NumberRange/limit``) and a host bounds offsets,
  /// so sums stay finite; products and extrapolations compound along a chain,
  /// so effects that make them saturate here instead of overflowing to infinity.
  public static let limit = 1e15

  /// `value` clamped to `-Saturation.limit...Saturation.limit`.
  ///
  /// Infinities become the limits; NaN stays NaN, on purpose: a NaN has no
  /// nearest finite value, so the effects make none (their inputs are
  /// saturated where they are computed, see
  /// ``ScrollGeometry/coverProgress(minY:height:viewportHeight:)``) rather than
  /// have this hide one.
  @inlinable
  public static func clamp(_ value: Double) -> Double {
    min(max(value, -Saturation.limit), Saturation.limit)
  }
}
