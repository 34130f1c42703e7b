import EffectGroups
import EffectProtocol
import Effects

/// Evaluates every chain of a scene, frame by frame, into a buffer it reuses.
///
/// Built once from a ``Scene``; each ``evaluate(offset:)`` starts every view
/// from its natural frame and identity visuals and runs the chain's effects in
/// order. An effect is called once per chain per frame with all of the chain's
/// views (every copy of a repeated chain), so dispatch costs nothing per view.
/// After the first frame, evaluation allocates nothing, as long as callers
/// read results through ``transform(at:)`` or ``withTransforms(_:)`` and keep
/// no copy of the buffer.
///
/// A host is a value: copies evaluate independently, and two threads
/// evaluating two hosts never interfere.
///
/// When the user asks for reduced motion (SwiftUI's
/// `accessibilityReduceMotion`), make the host with `reducesMotion`: the
/// effects that reduced motion skips (``Chain/reducedMotion``) do not run,
/// and its frames are those of the scene without them. When the setting
/// changes, make a new host.
public struct SceneHost: Sendable {
  /// Where a chain's views are in the buffer and how they are named.
  public struct ChainLayout: Sendable {
    /// The chain's name.
    public let name: String
    /// The indices of the chain's views in the buffer.
    public internal(set) var viewRange: Range<Int>
    /// Whether the chain repeats (its views are named `name[i]`).
    public let isRepeated: Bool
    /// The natural frame of copy 0 as placed (``Scene/layout``), in its own
    /// coordinates: for a horizontal scene, the vertical twin's (y along the
    /// scroll axis); ``SceneHost/screenMapping``'s `frame(_:)` gives it in
    /// the screen's axes.
    public internal(set) var frame: Rect
    /// What the chain's natural frame is measured in: content or viewport coordinates.
    public let attachment: Attachment
    /// The distance between neighbouring copies.
    public internal(set) var stride: Double

    /// The output name of copy `index`.
    public func viewName(copy index: Int) -> String {
      Chain.viewName(name, isRepeated: isRepeated, copy: index)
    }

    /// The natural top of copy 0 in viewport coordinates in `geometry`.
    ///
    /// Along the scroll axis, in the vertical twin's coordinates as
    /// `geometry` is: for a horizontal scene the natural left edge (of the
    /// left-to-right twin), not a screen y.
    @inlinable
    public func naturalTop(in geometry: ScrollGeometry) -> Double {
      geometry.viewportY(ofNaturalY: frame.y, attachment: attachment)
    }

    /// The natural frame of copy `copy` in viewport coordinates in `geometry`.
    ///
    /// In the vertical twin's axes, as `geometry` is: for a horizontal scene
    /// x and y, width and height swapped (and, right to left, not mirrored).
    /// ``SceneHost/naturalFrame(chain:copy:)`` gives it in the screen's.
    @inlinable
    public func naturalFrame(copy: Int, in geometry: ScrollGeometry) -> Rect {
      Rect(
        x: frame.x, y: naturalTop(in: geometry) + Double(copy) * stride, width: frame.width,
        height: frame.height)
    }
  }

  /// The largest offset magnitude evaluated, 1e15 points: beyond it offsets
  /// are clamped, so that every output stays finite.
  public static let offsetLimit = 1e15

  /// The scene evaluated: with ``reducesMotion``, the scene given without
  /// the effects that reduced motion skips (``Scene/reducingMotion()``).
  /// Its layout is the host's: the live layout changes
  /// (SceneHost+Layout.swift) change it.
  public internal(set) var scene: Scene
  /// Whether the host was made for reduced motion, its skipped effects left
  /// out of ``scene``.
  public let reducesMotion: Bool
  /// The chains, in file order.
  public internal(set) var chains: [ChainLayout]
  /// The geometry of the last frame evaluated.
  ///
  /// In the vertical twin's axes, as the effects see it: for a horizontal
  /// scene the offset is the scroll along x and the viewport's height the
  /// screen's width. The transforms (``transform(at:)``,
  /// ``view(named:copy:)``) are in the screen's axes.
  public var geometry: ScrollGeometry { frame.geometry }
  /// The time, phase and geometry of the last frame evaluated, which its
  /// batches and groups point to.
  var frame: GroupFrame
  /// The time and phase of the last frame evaluated.
  var clock: FrameClock { frame.clock }
  /// The time of the last frame evaluated, in seconds; `nil` when it was
  /// untimed (as `effectctl eval`'s frames are).
  public var time: Double? { clock.time }
  /// The phase of the last frame evaluated; `idle` until the first.
  public var phase: ScrollPhase { clock.phase }
  /// What evaluation reads of each chain evaluated one by one (every chain
  /// not in a group), in the order of the scene. A change of them calls
  /// ``runsChanged()`` after it, once.
  var runs: [ChainRun]
  /// The runs that a frame visits once ``restingViewsWritten`` holds, in
  /// order: every run but those whose views such a frame writes nothing of
  /// (``ChainRun/isUnwrittenAtRest``), so that it does not even test them;
  /// ``runs`` itself, sharing its storage, when there are none.
  var movingRuns: [ChainRun]
  /// The runs that the next frame visits: ``movingRuns`` once
  /// ``restingViewsWritten`` holds, else ``runs``. Chosen when the flag
  /// changes, so that a frame reads one array and chooses nothing.
  var visitedRuns: [ChainRun]
  /// The chains evaluated in groups (SceneHost+Groups.swift).
  var groups: ChainGroup.Plan
  /// What the live layout changes (SceneHost+Layout.swift) find each
  /// chain's derived values by.
  var placements: Placements
  /// Every chain's effects, chain by chain, each in order.
  var steps: [ChainStep]
  /// Shared by the copies of a host that share stateful steps; `nil` when no
  /// effect has state. See ``makeStatesUnique()``.
  var stateOwner: StateOwner?
  /// The copies of each chain that the last frame evaluated when it was
  /// evaluated with `visibleOnly` (``isWindowed``); empty until the first
  /// such frame. See ``visibleRange(ofChain:)``.
  var evaluated: [Range<Int>] = []
  /// Whether the last frame was evaluated with `visibleOnly`; when not,
  /// every copy was evaluated and ``evaluated`` is stale.
  var isWindowed = false
  /// The transforms of the last frame; read through ``withTransforms(_:)``.
  /// A right-to-left scene's effects write the left-to-right image
  /// (``ScreenMapping``), which the end of each frame mirrors in place
  /// (ScreenMapping.swift): between frames, every view is on the screen.
  @usableFromInline var storage: ViewStorage
  /// Whether a chain is evaluated by itself whose views change only with
  /// the layout or the geometry (``ChainRun/isFixed``): a frame in another
  /// viewport, insets or content height then writes them again.
  let hasFixedRuns: Bool
  /// Whether a frame given its geometry compares it with the last frame's
  /// (``noteGeometry(_:)``): with ``hasFixedRuns``, or a watch constant
  /// only in one geometry (``EventDetector/hasGeometryWatches``).
  let notesGeometry: Bool
  /// Whether the scene is right to left: each frame then maps its
  /// transforms to their mirror image, out of line (``isPlain`` is false
  /// for it).
  let isMirrored: Bool
  /// What the end of each frame of a right-to-left scene mirrors
  /// (``MirrorPlan``); empty in other scenes.
  var mirrorPlan: MirrorPlan
  /// The chains' declared events: their previous values and the events of
  /// the last frame (SceneHost+Events.swift).
  var eventDetector: EventDetector
  /// Whether the scene is not mirrored and has no effect with state and no
  /// events: every frame then skips the three with one test (``isPlain``).
  let isPlainScene: Bool
  /// Whether the next full frame skips state, events and the mirror with
  /// one test: always in a ``isPlainScene``; in a scene without state or
  /// mirror whose events are all constant, from the frame in which its
  /// detector settles (``EventDetector/settles()``: every value kept, no
  /// event left to clear, a previous frame known) until a change unsettles
  /// it (``unsettleEvents()``). Such a frame is the settled one, without the
  /// test of the detector and the other frame's call.
  var isPlain: Bool
  /// Whether a full frame has written the views of every chain evaluated
  /// by itself whose views rest (``ChainRun/rest``), and no layout
  /// change has moved them since, nor a frame in another geometry: those
  /// views then hold all but their natural tops, which only a
  /// content-attached chain without effects moves (SceneHost+Layout.swift
  /// clears it, and ``evaluate(_:time:phase:)`` when the geometry is
  /// another). That frame also wrote every view of each chain with visuals
  /// of its own whole, which then holds all but what its effects write
  /// (``ChainRun/Rewrite``).
  var restingViewsWritten = false {
    didSet { visitedRuns = restingViewsWritten ? movingRuns : runs }
  }

