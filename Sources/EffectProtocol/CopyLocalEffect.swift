/// An effect whose result for a view depends only on the frame, the view's
/// own transform and its natural frame, never on the batch's count or on the
/// other views: a host may then evaluate only some copies of a repeated
/// chain (the visible ones) and give each what a full evaluation gives it,
/// and may run the effect of many single-view chains in one call
/// (``applyEach(_:)``). The built-in effects that qualify say so; any other
/// effect's chain is always evaluated whole, by itself.
package protocol CopyLocalEffect: StatelessScrollEffect {
  /// What a group keeps of each chain's effect: the effect itself, or a
  /// form made once at load that a frame evaluates with less work.
  associatedtype GroupForm: Sendable = Self

  /// The forms of `effects`, in their order.
  static func groupForms(_ effects: [Self]) -> [GroupForm]

  /// Runs the effect of `forms[i]` on the view of `group.members[i]`, for
  /// every member of the group, as ``apply(to:)`` would on a batch of that
  /// view alone. An array, which the call borrows: an effect read from it
  /// is read in place, where one read from raw memory is copied (its
  /// arrays retained) for each call of ``apply(to:)``.
  ///
  /// A requirement, so that a conforming type's witness can be the loop
  /// specialised for that type: a host calls it once for a whole group of
  /// chains, through one indirect call. The default implementation is
  /// generic (Swift's witness for a default implementation calls the
  /// generic code rather than a specialisation of it), so the built-in
  /// effects each implement it (Effects' CopyLocalEffects.swift).
  static func applyEach(_ forms: [GroupForm], _ group: SingleViewGroup)
}

extension CopyLocalEffect where GroupForm == Self {
  @inlinable
  package static func groupForms(_ effects: [Self]) -> [Self] { effects }

  @inlinable
  package static func applyEach(_ effects: [Self], _ group: SingleViewGroup) {
    for index in group.members.indices {
      var batch = group.batch(member: index)
      effects[index].apply(to: &batch)
    }
  }
}

/// Chains of one view each, in one frame: what a host hands
/// ``CopyLocalEffect/applyEach(_:_:)`` with one effect for each chain.
@usableFromInline
package struct SingleViewGroup {
  /// The chains' views.
  @usableFromInline package let members: UnsafeBufferPointer<SingleView>
  /// The host's buffer, which `members` index; every member's view is
  /// written (its natural transform,
  /// ``SingleView/writeNaturalTransform(in:geometry:)``, or what earlier
  /// effects made of it).
  @usableFromInline package let views: UnsafeMutablePointer<ViewTransform>
  @usableFromInline package let geometry: ScrollGeometry
  @usableFromInline package let clock: UnsafePointer<FrameClock>

  @inlinable
  package init(
    members: UnsafeBufferPointer<SingleView>, views: UnsafeMutablePointer<ViewTransform>,
    geometry: ScrollGeometry, clock: UnsafePointer<FrameClock>
  ) {
    self.members = members
    self.views = views
    self.geometry = geometry
    self.clock = clock
  }

  /// A batch of member `index`'s one written view, whose frame is not
  /// known to be natural: what a chain's effects after its first see.
  @inlinable @inline(__always)
  package func batch(member index: Int) -> ViewBatch {
    let member = members[index]
    return ViewBatch(
      geometry: geometry, clock: clock, attachment: member.attachment,
      naturalFrame: member.frame, stride: member.stride, base: views + member.view, count: 1)
  }
}

/// The one view of a chain that is not repeated, where a host keeps its
/// transform: what a ``SingleViewGroup`` needs of each chain.
@usableFromInline
package struct SingleView: Sendable {
  /// The view's index in the host's buffer.
  @usableFromInline package var view: Int
  /// The chain's natural frame, in its own coordinates.
  @usableFromInline package var frame: Rect
  @usableFromInline package var attachment: Attachment
  /// The chain's stride, which its natural frame is computed with, as a
  /// batch computes copy 0's: `top + 0 * stride` (which is `+0` for a top
  /// of `-0`).
  @usableFromInline package var stride: Double

  @inlinable
  package init(view: Int, frame: Rect, attachment: Attachment, stride: Double) {
    self.view = view
    self.frame = frame
    self.attachment = attachment
    self.stride = stride
  }

  /// Writes the view's natural transform in a frame of `geometry` into `views`.
  @inlinable
  package func writeNaturalTransform(
    in views: UnsafeMutablePointer<ViewTransform>, geometry: ScrollGeometry
  ) {
    var natural = ViewTransform(frame: frame)
    natural.y = geometry.viewportY(ofNaturalY: frame.y, attachment: attachment) + 0 * stride
    views[view] = natural
  }
}
