import EffectProtocol

/// Stretches a view into the gap that opens when the content is pulled past an
/// edge: the stretchy header (top) and stretchy footer (bottom) of the articles.
///
/// The stretch is `s = min(resistance * pull, maxStretch)` for the top edge
/// (`pullBottom` for the bottom edge), in points.
/// - `grow`: the height grows by `s` and the edge the content is pulled away
///   from stays put. Top edge: a content-attached view moves up by `s` (its
///   top stays where it rests), a viewport-attached one keeps its origin and
///   grows downward. Bottom edge, the mirror image: a content-attached view
///   keeps its origin and grows downward, a viewport-attached one moves up.
/// - `zoom`: the layout height is unchanged; the view is scaled uniformly by
///   `(h + s) / h` about the centre of the edge that stays put (anchor 0.5, 0
///   for the top edge, 0.5, 1 for the bottom edge), placed so that the visual
///   covers exactly the frame `grow` would give. A view of height 0 cannot be
///   scaled to cover anything and grows instead.
public struct StretchEffect: ParameterizedEffect, StatelessScrollEffect, Equatable {
  /// The edge whose overscroll stretches the view.
  public enum Edge: String, Sendable, CaseIterable {
    case top, bottom
  }

  /// How the stretch is shown.
  public enum Mode: String, Sendable, CaseIterable {
    /// The layout frame grows.
    case grow
    /// The layout frame keeps its size and the view is scaled.
    case zoom
  }

  /// The edge whose overscroll stretches the view; default `top`.
  public var edge: Edge
  /// The `"edge"` key: the edge whose overscroll stretches the view, `"top"` or `"bottom"`;
  /// default `"top"`.
  public static let edge = EffectParameter.choice(
    "edge", default: Edge.top, summary: "the edge whose overscroll stretches the view")

  /// The fraction of the overscroll that stretches the view, 0...1; default 1.
  public var resistance: Double
  /// The `"resistance"` key: the share of the overscroll that becomes stretch, 0 to 1; default 1.
  public static let resistance = EffectParameter.number(
    "resistance", default: 1, in: .unitInterval, unit: .fraction,
    summary: "the share of the overscroll that becomes stretch")

  /// The largest stretch in points, or `nil` (the default) for no limit.
  public var maxStretch: Double?
  /// The `"maxStretch"` key: the largest stretch, points, 0 or more; default `null`, no limit.
  public static let maxStretch = EffectParameter.optionalNumber(
    "maxStretch", in: .nonNegative, unit: .points, summary: "the largest stretch; null for no limit"
  )

  /// How the stretch is shown; default `grow`.
  public var mode: Mode
  /// The `"mode"` key: `"grow"` grows the layout frame, `"zoom"` keeps it and scales the view;
  /// default `"grow"`.
  public static let mode = EffectParameter.choice(
    "mode", default: Mode.grow, summary: "grow the layout frame, or keep it and scale the view")

  /// The effect with these parameters, each one left out at its default.
  ///
  /// Values set in code, here or through the properties, are not checked against the parameters'
  /// ranges, as decoding checks a file's: a value outside its range is used as given. A negative
  /// `resistance` or `maxStretch` shrinks the view as the content is pulled, to a negative height
  /// once it shrinks by more than its height; a NaN or infinite one can make the frame or the scale
  /// NaN or infinite. The output may then break the rules effects keep for finite input (every
  /// field finite, opacity in 0...1, width, height and blur 0 or more), which
  /// ``ViewTransform/contractViolation`` reports.
  public init(
    edge: Edge = Self.edge.defaultValue, resistance: Double = Self.resistance.defaultValue,
    maxStretch: Double? = Self.maxStretch.defaultValue, mode: Mode = Self.mode.defaultValue
  ) {
    self.edge = edge
    self.resistance = resistance
    self.maxStretch = maxStretch
    self.mode = mode
  }

  /// The parameters `edge`, `resistance`, `maxStretch` and `mode`, read in this order, with
  /// ``init(edge:resistance:maxStretch:mode:)``.
  public static let parameterList = ParameterList(
    Self.init(edge:resistance:maxStretch:mode:), edge, resistance, maxStretch, mode)

