import EffectGroups
import EffectProtocol
import Effects

/// What evaluation reads of a chain: plain values, so reading it retains nothing.
struct ChainRun {
  /// The chain's index in the scene.
  var chain: Int
  var firstView: Int
  var viewCount: Int
  var frame: Rect
  var attachment: Attachment
  var stride: Double
  /// The chain's effects: indices in `steps`.
  var steps: Range<Int>
  /// Whether `visibleOnly` may evaluate only some copies: a repeated chain
  /// without events whose effects are all ``CopyLocalEffect``s.
  var isWindowed: Bool
  /// Whether and how the chain's views rest once a full frame has written
  /// them (``SceneHost/restingViewsWritten``).
  var rest: Rest
  /// The chain's own visuals (``Chain/zIndex``, ``Chain/opacity``), which
  /// the host writes itself before the chain's effects when ``rest`` is
  /// ``Rest/ownVisuals``; otherwise unread.
  var visuals: ChainVisuals
  /// What a frame writes of an ``Rest/ownVisuals`` chain's views before its
  /// effects once ``SceneHost/restingViewsWritten`` holds; otherwise unread.
  var rewrite: Rewrite

  /// What a frame writes of the views of a chain with visuals of its own
  /// (``Rest/ownVisuals``) before its effects, once a full frame has
  /// written every view whole (``SceneHost/restingViewsWritten``, which a
  /// layout change clears): the columns its effects may change and the
  /// natural top; the others hold, from that frame on, the natural
  /// transform's and the visuals' constants, which nothing else writes. In a
  /// right-to-left scene, whose frames end with the mirror image in
  /// memory, always ``whole``.
  enum Rewrite: UInt8 {
    /// Every column: an effect may change a visual one.
    case whole
    /// The natural frame (x, y, width, height): the effects change no other
    /// column.
    case frame
    /// The natural top alone: the effects change no other column.
    case top
  }

  /// How a chain's views rest once a full frame has written them: one
  /// value, so that a frame tests a chain once for both ways.
  enum Rest: UInt8 {
    /// Its effects change its views every frame.
    case none
    /// As ``none``, for a chain with visuals of its own (``visuals``): the
    /// host writes its views from their natural transforms with them before
    /// its effects run, with no step and no batch. A chain that rests keeps
    /// them as a step of its own (``VisualsStep``), which only a full frame
    /// that writes its views runs.
    case ownVisuals
    /// The chain has no effects (its steps, if any, are its own visuals):
    /// only its natural tops move.
    case noEffects
    /// The chain is attached to the viewport and every effect of it is
    /// scroll invariant (``ScrollInvariance``): its views change only with
    /// the layout or the geometry.
    case fixed

    /// Whether the views rest: ``noEffects`` or ``fixed``.
    var rests: Bool { self == .noEffects || self == .fixed }
  }

  /// Whether the chain's views change only with the layout or the geometry
  /// (``Rest/fixed``).
  var isFixed: Bool { rest == .fixed }

  /// Whether the chain's views rest once a full frame has written them:
  /// ``Rest/noEffects`` or ``Rest/fixed``.
  var rests: Bool { rest.rests }

  /// Whether a frame writes none of the chain's views once a full frame has
  /// written those that rest (``SceneHost/restingViewsWritten``): the chain
  /// is fixed, or has no effects and is attached to the viewport (one
  /// without effects in the content moves its natural tops). Its natural
  /// flag stays as a full frame left it: true for a chain without effects,
  /// which the host writes when it is made.
  var isUnwrittenAtRest: Bool {
    rest == .fixed || (rest == .noEffects && attachment == .viewport)
  }

  /// Every copy, `0..<viewCount`, built without the check that a count is
  /// not negative (it never is): a frame makes one per chain.
  @inline(__always)
  var allCopies: Range<Int> { Range(uncheckedBounds: (0, viewCount)) }
}

/// One effect of one chain: the unit the host dispatches to, once a chain a
/// frame. A class, so that a call copies no existential box and is one
/// indirect call; each subclass overrides every member.
///
/// `@unchecked Sendable`: it has no stored properties; its subclasses say why
/// they are safe.
class ChainStep: @unchecked Sendable {
  /// Whether the step carries state from frame to frame.
  var hasState: Bool { false }

  /// Whether the effect changes each view by itself (``CopyLocalEffect``).
  var isCopyLocal: Bool { false }

  /// Runs the effect on `batch`, updating its state.
  func run(_ batch: inout ViewBatch) {}

  /// A step with the same effect and a copy of its state; `self` without state.
  func copyingState() -> ChainStep { self }

  /// A step with the same effect and the state it had before its first
  /// frame; `self` without state.
  func resettingState() -> ChainStep { self }

