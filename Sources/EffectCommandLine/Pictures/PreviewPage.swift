import EffectHost
import EffectProtocol

/// A named sequence of frames the preview plays in real time (`--gesture`).
public struct PreviewGesture: Sendable, Equatable {
  /// One frame of a gesture.
  public struct Frame: Sendable, Equatable {
    /// Seconds from the start of the gesture.
    public var time: Double
    /// What the scroll view is doing (`dragging`, `decelerating`, ...).
    public var phase: String
    /// The scroll offset, points.
    public var offset: Double
    /// Every view's transform, in the page's view order.
    public var transforms: [ViewTransform]
    /// Every view's natural frame (for `translateX`, `translateY`), in the same order.
    public var naturalFrames: [Rect]

    public init(
      time: Double, phase: String, offset: Double, transforms: [ViewTransform],
      naturalFrames: [Rect]
    ) {
      self.time = time
      self.phase = phase
      self.offset = offset
      self.transforms = transforms
      self.naturalFrames = naturalFrames
    }

    /// The frame of `drawing`, at `time`, in `phase`.
    public init(time: Double, phase: String, drawing: FrameDrawing) {
      self.init(
        time: time, phase: phase, offset: drawing.offset,
        transforms: drawing.views.map(\.transform),
        naturalFrames: drawing.views.map(\.translationOrigin))
    }
  }

  /// The name on its play button.
  public var name: String
  /// The frames, ascending in time.
  public var frames: [Frame]

  public init(name: String, frames: [Frame]) {
    self.name = name
    self.frames = frames
  }
}

/// `preview`: one self-contained HTML page of the viewport, scrolled by
/// wheel, drag or slider, looking up frames the host computed.
///
/// The page embeds, in `<script type="application/json" id="frames">`,
/// every view's columns over the offsets as piecewise-linear breakpoints
/// `[o0, v0, o1, v1, ...]` (a plain number for a column that never changes),
/// found by ``PiecewiseLinear`` within ``fitTolerance`` and written with
/// ``valueDecimals`` decimals, so that the page's linear interpolation is
/// within 0.01 of the host at every offset. The page draws each view as a
/// `data-view` element positioned at its drawn frame (``DrawnView/drawnFrame``)
/// inside the `data-viewport` element, rotated and blurred inside it; it
/// never evaluates an effect.
public struct PreviewPage: Sendable {
  /// The largest distance of a fitted segment from the host's values.
  public static let fitTolerance = 0.009
  /// The decimals a breakpoint's value is written with (adds at most 0.0005).
  public static let valueDecimals = 3

  /// The fit tolerance of `column`: ``fitTolerance`` in the column's unit,
  /// but 1e-6 for the scales and anchors, which the page multiplies by a
  /// size: the drawn frame of a view up to 10,000 points stays within 0.01.
  /// Their breakpoints are written in full precision.
  public static func tolerance(for column: TransformColumn) -> Double {
    isUnitless(column) ? 1e-6 : fitTolerance
  }

  static func isUnitless(_ column: TransformColumn) -> Bool {
    [.scaleX, .scaleY, .anchorX, .anchorY].contains(column)
  }
  /// The most views a page holds: 10,000. The page positions one element a
  /// view, and fits and embeds every column of each; a long list's page
  /// past this would take minutes to make and more memory than a browser
  /// gives a tab.
  public static let maximumViews = 10_000

  /// The most samples (views times offsets) the default offsets take:
  /// 20,000,000, a few seconds of evaluating and fitting. A scene of many
  /// views is sampled by a larger step, where a given `--offsets` is taken
  /// as it is.
  public static let defaultSamples = 20_000_000

  /// Throws ``PictureError/tooManyViews(count:limit:chain:)`` when `views`,
  /// each chain with the number of its views a page would hold, come to
  /// more than ``maximumViews``.
  public static func checkViews(_ views: [(chain: Chain, count: Int)]) throws(PictureError) {
    let count = views.reduce(0) { $0 + $1.count }
    guard count > maximumViews else { return }
    let largest = views.max { $0.count < $1.count }
    throw .tooManyViews(
      count: count, limit: maximumViews,
      chain: largest.flatMap { $0.chain.repetition == nil ? nil : $0.chain.name })
  }

