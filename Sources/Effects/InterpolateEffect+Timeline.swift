import EffectProtocol

// interpolate on a view range or with timeline insets: the progress is
// measured in the frame's viewport, then the keyframes apply as on any input.

extension InterpolateEffect {
  /// Combines the keyframes' value at each view's progress through
  /// `timeline` with `property`.
  @inline(never)
  static func apply(
    _ keyframes: Keyframes, property: Property, timeline: ViewTimeline,
    to views: inout ViewBatch
  ) {
    let measured = timeline.measured(in: views.geometry)
    keyframes.stops.withUnsafeBufferPointer { stops in
      switch keyframes.curve {
      case .bezier(let curve):
        apply(
          KeyframeCurve(stops: stops, keyframes: keyframes, curve: curve), property: property,
          measured: measured, to: &views)
      case .steps(let curve):
        apply(
          KeyframeCurve(stops: stops, keyframes: keyframes, curve: curve), property: property,
          measured: measured, to: &views)
      case .piecewiseLinear(let curve):
        apply(
          KeyframeCurve(stops: stops, keyframes: keyframes, curve: curve), property: property,
          measured: measured, to: &views)
      }
    }
  }

  @inline(__always)
  static func apply<Curve: KeyframeFunction>(
    _ curve: Curve, property: Property, measured: ViewTimeline.Measured,
    to views: inout ViewBatch
  ) {
    switch property {
    case .opacity: combine(&views, curve, measured, Opacity.self)
    case .scale: combine(&views, curve, measured, Scale.self)
    case .scaleX: combine(&views, curve, measured, ScaleX.self)
    case .scaleY: combine(&views, curve, measured, ScaleY.self)
    case .blur: combine(&views, curve, measured, Blur.self)
    case .rotation: combine(&views, curve, measured, Rotation.self)
    case .translateX: combine(&views, curve, measured, TranslateX.self)
    case .translateY: combine(&views, curve, measured, TranslateY.self)
    case .width: combine(&views, curve, measured, Width.self)
    case .height: combine(&views, curve, measured, Height.self)
    case .zIndex: combine(&views, curve, measured, ZIndex.self)
    }
  }

  /// Each view's progress through the measured timeline, through `curve`,
  /// combined with `Combiner`'s property. Views in their natural frames
  /// share one height, so the range is placed once for all of them; it
  /// gives each view what placing it for the view itself gives.
  @inline(never)
  static func combine<Curve: InputFunction, Combiner: PropertyCombiner>(
    _ views: inout ViewBatch, _ curve: Curve, _ measured: ViewTimeline.Measured,
    _: Combiner.Type
  ) {
    let views = views
    let all = views.indices
    if views.hasNaturalFrames {
      let placed = measured.placed(height: views.naturalFrame.height)
      if Combiner.keepsFrame {
        views.modifyVisuals(in: all) { view in
          Combiner.combine(&view, curve(placed.progress(minY: view.y)))
        }
      } else {
        views.modifyEach(in: all) { view in
          Combiner.combine(&view, curve(placed.progress(minY: view.y)))
        }
      }
    } else if Combiner.keepsFrame {
      views.modifyVisuals(in: all) { view in
        Combiner.combine(&view, curve(measured.progress(minY: view.y, height: view.height)))
      }
    } else {
      views.modifyEach(in: all) { view in
        Combiner.combine(&view, curve(measured.progress(minY: view.y, height: view.height)))
      }
    }
  }
}