  /// A host for `scene`, with every view at rest (offset 0) until the first
  /// ``evaluate(offset:)``.
  ///
  /// - Parameters:
  ///   - reducesMotion: Whether the user asks for reduced motion: the
  ///     effects that it skips do not run, as if their chains did not list
  ///     them. `false` by default.
  ///
  /// - Precondition: `scene`'s own values are ones its file could hold (a
  ///   scene made in code as a loaded one is; a frame's height or width may
  ///   be 0, its place any finite number): the viewport, insets and content
  ///   height, each chain's frame, repetition, opacity and zIndex, names
  ///   and `after`, checked in every build as the layout changes check them
  ///   (SceneHost+Preconditions.swift). The effects' parameters are not
  ///   checked: an effect made in code holds what it was given, and
  ///   ``ViewTransform/contractViolation`` reports an output of it that
  ///   breaks the rules.
  public init(scene: Scene, reducesMotion: Bool = false) {
    // Built without the skipped effects, so that every frame, fast paths
    // included, is that of the scene without them and costs nothing more.
    self.init(
      evaluating: reducesMotion ? scene.reducingMotion() : scene, reducesMotion: reducesMotion)
  }

  /// A host for `scene` as it is, effects that reduced motion skips already
  /// left out when `reducesMotion` says so.
  init(evaluating scene: Scene, reducesMotion: Bool) {
    Self.requireScene(scene)
    self.scene = scene
    self.reducesMotion = reducesMotion
    let frames = scene.layout.frames
    var layouts: [ChainLayout] = []
    layouts.reserveCapacity(scene.chains.count)
    var start = 0
    for (index, chain) in scene.chains.enumerated() {
      let count = chain.viewCount
      layouts.append(
        ChainLayout(
          name: chain.name, viewRange: start..<start + count, isRepeated: chain.repetition != nil,
          frame: frames[index], attachment: chain.attachment, stride: chain.stride))
      start += count
    }
    let (groups, ungrouped) = ChainGroup.grouping(scene)
    let mirrored = ScreenMapping(scene).isMirrored
    let eventDetector = EventDetector(scene: scene)
    var runs: [ChainRun] = []
    var steps: [ChainStep] = []
    var placements = Placements(chainCount: scene.chains.count)
    runs.reserveCapacity(ungrouped.count)
    for index in ungrouped {
      let chain = scene.chains[index]
      let count = chain.viewCount
      let firstStep = steps.count
      var rest = Self.rest(
        ofChain: index, in: scene, mirrored: mirrored, eventDetector: eventDetector)
      let visuals = ChainVisuals(zIndex: chain.zIndex, opacity: chain.opacity)
      // A chain's own visuals: written by the host with its natural
      // transforms, or, in a chain whose views rest, its first step, run only
      // by a frame that writes them. A chain without them pays nothing for
      // them.
      if !chain.hasIdentityVisuals {
        if rest == .none {
          rest = .ownVisuals
        } else {
          steps.append(VisualsStep(zIndex: chain.zIndex, opacity: chain.opacity))
        }
      }
      let rewrite =
        rest == .ownVisuals && !mirrored ? Self.rewrite(ofChain: index, in: scene) : .whole
      for plan in Self.fusingChanges(Self.joiningExpressions(chain.effects)) {
        let effect: any ScrollEffect
        switch plan {
        case .fused(let first, let second):
          steps.append(FusedStep(first, second))
          continue
        case .effect(let single):
          effect = single
        }
        if let pin = effect as? PinEffect, pin.untilChain != nil || pin.untilNext {
          placements.pins.append(
            Placements.Pin(
              step: steps.count, chain: index,
              anchor: pin.untilChain.flatMap { scene.chainIndex(named: $0) }))
          steps.append(LayoutPinStep(pin: Self.placed(pin, chain: index, in: scene)))
        } else {
          steps.append(makeStep(effect, viewCount: count))
        }
      }
      // A chain with events is evaluated whole: its copies off screen cross
      // thresholds too, and each event compares with the copy's last frame.
      let windowable =
        chain.repetition != nil && chain.events.isEmpty
        && steps[firstStep...].allSatisfy { $0.isCopyLocal }
      let windowed = windowable && chain.stride > 0
      placements.runOfChain[index] = runs.count
      placements.windowable.append(windowable)
      runs.append(
        ChainRun(
          chain: index, firstView: layouts[index].viewRange.lowerBound, viewCount: count,
          frame: frames[index], attachment: chain.attachment, stride: chain.stride,
          steps: firstStep..<steps.count, isWindowed: windowed, rest: rest, visuals: visuals,
          rewrite: rewrite))
    }
    for index in scene.chains.indices where placements.runOfChain[index] < 0 {
      placements.groupKey[index] = layouts[index].viewRange.lowerBound
    }
    self.chains = layouts
    self.runs = runs
    movingRuns = Self.movingRuns(of: runs)
    visitedRuns = runs
    hasFixedRuns = runs.contains { $0.isFixed }
    self.groups = groups
    self.placements = placements
    self.steps = steps
    self.stateOwner = steps.contains { $0.hasState } ? StateOwner() : nil
    self.frame = GroupFrame(
      clock: FrameClock(time: nil, phase: .idle), geometry: scene.geometry(offset: 0),
      swapsAxes: scene.axis == .horizontal)
    self.eventDetector = eventDetector
    notesGeometry = hasFixedRuns || eventDetector.hasGeometryWatches
    self.isMirrored = mirrored
    self.mirrorPlan =
      mirrored
      ? MirrorPlan(scene: scene, chains: layouts, rest: Self.rest(of: runs, placements))
      : MirrorPlan()
    self.isPlainScene = stateOwner == nil && eventDetector.isEmpty && !isMirrored
    self.isPlain = isPlainScene
    self.storage = ViewStorage(
      repeating: ViewTransform(frame: Rect(y: 0, width: 0, height: 0)), count: start)
    // A chain without effects keeps its natural frames in every frame (its
    // one step, if any, is its visuals): its flag is true from the start,
    // so that the frames that skip it need not write it
    // (``ChainRun/isUnwrittenAtRest``). The detector's tables keep it.
    if !self.eventDetector.isEmpty {
      let flags = self.eventDetector.naturalChainFlags()
      for run in runs where run.rest == .noEffects { flags[run.chain] = true }
    }
  }

