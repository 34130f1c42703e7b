/// The views of one chain in one frame: every copy of a repeated chain, or
/// the single view of a plain one, handed to an effect at once.
///
/// An effect is called once per chain per frame and loops over the batch, so
/// the cost of calling it through `any ScrollEffect` is paid once per chain,
/// not once per view. A batch is only valid during the call it is passed to;
/// do not keep it.
///
/// A host hands a chain's first effect a batch *at rest*: every view is at
/// its natural transform (natural viewport frame, identity visuals), but
/// nothing has been written to memory yet. ``modifyEach(_:)`` then builds each
/// view's natural transform in registers, runs its body on it and writes the
/// result once, instead of the host writing every view and the effect reading
/// it back. Reading a view through the subscript gives its current
/// transform; writing one first writes every view still at rest. Whatever an
/// effect does, it sees exactly what it would see had the host written the
/// natural transforms first.
///
/// A host's batch also knows whether every view still has its natural frame:
/// true at rest, kept by ``modifyVisuals(_:)``, lost by any other change.
/// While it holds, a built-in effect can use what it knows of natural frames
/// (a repeated chain's copies are evenly spaced) to do less. That machinery
/// (`hasNaturalFrames`, `isAtRest`, the range variants, the host's
/// initialiser) is `package`: an effect built outside this package sees only
/// the batch's geometry, its views and their natural frames, and evaluates
/// outside a host with ``EffectEvaluator``.
public struct ViewBatch {
  /// The frame's scroll geometry.
  public let geometry: ScrollGeometry
  /// The frame's time and phase, kept once a frame by whoever made the
  /// batch; `nil` for an untimed, idle frame. A pointer, not the values: a
  /// host makes a batch per chain per frame, and one word costs less to copy.
  @usableFromInline let clock: UnsafePointer<FrameClock>?
  /// Whether the chain's natural frame is in content or viewport coordinates.
  public let attachment: Attachment
  /// The natural frame of copy 0 in its own coordinates (content or viewport).
  public let naturalFrame: Rect
  /// The distance between the tops of neighbouring copies: `height + spacing`.
  public let stride: Double
  @usableFromInline let base: UnsafeMutablePointer<ViewTransform>
  /// The number of views.
  public let count: Int
  /// The copy that view 0 is: 0 unless a host evaluates only some copies of
  /// a repeated chain (`SceneHost.evaluate(offset:visibleOnly:)`), whose
  /// natural frames are then those of copies `firstCopy...`.
  @usableFromInline package let firstCopy: Int
  /// What a host's batch knows of its views; shared by every copy of the
  /// batch, `nil` for a batch whose views are all written and whose frames
  /// are not known to be natural.
  @usableFromInline let record: UnsafeMutablePointer<Record>?
  /// Whether the memory at `base` holds the views with their axes swapped
  /// (``SwappedViewMemory``: a horizontal scene's, kept on the screen's
  /// axes), which every load and store then swaps back; the batch's views,
  /// natural frames and geometry are the vertical twin's all the same.
  @usableFromInline package let swapsAxes: Bool

  /// What a host's batch knows of its views as effects change them.
  @usableFromInline
  package struct Record {
    /// The number of views written to memory, from the first: views from
    /// this index on are at rest.
    @usableFromInline package var writtenCount = 0
    /// Whether every view's frame is its natural one.
    @usableFromInline package var hasNaturalFrames = true

    /// A batch at rest: nothing written, every frame natural.
    @inlinable package init() {}
  }

  /// Creates a batch over `count` written transforms at `base`, which must
  /// stay valid and not be accessed otherwise while the batch is in use; its
  /// frames are not known to be natural. ``EffectEvaluator`` is the public
  /// way to run effects over views.
  @inlinable
  package init(
    geometry: ScrollGeometry, clock: UnsafePointer<FrameClock>? = nil,
    attachment: Attachment, naturalFrame: Rect, stride: Double,
    base: UnsafeMutablePointer<ViewTransform>, count: Int, swapsAxes: Bool = false
  ) {
    self.init(
      geometry: geometry, clock: clock, attachment: attachment,
      naturalFrame: naturalFrame, stride: stride, base: base, count: count, record: nil,
      swapsAxes: swapsAxes)
  }

