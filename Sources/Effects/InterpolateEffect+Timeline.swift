import EffectProtocol

// interpolate with steps or linear(...), or on a view range or with timeline
// insets: evaluated view by view, out of line, so that the other forms pay
// only the test that leads here.

extension InterpolateEffect {
  /// The keyframes with the easing `curve`, on `input` or, with a
  /// `timeline`, on the progress through it, combined with `property`.
  @inline(never)
  static func apply(
    _ keyframes: Keyframes, _ curve: EasingCurve, _ timeline: ViewTimeline?,
    property: Property, input: ScrollInput, to views: inout ViewBatch
  ) {
    keyframes.stops.withUnsafeBufferPointer { stops in
      switch curve {
      case .bezier(let curve):
        Self.apply(
          EasedKeyframes(stops: stops, keyframes: keyframes, ease: curve),
          property: property, input: input, timeline: timeline, to: &views)
      case .steps(let curve):
        Self.apply(
          EasedKeyframes(stops: stops, keyframes: keyframes, ease: curve),
          property: property, input: input, timeline: timeline, to: &views)
      case .piecewiseLinear(let curve):
        // Borrowed: a curve holding the array made each call retain it, and
        // destroy the curve through its generic value witness.
        curve.points.withUnsafeBufferPointer { points in
          Self.apply(
            EasedKeyframes(
              stops: stops, keyframes: keyframes, ease: PiecewiseLinearPoints(points: points)),
            property: property, input: input, timeline: timeline, to: &views)
        }
      }
    }
  }

  @inline(__always)
  static func apply<Curve: InputFunction>(
    _ curve: Curve, property: Property, input: ScrollInput, timeline: ViewTimeline?,
    to views: inout ViewBatch
  ) {
    switch property {
    case .opacity: combine(&views, curve, input, timeline, Opacity.self)
    case .scale: combine(&views, curve, input, timeline, Scale.self)
    case .scaleX: combine(&views, curve, input, timeline, ScaleX.self)
    case .scaleY: combine(&views, curve, input, timeline, ScaleY.self)
    case .blur: combine(&views, curve, input, timeline, Blur.self)
    case .rotation: combine(&views, curve, input, timeline, Rotation.self)
    case .translateX: combine(&views, curve, input, timeline, TranslateX.self)
    case .translateY: combine(&views, curve, input, timeline, TranslateY.self)
    case .width: combine(&views, curve, input, timeline, Width.self)
    case .height: combine(&views, curve, input, timeline, Height.self)
    case .zIndex: combine(&views, curve, input, timeline, ZIndex.self)
    }
  }

  /// Each view's input (with a timeline, its progress through it), through
  /// `curve`, combined with `Combiner`'s property.
  @inline(never)
  static func combine<Curve: InputFunction, Combiner: PropertyCombiner>(
    _ views: inout ViewBatch, _ curve: Curve, _ input: ScrollInput, _ timeline: ViewTimeline?,
    _: Combiner.Type
  ) {
    let geometry = views.geometry
    let all = views.indices
    if let timeline {
      combine(&views, curve, timeline.measured(in: geometry), Combiner.self)
      return
    }
    switch input {
    case .offset: combine(&views, all, curve(geometry.offset), Combiner.self)
    case .pull: combine(&views, all, curve(geometry.pull), Combiner.self)
    case .pullBottom: combine(&views, all, curve(geometry.pullBottom), Combiner.self)
    case .height: combine(&views, all, curve, Combiner.self, CurrentHeight.self)
    case .minY: combine(&views, all, curve, Combiner.self, MinY.self)
    case .minX: combine(&views, all, curve, Combiner.self, MinX.self)
    case .width: combine(&views, all, curve, Combiner.self, CurrentWidth.self)
    case .progress: combine(&views, all, curve, Combiner.self, Progress.self)
    }
  }

  /// Each view's progress through the measured timeline, through `curve`,
  /// combined with `Combiner`'s property. Views in their natural frames
  /// share one height, so the range is placed once for all of them; it
  /// gives each view what placing it for the view itself gives.
  @inline(__always)
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

  /// The keyframes with an easing of any kind, over borrowed storage:
  /// ``KeyframeCurve``'s values, except that the first stop belongs to the
  /// first segment, whose easing gives the value at its input (`step-start`
  /// is already 1 there, as CSS Easing gives it without a "before flag");
  /// before it the first output holds (or the line extends).
  struct EasedKeyframes<Ease: EasingFunction>: InputFunction {
    /// The stops, their ends and slopes (its Bézier curve is not used).
    let curve: KeyframeCurve
    let ease: Ease

    var callsOutOfLine: Bool { ease.callsOutOfLine }

    @inline(__always)
    init(stops: UnsafeBufferPointer<Stop>, keyframes: Keyframes, ease: Ease) {
      curve = KeyframeCurve(stops: stops, keyframes: keyframes)
      self.ease = ease
    }

    /// The keyframes of `curve` (whose Bézier curve is not used) eased by `ease`.
    @inline(__always)
    init(curve: KeyframeCurve, ease: Ease) {
      self.curve = curve
      self.ease = ease
    }

    @inline(__always)
    func callAsFunction(_ x: Double) -> Double {
      if x == curve.first.input { return value(x, inSegmentEnding: 1) }
      switch curve.segment(of: x) {
      case 0: return curve.endValue(atFirst: true, x)
      case 2: return curve.endValue(atFirst: false, x)
      default: return value(x, inSegmentEnding: KeyframeCurve.segmentEnd(of: x, in: curve.stops))
      }
    }

    /// The eased value between stops `end - 1` and `end`.
    @inline(__always)
    func value(_ x: Double, inSegmentEnding end: Int) -> Double {
      let (start, stop) = (curve.stops[end - 1], curve.stops[end])
      let eased = ease.value(at: (x - start.input) / (stop.input - start.input))
      return Saturation.clamp(start.output + (stop.output - start.output) * eased)
    }
  }
}
