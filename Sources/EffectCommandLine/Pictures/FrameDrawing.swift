import EffectHost
import EffectProtocol

/// One view as a picture draws it in one frame: the host's transform and
/// what follows from it, nothing recomputed from an effect.
public struct DrawnView: Sendable, Equatable {
  /// The output name (`header`, `row[3]`).
  public var name: String
  /// The chain's index in ``SceneHost/chains``.
  public var chain: Int
  /// The copy of a repeated chain; 0 for a chain that does not repeat.
  public var copy: Int
  /// Whether the view scrolls with the content or stays on the viewport.
  public var attachment: Attachment
  /// The host's transform: layout frame (viewport coordinates, points) and visuals.
  public var transform: ViewTransform
  /// The natural frame in viewport coordinates in this frame, for `translateX`/`translateY`.
  public var naturalFrame: Rect

  public init(
    name: String, chain: Int, copy: Int, attachment: Attachment, transform: ViewTransform,
    naturalFrame: Rect
  ) {
    self.name = name
    self.chain = chain
    self.copy = copy
    self.attachment = attachment
    self.transform = transform
    self.naturalFrame = naturalFrame
  }

  /// The layout frame, points, viewport coordinates.
  public var layoutFrame: Rect { transform.frame }

  /// The frame as drawn: the layout frame scaled by `scaleX`, `scaleY` about
  /// its anchor (the unit point `anchorX`, `anchorY` of the layout frame),
  /// before rotation.
  ///
  /// `x' = x + anchorX * width * (1 - scaleX)`, `width' = width * scaleX`,
  /// and the same for y with `anchorY`, `height` and `scaleY`.
  public var drawnFrame: Rect { Self.drawnFrame(of: transform) }

  /// ``drawnFrame`` of `transform`.
  public static func drawnFrame(of transform: ViewTransform) -> Rect {
    Rect(
      x: transform.x + transform.anchorX * transform.width * (1 - transform.scaleX),
      y: transform.y + transform.anchorY * transform.height * (1 - transform.scaleY),
      width: transform.width * transform.scaleX,
      height: transform.height * transform.scaleY)
  }

  /// The rotation and scale anchor in viewport coordinates, points.
  public var anchorPoint: (x: Double, y: Double) {
    (
      transform.x + transform.anchorX * transform.width,
      transform.y + transform.anchorY * transform.height
    )
  }

  /// Whether the view is in a right-to-left scene, whose `translateX` is
  /// the move of its leading (right) edge (``ScreenMapping``).
  public var isMirrored = false

  /// The origin `translateX` and `translateY` measure from
  /// (``ScreenMapping/translationOrigin(of:natural:)``).
  public var translationOrigin: Rect {
    ScreenMapping.translationOrigin(of: transform, natural: naturalFrame, mirrored: isMirrored)
  }

  /// Column `column`'s value, as `eval` prints it.
  public func value(_ column: TransformColumn) -> Double {
    let origin = translationOrigin
    return column.value(of: transform, naturalX: origin.x, naturalY: origin.y)
  }
}

/// What the viewport looks like at one offset: every chosen view, drawn.
public struct FrameDrawing: Sendable, Equatable {
  /// The scroll offset, points.
  public var offset: Double
  /// The frame's scroll geometry (viewport size, insets, content height).
  public var geometry: ScrollGeometry
  /// The chosen views in scene order (chain by chain, copies in order).
  public var views: [DrawnView]

  /// The direction the scene scrolls in. A horizontal scene's ``geometry``
  /// is its vertical twin's (its viewport's width and height swapped); its
  /// views are on the screen's axes.
  public var axis: ScrollAxis
  /// The direction a horizontal scene reads in: a right-to-left one is the
  /// mirror image of its left-to-right twin.
  public var layoutDirection: LayoutDirection

  public init(
    offset: Double, geometry: ScrollGeometry, views: [DrawnView], axis: ScrollAxis = .vertical,
    layoutDirection: LayoutDirection = .leftToRight
  ) {
    self.offset = offset
    self.geometry = geometry
    self.views = views
    self.axis = axis
    self.layoutDirection = layoutDirection
  }

