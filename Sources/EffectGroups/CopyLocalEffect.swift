import EffectProtocol

/// An effect whose result for a view depends only on the frame, the view's
/// own transform and its natural frame, never on the batch's count or on the
/// other views: a host may then evaluate only some copies of a repeated
/// chain (the visible ones) and give each what a full evaluation gives it,
/// and may run the effect of many single-view chains in one call
/// (``applyEach(_:_:)``). The built-in effects that qualify say so; any other
/// effect's chain is always evaluated whole, by itself.
package protocol CopyLocalEffect: StatelessScrollEffect, GroupKernel {
  /// What a group keeps of each chain's effect: the effect itself, or a
  /// form made once at load that a frame evaluates with less work.
  associatedtype GroupForm: Sendable = Self

  /// The classes a host splits this type's forms into, each run by a loop
  /// of its own: an enum whose cases ``groupClass(of:)`` returns and
  /// ``applyEach(_:_:)`` switches over. ``OneGroupClass`` by default.
  associatedtype GroupClass: Hashable = OneGroupClass

  /// The forms of `effects`, in their order.
  static func groupForms(_ effects: [Self]) -> [GroupForm]

  /// Which class of forms `form` is in: a host calls
  /// ``applyEach(_:_:)`` with the forms of one class at a time, so that it
  /// can choose its loop once for all of them (one for each property an
  /// `interpolate` changes, say). Found at load; the one class for every
  /// form by default.
  static func groupClass(of form: GroupForm) -> GroupClass

  /// Whether ``applyEachAtRest(_:_:)`` writes each member's view whole,
  /// from its natural transform, in one pass: a host then calls it for a
  /// group's first effect instead of writing their natural transforms
  /// first and calling ``applyEach(_:_:)``. False by default.
  static var writesViewsAtRest: Bool { get }

  /// The class whose loops are right for a form of any class, if there is
  /// one: a host puts the forms of a class too small to pay for a kernel
  /// of its own (fewer than ``CopyLocalEffect/smallestOwnKernel`` at a
  /// position) in this one's, when it has members too, which then makes
  /// the tests their own would not. `nil` (the default): each class's
  /// loops are right for its forms only.
  static var generalClass: GroupClass? { get }

  /// The type whose loops a host calls for the forms of `groupClass` of a
  /// first effect at rest (``writesViewsAtRest``) on members of both
  /// attachments: ``kernel(for:)`` by default, whose
  /// ``GroupKernel/applyEachAtRest(_:_:)`` must then find each member's.
  static func kernelAtRest(mixingAttachmentsOf groupClass: GroupClass) -> any GroupKernel.Type

  /// The type whose loops a host calls for the forms of `groupClass`
  /// (a kernel's): `Self` by default. A type may name one of its own
  /// whose loops know the class, so that they need not find it from the
  /// forms every frame.
  static func kernel(for groupClass: GroupClass) -> any GroupKernel.Type
}

/// The loops a host calls for one kernel of a group of single-view chains:
/// a ``CopyLocalEffect``'s own, or those of a type it names for one class
/// of its forms (``CopyLocalEffect/kernel(for:)``).
package protocol GroupKernel {
  /// Runs the effect of the `i`th form on the view of `group.members[i]`,
  /// for every member of the group, as the effect's `apply(to:)` would on
  /// a batch of that view alone. `forms` points to the forms, one per
  /// member, of a ``GroupForms`` of the effect type that names this kernel.
  ///
  /// A requirement, so that a conforming type's witness can be the loop
  /// specialised for that type: a host calls it through the type
  /// (`any GroupKernel.Type`), with no generic code between, once for
  /// a whole group of chains. The forms are untyped so that the call needs
  /// no generic argument. Swift's witness for a default implementation
  /// would call the generic code rather than a specialisation of it, so the
  /// built-in effects each implement it (Effects' CopyLocalEffects.swift).
  static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup)

  /// ``applyEach(_:_:)`` in a host whose memory swaps the axes
  /// (``ViewBatch/swapsAxes``: a horizontal scene's): a witness of its
  /// own, which the host calls for every kernel of such a frame, so that
  /// the plain witness's loops know nothing of it.
  static func applyEachSwapped(_ forms: UnsafeRawPointer, _ group: SingleViewGroup)

  /// ``applyEach(_:_:)`` on views at rest, none written yet in this frame,
  /// every member of one attachment (the first's) but in a kernel of
  /// ``CopyLocalEffect/kernelAtRest(mixingAttachmentsOf:)``: each member's
  /// view becomes its natural transform as the effect changes it. The default
  /// writes the natural transforms, then calls ``applyEach(_:_:)``.
  static func applyEachAtRest(_ forms: UnsafeRawPointer, _ group: SingleViewGroup)

  /// ``applyEachAtRest(_:_:)`` in a host whose memory swaps the axes. The
  /// default writes the natural transforms swapped, then calls
  /// ``applyEachSwapped(_:_:)``.
  static func applyEachAtRestSwapped(_ forms: UnsafeRawPointer, _ group: SingleViewGroup)
}

extension CopyLocalEffect {
  package static var writesViewsAtRest: Bool { false }

  package static var generalClass: GroupClass? { nil }

  /// The fewest members a kernel of their own pays for: a kernel costs a
  /// frame a call and its loop's set-up, which a loop that knows more of
  /// its members saves back only over several views (`parallax`'s bounded
  /// rates save a saturation and a test for zero a view; a loop of one
  /// attachment, a test a view). Fewer members of a class join the
  /// ``generalClass``'s kernel when that makes fewer kernels; fewer of
  /// both attachments, at rest, share one.
  package static var smallestOwnKernel: Int { 8 }

  package static func kernel(for groupClass: GroupClass) -> any GroupKernel.Type { Self.self }

  package static func kernelAtRest(mixingAttachmentsOf groupClass: GroupClass)
    -> any GroupKernel.Type
  {
    kernel(for: groupClass)
  }

  package static func applyEachAtRest(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    let geometry = group.geometry
    for index in group.members.indices {
      group.view(member: index).pointee = group.naturalTransform(
        member: index, geometry: geometry)
    }
    applyEach(forms, group)
  }

  package static func applyEachAtRestSwapped(
    _ forms: UnsafeRawPointer, _ group: SingleViewGroup
  ) {
    let geometry = group.geometry
    for index in group.members.indices {
      SwappedViewMemory.store(
        group.naturalTransform(member: index, geometry: geometry), group.view(member: index))
    }
    applyEachSwapped(forms, group)
  }
}

extension CopyLocalEffect where GroupForm == Self {
  @inlinable
  package static func groupForms(_ effects: [Self]) -> [Self] { effects }
}

extension CopyLocalEffect where GroupClass == OneGroupClass {
  package static func groupClass(of form: GroupForm) -> OneGroupClass { .all }
}

/// The class of a type whose forms all run one loop.
package enum OneGroupClass: Hashable, Sendable {
  case all
}
