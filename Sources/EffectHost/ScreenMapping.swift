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

  /// Writes the screen's transforms of the views in `ranges` of the twin's
  /// (``storage``) into ``screenStorage``, made to hold as many views.
  mutating func mapToScreen(_ ranges: some Sequence<Range<Int>>) {
    let mapping = screenMapping
    let count = storage.count
    if screenStorage == nil || screenStorage!.count != count
      || !isKnownUniquelyReferenced(&screenStorage!)
    {
      screenStorage = ViewStorage(copying: storage)
    }
    let twin = storage.views
    let screen = screenStorage!.views
    if mapping.isMirrored {
      for range in ranges {
        Self.swapAxes(from: twin, to: screen, range)
        Self.mirror(screen, range, width: mapping.viewportWidth)
      }
    } else {
      for range in ranges { Self.swapAxes(from: twin, to: screen, range) }
    }
  }

  /// `twin`'s views in `range` with their axes swapped, into `screen`: the
  /// pairs (x, y), (width, height), (scaleX, scaleY), (anchorX, anchorY)
  /// are neighbours in a transform, so each is one two-lane shuffle.
  @inline(__always)
  static func swapAxes(
    from twin: UnsafeMutablePointer<ViewTransform>, to screen: UnsafeMutablePointer<ViewTransform>,
    _ range: Range<Int>
  ) {
    // Raw loads and stores of the pairs, the pointers stepped a view at a
    // time: no index arithmetic to check per pair.
    var from = UnsafeRawPointer(twin + range.lowerBound)
    var to = UnsafeMutableRawPointer(screen + range.lowerBound)
    let end = UnsafeRawPointer(twin + range.upperBound)
    let stride = MemoryLayout<ViewTransform>.stride
    while from < end {
      let origin = from.loadUnaligned(as: SIMD2<Double>.self)
      let size = from.loadUnaligned(fromByteOffset: 16, as: SIMD2<Double>.self)
      let scale = from.loadUnaligned(fromByteOffset: 32, as: SIMD2<Double>.self)
      let anchor = from.loadUnaligned(fromByteOffset: 48, as: SIMD2<Double>.self)
      let visuals = from.loadUnaligned(fromByteOffset: 64, as: SIMD2<Double>.self)
      let order = from.loadUnaligned(fromByteOffset: 80, as: SIMD2<Double>.self)
      to.storeBytes(of: SIMD2(origin.y, origin.x), as: SIMD2<Double>.self)
      to.storeBytes(of: SIMD2(size.y, size.x), toByteOffset: 16, as: SIMD2<Double>.self)
      to.storeBytes(of: SIMD2(scale.y, scale.x), toByteOffset: 32, as: SIMD2<Double>.self)
      to.storeBytes(of: SIMD2(anchor.y, anchor.x), toByteOffset: 48, as: SIMD2<Double>.self)
      to.storeBytes(of: visuals, toByteOffset: 64, as: SIMD2<Double>.self)
      to.storeBytes(of: order, toByteOffset: 80, as: SIMD2<Double>.self)
      from += stride
      to += stride
    }
  }

  /// The mirror image of `screen`'s views in `range` in a viewport `width`
  /// wide, in place.
  @inline(__always)
  static func mirror(
    _ screen: UnsafeMutablePointer<ViewTransform>, _ range: Range<Int>, width: Double
  ) {
    for index in range {
      screen[index].x = width - screen[index].x - screen[index].width
      screen[index].anchorX = 1 - screen[index].anchorX
      screen[index].rotation = -screen[index].rotation
    }
  }

  /// ``mapToScreen(_:)`` of every view, after a frame of a horizontal scene.
  @inline(never)
  mutating func mapAllToScreen() {
    mapToScreen(CollectionOfOne(0..<storage.count))
  }
}
