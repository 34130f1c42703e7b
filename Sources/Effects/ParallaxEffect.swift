import EffectProtocol

/// Moves a view at a different speed from the content while it scrolls up:
/// the parallax header.
///
/// `y += rate * max(0, offset)`, in points: rate 0 moves with the content,
/// 1 holds a content-attached view fixed, 0.5 (the default) moves it at half
/// speed (Android's parallax multiplier). Any rate from -1e9 to 1e9 is
/// allowed: above 1 the view moves down, below 0 faster than the content.
/// Pulling past the top (offset < 0) moves nothing. A viewport-attached view
/// moves down by the same amount.
public struct ParallaxEffect: ParameterizedEffect, StatelessScrollEffect, Equatable {
  /// The share of the scroll the view resists; default 0.5.
  public var rate: Double
  /// The `"rate"` key: the share of the scroll the view resists, a factor from -1e9 to 1e9;
  /// default 0.5.
  public static let rate = EffectParameter.number(
    "rate", default: 0.5, in: .finite, unit: .factor,
    summary: "the share of the scroll the view resists")

  /// The effect with these parameters, each one left out at its default.
  ///
  /// Values set in code, here or through the properties, are not checked against the parameters'
  /// ranges, as decoding checks a file's: a value outside its range is used as given. A rate beyond
  /// ±1e9 moves the view by up to ``Saturation/limit``; a NaN or infinite rate can make `y` NaN.
  /// The output may then break the rules effects keep for finite input (every field finite, opacity
  /// in 0...1, width, height and blur 0 or more), which ``ViewTransform/contractViolation``
  /// reports.
  public init(rate: Double = Self.rate.defaultValue) {
    self.rate = rate
  }

  /// The one parameter, `rate`, with ``init(rate:)``.
  public static let parameterList = ParameterList(
    Self.init(rate:), rate)

  public static let descriptor = EffectDescriptor(
    typeName: "parallax",
    summary: "Moves a view at a different speed from the content while it scrolls up.",
    discussion: """
      y += rate * max(0, offset). rate 0 moves with the content, 1 holds a content-attached view
      fixed, 0.5 moves it at half speed (Android's parallax multiplier); above 1 the view moves
      down, below 0 faster than the content. Pulling past the top (offset < 0) moves nothing.
      A viewport-attached view moves down by the same amount. The amount saturates at 1e15,
      as every product an effect makes does (rate 2 moves 1e15 at an offset of 6e14).
      """,
    parameters: parameterList.descriptors,
    examples: [
      EffectExample("scrolled 100 at rate 0.5: 50 up", offset: 100, expected: [.y: -50]),
      EffectExample(
        "rate 1: held in place", parameters: #"{"rate": 1}"#, offset: 200, expected: [.y: 0]),
      EffectExample(
        "rate 0: moves with the content", parameters: #"{"rate": 0}"#, offset: 200,
        expected: [.y: -200]),
      EffectExample("pulled down 100: no parallax", offset: -100, expected: [.y: 100]),
    ], defaultReducedMotion: "skip")

  /// Skipped: the view moves for decoration.
  public var defaultReducedMotion: ReducedMotion { .skip }

  // Inlined into the protocol witness: one call a chain instead of two.
  @inline(__always)
  public func apply(to views: inout ViewBatch) {
    apply(to: &views, saturating: true, mayBeZero: true)
  }

  /// ``apply(to:)``, with the shift saturated only when `saturating` and
  /// tested for 0 only when it `mayBeZero`. A group of chains passes both
  /// as constants, when it knows the answers (``shiftTests(_:_:)``).
  @inline(__always)
  func apply(to views: inout ViewBatch, saturating: Bool, mayBeZero: Bool) {
    let shift = shift(in: views.geometry, saturating: saturating)
    // A shift of 0 leaves the view as it is (its y may be -0).
    if mayBeZero { guard shift != 0 else { return } }
    views.modifyEach { view in
      view.y += shift
    }
  }

  /// How far the view moves down in `geometry`: `rate * max(0, offset)`,
  /// saturated when `saturating`.
  @inline(__always)
  func shift(in geometry: ScrollGeometry, saturating: Bool) -> Double {
    let product = rate * max(0, geometry.offset)
    return saturating ? Saturation.clamp(product) : product
  }
}

extension ParallaxEffect {
  /// The smallest rate magnitude of ``RateClass/bounded``, and the smallest
  /// scroll that such a rate is known to move by a nonzero amount: their
  /// product is far above the smallest normal number, so it cannot round
  /// to 0.
  static var smallestBoundedRate: Double { 1e-150 }

  /// What a rate tells of its shifts before any frame.
  package enum RateClass: Hashable {
    /// A magnitude from ``smallestBoundedRate`` to 1: the shift needs no
    /// saturation (a host bounds the offset by ``Saturation/limit``, its
    /// `offsetLimit`, which a test checks is the same) and is not 0 once the
    /// content is scrolled by at least ``smallestBoundedRate``.
    case bounded
    /// Any other rate: the shift may need saturation and may be 0.
    case unbounded
  }

  /// This rate's class.
  var rateClass: RateClass {
    abs(rate) >= Self.smallestBoundedRate && abs(rate) <= 1 ? .bounded : .unbounded
  }

  /// The tests that ``apply(to:)`` makes of a shift, as far as a frame
  /// needs them.
  enum ShiftTests {
    /// Neither saturation nor a test for 0.
    case neither
    /// A test for 0 only.
    case zero
    /// Saturation and a test for 0: every test ``apply(to:)`` makes.
    case all
  }

  /// Which tests the shifts of rates of `rateClass` need in a frame of
  /// `geometry`, as far as the class and the scroll tell.
  @inline(__always)
  static func shiftTests(_ rateClass: RateClass, _ geometry: ScrollGeometry) -> ShiftTests {
    switch rateClass {
    case .bounded: geometry.offset < smallestBoundedRate ? .zero : .neither
    case .unbounded: .all
    }
  }
}
