import EffectHost
import EffectProtocol

/// A vertical line across every panel of a plot: a snap target, an event threshold.
public struct PlotMarker: Sendable, Equatable {
  /// What the marker shows; each kind has its own colour and dash.
  public enum Kind: String, Sendable {
    /// Offset 0 and maxOffset, drawn on every plot.
    case edge
    /// Where a snap rests.
    case snap
    /// Where an event fires.
    case event
  }

  /// The scroll offset, points.
  public var offset: Double
  /// The label written at the top of the line (`0`, `maxOffset`, `snap 120`).
  public var label: String
  public var kind: Kind

  public init(offset: Double, label: String, kind: Kind) {
    self.offset = offset
    self.label = label
    self.kind = kind
  }
}

/// `plot`: an SVG chart of columns over offsets, one panel a column, one line a view.
///
/// Layout, in SVG user units: panels of ``plotWidth`` x ``plotHeight``,
/// two a row, in column order, below a legend. Each panel is a `<g
/// data-column="NAME">` whose attributes give its scale: the plot area's
/// top-left corner in the file is (`data-left`, `data-top`), the x axis
/// runs from `data-x-min` (left edge) to `data-x-max` (right edge) and the
/// y axis from `data-y-min` (bottom edge) to `data-y-max` (top edge). A
/// line is a `<polyline data-view="NAME">` whose points are relative to the
/// plot area's corner, one point an offset where the line turns (the
/// others lie within ``lineTolerance`` of it: ``turningPoints(of:)``):
/// `px = (offset - xMin) / (xMax - xMin) * plotWidth`,
/// `py = (yMax - value) / (yMax - yMin) * plotHeight`, each written with
/// ``PictureText/decimals`` decimals.
public struct PlotPicture: Sendable {
  /// The width of a panel's plot area.
  public static let plotWidth = 320.0
  /// The most views a plot draws: a line each in every panel and a legend
  /// entry each, past which the picture is no longer read (a selection of
  /// a million copies wrote an SVG of gigabytes, or ran out of memory).
  public static let maximumViews = 10_000
  /// The height of a panel's plot area.
  public static let plotHeight = 150.0
  /// The least room left of a plot area for tick labels; more where a
  /// y tick's label is wider (``leftMargin``).
  static let marginLeft = 64.0
  /// The room right of a plot area.
  static let marginRight = 20.0
  /// The room above a plot area for the title and marker labels.
  static let marginTop = 40.0
  /// The room below a plot area for tick labels and the axis name.
  static let marginBottom = 40.0
  static let panelsPerRow = 2

  /// The frames drawn.
  public var frames: [FrameDrawing]
  /// The columns, one panel each, in this order.
  public var columns: [TransformColumn]
  /// The markers: offset 0 and maxOffset, then those given.
  public var markers: [PlotMarker]
  /// The scene's description, for the title.
  public var title: String

  /// A plot of `frames`' views.
  ///
  /// - Parameters:
  ///   - columns: The panels; `nil` for every column whose value changes
  ///     over the offsets for some view.
  ///   - markers: Snap targets and event thresholds beside offset 0 and maxOffset.
  public init(
    frames: [FrameDrawing], columns: [TransformColumn]? = nil, markers: [PlotMarker] = [],
    title: String = ""
  ) {
    self.frames = frames
    self.columns = columns ?? Self.changingColumns(in: frames)
    var all: [PlotMarker] = []
    if let geometry = frames.first?.geometry {
      all.append(PlotMarker(offset: 0, label: "0", kind: .edge))
      all.append(PlotMarker(offset: geometry.maxOffset, label: "maxOffset", kind: .edge))
    }
    self.markers = all + markers
    self.title = title
  }

  /// The views a plot draws by default: every view of a chain that does not
  /// repeat, and the first copy of each repeated chain.
  public static func defaultSelection(for chains: [SceneHost.ChainLayout]) throws(PictureError)
    -> ViewSelection
  {
    let names = chains.compactMap { chain -> String? in
      guard !chain.viewRange.isEmpty else { return nil }
      return chain.isRepeated ? chain.viewName(copy: 0) : chain.name
    }
    // The names come from the chains, so the selection always finds them.
    guard let selection = try? ViewSelection(names: names, in: chains) else {
      return ViewSelection(all: chains)
    }
    return names.isEmpty ? ViewSelection(all: chains) : selection
  }

