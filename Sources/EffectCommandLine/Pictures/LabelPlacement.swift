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
  /// The labels placed so far.
  private(set) var placed: [Box] = []

  /// The width of `text` in 12-point Helvetica, estimated: 6.7 points a character.
  static func estimatedWidth(of text: String) -> Double { Double(text.count) * 6.7 }

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
      if y + Self.lineHeight > bottom {
        y = first
        break
      }
    }
    placed.append(box(y))
    return (x, y)
  }
}
