import EffectGroups
import EffectProtocol

// interpolate on the one view of a grouped chain, for the curves that have
// no loop of their own class (three or more stops, a Bézier easing, steps,
// `linear(...)`, a view range or timeline insets): the view's input, the
// curve's value at it and the property's combiner, one after the other.
// A batch of one view would take the same steps through four calls out of
// line (the shaped path, its curve's switch, the input's loop and the
// constant's combiner), each paying its entry and the batch's set-up for
// one view.

extension InterpolateEffect {
  /// What ``apply(to:)`` does to a batch of the one written view at `view`,
  /// whose frame is not known to be natural, stored in `Memory`, in
  /// `frame`: the same input, curve and combiner, so the same bits. Each
  /// switch below runs once, as the batch's did; a group calls it out of
  /// line through its ``EffectBox``, once for each memory.
  @inline(__always)
  func apply<Memory: ViewMemory>(
    _: Memory.Type, toOne view: UnsafeMutablePointer<ViewTransform>,
    _ frame: UnsafePointer<GroupFrame>
  ) {
    // Read where it is: no view aliases the frame.
    let geometry = frame.pointee.geometry
    guard keyframes.stops.count >= 2 else { return }
    let value: Double
    if keyframes.isShaped {
      // Only a progress through a range or with insets has a timeline.
      let x =
        if let timeline = shape.timeline {
          timeline.measured(in: geometry).progress(
            minY: Memory.load(view).y, height: Memory.load(view).height)
        } else {
          Self.input(input, Memory.self, view, geometry, saturatesProgress: true)
        }
      value = Self.shapedValue(keyframes, shape.curve, at: x)
    } else {
      // The batch's cover progress is saturated only for a curve that
      // computes with it beyond its ends (``HeldProgress`` says why).
      let x = Self.input(input, Memory.self, view, geometry, saturatesProgress: keyframes.extends)
      value = keyframes.stops.withUnsafeBufferPointer { stops in
        KeyframeCurve(stops: stops, keyframes: keyframes)(x)
      }
    }
    switch property {
    case .opacity: Memory.modifyVisuals(view) { Opacity.combine(&$0, value) }
    case .scale: Memory.modifyVisuals(view) { Scale.combine(&$0, value) }
    case .scaleX: Memory.modifyVisuals(view) { ScaleX.combine(&$0, value) }
    case .scaleY: Memory.modifyVisuals(view) { ScaleY.combine(&$0, value) }
    case .blur: Memory.modifyVisuals(view) { Blur.combine(&$0, value) }
    case .rotation: Memory.modifyVisuals(view) { Rotation.combine(&$0, value) }
    case .translateX: Memory.modify(view) { TranslateX.combine(&$0, value) }
    case .translateY: Memory.modify(view) { TranslateY.combine(&$0, value) }
    case .width: Memory.modify(view) { Width.combine(&$0, value) }
    case .height: Memory.modify(view) { Height.combine(&$0, value) }
    case .zIndex: Memory.modifyVisuals(view) { ZIndex.combine(&$0, value) }
    }
  }

  /// The value at `x` of the keyframes with the easing `curve` (steps,
  /// `linear(...)` or a Bézier curve): ``EasedKeyframes``, as
  /// ``apply(_:_:_:property:input:to:)`` evaluates them. Static and out of
  /// line: its caller then passes the keyframes and the curve where they
  /// are, where a method of the effect makes it copy the whole effect.
  @inline(never)
  private static func shapedValue(
    _ keyframes: Keyframes, _ curve: EasingCurve, at x: Double
  ) -> Double {
    keyframes.stops.withUnsafeBufferPointer { stops in
      switch curve {
      case .bezier(let curve):
        return EasedKeyframes(stops: stops, keyframes: keyframes, ease: curve)(x)
      case .steps(let curve):
        return EasedKeyframes(stops: stops, keyframes: keyframes, ease: curve)(x)
      case .piecewiseLinear(let curve):
        // Borrowed, as the batch's path borrows them.
        return curve.points.withUnsafeBufferPointer { points in
          EasedKeyframes(
            stops: stops, keyframes: keyframes, ease: PiecewiseLinearPoints(points: points))(x)
        }
      }
    }
  }

  /// The `input` of the view at `view`, stored in `Memory`, its cover
  /// progress saturated (``Progress``) when `saturatesProgress`, the plain
  /// quotient (``HeldProgress``) otherwise: what each of the batch paths
  /// reads for a view whose frame is not known to be natural.
  @inline(__always)
  private static func input<Memory: ViewMemory>(
    _ input: ScrollInput, _: Memory.Type, _ view: UnsafeMutablePointer<ViewTransform>,
    _ geometry: ScrollGeometry, saturatesProgress: Bool
  ) -> Double {
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
