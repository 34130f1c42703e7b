import EffectGroups
import EffectProtocol

// interpolate in a host's group of single-view chains: every member's one
// view is evaluated in place, without a batch: a two-stop linear curve
// (clamped or extended) by a loop of its class, any other curve by the
// effect's own single-view path.

extension InterpolateEffect: CopyLocalEffect {
  /// What a group keeps of an `interpolate`: the curve a member of the
  /// `.keyframes` class evaluates (its ``EffectBox``), and its two-stop
  /// linear curve when it has one. The property and input are copied next
  /// to the curve, where a class's loop reads them without going through
  /// the effect's parameters (BENCHMARKS.md, "Groups of single-view
  /// chains").
  package struct GroupForm: Sendable {
    /// The box, which `borrowed` reads without retaining anything.
    let effect: EffectBox
    let borrowed: Unmanaged<EffectBox>
    let pair: LinearPair?
    let property: Property
    let input: ScrollInput
  }

  package static func groupForms(_ effects: [Self]) -> [GroupForm] {
    effects.map { effect in
      let box = EffectBox(effect)
      return GroupForm(
        effect: box, borrowed: .passUnretained(box), pair: box.isPair ? box.pair : nil,
        property: effect.parameters.property,
        input: effect.parameters.input)
    }
  }

  /// What a member of the `.keyframes` class evaluates, made once, in a
  /// class of its own: a group's forms are in raw memory, where calling
  /// the effect itself copies it (its arrays retained and released) at
  /// each call; through an unowned reference to this, the curve is read in
  /// place. The host's step of an `interpolate` in a chain it evaluates by
  /// itself holds one too, and runs the batch through ``apply(to:)``. The
  /// curve over stops and `linear(...)` points the box owns, the
  /// easing and the timeline are each a plain stored value that
  /// ``apply(_:toOne:_:)`` reads where it is (built from the effect's
  /// keyframes and shape at every call, they were copied to the stack;
  /// held in an optional or an enum with payloads, copied whole).
  package final class EffectBox: @unchecked Sendable {
    // @unchecked: every stored property is set once, in `init`; the
    // storage the curve borrows is written there, only read after, and
    // freed with the box.
    /// Whether the effect has the two stops it needs to change anything.
    let evaluates: Bool
    /// The keyframes, over `stops`; over two placeholder stops when the
    /// effect has fewer (then `evaluates` is false and nothing reads it).
    let curve: KeyframeCurve
    let ease: OneViewEase
    /// The easing, for the case of `ease` that names it; placeholders otherwise.
    let bezier: UnitBezier
    let steps: StepFunction
    let linearPoints: PiecewiseLinearPoints
    /// Whether the progress is measured through `timeline` (a view range
    /// or insets).
    let hasTimeline: Bool
    let timeline: ViewTimeline
    let property: Property
    let input: ScrollInput
    /// Whether the effect is two linear stops without a shape, which
    /// ``apply(to:)`` evaluates as `pair` and a group as its own class;
    /// `pair` is a placeholder otherwise.
    let isPair: Bool
    let pair: LinearPair
    private let stops: UnsafeMutableBufferPointer<Stop>
    private let points: UnsafeMutableBufferPointer<Easing.LinearPoint>

    package init(_ effect: InterpolateEffect) {
      let keyframes = effect.keyframes
      evaluates = keyframes.stops.count >= 2
      let placeholders = [Stop(0, 0), Stop(1, 0)]
      let given = evaluates ? keyframes.stops : placeholders
      // As InterpolateEffect.apply(to:) chooses its two-stop curve.
      isPair =
        evaluates && given.count == 2 && keyframes.curve.isLinear && !keyframes.isShaped
      pair = LinearPair(given[0], given[1], extendingWith: keyframes)
      stops = .allocate(capacity: given.count)
      _ = stops.initialize(from: given)
      curve = KeyframeCurve(stops: UnsafeBufferPointer(stops), keyframes: keyframes)
      let shape = effect.shape
      var ease = OneViewEase.keyframes
      var bezier = UnitBezier(.linear)
      var steps = StepFunction(count: 1, position: .jumpEnd)
      var points: [Easing.LinearPoint] = []
      if keyframes.isShaped {
        switch shape.curve {
        case .bezier(let curve): (ease, bezier) = (.bezier, curve)
        case .steps(let curve): (ease, steps) = (.steps, curve)
        case .piecewiseLinear(let curve): (ease, points) = (.piecewiseLinear, curve.points)
        }
      }
      self.points = .allocate(capacity: points.count)
      _ = self.points.initialize(from: points)
      (self.ease, self.bezier, self.steps) = (ease, bezier, steps)
      linearPoints = PiecewiseLinearPoints(points: UnsafeBufferPointer(self.points))
      // Only a progress through a range or with insets has a timeline.
      hasTimeline = keyframes.isShaped && shape.timeline != nil
      timeline = (keyframes.isShaped ? shape.timeline : nil) ?? ViewTimeline()
      (property, input) = (effect.property, effect.input)
    }

    deinit {
      stops.deallocate()
      points.deallocate()
    }
  }

