import EffectProtocol

/// `filmstrip`: an SVG of the viewport at each offset.
///
/// One SVG user unit is one point. Frame `i` is a `<g data-offset="O">`
/// translated to (`data-left`, `data-top`): the viewport's top-left corner.
/// The frames are laid out across the scroll axis, so that the content's
/// move from one frame to the next is read along aligned viewports: a
/// vertical scene's side by side with the offset under each frame, a
/// horizontal scene's one above the other with the offset right of each.
/// Inside a frame, clipped to the viewport (W x V on the screen), each view
/// is a `<g data-view="NAME">` holding a `<rect>` at its layout frame
/// (viewport coordinates, written with ``PictureText/decimals`` decimals)
/// whose `transform` scales it by `data-scale-x`, `data-scale-y` and
/// rotates it by `data-rotation` degrees about its anchor; the group
/// carries the opacity, and a blur of radius r points is an
/// `feGaussianBlur` of standard deviation r (CSS's `blur(r)`). Views are
/// drawn in ascending zIndex. Content-attached views are filled boxes with
/// a solid edge, viewport-attached ones hatched with a dashed edge. A
/// right-to-left scene is drawn as its twin's mirror image, its labels at
/// each view's top-right corner.
public struct FilmstripPicture: Sendable {
  /// The most views a frame labels: a frame with more in its viewport
  /// (a thousand rows of a point) has no room to name them, and placing
  /// each label under every later view costs their square.
  public static let maximumLabelledViews = 500

  /// The gap between frames, points.
  static let gap = 28.0
  /// The room under a frame for its offset (frames side by side).
  static let captionHeight = 44.0
  /// The room right of a frame for its offset (frames one above the other).
  static let captionWidth = 200.0
  /// The room above the frames for the title and legend.
  static let headerHeight = 58.0
  /// The room above the frames of a horizontal scene: a line more, saying
  /// which way the content moves.
  static let sidewaysHeaderHeight = 76.0

  /// The frames drawn, in order.
  public var frames: [FrameDrawing]
  /// The scene's description, for the title.
  public var title: String

  public init(frames: [FrameDrawing], title: String = "") {
    self.frames = frames
    self.title = title
  }

  /// Whether the frames are stacked one above the other: a horizontal scene's.
  public var isStacked: Bool { frames.first?.axis == .horizontal }

  /// The screen's viewport, W x V.
  var viewport: Size { frames.first?.viewport ?? Size(width: 0, height: 0) }

  var headerHeight: Double { isStacked ? Self.sidewaysHeaderHeight : Self.headerHeight }

  /// Where frame `index`'s viewport corner is in the file.
  public func origin(ofFrame index: Int) -> (x: Double, y: Double) {
    let step = Double(index)
    if isStacked {
      return (Self.gap, headerHeight + step * (viewport.height + Self.gap))
    }
    return (Self.gap + step * (viewport.width + Self.gap), headerHeight)
  }

  /// The size of the whole picture: the frames', and at least as wide as
  /// the header's lines with ``gap`` either side (``headerWidth``; the
  /// legend's row alone makes 423 points).
  public var size: Size {
    let count = Double(frames.count)
    let header = headerWidth
    if isStacked {
      return Size(
        width: max(Self.gap + viewport.width + Self.captionWidth, header),
        height: headerHeight + count * (viewport.height + Self.gap))
    }
    return Size(
      width: max(Self.gap + count * (viewport.width + Self.gap), header),
      height: headerHeight + viewport.height + Self.captionHeight)
  }

  /// The width of the header's widest line (the legend's row, or a
  /// horizontal scene's line saying which way its content moves), its
  /// text's width estimated (``TextWidth``), with ``gap`` either side,
  /// rounded up to a whole point (so that the size, written with 2
  /// decimals, is not rounded down).
  var headerWidth: Double {
    var width = Self.legendSecondText + LabelPlacement.estimatedWidth(of: Self.legendAttached)
    if let line = sidewaysLine { width = max(width, LabelPlacement.estimatedWidth(of: line)) }
    return (2 * Self.gap + width).rounded(.up)
  }

  /// Where the legend's second text starts, right of the first frame's left edge.
  static let legendSecondText = 218.0
  static let legendAttached = "attached to the viewport"

