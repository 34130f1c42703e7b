import EffectProtocol

// How the value of the keyframes combines with a property of every view.

extension InterpolateEffect {
  /// Combines `curve`'s value with the property of every view. The loops are
  /// specialised for the property, the curve's type and the input, and kept
  /// out of line so that each is compiled once.
  @inline(__always)
  static func apply<Curve: KeyframeFunction>(
    _ curve: Curve, property: Property, input: ScrollInput, to views: inout ViewBatch
  ) {
    switch property {
    case .opacity: Self.combine(&views, input, curve, Opacity.self)
    case .scale: Self.combine(&views, input, curve, Scale.self)
    case .scaleX: Self.combine(&views, input, curve, ScaleX.self)
    case .scaleY: Self.combine(&views, input, curve, ScaleY.self)
    case .blur: Self.combine(&views, input, curve, Blur.self)
    case .rotation: Self.combine(&views, input, curve, Rotation.self)
    case .translateX: Self.combine(&views, input, curve, TranslateX.self)
    case .translateY: Self.combine(&views, input, curve, TranslateY.self)
    case .width: Self.combine(&views, input, curve, Width.self)
    case .height: Self.combine(&views, input, curve, Height.self)
    case .zIndex: Self.combine(&views, input, curve, ZIndex.self)
    }
  }

  /// Combines the curve's value at each view's input with the property that
  /// `Combiner` changes; an input that is the same for every view is
  /// evaluated once.
  @inline(__always)
  static func combine<Curve: KeyframeFunction, Combiner: PropertyCombiner>(
    _ views: inout ViewBatch, _ input: ScrollInput, _ curve: Curve, _: Combiner.Type
  ) {
    let geometry = views.geometry
    let all = views.indices
    switch input {
    case .offset:
      combine(&views, all, curve(geometry.offset), Combiner.self)
    case .pull:
      combine(&views, all, curve(geometry.pull), Combiner.self)
    case .pullBottom:
      combine(&views, all, curve(geometry.pullBottom), Combiner.self)
    case .height where views.hasNaturalFrames:
      // Every view has its natural height.
      combine(&views, all, curve(views.naturalFrame.height), Combiner.self)
    case .height:
      combine(&views, all, curve, Combiner.self, CurrentHeight.self)
    case .minY where views.hasNaturalFrames && views.count >= minimumOuterCopies:
      combineInRuns(&views, curve, Combiner.self, MinY.self)
    case .minY:
      combine(&views, all, curve, Combiner.self, MinY.self)
    case .width where views.hasNaturalFrames:
      // Every view has its natural width.
      combine(&views, all, curve(views.naturalFrame.width), Combiner.self)
    case .width:
      combine(&views, all, curve, Combiner.self, CurrentWidth.self)
    case .minX where views.hasNaturalFrames:
      // Every copy of a chain has its natural x.
      combine(&views, all, curve(views.naturalFrame.x), Combiner.self)
    case .minX:
      combine(&views, all, curve, Combiner.self, MinX.self)
    case .progress
    where views.hasNaturalFrames && views.count >= minimumOuterCopies && curve.holdsEnds:
      combineInRuns(&views, curve, Combiner.self, HeldProgress.self)
    case .progress where views.hasNaturalFrames && views.count >= minimumOuterCopies:
      combineInRuns(&views, curve, Combiner.self, Progress.self)
    case .progress where curve.holdsEnds:
      combine(&views, all, curve, Combiner.self, HeldProgress.self)
    case .progress:
      combine(&views, all, curve, Combiner.self, Progress.self)
    }
  }

  /// Combines `value` with the property of the views in `range`.
  @inline(never)
  static func combine<Combiner: PropertyCombiner>(
    _ views: inout ViewBatch, _ range: Range<Int>, _ value: Double, _: Combiner.Type
  ) {
    // The loops of each memory compiled apart: the plain ones here, as if
    // there were no other.
    guard !views.swapsAxes else {
      return combineSwapped(&views, range, value, Combiner.self)
    }
    combine(PlainViewMemory.self, views, range, value, Combiner.self)
  }

  /// ``combine(_:_:_:_:)`` in memory that swaps the axes.
  @inline(never)
  static func combineSwapped<Combiner: PropertyCombiner>(
    _ views: inout ViewBatch, _ range: Range<Int>, _ value: Double, _: Combiner.Type
  ) {
    combine(SwappedViewMemory.self, views, range, value, Combiner.self)
  }

