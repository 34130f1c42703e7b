import EffectGroups
import EffectProtocol

extension StretchEffect: CopyLocalEffect {
  @inline(__always)
  package static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    // A stretch is `resistance * overscroll`: nothing stretches unless the
    // content is pulled past an edge, as in most frames, and then no view
    // need be read.
    let geometry = group.geometry
    guard geometry.pull > 0 || geometry.pullBottom > 0 else { return }
    run(PlainViewMemory.self, Self.forms(forms, count: group.members.count), group)
  }

  @inline(__always)
  package static func applyEachSwapped(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    let geometry = group.geometry
    guard geometry.pull > 0 || geometry.pullBottom > 0 else { return }
    run(SwappedViewMemory.self, Self.forms(forms, count: group.members.count), group)
  }
}