  /// Gives the step's state `count` views (a live change of its repeated
  /// chain's count, on a host that owns its states): nothing without state.
  func resize(to count: Int) {}

  /// A step with the same effect and the state of `old`, the step of an
  /// effect of the same type at the same place whose chain had another
  /// number of copies (``ScrollEffect/resizeState(_:from:to:)``); `self`
  /// without state.
  func adoptingState(of old: ChainStep) -> ChainStep { self }
}

/// An effect without state. `@unchecked Sendable`: immutable, and `Effect`
/// is `Sendable`.
final class StatelessStep<Effect: StatelessScrollEffect>: ChainStep, @unchecked Sendable {
  let effect: Effect

  init(effect: Effect) {
    self.effect = effect
  }

  override var hasState: Bool { false }

  override var isCopyLocal: Bool { effect is any CopyLocalEffect }

  override func run(_ batch: inout ViewBatch) {
    effect.apply(to: &batch)
  }

  override func copyingState() -> ChainStep { self }
}

/// A chain's own visuals (``ChainVisuals``) as the first step of a chain
/// evaluated by itself whose views rest (``ChainRun/rests``; the host
/// writes the other chains' itself, ``ChainRun/Rest/ownVisuals``): a class
/// of its own rather than a `StatelessStep<ChainVisuals>`, whose generic
/// `run` reaches the effect through its protocol witness.
/// `@unchecked Sendable`: immutable.
final class VisualsStep: ChainStep, @unchecked Sendable {
  let visuals: ChainVisuals

  init(zIndex: Double, opacity: Double) {
    visuals = ChainVisuals(zIndex: zIndex, opacity: opacity)
  }

  override var isCopyLocal: Bool { true }

  override func run(_ batch: inout ViewBatch) {
    visuals.apply(to: &batch)
  }
}

/// A pin whose section edge follows the layout (`until` naming a chain or
/// `"next"`): its own step, whose pin a live layout change rewrites, so that
/// no other step's effect is mutable. `@unchecked Sendable`: changed only by
/// a host that holds the only reference (``SceneHost/Placements``).
final class LayoutPinStep: ChainStep, @unchecked Sendable {
  // Unchecked: written only by a host that holds the only reference, never
  // during a frame; checked, every frame's read would call the runtime.
  @exclusivity(unchecked) var pin: PinEffect {
    didSet { (form, untilNext, lastCopy) = (pin.form, pin.untilNext, Self.lastCopy(of: pin)) }
  }
  /// What a frame reads of ``pin``, kept apart: calling the pin itself
  /// copies it, and with it the name of the chain it follows, a string
  /// retained and released every frame.
  @exclusivity(unchecked) private var form: PinEffect.Form
  @exclusivity(unchecked) private var untilNext: Bool
  @exclusivity(unchecked) private var lastCopy: Int

  init(pin: PinEffect) {
    self.pin = pin
    (form, untilNext, lastCopy) = (pin.form, pin.untilNext, Self.lastCopy(of: pin))
  }

  /// The last copy of a pin the host placed (``SceneHost/placed(_:chain:in:)``),
  /// which always has it: a window's batch is not the chain.
  private static func lastCopy(of pin: PinEffect) -> Int {
    assert(pin.lastCopy != nil, "a pin that follows the layout, not placed")
    return pin.lastCopy ?? 0
  }

  override var isCopyLocal: Bool { true }

  override func run(_ batch: inout ViewBatch) {
    if untilNext {
      form.applyNext(to: &batch, lastCopy: lastCopy)
    } else {
      form.apply(to: &batch)
    }
  }
}

/// An effect and its state.
///
/// `@unchecked Sendable`: the state changes only in ``run(_:)``, which a host
/// calls after ``SceneHost/makeStatesUnique()`` made sure that no other host
/// holds this step, the check an array makes before it writes.
final class StatefulStep<Effect: ScrollEffect>: ChainStep, @unchecked Sendable {
  let effect: Effect
  // Unchecked: only `run(_:)` and `resize(to:)` write it, on a host that
  // holds the only reference, and neither reaches the step again while it
  // does; checked, every frame's `inout` access would call the runtime.
  @exclusivity(unchecked) var state: Effect.State
  /// The chain's views, which a fresh state is made for; changed with the
  /// state by ``resize(to:)``.
  private(set) var viewCount: Int

  init(effect: Effect, state: Effect.State, viewCount: Int) {
    self.effect = effect
    self.state = state
    self.viewCount = viewCount
  }

  override var hasState: Bool { true }

  override func run(_ batch: inout ViewBatch) {
    effect.apply(to: &batch, state: &state)
  }

  override func copyingState() -> ChainStep {
    StatefulStep(effect: effect, state: state, viewCount: viewCount)
  }

  override func resettingState() -> ChainStep {
    StatefulStep(
      effect: effect, state: effect.makeState(viewCount: viewCount), viewCount: viewCount)
  }