  /// Makes ``movingRuns`` and ``visitedRuns`` again from ``runs``, after a
  /// live layout change wrote them: once a change, not once a run written,
  /// which would copy and filter every run for each.
  mutating func runsChanged() {
    movingRuns = Self.movingRuns(of: runs)
    visitedRuns = restingViewsWritten ? movingRuns : runs
  }

  /// ``movingRuns`` for `runs`.
  static func movingRuns(of runs: [ChainRun]) -> [ChainRun] {
    runs.contains(where: \.isUnwrittenAtRest) ? runs.filter { !$0.isUnwrittenAtRest } : runs
  }

  /// How the views of chain `index` of `scene` rest (``ChainRun/Rest``),
  /// evaluated by itself in a scene that is right to left (`mirrored`) or
  /// not, whose events `eventDetector` watches.
  ///
  /// A frame that a chain's views rest in writes none of them, or only the
  /// natural tops of a chain in the content; a right-to-left frame then
  /// mirrors only what it wrote, after its events are read. So in such a
  /// scene, a chain attached to the viewport rests only when every watch of
  /// its views is constant (``EventDetector/Watch/isConstant``), read only
  /// in frames that write them: its events would read its views on the
  /// screen, not their left-to-right image. A scene with a watch constant
  /// only in one geometry reads every constant watch again in a frame of
  /// another (``EventDetector/Watch/isConstantInGeometry``), which need not
  /// write them: there, no such chain rests.
  static func rest(
    ofChain index: Int, in scene: Scene, mirrored: Bool, eventDetector: EventDetector
  ) -> ChainRun.Rest {
    let chain = scene.chains[index]
    let rest: ChainRun.Rest =
      chain.effects.isEmpty ? .noEffects : isFixed(chain) ? .fixed : .none
    guard mirrored && rest != .none && chain.attachment == .viewport else { return rest }
    let readsViews = (0..<eventDetector.watchCount).contains { watch in
      let watch = eventDetector.watch(watch)
      return watch.chain == index && watch.input.isPerView
        && (!watch.isConstant || eventDetector.hasGeometryWatches)
    }
    return readsViews ? .none : rest
  }

  /// What a frame writes of the views of chain `index` of `scene`, with
  /// visuals of its own, before its effects once a full frame wrote them
  /// whole (``ChainRun/Rewrite``): the columns its effects may change
  /// (``fieldsWritten(byChain:in:)``) and the natural top.
  static func rewrite(ofChain index: Int, in scene: Scene) -> ChainRun.Rewrite {
    guard let fields = fieldsWritten(byChain: index, in: scene) else { return .whole }
    if fields.isSubset(of: SwiftChainCode.Fields(.y)) { return .top }
    let frame = SwiftChainCode.Fields([.x, .y, .width, .height])
    return fields.isSubset(of: frame) ? .frame : .whole
  }

  /// `effects` with each run of `expression` effects in a row joined into
  /// one (``ExpressionEffect/followed(by:)``) where their programs join:
  /// a chain's steps. Each call of an expression writes the frame's
  /// values and sets up its interpreter; a run of them joined does so once
  /// and is dispatched once, and its views are the same bits.
  static func joiningExpressions(_ effects: [any ScrollEffect]) -> [any ScrollEffect] {
    var joined: [any ScrollEffect] = []
    for effect in effects {
      if let expression = effect as? ExpressionEffect,
        let last = joined.last as? ExpressionEffect,
        let both = last.followed(by: expression)
      {
        joined[joined.count - 1] = both
      } else {
        joined.append(effect)
      }
    }
    return joined
  }

