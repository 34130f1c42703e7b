import EffectProtocol

/// Chains of one view each, in one frame: what a host hands
/// ``CopyLocalEffect/applyEach(_:_:)`` with one effect for each chain.
@usableFromInline
package struct SingleViewGroup {
  /// The chains' views.
  @usableFromInline package let members: UnsafeBufferPointer<SingleView>
  /// The host's buffer, which `members` index; every member's view is
  /// written (its natural transform, or what earlier effects made of it).
  @usableFromInline package let views: UnsafeMutablePointer<ViewTransform>
  /// The frame's geometry and clock, which no view aliases: read the
  /// geometry once into a local (``geometry``) before a loop that writes
  /// views.
  @usableFromInline package let frame: UnsafePointer<GroupFrame>

  @inlinable
  package init(
    members: UnsafeBufferPointer<SingleView>, views: UnsafeMutablePointer<ViewTransform>,
    frame: UnsafePointer<GroupFrame>
  ) {
    self.members = members
    self.views = views
    self.frame = frame
  }

  /// The frame's scroll geometry.
  @inlinable package var geometry: ScrollGeometry { frame.pointee.geometry }

  /// The frame's time and phase, which batches point to.
  @inlinable package var clock: UnsafePointer<FrameClock> {
    UnsafeRawPointer(frame).assumingMemoryBound(to: FrameClock.self)
  }

  /// A batch of member `index`'s one written view, whose frame is not
  /// known to be natural, in a frame of `geometry` (``geometry``, read
  /// once) with memory that swaps axes when `swapsAxes`: what a chain's
  /// effects after its first see.
  @inlinable @inline(__always)
  package func batch(member index: Int, geometry: ScrollGeometry, swapsAxes: Bool) -> ViewBatch {
    let member = members[index]
    return ViewBatch(
      geometry: geometry, clock: clock, attachment: member.attachment,
      naturalFrame: member.frame, stride: member.stride, base: view(member: index), count: 1,
      swapsAxes: swapsAxes)
  }

  /// Member `index`'s natural transform in a frame of `geometry`: what a
  /// batch of its view at rest holds.
  @inlinable @inline(__always)
  package func naturalTransform(member index: Int, geometry: ScrollGeometry) -> ViewTransform {
    let member = members[index]
    return member.naturalTransform(
      top: member.attachment == .content
        ? geometry.contentOrigin + member.naturalY : member.naturalY)
  }

  /// Member `index`'s view in the host's buffer.
  @inlinable @inline(__always)
  package func view(member index: Int) -> UnsafeMutablePointer<ViewTransform> {
    members[index].view(in: views)
  }
}

/// A frame's time, phase and geometry, which a host keeps together so that
/// a ``SingleViewGroup`` points to all three with one word (four words are
/// passed in registers, five are not).
@usableFromInline
package struct GroupFrame: Sendable {
  /// First, at the address of the frame: ``SingleViewGroup/clock`` counts
  /// on it.
  @usableFromInline package var clock: FrameClock
  @usableFromInline package var geometry: ScrollGeometry
  /// Whether the host's memory holds the views with their axes swapped
  /// (``ViewBatch/swapsAxes``): a horizontal scene's, set once.
  @usableFromInline package var swapsAxes: Bool

  @inlinable package init(clock: FrameClock, geometry: ScrollGeometry, swapsAxes: Bool = false) {
    self.clock = clock
    self.geometry = geometry
    self.swapsAxes = swapsAxes
  }
}

/// The one view of a chain that is not repeated, where a host keeps its
/// transform: what a ``SingleViewGroup`` needs of each chain.
@usableFromInline
package struct SingleView: Sendable {
  /// The view's index in the host's buffer.
  @usableFromInline package var view: Int
  /// Its distance in bytes from the buffer's start, `view` times a
  /// transform's stride: found once, so that a loop over members adds it.
  @usableFromInline package var byteOffset: Int
  /// The chain's natural frame, in its own coordinates.
  @usableFromInline package var frame: Rect
  @usableFromInline package var attachment: Attachment
  /// The chain's stride, which its natural frame is computed with, as a
  /// batch computes copy 0's: `top + 0 * stride` (which is `+0` for a top
  /// of `-0`).
  @usableFromInline package var stride: Double

  /// The natural frame's `y` plus `0 * stride`, which a batch adds to
  /// copy 0's top: `(origin + y) + zero` and `origin + (y + zero)` are the
  /// same bits for every origin (they differ from `origin + y` only where
  /// that is `-0`, which needs `y` to be `-0`), so the zero is added once.
  /// The natural top is `contentOrigin + naturalY` for a content-attached
  /// view, `naturalY` for a viewport-attached one.
  @usableFromInline package var naturalY: Double

  /// The view in a host's buffer that starts at `views`.
  @inlinable @inline(__always)
  package func view(in views: UnsafeMutablePointer<ViewTransform>)
    -> UnsafeMutablePointer<ViewTransform>
  {
    (UnsafeMutableRawPointer(views) + byteOffset).assumingMemoryBound(to: ViewTransform.self)
  }

  /// The natural transform, its top at viewport y `top` (from
  /// ``naturalY``).
  @inlinable @inline(__always)
  package func naturalTransform(top: Double) -> ViewTransform {
    var natural = ViewTransform(frame: frame)
    natural.y = top
    return natural
  }

  @inlinable
  package init(view: Int, frame: Rect, attachment: Attachment, stride: Double) {
    self.naturalY = frame.y + 0 * stride
    self.view = view
    self.byteOffset = view * MemoryLayout<ViewTransform>.stride
    self.frame = frame
    self.attachment = attachment
    self.stride = stride
  }
}