  /// How a member of the `.keyframes` class eases its keyframes: not at
  /// all beyond ``KeyframeCurve``'s own Bézier curve, or with the
  /// ``Shape``'s easing through ``EasedKeyframes``.
  enum OneViewEase {
    case keyframes, bezier, steps, piecewiseLinear
  }

  @inline(__always)
  package static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    run(PlainViewMemory.self, Self.forms(forms, count: group.members.count), group)
  }

  @inline(__always)
  package static func applyEachSwapped(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    run(SwappedViewMemory.self, Self.forms(forms, count: group.members.count), group)
  }

  /// The classes of interpolate's forms, each evaluated by a loop of its
  /// own: ``run(_:_:)`` switches over the same cases, in the form's own
  /// fields (the curve's kind, then the property, the input and whether
  /// the curve extends), once for the whole class.
  package enum GroupClass: Hashable {
    /// A curve other than two linear stops, or a progress through a view
    /// range or with timeline insets: each effect's box's
    /// ``EffectBox/apply(_:toOne:_:)`` on its member's view.
    case keyframes
    /// Two linear stops of one property and one input, whose curve extends
    /// past its ends or holds them.
    case linearPair(Property, ScrollInput, extends: Bool)
  }

  package static func groupClass(of form: GroupForm) -> GroupClass {
    guard let pair = form.pair else { return .keyframes }
    return .linearPair(form.property, form.input, extends: pair.extends)
  }

  /// The `.keyframes` class runs loops of its own (``KeyframesKernel``), which
  /// are the witnesses themselves; two linear stops the effect's own,
  /// which choose a loop for the property and input.
  package static func kernel(for groupClass: GroupClass) -> any GroupKernel.Type {
    switch groupClass {
    case .keyframes: KeyframesKernel.self
    case .linearPair: Self.self
    }
  }

  /// The loops of the `.keyframes` class: each member's box on its view.
  /// Through the effect's own witness, which finds the class from the
  /// forms, a kernel of them called ``applyKeyframes(_:_:_:)``, a call
  /// more a frame, whose entry a single member (a stretchy header's fade)
  /// pays in full.
  enum KeyframesKernel: GroupKernel {
    @inline(__always)
    static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
      eachBox(
        PlainViewMemory.self, InterpolateEffect.forms(forms, count: group.members.count), group)
    }

    @inline(__always)
    static func applyEachSwapped(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
      eachBox(
        SwappedViewMemory.self, InterpolateEffect.forms(forms, count: group.members.count), group
      )
    }

    // interpolate does not write views at rest (`writesViewsAtRest`): no
    // group calls these. They do what the effect's own would.
    static func applyEachAtRest(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
      InterpolateEffect.applyEachAtRest(forms, group)
    }

    static func applyEachAtRestSwapped(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
      InterpolateEffect.applyEachAtRestSwapped(forms, group)
    }
  }

  /// The group's loops, with the views stored in `Memory`.
  @inline(__always)
  static func run<Memory: ViewMemory>(
    _: Memory.Type, _ forms: UnsafeBufferPointer<GroupForm>, _ group: SingleViewGroup
  ) {
    // Every form is of one class (groupClass(of:)): the first's fields tell
    // which. Read from them, not from a GroupClass made here: building the
    // enum and matching it costs the feed more than the loops it chooses
    // (BENCHMARKS.md).
    guard let first = forms.first, first.pair != nil else {
      applyKeyframes(Memory.self, forms, group)
      return
    }
    switch first.property {
    case .opacity: combinePairs(Memory.self, forms, group, Opacity.self)
    case .scale: combinePairs(Memory.self, forms, group, Scale.self)
    case .scaleX: combinePairs(Memory.self, forms, group, ScaleX.self)
    case .scaleY: combinePairs(Memory.self, forms, group, ScaleY.self)
    case .blur: combinePairs(Memory.self, forms, group, Blur.self)
    case .rotation: combinePairs(Memory.self, forms, group, Rotation.self)
    case .translateX: combinePairs(Memory.self, forms, group, TranslateX.self)
    case .translateY: combinePairs(Memory.self, forms, group, TranslateY.self)
    case .width: combinePairs(Memory.self, forms, group, Width.self)
    case .height: combinePairs(Memory.self, forms, group, Height.self)
    case .zIndex: combinePairs(Memory.self, forms, group, ZIndex.self)
    }
  }

  /// Each member's curve of the `.keyframes` class on its view, for the
  /// effect's own witness when it is given such forms (a host's kernels of
  /// the class call ``KeyframesKernel`` instead; ``KeyframesKernel``'s
  /// witnesses at rest come here): out of line, so that the witness's
  /// two-stop loops keep the registers and the stack frame they would have
  /// alone (BENCHMARKS.md, "`interpolate`'s curves on one view").
  @inline(never)
  static func applyKeyframes<Memory: ViewMemory>(
    _: Memory.Type, _ forms: UnsafeBufferPointer<GroupForm>, _ group: SingleViewGroup
  ) {
    eachBox(Memory.self, forms, group)
  }

  /// Each member's box (``EffectBox/apply(_:toOne:_:)``) on its view: the
  /// loop of ``applyKeyframes(_:_:_:)`` and of ``KeyframesKernel``.
  @inline(__always)
  static func eachBox<Memory: ViewMemory>(
    _: Memory.Type, _ forms: UnsafeBufferPointer<GroupForm>, _ group: SingleViewGroup
  ) {
    for index in group.members.indices {
      let view = group.view(member: index)
      // Called on a reference guaranteed for the call (`effect` keeps the
      // box): an unowned one would be retained and released around it.
      forms[index].borrowed._withUnsafeGuaranteedRef {
        $0.apply(Memory.self, toOne: view, group.frame)
      }
    }
  }

  /// The two-stop linear curves of `forms`, all of one property
  /// (`Combiner`'s) and one input, each combined with its member's view:
  /// one loop for each input.
  @inline(__always)
  static func combinePairs<Memory: ViewMemory, Combiner: PropertyCombiner>(
    _: Memory.Type, _ forms: UnsafeBufferPointer<GroupForm>, _ group: SingleViewGroup,
    _: Combiner.Type
  ) {
    let geometry = group.geometry
    let height = geometry.viewport.height
    switch forms[0].input {
    case .offset: combinePairs(Memory.self, forms, group, Combiner.self) { _ in geometry.offset }
    case .pull: combinePairs(Memory.self, forms, group, Combiner.self) { _ in geometry.pull }
    case .pullBottom:
      combinePairs(Memory.self, forms, group, Combiner.self) { _ in geometry.pullBottom }
    case .height:
      combinePairs(Memory.self, forms, group, Combiner.self) { CurrentHeight.input($0, height) }
    case .minY: combinePairs(Memory.self, forms, group, Combiner.self) { MinY.input($0, height) }
    case .minX: combinePairs(Memory.self, forms, group, Combiner.self) { MinX.input($0, height) }
    case .width:
      combinePairs(Memory.self, forms, group, Combiner.self) { CurrentWidth.input($0, height) }
    case .progress where !forms[0].pair.unsafelyUnwrapped.extends:
      combinePairs(Memory.self, forms, group, Combiner.self) { HeldProgress.input($0, height) }
    case .progress:
      combinePairs(Memory.self, forms, group, Combiner.self) { Progress.input($0, height) }
    }
  }

  /// Each member's curve at `input` of its view, combined with the view,
  /// in place: what ``apply(_:property:input:to:)`` does to a batch of one
  /// written view whose frame is not known to be natural, with the same
  /// inputs and combiners, so the same bits.
  @inline(__always)
  static func combinePairs<Memory: ViewMemory, Combiner: PropertyCombiner>(
    _: Memory.Type, _ forms: UnsafeBufferPointer<GroupForm>, _ group: SingleViewGroup,
    _: Combiner.Type, input: (ViewTransform) -> Double
  ) {
    // Every curve of a class extends, or none does.
    if forms[0].pair.unsafelyUnwrapped.extends {
      combinePairs(Memory.self, forms, group, Combiner.self, extending: true, input: input)
    } else {
      combinePairs(Memory.self, forms, group, Combiner.self, extending: false, input: input)
    }
  }

  /// ``combinePairs(_:_:_:input:)`` for curves that extend when `extending`,
  /// with the views stored in `Memory`.
  @inline(__always)
  static func combinePairs<Memory: ViewMemory, Combiner: PropertyCombiner>(
    _: Memory.Type, _ forms: UnsafeBufferPointer<GroupForm>, _ group: SingleViewGroup,
    _: Combiner.Type, extending: Bool, input: (ViewTransform) -> Double
  ) {
    for index in group.members.indices {
      let view = group.view(member: index)
      guard Memory.swapsAxes else {
        let value = forms[index].pair.unsafelyUnwrapped.value(
          at: input(view.pointee), extending: extending)
        Combiner.combine(&view.pointee, value)
        continue
      }
      // The value first: no swapped transform lives across the curve's call.
      let value = forms[index].pair.unsafelyUnwrapped.value(
        at: input(Memory.load(view)), extending: extending)
      if Combiner.keepsFrame {
        Memory.modifyVisuals(view) { Combiner.combine(&$0, value) }
      } else {
        Memory.modify(view) { Combiner.combine(&$0, value) }
      }
    }
  }
}