  /// Creates a batch over `count` transforms at `base` of which only the
  /// first `record.pointee.writtenCount` are written (0 for a batch at rest);
  /// the others are at rest, and their memory is written on first use.
  ///
  /// `record` must stay valid while the batch is in use and be changed by
  /// nothing else; afterwards it tells how many views the effects wrote. The
  /// views from there on are still at rest: the caller writes them, with
  /// ``writeNaturalTransforms()`` or otherwise.
  @inlinable
  package init(
    record: UnsafeMutablePointer<Record>, geometry: ScrollGeometry,
    clock: UnsafePointer<FrameClock>? = nil, attachment: Attachment, naturalFrame: Rect,
    stride: Double, base: UnsafeMutablePointer<ViewTransform>, count: Int, firstCopy: Int = 0,
    swapsAxes: Bool = false
  ) {
    self.init(
      geometry: geometry, clock: clock, attachment: attachment,
      naturalFrame: naturalFrame, stride: stride, base: base, count: count,
      record: Optional(record), firstCopy: firstCopy, swapsAxes: swapsAxes)
  }

  @inlinable
  init(
    geometry: ScrollGeometry, clock: UnsafePointer<FrameClock>?, attachment: Attachment,
    naturalFrame: Rect, stride: Double, base: UnsafeMutablePointer<ViewTransform>, count: Int,
    record: UnsafeMutablePointer<Record>?, firstCopy: Int = 0, swapsAxes: Bool = false
  ) {
    self.swapsAxes = swapsAxes
    self.firstCopy = firstCopy
    self.geometry = geometry
    self.clock = clock
    self.attachment = attachment
    self.naturalFrame = naturalFrame
    self.stride = stride
    self.base = base
    self.count = count
    self.record = record
  }

  /// The frame's time in seconds, or `nil` for an untimed frame
  /// (`effectctl eval`'s, which are evaluated in the order of the offsets).
  @inlinable public var time: Double? { clock?.pointee.time }

  /// What the scroll view is doing in this frame; `idle` for untimed frames.
  @inlinable public var phase: ScrollPhase { clock?.pointee.phase ?? .idle }

  /// The number of views, from the first, that hold a written transform.
  @inlinable var written: Int { record?.pointee.writtenCount ?? count }

  /// Whether every view is still at its natural transform: no effect has
  /// changed any view of this batch yet in this frame.
  @inlinable package var isAtRest: Bool { written == 0 }

  /// Whether every view is known to have its natural frame (`x`, `y`,
  /// `width`, `height`; see ``naturalViewportFrame(at:)``) in this frame:
  /// the effects so far changed only visuals, through
  /// ``modifyVisuals(in:_:)``. Always true at rest; false for a batch made
  /// without a record, whose frames are not known.
  @inlinable package var hasNaturalFrames: Bool { record?.pointee.hasNaturalFrames ?? false }

  /// The indices of the views, `0..<count`.
  @inlinable public var indices: Range<Int> { 0..<count }

  /// The current transform of view `index`, in `0..<count`.
  ///
  /// Reading gives the view's transform as the effects so far left it;
  /// writing one view is slower than ``modifyEach(_:)`` over all of them, and
  /// tells later effects that the frames are no longer known to be natural.
  @inlinable
  public subscript(index: Int) -> ViewTransform {
    // Always inlined: an effect that reads and writes views one by one
    // would otherwise call both accessors a view, each with its test of
    // the memory.
    @inline(__always) get {
      precondition(index >= 0 && index < count, "view index out of range")
      guard index < written else { return naturalTransform(at: index) }
      return swapsAxes ? SwappedViewMemory.load(base + index) : base[index]
    }
    @inline(__always) nonmutating set {
      precondition(index >= 0 && index < count, "view index out of range")
      writeNaturalTransforms()
      record?.pointee.hasNaturalFrames = false
      if swapsAxes {
        SwappedViewMemory.store(newValue, base + index)
      } else {
        base[index] = newValue
      }
    }
  }