  /// The columns whose value differs between two offsets for some view, in column order.
  public static func changingColumns(in frames: [FrameDrawing]) -> [TransformColumn] {
    guard let first = frames.first else { return [] }
    return TransformColumn.allCases.filter { column in
      first.views.indices.contains { view in
        let start = first.views[view].value(column)
        return frames.contains { $0.views[view].value(column) != start }
      }
    }
  }

  /// The value range a panel's y axis covers for `column`: the values' range
  /// widened to round ticks (a constant value gets ±1 around it), from the
  /// first of ``valueTicks(of:)`` to the last.
  public func valueRange(of column: TransformColumn) -> (min: Double, max: Double) {
    let ticks = valueTicks(of: column)
    return (ticks[0], ticks[ticks.count - 1])
  }

  /// The ticks of a panel's y axis for `column`, at round numbers, the
  /// first at or below every value and the last at or above: the axis ends
  /// on them.
  public func valueTicks(of column: TransformColumn) -> [Double] {
    var low = Double.infinity
    var high = -Double.infinity
    for frame in frames {
      for view in frame.views {
        let value = view.value(column)
        low = min(low, value)
        high = max(high, value)
      }
    }
    // No finite range (no views, or a value not finite): a plain axis.
    if !low.isFinite || !high.isFinite { return [0, 1] }
    if low == high { (low, high) = (low - 1, high + 1) }
    let ticks = PictureText.ticks(from: low, to: high, target: 4)
    // Values apart by less than the 12 digits ticks keep give one tick
    // many times: the ends, which the panel's scale needs apart.
    guard let first = ticks.first, let last = ticks.last, first < last else { return [low, high] }
    return ticks
  }

  /// The offsets' range, the x axis of every panel (±1 around a single offset).
  public var offsetRange: (min: Double, max: Double) {
    let offsets = frames.map(\.offset)
    guard let low = offsets.min(), let high = offsets.max() else { return (0, 1) }
    return low == high ? (low - 1, high + 1) : (low, high)
  }

  /// The room left of every plot area: ``marginLeft``, or, where a y tick's
  /// label is wider than its 64 points less the 6 between a label and its
  /// panel and 4 more, the widest label's estimated width (11-point text,
  /// ``TextWidth``) and those 10, rounded up to a whole point, so that no
  /// label passes the picture's left edge or reaches the panel before.
  var leftMargin: Double {
    let widest =
      columns.flatMap { valueTicks(of: $0) }.map {
        TextWidth.width(of: PictureText.tickLabel($0), fontSize: 11)
      }.max() ?? 0
    return max(Self.marginLeft, (widest + 10).rounded(.up))
  }

  /// The ticks of the x axis within `range`: the most (5 intervals at
  /// most, ``PictureText/ticks(from:to:target:)``) whose labels, 11-point
  /// text centred on them, keep 6 points apart; fewer where they would
  /// not (the labels of 100000 to 100000.001 by 0.0002 would run into
  /// each other).
  static func offsetTicks(in range: (min: Double, max: Double)) -> [Double] {
    var chosen: [Double] = []
    for target in stride(from: 5, through: 1, by: -1) {
      let ticks = PictureText.ticks(from: range.min, to: range.max, target: target)
        .filter { $0 >= range.min && $0 <= range.max }
      chosen = ticks
      guard ticks.count > 1 else { break }
      let spacing = (ticks[1] - ticks[0]) / (range.max - range.min) * plotWidth
      let widest =
        ticks.map {
          TextWidth.width(of: PictureText.tickLabel($0), fontSize: 11)
        }.max() ?? 0
      if widest + 6 <= spacing { break }
    }
    return chosen
  }

