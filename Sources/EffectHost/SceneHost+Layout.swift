import EffectGroups
import EffectProtocol
import Effects

/// Live layout: a host's viewport, insets, content height and chains'
/// frames and counts change between two frames, without a reload.
///
/// After a change, a frame gives bit for bit what a host built from the
/// changed scene gives at the same offset, for every chain without state;
/// every stateful copy keeps its state (a repeated chain that grows starts
/// its new copies' state afresh, one that shrinks drops its last copies');
/// events compare the next frame with the previous one, as always.
///
/// A change lays the scene out again (a pass over its chains), then
/// rewrites only what moved: the chains whose natural frame or stride
/// changed, in the host's runs, groups and event watches, the pins that
/// follow them and, for a repeated chain's new count, the views after it.
/// It allocates nothing, unless a copy of the host shares what it rewrites
/// (the first change after a copy makes its own, as an array does) or a
/// count grows past the most views the host has had. Giving a chain
/// `repeat` or taking it away rebuilds the host's plan from the changed
/// scene and carries the states and previous values over.
extension SceneHost {
  /// What the live layout changes find each chain's derived values by.
  struct Placements: Sendable {
    /// A pin that follows the layout: `"until": {"chain": NAME}` (its
    /// `anchor`, the chain NAME) or `"until": "next"` (no anchor).
    struct Pin: Sendable {
      var step: Int
      var chain: Int
      var anchor: Int?
    }

    /// The index in ``SceneHost/runs`` of each chain evaluated by itself;
    /// -1 for a chain in a group.
    var runOfChain: [Int]
    /// For each chain in a group, its key in the groups' plan (its first
    /// view when the plan was made); -1 for a chain evaluated by itself.
    var groupKey: [Int]
    /// For each run, whether it may be evaluated a window of copies at a
    /// time once its stride is above 0 (``ChainRun/isWindowed``).
    var windowable: [Bool] = []
    var pins: [Pin] = []
    /// Held by every copy of a host that shares its steps and groups: a
    /// change makes them this host's own first.
    var owner = PlacementOwner()

    init(chainCount: Int) {
      runOfChain = [Int](repeating: -1, count: chainCount)
      groupKey = [Int](repeating: -1, count: chainCount)
    }
  }

  /// Held by every copy of a host that shares its pins' steps and its
  /// groups' plan.
  final class PlacementOwner: Sendable {}

  /// Whether `effect` reads the layout: a pin whose `until` names a chain
  /// or says `"next"`.
  static func followsLayout(_ effect: any ScrollEffect) -> Bool {
    guard let pin = effect as? PinEffect else { return false }
    return pin.untilChain != nil || pin.untilNext
  }

  /// `pin` of chain `chain` with its section edge placed in `scene`: `until`
  /// at its chain's natural top, the last copy for `"next"`.
  static func placed(_ pin: PinEffect, chain: Int, in scene: Scene) -> PinEffect {
    var pin = pin
    if let name = pin.untilChain, let anchor = scene.chainIndex(named: name) {
      pin.until = scene.layout.frames[anchor].y
    }
    pin.lastCopy = scene.chains[chain].viewCount - 1
    return pin
  }

  /// `effect` of chain `chain` as the host evaluates it in `scene`: a pin
  /// that follows the layout placed (``placed(_:chain:in:)``), any other
  /// effect as it is.
  static func placed(_ effect: any ScrollEffect, chain: Int, in scene: Scene) -> any ScrollEffect {
    guard followsLayout(effect), let pin = effect as? PinEffect else { return effect }
    return placed(pin, chain: chain, in: scene)
  }

  // MARK: - Changes

  /// Changes the viewport (W x V): a rotation, another device, a resized
  /// window. Chains without `frame.width` or `frame.x` follow it.
  ///
  /// - Precondition: the width and height are greater than 0, at most 1e9,
  ///   as a scene file's are. A value that comes from a user goes through
  ///   ``SceneSetting/apply(to:)``, which throws instead (so for each
  ///   change below).
  public mutating func setViewport(_ viewport: Size) {
    Self.requireViewport(viewport)
    scene.viewport = viewport
    applyLayout()
  }