  /// A chain's step to be: an effect's own, or two effects in a row fused
  /// (``FusedStep``).
  enum StepPlan {
    case effect(any ScrollEffect)
    case fused(FusibleEffect, FusibleEffect)
  }

  /// The steps of a chain of `effects`: each two effects in a row that
  /// change each view by themselves from the geometry alone
  /// (``FusibleEffect``) fused, from the first of a run (a run of three:
  /// two, then one), so that they are one pass over the chain's views;
  /// each other effect a step of its own.
  static func fusingChanges(_ effects: [any ScrollEffect]) -> [StepPlan] {
    var plans: [StepPlan] = []
    var index = 0
    while index < effects.count {
      if index + 1 < effects.count, let first = FusibleEffect(effects[index]),
        let second = FusibleEffect(effects[index + 1])
      {
        plans.append(.fused(first, second))
        index += 2
      } else {
        plans.append(.effect(effects[index]))
        index += 1
      }
    }
    return plans
  }

  /// Whether `chain`'s views change only with the layout and the geometry
  /// (``ChainRun/isFixed``): it is attached to the viewport and has
  /// effects, every one of them scroll invariant (``ScrollInvariance``).
  static func isFixed(_ chain: Chain) -> Bool {
    chain.attachment == .viewport && !chain.effects.isEmpty
      && chain.effects.allSatisfy { ($0 as? ScrollInvariance)?.isScrollInvariant == true }
  }

  /// Whether the scene is horizontal: ``storage`` then holds its views on
  /// the screen's axes while its effects see the vertical twin's
  /// (``ViewMemory``), so that a frame needs no pass to swap them. The
  /// frame says so (``GroupFrame/swapsAxes``) for the groups and batches.
  var isTransposed: Bool { frame.swapsAxes }

  /// The number of views, copies included.
  public var viewCount: Int { storage.count }

  /// The transforms, this host's own: copied first when a copy of the host
  /// shares them, as an array is before a write.
  @inline(__always)
  mutating func uniqueViews() -> UnsafeMutablePointer<ViewTransform> {
    if !isKnownUniquelyReferenced(&storage) { storage = ViewStorage(copying: storage) }
    return storage.views
  }

  /// Evaluates every chain at scroll offset `offset`, clamped to
  /// ±``offsetLimit``; the rest of the geometry (the viewport, insets and
  /// content height) is the last frame's: the scene's until
  /// ``evaluate(_:time:phase:)`` gives another, and again after a layout
  /// change.
  /// A NaN offset has no meaning and gives NaN outputs; it is no frame to
  /// draw: some columns come out finite, events may fire, and an effect
  /// with a state (`float`) keeps NaN in it until ``resetState()``.
  ///
  /// - Parameters:
  ///   - time: The frame's time in seconds, or `nil` (the default) for an
  ///     untimed frame. Effects see it, and the phase, in their batch.
  ///   - phase: What the scroll view is doing: SwiftUI's `ScrollPhase`, as a
  ///     scroll callback gets it; `idle` by default.
  public mutating func evaluate(
    offset: Double, time: Double? = nil, phase: ScrollPhase = .idle
  ) {
    // Only the offset changes: the rest of the geometry stays where it is.
    frame.geometry.offset = Self.clamped(offset)
    evaluateFrame(time: time, phase: phase)
  }

  /// Evaluates every chain in `geometry` at `time` (seconds; `nil` for an
  /// untimed frame) in `phase`; the offset is clamped to ±``offsetLimit``.
  ///
  /// A frame is (geometry, time, phase): an app's scroll callback passes its
  /// geometry, the frame's timestamp and the scroll phase straight through.
  /// Stateful effects see the frames in the order they are evaluated.
  ///
  /// The geometry's viewport, insets and content height are what this
  /// frame's effects read, and later frames of ``evaluate(offset:time:phase:)``
  /// too; the chains' natural frames stay laid out for the host's own
  /// (``scene``). When the viewport or the insets change (a rotation, a
  /// resized window), call ``setViewport(_:)`` and ``setContentInsets(_:)``
  /// first, which lay the chains out again, as the SwiftUI adapter does.
  ///
  /// - Precondition: the geometry is finite but for its offset and the
  ///   viewport's height greater than 0, as a loaded scene's is (checked in
  ///   debug builds): every output is then finite. A NaN offset has no
  ///   meaning and gives NaN outputs (effectctl refuses one before it gets
  ///   here); as ``evaluate(offset:time:phase:)`` says, it leaves NaN in the
  ///   states of effects that keep one.
  public mutating func evaluate(
    _ geometry: ScrollGeometry, time: Double? = nil, phase: ScrollPhase = .idle
  ) {
    assert(
      Self.isEvaluable(geometry),
      "evaluate(_:): expected a finite geometry with a viewport height greater than 0, found \(geometry)"
    )
    if notesGeometry { noteGeometry(geometry) }
    frame.geometry = geometry
    frame.geometry.offset = Self.clamped(geometry.offset)
    evaluateFrame(time: time, phase: phase)
  }

  /// Whether `geometry` is one ``evaluate(_:time:phase:)`` takes: its
  /// viewport, insets and content height finite, the viewport's height
  /// greater than 0 (the offset may be anything).
  static func isEvaluable(_ geometry: ScrollGeometry) -> Bool {
    let insets = geometry.contentInsets
    return [
      geometry.viewport.width, geometry.viewport.height, insets.top, insets.bottom, insets.left,
      insets.right, geometry.contentHeight,
    ].allSatisfy(\.isFinite) && geometry.viewport.height > 0
  }