  /// The SVG document; only part of it once a signal has asked `effectctl`
  /// to stop (``Interruption``), which the command then does not write.
  public func svg() -> String {
    let marginLeft = leftMargin
    let panelWidth = marginLeft + Self.plotWidth + Self.marginRight
    let panelHeight = Self.marginTop + Self.plotHeight + Self.marginBottom
    let rows = (columns.count + Self.panelsPerRow - 1) / Self.panelsPerRow
    let views = frames.first?.views ?? []
    let width = panelWidth * Double(min(max(columns.count, 1), Self.panelsPerRow)) + 20
    let legend = PlotLegend(names: views.map(\.name), note: legendNote, width: width, top: 30)
    let legendHeight = legend.bottom
    let height = legendHeight + panelHeight * Double(rows) + 10
    let f = PictureText.fixed
    var out = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
      viewBox="0 0 \(f(width)) \(f(height))" font-family="Helvetica, Arial, sans-serif" \
      font-size="11">\n
      """
    out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
    out += "<text x=\"14\" y=\"20\" font-size=\"13\" font-weight=\"bold\">"
    out +=
      PictureText.fittedTitle(title.isEmpty ? "plot" : title, width: width - 28, fontSize: 13)
      + "</text>\n"
    out += legend.svg()
    let xRange = offsetRange
    for (index, column) in columns.enumerated() {
      let left = 10 + Double(index % Self.panelsPerRow) * panelWidth + marginLeft
      let top = legendHeight + Double(index / Self.panelsPerRow) * panelHeight + Self.marginTop
      out += panel(
        column: column, left: left, top: top, xRange: xRange, marginLeft: marginLeft)
    }
    out += "</svg>\n"
    return out
  }

  /// What the axes, the dashed lines and the markers' colours mean: the
  /// legend's note, in parts that a line of the legend breaks between.
  private var legendNote: [String] {
    var axis = "x axis: scroll offset (points"
    // A horizontal scene's offset is not its views' x: say which way it moves them.
    if let frame = frames.first, frame.axis == .horizontal {
      let words = PullWords(axis: frame.axis, layoutDirection: frame.layoutDirection)
      axis += ", moving the content \(words.forward)"
    }
    // Without a panel there is no axis nor line to explain.
    if columns.isEmpty { return [Self.noPanelsNote] }
    var parts = [axis + ")", "black dashed lines: offset 0 and maxOffset"]
    if markers.contains(where: { $0.kind == .snap }) {
      parts.append("black dotted lines: snap targets")
    }
    if markers.contains(where: { $0.kind == .event }) {
      parts.append("black dash-dot lines: events")
    }
    return parts
  }

  /// The colour and `stroke-dasharray` of a marker's line and label: black,
  /// which no view's line is (``PictureText/palette``'s greys are light),
  /// and a dash of its own: edges dashed, snap targets dotted, events dash
  /// and dot.
  public static func style(of kind: PlotMarker.Kind) -> (color: String, dash: String) {
    switch kind {
    case .edge: ("#000000", "4 3")
    case .snap: ("#000000", "2 2")
    case .event: ("#000000", "6 2 2 2")
    }
  }

  /// The most snap targets `effectctl plot` marks: more lie closer than
  /// the width of a line in a panel 320 points wide.
  public static let maximumSnapMarkers = 1000

  /// The legend's note of a plot without panels: no column of its views
  /// changed over the offsets, and none was asked for.
  public static let noPanelsNote = "no column changes over the offsets (--columns draws any)"

  private func panel(
    column: TransformColumn, left: Double, top: Double, xRange: (min: Double, max: Double),
    marginLeft: Double
  ) -> String {
    let f = PictureText.fixed
    let yTicks = valueTicks(of: column)
    let yRange = (min: yTicks[0], max: yTicks[yTicks.count - 1])
    let width = Self.plotWidth
    let height = Self.plotHeight
    func px(_ offset: Double) -> Double {
      (offset - xRange.min) / (xRange.max - xRange.min) * width
    }
    func py(_ value: Double) -> Double { (yRange.max - value) / (yRange.max - yRange.min) * height }
    var out = """
      <g data-column="\(column.rawValue)" data-left="\(f(left))" data-top="\(f(top))" \
      data-x-min="\(MessageText.number(xRange.min))" data-x-max="\(MessageText.number(xRange.max))" \
      data-y-min="\(MessageText.number(yRange.min))" data-y-max="\(MessageText.number(yRange.max))" \
      transform="translate(\(f(left)) \(f(top)))">\n
      """
    out +=
      "<text x=\"0\" y=\"-24\" font-size=\"12\" font-weight=\"bold\">\(column.rawValue)</text>\n"
    out +=
      "<rect width=\"\(f(width))\" height=\"\(f(height))\" fill=\"#fafafa\" stroke=\"#bbbbbb\"/>\n"
    // Grid and tick labels at round numbers.
    for tick in yTicks {
      let y = f(py(tick))
      out += "<line x1=\"0\" y1=\"\(y)\" x2=\"\(f(width))\" y2=\"\(y)\" stroke=\"#e4e4e4\"/>"
      out +=
        "<text x=\"-6\" y=\"\(y)\" dy=\"4\" text-anchor=\"end\">\(PictureText.tickLabel(tick))</text>\n"
    }
    // An x tick's label is centred on its line, moved in to stay within
    // the panel's own box, margins included, which keeps it inside the
    // picture and off the next panel's labels.
    for tick in Self.offsetTicks(in: xRange) {
      let x = f(px(tick))
      let label = PictureText.tickLabel(tick)
      let half = TextWidth.width(of: label, fontSize: 11) / 2
      let center = min(max(px(tick), -marginLeft + half), width + Self.marginRight - half)
      out += "<line x1=\"\(x)\" y1=\"0\" x2=\"\(x)\" y2=\"\(f(height))\" stroke=\"#e4e4e4\"/>"
      out += "<text x=\"\(f(center))\" y=\"\(f(height + 15))\" text-anchor=\"middle\">"
      out += "\(label)</text>\n"
    }
    out += "<text x=\"\(f(width / 2))\" y=\"\(f(height + 32))\" text-anchor=\"middle\" "
    out += "fill=\"#666666\">offset</text>\n"
    // One label an offset: a marker where an earlier one is (a snap target
    // at 0 or at maxOffset) adds its name to that one's label, its line
    // drawn all the same. Each label goes on the first of two rows where it
    // overlaps no label placed before it (9-point text, its width estimated
    // by ``TextWidth``), centred on its line but moved to stay within the
    // panel's own box, margins included, which keeps it inside the picture
    // and off the next panel's labels; one with no room on either row, or
    // wider than the box, is left out, its line kept, so that every label
    // drawn is legible.
    var shown: [(marker: PlotMarker, x: Double, color: String, dash: String)] = []
    var labels: [(x: Double, text: String, row: Int?, center: Double)] = []
    var labelOf: [Int] = []
    // The label at each x as written: found in one step, as a plot may
    // have a marker at each of 100,000 offsets.
    var labelAt: [String: Int] = [:]
    // Each label's names in order, each with how many markers gave it.
    var parts: [[(name: String, count: Int)]] = []
    for marker in markers where marker.offset >= xRange.min && marker.offset <= xRange.max {
      let x = px(marker.offset)
      let (color, dash) = Self.style(of: marker.kind)
      shown.append((marker, x, color, dash))
      if let same = labelAt[f(x)] {
        // A name again (an event that fires at each of several passes) is
        // counted: `refresh ×3`, not the name three times.
        let name = marker.kind == .snap ? "snap" : marker.label
        if let seen = parts[same].firstIndex(where: { $0.name == name }) {
          parts[same][seen].count += 1
        } else {
          parts[same].append((name, 1))
        }
        labelOf.append(-1)
      } else {
        labelAt[f(x)] = labels.count
        labelOf.append(labels.count)
        labels.append((x, marker.label, nil, x))
        parts.append([(marker.label, 1)])
      }
    }
    for index in labels.indices where parts[index].count > 1 || parts[index][0].count > 1 {
      labels[index].text = parts[index].map { $0.count > 1 ? "\($0.name) ×\($0.count)" : $0.name }
        .joined(separator: " · ")
    }
    var rows: [[ClosedRange<Double>]] = [[], []]
    let box = (-marginLeft)...(width + Self.marginRight)
    for index in labels.indices {
      let half = TextWidth.width(of: labels[index].text, fontSize: 9) / 2 + 2
      guard 2 * half <= box.upperBound - box.lowerBound else { continue }
      let center = min(max(labels[index].x, box.lowerBound + half), box.upperBound - half)
      labels[index].center = center
      let span = (center - half)...(center + half)
      labels[index].row = rows.firstIndex { $0.allSatisfy { !$0.overlaps(span) } }
      if let row = labels[index].row { rows[row].append(span) }
    }
    // Each line, then its label where it has one.
    for (index, line) in shown.enumerated() {
      let x = f(line.x)
      out += "<line data-marker=\"\(line.marker.kind.rawValue)\" x1=\"\(x)\" y1=\"0\" x2=\"\(x)\" "
      out += "y2=\"\(f(height))\" stroke=\"\(line.color)\" stroke-dasharray=\"\(line.dash)\"/>"
      if labelOf[index] >= 0, let row = labels[labelOf[index]].row {
        let center = f(labels[labelOf[index]].center)
        out += "<text x=\"\(center)\" y=\"\(row == 0 ? -4 : -13)\" text-anchor=\"middle\" "
        out += "font-size=\"9\" fill=\"\(line.color)\">"
        out += PictureText.escaped(labels[labelOf[index]].text) + "</text>"
      }
      out += "\n"
    }
    let viewCount = frames.first?.views.count ?? 0
    // Lines last, in reverse, so the first view is drawn on top of the others.
    for view in (0..<viewCount).reversed() {
      if Interruption.signal != nil { break }
      let name = frames[0].views[view].name
      out += "<polyline data-view=\"\(PictureText.escaped(name))\" fill=\"none\" "
      out += "stroke=\"\(PictureText.color(view))\" stroke-width=\"1.8\" "
      if let dash = PictureText.dash(view) { out += "stroke-dasharray=\"\(dash)\" " }
      out += "stroke-linejoin=\"round\" points=\""
      let points = frames.map { frame in
        (x: px(frame.offset), y: py(frame.views[view].value(column)))
      }
      for (index, point) in Self.turningPoints(of: points).enumerated() {
        if index > 0 { out += " " }
        out += f(point.x) + "," + f(point.y)
      }
      out += "\"/>\n"
    }
    out += "</g>\n"
    return out
  }
}

extension PlotPicture {
  /// How far, in SVG units, a line may pass from a sample it leaves out:
  /// a twentieth of a point, less than any screen shows.
  package static let lineTolerance = 0.05

  /// `points` without those the line can leave out: each point kept is one
  /// of `points`, the first and the last always, and every point left out
  /// lies within ``lineTolerance`` (up or down) of the straight line
  /// between the points kept either side of it, which runs over it in one
  /// direction (offsets given from high to low run right to left). A
  /// straight stretch is its two ends; where the offsets turn back
  /// (`--offsets 100,0,50`) the turn is kept, and a point given again
  /// where the line is is left out.
  ///
  /// One pass: from each point kept, the slopes that pass within the
  /// tolerance of every point after it are narrowed point by point, and a
  /// point is the end of the segment as long as the slope to it is among
  /// them (a sleeve, as in Imai and Iri's polygonal approximation). It is
  /// greedy: it keeps no point it need not for the tolerance, though not
  /// always the fewest.
  package static func turningPoints(of points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)]
  {
    guard points.count > 2 else { return points }
    var kept = [points[0]]
    var anchor = points[0]
    // The slopes from the anchor within the tolerance of every point
    // passed since it, and the way the segment runs (+1 right, -1 left;
    // 0 before its first point).
    var low = -Double.infinity
    var high = Double.infinity
    var direction = 0.0
    var index = 1
    while index < points.count {
      let point = points[index]
      let dx = point.x - anchor.x
      if direction == 0 {
        // The first point after the anchor ends a segment, as nothing lies
        // between; one at the anchor's offset is kept unless it is the
        // anchor again.
        if dx == 0 {
          if point.y != anchor.y {
            kept.append(point)
            anchor = point
          }
        } else {
          direction = dx > 0 ? 1 : -1
          (low, high) = Self.slopes(through: point, from: anchor)
        }
        index += 1
        continue
      }
      if point == points[index - 1] {
        // An offset given again, where the line already is.
        index += 1
        continue
      }
      let slope = (point.y - anchor.y) / dx
      if (point.x - points[index - 1].x) * direction > 0 && slope >= low && slope <= high {
        let (pointLow, pointHigh) = Self.slopes(through: point, from: anchor)
        (low, high) = (max(low, pointLow), min(high, pointHigh))
        index += 1
      } else {
        // The segment ends at the point before, which starts the next.
        anchor = points[index - 1]
        kept.append(anchor)
        direction = 0
      }
    }
    let last = points[points.count - 1]
    if kept[kept.count - 1] != last { kept.append(last) }
    return kept
  }

  /// The slopes of the lines from `anchor` that pass within
  /// ``lineTolerance`` of `point`, which is left or right of it.
  private static func slopes(
    through point: (x: Double, y: Double), from anchor: (x: Double, y: Double)
  ) -> (low: Double, high: Double) {
    let dx = point.x - anchor.x
    let a = (point.y - lineTolerance - anchor.y) / dx
    let b = (point.y + lineTolerance - anchor.y) / dx
    return (min(a, b), max(a, b))
  }
}

/// A plot's legend laid out in the picture's width: a swatch and a name a
/// view, left to right in slots of ``slot`` points (a name too long for one
/// takes as many as it needs), on a new line when the next would pass the
/// picture's right edge; then the note, its parts joined by "; " and broken
/// between them where a line would pass it. A name wider than a whole line
/// is cut short with "…", its whole name in the text's `<title>`. Widths
/// are estimated as the filmstrip's labels are (``LabelPlacement``), for
/// the legend's 11-point text.
struct PlotLegend {
  /// A name's slot: four a line in a picture of two panels.
  static let slot = 190.0
  /// From a swatch's left to its name's.
  static let swatch = 28.0
  /// The room kept after a name, before the next swatch.
  static let gap = 12.0
  /// The first swatch's left, and the room kept at the right edge.
  static let margin = 14.0
  static let lineHeight = 18.0
  static let noteLineHeight = 14.0

  struct Entry {
    var x: Double
    var y: Double
    var name: String
    var shown: String
  }

  private(set) var entries: [Entry] = []
  private(set) var noteLines: [(y: Double, text: String)] = []
  /// Where the legend ends, the panels' top.
  private(set) var bottom: Double

  /// The width of `text` in the legend's 11-point text.
  static func textWidth(_ text: String) -> Double {
    LabelPlacement.estimatedWidth(of: text) * 11 / 12
  }

  init(names: [String], note: [String], width: Double, top: Double) {
    let right = width - Self.margin
    var x = Self.margin
    var y = top
    for name in names {
      var shown = name
      let lineWidth = right - Self.margin - Self.swatch
      if Self.textWidth(shown) > lineWidth {
        // As many characters as fit with the "…": counted once, not once a character cut.
        shown = TextWidth.prefix(of: name, fitting: lineWidth, fontSize: 11) + "…"
      }
      let slots = ((Self.swatch + Self.textWidth(shown) + Self.gap) / Self.slot).rounded(.up)
      let entryWidth = slots * Self.slot
      if x > Self.margin && x + Self.swatch + Self.textWidth(shown) > right {
        x = Self.margin
        y += Self.lineHeight
      }
      entries.append(Entry(x: x, y: y, name: name, shown: shown))
      x += entryWidth
    }
    var noteY = entries.isEmpty ? top : y + Self.lineHeight
    var line = ""
    for part in note {
      let joined = line.isEmpty ? part : line + "; " + part
      if !line.isEmpty && Self.margin + Self.textWidth(joined + ";") > right {
        noteLines.append((noteY, line + ";"))
        noteY += Self.noteLineHeight
        line = part
      } else {
        line = joined
      }
    }
    if !line.isEmpty { noteLines.append((noteY, line)) }
    bottom = noteY + Self.noteLineHeight
  }

  func svg() -> String {
    let f = PictureText.fixed
    var out = "<g class=\"legend\">\n"
    for (index, entry) in entries.enumerated() {
      let (x, y) = (entry.x, entry.y)
      out += "<line x1=\"\(f(x))\" y1=\"\(f(y + 5))\" x2=\"\(f(x + 22))\" y2=\"\(f(y + 5))\" "
      out += "stroke=\"\(PictureText.color(index))\" stroke-width=\"2.5\""
      if let dash = PictureText.dash(index) { out += " stroke-dasharray=\"\(dash)\"" }
      out += "/>"
      out += "<text x=\"\(f(x + Self.swatch))\" y=\"\(f(y + 9))\">"
      if entry.shown != entry.name {
        out += "<title>\(PictureText.escaped(entry.name))</title>"
      }
      out += "\(PictureText.escaped(entry.shown))</text>\n"
    }
    for line in noteLines {
      out += "<text x=\"\(f(Self.margin))\" y=\"\(f(line.y + 6))\" fill=\"#666666\">"
      out += PictureText.escaped(line.text) + "</text>\n"
    }
    out += "</g>\n"
    return out
  }
}
