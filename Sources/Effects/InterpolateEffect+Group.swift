import EffectProtocol

// interpolate in a host's group of single-view chains: a two-stop linear
// curve (clamped or extended) is evaluated view by view without a batch;
// any other curve goes through `apply(to:)` on a batch of the one view.

extension InterpolateEffect: CopyLocalEffect {
  /// What a group keeps of an `interpolate`: the effect, and its two-stop
  /// linear curve when it has one. The property and input are copied next
  /// to the curve: read through the effect's parameters instead, the feed
  /// cost 53 instructions a frame more.
  package struct GroupForm: Sendable {
    let effect: InterpolateEffect
    let pair: LinearPair?
    let property: Property
    let input: Input
  }

  package static func groupForms(_ effects: [Self]) -> [GroupForm] {
    effects.map { effect in
      let keyframes = effect.keyframes
      let pair =
        keyframes.stops.count == 2 && keyframes.curve.isLinear
        ? LinearPair(keyframes.stops[0], keyframes.stops[1], extendingWith: keyframes) : nil
      return GroupForm(
        effect: effect, pair: pair, property: effect.parameters.property,
        input: effect.parameters.input)
    }
  }

  package static func applyEach(_ forms: [GroupForm], _ group: SingleViewGroup) {
    for index in group.members.indices {
      guard let pair = forms[index].pair else {
        var batch = group.batch(member: index)
        forms[index].effect.apply(to: &batch)
        continue
      }
      combineOne(
        pair, property: forms[index].property, input: forms[index].input,
        view: &group.views[group.members[index].view], geometry: group.geometry)
    }
  }

  /// What ``apply(_:property:input:to:)`` does to a batch of one written
  /// view whose frame is not known to be natural, for one view in place:
  /// the same inputs and combiners, so the same bits.
  @inline(__always)
  static func combineOne<Curve: KeyframeFunction>(
    _ curve: Curve, property: Property, input: Input, view: inout ViewTransform,
    geometry: ScrollGeometry
  ) {
    switch property {
    case .opacity: combineOne(curve, input, Opacity.self, &view, geometry)
    case .scale: combineOne(curve, input, Scale.self, &view, geometry)
    case .scaleX: combineOne(curve, input, ScaleX.self, &view, geometry)
    case .scaleY: combineOne(curve, input, ScaleY.self, &view, geometry)
    case .blur: combineOne(curve, input, Blur.self, &view, geometry)
    case .rotation: combineOne(curve, input, Rotation.self, &view, geometry)
    case .translateX: combineOne(curve, input, TranslateX.self, &view, geometry)
    case .translateY: combineOne(curve, input, TranslateY.self, &view, geometry)
    case .width: combineOne(curve, input, Width.self, &view, geometry)
    case .height: combineOne(curve, input, Height.self, &view, geometry)
    case .zIndex: combineOne(curve, input, ZIndex.self, &view, geometry)
    }
  }

  /// ``combine(_:_:_:_:)`` for one view: the input the batch path takes for
  /// a batch of one view whose frames are not known to be natural.
  @inline(__always)
  static func combineOne<Curve: KeyframeFunction, Combiner: PropertyCombiner>(
    _ curve: Curve, _ input: Input, _: Combiner.Type, _ view: inout ViewTransform,
    _ geometry: ScrollGeometry
  ) {
    let height = geometry.viewport.height
    let value: Double
    switch input {
    case .offset: value = curve(geometry.offset)
    case .pull: value = curve(geometry.pull)
    case .pullBottom: value = curve(geometry.pullBottom)
    case .height: value = curve(CurrentHeight.input(view, height))
    case .minY: value = curve(MinY.input(view, height))
    case .progress where curve.holdsEnds: value = curve(HeldProgress.input(view, height))
    case .progress: value = curve(Progress.input(view, height))
    }
    Combiner.combine(&view, value)
  }
}