  /// The viewport on the screen, W x V as the scene file gives it: the
  /// geometry's, with its width and height swapped in a horizontal scene.
  public var viewport: Size { Self.screenViewport(of: geometry.viewport, axis: axis) }

  /// The screen's viewport of a scene whose twin's viewport is `twin`.
  static func screenViewport(of twin: Size, axis: ScrollAxis) -> Size {
    axis == .horizontal ? Size(width: twin.height, height: twin.width) : twin
  }

  /// Whether the frame is a right-to-left scene's, drawn as its twin's mirror image.
  public var isMirrored: Bool { axis == .horizontal && layoutDirection == .rightToLeft }

  /// What the frame's scroll view is doing, in the words of its axis:
  /// `pulled down 60`, `at rest`, `scrolled 120 of 1156`, `pulled up 40`;
  /// sideways the way the content moves (``PullWords``). Its numbers are
  /// written as every picture writes a value (``PictureText/fixed(_:)``,
  /// 2 decimals), as the preview's page rounds the phases it shows: `156.2`,
  /// not the `156.20000000000005` that 1000.1 - 843.9 leaves.
  public var phase: String {
    let words = PullWords(axis: axis, layoutDirection: layoutDirection)
    let maxOffset = geometry.maxOffset
    let f = PictureText.fixed
    if offset < 0 { return "\(words.start) \(f(geometry.pull))" }
    if offset > maxOffset { return "\(words.end) \(f(geometry.pullBottom))" }
    if offset == 0 { return "at rest" }
    return "scrolled \(f(offset)) of \(f(maxOffset))"
  }

  /// The views in drawing order: ascending `zIndex`, scene order among equals,
  /// as SwiftUI orders siblings.
  public var viewsInDrawingOrder: [DrawnView] {
    viewsInDrawingOrder { _ in true }
  }

  /// The views that `isIncluded` keeps, in drawing order: kept before they
  /// are sorted, so that a long list's frame sorts (and copies) only the
  /// few it shows.
  func viewsInDrawingOrder(where isIncluded: (DrawnView) -> Bool) -> [DrawnView] {
    views.enumerated().filter { isIncluded($0.element) }.sorted { a, b in
      a.element.transform.zIndex != b.element.transform.zIndex
        ? a.element.transform.zIndex < b.element.transform.zIndex : a.offset < b.offset
    }.map(\.element)
  }

  /// Evaluates `host` at every offset of `offsets` and draws the views of
  /// `selection` (every view when `nil`).
  ///
  /// Once a signal has asked `effectctl` to stop (``Interruption``), it
  /// returns the frames drawn so far, which the command then does not write.
  ///
  /// - Throws: ``PictureError/tooManyOffsets(count:limit:)`` above
  ///   ``PictureLimits/maximumOffsets`` offsets, before evaluating anything.
  public static func frames(
    of host: SceneHost, at offsets: OffsetSpec, selection: ViewSelection? = nil
  ) throws(PictureError) -> [FrameDrawing] {
    var host = host
    return try frames(evaluating: &host, at: offsets, selection: selection)
  }

  /// ``frames(of:at:selection:)`` evaluating `host` itself: a copy of a
  /// host shares its views until its first frame, which copies them, and a
  /// command's host of millions of views would then need twice their memory.
  static func frames(
    evaluating host: inout SceneHost, at offsets: OffsetSpec, selection: ViewSelection?
  ) throws(PictureError) -> [FrameDrawing] {
    try PictureLimits.check(offsets)
    let selection = selection ?? ViewSelection(all: host.chains)
    var frames: [FrameDrawing] = []
    frames.reserveCapacity(offsets.count)
    for offset in offsets {
      if Interruption.signal != nil { break }
      host.evaluate(offset: offset)
      frames.append(draw(host, selection: selection))
    }
    return frames
  }

