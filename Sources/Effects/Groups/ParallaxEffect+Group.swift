import EffectGroups
import EffectProtocol

extension ParallaxEffect: CopyLocalEffect {
  /// One class for each ``RateClass``, which tells a frame which tests its
  /// shifts need (``shiftTests(_:_:)``).
  package static func groupClass(of form: Self) -> RateClass { form.rateClass }

  /// The loops of any rate: a few bounded rates run in them.
  package static var generalClass: RateClass? { .unbounded }

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

  /// Members of both attachments at rest run the loops of any rate that
  /// test each member's (``MixedAttachments``).
  package static func kernelAtRest(mixingAttachmentsOf rateClass: RateClass)
    -> any GroupKernel.Type
  {
    MixedAttachments.self
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
  /// `rateClass`, with the views stored in `Memory`, every member of the
  /// first's attachment.
  @inline(__always)
  static func moveAtRest<Memory: ViewMemory>(
    _: Memory.Type, _ effects: UnsafeBufferPointer<Self>, _ group: SingleViewGroup,
    _ rateClass: RateClass
  ) {
    let geometry = group.geometry
    if group.members[0].attachment == .content {
      let origin = geometry.contentOrigin
      moveAtRest(Memory.self, effects, group, geometry, rateClass) { origin + $0.naturalY }
    } else {
      moveAtRest(Memory.self, effects, group, geometry, rateClass) { $0.naturalY }
    }
  }

  /// ``moveAtRest(_:_:_:_:)`` with each member's natural top `top(member)`.
  @inline(__always)
  static func moveAtRest<Memory: ViewMemory>(
    _: Memory.Type, _ effects: UnsafeBufferPointer<Self>, _ group: SingleViewGroup,
    _ geometry: ScrollGeometry, _ rateClass: RateClass, top: (SingleView) -> Double
  ) {
    switch shiftTests(rateClass, geometry) {
    case .neither: moveAtRest(Memory.self, effects, group, geometry, false, false, top)
    case .zero: moveAtRest(Memory.self, effects, group, geometry, false, true, top)
    case .all: moveAtRest(Memory.self, effects, group, geometry, true, true, top)
    }
  }

  /// One loop of ``moveAtRest(_:_:_:_:_:top:)``, `saturating` and
  /// `mayBeZero` as ``apply(to:saturating:mayBeZero:)`` takes them.
  @inline(__always)
  static func moveAtRest<Memory: ViewMemory>(
    _: Memory.Type, _ effects: UnsafeBufferPointer<Self>, _ group: SingleViewGroup,
    _ geometry: ScrollGeometry, _ saturating: Bool, _ mayBeZero: Bool,
    _ top: (SingleView) -> Double
  ) {
    for index in group.members.indices {
      let member = group.members[index]
      var view = member.naturalTransform(top: top(member))
      let shift = effects[index].shift(in: geometry, saturating: saturating)
      // As apply(to:): a shift of 0 leaves the view as it is.
      if !mayBeZero || shift != 0 { view.y += shift }
      Memory.store(view, group.view(member: index))
    }
  }

  /// The loops of a first `parallax` at rest on members of both
  /// attachments (a few, in a host's one kernel), with the tests of any
  /// rate.
  enum MixedAttachments: GroupKernel {
    // A host calls such a kernel at rest only. Its loops on written views
    // are each member's effect on a batch of its view: right, and not the
    // code of another witness, which the compiler would merge with it,
    // leaving that one a call of this.
    static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
      applyOneByOne(forms, group, swapsAxes: false)
    }

    static func applyEachSwapped(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
      applyOneByOne(forms, group, swapsAxes: true)
    }

    /// Each member's effect on a batch of its one view.
    static func applyOneByOne(
      _ forms: UnsafeRawPointer, _ group: SingleViewGroup, swapsAxes: Bool
    ) {
      let effects = ParallaxEffect.forms(forms, count: group.members.count)
      let geometry = group.geometry
      for index in group.members.indices {
        var batch = group.batch(member: index, geometry: geometry, swapsAxes: swapsAxes)
        effects[index].apply(to: &batch)
      }
    }

    @inline(__always)
    static func applyEachAtRest(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
      moveAtRest(PlainViewMemory.self, forms, group)
    }

    @inline(__always)
    static func applyEachAtRestSwapped(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
      moveAtRest(SwappedViewMemory.self, forms, group)
    }

    /// Each member's natural top from its own attachment.
    @inline(__always)
    static func moveAtRest<Memory: ViewMemory>(
      _: Memory.Type, _ forms: UnsafeRawPointer, _ group: SingleViewGroup
    ) {
      let geometry = group.geometry
      let origin = geometry.contentOrigin
      ParallaxEffect.moveAtRest(
        Memory.self, ParallaxEffect.forms(forms, count: group.members.count), group, geometry,
        .unbounded
      ) { member in
        member.attachment == .content ? origin + member.naturalY : member.naturalY
      }
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