  /// The offsets of a preview when none are given: -200 to maxOffset + 200
  /// by 1, or by the smallest whole step that keeps them within a picture's
  /// ``PictureLimits/maximumOffsets`` and within ``defaultSamples`` for the
  /// scene's views, when the content is longer; then 0 and maxOffset too,
  /// where the content rests, which those offsets may miss (a maxOffset of
  /// 156.5 misses the offsets by 1 from -200).
  public static func defaultOffsets(for scene: Scene) -> OffsetSpec {
    let maxOffset = scene.geometry(offset: 0).maxOffset
    // Two left for 0 and maxOffset.
    let limit = max(
      2,
      min(PictureLimits.maximumOffsets, defaultSamples / max(1, scene.viewCount)) - 2)
    // About floor(span / step) + 1 offsets, at most the limit once step >
    // span / limit; the spec also counts a last point within rounding of
    // its end, which can make one more: then the next step.
    var step = ((maxOffset + 400) / Double(limit)).rounded(.down) + 1
    // Both ends are finite and within the limits of a loaded scene.
    while true {
      guard let offsets = try? OffsetSpec(from: -200, to: maxOffset + 200, step: step) else {
        return OffsetSpec([0])
      }
      guard offsets.count <= limit else {
        step += 1
        continue
      }
      guard step > 1 || maxOffset != maxOffset.rounded() else { return offsets }
      let resting = Array(offsets).filter { $0 != 0 && $0 != maxOffset } + [0, maxOffset]
      return OffsetSpec(Array(Set(resting)).sorted())
    }
  }

  /// One view's embedded data.
  public struct View: Sendable {
    public var name: String
    public var chain: Int
    public var attachment: Attachment
    /// The breakpoints of each column, in `TransformColumn.allCases` order.
    public var columns: [[PiecewiseLinear.Point]]
  }

  /// The viewport on the screen, W x V as the scene file gives it.
  public var viewport: Size
  /// The direction the scene scrolls in: a horizontal page scrolls with the
  /// wheel's `deltaX` and a drag along x.
  public var axis: ScrollAxis = .vertical
  /// A right-to-left page is scrolled forward by a wheel or a drag to the right.
  public var layoutDirection: LayoutDirection = .leftToRight
  public var maxOffset: Double
  /// The lowest and highest offsets, and the step of a grid from the
  /// lowest: 1, or less where the offsets are closer on average. The slider
  /// steps through ``sampledOffsets`` instead.
  public var offsetRange: (min: Double, max: Double, step: Double)
  /// The offsets evaluated, ascending, each once: the slider's positions,
  /// one a step, so that every one of them, the first and the last
  /// included, can be shown exactly.
  public var sampledOffsets: [Double]
  /// The widest gap between two offsets sampled next to each other: the
  /// page's values between samples are the straight line between theirs,
  /// which the page says when the gap is wider than 1.
  public var sampleGap: Double
  public var views: [View]
  public var gestures: [PreviewGesture]
  public var title: String

  /// The offsets as a page evaluates them: the lowest (for the views'
  /// places), then each offset once, from low to high.
  static func evaluationOrder(of offsets: OffsetSpec) -> [Double] {
    var sorted = Array(offsets).sorted()
    sorted = sorted.enumerated().filter { $0.offset == 0 || sorted[$0.offset - 1] != $0.element }
      .map(\.element)
    return sorted.first.map { [$0] + sorted } ?? []
  }

