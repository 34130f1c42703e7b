import EffectProtocol

/// Where a frame's view labels go so that none is written over another:
/// each at the top-left of its view's visible part, moved down a line at a
/// time while it would overlap a label placed before it.
///
/// The filmstrip places labels with an estimated text width; the preview's
/// page does the same with the widths the browser measures.
struct LabelPlacement {
  /// A label's box: left, top, right, bottom, points.
  struct Box: Equatable {
    var left, top, right, bottom: Double

    func overlaps(_ other: Box) -> Bool {
      left < other.right && other.left < right && top < other.bottom && other.top < bottom
    }
  }

  /// The height of a line of labels, points (12-point text and a gap).
  static let lineHeight = 15.0
  /// How far a label's text reaches below the top of its box, points: the
  /// baseline 13 below it and 12-point text's descenders 3 below that.
  static let textDepth = 16.0
  /// The height a label takes in a view's visible part, points: its 3-point
  /// inset from the part's top, then its text.
  static let labelHeight = 3 + textDepth
  /// The labels placed so far.
  private(set) var placed: [Box] = []

  /// The width of `text` in 12-point text, estimated to be at least what
  /// Helvetica and DejaVu Sans draw (``TextWidth``).
  static func estimatedWidth(of text: String) -> Double {
    TextWidth.width(of: text, fontSize: 12)
  }

  /// The part of `frame` where its label `labelWidth` wide goes: `frame`
  /// within `viewport`, less each of `covers` (the frames drawn above it)
  /// that spans it across (the whole height, or the whole width), until
  /// none does. A cover that spans it splits it in two, and the larger piece
  /// is kept (the first on a tie). `nil` when nothing is left, when the
  /// viewport's edges or the covers have cut it narrower than the label (or
  /// shorter than ``labelHeight``), or when the label would end below the
  /// viewport: a chip scrolled under a pinned chip, or a row under a pinned
  /// header, is labelled where it comes out from under it, and a card
  /// peeking in at the edge is not labelled with half a name, nor a row
  /// with the bottom of one.
  ///
  /// A frame drawn flipped (a negative scale, hence width or height) is the
  /// box it covers, and a cover of no area (scaled to 0) covers nothing.
  static func visiblePart(
    of frame: Rect, in viewport: Size, under covers: [Rect], labelWidth: Double
  ) -> Rect? {
    let frame = box(frame)
    let covers = covers.map(box).filter { $0.width > 0 && $0.height > 0 }
    var (left, right) = (max(frame.x, 0), min(frame.x + frame.width, viewport.width))
    var (top, bottom) = (max(frame.y, 0), min(frame.maxY, viewport.height))
    // The larger of the pieces of low...high either side of cover.
    func split(_ low: inout Double, _ high: inout Double, _ start: Double, _ end: Double) -> Bool {
      guard start < high && end > low else { return false }
      let (before, after) = (start - low, high - end)
      if before >= after { high = start } else { low = end }
      return true
    }
    var trimmed = true
    while trimmed && left < right && top < bottom {
      trimmed = false
      for cover in covers {
        if cover.y <= top && cover.maxY >= bottom
          && split(&left, &right, cover.x, cover.x + cover.width)
        {
          trimmed = true
        }
        if left < right && cover.x <= left && cover.x + cover.width >= right
          && split(&top, &bottom, cover.y, cover.maxY)
        {
          trimmed = true
        }
      }
    }
    guard left < right && top < bottom else { return nil }
    // Cut (by less than a rounding's width, which is no cut) too narrow or too short.
    if right - left < frame.width - 0.01 && right - left < labelWidth + 6 { return nil }
    if bottom - top < frame.height - 0.01 && bottom - top < labelHeight { return nil }
    if top + labelHeight > viewport.height { return nil }
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The box `frame` covers: its width and height made positive, its
  /// origin moved to its left and top edges.
  static func box(_ frame: Rect) -> Rect {
    Rect(
      x: min(frame.x, frame.x + frame.width), y: min(frame.y, frame.y + frame.height),
      width: abs(frame.width), height: abs(frame.height))
  }

  /// The top-left corner of a label `width` wide for a view whose visible
  /// part starts at (`left`, `top`) and ends at `bottom`: (left + 6, top + 3),
  /// moved down by ``lineHeight`` until it overlaps no placed label; where
  /// no free place is left inside the view, the first place.
  mutating func place(width: Double, left: Double, top: Double, bottom: Double) -> (
    x: Double, y: Double
  ) {
    let x = left + 6
    var y = top + 3
    let first = y
    func box(_ y: Double) -> Box {
      Box(left: x, top: y, right: x + width, bottom: y + Self.lineHeight - 1)
    }
    while placed.contains(where: { $0.overlaps(box(y)) }) {
      y += Self.lineHeight
      if y + Self.textDepth > bottom {
        y = first
        break
      }
    }
    placed.append(box(y))
    return (x, y)
  }
}
