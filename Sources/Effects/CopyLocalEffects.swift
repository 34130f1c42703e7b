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
  /// One class for each edge, with an `until` or without.
  package static func groupClass(of form: Self) -> Int {
    (form.edge == .top ? 0 : 2) + (form.until == nil ? 0 : 1)
  }

  @inline(__always)
  package static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    let effects = Self.forms(forms, count: group.members.count)
    switch groupClass(of: effects[0]) {
    case 0: run(effects, group) { $0.applyTop(to: &$1) }
    case 1: run(effects, group) { $0.applyTopUntil(to: &$1) }
    case 2: run(effects, group) { $0.applyBottom(to: &$1) }
    default: run(effects, group) { $0.applyBottomUntil(to: &$1) }
    }
  }
}
extension ParallaxEffect: CopyLocalEffect {
  /// The smallest rate magnitude of class 1, and the smallest scroll that
  /// such a rate is known to move by a nonzero amount: their product is
  /// far above the smallest normal number, so it cannot round to 0.
  static var smallestUnsaturatedRate: Double { 1e-150 }

  /// 1 for a rate of magnitude from ``smallestUnsaturatedRate`` to 1,
  /// whose shift needs no saturation (a host bounds the offset by
  /// ``Saturation/limit``, its `offsetLimit`, which a test checks is the
  /// same) and is not 0 once the content is scrolled by at least
  /// ``smallestUnsaturatedRate``; 0 for any other.
  package static func groupClass(of form: Self) -> Int {
    abs(form.rate) >= smallestUnsaturatedRate && abs(form.rate) <= 1 ? 1 : 0
  }

  /// Which loop a class of `effects` runs in a frame of `geometry`: whether
  /// its shifts need saturation and may be 0 (the tests ``apply(to:)``
  /// makes), as far as the class and the scroll tell.
  @inline(__always)
  static func shiftTests(_ effects: UnsafeBufferPointer<Self>, _ geometry: ScrollGeometry) -> (
    saturating: Bool, mayBeZero: Bool
  ) {
    guard groupClass(of: effects[0]) == 1 else { return (true, true) }
    return (false, geometry.offset < smallestUnsaturatedRate)
  }

  @inline(__always)
  package static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    let effects = Self.forms(forms, count: group.members.count)
    switch shiftTests(effects, group.geometry) {
    case (false, false):
      run(effects, group) { $0.apply(to: &$1, saturating: false, mayBeZero: false) }
    case (false, true):
      run(effects, group) { $0.apply(to: &$1, saturating: false, mayBeZero: true) }
    default: run(effects, group) { $0.apply(to: &$1, saturating: true, mayBeZero: true) }
    }
  }

  package static var writesViewsAtRest: Bool { true }

  /// Each view's natural transform moved by its shift, written once.
  package static func applyEachAtRest(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    let effects = Self.forms(forms, count: group.members.count)
    let geometry = group.geometry
    // Every member has the first's attachment.
    if group.members[0].attachment == .content {
      let origin = geometry.contentOrigin
      moveAtRest(effects, group, geometry) { origin + $0 }
    } else {
      moveAtRest(effects, group, geometry) { $0 }
    }
  }

  /// ``applyEachAtRest(_:_:)`` for members whose natural top is
  /// `top(naturalY)`, with the loops and tests of ``applyEach(_:_:)``.
  @inline(__always)
  static func moveAtRest(
    _ effects: UnsafeBufferPointer<Self>, _ group: SingleViewGroup, _ geometry: ScrollGeometry,
    top: (Double) -> Double
  ) {
    switch shiftTests(effects, geometry) {
    case (false, false): moveAtRest(effects, group, geometry, false, false, top)
    case (false, true): moveAtRest(effects, group, geometry, false, true, top)
    default: moveAtRest(effects, group, geometry, true, true, top)
    }
  }

  /// One loop of ``moveAtRest(_:_:_:top:)``, `saturating` and `mayBeZero`
  /// as ``apply(to:saturating:mayBeZero:)`` takes them.
  @inline(__always)
  static func moveAtRest(
    _ effects: UnsafeBufferPointer<Self>, _ group: SingleViewGroup, _ geometry: ScrollGeometry,
    _ saturating: Bool, _ mayBeZero: Bool, _ top: (Double) -> Double
  ) {
    for index in group.members.indices {
      let member = group.members[index]
      var view = member.naturalTransform(top: top(member.naturalY))
      let shift = effects[index].shift(in: geometry, saturating: saturating)
      // As apply(to:): a shift of 0 leaves the view as it is.
      if !mayBeZero || shift != 0 { view.y += shift }
      group.view(member: index).pointee = view
    }
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
    run(effects, group) { $0.apply(to: &$1) }
  }

  /// ``run(_:_:)`` with `apply` in place of ``apply(to:)``: a class's
  /// variant of it.
  @inline(__always)
  static func run(
    _ effects: UnsafeBufferPointer<Self>, _ group: SingleViewGroup,
    _ apply: (Self, inout ViewBatch) -> Void
  ) {
    let geometry = group.geometry
    for index in group.members.indices {
      var batch = group.batch(member: index, geometry: geometry)
      apply(effects[index], &batch)
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
