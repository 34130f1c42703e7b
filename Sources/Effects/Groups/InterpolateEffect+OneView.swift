import EffectGroups
import EffectProtocol

// interpolate on the one view of a grouped chain, for the curves that have
// no loop of their own class (three or more stops, a Bézier easing, steps,
// `linear(...)`, a view range or timeline insets): the view's input, the
// curve's value at it and the property's combiner, one after the other,
// on the curve the effect's box made once. A batch of one view would take
// the same steps through four calls out of line (the shaped path, its
// curve's switch, the input's loop and the constant's combiner), each
// paying its entry and the batch's set-up for one view.

extension InterpolateEffect.EffectBox {
  /// What ``InterpolateEffect/apply(to:)`` does to a batch of the one
  /// written view at `view`, whose frame is not known to be natural,
  /// stored in `Memory`, in `frame`: the same input, curve and combiner,
  /// so the same bits. Each switch below runs once, as the batch's did; a
  /// group calls it once for each member of the `.keyframes` class, with
  /// the box as `self`: the curve is read in place, and so is the frame's
  /// geometry, of which only what the input needs is read.
  @inline(never)
  func apply<Memory: ViewMemory>(
    _: Memory.Type, toOne view: UnsafeMutablePointer<ViewTransform>,
    _ frame: UnsafePointer<GroupFrame>
  ) {
    typealias Effect = InterpolateEffect
    guard evaluates else { return }
    let value: Double
    switch ease {
    case .keyframes:
      // The batch's cover progress is saturated only for a curve that
      // computes with it beyond its ends (``HeldProgress`` says why).
      let x = Effect.input(input, Memory.self, view, frame, saturatesProgress: curve.extends)
      value = curve(x)
    case .bezier:
      let x = shapedInput(Memory.self, view, frame)
      value = Effect.EasedKeyframes(curve: curve, ease: bezier)(x)
    case .steps:
      let x = shapedInput(Memory.self, view, frame)
      value = Effect.EasedKeyframes(curve: curve, ease: steps)(x)
    case .piecewiseLinear:
      let x = shapedInput(Memory.self, view, frame)
      value = Effect.EasedKeyframes(curve: curve, ease: linearPoints)(x)
    }
    switch property {
    case .opacity: Memory.modifyVisuals(view) { Effect.Opacity.combine(&$0, value) }
    case .scale: Memory.modifyVisuals(view) { Effect.Scale.combine(&$0, value) }
    case .scaleX: Memory.modifyVisuals(view) { Effect.ScaleX.combine(&$0, value) }
    case .scaleY: Memory.modifyVisuals(view) { Effect.ScaleY.combine(&$0, value) }
    case .blur: Memory.modifyVisuals(view) { Effect.Blur.combine(&$0, value) }
    case .rotation: Memory.modifyVisuals(view) { Effect.Rotation.combine(&$0, value) }
    case .translateX: Memory.modify(view) { Effect.TranslateX.combine(&$0, value) }
    case .translateY: Memory.modify(view) { Effect.TranslateY.combine(&$0, value) }
    case .width: Memory.modify(view) { Effect.Width.combine(&$0, value) }
    case .height: Memory.modify(view) { Effect.Height.combine(&$0, value) }
    case .zIndex: Memory.modifyVisuals(view) { Effect.ZIndex.combine(&$0, value) }
    }
  }

  /// The input of an eased curve: the progress through the measured
  /// timeline, or the input with the cover progress saturated.
  @inline(__always)
  private func shapedInput<Memory: ViewMemory>(
    _: Memory.Type, _ view: UnsafeMutablePointer<ViewTransform>,
    _ frame: UnsafePointer<GroupFrame>
  ) -> Double {
    guard hasTimeline else {
      return InterpolateEffect.input(input, Memory.self, view, frame, saturatesProgress: true)
    }
    return timeline.measured(in: frame.pointee.geometry).progress(
      minY: Memory.load(view).y, height: Memory.load(view).height)
  }
}

extension InterpolateEffect {
  /// The `input` of the view at `view`, stored in `Memory`, its cover
  /// progress saturated (``Progress``) when `saturatesProgress`, the plain
  /// quotient (``HeldProgress``) otherwise: what each of the batch paths
  /// reads for a view whose frame is not known to be natural.
  @inline(__always)
  fileprivate static func input<Memory: ViewMemory>(
    _ input: ScrollInput, _: Memory.Type, _ view: UnsafeMutablePointer<ViewTransform>,
    _ frame: UnsafePointer<GroupFrame>, saturatesProgress: Bool
  ) -> Double {
    // Read where it is: no view aliases the frame.
    let geometry = frame.pointee.geometry
    let height = geometry.viewport.height
    switch input {
    case .offset: return geometry.offset
    case .pull: return geometry.pull
    case .pullBottom: return geometry.pullBottom
    case .height: return CurrentHeight.input(Memory.load(view), height)
    case .minY: return MinY.input(Memory.load(view), height)
    case .minX: return MinX.input(Memory.load(view), height)
    case .width: return CurrentWidth.input(Memory.load(view), height)
    case .progress where saturatesProgress: return Progress.input(Memory.load(view), height)
    case .progress: return HeldProgress.input(Memory.load(view), height)
    }
  }
}