  /// Changes the content insets (the safe area along the cross axis).
  ///
  /// - Precondition: each inset is from 0 to 1e9.
  public mutating func setContentInsets(_ insets: EdgeInsets) {
    Self.requireInsets(insets)
    scene.contentInsets = insets
    applyLayout()
  }

  /// Declares the content height, or with `nil` has it worked out from the
  /// chains again after every change.
  ///
  /// - Precondition: `height` is `nil` or from 0 to 1e9.
  public mutating func setContentHeight(_ height: Double?) {
    if let height { Self.requireContentHeight(height) }
    scene.declaredContentHeight = height
    applyLayout()
  }

  /// Gives chain `index` the natural frame `frame`, as a scene file gives it
  /// (for a chain placed `after` another, `y` is the gap), as its view
  /// measured it. `automaticFrame` says which parts the scene works out
  /// instead, whatever `frame` says of them; `nil` keeps the chain's: a
  /// chain whose file left out `x` or `width` keeps them worked out from the
  /// viewport (pass `[]` for the frame's own).
  ///
  /// - Precondition: chain `index` is one of the scene's; `x` and `y` are
  ///   finite, `width` and `height` from 0 to 1e9.
  public mutating func setFrame(
    _ frame: Rect, ofChain index: Int, automaticFrame: Chain.AutomaticFrame? = nil
  ) {
    requireChain(index)
    if !Self.isFrame(frame) { Self.stopFrame(frame, chain: scene.chains[index].name) }
    scene.chains[index].frame = frame
    if let automaticFrame { scene.chains[index].automaticFrame = automaticFrame }
    applyLayout()
  }

