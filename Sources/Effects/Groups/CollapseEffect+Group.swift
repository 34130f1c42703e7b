import EffectGroups
import EffectProtocol

extension CollapseEffect: CopyLocalEffect {
  @inline(__always)
  package static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    run(Self.forms(forms, count: group.members.count), group)
  }
}
