import EffectProtocol

/// How a scene's evaluated transforms map to the screen's axes: a
/// horizontal scene is evaluated as its vertical twin (``ScrollAxis``),
/// whose x and y, widths and heights, scales and anchors swap back; a
/// right-to-left one is the mirror image of its left-to-right twin
/// (``LayoutDirection``). A vertical scene's mapping changes nothing.
public struct ScreenMapping: Sendable, Equatable {
  /// The scene's scroll axis: a horizontal scene's transforms are its vertical twin's, swapped
  /// back.
  public var axis: ScrollAxis
  /// The scene's layout direction: a horizontal right-to-left scene is mirrored about
  /// ``viewportWidth``; a vertical scene is not mirrored.
  public var layoutDirection: LayoutDirection
  /// The screen's viewport width W, which a mirror image reflects about.
  public var viewportWidth: Double

  /// The mapping of a scene of this axis and layout direction, whose screen viewport is
  /// `viewportWidth` points wide.
  public init(axis: ScrollAxis, layoutDirection: LayoutDirection, viewportWidth: Double) {
    self.axis = axis
    self.layoutDirection = layoutDirection
    self.viewportWidth = viewportWidth
  }

  /// The mapping of `scene`, whose viewport is its twin's.
  public init(_ scene: Scene) {
    self.init(
      axis: scene.axis, layoutDirection: scene.layoutDirection,
      viewportWidth: scene.axis == .horizontal ? scene.viewport.height : scene.viewport.width)
  }

  /// Whether the mapping changes anything.
  @inlinable public var isIdentity: Bool { axis == .vertical }

  /// Whether the mapping mirrors x.
  @inlinable public var isMirrored: Bool {
    axis == .horizontal && layoutDirection == .rightToLeft
  }

  /// The transform on screen of the twin's transform `twin`: x and y,
  /// widths and heights, scales and anchors swapped (rotation, a scalar,
  /// stays), then for a right-to-left scene `x' = W - x - width`,
  /// `anchorX' = 1 - anchorX`, `rotation' = -rotation`.
  @inlinable
  public func transform(_ twin: ViewTransform) -> ViewTransform {
    guard axis == .horizontal else { return twin }
    var view = twin
    view.x = twin.y
    view.y = twin.x
    view.width = twin.height
    view.height = twin.width
    view.scaleX = twin.scaleY
    view.scaleY = twin.scaleX
    view.anchorX = twin.anchorY
    view.anchorY = twin.anchorX
    if layoutDirection == .rightToLeft {
      view.x = viewportWidth - view.x - view.width
      view.anchorX = 1 - view.anchorX
      view.rotation = -view.rotation
    }
    return view
  }

  /// The frame on screen of the twin's frame `twin` (a natural frame).
  @inlinable
  public func frame(_ twin: Rect) -> Rect {
    guard axis == .horizontal else { return twin }
    var frame = Rect(x: twin.y, y: twin.x, width: twin.height, height: twin.width)
    if layoutDirection == .rightToLeft { frame.x = viewportWidth - frame.x - frame.width }
    return frame
  }

  /// The origin that the `translateX` and `translateY` columns of the
  /// on-screen transform `view` measure from, given its on-screen natural
  /// frame `natural`: the natural origin, except that a right-to-left
  /// scene's `translateX` is its twin's negated (`-translateX`), the move of
  /// the view's leading (right) edge: `x + width - (naturalX +
  /// naturalWidth)`, as from `naturalX + naturalWidth - width`. Measured
  /// from the screen's `x`, it is the twin's negated to the spacing of
  /// Doubles there (0.125 for an `x` near -1e15).
  @inlinable
  public func translationOrigin(of view: ViewTransform, natural: Rect) -> Rect {
    Self.translationOrigin(of: view, natural: natural, mirrored: isMirrored)
  }

  /// ``translationOrigin(of:natural:)`` of a view known to be in a
  /// right-to-left scene (`mirrored`) or not: the one rule that eval's
  /// rows, ``PlacedTransform`` and the pictures measure `translateX` by.
  @inlinable
  public static func translationOrigin(of view: ViewTransform, natural: Rect, mirrored: Bool)
    -> Rect
  {
    guard mirrored else { return natural }
    var origin = natural
    origin.x = natural.x + natural.width - view.width
    return origin
  }
}

extension SceneHost {
  /// How the host's transforms map to the screen (``ScreenMapping``).
  public var screenMapping: ScreenMapping { ScreenMapping(scene) }

  /// The width a right-to-left scene's views are mirrored in: the screen's
  /// viewport width, the twin's height (``ScreenMapping/viewportWidth``),
  /// read without making a mapping.
  @inline(__always)
  var mirrorWidth: Double { scene.viewport.height }

