import EffectGroups
import EffectProtocol

// interpolate on the one view of a grouped chain, or of a chain of one view
// evaluated by itself (one with a `float` or an `expression`), for the
// curves that have no loop of their own (three or more stops, a Bézier
// easing, steps, `linear(...)`, a view range or timeline insets): the
// view's input, the curve's value at it and the property's combiner, one
// after the other, on the curve the effect's box made once. A batch of one
// view would take the same steps through four calls out of line (the
// shaped path, its curve's switch, the input's loop and the constant's
// combiner), each paying its entry and the batch's set-up for one view.

extension InterpolateEffect.EffectBox {
  /// What ``InterpolateEffect/apply(to:)`` does to a batch of the one
  /// written view at `view`, whose frame is not known to be natural,
  /// stored in `Memory`, in `frame`: ``apply(_:toOne:geometry:)`` with the
  /// group's frame.
  @inline(__always)
  func apply<Memory: ViewMemory>(
    _: Memory.Type, toOne view: UnsafeMutablePointer<ViewTransform>,
    _ frame: UnsafePointer<GroupFrame>
  ) {
    apply(Memory.self, toOne: view, geometry: GroupFrameGeometry(frame: frame))
  }

  /// What ``apply(to:)`` does to `views` of one view that is not two linear
  /// stops (``isPair``): the view written, at rest or not, then
  /// ``apply(_:toOne:geometry:)`` on it in place, with the batch's
  /// geometry. The batch stops counting its frame as natural when the
  /// property changes the frame, as its loops would. Out of line: inlined,
  /// its set-up made every call of ``apply(to:)`` dearer.
  @inline(never)
  func applyToOne(_ views: inout ViewBatch) {
    let view = views.writtenViews(keepsFrame: property.keepsFrame)
      .assumingMemoryBound(to: ViewTransform.self)
    let swapsAxes = views.swapsAxes
    withUnsafePointer(to: &views) { batch in
      if swapsAxes {
        apply(SwappedViewMemory.self, toOne: view, geometry: BatchGeometry(batch: batch))
      } else {
        apply(PlainViewMemory.self, toOne: view, geometry: BatchGeometry(batch: batch))
      }
    }
  }

  /// What ``InterpolateEffect/apply(to:)`` does to a batch of the one
  /// written view at `view`, whose frame is not known to be natural,
  /// stored in `Memory`, in a frame of `geometry`: the same input, curve
  /// and combiner, so the same bits. Each switch below runs once, as the
  /// batch's did; a group calls it once for each member of the
  /// `.keyframes` class, with the box as `self`, and a chain's step for a
  /// batch of one view: the curve is read in place, and so is the frame's
  /// geometry, of which only what the input needs is read.
  @inline(never)
  func apply<Memory: ViewMemory, Geometry: OneViewGeometry>(
    _: Memory.Type, toOne view: UnsafeMutablePointer<ViewTransform>, geometry frame: Geometry
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
  private func shapedInput<Memory: ViewMemory, Geometry: OneViewGeometry>(
    _: Memory.Type, _ view: UnsafeMutablePointer<ViewTransform>, _ frame: Geometry
  ) -> Double {
    guard hasTimeline else {
      return InterpolateEffect.input(input, Memory.self, view, frame, saturatesProgress: true)
    }
    return timeline.measured(in: frame.geometry).progress(
      minY: Memory.load(view).y, height: Memory.load(view).height)
  }
}

extension InterpolateEffect {
  /// The `input` of the view at `view`, stored in `Memory`, its cover
  /// progress saturated (``Progress``) when `saturatesProgress`, the plain
  /// quotient (``HeldProgress``) otherwise: what each of the batch paths
  /// reads for a view whose frame is not known to be natural.
  @inline(__always)
  fileprivate static func input<Memory: ViewMemory, Geometry: OneViewGeometry>(
    _ input: ScrollInput, _: Memory.Type, _ view: UnsafeMutablePointer<ViewTransform>,
    _ frame: Geometry, saturatesProgress: Bool
  ) -> Double {
    // Read where it is: no view aliases the frame.
    let geometry = frame.geometry
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

/// Where ``InterpolateEffect/EffectBox/apply(_:toOne:geometry:)`` reads the
/// frame's geometry: in place, through a pointer, so that only the fields
/// the input needs are loaded.
protocol OneViewGeometry {
  var geometry: ScrollGeometry { get }
}

/// A group's frame.
struct GroupFrameGeometry: OneViewGeometry {
  let frame: UnsafePointer<GroupFrame>
  var geometry: ScrollGeometry {
    @inline(__always) get { frame.pointee.geometry }
  }
}

/// A chain's batch, which no view aliases.
struct BatchGeometry: OneViewGeometry {
  let batch: UnsafePointer<ViewBatch>
  var geometry: ScrollGeometry {
    @inline(__always) get { batch.pointee.geometry }
  }
}

extension InterpolateEffect.Property {
  /// Whether the property is a visual one, which leaves the frame as it
  /// is: its combiner's answer.
  var keepsFrame: Bool {
    typealias Effect = InterpolateEffect
    switch self {
    case .opacity: return Effect.Opacity.keepsFrame
    case .scale: return Effect.Scale.keepsFrame
    case .scaleX: return Effect.ScaleX.keepsFrame
    case .scaleY: return Effect.ScaleY.keepsFrame
    case .blur: return Effect.Blur.keepsFrame
    case .rotation: return Effect.Rotation.keepsFrame
    case .translateX: return Effect.TranslateX.keepsFrame
    case .translateY: return Effect.TranslateY.keepsFrame
    case .width: return Effect.Width.keepsFrame
    case .height: return Effect.Height.keepsFrame
    case .zIndex: return Effect.ZIndex.keepsFrame
    }
  }
}