  /// Clears ``restingViewsWritten`` when `geometry`, the next frame's, has
  /// another viewport, insets or content height than the last frame's: the
  /// views of a chain attached to the viewport whose effects are scroll
  /// invariant (``ChainRun/isFixed``) depend on them. Tells the event
  /// detector too (``EventDetector/noteGeometryChange()``), whose watches
  /// constant only in one geometry depend on the viewport's height and the
  /// insets: a frame of ``evaluate(offset:time:phase:)`` changes neither,
  /// and compares nothing.
  mutating func noteGeometry(_ geometry: ScrollGeometry) {
    let last = frame.geometry
    if geometry.viewport != last.viewport || geometry.contentInsets != last.contentInsets
      || geometry.contentHeight != last.contentHeight
    {
      if hasFixedRuns { restingViewsWritten = false }
      if eventDetector.hasGeometryWatches {
        eventDetector.noteGeometryChange()
        unsettleEvents()
      }
    }
  }

  /// Makes the next full frame test the event detector again, after a
  /// change that may leave it unsettled (a new geometry or layout, a
  /// reset): a frame that finds it settled makes the frames plain again
  /// (``isPlain``).
  @inline(__always)
  mutating func unsettleEvents() {
    isPlain = isPlainScene
  }

  /// `offset` clamped to ±``offsetLimit``.
  @inline(__always)
  static func clamped(_ offset: Double) -> Double {
    min(max(offset, -offsetLimit), offsetLimit)
  }

  /// Evaluates every chain in ``geometry``, which the caller has set.
  @inline(__always)
  mutating func evaluateFrame(time: Double?, phase: ScrollPhase) {
    frame.clock = FrameClock(time: time, phase: phase)
    // A scene without state, events or a mirror image (most of them), or
    // whose events have settled, pays this one test for the three. Every
    // kind of frame is out of line: the caller then saves no registers and
    // keeps no frame of its own, which a frame of another kind would pay
    // for the code of this one.
    if isPlain {
      evaluatePlainFrame()
    } else if isMirrored {
      evaluateMirroredFrame()
    } else {
      evaluateOtherFrame()
    }
  }

  /// ``runPlainFrame()`` of a full frame, out of line (see
  /// ``evaluateFrame(time:phase:)``).
  @inline(never)
  mutating func evaluatePlainFrame() {
    // Here, not in the caller: the frame's loop then knows it.
    isWindowed = false
    runPlainFrame()
  }

  /// The chains of a frame without state or events.
  @inline(__always)
  mutating func runPlainFrame() {
    // A scene whose chains are all in groups (a stretchy header and its
    // body, a feed), or whose other chains rest once a full frame wrote
    // them (without effects in the viewport, fixed), needs only the
    // groups' loop: no run is visited (``visitedRuns``, every run until
    // that frame).
    if visitedRuns.isEmpty {
      runGroups()
    } else {
      runChains({ run in run.allCopies }, naturalFlags: nil)
    }
  }

  /// ``evaluateFrame(time:phase:)`` of a scene with state or events, not
  /// mirrored; out of line, so that a plain scene's frame carries none of
  /// it.
  @inline(never)
  mutating func evaluateOtherFrame() {
    isWindowed = false
    // Events whose every watch is constant read nothing between layout
    // changes: such a frame is a plain one, and so are the frames after
    // it until a change unsettles the detector. That frame is out of line
    // too: this function then only tests and jumps to the stateful frame,
    // which most of its frames run, with no registers to save.
    if stateOwner == nil && eventDetector.keepsEveryValue {
      evaluateSettlingFrame()
    } else {
      evaluateStatefulFrame()
    }
  }

  /// The frame of ``evaluateOtherFrame()`` that finds the events settled
  /// (``EventDetector/keepsEveryValue``): a plain one, and the frames after
  /// it plain too.
  @inline(never)
  mutating func evaluateSettlingFrame() {
    eventDetector.settleFrame()
    runPlainFrame()
    isPlain = true
  }

  /// ``evaluateFrame(time:phase:)`` of a right-to-left scene, whose every
  /// frame ends in the mirror image; out of line, apart from the others.
  @inline(never)
  mutating func evaluateMirroredFrame() {
    isWindowed = false
    // What the frame writes of resting views, which the mirror follows.
    let restingWritten = restingViewsWritten
    if stateOwner == nil && (eventDetector.isEmpty || eventDetector.settles()) {
      runPlainFrame()
    } else {
      evaluateStatefulFrame()
    }
    mirrorFrame(restingWritten: restingWritten)
  }

  /// Runs the groups, when no chain is evaluated by itself.
  @inline(__always)
  mutating func runGroups() {
    let groups = self.groups
    let base = uniqueViews()
    // Unprotected: see runChains(_:_:naturalFlags:restingWritten:).
    _withUnprotectedUnsafeMutablePointer(to: &frame) { frame in
      groups.run(in: base, frame: frame)
    }
  }

  /// ``evaluateFrame(time:phase:)`` of a scene with state or events; out of
  /// line, so that a plain scene's frame carries none of it.
  @inline(never)
  mutating func evaluateStatefulFrame() {
    if stateOwner != nil { makeStatesUnique() }
    runChains { run in run.allCopies }
    // A separate step, after every chain's effects: see SceneHost+Events.swift.
    if !eventDetector.isEmpty { detectEvents() }
  }

  /// Sets the frame's geometry (the offset clamped), time and phase, and
  /// makes the effects' states this host's own.
  @inline(__always)
  mutating func startFrame(
    _ geometry: ScrollGeometry, time: Double?, phase: ScrollPhase
  ) {
    var geometry = geometry
    geometry.offset = Self.clamped(geometry.offset)
    if notesGeometry { noteGeometry(geometry) }
    frame.geometry = geometry
    frame.clock = FrameClock(time: time, phase: phase)
    if stateOwner != nil { makeStatesUnique() }
  }

  /// Runs every chain's effects on the copies `copies(index, run)` of chain
  /// `index`, writing the rest of those copies at rest; inlined into each
  /// caller, so that a full frame's `copies` is the whole chain with no
  /// lookup.
  @inline(__always)
  mutating func runChains(_ copies: (ChainRun) -> Range<Int>) {
    guard !eventDetector.isEmpty else {
      runChains(copies, naturalFlags: nil)
      return
    }
    // Event detection counts on whether each chain's frames stayed natural
    // (ChainEvent.swift): the loop writes that through a pointer into the
    // detector's memory, never into `self`, which made every scene's loop
    // dearer.
    runChains(copies, naturalFlags: eventDetector.naturalChainFlags())
  }

