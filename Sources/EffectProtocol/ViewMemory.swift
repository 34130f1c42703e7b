/// How a host's memory holds the views its effects see.
///
/// A horizontal scene is evaluated as its vertical twin, but its views are
/// kept on the screen's axes, so that a frame needs no pass to map them:
/// every load from memory swaps the axes into the twin's, every store swaps
/// them back (``SwappedViewMemory``). A loop is specialised for one of the
/// two, chosen once per loop, so that a vertical scene's views are read and
/// written as they are (``PlainViewMemory``) with no test per view.
@usableFromInline
package protocol ViewMemory {
  /// Whether it swaps the axes: a batch's ``ViewBatch/swapsAxes``.
  static var swapsAxes: Bool { get }
  /// The transform, as effects see it, of the view stored at `view`.
  static func load(_ view: UnsafePointer<ViewTransform>) -> ViewTransform
  /// Stores `transform`, as effects see it, at `view`.
  static func store(_ transform: ViewTransform, _ view: UnsafeMutablePointer<ViewTransform>)
  /// Runs `body` on the transform, as effects see it, of the view stored at
  /// `view`.
  static func modify(
    _ view: UnsafeMutablePointer<ViewTransform>, _ body: (inout ViewTransform) -> Void)
  /// ``modify(_:_:)`` for a `body` that changes only visuals and keeps the
  /// frame as it is: stored as suits what such a body changes.
  static func modifyVisuals(
    _ view: UnsafeMutablePointer<ViewTransform>, _ body: (inout ViewTransform) -> Void)
}

/// Memory that holds the views as effects see them: a vertical scene's.
@usableFromInline
package enum PlainViewMemory: ViewMemory {
  @inlinable package static var swapsAxes: Bool { false }

  @inlinable @inline(__always)
  package static func load(_ view: UnsafePointer<ViewTransform>) -> ViewTransform {
    view.pointee
  }

  /// A whole transform, as six two-lane stores (``SwappedViewMemory``'s
  /// ``SwappedViewMemory/store(_:_:)`` says why).
  @inlinable @inline(__always)
  package static func store(
    _ transform: ViewTransform, _ view: UnsafeMutablePointer<ViewTransform>
  ) {
    let raw = UnsafeMutableRawPointer(view)
    raw.storeBytes(of: SIMD2(transform.x, transform.y), as: SIMD2<Double>.self)
    raw.storeBytes(
      of: SIMD2(transform.width, transform.height), toByteOffset: 16, as: SIMD2<Double>.self)
    raw.storeBytes(
      of: SIMD2(transform.scaleX, transform.scaleY), toByteOffset: 32, as: SIMD2<Double>.self)
    raw.storeBytes(
      of: SIMD2(transform.anchorX, transform.anchorY), toByteOffset: 48, as: SIMD2<Double>.self)
    raw.storeBytes(
      of: SIMD2(transform.opacity, transform.blur), toByteOffset: 64, as: SIMD2<Double>.self)
    raw.storeBytes(
      of: SIMD2(transform.rotation, transform.zIndex), toByteOffset: 80, as: SIMD2<Double>.self)
  }

  /// In place: only what `body` changes is written.
  @inlinable @inline(__always)
  package static func modify(
    _ view: UnsafeMutablePointer<ViewTransform>, _ body: (inout ViewTransform) -> Void
  ) {
    body(&view.pointee)
  }

  /// In place, as ``modify(_:_:)``.
  @inlinable @inline(__always)
  package static func modifyVisuals(
    _ view: UnsafeMutablePointer<ViewTransform>, _ body: (inout ViewTransform) -> Void
  ) {
    body(&view.pointee)
  }
}

