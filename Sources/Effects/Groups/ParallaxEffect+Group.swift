import EffectGroups
import EffectProtocol

extension ParallaxEffect: CopyLocalEffect {
  /// One class for each ``RateClass``, which tells a frame which tests its
  /// shifts need (``shiftTests(_:_:)``).
  package static func groupClass(of form: Self) -> RateClass { form.rateClass }

  @inline(__always)
  package static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    applyEach(PlainViewMemory.self, Self.forms(forms, count: group.members.count), group)
  }

  @inline(__always)
  package static func applyEachSwapped(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    applyEach(SwappedViewMemory.self, Self.forms(forms, count: group.members.count), group)
  }

  /// Each witness's loops, with the views stored in `Memory`.
  @inline(__always)
  static func applyEach<Memory: ViewMemory>(
    _: Memory.Type, _ effects: UnsafeBufferPointer<Self>, _ group: SingleViewGroup
  ) {
    // Every form is of one class: the first tells which.
    switch shiftTests(effects[0].rateClass, group.geometry) {
    case .neither:
      run(Memory.self, effects, group) { $0.apply(to: &$1, saturating: false, mayBeZero: false) }
    case .zero:
      run(Memory.self, effects, group) { $0.apply(to: &$1, saturating: false, mayBeZero: true) }
    case .all:
      run(Memory.self, effects, group) { $0.apply(to: &$1, saturating: true, mayBeZero: true) }
    }
  }

  package static var writesViewsAtRest: Bool { true }

  /// Each view's natural transform moved by its shift, written once.
  @inline(__always)
  package static func applyEachAtRest(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    moveAtRest(PlainViewMemory.self, Self.forms(forms, count: group.members.count), group)
  }

  @inline(__always)
  package static func applyEachAtRestSwapped(
    _ forms: UnsafeRawPointer, _ group: SingleViewGroup
  ) {
    moveAtRest(SwappedViewMemory.self, Self.forms(forms, count: group.members.count), group)
  }

  /// ``applyEachAtRest(_:_:)`` with the views stored in `Memory`.
  @inline(__always)
  static func moveAtRest<Memory: ViewMemory>(
    _: Memory.Type, _ effects: UnsafeBufferPointer<Self>, _ group: SingleViewGroup
  ) {
    let geometry = group.geometry
    // Every member has the first's attachment.
    if group.members[0].attachment == .content {
      let origin = geometry.contentOrigin
      moveAtRest(Memory.self, effects, group, geometry) { origin + $0 }
    } else {
      moveAtRest(Memory.self, effects, group, geometry) { $0 }
    }
  }

  /// ``moveAtRest(_:_:_:top:)`` with the views stored in `Memory`.
  @inline(__always)
  static func moveAtRest<Memory: ViewMemory>(
    _: Memory.Type, _ effects: UnsafeBufferPointer<Self>, _ group: SingleViewGroup,
    _ geometry: ScrollGeometry, top: (Double) -> Double
  ) {
    switch shiftTests(effects[0].rateClass, geometry) {
    case .neither: moveAtRest(Memory.self, effects, group, geometry, false, false, top)
    case .zero: moveAtRest(Memory.self, effects, group, geometry, false, true, top)
    case .all: moveAtRest(Memory.self, effects, group, geometry, true, true, top)
    }
  }

  /// One loop of ``moveAtRest(_:_:_:_:top:)``, `saturating` and `mayBeZero`
  /// as ``apply(to:saturating:mayBeZero:)`` takes them.
  @inline(__always)
  static func moveAtRest<Memory: ViewMemory>(
    _: Memory.Type, _ effects: UnsafeBufferPointer<Self>, _ group: SingleViewGroup,
    _ geometry: ScrollGeometry, _ saturating: Bool, _ mayBeZero: Bool,
    _ top: (Double) -> Double
  ) {
    for index in group.members.indices {
      let member = group.members[index]
      var view = member.naturalTransform(top: top(member.naturalY))
      let shift = effects[index].shift(in: geometry, saturating: saturating)
      // As apply(to:): a shift of 0 leaves the view as it is.
      if !mayBeZero || shift != 0 { view.y += shift }
      Memory.store(view, group.view(member: index))
    }
  }
}
