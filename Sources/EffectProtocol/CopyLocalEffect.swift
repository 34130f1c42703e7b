/// An effect whose result for a view depends only on the frame, the view's
/// own transform and its natural frame, never on the batch's count or on the
/// other views: a host may then evaluate only some copies of a repeated
/// chain (the visible ones) and give each what a full evaluation gives it,
/// and may run the effect of many single-view chains in one call
/// (``applyEach(_:_:)``). The built-in effects that qualify say so; any other
/// effect's chain is always evaluated whole, by itself.
package protocol CopyLocalEffect: StatelessScrollEffect {
  /// What a group keeps of each chain's effect: the effect itself, or a
  /// form made once at load that a frame evaluates with less work.
  associatedtype GroupForm: Sendable = Self

  /// The forms of `effects`, in their order.
  static func groupForms(_ effects: [Self]) -> [GroupForm]

  /// Which class of forms `form` is in: a host calls
  /// ``applyEach(_:_:)`` with the forms of one class at a time, so that it
  /// can choose its loop once for all of them (one for each property an
  /// `interpolate` changes, say). Found at load; 0 for every form by
  /// default.
  static func groupClass(of form: GroupForm) -> Int

  /// Runs the effect of the `i`th form on the view of `group.members[i]`,
  /// for every member of the group, as ``apply(to:)`` would on a batch of
  /// that view alone. `forms` points to the forms, one per member, of a
  /// ``GroupForms`` of this type.
  ///
  /// A requirement, so that a conforming type's witness can be the loop
  /// specialised for that type: a host calls it through the type
  /// (`any CopyLocalEffect.Type`), with no generic code between, once for
  /// a whole group of chains. The forms are untyped so that the call needs
  /// no generic argument. Swift's witness for a default implementation
  /// would call the generic code rather than a specialisation of it, so the
  /// built-in effects each implement it (Effects' CopyLocalEffects.swift).
  static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup)

  /// Whether ``applyEachAtRest(_:_:)`` writes each member's view whole,
  /// from its natural transform, in one pass: a host then calls it for a
  /// group's first effect, with members of one attachment, instead of
  /// writing their natural transforms first and calling
  /// ``applyEach(_:_:)``. False by default.
  static var writesViewsAtRest: Bool { get }

  /// ``applyEach(_:_:)`` on views at rest, none written yet in this frame,
  /// every member of one attachment (the first's): each member's view
  /// becomes its natural transform as the effect changes it. The default
  /// writes the natural transforms, then calls ``applyEach(_:_:)``.
  static func applyEachAtRest(_ forms: UnsafeRawPointer, _ group: SingleViewGroup)
}

extension CopyLocalEffect {
  package static var writesViewsAtRest: Bool { false }

  package static func applyEachAtRest(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    let geometry = group.geometry
    for index in group.members.indices {
      group.view(member: index).pointee = group.naturalTransform(
        member: index, geometry: geometry)
    }
    applyEach(forms, group)
  }
}

extension CopyLocalEffect where GroupForm == Self {
  @inlinable
  package static func groupForms(_ effects: [Self]) -> [Self] { effects }
}

extension CopyLocalEffect {
  package static func groupClass(of form: GroupForm) -> Int { 0 }
}

/// The forms of one effect type at one position of a group of chains, one
/// per chain, in the order of the group's members, in memory of their own:
/// what a host keeps and passes to ``CopyLocalEffect/applyEach(_:_:)``.
///
/// `@unchecked Sendable`: immutable after init, and the forms are `Sendable`.
package final class GroupForms<Effect: CopyLocalEffect>: @unchecked Sendable {
  private let memory: UnsafeMutableBufferPointer<Effect.GroupForm>

  package init(_ forms: [Effect.GroupForm]) {
    memory = .allocate(capacity: forms.count)
    _ = memory.initialize(from: forms)
  }

  /// The first form: ``CopyLocalEffect/applyEach(_:_:)``'s argument, valid
  /// while `self` is.
  package var start: UnsafeRawPointer { UnsafeRawPointer(memory.baseAddress!) }

  deinit {
    memory.deinitialize()
    memory.deallocate()
  }
}

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
  /// once): what a chain's effects after its first see.
  @inlinable @inline(__always)
  package func batch(member index: Int, geometry: ScrollGeometry) -> ViewBatch {
    let member = members[index]
    return ViewBatch(
      geometry: geometry, clock: clock, attachment: member.attachment,
      naturalFrame: member.frame, stride: member.stride, base: view(member: index), count: 1)
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
/// passed in registers, five were not).
@usableFromInline
package struct GroupFrame: Sendable {
  /// First, at the address of the frame: ``SingleViewGroup/clock`` counts
  /// on it.
  @usableFromInline package var clock: FrameClock
  @usableFromInline package var geometry: ScrollGeometry

  @inlinable package init(clock: FrameClock, geometry: ScrollGeometry) {
    self.clock = clock
    self.geometry = geometry
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