  /// The viewport y of copy 0's natural top in this frame:
  /// `It + y0 - offset` when content-attached, `y0` when viewport-attached.
  @inlinable package var naturalTop: Double {
    geometry.viewportY(ofNaturalY: naturalFrame.y, attachment: attachment)
  }

  /// The natural frame of view `index` in viewport coordinates in this frame.
  @inlinable
  public func naturalViewportFrame(at index: Int) -> Rect {
    Rect(
      x: naturalFrame.x, y: naturalTop + Double(firstCopy + index) * stride,
      width: naturalFrame.width,
      height: naturalFrame.height)
  }

  /// The natural transform of view `index`: its natural viewport frame and
  /// identity visuals.
  @inlinable @inline(__always)
  public func naturalTransform(at index: Int) -> ViewTransform {
    ViewTransform(frame: naturalViewportFrame(at: index))
  }

  /// The memory of the batch's `count` views, every one of them written
  /// (those still at rest with their natural transforms), for an effect
  /// that reads and writes columns in place, at the offsets
  /// ``ViewTransform/memoryOffset(ofField:swapsAxes:)`` gives for
  /// ``swapsAxes``: a whole transform is neither loaded nor stored for a
  /// column. With `keepsFrame` false the batch stops counting its frames as
  /// natural, as ``modifyEach(_:)`` does; with it true, the caller writes
  /// only visual columns.
  @inlinable @inline(__always)
  package func writtenViews(keepsFrame: Bool) -> UnsafeMutableRawPointer {
    if !keepsFrame { record?.pointee.hasNaturalFrames = false }
    writeNaturalTransforms()
    return UnsafeMutableRawPointer(base)
  }

  /// Writes the natural transform of every view still at rest.
  @inlinable
  package func writeNaturalTransforms() {
    let written = self.written
    guard written < count else { return }
    writeNaturalTransforms(from: written, to: count)
    record?.pointee.writtenCount = count
  }

  /// Writes the natural transforms of views `first..<end`, which are at
  /// rest. The loop is out of line (one copy serves every caller) and takes
  /// only the scalars it needs: a call that passed the batch itself would
  /// copy all of it to the stack (a `memcpy` in every effect that calls it).
  @inlinable @inline(__always)
  func writeNaturalTransforms(from first: Int, to end: Int) {
    Self.writeNaturalTransforms(
      base + first, base + end, top: naturalTop, copy: Double(firstCopy &+ first),
      frame: naturalFrame, stride: stride, swapsAxes: swapsAxes)
  }

  /// Writes natural transforms with frame `frame` from `view` to `end`:
  /// copy `copy` first, at viewport y `top + copy * stride` as
  /// ``naturalViewportFrame(at:)`` computes it; their axes swapped in
  /// memory when `swapsAxes`.
  @usableFromInline @inline(never)
  static func writeNaturalTransforms(
    _ view: UnsafeMutablePointer<ViewTransform>, _ end: UnsafeMutablePointer<ViewTransform>,
    top: Double, copy: Double, frame: Rect, stride: Double, swapsAxes: Bool
  ) {
    if swapsAxes {
      modifyResting(
        SwappedViewMemory.self, view, end, top: top, copy: copy, frame: frame, stride: stride
      ) { _ in }
    } else {
      modifyResting(
        PlainViewMemory.self, view, end, top: top, copy: copy, frame: frame, stride: stride
      ) { _ in }
    }
  }

  /// Runs `body` on every transform in order; the fast way to write a
  /// per-view effect. `body` must not read or write the batch itself.
  @inlinable @inline(__always)
  public func modifyEach(_ body: (inout ViewTransform) -> Void) {
    record?.pointee.hasNaturalFrames = false
    modifyAll(keepsFrame: false, body)
  }