  /// A horizontal scene's line under the legend: which way the content
  /// moves as the offset grows; `nil` for a vertical scene.
  var sidewaysLine: String? {
    guard let frame = frames.first, frame.axis == .horizontal else { return nil }
    let words = PullWords(axis: frame.axis, layoutDirection: frame.layoutDirection)
    let direction = frame.isMirrored ? "right to left" : "left to right"
    return "scrolls sideways, \(direction): the content moves \(words.forward) as the offset grows"
  }

  /// The SVG document; only part of it once a signal has asked `effectctl`
  /// to stop (``Interruption``), which the command then does not write.
  public func svg() -> String {
    let f = PictureText.fixed
    let viewport = viewport
    let size = size
    var out = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(f(size.width))" height="\(f(size.height))" \
      viewBox="0 0 \(f(size.width)) \(f(size.height))" \
      font-family="Helvetica, Arial, sans-serif" font-size="12">\n
      """
    out += "<defs>\n"
    out += "<clipPath id=\"viewport\"><rect width=\"\(f(viewport.width))\" "
    out += "height=\"\(f(viewport.height))\"/></clipPath>\n"
    out += "<pattern id=\"hatch\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" "
    out += "patternTransform=\"rotate(45)\"><rect width=\"8\" height=\"8\" fill=\"#ffffff\" "
    out += "fill-opacity=\"0.3\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"8\" stroke=\"#000000\" "
    out += "stroke-opacity=\"0.14\" stroke-width=\"2\"/></pattern>\n"
    var blurs: [String] = []
    for frame in frames {
      for view in frame.views where view.transform.blur > 0 {
        let radius = f(view.transform.blur)
        if !blurs.contains(radius) && radius != "0" { blurs.append(radius) }
      }
    }
    // Each blur's region is the viewport and three standard deviations
    // around it, in a frame's coordinates: a region relative to the view's
    // box (a fraction of it about it) cuts the blur of a thin view.
    for (index, radius) in blurs.enumerated() {
      let margin = 3 * (Double(radius) ?? 0)
      out += "<filter id=\"blur\(index)\" filterUnits=\"userSpaceOnUse\" x=\"\(f(-margin))\" "
      out += "y=\"\(f(-margin))\" width=\"\(f(viewport.width + 2 * margin))\" "
      out += "height=\"\(f(viewport.height + 2 * margin))\">"
      out += "<feGaussianBlur stdDeviation=\"\(radius)\"/></filter>\n"
    }
    out += "</defs>\n"
    out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
    out += "<text x=\"\(f(Self.gap))\" y=\"22\" font-size=\"14\" font-weight=\"bold\">"
    out +=
      PictureText.fittedTitle(
        title.isEmpty ? "filmstrip" : title, width: size.width - 2 * Self.gap, fontSize: 14)
      + "</text>\n"
    out += legend(y: 42)
    for (index, frame) in frames.enumerated() {
      if Interruption.signal != nil { break }
      let origin = origin(ofFrame: index)
      out += "<g data-offset=\"\(MessageText.number(frame.offset))\" data-left=\"\(f(origin.x))\" "
      out += "data-top=\"\(f(origin.y))\" transform=\"translate(\(f(origin.x)) \(f(origin.y)))\">\n"
      out += "<rect width=\"\(f(viewport.width))\" height=\"\(f(viewport.height))\" "
      out += "fill=\"#f4f4f4\"/>\n"
      out += "<g clip-path=\"url(#viewport)\">\n"
      // A view that cannot show in the viewport is left out: a long list's
      // rows off the screen are most of a frame's views.
      let views = frame.viewsInDrawingOrder { Self.canShow($0, in: viewport) }
      for view in views {
        out += box(view, blurs: blurs)
      }
      out += labels(views, viewport: viewport, mirrored: frame.isMirrored)
      out += "</g>\n"
      out += "<rect width=\"\(f(viewport.width))\" height=\"\(f(viewport.height))\" fill=\"none\" "
      out += "stroke=\"#222222\" stroke-width=\"1.5\"/>\n"
      out += caption(frame, viewport: viewport)
      out += "</g>\n"
    }
    out += "</svg>\n"
    return out
  }

  /// Whether any of `view` as drawn can show in a viewport of `size`: the
  /// box its drawn frame covers (when rotated, the box of the circle its
  /// corners turn on about its anchor), grown by its blur (three standard
  /// deviations, past which a Gaussian adds less than half a percent) and
  /// its stroke (2 points at most), meets the viewport. A view with a value
  /// that is not finite is kept.
  static func canShow(_ view: DrawnView, in size: Size) -> Bool {
    var box = LabelPlacement.box(view.drawnFrame)
    if view.transform.rotation != 0 {
      let anchor = view.anchorPoint
      let dx = max(abs(box.x - anchor.x), abs(box.x + box.width - anchor.x))
      let dy = max(abs(box.y - anchor.y), abs(box.maxY - anchor.y))
      let radius = (dx * dx + dy * dy).squareRoot()
      box = Rect(
        x: anchor.x - radius, y: anchor.y - radius, width: 2 * radius, height: 2 * radius)
    }
    let margin = 3 * max(view.transform.blur, 0) + 2
    let isOutside =
      box.x + box.width + margin < 0 || box.x - margin > size.width || box.maxY + margin < 0
      || box.y - margin > size.height
    return !isOutside
  }

  /// The offset and the phase: under a frame side by side with others,
  /// right of a stacked one (centred on its height, the two lines 16 apart).
  private func caption(_ frame: FrameDrawing, viewport: Size) -> String {
    let f = PictureText.fixed
    let (x, y, anchor) =
      isStacked
      ? (viewport.width + 16, viewport.height / 2 - 3, "start")
      : (viewport.width / 2, viewport.height + 24, "middle")
    var out = "<text x=\"\(f(x))\" y=\"\(f(y))\" "
    out += "text-anchor=\"\(anchor)\" font-size=\"15\" font-weight=\"bold\">offset "
    out += "\(MessageText.number(frame.offset))</text>\n"
    out += "<text x=\"\(f(x))\" y=\"\(f(y + 16))\" "
    out += "text-anchor=\"\(anchor)\" fill=\"#666666\">\(Self.phase(of: frame))</text>\n"
    return out
  }

  /// `pulled down 100`, `at rest`, `scrolled 300 of 1156`, `pulled up 40`;
  /// `pulled right` and `pulled left` sideways (``FrameDrawing/phase``).
  static func phase(of frame: FrameDrawing) -> String { frame.phase }

  private func legend(y: Double) -> String {
    let f = PictureText.fixed
    let x = Self.gap
    var out = "<g class=\"legend\">"
    out += "<rect x=\"\(f(x))\" y=\"\(f(y - 10))\" width=\"22\" height=\"12\" fill=\"#4e79a7\" "
    out += "fill-opacity=\"0.45\" stroke=\"#4e79a7\" stroke-width=\"1.5\"/>"
    out += "<text x=\"\(f(x + 28))\" y=\"\(f(y))\">scrolls with the content</text>"
    out +=
      "<rect x=\"\(f(x + 190))\" y=\"\(f(y - 10))\" width=\"22\" height=\"12\" fill=\"url(#hatch)\" "
    out += "stroke=\"#4e79a7\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>"
    out += "<text x=\"\(f(x + Self.legendSecondText))\" y=\"\(f(y))\">"
    out += Self.legendAttached + "</text>"
    if let line = sidewaysLine {
      out += "<text x=\"\(f(x))\" y=\"\(f(y + 18))\" fill=\"#666666\">\(line)</text>"
    }
    out += "</g>\n"
    return out
  }

  private func box(_ view: DrawnView, blurs: [String]) -> String {
    let f = PictureText.fixed
    let t = view.transform
    let color = PictureText.color(view.chain)
    let anchor = view.anchorPoint
    let (ax, ay) = (f(anchor.x), f(anchor.y))
    var out = "<g data-view=\"\(PictureText.escaped(view.name))\" "
    out += "data-attachment=\"\(view.attachment.rawValue)\" "
    out +=
      "data-scale-x=\"\(MessageText.number(t.scaleX))\" data-scale-y=\"\(MessageText.number(t.scaleY))\" "
    out +=
      "data-rotation=\"\(MessageText.number(t.rotation))\" data-z-index=\"\(MessageText.number(t.zIndex))\""
    if t.opacity < 1 { out += " opacity=\"\(f(t.opacity))\"" }
    if let blur = blurs.firstIndex(of: f(t.blur)), t.blur > 0 {
      out += " filter=\"url(#blur\(blur))\""
    }
    out += ">\n"
    // Scale and rotation about the anchor, as SwiftUI's scaleEffect and rotationEffect.
    var transform = ""
    if t.scaleX != 1 || t.scaleY != 1 || t.rotation != 0 {
      transform = " transform=\"translate(\(ax) \(ay)) rotate(\(f(t.rotation))) "
      transform += "scale(\(MessageText.number(t.scaleX)) \(MessageText.number(t.scaleY))) "
      transform += "translate(\(f(-anchor.x)) \(f(-anchor.y)))\""
    }
    let rect =
      "x=\"\(f(t.x))\" y=\"\(f(t.y))\" width=\"\(f(t.width))\" height=\"\(f(t.height))\""
    if view.attachment == .viewport {
      out += "<rect \(rect) fill=\"\(color)\" fill-opacity=\"0.35\"\(transform)/>\n"
      out += "<rect \(rect) fill=\"url(#hatch)\" stroke=\"\(color)\" stroke-width=\"2\" "
      out += "stroke-dasharray=\"7 4\" vector-effect=\"non-scaling-stroke\"\(transform)/>\n"
    } else {
      out += "<rect \(rect) fill=\"\(color)\" fill-opacity=\"0.45\" stroke=\"\(color)\" "
      out += "stroke-width=\"1.5\" vector-effect=\"non-scaling-stroke\"\(transform)/>\n"
    }
    out += "</g>\n"
    return out
  }

  /// The labels of a frame's views, in drawing order, above every view.
  ///
  /// Each sits upright at the top-left corner of the visible part of its
  /// drawn frame (``LabelPlacement/visiblePart(of:in:under:)``), so that a
  /// view scrolled half out, or half under a view pinned above it, still
  /// says what it is; outside the view's group, so that its blur and
  /// opacity leave it legible; below any label placed before it. A view
  /// wholly outside or under others, or cut to less than its label, gets
  /// none (it would pile up on an edge, or show half a name), nor does one
  /// faded below 0.1. A right-to-left frame is the
  /// mirror image: each label at the top-right corner, placed in mirrored
  /// coordinates and written right-aligned.
  private func labels(_ views: [DrawnView], viewport: Size, mirrored: Bool) -> String {
    let f = PictureText.fixed
    let drawn = views.map(\.drawnFrame)
    // The views that can have a label or cover one: opaque enough, and
    // reaching into the viewport. More than the limit: none is labelled.
    // (One wholly outside is neither: the visible part is cut to the viewport.)
    let candidates = views.indices.filter { index in
      let box = LabelPlacement.box(drawn[index])
      return views[index].transform.opacity >= 0.1 && box.x < viewport.width
        && box.x + box.width > 0
        && box.y < viewport.height && box.maxY > 0
    }
    guard candidates.count <= Self.maximumLabelledViews else { return "" }
    var placement = LabelPlacement()
    var out = ""
    for (position, index) in candidates.enumerated() {
      let view = views[index]
      let covers = candidates[(position + 1)...].map { drawn[$0] }
      let width = LabelPlacement.estimatedWidth(of: view.name)
      guard
        let visible = LabelPlacement.visiblePart(
          of: drawn[index], in: viewport, under: covers, labelWidth: width)
      else { continue }
      let leading = mirrored ? viewport.width - (visible.x + visible.width) : visible.x
      // A view narrower than its name at the trailing edge: the viewport
      // would cut the name.
      if leading + 6 + width > viewport.width { continue }
      let place = placement.place(
        width: width, left: leading, top: visible.y, bottom: visible.maxY)
      let x = mirrored ? viewport.width - place.x : place.x
      out += "<text data-label=\"\(PictureText.escaped(view.name))\" x=\"\(f(x))\" "
      out += "y=\"\(f(place.y + 13))\" "
      out += mirrored ? "text-anchor=\"end\" fill=\"#111111\">" : "fill=\"#111111\">"
      out += PictureText.escaped(view.name) + "</text>\n"
    }
    return out
  }
}
