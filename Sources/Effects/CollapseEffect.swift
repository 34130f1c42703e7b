import EffectProtocol

/// Shrinks a view against a line near the top as the content scrolls up: the
/// collapsing (sticky and shrinking) header of the Stack Overflow question's
/// first answer.
///
/// The line is `L = It + inset` (points; `inset` defaults to 0 and may be
/// negative). While the view's current top `y` is at or below `L` nothing
/// changes. Past it, by the excess `e = L - y` (for an unmoved
/// content-attached view, `offset - (y0 - inset)`), the view's top stays at
/// `L` and its height shrinks by `e`, down to `minHeight` (points, 0 or more,
/// default 0): `height = max(minHeight, h - e)`; a view already shorter than
/// `minHeight` keeps its height. Once the height can shrink no further the
/// view stays at `L` when `pinned` (the default, `true`), or else scrolls away
/// by the rest of the excess, `y = L - (e - (h - height))`, its bottom moving
/// with the content. `y` and `h` are the current frame, so the effect
/// also works on viewport-attached views moved by earlier effects.
public struct CollapseEffect: ParameterizedEffect, StatelessScrollEffect, Equatable {
  /// The height the view collapses to, in points; default 0.
  public var minHeight: Double
  /// The `"minHeight"` key: the height the view collapses to, points, 0 or more; default 0.
  public static let minHeight = EffectParameter.number(
    "minHeight", default: 0, in: .nonNegative, unit: .points,
    summary: "the height the view collapses to")

  /// The line's distance below the top content inset, in points; default 0.
  public var inset: Double
  /// The `"inset"` key: the line's distance below the top content inset, points; default 0.
  public static let inset = EffectParameter.number(
    "inset", default: 0, in: .finite, unit: .points,
    summary: "the line's distance below the top content inset")

  /// Whether the collapsed view stays at the line; default `true`.
  public var pinned: Bool
  /// The `"pinned"` key: whether the collapsed view stays at the line or scrolls away; default
  /// `true`.
  public static let pinned = EffectParameter.bool(
    "pinned", default: true,
    summary: "whether the collapsed view stays at the line or scrolls away")

  /// The effect with these parameters, each one left out at its default.
  ///
  /// Values set in code, here or through the properties, are not checked against the parameters'
  /// ranges, as decoding checks a file's: a value outside its range is used as given. A negative
  /// `minHeight` lets the height shrink below 0 (`minHeight: -50` can give a height of -50); a NaN
  /// or infinite `minHeight` or `inset` can make `y` or `height` NaN or infinite. The output may
  /// then break the rules effects keep for finite input (every field finite, opacity in 0...1,
  /// width, height and blur 0 or more), which ``ViewTransform/contractViolation`` reports.
  public init(
    minHeight: Double = Self.minHeight.defaultValue, inset: Double = Self.inset.defaultValue,
    pinned: Bool = Self.pinned.defaultValue
  ) {
    self.minHeight = minHeight
    self.inset = inset
    self.pinned = pinned
  }

  /// The parameters `minHeight`, `inset` and `pinned`, read in this order, with
  /// ``init(minHeight:inset:pinned:)``.
  public static let parameterList = ParameterList(
    Self.init(minHeight:inset:pinned:), minHeight, inset, pinned)

  public static let descriptor = EffectDescriptor(
    typeName: "collapse",
    summary: "Shrinks a view against a line near the top as the content scrolls up.",
    discussion: """
      Line L = It + inset; excess e = L - y, from the view's current top (offset - (y0 - inset)
      for a content-attached view that no earlier effect moved). While e <= 0 nothing changes.
      Past it the view's top stays at L and its height shrinks by the excess, down to
      minHeight: height = max(minHeight, h - e) (a view already shorter than minHeight keeps
      its height). Once it can shrink no further it stays at L when pinned, or else scrolls
      away by the rest of the excess, y = L - (e - (h - height)), its bottom moving with the
      content. Measuring from the current top makes the effect work after parallax and on
      viewport-attached views too. The sticky stretchy header of the Stack Overflow question's
      first answer is [stretch, collapse].
      """,
    parameters: parameterList.descriptors,
    examples: [
      EffectExample(
        "scrolled 120: held at the top, 120 shorter", offset: 120,
        expected: [.y: 0, .height: 180]),
      EffectExample(
        "scrolled 400: collapsed to nothing", offset: 400, expected: [.y: 0, .height: 0]),
      EffectExample(
        "down to 100 points", parameters: #"{"minHeight": 100}"#, offset: 400,
        expected: [.y: 0, .height: 100]),
      EffectExample(
        "down to 100 points, then scrolling away",
        parameters: #"{"minHeight": 100, "pinned": false}"#, offset: 400,
        expected: [.y: -200, .height: 100]),
      EffectExample(
        "pulled down 50: below the line, unchanged", offset: -50, expected: [:]),
      EffectExample(
        "after stretch, pulled down 50: stretched, below the line",
        chainedAfter: [#"{"type": "stretch"}"#], offset: -50, expected: [.y: 0, .height: 350]),
      EffectExample(
        "after stretch, scrolled 300: collapsed to nothing at the top",
        chainedAfter: [#"{"type": "stretch"}"#], offset: 300, expected: [.y: 0, .height: 0]),
    ])

  // Inlined into the protocol witness: one call a chain instead of two.
  @inline(__always)
  public func apply(to views: inout ViewBatch) {
    let line = views.geometry.contentInsets.top + inset
    let minHeight = self.minHeight
    // Only a view past the line changes: the others are read alone.
    let pastLine: (ViewTransform) -> Bool = { line - $0.y > 0 }
    if pinned {
      views.modifyEach(where: pastLine) {
        Self.collapsePinned(&$0, line: line, minHeight: minHeight)
      }
    } else {
      views.modifyEach(where: pastLine) {
        Self.collapseUnpinned(&$0, line: line, minHeight: minHeight)
      }
    }
  }

  /// A pinned collapse of `view`, which is past `line` (`line - y > 0`):
  /// it shrinks by the excess, to `minHeight` at least, and stays at the line.
  @inline(__always)
  static func collapsePinned(_ view: inout ViewTransform, line: Double, minHeight: Double) {
    let excess = line - view.y
    view.height = min(view.height, greater(minHeight, view.height - excess))
    view.y = line
  }

  /// A collapse of `view` that scrolls away, `view` past `line`: it
  /// shrinks as ``collapsePinned(_:line:minHeight:)`` does, its bottom
  /// where it was.
  @inline(__always)
  static func collapseUnpinned(_ view: inout ViewTransform, line: Double, minHeight: Double) {
    let excess = line - view.y
    let height = min(view.height, greater(minHeight, view.height - excess))
    // line - (excess - (h - height)), the part of the excess the shrinking
    // did not take moving the view up past the line, is y + (h - height):
    // the bottom stays put. This form does not lose y to rounding when
    // the line is far away.
    view.y += view.height - height
    view.height = height
  }
}
