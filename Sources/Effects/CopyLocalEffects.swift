import EffectProtocol

// The built-in effects that change each view from the frame, its own
// transform and its natural frame alone (see CopyLocalEffect): a host may
// evaluate only the visible copies of their chains. `expression` is not one:
// its `index` and `count` see the whole chain.
//
// Each writes its own `applyEach` as `run(forms, group)`: the loop is then
// specialised for the type (see CopyLocalEffect.applyEach).

extension StretchEffect: CopyLocalEffect {
  @inline(__always)
  package static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    // A stretch is `resistance * overscroll`: nothing stretches unless the
    // content is pulled past an edge, as in most frames, and then no view
    // need be read.
    let geometry = group.geometry
    guard geometry.pull > 0 || geometry.pullBottom > 0 else { return }
    run(Self.forms(forms, count: group.members.count), group)
  }
}
extension FooterPinEffect: CopyLocalEffect {
  @inline(__always)
  package static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    run(Self.forms(forms, count: group.members.count), group)
  }
}
extension PinEffect: CopyLocalEffect {
  @inline(__always)
  package static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    run(Self.forms(forms, count: group.members.count), group)
  }
}
extension ParallaxEffect: CopyLocalEffect {
  @inline(__always)
  package static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    run(Self.forms(forms, count: group.members.count), group)
  }
}
extension TranslateEffect: CopyLocalEffect {
  @inline(__always)
  package static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    run(Self.forms(forms, count: group.members.count), group)
  }
}
extension CollapseEffect: CopyLocalEffect {
  @inline(__always)
  package static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    run(Self.forms(forms, count: group.members.count), group)
  }
}
// interpolate keeps a form of its own: InterpolateEffect+Group.swift.

extension CopyLocalEffect where GroupForm == Self {
  /// The loop of each type's `applyEach`, compiled in this module, where
  /// the conformances are, so that each gets it specialised for its type.
  /// A default implementation in EffectProtocol was not: a witness that
  /// calls generic inlinable code of another module runs it generic (the
  /// feed measured 18 975 instructions a frame that way, 7 225 with this).
  @inline(__always)
  static func run(_ effects: UnsafeBufferPointer<Self>, _ group: SingleViewGroup) {
    let geometry = group.geometry
    for index in group.members.indices {
      var batch = group.batch(member: index, geometry: geometry)
      effects[index].apply(to: &batch)
    }
  }
}

extension CopyLocalEffect {
  /// The `count` forms at `forms`, ``CopyLocalEffect/applyEach(_:_:)``'s
  /// argument, typed. Here, not in EffectProtocol, so that each witness
  /// inlines it: called from another module it ran generic.
  @inline(__always)
  static func forms(_ forms: UnsafeRawPointer, count: Int) -> UnsafeBufferPointer<GroupForm> {
    UnsafeBufferPointer(start: forms.assumingMemoryBound(to: GroupForm.self), count: count)
  }
}