  /// ``modifyEach(_:)`` of a body that changes a view only when `test`
  /// holds for it (the view as effects see it), and leaves the others as
  /// they are. In memory that swaps the axes, ``ViewMemory/modify(_:_:)``
  /// stores back every field a body may change, changed or not: here a
  /// written view that fails the test is only read.
  @inlinable @inline(__always)
  package func modifyEach(
    where test: (ViewTransform) -> Bool, _ body: (inout ViewTransform) -> Void
  ) {
    record?.pointee.hasNaturalFrames = false
    guard swapsAxes else {
      modifyAll(PlainViewMemory.self, keepsFrame: false) { if test($0) { body(&$0) } }
      return
    }
    let written = self.written
    var view = base
    let end = base + written
    while view != end {
      if test(SwappedViewMemory.load(view)) { SwappedViewMemory.modify(view, body) }
      view += 1
    }
    guard written < count else { return }
    modifyResting(SwappedViewMemory.self, from: written, to: count) {
      if test($0) { body(&$0) }
    }
    record?.pointee.writtenCount = count
  }

  /// Runs `body` on the transforms of the views in `range`, in order.
  /// `body` must not read or write the batch itself.
  @inlinable @inline(__always)
  package func modifyEach(in range: Range<Int>, _ body: (inout ViewTransform) -> Void) {
    record?.pointee.hasNaturalFrames = false
    modify(in: range, keepsFrame: false, body)
  }

  /// ``modifyEach(in:_:)`` with the views in `Memory`, which must be the
  /// batch's (``swapsAxes``): a caller that tests it once, out of its loop,
  /// keeps each loop free of the other memory's.
  @inlinable @inline(__always)
  package func modifyEach<Memory: ViewMemory>(
    _: Memory.Type, in range: Range<Int>, _ body: (inout ViewTransform) -> Void
  ) {
    record?.pointee.hasNaturalFrames = false
    modify(Memory.self, in: range, keepsFrame: false, body)
  }

  /// ``modifyVisuals(in:_:)`` with the views in `Memory`, which must be the
  /// batch's (``swapsAxes``).
  @inlinable @inline(__always)
  package func modifyVisuals<Memory: ViewMemory>(
    _: Memory.Type, in range: Range<Int>, _ body: (inout ViewTransform) -> Void
  ) {
    modify(Memory.self, in: range, keepsFrame: true) { Self.changeVisuals(&$0, body) }
  }