  /// Evaluates `host` at `offsets` (sorted, each once) and fits every chosen view's columns.
  ///
  /// Once a signal has asked `effectctl` to stop (``Interruption``), it
  /// stops evaluating: the page is then incomplete, and the command does
  /// not write it.
  ///
  /// - Throws: ``PictureError/tooManyOffsets(count:limit:)`` above
  ///   ``PictureLimits/maximumOffsets``; ``PictureError/noOffsets`` for none;
  ///   ``PictureError/tooManyViews(count:limit:chain:)`` for more chosen
  ///   views than ``maximumViews``.
  public init(
    host: SceneHost, offsets: OffsetSpec, selection: ViewSelection? = nil,
    gestures: [PreviewGesture] = [], title: String = ""
  ) throws(PictureError) {
    try PictureLimits.check(offsets)
    let selection = selection ?? ViewSelection(all: host.chains)
    try Self.checkViews(
      selection.segments.map { (host.scene.chains[$0.chain], $0.copies.count) })
    let order = Self.evaluationOrder(of: offsets)
    let sorted = order.dropFirst()
    guard let low = sorted.first, let high = sorted.last else { throw .noOffsets }
    var host = host
    let columns = TransformColumn.allCases
    var fitters: [PiecewiseLinear] = []
    var views: [View] = []
    // The views as the first frame draws them; later frames read the same
    // places in the buffer, without naming every view again.
    host.evaluate(offset: low)
    let first = FrameDrawing.draw(host, selection: selection)
    views = first.views.map {
      View(name: $0.name, chain: $0.chain, attachment: $0.attachment, columns: [])
    }
    fitters = (0..<first.views.count).flatMap { _ in
      columns.map { PiecewiseLinear(tolerance: Self.tolerance(for: $0)) }
    }
    let places = first.views.map {
      ($0.chain, $0.copy, host.chains[$0.chain].viewRange.lowerBound + $0.copy)
    }
    // Index loops: enumerating tuples costs more than the fit in a debug build.
    let mapping = host.screenMapping
    fitters.withUnsafeMutableBufferPointer { fitters in
      for offset in sorted {
        if Interruption.signal != nil { break }
        host.evaluate(offset: offset)
        // A debug build copies a `var` host, every stored property, for each
        // call on it: the frame's calls go to one constant copy, and the
        // fitters through a buffer pointer, which tests take in a debug build.
        let frame = host
        frame.withTransforms { transforms in
          for viewIndex in 0..<places.count {
            let (chain, copy, index) = places[viewIndex]
            let transform = transforms[index]
            // A right-to-left view's translateX is its leading (right) edge's move.
            let natural = mapping.translationOrigin(
              of: transform, natural: frame.naturalFrame(chain: chain, copy: copy))
            for columnIndex in 0..<columns.count {
              fitters[viewIndex * columns.count + columnIndex].append(
                offset: offset,
                value: columns[columnIndex].value(
                  of: transform, naturalX: natural.x, naturalY: natural.y))
            }
          }
        }
      }
    }
    for viewIndex in views.indices {
      views[viewIndex].columns = (0..<columns.count).map {
        fitters[viewIndex * columns.count + $0].finish()
      }
    }
    self.viewport = FrameDrawing.screenViewport(of: host.scene.viewport, axis: host.scene.axis)
    self.axis = host.scene.axis
    self.layoutDirection = host.scene.layoutDirection
    self.maxOffset = host.geometry.maxOffset
    let step = sorted.count > 1 ? Swift.min(1, (high - low) / Double(sorted.count - 1)) : 1
    self.offsetRange = (low, high, step)
    self.sampledOffsets = Array(sorted)
    self.sampleGap = zip(sorted, sorted.dropFirst()).map { $1 - $0 }.max() ?? 0
    self.views = views
    self.gestures = gestures
    self.title = title
  }