  /// Mirrors in place, after a frame of a right-to-left scene, every view
  /// that the frame wrote as the left-to-right image: its effects write
  /// the image, as they would in a left-to-right scene (``ViewMemory``),
  /// and the image is then made the screen's, where the next frame finds
  /// it. A view is mirrored once a frame it is written, never twice, and
  /// between frames every view is on the screen.
  ///
  /// `restingWritten` is ``restingViewsWritten`` as the frame started: the
  /// frame then wrote nothing of the views of a chain evaluated by itself
  /// whose views rest (``ChainRun/rest``), which the last full frame left
  /// on the screen, but the natural tops of those attached to the content,
  /// whose x alone is mirrored again. Both kinds of frame go by the spans
  /// of ``mirrorPlan``, found when the views last moved: no walk of the
  /// chains.
  @inline(never)
  mutating func mirrorFrame(restingWritten: Bool) {
    let views = UnsafeMutableRawPointer(storage.views)
    let width = mirrorWidth
    // A mirrored scene's plan has both lists of spans. The pointers are
    // chosen, not the lists: a choice of the two references retained the
    // one chosen for the loop.
    var span = UnsafePointer(
      restingWritten
        ? mirrorPlan.onceWritten.unsafelyUnwrapped.first
        : mirrorPlan.everyView.unsafelyUnwrapped.first)
    let end =
      span
      + (restingWritten
        ? mirrorPlan.onceWritten.unsafelyUnwrapped.count
        : mirrorPlan.everyView.unsafelyUnwrapped.count)
    // At least one span (``MirrorPlan/Spans``).
    repeat {
      let start = (views + span.pointee.start).assumingMemoryBound(to: ViewTransform.self)
      let end = (views + span.pointee.end).assumingMemoryBound(to: ViewTransform.self)
      switch span.pointee.shape {
      case .keepingAnchorPairs:
        Self.mirrorPairs(start, end, width: width, part: .keepingAnchor, someFirst: true)
      case .keepingAnchorOne: Self.mirror(start, width: width, part: .keepingAnchor)
      case .keepingAnchorOneAndPairs:
        Self.mirror(start, width: width, part: .keepingAnchor)
        Self.mirrorPairs(start + 1, end, width: width, part: .keepingAnchor, someFirst: true)
      case .wholePairs: Self.mirrorPairs(start, end, width: width, part: .whole, someFirst: true)
      case .wholeOne: Self.mirror(start, width: width, part: .whole)
      case .wholeOneAndPairs:
        Self.mirror(start, width: width, part: .whole)
        Self.mirrorPairs(start + 1, end, width: width, part: .whole, someFirst: true)
      case .xPairs: Self.mirrorPairs(start, end, width: width, part: .x, someFirst: true)
      case .xOne: Self.mirror(start, width: width, part: .x)
      case .xOneAndPairs:
        Self.mirror(start, width: width, part: .x)
        Self.mirrorPairs(start + 1, end, width: width, part: .x, someFirst: true)
      case .none: break
      }
      span += 1
    } while span != end
  }

  /// ``mirrorFrame(restingWritten:)`` of a windowed frame, which wrote the
  /// copies `windows[chain]` of each chain evaluated by itself and every
  /// view of the groups' chains.
  mutating func mirrorWindows(_ windows: [Range<Int>], restingWritten: Bool) {
    let views = storage.views
    let width = mirrorWidth
    var next = 0
    for run in runs {
      // The views of the groups' chains before it: written whole.
      Self.mirror(views, next..<run.firstView, width: width, part: .whole)
      next = run.firstView + run.viewCount
      let window = windows[run.chain]
      let written = (run.firstView + window.lowerBound)..<(run.firstView + window.upperBound)
      if restingWritten && run.rests {
        // Their natural tops, or nothing: as the full frame's pass.
        if run.attachment == .content { Self.mirror(views, written, width: width, part: .x) }
      } else {
        Self.mirror(views, written, width: width, part: .whole)
      }
    }
    Self.mirror(views, next..<storage.count, width: width, part: .whole)
  }

  /// The mirror images in place, in a viewport `width` wide, of the views
  /// of `views` in `range`: `x' = W - x - width`, `anchorX' = 1 -
  /// anchorX`, `rotation' = -rotation`, of which `part` says which
  /// (``MirrorPlan/Part``). Inlined with a constant `part`.
  @inline(__always)
  static func mirror(
    _ views: UnsafeMutablePointer<ViewTransform>, _ range: Range<Int>, width: Double,
    part: MirrorPlan.Part
  ) {
    var start = views + range.lowerBound
    if range.count & 1 != 0 {
      mirror(start, width: width, part: part)
      start += 1
    }
    mirrorPairs(start, views + range.upperBound, width: width, part: part)
  }

  /// ``mirror(_:_:width:part:)`` of the views from `start` to `end`, an
  /// even number of them: two a turn, so that the loop's step and test are
  /// paid half as often.
  /// With `someFirst`, there is at least one pair: the loop tests only
  /// after each.
  @inline(__always)
  static func mirrorPairs(
    _ start: UnsafeMutablePointer<ViewTransform>, _ end: UnsafeMutablePointer<ViewTransform>,
    width: Double, part: MirrorPlan.Part, someFirst: Bool = false
  ) {
    var view = start
    if !someFirst && view == end { return }
    repeat {
      mirror(view, width: width, part: part)
      mirror(view + 1, width: width, part: part)
      view += 2
    } while view != end
  }

  /// The mirror image of the view at `view`, in place (see
  /// ``mirror(_:_:width:part:)``).
  @inline(__always)
  static func mirror(
    _ view: UnsafeMutablePointer<ViewTransform>, width: Double, part: MirrorPlan.Part
  ) {
    view.pointee.x = width - view.pointee.x - view.pointee.width
    if part == .whole { view.pointee.anchorX = 1 - view.pointee.anchorX }
    if part != .x { view.pointee.rotation = -view.pointee.rotation }
  }
}