/// Memory that holds the views with their axes swapped
/// (``ViewTransform/swappingAxes()``): a horizontal scene's, on the
/// screen's axes, while its effects see its vertical twin.
@usableFromInline
package enum SwappedViewMemory: ViewMemory {
  @inlinable package static var swapsAxes: Bool { true }

  @inlinable @inline(__always)
  package static func load(_ view: UnsafePointer<ViewTransform>) -> ViewTransform {
    view.pointee.swappingAxes()
  }

  /// A whole transform, as six two-lane stores: a loop that writes many
  /// (views at rest) keeps the pairs that do not change from view to view
  /// in registers, swapped once, where a field-by-field store of a swapped
  /// transform reassembled them at every view.
  @inlinable @inline(__always)
  package static func store(
    _ transform: ViewTransform, _ view: UnsafeMutablePointer<ViewTransform>
  ) {
    let raw = UnsafeMutableRawPointer(view)
    raw.storeBytes(of: SIMD2(transform.y, transform.x), as: SIMD2<Double>.self)
    raw.storeBytes(
      of: SIMD2(transform.height, transform.width), toByteOffset: 16, as: SIMD2<Double>.self)
    raw.storeBytes(
      of: SIMD2(transform.scaleY, transform.scaleX), toByteOffset: 32, as: SIMD2<Double>.self)
    raw.storeBytes(
      of: SIMD2(transform.anchorY, transform.anchorX), toByteOffset: 48, as: SIMD2<Double>.self)
    raw.storeBytes(
      of: SIMD2(transform.opacity, transform.blur), toByteOffset: 64, as: SIMD2<Double>.self)
    raw.storeBytes(
      of: SIMD2(transform.rotation, transform.zIndex), toByteOffset: 80, as: SIMD2<Double>.self)
  }

  /// One Double at a time, the frame last. A field that `body` leaves as
  /// it was is stored as it was loaded, which the compiler leaves out only
  /// while no store of another field that `body` changed precedes it: the
  /// fields a body that moves or resizes a view leaves as they were go
  /// first (the visuals, then x and width as effects see them), y and
  /// height last. Stored whole, as ``modifyVisuals(_:_:)`` stores it, a
  /// frame changed in y wrote back every swapped field after it, every
  /// view.
  @inlinable @inline(__always)
  package static func modify(
    _ view: UnsafeMutablePointer<ViewTransform>, _ body: (inout ViewTransform) -> Void
  ) {
    let raw = UnsafeMutableRawPointer(view)
    func field(_ offset: Int) -> Double { raw.load(fromByteOffset: offset, as: Double.self) }
    var transform = ViewTransform(
      frame: Rect(x: field(8), y: field(0), width: field(24), height: field(16)))
    transform.scaleX = field(40)
    transform.scaleY = field(32)
    transform.anchorX = field(56)
    transform.anchorY = field(48)
    transform.opacity = field(64)
    transform.blur = field(72)
    transform.rotation = field(80)
    transform.zIndex = field(88)
    body(&transform)
    func store(_ value: Double, _ offset: Int) {
      raw.storeBytes(of: value, toByteOffset: offset, as: Double.self)
    }
    store(transform.opacity, 64)
    store(transform.blur, 72)
    store(transform.rotation, 80)
    store(transform.zIndex, 88)
    store(transform.scaleX, 40)
    store(transform.scaleY, 32)
    store(transform.anchorX, 56)
    store(transform.anchorY, 48)
    store(transform.x, 8)
    store(transform.width, 24)
    store(transform.y, 0)
    store(transform.height, 16)
  }

  /// Loaded and stored whole, swapped, the frame included: a swapped pair
  /// (the scales, the anchors) that `body` changes stays in one register,
  /// where stores one Double at a time (``modify(_:_:)``) took it apart
  /// every view.
  @inlinable @inline(__always)
  package static func modifyVisuals(
    _ view: UnsafeMutablePointer<ViewTransform>, _ body: (inout ViewTransform) -> Void
  ) {
    var transform = load(view)
    body(&transform)
    view.pointee = transform.swappingAxes()
  }
}

extension ViewTransform {
  /// The byte offset, in a view's memory, of the stored property at byte
  /// offset `field` of the transform as effects see it: the same in plain
  /// memory; in memory that swaps the axes, x and y, width and height, the
  /// scales and the anchors (the first eight, in pairs) trade places, as
  /// ``swappingAxes()`` moves them.
  @inlinable @inline(__always)
  package static func memoryOffset(ofField field: Int, swapsAxes: Bool) -> Int {
    swapsAxes && field < 64 ? field ^ 8 : field
  }
}

extension ViewTransform {
  /// The transform with x and y, width and height, the scales and the
  /// anchors swapped; rotation, opacity, blur and zIndex as they are. Its
  /// own inverse, exactly: it only moves values.
  @inlinable @inline(__always)
  package func swappingAxes() -> ViewTransform {
    var swapped = self
    swapped.x = y
    swapped.y = x
    swapped.width = height
    swapped.height = width
    swapped.scaleX = scaleY
    swapped.scaleY = scaleX
    swapped.anchorX = anchorY
    swapped.anchorY = anchorX
    return swapped
  }
}