  public static let descriptor = EffectDescriptor(
    typeName: "stretch",
    summary: "Stretches a view into the gap when the content is pulled past the top or bottom.",
    discussion: """
      s = min(resistance * pull, maxStretch) for the top edge, min(resistance * pullBottom,
      maxStretch) for the bottom edge. With s = 0 nothing changes.

      - grow: height += s, and the edge the content is pulled away from stays put. Top edge: a
      content-attached view moves up, y -= s (its top stays where it rests); a
      viewport-attached view keeps y and grows downward. Bottom edge, the mirror image: a
      content-attached view keeps y and grows downward; a viewport-attached view moves up,
      y -= s.
      - zoom: the layout height stays h; the view is scaled uniformly, scaleX = scaleY =
      (h + s) / h (multiplying any scale before it), about the centre of the edge that stays
      put: anchor (0.5, 0) for the top edge, (0.5, 1) for the bottom edge. The frame is placed
      so that the scaled visual covers exactly the frame grow gives: for the top edge the frame
      has grow's origin; for the bottom edge its bottom meets grow's bottom (y = grow's y + s).
      A view of height 0 cannot be scaled to cover anything, so zoom grows it instead. The
      anchor is set only while stretching, so at rest the effect is the identity.

      The zoom of a header (a picture that keeps its layout frame and scales from the centre
      of its top edge) matches the popular "scale the image" stretchy header in its drawn top,
      drawn height, uniform scale and horizontal centre; hand-written versions that also widen
      the layout frame by twice the pull differ from it there.
      """,
    parameters: parameterList.descriptors,
    examples: [
      EffectExample(
        "pulled down 100: the header fills the gap", offset: -100,
        expected: [.y: 0, .height: 400]),
      EffectExample(
        "scrolled up 150: the header scrolls away unchanged", offset: 150,
        expected: [.y: -150, .height: 300]),
      EffectExample(
        "half resistance, at most 40 points: s = min(50, 40)",
        parameters: #"{"resistance": 0.5, "maxStretch": 40}"#,
        offset: -100, expected: [.y: 60, .height: 340]),
      EffectExample(
        "zoom: same area, scaled by 400/300 from the top edge", parameters: #"{"mode": "zoom"}"#,
        offset: -100,
        expected: [
          .y: 0, .height: 300, .scaleX: 400.0 / 300.0, .scaleY: 400.0 / 300.0, .anchorY: 0,
        ]),
      EffectExample(
        "viewport-attached overlay: the origin stays, the height grows",
        setup: ExampleSetup(attachment: .viewport), offset: -100, expected: [.y: 0, .height: 400]),
      EffectExample(
        "a 180-point footer at the end of 2000 points, pulled 50 past the bottom",
        parameters: #"{"edge": "bottom"}"#,
        setup: footerSetup, offset: 1206, expected: [.y: 614, .height: 230]),
      EffectExample(
        "the same footer at maxOffset 1156: no stretch", parameters: #"{"edge": "bottom"}"#,
        setup: footerSetup, offset: 1156, expected: [.y: 664, .height: 180]),
      EffectExample(
        "the same footer zoomed: scaled by 230/180 from the bottom edge",
        parameters: #"{"edge": "bottom", "mode": "zoom"}"#, setup: footerSetup, offset: 1206,
        expected: [
          .y: 664, .height: 180, .scaleX: 230.0 / 180.0, .scaleY: 230.0 / 180.0, .anchorY: 1,
        ]),
      EffectExample(
        "a viewport-attached 180-point view at y 664, pulled 50 past the bottom: moves up",
        parameters: #"{"edge": "bottom"}"#,
        setup: ExampleSetup(frame: Rect(y: 664, width: 390, height: 180), attachment: .viewport),
        offset: 1206, expected: [.y: 614, .height: 230]),
    ])

  static let footerSetup = ExampleSetup(frame: Rect(y: 1820, width: 390, height: 180))

  // Inlined into the protocol witness: one call a chain instead of two.
  @inline(__always)
  public func apply(to views: inout ViewBatch) {
    let geometry = views.geometry
    let overscroll = edge == .top ? geometry.pull : geometry.pullBottom
    var stretch = resistance * overscroll
    if let maxStretch = maxStretch { stretch = min(stretch, maxStretch) }
    guard stretch > 0 else { return }
    // Top edge and carried, or bottom edge and fixed: the view must move up
    // by the stretch to keep the right edge in place.
    let movesUp = (edge == .top) == (views.attachment == .content)
    let shift = movesUp ? -stretch : 0
    switch mode {
    case .grow:
      views.modifyEach { view in
        view.y += shift
        view.height += stretch
      }
    case .zoom:
      let anchorY: Double = edge == .top ? 0 : 1
      views.modifyEach { view in
        let height = view.height
        guard height > 0 else {
          view.y += shift
          view.height += stretch
          return
        }
        let factor = Saturation.clamp((height + stretch) / height)
        // The visual spans the grow frame: for the top edge the frame keeps
        // grow's origin; for the bottom edge its bottom meets grow's bottom.
        view.y += edge == .top ? shift : shift + stretch
        view.scaleX = Saturation.clamp(view.scaleX * factor)
        view.scaleY = Saturation.clamp(view.scaleY * factor)
        view.anchorX = 0.5
        view.anchorY = anchorY
      }
    }
  }
}
