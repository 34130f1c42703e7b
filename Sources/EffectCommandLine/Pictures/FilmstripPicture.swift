import EffectProtocol

/// `filmstrip`: an SVG of the viewport at each offset, side by side.
///
/// One SVG user unit is one point. Frame `i` is a `<g data-offset="O">`
/// translated to (`data-left`, `data-top`): the viewport's top-left corner.
/// Inside it, clipped to the viewport, each view is a `<g data-view="NAME">`
/// holding a `<rect>` at its layout frame (viewport coordinates, written
/// with ``PictureText/decimals`` decimals) whose `transform` scales it by
/// `data-scale-x`, `data-scale-y` and rotates it by `data-rotation` degrees
/// about its anchor; the group carries the opacity, and a blur of radius r
/// points is an `feGaussianBlur` of standard deviation r (CSS's `blur(r)`).
/// Views are drawn in ascending zIndex. Content-attached views are filled
/// boxes with a solid edge, viewport-attached ones hatched with a dashed
/// edge. The offset is written under each frame.
public struct FilmstripPicture: Sendable {
  /// The gap between frames, points.
  static let gap = 28.0
  /// The room under a frame for its offset.
  static let captionHeight = 44.0
  /// The room above the frames for the title and legend.
  static let headerHeight = 58.0

  /// The frames drawn, left to right.
  public var frames: [FrameDrawing]
  /// The scene's description, for the title.
  public var title: String

  public init(frames: [FrameDrawing], title: String = "") {
    self.frames = frames
    self.title = title
  }

  /// Where frame `index`'s viewport corner is in the file.
  public func origin(ofFrame index: Int) -> (x: Double, y: Double) {
    let width = frames.first?.geometry.viewport.width ?? 0
    return (Self.gap + Double(index) * (width + Self.gap), Self.headerHeight)
  }

  /// The SVG document.
  public func svg() -> String {
    let f = PictureText.fixed
    let viewport = frames.first?.geometry.viewport ?? Size(width: 0, height: 0)
    let width = Self.gap + Double(frames.count) * (viewport.width + Self.gap)
    let height = Self.headerHeight + viewport.height + Self.captionHeight
    var out = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(f(max(width, 420)))" height="\(f(height))" \
      viewBox="0 0 \(f(max(width, 420))) \(f(height))" \
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
    for (index, radius) in blurs.enumerated() {
      out += "<filter id=\"blur\(index)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\">"
      out += "<feGaussianBlur stdDeviation=\"\(radius)\"/></filter>\n"
    }
    out += "</defs>\n"
    out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
    out += "<text x=\"\(f(Self.gap))\" y=\"22\" font-size=\"14\" font-weight=\"bold\">"
    out += PictureText.escaped(title.isEmpty ? "filmstrip" : title) + "</text>\n"
    out += legend(y: 42)
    for (index, frame) in frames.enumerated() {
      let origin = origin(ofFrame: index)
      out += "<g data-offset=\"\(MessageText.number(frame.offset))\" data-left=\"\(f(origin.x))\" "
      out += "data-top=\"\(f(origin.y))\" transform=\"translate(\(f(origin.x)) \(f(origin.y)))\">\n"
      out += "<rect width=\"\(f(viewport.width))\" height=\"\(f(viewport.height))\" "
      out += "fill=\"#f4f4f4\"/>\n"
      out += "<g clip-path=\"url(#viewport)\">\n"
      var labels = LabelPlacement()
      for view in frame.viewsInDrawingOrder {
        out += box(view, blurs: blurs, viewport: viewport, labels: &labels)
      }
      out += "</g>\n"
      out += "<rect width=\"\(f(viewport.width))\" height=\"\(f(viewport.height))\" fill=\"none\" "
      out += "stroke=\"#222222\" stroke-width=\"1.5\"/>\n"
      out += "<text x=\"\(f(viewport.width / 2))\" y=\"\(f(viewport.height + 24))\" "
      out += "text-anchor=\"middle\" font-size=\"15\" font-weight=\"bold\">offset "
      out += "\(MessageText.number(frame.offset))</text>\n"
      out += "<text x=\"\(f(viewport.width / 2))\" y=\"\(f(viewport.height + 40))\" "
      out += "text-anchor=\"middle\" fill=\"#666666\">\(Self.phase(of: frame))</text>\n"
      out += "</g>\n"
    }
    out += "</svg>\n"
    return out
  }

  /// `pulled down 100`, `at rest`, `scrolled 300 of 1156`, `pulled up 40`.
  static func phase(of frame: FrameDrawing) -> String {
    let geometry = frame.geometry
    let maxOffset = geometry.maxOffset
    if frame.offset < 0 { return "pulled down \(MessageText.number(geometry.pull))" }
    if frame.offset > maxOffset { return "pulled up \(MessageText.number(geometry.pullBottom))" }
    if frame.offset == 0 { return "at rest" }
    return "scrolled \(MessageText.number(frame.offset)) of \(MessageText.number(maxOffset))"
  }

  private func legend(y: Double) -> String {
    let x = Self.gap
    var out = "<g class=\"legend\">"
    out += "<rect x=\"\(x)\" y=\"\(y - 10)\" width=\"22\" height=\"12\" fill=\"#4e79a7\" "
    out += "fill-opacity=\"0.45\" stroke=\"#4e79a7\" stroke-width=\"1.5\"/>"
    out += "<text x=\"\(x + 28)\" y=\"\(y)\">scrolls with the content</text>"
    out += "<rect x=\"\(x + 190)\" y=\"\(y - 10)\" width=\"22\" height=\"12\" fill=\"url(#hatch)\" "
    out += "stroke=\"#4e79a7\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>"
    out += "<text x=\"\(x + 218)\" y=\"\(y)\">attached to the viewport</text></g>\n"
    return out
  }

  private func box(
    _ view: DrawnView, blurs: [String], viewport: Size, labels: inout LabelPlacement
  ) -> String {
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
    // The label sits upright at the top-left corner of the drawn frame's
    // visible part, so that a view scrolled half out still says what it is;
    // outside the view's group, so that its blur and opacity leave it legible,
    // and below any label placed before it in the frame.
    let drawn = view.drawnFrame
    // A view wholly outside gets no label: it would pile up on the edge; nor
    // does one faded out.
    let visible =
      t.opacity >= 0.1 && drawn.maxY > 0 && drawn.y < viewport.height && drawn.x + drawn.width > 0
      && drawn.x < viewport.width
    if visible {
      let place = labels.place(
        width: LabelPlacement.estimatedWidth(of: view.name), left: max(drawn.x, 0),
        top: max(drawn.y, 0), bottom: min(drawn.maxY, viewport.height))
      out += "<text x=\"\(f(place.x))\" y=\"\(f(place.y + 13))\" fill=\"#111111\">"
      out += PictureText.escaped(view.name) + "</text>\n"
    }
    return out
  }
}
