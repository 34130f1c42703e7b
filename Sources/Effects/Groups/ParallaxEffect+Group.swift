import EffectGroups
import EffectProtocol

extension ParallaxEffect: CopyLocalEffect {
  /// One class for each ``RateClass``, which tells a frame which tests its
  /// shifts need (``shiftTests(_:_:)``).
  package static func groupClass(of form: Self) -> RateClass { form.rateClass }

  /// Bounded rates run loops of their own that know the class
  /// (``BoundedRates``); any other rate the effect's own, which make every
  /// test ``apply(to:)`` makes. Neither finds the class from the forms in a
  /// frame.
  package static func kernel(for rateClass: RateClass) -> any GroupKernel.Type {
    switch rateClass {
    case .bounded: BoundedRates.self
    case .unbounded: Self.self
    }
  }

  // The effect's own loops: every test, right for a rate of any class.
  @inline(__always)
  package static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    applyEach(
      PlainViewMemory.self, Self.forms(forms, count: group.members.count), group, .unbounded)
  }

  @inline(__always)
  package static func applyEachSwapped(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    applyEach(
      SwappedViewMemory.self, Self.forms(forms, count: group.members.count), group, .unbounded)
  }

  /// The loops of the forms `effects`, every one of `rateClass`, with the
  /// views stored in `Memory`.
  @inline(__always)
  static func applyEach<Memory: ViewMemory>(
    _: Memory.Type, _ effects: UnsafeBufferPointer<Self>, _ group: SingleViewGroup,
    _ rateClass: RateClass
  ) {
    switch shiftTests(rateClass, group.geometry) {
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
    moveAtRest(
      PlainViewMemory.self, Self.forms(forms, count: group.members.count), group, .unbounded)
  }

  @inline(__always)
  package static func applyEachAtRestSwapped(
    _ forms: UnsafeRawPointer, _ group: SingleViewGroup
  ) {
    moveAtRest(
      SwappedViewMemory.self, Self.forms(forms, count: group.members.count), group, .unbounded)
  }

  /// ``applyEachAtRest(_:_:)`` of the forms `effects`, every one of
  /// `rateClass`, with the views stored in `Memory`.
  @inline(__always)
  static func moveAtRest<Memory: ViewMemory>(
    _: Memory.Type, _ effects: UnsafeBufferPointer<Self>, _ group: SingleViewGroup,
    _ rateClass: RateClass
  ) {
    let geometry = group.geometry
    // Every member has the first's attachment.
    if group.members[0].attachment == .content {
      let origin = geometry.contentOrigin
      moveAtRest(Memory.self, effects, group, geometry, rateClass) { origin + $0 }
    } else {
      moveAtRest(Memory.self, effects, group, geometry, rateClass) { $0 }
    }
  }

  /// ``moveAtRest(_:_:_:_:)`` with each member's natural top `top` of its
  /// natural y.
  @inline(__always)
  static func moveAtRest<Memory: ViewMemory>(
    _: Memory.Type, _ effects: UnsafeBufferPointer<Self>, _ group: SingleViewGroup,
    _ geometry: ScrollGeometry, _ rateClass: RateClass, top: (Double) -> Double
  ) {
    switch shiftTests(rateClass, geometry) {
    case .neither: moveAtRest(Memory.self, effects, group, geometry, false, false, top)
    case .zero: moveAtRest(Memory.self, effects, group, geometry, false, true, top)
    case .all: moveAtRest(Memory.self, effects, group, geometry, true, true, top)
    }
  }

  /// One loop of ``moveAtRest(_:_:_:_:_:top:)``, `saturating` and `mayBeZero`
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

  /// The loops of a kernel of bounded rates (``RateClass/bounded``): those
  /// of ``ParallaxEffect`` with the class known, so that a frame tests only
  /// the scroll (``shiftTests(_:_:)``), not each kernel's rates.
  enum BoundedRates: GroupKernel {
    @inline(__always)
    static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
      ParallaxEffect.applyEach(
        PlainViewMemory.self, ParallaxEffect.forms(forms, count: group.members.count), group,
        .bounded)
    }

    @inline(__always)
    static func applyEachSwapped(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
      ParallaxEffect.applyEach(
        SwappedViewMemory.self, ParallaxEffect.forms(forms, count: group.members.count), group,
        .bounded)
    }

    @inline(__always)
    static func applyEachAtRest(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
      ParallaxEffect.moveAtRest(
        PlainViewMemory.self, ParallaxEffect.forms(forms, count: group.members.count), group,
        .bounded)
    }

    @inline(__always)
    static func applyEachAtRestSwapped(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
      ParallaxEffect.moveAtRest(
        SwappedViewMemory.self, ParallaxEffect.forms(forms, count: group.members.count), group,
        .bounded)
    }
  }
}