  /// ``combine(_:_:_:_:)`` with the views in `Memory`.
  @inline(__always)
  static func combine<Memory: ViewMemory, Combiner: PropertyCombiner>(
    _: Memory.Type, _ views: ViewBatch, _ range: Range<Int>, _ value: Double,
    _: Combiner.Type
  ) {
    // A local copy: the loop keeps the batch's fields in registers, which
    // the views it writes cannot alias.
    let views = views
    if Combiner.keepsFrame {
      views.modifyVisuals(Memory.self, in: range) { view in Combiner.combine(&view, value) }
    } else {
      views.modifyEach(Memory.self, in: range) { view in Combiner.combine(&view, value) }
    }
  }

  /// Combines `curve`'s value at each view's `Source` input with the
  /// property of the views in `range`.
  @inline(never)
  static func combine<
    Curve: InputFunction, Combiner: PropertyCombiner, Source: FrameInput
  >(_ views: inout ViewBatch, _ range: Range<Int>, _ curve: Curve, _: Combiner.Type, _: Source.Type)
  {
    guard !views.swapsAxes else {
      return combineSwapped(&views, range, curve, Combiner.self, Source.self)
    }
    let views = views
    let viewportHeight = views.geometry.viewport.height
    guard !curve.callsOutOfLine else {
      // The closure is compiled as a function of its own.
      if Combiner.keepsFrame {
        views.modifyVisuals(PlainViewMemory.self, in: range) { view in
          Combiner.combine(&view, curve(Source.input(view, viewportHeight)))
        }
      } else {
        views.modifyEach(PlainViewMemory.self, in: range) { view in
          Combiner.combine(&view, curve(Source.input(view, viewportHeight)))
        }
      }
      return
    }
    // Inlined into both of the batch's loops: a view at rest is then
    // written from its natural transform in registers, not built on the
    // stack for a call and copied from there.
    @inline(__always) func read(_ view: ViewTransform) -> Double {
      curve(Source.input(view, viewportHeight))
    }
    views.modifyEach(
      PlainViewMemory.self, in: range, keepsFrame: Combiner.keepsFrame, reading: read,
      { Combiner.combine(&$0, $1) })
  }

  /// ``combine(_:_:_:_:_:)`` in memory that swaps the axes: each view's
  /// input read, then the view changed, since a swapped transform held
  /// across the curve's call would be copied to the stack and back.
  @inline(never)
  static func combineSwapped<
    Curve: InputFunction, Combiner: PropertyCombiner, Source: FrameInput
  >(_ views: inout ViewBatch, _ range: Range<Int>, _ curve: Curve, _: Combiner.Type, _: Source.Type)
  {
    let views = views
    let viewportHeight = views.geometry.viewport.height
    guard !curve.callsOutOfLine else {
      views.modifyEach(
        SwappedViewMemory.self, in: range, keepsFrame: Combiner.keepsFrame,
        reading: { curve(Source.input($0, viewportHeight)) },
        { Combiner.combine(&$0, $1) })
      return
    }
    // Inlined, as in ``combine(_:_:_:_:_:)``.
    @inline(__always) func read(_ view: ViewTransform) -> Double {
      curve(Source.input(view, viewportHeight))
    }
    views.modifyEach(
      SwappedViewMemory.self, in: range, keepsFrame: Combiner.keepsFrame, reading: read,
      { Combiner.combine(&$0, $1) })
  }
}

// MARK: - Properties and inputs

/// How a value combines with one property of a view.
protocol PropertyCombiner {
  /// Whether ``combine(_:_:)`` leaves the frame (`x`, `y`, `width`,
  /// `height`) as it is.
  static var keepsFrame: Bool { get }
  static func combine(_ view: inout ViewTransform, _ value: Double)
}

extension PropertyCombiner {
  static var keepsFrame: Bool { true }
}