  /// Gives chain `index` copies (`count` and `spacing`), or with `nil` one
  /// view. Changing the count, or whether the chain repeats, rebuilds the
  /// host's plan (states and previous values carried over); changing only
  /// the spacing moves the copies.
  ///
  /// - Precondition: chain `index` is one of the scene's; the count is from
  ///   0 to ``SceneLoader/maximumRepeatCount``, the spacing from -1e9 to
  ///   1e9, and the scene's views at most ``SceneLoader/maximumViewCount``.
  public mutating func setRepetition(_ repetition: Chain.Repetition?, ofChain index: Int) {
    requireChain(index)
    if let repetition, !Self.isRepetition(repetition) {
      Self.stopRepetition(repetition, chain: scene.chains[index].name)
    }
    let old = scene.chains[index].repetition
    let views = storage.count - (old?.count ?? 1) + (repetition?.count ?? 1)
    if views > SceneLoader.maximumViewCount {
      Self.stop(
        "chain \(MessageText.quoted(scene.chains[index].name))'s repeat.count: expected at most "
          + "\(SceneLoader.maximumViewCount) views in a scene, found \(views) with it",
        file: #fileID, line: #line)
    }
    scene.chains[index].repetition = repetition
    switch (old, repetition) {
    case (let old?, let new?):
      if old.count != new.count { changeCount(ofChain: index, from: old.count, to: new.count) }
      applyLayout()
    case (nil, nil):
      break
    default:
      // Whether a chain repeats decides how the host evaluates it.
      rebuildKeepingState()
    }
  }

  /// Gives repeated chain `index` `count` copies where it had `oldCount`,
  /// in the memory the host has: the views after it move, the copies that
  /// stay keep their states and previous values, new ones start afresh.
  /// Allocates only when the views, a state or the events' previous values
  /// grow past the most they have had.
  private mutating func changeCount(ofChain index: Int, from oldCount: Int, to count: Int) {
    let delta = count - oldCount
    let end = chains[index].viewRange.upperBound
    if !isKnownUniquelyReferenced(&placements.owner) { makePlacementsUnique() }
    if stateOwner != nil { makeStatesUnique() }
    if !storage.fits(delta) {
      // Past the most views the host has had: memory for the new count.
      storage = ViewStorage(copying: storage, capacity: storage.count + delta)
    }
    _ = uniqueViews()
    storage.resize(
      at: end, by: delta, filler: ViewTransform(frame: Rect(y: 0, width: 0, height: 0)))
    chains[index].viewRange = chains[index].viewRange.lowerBound..<end + delta
    for later in chains.indices where later > index {
      let range = chains[later].viewRange
      chains[later].viewRange = range.lowerBound + delta..<range.upperBound + delta
    }
    for run in runs.indices {
      if runs[run].chain == index {
        runs[run].viewCount = count
        for step in runs[run].steps { steps[step].resize(to: count) }
      } else if runs[run].chain > index {
        runs[run].firstView += delta
      }
    }
    runsChanged()
    groups.moveViews(from: end, by: delta)
    if isMirrored { mirrorPlan.place(chains: chains, rest: Self.rest(of: runs, placements)) }
    eventDetector.resize(chain: index, from: oldCount, to: count)
    for pin in placements.pins where pin.chain == index {
      (steps[pin.step] as! LayoutPinStep).pin.lastCopy = count - 1
    }
    // The last frame's windows were of the old copies.
    isWindowed = false
    restingViewsWritten = false
  }

  /// The index of the chain named `name`, if there is one.
  public func chainIndex(named name: String) -> Int? {
    scene.chainIndex(named: name)
  }

  // MARK: - Applying a change

  /// Rewrites what the scene's new layout moved.
  mutating func applyLayout() {
    // Chains without effects may have moved: the next full frame writes
    // them whole, and mirrors every view.
    restingViewsWritten = false
    // Every layout change ends here: the next frame tests the detector,
    // which reads its watches again where a chain moved or its count
    // changed (place and resize), or the geometry is another.
    unsettleEvents()
    // A watch constant only in one geometry is read again in another.
    if eventDetector.hasGeometryWatches
      && (frame.geometry.viewport.height != scene.viewport.height
        || frame.geometry.contentInsets != scene.contentInsets)
    {
      eventDetector.noteGeometryChange()
    }
    frame.geometry.viewport = scene.viewport
    frame.geometry.contentInsets = scene.contentInsets
    frame.geometry.contentHeight = scene.layout.contentHeight
    var ownsPlacements = isKnownUniquelyReferenced(&placements.owner)
    var runsWritten = false
    for index in chains.indices {
      // Read in place, as the layout pass reads them: no chain is copied.
      let (placed, stride) = scene.chains.withUnsafeBufferPointer { chains in
        scene.layout.frames.withUnsafeBufferPointer { frames in
          (frames[index], chains[index].stride)
        }
      }
      guard
        placed != chains[index].frame || stride.bitPattern != chains[index].stride.bitPattern
      else { continue }
      if !ownsPlacements {
        makePlacementsUnique()
        ownsPlacements = true
      }
      chains[index].frame = placed
      chains[index].stride = stride
      let run = placements.runOfChain[index]
      if run >= 0 {
        runs[run].frame = placed
        runs[run].stride = stride
        runs[run].isWindowed = placements.windowable[run] && stride > 0
        runsWritten = true
      } else {
        groups.place(key: placements.groupKey[index], frame: placed, stride: stride)
      }
      eventDetector.place(chain: index, frame: placed, stride: stride)
    }
    if runsWritten { runsChanged() }
    for pin in placements.pins {
      guard let anchor = pin.anchor else { continue }
      let until = scene.layout.frames[anchor].y
      let step = steps[pin.step] as! LayoutPinStep
      guard step.pin.until?.bitPattern != until.bitPattern else { continue }
      if !ownsPlacements {
        makePlacementsUnique()
        ownsPlacements = true
      }
      (steps[pin.step] as! LayoutPinStep).pin.until = until
    }
  }

  /// Gives this host its own groups' plan and pins' steps when a copy of
  /// the host shares them.
  private mutating func makePlacementsUnique() {
    guard !isKnownUniquelyReferenced(&placements.owner) else { return }
    groups = ChainGroup.Plan(copying: groups)
    for pin in placements.pins {
      steps[pin.step] = LayoutPinStep(pin: (steps[pin.step] as! LayoutPinStep).pin)
    }
    placements.owner = PlacementOwner()
  }

  /// Builds the host again from its changed scene, keeping every stateful
  /// copy's state, the events' previous values, the frame's geometry,
  /// time and phase, and the last frame's transforms of the views that
  /// stay.
  private mutating func rebuildKeepingState() {
    var rebuilt = SceneHost(evaluating: scene, reducesMotion: reducesMotion)
    rebuilt.frame.clock = frame.clock
    rebuilt.frame.geometry.offset = frame.geometry.offset
    // Each chain's steps are made from its effects the same way in both
    // hosts: in order, a run of expressions joined (joiningExpressions).
    for run in rebuilt.runs {
      let oldRun = placements.runOfChain[run.chain]
      guard oldRun >= 0 else { continue }
      let old = runs[oldRun].steps
      for offset in 0..<min(old.count, run.steps.count) {
        let step = run.steps.lowerBound + offset
        rebuilt.steps[step] = rebuilt.steps[step].adoptingState(of: steps[old.lowerBound + offset])
      }
    }
    rebuilt.eventDetector.adoptPreviousValues(of: eventDetector)
    // The two hold their views in the same memory (ViewMemory): copied as
    // they are.
    let old = storage.views
    let views = rebuilt.uniqueViews()
    for (index, chain) in rebuilt.chains.enumerated() {
      let kept = min(chain.viewRange.count, chains[index].viewRange.count)
      for copy in 0..<kept {
        views[chain.viewRange.lowerBound + copy] = old[chains[index].viewRange.lowerBound + copy]
      }
    }
    self = rebuilt
  }

  // MARK: - Reading results by name

  /// The transform of copy `copy` (0 for a chain that does not repeat) of
  /// the chain named `name` in the last frame, with its natural frame, both
  /// in the screen's axes: `nil` when no chain has the name or the copy is
  /// out of range.
  public func view(named name: String, copy: Int = 0) -> PlacedTransform? {
    guard let index = chainIndex(named: name) else { return nil }
    let chain = chains[index]
    guard copy >= 0 && copy < chain.viewRange.count else { return nil }
    let mapping = screenMapping
    var placed = PlacedTransform(
      transform: transform(at: chain.viewRange.lowerBound + copy),
      naturalFrame: mapping.frame(chain.naturalFrame(copy: copy, in: geometry)))
    placed.isMirrored = mapping.isMirrored
    return placed
  }
}

/// A view's transform in a frame with its natural frame in that frame: what
/// the output columns give, `translateX` and `translateY` included.
public struct PlacedTransform: Sendable, Equatable {
  /// The transform, as ``SceneHost/transform(at:)`` gives it.
  public var transform: ViewTransform
  /// The view's natural frame in viewport coordinates in the same frame.
  public var naturalFrame: Rect

  /// Whether the view is in a right-to-left scene, whose `translateX` is the
  /// move of its leading (right) edge (``ScreenMapping/translationOrigin(of:natural:)``).
  public var isMirrored: Bool

  /// The placed transform of `transform` over `naturalFrame`, both in viewport coordinates;
  /// `isMirrored` when `translateX` is the move of the right edge, as in a right-to-left scene.
  public init(transform: ViewTransform, naturalFrame: Rect, isMirrored: Bool = false) {
    self.transform = transform
    self.naturalFrame = naturalFrame
    self.isMirrored = isMirrored
  }

  /// How far effects moved the view along x: `x` less its natural `x`, the
  /// `translateX` column (SwiftUI's `.offset(x:)`); in a right-to-left scene
  /// the move of the right edge, `x + width` less the natural one.
  public var translateX: Double {
    transform.translateX(
      from: ScreenMapping.translationOrigin(
        of: transform, natural: naturalFrame, mirrored: isMirrored))
  }
  /// How far effects moved the view along y: the `translateY` column.
  public var translateY: Double { transform.translateY(from: naturalFrame) }
}
