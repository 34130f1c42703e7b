import EffectGroups
import EffectProtocol

extension FooterPinEffect: CopyLocalEffect {
  @inline(__always)
  package static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    run(PlainViewMemory.self, Self.forms(forms, count: group.members.count), group)
  }

  @inline(__always)
  package static func applyEachSwapped(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    run(SwappedViewMemory.self, Self.forms(forms, count: group.members.count), group)
  }
}