  /// ``runChains(_:)``'s loop; with `naturalFlags`, it also records there
  /// whether each chain's views kept their natural frames.
  @inline(__always)
  mutating func runChains(
    _ copies: (ChainRun) -> Range<Int>, naturalFlags: UnsafeMutablePointer<Bool>?
  ) {
    let restingWritten = restingViewsWritten
    // The first full frame since the views that rest were last written
    // writes them, out of line: it changes the runs that the next frames
    // visit, which the frames of this loop then only read (the arrays are
    // borrowed from `self`, not retained).
    if !restingWritten && !isWindowed {
      runFirstFullFrame(copies, naturalFlags: naturalFlags)
      return
    }
    // Once a full frame wrote the views that rest, the runs that need not
    // be visited are not in it (``visitedRuns``).
    runChains(
      visitedRuns, copies, naturalFlags: naturalFlags, restingWritten: restingWritten)
  }

  /// ``runChains(_:naturalFlags:)`` of a full frame that finds
  /// ``restingViewsWritten`` false: every run visited, the flag set after.
  @inline(never)
  mutating func runFirstFullFrame(
    _ copies: (ChainRun) -> Range<Int>, naturalFlags: UnsafeMutablePointer<Bool>?
  ) {
    runChains(runs, copies, naturalFlags: naturalFlags, restingWritten: false)
    restingViewsWritten = true
  }

  /// Runs the groups, then `runs`, with `restingWritten` as
  /// ``runEach(_:_:steps:copies:in:geometry:clock:naturalFlags:restingWritten:)``
  /// takes it.
  @inline(__always)
  mutating func runChains(
    _ runs: [ChainRun], _ copies: (ChainRun) -> Range<Int>,
    naturalFlags: UnsafeMutablePointer<Bool>?, restingWritten: Bool
  ) {
    let steps = self.steps
    let groups = self.groups
    // Every batch of the frame points to its one clock, every group to the
    // frame's clock and geometry.
    let base = uniqueViews()
    // The pointers of a frame (to the frame here, to a chain's record in
    // runSteps) are unprotected: each points to one value, which nothing
    // indexes past, and `withUnsafePointer` makes the compiler guard the
    // whole frame function that inlines it with a stack protector, whose
    // checks every frame pays (BENCHMARKS.md, "The frame without a stack
    // protector").
    _withUnprotectedUnsafePointer(to: &frame) { frame in
      groups.run(in: base, frame: frame)
      guard !runs.isEmpty else { return }
      let clock = UnsafeRawPointer(frame).assumingMemoryBound(to: FrameClock.self)
      // One test a frame; the plain memory's loop inline, the swapped
      // memory's out of line, so that a vertical scene's is compiled as if
      // there were no other.
      if frame.pointee.swapsAxes {
        Self.runEachSwapped(
          runs, steps: steps, copies: copies, in: base, geometry: frame.pointee.geometry,
          clock: clock, naturalFlags: naturalFlags, restingWritten: restingWritten)
      } else {
        Self.runEach(
          PlainViewMemory.self, runs, steps: steps, copies: copies, in: base,
          geometry: frame.pointee.geometry, clock: clock, naturalFlags: naturalFlags,
          restingWritten: restingWritten)
      }
    }
  }

  /// Runs the effects of each of `runs` (``visitedRuns``) on its
  /// copies `copies(run)`, writing the rest of those copies at rest; with
  /// `naturalFlags`, it also records there whether each chain's views kept
  /// their natural frames. With `restingWritten` (``restingViewsWritten``),
  /// a chain without effects writes only its natural tops, and none when
  /// attached to the viewport. The views are stored in `Memory`.
  @inline(__always)
  static func runEach<Memory: ViewMemory>(
    _: Memory.Type, _ runs: [ChainRun], steps: [ChainStep], copies: (ChainRun) -> Range<Int>,
    in base: UnsafeMutablePointer<ViewTransform>, geometry: ScrollGeometry,
    clock: UnsafePointer<FrameClock>, naturalFlags: UnsafeMutablePointer<Bool>?,
    restingWritten: Bool
  ) {
    // Read through buffer pointers: no bounds check a chain or a step.
    runs.withUnsafeBufferPointer { runs in
      steps.withUnsafeBufferPointer { steps in
        for run in runs {
          let copies = copies(run)
          let count = copies.count
          let first = base + run.firstView + copies.lowerBound
          // A chain whose views rest, written by a full frame (or without
          // effects or visuals: nothing to write but natural transforms), or
          // one with visuals of its own. Tested apart from the rest: most
          // chains neither rest nor have visuals, and pay one test for both.
          if run.rest != .none {
            if restingWritten && run.rest == .fixed {
              // Its views as a full frame left them, and its natural flag
              // as that frame wrote it (the detector keeps the flags).
              continue
            }
            if run.rest == .noEffects && (restingWritten || run.steps.isEmpty) {
              naturalFlags?[run.chain] = true
              if restingWritten {
                // Written whole, and nothing writes them but this loop: only
                // the natural tops move, with the offset, and only in the
                // content.
                if run.attachment == .content {
                  writeNaturalTops(
                    Memory.self, first, first + count,
                    top: geometry.viewportY(ofNaturalY: run.frame.y, attachment: run.attachment),
                    copy: Double(copies.lowerBound), stride: run.stride)
                }
                continue
              }
              // Without visuals either: its natural transforms, with no batch.
              ViewBatch.modifyResting(
                Memory.self, first, first + count,
                top: geometry.viewportY(ofNaturalY: run.frame.y, attachment: run.attachment),
                copy: Double(copies.lowerBound), frame: run.frame, stride: run.stride
              ) { _ in }
              continue
            }
            if run.rest == .ownVisuals {
              // Its visuals written with its natural transforms, as a step
              // that changes only visuals would write them at rest, but with
              // no call and no batch: its effects then find every view
              // written, its frames natural.
              let top = geometry.viewportY(ofNaturalY: run.frame.y, attachment: run.attachment)
              if !restingWritten || run.rewrite == .whole {
                let (zIndex, opacity) = (run.visuals.zIndex, run.visuals.opacity)
                ViewBatch.modifyResting(
                  Memory.self, first, first + count, top: top, copy: Double(copies.lowerBound),
                  frame: run.frame, stride: run.stride
                ) {
                  $0.zIndex = zIndex
                  $0.opacity = opacity
                }
              } else if run.rewrite == .top {
                // A full frame wrote them whole: only what may have moved
                // since (``ChainRun/Rewrite``).
                writeNaturalTops(
                  Memory.self, first, first + count, top: top, copy: Double(copies.lowerBound),
                  stride: run.stride)
              } else {
                writeNaturalFrames(
                  Memory.self, first, first + count, top: top, copy: Double(copies.lowerBound),
                  frame: run.frame, stride: run.stride)
              }
              runSteps(
                Memory.self, run, steps: steps, copies: copies, first: first, written: count,
                geometry: geometry, clock: clock, naturalFlags: naturalFlags)
              continue
            }
          }
          runSteps(
            Memory.self, run, steps: steps, copies: copies, first: first, written: 0,
            geometry: geometry, clock: clock, naturalFlags: naturalFlags)
        }
      }
    }
  }