  /// The embedded data as JSON text (no `<` in it, so it cannot end its script element).
  public func json() -> String {
    var out = "{\"viewport\":{\"width\":\(MessageText.number(viewport.width)),"
    out += "\"height\":\(MessageText.number(viewport.height))},"
    let words = PullWords(axis: axis, layoutDirection: layoutDirection)
    out += "\"axis\":\"\(axis.rawValue)\",\"layoutDirection\":\"\(layoutDirection.rawValue)\","
    out += "\"pullWords\":{\"start\":\"\(words.start)\",\"end\":\"\(words.end)\"},"
    out += "\"maxOffset\":\(MessageText.number(maxOffset)),"
    out += "\"offsets\":{\"min\":\(MessageText.number(offsetRange.min)),"
    out +=
      "\"max\":\(MessageText.number(offsetRange.max)),\"step\":\(MessageText.number(offsetRange.step)),"
      + "\"gap\":\(MessageText.number(sampleGap))},"
    out +=
      "\"samples\":["
      + Self.runs(of: sampledOffsets).map {
        "\(MessageText.number($0.start)),\(MessageText.number($0.step)),\($0.count)"
      }.joined(separator: ",") + "],"
    out += "\"title\":\(Self.jsonString(title)),"
    out +=
      "\"columns\":["
      + TransformColumn.allCases.map { "\"\($0.rawValue)\"" }.joined(
        separator: ",") + "],"
    out += "\"views\":[\n"
    for (index, view) in views.enumerated() {
      if index > 0 { out += ",\n" }
      out += "{\"name\":\(Self.jsonString(view.name)),\"chain\":\(view.chain),"
      out += "\"attachment\":\"\(view.attachment.rawValue)\","
      out += "\"color\":\"\(PictureText.color(view.chain))\",\"c\":["
      for (columnIndex, points) in view.columns.enumerated() {
        if columnIndex > 0 { out += "," }
        let unitless = Self.isUnitless(TransformColumn.allCases[columnIndex])
        let values = points.map { unitless ? MessageText.number($0.value) : Self.value($0.value) }
        if Set(values).count == 1, let only = values.first {
          out += only
          continue
        }
        out += "["
        for (pointIndex, point) in points.enumerated() {
          if pointIndex > 0 { out += "," }
          out += MessageText.number(point.offset) + "," + values[pointIndex]
        }
        out += "]"
      }
      out += "]}"
    }
    out += "\n],\"gestures\":["
    for (index, gesture) in gestures.enumerated() {
      if index > 0 { out += ",\n" }
      out += "{\"name\":\(Self.jsonString(gesture.name)),\"frames\":["
      for (frameIndex, frame) in gesture.frames.enumerated() {
        if frameIndex > 0 { out += "," }
        out += "{\"t\":\(MessageText.number(frame.time)),\"phase\":\(Self.jsonString(frame.phase)),"
        out += "\"offset\":\(MessageText.number(frame.offset)),\"v\":["
        for (viewIndex, transform) in frame.transforms.enumerated() {
          if viewIndex > 0 { out += "," }
          let natural =
            viewIndex < frame.naturalFrames.count
            ? frame.naturalFrames[viewIndex] : transform.frame
          // Scales and anchors in full, as the offsets' breakpoints: the
          // page multiplies them by a size.
          let row = TransformColumn.allCases.map {
            let value = $0.value(of: transform, naturalX: natural.x, naturalY: natural.y)
            return Self.isUnitless($0) ? MessageText.number(value) : Self.value(value)
          }
          out += "[" + row.joined(separator: ",") + "]"
        }
        out += "]}"
      }
      out += "]}"
    }
    out += "]}"
    return out
  }

  /// `offsets` as runs `(start, step, count)` whose k-th offset is exactly
  /// `start + Double(k) * step` (the page computes the same sum in the same
  /// doubles): offsets by 1 are one run, and a list the runs cannot shorten
  /// is runs of one or two.
  static func runs(of offsets: [Double]) -> [(start: Double, step: Double, count: Int)] {
    var runs: [(start: Double, step: Double, count: Int)] = []
    var index = 0
    while index < offsets.count {
      let start = offsets[index]
      var step = 0.0
      var count = 1
      if index + 1 < offsets.count, start + (offsets[index + 1] - start) == offsets[index + 1] {
        step = offsets[index + 1] - start
        count = 2
        while index + count < offsets.count,
          offsets[index + count] == start + Double(count) * step
        {
          count += 1
        }
      }
      runs.append((start, step, count))
      index += count
    }
    return runs
  }

  /// `value` with ``valueDecimals`` decimals, in its shortest text.
  static func value(_ value: Double) -> String {
    DecimalRounding.shortestText(value, decimals: valueDecimals)
  }

  /// A JSON string literal with `<`, `>` and `&` escaped, so that HTML never
  /// reads a tag in it, and what an HTML page may not hold (controls, the
  /// non-characters U+FFFE and U+FFFF) escaped too.
  static func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "<", ">", "&", "\u{2028}", "\u{2029}":
        out += "\\u" + hex4(scalar.value)
      case _
      where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFE
        || scalar.value == 0xFFFF:
        out += "\\u" + hex4(scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  private static func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// The HTML document.
  public func html() -> String {
    var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    // A phone lays the page out at its own width, not a desktop's 980 px.
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    out += "<title>\(PictureText.escaped(title.isEmpty ? "preview" : title))</title>\n"
    out += "<style>\n" + PreviewAssets.css + "</style>\n</head>\n<body>\n"
    out += "<h1>\(PictureText.escaped(title.isEmpty ? "preview" : title))</h1>\n"
    out += PreviewAssets.body
    out += "<script type=\"application/json\" id=\"frames\">\n" + json() + "\n</script>\n"
    out += "<script>\n" + PreviewAssets.script + "</script>\n</body>\n</html>\n"
    return out
  }
}
