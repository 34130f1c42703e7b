import EffectProtocol

/// How a scene's evaluated transforms map to the screen's axes: a
/// horizontal scene is evaluated as its vertical twin (``ScrollAxis``),
/// whose x and y, widths and heights, scales and anchors swap back; a
/// right-to-left one is the mirror image of its left-to-right twin
/// (``LayoutDirection``). A vertical scene's mapping changes nothing.
public struct ScreenMapping: Sendable, Equatable {
  public var axis: ScrollAxis
  public var layoutDirection: LayoutDirection
  /// The screen's viewport width W, which a mirror image reflects about.
  public var viewportWidth: Double

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
  /// naturalWidth)`, as from `naturalX + naturalWidth - width`.
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

  /// Writes the mirror images of the views in `ranges` of ``storage``
  /// (a right-to-left scene's left-to-right image, on the screen's axes
  /// already: ``ViewMemory``) into ``screenStorage``, made to hold as many
  /// views.
  mutating func mapToScreen(_ ranges: some Sequence<Range<Int>>) {
    let (screen, kept) = uniqueScreenViews()
    // Made anew, the screen's memory holds the image outside the windows.
    if !kept { screenSynced = false }
    let image = storage.views
    let width = mirrorWidth
    for range in ranges { Self.mirror(from: image, to: screen, range, width: width) }
  }

  /// The width a right-to-left scene's views are mirrored in: the screen's
  /// viewport width, the twin's height (``ScreenMapping/viewportWidth``),
  /// read without making a mapping.
  @inline(__always)
  var mirrorWidth: Double { scene.viewport.height }

  /// ``screenStorage``'s views, made to hold as many views as ``storage``
  /// and this host's own first, and whether they were kept (`false`: made
  /// anew, as a copy of ``storage``).
  @inline(__always)
  mutating func uniqueScreenViews() -> (UnsafeMutablePointer<ViewTransform>, kept: Bool) {
    // No reference held across the check, which would make it fail.
    if screenStorage?.count == storage.count, isKnownUniquelyReferenced(&screenStorage!) {
      return (screenStorage.unsafelyUnwrapped.views, true)
    }
    let screen = ViewStorage(copying: storage)
    screenStorage = screen
    return (screen.views, false)
  }

  /// The mirror images in a viewport `width` wide of `image`'s views in
  /// `range`, into `screen`: `x' = W - x - width`, `anchorX' = 1 - anchorX`,
  /// `rotation' = -rotation`.
  @inline(__always)
  static func mirror(
    from image: UnsafeMutablePointer<ViewTransform>, to screen: UnsafeMutablePointer<ViewTransform>,
    _ range: Range<Int>, width: Double
  ) {
    // The views are copied as bytes, a block at a time, which the
    // platform's `memcpy` moves in wide words, then the three mirrored
    // fields of the block are rewritten: cheaper than copying each view
    // field by field on its way. Blocks of `blockViews` stay below the size
    // from which glibc's `memcpy` may switch to `rep movsb`, which callgrind
    // counts an instruction a byte (the C library picks that size for the
    // machine: between 7 296 and 8 448 bytes where this was measured).
    let blockViews = 4_000 / MemoryLayout<ViewTransform>.stride
    // A view or two copy field by field for less than a call.
    guard range.count > 2 else {
      for index in range {
        screen[index] = image[index]
        mirrorInPlace(screen + index, width: width)
      }
      return
    }
    var start = range.lowerBound
    while start < range.upperBound {
      let end = Swift.min(start + blockViews, range.upperBound)
      UnsafeMutableRawPointer(screen + start).copyMemory(
        from: UnsafeRawPointer(image + start),
        byteCount: (end - start) * MemoryLayout<ViewTransform>.stride)
      var view = screen + start
      let blockEnd = screen + end
      while view != blockEnd {
        mirrorInPlace(view, width: width)
        view += 1
      }
      start = end
    }
  }

  /// The view at `view`, a copy of its left-to-right image, made its mirror
  /// image in a viewport `width` wide.
  @inline(__always)
  static func mirrorInPlace(_ view: UnsafeMutablePointer<ViewTransform>, width: Double) {
    view.pointee.x = width - view.pointee.x - view.pointee.width
    view.pointee.anchorX = 1 - view.pointee.anchorX
    view.pointee.rotation = -view.pointee.rotation
  }

  /// ``mapToScreen(_:)`` of every view, after a full frame of a
  /// right-to-left scene. With a screen in step with the image
  /// (``screenSynced``, which says that ``restingViewsWritten`` held as the
  /// frame started), the views of a chain evaluated by itself that rest
  /// (``ChainRun/rest``) moved only their natural tops since the last
  /// frame (the screen's x: ``writeNaturalTops``), and none when it is
  /// attached to the viewport: only their x is mirrored again, or nothing.
  @inline(never)
  mutating func mapAllToScreen() {
    let (screen, kept) = uniqueScreenViews()
    let image = storage.views
    let width = mirrorWidth
    guard kept && screenSynced && hasRestingRuns else {
      Self.mirror(from: image, to: screen, 0..<storage.count, width: width)
      screenSynced = true
      return
    }
    // The runs are in the order of the chains, and so of their views.
    var next = 0
    for run in runs where run.rest != .none {
      Self.mirror(from: image, to: screen, next..<run.firstView, width: width)
      next = run.firstView + run.viewCount
      guard run.attachment == .content else { continue }
      var view = run.firstView
      while view < next {
        screen[view].x = width - image[view].x - image[view].width
        view += 1
      }
    }
    Self.mirror(from: image, to: screen, next..<storage.count, width: width)
  }
}