  /// Runs the effects of `run` on its copies `copies`, whose views start at
  /// `first` and of which the first `written` are written (the others at
  /// rest), then writes the views that no effect wrote; with
  /// `naturalFlags`, it also records there whether the chain's views kept
  /// their natural frames. The views are stored in `Memory`.
  @inline(__always)
  static func runSteps<Memory: ViewMemory>(
    _: Memory.Type, _ run: ChainRun, steps: UnsafeBufferPointer<ChainStep>, copies: Range<Int>,
    first: UnsafeMutablePointer<ViewTransform>, written: Int, geometry: ScrollGeometry,
    clock: UnsafePointer<FrameClock>, naturalFlags: UnsafeMutablePointer<Bool>?
  ) {
    let count = copies.count
    // The chain's first effect writes every view as it changes it,
    // starting from the natural transform (see ViewBatch); views that no
    // effect writes are written at the end.
    var record = ViewBatch.Record()
    record.writtenCount = written
    // Unprotected: see runChains(_:_:naturalFlags:restingWritten:).
    _withUnprotectedUnsafeMutablePointer(to: &record) { record in
      var batch = ViewBatch(
        record: record, geometry: geometry, clock: clock, attachment: run.attachment,
        naturalFrame: run.frame, stride: run.stride, base: first, count: count,
        firstCopy: copies.lowerBound, swapsAxes: Memory.swapsAxes)
      for step in run.steps {
        // `steps` holds every step for the whole loop: call without the
        // retain and release that a plain call would pay a step.
        Unmanaged.passUnretained(steps[step])._withUnsafeGuaranteedRef {
          $0.run(&batch)
        }
      }
      // The views that no effect wrote, from their natural transforms.
      let written = record.pointee.writtenCount
      if written < count {
        writeResting(&batch, from: written, to: count)
      }
      // What event detection may count on (ChainEvent.swift).
      naturalFlags?[run.chain] = record.pointee.hasNaturalFrames
    }
  }

  /// Writes views `first..<end` of `batch`, which no effect of its chain
  /// wrote, at their natural transforms. Out of line: inlined, the
  /// constants of its loop were set up before every chain's steps and set
  /// up again after them, in every frame, for views that most chains'
  /// first effect has already written. The batch is `inout` so that its
  /// address is passed, not a copy.
  @inline(never)
  static func writeResting(_ batch: inout ViewBatch, from first: Int, to end: Int) {
    batch.modifyResting(from: first, to: end) { _ in }
  }

  /// ``runEach(_:_:steps:copies:in:geometry:clock:naturalFlags:restingWritten:)``
  /// in memory that swaps the axes.
  @inline(never)
  static func runEachSwapped(
    _ runs: [ChainRun], steps: [ChainStep], copies: (ChainRun) -> Range<Int>,
    in base: UnsafeMutablePointer<ViewTransform>, geometry: ScrollGeometry,
    clock: UnsafePointer<FrameClock>, naturalFlags: UnsafeMutablePointer<Bool>?,
    restingWritten: Bool
  ) {
    runEach(
      SwappedViewMemory.self, runs, steps: steps, copies: copies, in: base, geometry: geometry,
      clock: clock, naturalFlags: naturalFlags, restingWritten: restingWritten)
  }

  /// Writes the natural top of each view from `view` to `end`, copy `copy`
  /// first, as ``ViewBatch`` computes it (`top + copy * stride`, the copy
  /// counted in Doubles), leaving the other columns as they are; stored
  /// in `Memory` (`x` when it swaps the axes).
  @inline(__always)
  static func writeNaturalTops<Memory: ViewMemory>(
    _: Memory.Type, _ view: UnsafeMutablePointer<ViewTransform>,
    _ end: UnsafeMutablePointer<ViewTransform>, top: Double, copy: Double, stride: Double
  ) {
    var view = view
    var copy = copy
    while view != end {
      if Memory.swapsAxes {
        view.pointee.x = top + copy * stride
      } else {
        view.pointee.y = top + copy * stride
      }
      view += 1
      copy += 1
    }
  }

  /// Writes the natural frame (x, y, width, height) of each view from
  /// `view` to `end`, copy `copy` first, its top as ``ViewBatch`` computes
  /// it (`top + copy * stride`, the copy counted in Doubles), leaving the
  /// other columns as they are; stored in `Memory` (its axes swapped when
  /// it swaps them), as two two-lane stores a view.
  @inline(__always)
  static func writeNaturalFrames<Memory: ViewMemory>(
    _: Memory.Type, _ view: UnsafeMutablePointer<ViewTransform>,
    _ end: UnsafeMutablePointer<ViewTransform>, top: Double, copy: Double, frame: Rect,
    stride: Double
  ) {
    let size =
      Memory.swapsAxes
      ? SIMD2(frame.height, frame.width) : SIMD2(frame.width, frame.height)
    var view = view
    var copy = copy
    while view != end {
      let y = top + copy * stride
      let raw = UnsafeMutableRawPointer(view)
      raw.storeBytes(
        of: Memory.swapsAxes ? SIMD2(y, frame.x) : SIMD2(frame.x, y), as: SIMD2<Double>.self)
      raw.storeBytes(of: size, toByteOffset: 16, as: SIMD2<Double>.self)
      view += 1
      copy += 1
    }
  }

