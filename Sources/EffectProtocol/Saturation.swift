/// The largest magnitude an effect writes into a scale factor or another
/// value it multiplies or extrapolates: 1e15.
///
/// Parameters are bounded (``NumberRange/limit``) and a host bounds offsets,
/// so sums stay finite; products and extrapolations compound along a chain,
/// so effects that make them saturate here instead of overflowing to infinity.
public let saturationLimit = 1e15

/// `value` clamped to `-saturationLimit...saturationLimit`.
@inlinable
public func saturated(_ value: Double) -> Double {
  min(max(value, -saturationLimit), saturationLimit)
}