  /// The views of `selection` in the last frame `host` evaluated.
  public static func draw(_ host: SceneHost, selection: ViewSelection) -> FrameDrawing {
    var views: [DrawnView] = []
    // Allocated once: growing by doubling would hold the old and the new
    // array at once.
    views.reserveCapacity(selection.viewCount)
    let mapping = host.screenMapping
    host.withTransforms { transforms in
      for segment in selection.segments {
        let chain = host.chains[segment.chain]
        for copy in segment.copies {
          var view = DrawnView(
            name: chain.viewName(copy: copy), chain: segment.chain, copy: copy,
            attachment: chain.attachment,
            transform: transforms[chain.viewRange.lowerBound + copy],
            naturalFrame: mapping.frame(chain.naturalFrame(copy: copy, in: host.geometry)))
          view.isMirrored = mapping.isMirrored
          views.append(view)
        }
      }
    }
    return FrameDrawing(
      offset: host.geometry.offset, geometry: host.geometry, views: views,
      axis: host.scene.axis, layoutDirection: host.scene.layoutDirection)
  }
}

/// What a pull past either end of the content is called: the way the
/// content moves on the screen. A vertical scene is `pulled down` past its
/// top and `pulled up` past its bottom; a horizontal one `pulled right`
/// past its start and `pulled left` past its end, and a right-to-left one,
/// whose content moves right as the offset grows, the other way round.
public struct PullWords: Sendable, Equatable {
  /// A pull past the start (a negative offset): `pulled down`.
  public var start: String
  /// A pull past the end (beyond maxOffset): `pulled up`.
  public var end: String
  /// Which way the content moves as the offset grows: `up`, `left` or `right`.
  public var forward: String

  public init(axis: ScrollAxis, layoutDirection: LayoutDirection) {
    switch (axis, layoutDirection) {
    case (.vertical, _): (start, end, forward) = ("pulled down", "pulled up", "up")
    case (.horizontal, .leftToRight):
      (start, end, forward) = ("pulled right", "pulled left", "left")
    case (.horizontal, .rightToLeft):
      (start, end, forward) = ("pulled left", "pulled right", "right")
    }
  }
}

/// The bounds every picture keeps to.
public enum PictureLimits {
  /// The most offsets a picture draws: 100,000 (a plot line a point an
  /// offset, a filmstrip a frame an offset, a preview a sample an offset).
  public static let maximumOffsets = 100_000

  /// Throws ``PictureError/tooManyOffsets(count:limit:)`` when `offsets`
  /// has more than ``maximumOffsets``.
  public static func check(_ offsets: OffsetSpec) throws(PictureError) {
    if offsets.count > maximumOffsets {
      throw .tooManyOffsets(count: offsets.count, limit: maximumOffsets)
    }
  }
}

/// Why a picture was refused; ``description`` says what is wrong and what
/// was expected. Every case is a usage error (effectctl's exit status 64).
public enum PictureError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The offsets spec gives `count` offsets, more than `limit`.
  case tooManyOffsets(count: Int, limit: Int)
  /// A `--columns` name that is not an output column; the nearest column name.
  case unknownColumn(String, suggestion: String?)
  /// The offsets spec gives no offsets to draw.
  case noOffsets
  /// A preview of `count` views, more than `limit`
  /// (``PreviewPage/maximumViews``); `chain`, the name of the chain with
  /// the most copies, if it is a repeated one.
  case tooManyViews(count: Int, limit: Int, chain: String?)

  public var description: String {
    switch self {
    case .tooManyOffsets(let count, let limit):
      return
        "the offsets give \(count) offsets; a picture draws at most \(limit) (use a larger step)"
    case .unknownColumn(let name, let suggestion):
      let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
      let valid = TransformColumn.allCases.map(\.rawValue).joined(separator: ", ")
      return "no column is named '\(name)'.\(hint) The columns are: \(valid)"
    case .noOffsets:
      return "the offsets give no offset to draw"
    case .tooManyViews(let count, let limit, let chain):
      let name = chain.map(MessageText.escapingUnsafe) ?? "NAME"
      return
        "the scene has \(count) views; a preview's page holds at most \(limit) "
        + "(give a repeated chain fewer copies: --set \(name).repeat.count=N)"
    }
  }

  /// The columns named by `names`, in the order given, each once.
  public static func columns(named names: [String]) throws(PictureError) -> [TransformColumn] {
    var columns: [TransformColumn] = []
    for name in names {
      guard let column = TransformColumn(rawValue: name) else {
        throw .unknownColumn(
          name,
          suggestion: MessageText.nearestName(
            to: name, in: TransformColumn.allCases.map(\.rawValue)))
      }
      if !columns.contains(column) { columns.append(column) }
    }
    return columns
  }
}