  /// Gives this host its own copy of every effect's state when a copy of the
  /// host shares them, as an array copies its storage before a write: copies
  /// of a host evaluate independently.
  ///
  /// Inlined: a frame's test is then one check of a reference, the copy
  /// out of line (``copyStates()``).
  @inline(__always)
  mutating func makeStatesUnique() {
    guard !isKnownUniquelyReferenced(&stateOwner) else { return }
    copyStates()
  }

  /// The copy of ``makeStatesUnique()``: every step's state copied, and a
  /// new owner.
  @inline(never)
  mutating func copyStates() {
    steps = steps.map { $0.copyingState() }
    stateOwner = StateOwner()
  }

  /// Starts a new scroll session: every effect's state as before the first
  /// frame (a `float` header shown again), and no event fires at the next
  /// frame, which is a first frame again. The transforms of the last frame
  /// stay until the next ``evaluate(offset:time:phase:)``.
  ///
  /// Call it when the scroll view is reused for other content, or scrolled
  /// programmatically to a place unrelated to the last frame; a copy of the
  /// host keeps its own state.
  public mutating func resetState() {
    eventDetector.reset()
    unsettleEvents()
    guard stateOwner != nil else { return }
    steps = steps.map { $0.resettingState() }
    stateOwner = StateOwner()
  }

  /// The transform of view `index` in the last frame, in the screen's axes
  /// (a horizontal or right-to-left scene's mapped by ``screenMapping``).
  ///
  /// - Precondition: `index` is in `0..<viewCount`.
  @inlinable
  public func transform(at index: Int) -> ViewTransform {
    // fatalError, not precondition: an optimised build prints its message.
    if index < 0 || index >= viewCount {
      fatalError(
        viewCount == 0
          ? "view \(index): the host has no views"
          : "view \(index): expected an index from 0 to \(viewCount - 1), the host's views")
    }
    return withTransforms { $0[index] }
  }

  /// Calls `body` with the transforms of the last frame, chain by chain in
  /// file order, copies in order.
  ///
  /// Inlinable, so that a caller's loop over the results is specialised and
  /// needs no copy of the host.
  @inlinable
  public func withTransforms<Result>(_ body: (UnsafeBufferPointer<ViewTransform>) throws -> Result)
    rethrows -> Result
  {
    let views = storage
    return try withExtendedLifetime(views) {
      try body(UnsafeBufferPointer(start: views.views, count: views.count))
    }
  }

  /// The natural frame of copy `copy` of chain `chainIndex` in viewport
  /// coordinates in the last frame, in the screen's axes (where
  /// ``ChainLayout/naturalFrame(copy:in:)`` gives the vertical twin's).
  ///
  /// - Precondition: chain `chainIndex` is one of the scene's, and `copy`
  ///   one of its copies (0 for a chain that does not repeat).
  public func naturalFrame(chain chainIndex: Int, copy: Int) -> Rect {
    requireChain(chainIndex)
    let count = chains[chainIndex].viewRange.count
    Self.require(
      copy >= 0 && copy < count,
      "copy \(copy) of chain \(MessageText.quoted(scene.chains[chainIndex].name)): "
        + (count == 0 ? "the chain has no copies" : "expected a copy from 0 to \(count - 1)"))
    return screenMapping.frame(chains[chainIndex].naturalFrame(copy: copy, in: geometry))
  }
}

/// A host's transforms, in memory of their own that a frame writes through
/// a pointer. An array's `withUnsafeMutableBufferPointer` keeps the buffer
/// in a local whose address it takes, which cost every frame a stack
/// protector; this is copied on write as an array is, so that copies of a
/// host evaluate independently.
///
/// `@unchecked Sendable`: a host writes it only when it holds the only
/// reference (``SceneHost/uniqueViews()``), the check an array makes.
@usableFromInline
final class ViewStorage: @unchecked Sendable {
  @usableFromInline let views: UnsafeMutablePointer<ViewTransform>
  // Unchecked: a host changes it only while it holds the only reference (a
  // live change of a count), so no access can overlap another; checked,
  // every read would call the runtime.
  @exclusivity(unchecked) @usableFromInline private(set) var count: Int
  /// The views there is memory for: the most the host has had.
  let capacity: Int

  init(repeating transform: ViewTransform, count: Int) {
    views = .allocate(capacity: max(1, count))
    views.initialize(repeating: transform, count: count)
    self.count = count
    capacity = max(1, count)
  }

  /// A copy of `other` with memory for `capacity` views (at least its own).
  init(copying other: ViewStorage, capacity: Int = 0) {
    self.capacity = max(capacity, other.capacity)
    views = .allocate(capacity: self.capacity)
    views.initialize(from: other.views, count: other.count)
    count = other.count
  }

  /// Whether `delta` more views fit the memory.
  func fits(_ delta: Int) -> Bool { count + delta <= capacity }

  /// Makes room for `delta` more views (fewer, when negative) at `index`,
  /// moving the views from `index` on: a repeated chain's count changed.
  /// New views hold `filler`. The views must fit (``fits(_:)``).
  func resize(at index: Int, by delta: Int, filler: ViewTransform) {
    precondition(fits(delta), "ViewStorage: \(count + delta) views past the capacity")
    // A transform is plain data: the views move as bytes (memmove, which
    // the regions' overlap needs), and dropped ones need no deinitializing.
    let tail = (count - index) * MemoryLayout<ViewTransform>.stride
    UnsafeMutableRawPointer(views + index + delta).copyMemory(
      from: UnsafeRawPointer(views + index), byteCount: tail)
    if delta > 0 { (views + index).initialize(repeating: filler, count: delta) }
    count += delta
  }

  deinit {
    views.deinitialize(count: count)
    views.deallocate()
  }
}
