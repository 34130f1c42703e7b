import EffectGroups
import EffectProtocol

extension PinEffect: CopyLocalEffect {
  /// One class for each of pin's variants, which the loop switches over.
  package static func groupClass(of form: Self) -> Variant { form.variant }

  @inline(__always)
  package static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    let effects = Self.forms(forms, count: group.members.count)
    switch effects[0].variant {
    case .top: run(effects, group) { $0.applyTop(to: &$1) }
    case .topUntil: run(effects, group) { $0.applyTopUntil(to: &$1) }
    case .bottom: run(effects, group) { $0.applyBottom(to: &$1) }
    case .bottomUntil: run(effects, group) { $0.applyBottomUntil(to: &$1) }
    case .topNext: run(effects, group) { $0.applyNext(to: &$1, top: true) }
    case .bottomNext: run(effects, group) { $0.applyNext(to: &$1, top: false) }
    }
  }
}