extension InterpolateEffect {
  enum Opacity: PropertyCombiner {
    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) {
      // `max`, not `greater`: with the processor's maximum, the compiler's
      // loop over a run of copies came out longer (BENCHMARKS.md).
      view.opacity = min(max(view.opacity * value, 0), 1)
    }
  }

  enum Scale: PropertyCombiner {
    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) {
      view.scaleX = Saturation.clamp(view.scaleX * value)
      view.scaleY = Saturation.clamp(view.scaleY * value)
    }
  }

  enum ScaleX: PropertyCombiner {
    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) {
      view.scaleX = Saturation.clamp(view.scaleX * value)
    }
  }

  enum ScaleY: PropertyCombiner {
    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) {
      view.scaleY = Saturation.clamp(view.scaleY * value)
    }
  }

  enum Blur: PropertyCombiner {
    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) {
      view.blur = greater(0, view.blur + value)
    }
  }

  enum Rotation: PropertyCombiner {
    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) { view.rotation += value }
  }

  enum TranslateX: PropertyCombiner {
    static var keepsFrame: Bool { false }

    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) { view.x += value }
  }

  enum TranslateY: PropertyCombiner {
    static var keepsFrame: Bool { false }

    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) { view.y += value }
  }

  enum Width: PropertyCombiner {
    static var keepsFrame: Bool { false }

    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) {
      view.width = greater(0, value)
    }
  }

  enum Height: PropertyCombiner {
    static var keepsFrame: Bool { false }

    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) {
      view.height = greater(0, value)
    }
  }

  enum ZIndex: PropertyCombiner {
    @inline(__always)
    static func combine(_ view: inout ViewTransform, _ value: Double) { view.zIndex = value }
  }
}

/// An input read from a view's current frame.
protocol FrameInput {
  /// The input without its saturation, if it has one: the same input
  /// wherever this is within ±``Saturation/limit`` for a view whose height
  /// passes ``isUnsaturatedExact(height:_:)``.
  associatedtype Unsaturated: FrameInput = Self
  static func input(_ view: ViewTransform, _ viewportHeight: Double) -> Double
  /// Whether ``Unsaturated`` is the input where it is within the limits,
  /// for a view of height `height`; true by default.
  static func isUnsaturatedExact(height: Double, _ viewportHeight: Double) -> Bool
}

extension FrameInput {
  @inline(__always)
  static func isUnsaturatedExact(height: Double, _ viewportHeight: Double) -> Bool { true }
}

extension InterpolateEffect {
  /// The view's top in the viewport.
  enum MinY: FrameInput {
    @inline(__always)
    static func input(_ view: ViewTransform, _ viewportHeight: Double) -> Double { view.y }
  }

  /// The view's left edge in the viewport.
  enum MinX: FrameInput {
    @inline(__always)
    static func input(_ view: ViewTransform, _ viewportHeight: Double) -> Double { view.x }
  }

  /// The view's width.
  enum CurrentWidth: FrameInput {
    @inline(__always)
    static func input(_ view: ViewTransform, _ viewportHeight: Double) -> Double { view.width }
  }

  /// The view's height.
  enum CurrentHeight: FrameInput {
    @inline(__always)
    static func input(_ view: ViewTransform, _ viewportHeight: Double) -> Double { view.height }
  }

  /// CSS's view progress, `(V - minY) / (V + height)`, for a curve that
  /// holds its end outputs: the plain quotient. Where it overflows (a span
  /// of 1e-323) it is ±infinity, which such a curve only compares with its
  /// stops' inputs and turns into an end output; leaving out the saturation
  /// keeps the hot loop of faded rows as short as it was.
  enum HeldProgress: FrameInput {
    @inline(__always)
    static func input(_ view: ViewTransform, _ viewportHeight: Double) -> Double {
      (viewportHeight - view.y) / (viewportHeight + view.height)
    }
  }

  /// CSS's view progress for a curve that extends past its stops, which
  /// computes with it: saturated
  /// (``ScrollGeometry/coverProgress(minY:height:viewportHeight:)``), so a
  /// flat end segment gives its output and not infinity times 0.
  enum Progress: FrameInput {
    typealias Unsaturated = HeldProgress

    /// A positive span, where the input is the quotient saturated.
    @inline(__always)
    static func isUnsaturatedExact(height: Double, _ viewportHeight: Double) -> Bool {
      viewportHeight + height > 0
    }

    @inline(__always)
    static func input(_ view: ViewTransform, _ viewportHeight: Double) -> Double {
      ScrollGeometry.coverProgress(
        minY: view.y, height: view.height, viewportHeight: viewportHeight)
    }
  }
}
