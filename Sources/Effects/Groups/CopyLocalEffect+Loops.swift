import EffectGroups
import EffectProtocol

// What every built-in effect's group witness (`XEffect+Group.swift` beside
// this file) is made of: the loop over a group's members, compiled in this
// module, where the conformances are, so that each witness gets it
// specialised for its type. The built-in effects that change each view from
// the frame, its own transform and its natural frame alone are
// `CopyLocalEffect`s; `expression` is not one: its `index` and `count` see
// the whole chain. Each type's implementations of the witnesses
// (`applyEach`, `applyEachSwapped`, `applyEachAtRest`) are
// `@inline(__always)`: the witness is then the loop itself, where otherwise
// it would jump to a function that holds it, one more hop for every kernel
// of every frame.

extension CopyLocalEffect where GroupForm == Self {
  /// The loop of each type's `applyEach`, compiled in this module, where
  /// the conformances are, so that each gets it specialised for its type.
  /// A default implementation in EffectGroups would not be: a witness that
  /// calls generic inlinable code of another module runs it generic
  /// (BENCHMARKS.md, "Groups of single-view chains", gives the cost).
  /// The views are stored in `Memory`: plain for `applyEach`, swapped for
  /// `applyEachSwapped`.
  @inline(__always)
  static func run<Memory: ViewMemory>(
    _: Memory.Type, _ effects: UnsafeBufferPointer<Self>, _ group: SingleViewGroup
  ) {
    run(Memory.self, effects, group) { $0.apply(to: &$1) }
  }
}

extension CopyLocalEffect {
  /// ``run(_:_:_:)`` with `apply` in place of ``apply(to:)``: a class's
  /// variant of it, over the effects or any form of them.
  @inline(__always)
  static func run<Memory: ViewMemory, Form>(
    _: Memory.Type, _ effects: UnsafeBufferPointer<Form>, _ group: SingleViewGroup,
    _ apply: (Form, inout ViewBatch) -> Void
  ) {
    let geometry = group.geometry
    for index in group.members.indices {
      var batch = group.batch(member: index, geometry: geometry, swapsAxes: Memory.swapsAxes)
      apply(effects[index], &batch)
    }
  }
}

extension CopyLocalEffect {
  /// The `count` forms at `forms`, ``CopyLocalEffect/applyEach(_:_:)``'s
  /// argument, typed. Here, not in EffectGroups, so that each witness
  /// inlines it: called from another module it ran generic.
  @inline(__always)
  static func forms(_ forms: UnsafeRawPointer, count: Int) -> UnsafeBufferPointer<GroupForm> {
    UnsafeBufferPointer(start: forms.assumingMemoryBound(to: GroupForm.self), count: count)
  }
}
