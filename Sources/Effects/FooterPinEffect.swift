import EffectProtocol

/// Keeps a footer's bottom edge on the viewport's bottom edge whenever a gap
/// opens below it: the stretchy views article's footer, or a sticky footer for short
/// content.
///
/// The gap is `max(0, V - Ib - maxY)` in points, measured from the view's
/// current frame (its bottom `y + height`) to the viewport's bottom edge
/// `V - Ib`. `stretch` (the default): the height grows by the gap; `move`: the
/// view moves down by the gap. With no gap the view is unchanged. On content
/// shorter than the viewport the gap is open at rest, so the footer fills it
/// even at offset 0.
public struct FooterPinEffect: ParameterizedEffect, StatelessScrollEffect, Equatable {
  /// How the gap below the footer is closed.
  public enum Mode: String, Sendable, CaseIterable {
    /// The footer grows down to the viewport's bottom edge.
    case stretch
    /// The footer moves down to the viewport's bottom edge.
    case move
  }

  /// How the gap below the footer is closed; default `stretch`.
  public var mode: Mode
  /// The `"mode"` key: `"stretch"` grows the footer into the gap, `"move"` moves it down onto
  /// the bottom edge; default `"stretch"`.
  public static let mode = EffectParameter.choice(
    "mode", default: Mode.stretch,
    summary: "grow the footer into the gap, or move it down onto the bottom edge")

  /// The effect with these parameters, each one left out at its default.
  public init(mode: Mode = Self.mode.defaultValue) {
    self.mode = mode
  }

  /// The one parameter, `mode`, with ``init(mode:)``.
  public static let parameterList = ParameterList(
    Self.init(mode:), mode)

  public static let descriptor = EffectDescriptor(
    typeName: "footerPin",
    summary:
      "Keeps a footer's bottom edge on the viewport's bottom edge when a gap opens below it.",
    discussion: """
      gap = max(0, V - Ib - (y + h)), from the bottom of the view's current frame to the
      viewport's bottom edge V - Ib. stretch: height += gap (the stretchy views article's footer); move:
      y += gap (a sticky footer for short content). With no gap nothing changes. On content
      shorter than the viewport the gap is open at rest, so the footer fills it even at
      offset 0.

      footerPin is not stretch with "edge": "bottom": the two agree only while the content is
      taller than the viewport (compare the examples at offset 1206 here and under stretch); on
      short content only footerPin fills the gap at rest.
      """,
    parameters: parameterList.descriptors,
    examples: [
      EffectExample(
        "a 180-point footer at the end of 2000 points, pulled 50 past the bottom",
        setup: footerSetup, offset: 1206, expected: [.y: 614, .height: 230]),
      EffectExample(
        "the same, moved instead of stretched", parameters: #"{"mode": "move"}"#,
        setup: footerSetup, offset: 1206, expected: [.y: 664, .height: 180]),
      EffectExample(
        "scrolled to maxOffset 1156 and no further: no gap, no change", setup: footerSetup,
        offset: 1156, expected: [:]),
      EffectExample(
        "short content: a 100-point footer at y 400 of 500 points fills down to 844 at rest",
        setup: shortContentSetup, offset: 0, expected: [.y: 400, .height: 444]),
      EffectExample(
        "short content, moved: the footer sits on the bottom edge",
        parameters: #"{"mode": "move"}"#, setup: shortContentSetup, offset: 0,
        expected: [.y: 744, .height: 100]),
    ])

  static let footerSetup = ExampleSetup(frame: Rect(y: 1820, width: 390, height: 180))
  static let shortContentSetup = ExampleSetup(
    frame: Rect(y: 400, width: 390, height: 100), contentHeight: 500)

  // Inlined into the protocol witness: one call a chain instead of two.
  @inline(__always)
  public func apply(to views: inout ViewBatch) {
    let bottom = Self.bottom(in: views.geometry)
    switch mode {
    case .stretch:
      views.modifyEach { Self.stretch(&$0, to: bottom) }
    case .move:
      views.modifyEach { Self.move(&$0, to: bottom) }
    }
  }

  /// `view` stretched down to `bottom` when it ends above it (`"stretch"`).
  @inline(__always)
  static func stretch(_ view: inout ViewTransform, to bottom: Double) {
    view.height += greater(0, bottom - (view.y + view.height))
  }

  /// `view` moved down to end at `bottom` when it ends above it (`"move"`).
  @inline(__always)
  static func move(_ view: inout ViewTransform, to bottom: Double) {
    view.y += greater(0, bottom - (view.y + view.height))
  }

  /// The line a view's bottom is held at in `geometry`: `V - Ib`.
  @inline(__always)
  static func bottom(in geometry: ScrollGeometry) -> Double {
    geometry.viewport.height - geometry.contentInsets.bottom
  }
}
