import EffectGroups
import EffectProtocol

extension PinEffect: CopyLocalEffect {
  /// The formulas' values alone: no chain name to retain in a frame. A
  /// group holds no `"next"` pin (only a repeated chain has one).
  package static func groupForms(_ effects: [Self]) -> [Form] { effects.map(\.form) }

  /// One class for each of pin's variants, which the loop switches over.
  package static func groupClass(of form: Form) -> Variant { form.variant }

  @inline(__always)
  package static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    applyEach(PlainViewMemory.self, Self.forms(forms, count: group.members.count), group)
  }

  @inline(__always)
  package static func applyEachSwapped(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    applyEach(SwappedViewMemory.self, Self.forms(forms, count: group.members.count), group)
  }

  /// Each witness's loop, with the views stored in `Memory`.
  @inline(__always)
  static func applyEach<Memory: ViewMemory>(
    _: Memory.Type, _ forms: UnsafeBufferPointer<Form>, _ group: SingleViewGroup
  ) {
    switch forms[0].variant {
    case .top: run(Memory.self, forms, group) { $0.applyTop(to: &$1) }
    case .topUntil: run(Memory.self, forms, group) { $0.applyTopUntil(to: &$1) }
    case .bottom: run(Memory.self, forms, group) { $0.applyBottom(to: &$1) }
    case .bottomUntil: run(Memory.self, forms, group) { $0.applyBottomUntil(to: &$1) }
    }
  }
}