  override func resize(to count: Int) {
    effect.resizeState(&state, from: viewCount, to: count)
    viewCount = count
  }

  override func adoptingState(of old: ChainStep) -> ChainStep {
    guard let old = old as? StatefulStep<Effect> else { return self }
    var state = old.state
    effect.resizeState(&state, from: old.viewCount, to: viewCount)
    return StatefulStep(effect: effect, state: state, viewCount: viewCount)
  }
}

/// A `float` and its state, the hidden amounts in memory of its own: a
/// `StatefulStep<FloatEffect>` reaches the effect through its protocol
/// witness and checks the state's array for sharing at every frame, where
/// this step calls it straight and holds memory that no other step shares
/// (``copyingState()`` copies it).
///
/// `@unchecked Sendable`: as ``StatefulStep``, the state changes only in
/// ``run(_:)`` and ``resize(to:)``, on a host that holds the only reference.
final class FloatStep: ChainStep, @unchecked Sendable {
  let effect: FloatEffect
  // Unchecked: as StatefulStep's state.
  @exclusivity(unchecked) private var previousOffset: Double?
  @exclusivity(unchecked) private var firstNewCopy: Int?
  /// How far each copy is hidden: `viewCount` values, this step's alone.
  @exclusivity(unchecked) private var hidden: UnsafeMutablePointer<Double>
  /// The chain's views, the count of ``hidden``.
  @exclusivity(unchecked) private(set) var viewCount: Int
  /// The values ``hidden`` has room for.
  @exclusivity(unchecked) private var capacity: Int

  init(effect: FloatEffect, state: FloatEffect.State) {
    self.effect = effect
    previousOffset = state.previousOffset
    firstNewCopy = state.firstNewCopy
    viewCount = state.hidden.count
    capacity = state.hidden.count
    hidden = Self.allocate(state.hidden)
  }

  deinit {
    hidden.deallocate()
  }

  /// Memory of its own holding `values`.
  private static func allocate(_ values: [Double]) -> UnsafeMutablePointer<Double> {
    let memory = UnsafeMutablePointer<Double>.allocate(capacity: values.count)
    _ = UnsafeMutableBufferPointer(start: memory, count: values.count).initialize(from: values)
    return memory
  }

  /// The state as ``FloatEffect`` keeps it.
  var state: FloatEffect.State {
    FloatEffect.State(
      previousOffset: previousOffset,
      hidden: Array(UnsafeBufferPointer(start: hidden, count: viewCount)),
      firstNewCopy: firstNewCopy)
  }

  override var hasState: Bool { true }

  override func run(_ batch: inout ViewBatch) {
    // The batch is the whole chain, which the step was made or resized
    // for (a chain with a float is never windowed): one hidden amount a view.
    assert(batch.count <= viewCount, "a float's batch has more views than its state")
    effect.apply(
      to: &batch, previousOffset: &previousOffset, firstNewCopy: &firstNewCopy, hidden: hidden,
      count: viewCount)
  }

  override func copyingState() -> ChainStep {
    FloatStep(effect: effect, state: state)
  }

  override func resettingState() -> ChainStep {
    FloatStep(effect: effect, state: effect.makeState(viewCount: viewCount))
  }

  /// ``FloatEffect/resizeState(_:from:to:)`` in place: the copies that stay
  /// keep their amounts, new ones start at 0 and have their first frame
  /// next. Allocates only past the most copies the step has had, as the
  /// state's array would.
  override func resize(to count: Int) {
    guard count >= viewCount else {
      viewCount = count
      return
    }
    if count > capacity {
      hidden = hidden.moved(keeping: viewCount, toCapacity: count)
      capacity = count
    }
    (hidden + viewCount).initialize(repeating: 0, count: count - viewCount)
    firstNewCopy = min(firstNewCopy ?? viewCount, viewCount)
    viewCount = count
  }

  override func adoptingState(of old: ChainStep) -> ChainStep {
    guard let old = old as? FloatStep else { return self }
    var state = old.state
    effect.resizeState(&state, from: old.viewCount, to: viewCount)
    return FloatStep(effect: effect, state: state)
  }
}

/// Held by every copy of a host that shares its stateful steps.
final class StateOwner: Sendable {}

func makeStep<Effect: ScrollEffect>(_ effect: Effect, viewCount: Int) -> ChainStep {
  if let float = effect as? FloatEffect {
    return FloatStep(effect: float, state: float.makeState(viewCount: viewCount))
  }
  if let stateless = effect as? any StatelessScrollEffect {
    return makeStatelessStep(stateless)
  }
  return StatefulStep(
    effect: effect, state: effect.makeState(viewCount: viewCount), viewCount: viewCount)
}