  /// ``modifyEach(_:in:_:)``, or ``modifyVisuals(_:in:_:)`` when
  /// `keepsFrame`, of a body that computes a value from each view (`read`)
  /// and then changes the view with it (`change`): a written view's
  /// transform is read for `read` alone and changed after it, so that it
  /// need not be held whole across `read`'s calls (which memory that swaps
  /// axes would otherwise copy to the stack and back).
  @inlinable @inline(__always)
  package func modifyEach<Memory: ViewMemory>(
    _: Memory.Type, in range: Range<Int>, keepsFrame: Bool,
    reading read: (ViewTransform) -> Double, _ change: (inout ViewTransform, Double) -> Void
  ) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "view range out of bounds")
    if !keepsFrame { record?.pointee.hasNaturalFrames = false }
    guard !range.isEmpty else { return }
    let written = self.written
    if range.lowerBound < written {
      // A walk to an end it meets exactly, as modifyWritten's: a loop
      // whose count is known, which the compiler may vectorise.
      var view = base + range.lowerBound
      let end = base + min(range.upperBound, written)
      while view != end {
        let value = read(Memory.load(view))
        if keepsFrame {
          Memory.modifyVisuals(view) { Self.changeVisuals(&$0) { change(&$0, value) } }
        } else {
          Memory.modify(view) { change(&$0, value) }
        }
        view += 1
      }
    }
    guard written < range.upperBound else { return }
    if written < range.lowerBound { writeNaturalTransforms(from: written, to: range.lowerBound) }
    modifyResting(Memory.self, from: max(written, range.lowerBound), to: range.upperBound) {
      view in
      let value = read(view)
      if keepsFrame {
        Self.changeVisuals(&view) { change(&$0, value) }
      } else {
        change(&view, value)
      }
    }
    record?.pointee.writtenCount = range.upperBound
  }

  /// Runs `body` on every transform in order, for a `body` that changes only
  /// visuals (scale, anchor, opacity, blur, rotation, zIndex) and keeps the
  /// frame (`x`, `y`, `width`, `height`) as it is: the batch keeps knowing
  /// whether its frames are natural, which later effects of the chain may
  /// count on. Checked in debug builds. `body` must not read or write the batch itself.
  @inlinable @inline(__always)
  public func modifyVisuals(_ body: (inout ViewTransform) -> Void) {
    modifyAll(keepsFrame: true) { Self.changeVisuals(&$0, body) }
  }

  /// ``modifyVisuals(_:)`` for the views in `range`.
  @inlinable @inline(__always)
  package func modifyVisuals(in range: Range<Int>, _ body: (inout ViewTransform) -> Void) {
    modify(in: range, keepsFrame: true) { Self.changeVisuals(&$0, body) }
  }

  /// Runs `body` on `view`, checking in debug builds that it kept the frame.
  @inlinable @inline(__always)
  static func changeVisuals(_ view: inout ViewTransform, _ body: (inout ViewTransform) -> Void) {
    #if DEBUG
      let frame = (view.x, view.y, view.width, view.height)
    #endif
    body(&view)
    #if DEBUG
      checkFrameKept(frame, view)
    #endif
  }

  #if DEBUG
    /// Stops when a ``modifyVisuals(_:)`` body changed `view`'s frame from `frame`.
    @usableFromInline
    static func checkFrameKept(
      _ frame: (Double, Double, Double, Double), _ view: ViewTransform
    ) {
      precondition(
        frame.0.bitPattern == view.x.bitPattern && frame.1.bitPattern == view.y.bitPattern
          && frame.2.bitPattern == view.width.bitPattern
          && frame.3.bitPattern == view.height.bitPattern,
        "modifyVisuals: the body changed a view's frame")
    }
  #endif

  /// ``modify(in:keepsFrame:_:)`` over every view: the written ones changed
  /// in place, then those at rest written from their natural transforms.
  /// With no range to check or split, a chain's one effect call pays a few
  /// tests instead of a dozen.
  @inlinable @inline(__always)
  func modifyAll(keepsFrame: Bool, _ body: (inout ViewTransform) -> Void) {
    // One test a call, then loops specialised for the memory.
    if swapsAxes {
      modifyAll(SwappedViewMemory.self, keepsFrame: keepsFrame, body)
    } else {
      modifyAll(PlainViewMemory.self, keepsFrame: keepsFrame, body)
    }
  }

  /// ``modifyAll(keepsFrame:_:)`` with the views in `Memory`.
  @inlinable @inline(__always)
  func modifyAll<Memory: ViewMemory>(
    _: Memory.Type, keepsFrame: Bool, _ body: (inout ViewTransform) -> Void
  ) {
    let written = self.written
    Self.modifyWritten(Memory.self, base, base + written, keepsFrame: keepsFrame, body)
    guard written < count else { return }
    modifyResting(Memory.self, from: written, to: count, body)
    record?.pointee.writtenCount = count
  }

  /// Runs `body` on the transforms of the views in `range`, writing views at
  /// rest as it goes; `keepsFrame` when `body` changes only visuals.
  @inlinable @inline(__always)
  func modify(
    in range: Range<Int>, keepsFrame: Bool, _ body: (inout ViewTransform) -> Void
  ) {
    if swapsAxes {
      modify(SwappedViewMemory.self, in: range, keepsFrame: keepsFrame, body)
    } else {
      modify(PlainViewMemory.self, in: range, keepsFrame: keepsFrame, body)
    }
  }

  /// ``modify(in:keepsFrame:_:)`` with the views in `Memory`.
  @inlinable @inline(__always)
  func modify<Memory: ViewMemory>(
    _: Memory.Type, in range: Range<Int>, keepsFrame: Bool,
    _ body: (inout ViewTransform) -> Void
  ) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "view range out of bounds")
    guard !range.isEmpty else { return }
    let written = self.written
    // Views already written are changed in place.
    let writtenEnd = min(range.upperBound, written)
    if range.lowerBound < writtenEnd {
      Self.modifyWritten(
        Memory.self, base + range.lowerBound, base + writtenEnd, keepsFrame: keepsFrame, body)
    }
    guard written < range.upperBound else { return }
    // Views at rest before the range are written as they are, those in it
    // from their natural transforms.
    if written < range.lowerBound { writeNaturalTransforms(from: written, to: range.lowerBound) }
    modifyResting(Memory.self, from: max(written, range.lowerBound), to: range.upperBound, body)
    record?.pointee.writtenCount = range.upperBound
  }

  /// Runs `body` on the written transforms from `view` to `end`, in
  /// `Memory`: through ``ViewMemory/modifyVisuals(_:_:)`` when `keepsFrame`
  /// (a constant where it is inlined), else ``ViewMemory/modify(_:_:)``.
  @inlinable @inline(__always)
  static func modifyWritten<Memory: ViewMemory>(
    _: Memory.Type, _ view: UnsafeMutablePointer<ViewTransform>,
    _ end: UnsafeMutablePointer<ViewTransform>, keepsFrame: Bool,
    _ body: (inout ViewTransform) -> Void
  ) {
    // A pointer walk: no index to scale by the 96-byte stride at every view.
    var view = view
    while view != end {
      if keepsFrame {
        Memory.modifyVisuals(view, body)
      } else {
        Memory.modify(view, body)
      }
      view += 1
    }
  }

  /// Writes `body` applied to the natural transforms of views `first..<end`,
  /// which are at rest. The host writes the views its effects left at rest
  /// with it; it leaves the record as it is.
  @inlinable @inline(__always)
  package func modifyResting(
    from first: Int, to end: Int, _ body: (inout ViewTransform) -> Void
  ) {
    if swapsAxes {
      modifyResting(SwappedViewMemory.self, from: first, to: end, body)
    } else {
      modifyResting(PlainViewMemory.self, from: first, to: end, body)
    }
  }

  /// ``modifyResting(from:to:_:)`` with the views in `Memory`.
  @inlinable @inline(__always)
  func modifyResting<Memory: ViewMemory>(
    _: Memory.Type, from first: Int, to end: Int, _ body: (inout ViewTransform) -> Void
  ) {
    Self.modifyResting(
      Memory.self, base + first, base + end, top: naturalTop, copy: Double(firstCopy &+ first),
      frame: naturalFrame, stride: stride, body)
  }

  /// Writes `body` applied to the natural transforms with frame `frame` from
  /// `view` to `end`: copy `copy` first, at viewport y `top + copy * stride`
  /// as ``naturalViewportFrame(at:)`` computes it, stored in `Memory`. A
  /// host writes a chain without effects with it, from the chain's own
  /// scalars, with no batch.
  @inlinable @inline(__always)
  package static func modifyResting<Memory: ViewMemory>(
    _: Memory.Type, _ view: UnsafeMutablePointer<ViewTransform>,
    _ end: UnsafeMutablePointer<ViewTransform>, top: Double, copy: Double, frame: Rect,
    stride: Double, _ body: (inout ViewTransform) -> Void
  ) {
    // Each view starts from its natural transform, built in registers (all
    // but `y` the same for every view) instead of read from memory:
    // `naturalViewportFrame(at:)`, with the top taken once and the copy
    // counted in Doubles, which is exact.
    var natural = ViewTransform(frame: frame)
    var copy = copy
    var view = view
    while view != end {
      natural.y = top + copy * stride
      var transform = natural
      body(&transform)
      Memory.store(transform, view)
      view += 1
      copy += 1
    }
  }
}

/// A frame's time and phase, which the batches of the frame point to.
@usableFromInline
package struct FrameClock: Sendable {
  /// Seconds, or `nil` for an untimed frame.
  @usableFromInline package var time: Double?
  @usableFromInline package var phase: ScrollPhase

  @inlinable package init(time: Double?, phase: ScrollPhase) {
    self.time = time
    self.phase = phase
  }
}
