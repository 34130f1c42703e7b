/// The greater of `x` and `y`: `max(x, y)` for numbers that are not NaN, as
/// the processor's own maximum (`maxsd` on x86-64).
///
/// Swift's `max(x, y)` is `y >= x ? y : x`, whose answer for a NaN the
/// processor's maximum does not give, so it compiles to a comparison and a
/// blend. `x > y ? x : y` is the processor's own: for any `x` and `y` that
/// are not NaN it is the same number as `max(x, y)`, bit for bit (equal
/// numbers, `-0.0` and `0.0` among them, give `y` in both). Given a NaN,
/// it gives `y` where `max` gives `x`.
///
/// The built-in effects' kernels take it for the `max` of their formulas on
/// the values of views, which are finite for a finite geometry: their
/// outputs are the formulas', in less code a view.
@inlinable @inline(__always)
package func greater(_ x: Double, _ y: Double) -> Double {
  x > y ? x : y
}
