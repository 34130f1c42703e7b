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