func makeStatelessStep<Effect: StatelessScrollEffect>(_ effect: Effect) -> ChainStep {
  switch effect {
  case let collapse as CollapseEffect: return CollapseStep(effect: collapse)
  case let footerPin as FooterPinEffect: return FooterPinStep(effect: footerPin)
  case let pin as PinEffect where !pin.untilNext && pin.untilChain == nil:
    return FixedPinStep(form: pin.form)
  case let parallax as ParallaxEffect: return ParallaxStep(effect: parallax)
  case let translate as TranslateEffect: return TranslateStep(effect: translate)
  case let stretch as StretchEffect: return StretchStep(effect: stretch)
  case let interpolate as InterpolateEffect: return InterpolateStep(effect: interpolate)
  default: return StatelessStep(effect: effect)
  }
}

// `collapse`, `footerPin`, `parallax`, `translate`, `stretch` and a pin
// whose section edge is fixed, in a chain evaluated by itself: each a
// final class of its own rather than a `StatelessStep`, whose generic
// `run` finds the effect and its witness in the class's metadata before
// it calls the witness, every step every frame; these call the effect's
// `apply(to:)` directly. (Not `expression`: its witness, compiled in its
// own module, runs a better-specialised body than the `apply(to:)` a class
// here would call; `interpolate` has a step of its own below.) Each is
// `@unchecked Sendable`: immutable, and its effect `Sendable`.

/// The effect of a copy-local built-in's step, for a final subclass whose
/// `run` calls it.
class CopyLocalStep<Effect: CopyLocalEffect>: ChainStep, @unchecked Sendable {
  let effect: Effect

  init(effect: Effect) {
    self.effect = effect
  }

  override var isCopyLocal: Bool { true }
}

/// A `collapse` step.
final class CollapseStep: CopyLocalStep<CollapseEffect>, @unchecked Sendable {
  override func run(_ batch: inout ViewBatch) { effect.apply(to: &batch) }
}

/// A `footerPin` step.
final class FooterPinStep: CopyLocalStep<FooterPinEffect>, @unchecked Sendable {
  override func run(_ batch: inout ViewBatch) { effect.apply(to: &batch) }
}

/// A `parallax` step.
final class ParallaxStep: CopyLocalStep<ParallaxEffect>, @unchecked Sendable {
  override func run(_ batch: inout ViewBatch) { effect.apply(to: &batch) }
}

/// A `translate` step.
final class TranslateStep: CopyLocalStep<TranslateEffect>, @unchecked Sendable {
  override func run(_ batch: inout ViewBatch) { effect.apply(to: &batch) }
}

/// A `stretch` step.
final class StretchStep: CopyLocalStep<StretchEffect>, @unchecked Sendable {
  override func run(_ batch: inout ViewBatch) { effect.apply(to: &batch) }
}

/// An `interpolate` step: its curve made once, in the effect's box
/// (``InterpolateEffect/EffectBox``), whose `apply(to:)` evaluates it on the
/// batch as the effect would, where the effect's own built it from the
/// keyframes at every call. `@unchecked Sendable`: immutable, and the box's
/// storage is only read after it is made.
final class InterpolateStep: ChainStep, @unchecked Sendable {
  let box: InterpolateEffect.EffectBox

  init(effect: InterpolateEffect) {
    box = InterpolateEffect.EffectBox(effect)
  }

  override var isCopyLocal: Bool { true }

  override func run(_ batch: inout ViewBatch) {
    box.apply(to: &batch)
  }
}

/// A `pin` step whose section edge, if any, is a content y: its formula
/// alone (``PinEffect/form``), which holds no chain name to retain.
final class FixedPinStep: ChainStep, @unchecked Sendable {
  let form: PinEffect.Form

  init(form: PinEffect.Form) {
    self.form = form
  }

  // A `CopyLocalEffect`, as a `StatelessStep` would find.
  override var isCopyLocal: Bool { true }

  override func run(_ batch: inout ViewBatch) {
    form.apply(to: &batch)
  }
}

/// Two effects in a row of a chain evaluated by itself, each of which
/// changes each view by itself from the frame's geometry
/// (``FusibleEffect``), run as one pass over the chain's views: where a
/// step of each loads and stores every view again and pays a call, this
/// does it once, and gives the views the same bits. Its body is a closure
/// compiled for the effects' types (``FusibleEffect/pass(_:_:)``).
/// `@unchecked Sendable`: immutable, and the closure captures only the
/// effects, `Sendable` values.
final class FusedStep: ChainStep, @unchecked Sendable {
  private let body: (inout ViewBatch) -> Void

  init(_ first: FusibleEffect, _ second: FusibleEffect) {
    body = FusibleEffect.pass(first, second)
  }

  override var isCopyLocal: Bool { true }

  override func run(_ batch: inout ViewBatch) {
    body(&batch)
  }
}
