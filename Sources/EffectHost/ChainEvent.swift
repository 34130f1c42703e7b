import EffectProtocol
import Effects

/// A threshold a chain declares (its `events` key), whose crossing the host
/// reports: `{"name": "refresh", "input": "pull", "crosses": 100,
/// "direction": "increasing"}`.
///
/// `input` is one of `interpolate`'s inputs (`offset` by default, `pull`,
/// `pullBottom`, `minY`, `height`, `minX`, `width`, `progress`), read after
/// the chain's last effect. With `a` the value at the previous frame and `b`
/// at this one, the event fires when `a < crosses <= b` (increasing) or
/// `a > crosses >= b` (decreasing); `direction` `both` (the default) takes
/// either. Never on a first frame; every copy of a repeated chain fires its
/// own. With the `progress` input, `range` and `timelineInset` narrow the
/// progress as they do `interpolate`'s (``ViewTimeline``).
public struct ChainEvent: Sendable, Equatable {
  /// The way a value crosses the threshold.
  public enum Direction: String, Sendable, CaseIterable {
    case increasing, decreasing, both
  }

  /// Unique within the chain.
  public var name: String
  /// What is measured: `interpolate`'s inputs (``ScrollInput``).
  public var input: ScrollInput
  /// The threshold, in the input's unit (points; a fraction for progress).
  public var crosses: Double
  /// The way of crossing that fires the event; default `both`.
  public var direction: Direction
  /// The part of the view's passage the `progress` input runs over; `cover`
  /// by default. Only with the `progress` input.
  public var range: ViewRange
  /// How far in from the viewport's ends `range` is measured; 0 by default.
  /// Only with the `progress` input.
  public var timelineInset: TimelineInset

  /// The declaration `name` of the threshold `crosses` on `input`; each part left out takes a
  /// scene file's default: `offset`, `both`, the `cover` range, no timeline inset.
  public init(
    name: String, input: ScrollInput = .offset, crosses: Double,
    direction: Direction = .both, range: ViewRange = .cover,
    timelineInset: TimelineInset = .zero
  ) {
    self.name = name
    self.input = input
    self.crosses = crosses
    self.direction = direction
    self.range = range
    self.timelineInset = timelineInset
  }

  /// The range and insets of the `progress` input, `nil` for CSS's `cover`
  /// without insets (the input itself) and for the other inputs.
  var timeline: ViewTimeline? {
    let timeline = ViewTimeline(range: range, inset: timelineInset)
    return input == .progress && !timeline.isCover ? timeline : nil
  }

  /// The direction in which the value went from `previous` to `current`
  /// across the threshold, if it did and the event watches that direction:
  /// `increasing` for `previous < crosses <= current`, `decreasing` for
  /// `previous > crosses >= current`.
  @inlinable
  public func crossing(from previous: Double, to current: Double) -> SceneEvent.Direction? {
    Self.crossing(from: previous, to: current, crosses: crosses, direction: direction)
  }

  /// ``crossing(from:to:)`` of a threshold `crosses` watched in `direction`.
  @inlinable @inline(__always)
  static func crossing(
    from previous: Double, to current: Double, crosses: Double, direction: Direction
  ) -> SceneEvent.Direction? {
    // Nested, so that a value that stays below the threshold is two
    // comparisons: the compiler evaluated the second condition of a
    // flat pair whatever the first's, without branches, in every frame
    // that fires nothing.
    if previous < crosses {
      guard crosses <= current else { return nil }
      return direction == .decreasing ? nil : .increasing
    }
    if previous > crosses {
      guard crosses >= current else { return nil }
      return direction == .increasing ? nil : .decreasing
    }
    return nil
  }
}

/// An event that fired in a frame: which chain, copy and declaration, the way
/// the value went and its value in that frame.
public struct SceneEvent: Sendable, Equatable {
  /// The way the value crossed the threshold.
  public enum Direction: String, Sendable, CaseIterable {
    case increasing, decreasing
  }

  /// The chain's index in the scene (and in ``SceneHost/chains``).
  public var chain: Int
  /// The copy of a repeated chain; 0 for a chain that does not repeat.
  public var copy: Int
  /// The declaration's index in the chain's ``Chain/events``.
  public var event: Int
  /// The way the value crossed the threshold.
  public var direction: Direction
  /// The input's value in the frame that fired, after the chain's effects.
  public var value: Double

  /// The event of declaration `event` of copy `copy` of chain `chain`, which crossed in
  /// `direction` and has `value` in the frame.
  public init(chain: Int, copy: Int, event: Int, direction: Direction, value: Double) {
    self.chain = chain
    self.copy = copy
    self.event = event
    self.direction = direction
    self.value = value
  }
}

/// Finds the events of each frame of a host: the values of every declared
/// input of every copy at the previous frame, and the events fired in the
/// last one, both in memory reused from frame to frame.
///
/// A value: a host's copy carries a copy of it, and its tables (``Tables``)
/// and events are copied on the first write after that, as an array's
/// storage is, so copies of a host fire independently.
struct EventDetector: Sendable {
  /// One declared event of one chain: what to read and where its copies'
  /// previous values are.
  struct Watch: Sendable {
    var chain: Int
    var event: Int
    /// The declaration's input, threshold and direction: not the
    /// declaration itself, whose name would be retained and released at
    /// every copy of the watch, every frame.
    var input: ScrollInput
    var crosses: Double
    var direction: ChainEvent.Direction
    /// The progress input's range and insets, when not plain cover.
    var timeline: ViewTimeline?
    var firstView: Int
    var viewCount: Int
    /// The index of copy 0's previous value in ``EventDetector/previous``.
    var firstSlot: Int
    /// The chain's natural frame (copy 0's), attachment and copy stride:
    /// what a copy's natural frame is computed from.
    var frame: Rect
    var attachment: Attachment
    var stride: Double
    /// Whether no effect of the chain changes the input, a view's own
    /// (``EventDetector/isConstant(_:written:attachment:)``): each copy's
    /// value is then its natural frame's, which only a layout change moves;
    /// or whether it is constant in one viewport height and content insets
    /// (``isConstantInGeometry``).
    var isConstant = false
    /// Whether the input changes only with the layout, the viewport's
    /// height and the content insets
    /// (``EventDetector/isConstantInGeometry(_:written:attachment:)``): a
    /// frame in another geometry reads it again, with every constant watch.
    var isConstantInGeometry = false
    /// A scroll input's watch (one previous value for every copy): the
    /// first copy added since the last frame, which has no previous value
    /// and fires nothing in its first frame; `Int.max` when none was.
    var firstNewCopy = Int.max

    /// ``ChainEvent/crossing(from:to:)`` of the declaration.
    @inline(__always)
    func crossing(from previous: Double, to current: Double) -> SceneEvent.Direction? {
      ChainEvent.crossing(from: previous, to: current, crosses: crosses, direction: direction)
    }
  }

  /// The watches, the previous values, the previous tops and the chains'
  /// natural flags, in memory of their own (``Tables``).
  private var tables: Tables
  /// Whether a frame was evaluated since the start (or the last reset).
  private var hasPrevious = false
  /// The viewport height of the previous frame, which a progress computed
  /// again from the previous tops (``Tables/tops``) needs.
  private var previousViewportHeight = 0.0
  /// The content insets of the previous frame, which `auto` timeline insets
  /// measured again from the previous tops need.
  private var previousContentInsets = EdgeInsets.zero
  /// Whether a watch's input is a view's progress, the only one that reads
  /// ``previousViewportHeight`` and ``previousContentInsets``: without one,
  /// a frame neither keeps nor compares them.
  private let readsPreviousGeometry: Bool
  /// Whether the slots of every constant watch (``Watch/isConstant``) hold
  /// their copies' values, which no frame changes: true after a frame's
  /// detection, false after a layout change, or before a frame in another
  /// geometry when a watch is constant only in one
  /// (``noteGeometryChange()``), when the next frame compares them again.
  private var constantsKept = false {
    didSet { readsNoView = constantsKept && variesWithScrollOnly }
  }
  /// ``constantsKept`` and ``variesWithScrollOnly`` both: the next frame
  /// reads no view. One flag, so that the frame of a scene that must read
  /// views pays one test for it.
  private var readsNoView = false
  /// Whether a watch is not constant (``Watch/isConstant``): without one, a
  /// frame reads no watch while ``constantsKept`` holds.
  private let hasVaryingWatches: Bool
  /// Whether every watch that is not constant watches a scroll input, the
  /// same for every copy (or none does): while ``constantsKept`` holds, a
  /// frame then reads no view (``readsNoView``).
  private let variesWithScrollOnly: Bool
  /// Whether a watch is constant only in one viewport height and content
  /// insets (``Watch/isConstantInGeometry``): the host then calls
  /// ``noteGeometryChange()`` when a frame's geometry is another than the
  /// last frame's.
  let hasGeometryWatches: Bool
  /// Whether every watch reads a scroll input, or a view's input of a
  /// chain of at most ``copiesRead`` copies: a frame then reads each copy
  /// against its slot, with no search, in a function of its own
  /// (``detectFewCopies(_:in:geometry:)``) whose few registers the general
  /// one's set-up does not cost. A live change of a count may change it;
  /// a test turns it off to compare both ways.
  var readsFewCopies = false
  /// Whether a per-view watch of a chain whose frames are natural finds its
  /// crossings by binary search instead of reading every copy; a test turns
  /// it off to compare both ways.
  var searchesNaturalRanges = true
  /// The events of the last frame, in order of chains, declarations, copies.
  private(set) var fired: [SceneEvent] = []

  /// The most copies a per-view watch reads one by one in every frame; a
  /// watch of more copies whose frames stay natural is searched instead
  /// (``detect(_:in:geometry:)``). A search reads about four values even
  /// for one copy, and sets up more.
  static let copiesRead = 4

  /// The most events kept room for before the first frame; more grow the
  /// array once and it keeps its capacity.
  static let reservedEvents = 1 << 16

  /// What a detector reads and writes every frame, in memory of its own that
  /// a frame reaches through pointers: arrays would be retained and checked
  /// for sharing each, every frame. Copied on write as an array is
  /// (``EventDetector/uniqueTables()``), so that copies of a host fire
  /// independently.
  ///
  /// `@unchecked Sendable`: a detector writes it only when it holds the only
  /// reference, the check an array makes.
  final class Tables: @unchecked Sendable {
    /// One watch per declared event, in order of chains and declarations;
    /// their number never changes.
    let watches: UnsafeMutablePointer<Watch>
    let watchCount: Int
    /// The watches of a scroll input (`offset`, `pull`, `pullBottom`),
    /// in order, each where it is in ``watches``: the watches a frame that
    /// reads no view compares, where the others are constant and kept
    /// (``EventDetector/detectScrollInputs(geometry:)``), without passing
    /// over those.
    let scrollWatches: UnsafeMutablePointer<UnsafePointer<Watch>>
    let scrollWatchCount: Int
    /// For each watch, copy 0's natural viewport top at the previous frame
    /// when every copy had its natural frame then and the watch's previous
    /// values were not stored (see ``EventDetector/detect(_:in:geometry:)``);
    /// NaN when its slots in ``previous`` hold them.
    let tops: UnsafeMutablePointer<Double>
    /// Whether each chain's views kept their natural frames after its last
    /// effect in the frame just evaluated; the host sets it as it runs them.
    let naturalChains: UnsafeMutablePointer<Bool>
    let chainCount: Int
    /// The value of each copy of each watch at the previous frame, and their
    /// number (which a live change of a count changes).
    // Unchecked: written only by a detector that holds the only reference,
    // never during a frame; checked, every frame's read would call the runtime.
    @exclusivity(unchecked) private(set) var previous: UnsafeMutablePointer<Double>
    @exclusivity(unchecked) private(set) var previousCount: Int
    /// The previous values there is memory for: the most there have been.
    @exclusivity(unchecked) private var previousCapacity: Int

    init(watches: [Watch], previousCount: Int, chainCount: Int) {
      watchCount = watches.count
      let memory = UnsafeMutablePointer<Watch>.allocate(capacity: max(1, watchCount))
      memory.initialize(from: watches, count: watchCount)
      self.watches = memory
      (scrollWatches, scrollWatchCount) = Self.scrollWatches(in: memory, count: watchCount)
      tops = .allocate(capacity: max(1, watchCount))
      tops.initialize(repeating: .nan, count: watchCount)
      self.chainCount = chainCount
      naturalChains = .allocate(capacity: max(1, chainCount))
      naturalChains.initialize(repeating: false, count: chainCount)
      self.previousCount = previousCount
      previousCapacity = max(1, previousCount)
      previous = .allocate(capacity: previousCapacity)
      previous.initialize(repeating: 0, count: previousCount)
    }

    /// A copy of `other`, in memory of its own.
    init(copying other: Tables) {
      watchCount = other.watchCount
      watches = .allocate(capacity: max(1, watchCount))
      watches.initialize(from: other.watches, count: watchCount)
      (scrollWatches, scrollWatchCount) = Self.scrollWatches(in: watches, count: watchCount)
      tops = .allocate(capacity: max(1, watchCount))
      tops.initialize(from: other.tops, count: watchCount)
      chainCount = other.chainCount
      naturalChains = .allocate(capacity: max(1, chainCount))
      naturalChains.initialize(from: other.naturalChains, count: chainCount)
      previousCount = other.previousCount
      previousCapacity = other.previousCapacity
      previous = .allocate(capacity: previousCapacity)
      previous.initialize(from: other.previous, count: previousCount)
    }

    /// The watches of a scroll input among the `count` at `watches`, in
    /// order, in memory of their own, and their number.
    private static func scrollWatches(in watches: UnsafeMutablePointer<Watch>, count: Int)
      -> (UnsafeMutablePointer<UnsafePointer<Watch>>, Int)
    {
      let scroll = (0..<count).filter { !watches[$0].input.isPerView }
      let memory = UnsafeMutablePointer<UnsafePointer<Watch>>.allocate(
        capacity: max(1, scroll.count))
      memory.initialize(from: scroll.map { UnsafePointer(watches + $0) }, count: scroll.count)
      return (memory, scroll.count)
    }

    /// Inserts `delta` previous values at `index`, NaN (which crosses
    /// nothing), or with `delta` negative removes those at `index..<index -
    /// delta`, moving the ones after. Allocates only past the most there
    /// have been.
    func resizePrevious(at index: Int, by delta: Int) {
      let count = previousCount + delta
      if count > previousCapacity {
        previous = previous.moved(keeping: previousCount, toCapacity: count)
        previousCapacity = count
      }
      // Doubles are plain data: the tail moves as bytes (memmove, which the
      // regions' overlap needs).
      let tail = Swift.max(index, index - delta)
      UnsafeMutableRawPointer(previous + tail + delta).copyMemory(
        from: UnsafeRawPointer(previous + tail),
        byteCount: (previousCount - tail) * MemoryLayout<Double>.stride)
      if delta > 0 { (previous + index).initialize(repeating: .nan, count: delta) }
      previousCount = count
    }

    deinit {
      watches.deinitialize(count: watchCount)
      watches.deallocate()
      scrollWatches.deallocate()
      tops.deallocate()
      naturalChains.deallocate()
      previous.deallocate()
    }
  }

  init(scene: Scene) {
    var watches: [Watch] = []
    var firstView = 0
    var slots = 0
    for (chainIndex, chain) in scene.chains.enumerated() {
      // Found only for a chain that watches a view's own input.
      let written =
        chain.events.contains { $0.input.isPerView }
        ? SceneHost.fieldsWritten(byChain: chainIndex, in: scene) : nil
      for (eventIndex, event) in chain.events.enumerated() {
        var watch = Watch(
          chain: chainIndex, event: eventIndex, input: event.input, crosses: event.crosses,
          direction: event.direction, timeline: event.timeline, firstView: firstView,
          viewCount: chain.viewCount, firstSlot: slots, frame: scene.layout.frames[chainIndex],
          attachment: chain.attachment, stride: chain.stride)
        if let written {
          watch.isConstantInGeometry = Self.isConstantInGeometry(
            event.input, written: written, attachment: chain.attachment)
          watch.isConstant =
            watch.isConstantInGeometry
            || Self.isConstant(event.input, written: written, attachment: chain.attachment)
        }
        watches.append(watch)
        // A scroll input is the same for every copy: one previous value.
        slots += event.input.isPerView ? chain.viewCount : 1
      }
      firstView += chain.viewCount
    }
    tables = Tables(watches: watches, previousCount: slots, chainCount: scene.chains.count)
    readsPreviousGeometry = watches.contains { $0.input == .progress }
    hasVaryingWatches = watches.contains { !$0.isConstant }
    variesWithScrollOnly = !watches.contains { !$0.isConstant && $0.input.isPerView }
    hasGeometryWatches = watches.contains(where: \.isConstantInGeometry)
    readsFewCopies = Self.readsFewCopies(watches)
    fired.reserveCapacity(
      min(
        scene.chains.reduce(0) { $0 + $1.events.count * $1.viewCount },
        Self.reservedEvents))
  }

  /// Whether a view's input `input` is its natural frame's in every frame,
  /// when its chain's effects may change the fields `written` of a view and
  /// the chain has `attachment`: its `height`, `minX` or `width` when no
  /// effect changes it, its `minY` when none changes `y` and the chain is
  /// attached to the viewport. Only a layout change then moves it. (A
  /// `progress` reads the viewport's height too, which a frame may change.)
  static func isConstant(
    _ input: ScrollInput, written: SwiftChainCode.Fields, attachment: Attachment
  ) -> Bool {
    switch input {
    case .height: !written.contains(.height)
    case .minX: !written.contains(.x)
    case .width: !written.contains(.width)
    case .minY: attachment == .viewport && !written.contains(.y)
    case .offset, .pull, .pullBottom, .progress: false
    }
  }
  /// Whether a view's input `input` changes only with the layout, the
  /// viewport's height and the content insets, when its chain's effects may
  /// change the fields `written` of a view and the chain has `attachment`:
  /// its `progress`, attached to the viewport, when no effect changes `y`
  /// or `height`. (A range's insets are measured in the viewport and the
  /// content insets: ``ViewTimeline/measured(in:)``.)
  static func isConstantInGeometry(
    _ input: ScrollInput, written: SwiftChainCode.Fields, attachment: Attachment
  ) -> Bool {
    input == .progress && attachment == .viewport && !written.contains(.y)
      && !written.contains(.height)
  }

  /// Whether every one of `watches` reads a scroll input, or a view's
  /// input of a chain of at most ``copiesRead`` copies (``readsFewCopies``).
  static func readsFewCopies(_ watches: some Sequence<Watch>) -> Bool {
    watches.allSatisfy { !$0.input.isPerView || $0.viewCount <= copiesRead }
  }

  /// ``tables``, made this detector's own first: one check a frame.
  @inline(__always)
  private mutating func uniqueTables() -> Tables {
    if !isKnownUniquelyReferenced(&tables) { tables = Tables(copying: tables) }
    return tables
  }

  /// Whether each chain's views kept their natural frames in the frame just
  /// evaluated.
  var naturalChains: [Bool] {
    Array(UnsafeBufferPointer(start: tables.naturalChains, count: tables.chainCount))
  }

  /// Where the host records, as it runs a frame's chains, whether each
  /// chain's views kept their natural frames after its last effect: one
  /// flag a chain, in this detector's own memory. A grouped chain's flag is
  /// never written and stays false: its one view is read whatever it says
  /// (``copiesRead``).
  mutating func naturalChainFlags() -> UnsafeMutablePointer<Bool> {
    uniqueTables().naturalChains
  }

  /// Gives chain `chain`'s watches its new natural frame and stride (a live
  /// layout change), after writing the previous frame's values, which were
  /// computed from the old ones, into their slots.
  mutating func place(chain: Int, frame: Rect, stride: Double) {
    constantsKept = false
    let watches = uniqueTables().watches
    for index in 0..<tables.watchCount where watches[index].chain == chain {
      storePreviousValues(ofWatch: index)
      watches[index].frame = frame
      watches[index].stride = stride
    }
  }

  /// Gives chain `chain` `count` copies where it had `oldCount` (a live
  /// change of its count), its views starting at `firstView`: the copies
  /// that stay keep their previous values, new ones have none (NaN, which
  /// crosses nothing), and the watches of later chains move with their
  /// views. Allocates nothing while the slots fit their capacity.
  mutating func resize(chain: Int, from oldCount: Int, to count: Int) {
    constantsKept = false
    // Every watch of the chain first, before any slot moves.
    for index in 0..<tables.watchCount where tables.watches[index].chain == chain {
      storePreviousValues(ofWatch: index)
    }
    let tables = uniqueTables()
    let watches = tables.watches
    let delta = count - oldCount
    var slotShift = 0
    for index in 0..<tables.watchCount {
      if watches[index].chain > chain {
        watches[index].firstView += delta
        watches[index].firstSlot += slotShift
        continue
      }
      guard watches[index].chain == chain else { continue }
      watches[index].firstSlot += slotShift
      watches[index].viewCount = count
      guard watches[index].input.isPerView else {
        // One value for every copy: the copies from `oldCount` on had none
        // at the last frame.
        watches[index].firstNewCopy = min(watches[index].firstNewCopy, oldCount)
        continue
      }
      guard delta != 0 else { continue }
      let kept = watches[index].firstSlot + min(oldCount, count)
      tables.resizePrevious(at: kept, by: delta)
      slotShift += delta
    }
    readsFewCopies = Self.readsFewCopies(
      UnsafeBufferPointer(start: watches, count: tables.watchCount))
  }

  /// Writes the previous values of watch `index` into its slots when the
  /// previous frame left them to be computed from its natural frames.
  private mutating func storePreviousValues(ofWatch index: Int) {
    let tables = uniqueTables()
    guard !tables.tops[index].isNaN else { return }
    let watch = tables.watches[index]
    for copy in 0..<watch.viewCount {
      tables.previous[watch.firstSlot + copy] = previousValue(ofWatch: index, copy: copy)
    }
    tables.tops[index] = .nan
  }

  /// The value of copy `copy` of watch `index` at the previous frame.
  private func previousValue(ofWatch index: Int, copy: Int) -> Double {
    let watch = tables.watches[index]
    let top = tables.tops[index]
    guard !top.isNaN else {
      return tables.previous[watch.firstSlot + (watch.input.isPerView ? copy : 0)]
    }
    switch watch.input {
    case .minY: return NaturalMinY(top: top, stride: watch.stride)(copy)
    case .height: return NaturalHeight(height: watch.frame.height)(copy)
    // Copies move along y only: each keeps the chain's x and width.
    case .minX: return NaturalHeight(height: watch.frame.x)(copy)
    case .width: return NaturalHeight(height: watch.frame.width)(copy)
    case .progress:
      // Through its range, measured in the previous frame's viewport and
      // insets, as a frame's search computes it (detect(_:in:geometry:)).
      if let timeline = watch.timeline {
        let measured = timeline.measured(
          viewportHeight: previousViewportHeight, contentInsets: previousContentInsets)
        return NaturalTimelineProgress(
          top: top, stride: watch.stride, placed: measured.placed(height: watch.frame.height)
        )(copy)
      }
      return NaturalProgress(
        top: top, stride: watch.stride, height: watch.frame.height,
        viewportHeight: previousViewportHeight)(copy)
    default: return tables.previous[watch.firstSlot]
    }
  }

  /// Takes the previous values and last events of `old`, the detector of
  /// the same scene before a repeated chain's count changed: the copies
  /// that stay keep their previous values, new copies have none (NaN,
  /// which crosses nothing) until their first frame.
  mutating func adoptPreviousValues(of old: EventDetector) {
    hasPrevious = old.hasPrevious
    previousViewportHeight = old.previousViewportHeight
    previousContentInsets = old.previousContentInsets
    fired = old.fired
    let tables = uniqueTables()
    for index in 0..<min(tables.watchCount, old.tables.watchCount) {
      let watch = tables.watches[index]
      let slots = watch.input.isPerView ? watch.viewCount : 1
      let kept =
        watch.input.isPerView ? min(watch.viewCount, old.tables.watches[index].viewCount) : 1
      if !watch.input.isPerView {
        // One value for every copy: those past the old count had none.
        let oldWatch = old.tables.watches[index]
        tables.watches[index].firstNewCopy = min(oldWatch.firstNewCopy, oldWatch.viewCount)
      }
      for copy in 0..<slots {
        tables.previous[watch.firstSlot + copy] =
          copy < kept ? old.previousValue(ofWatch: index, copy: copy) : .nan
      }
    }
  }

  /// The number of watches, one per declared event.
  var watchCount: Int { tables.watchCount }

  /// Watch `index`, in order of chains and declarations.
  func watch(_ index: Int) -> Watch { tables.watches[index] }

  /// Whether the scene declares no event: the host then skips detection.
  var isEmpty: Bool { tables.watchCount == 0 }

  /// Whether every watch is constant and their values are kept: a frame
  /// then reads no watch (``settles()``).
  var keepsEveryValue: Bool { !hasVaryingWatches && constantsKept }

  /// The detection of a frame of a detector that ``keepsEveryValue``,
  /// without the frame's chains recording their natural flags: true, with
  /// the last frame's events cleared, when it does; false when the frame
  /// must be detected (``detect(_:in:geometry:)``). A frame that reads a
  /// watch follows a layout change, or is in another viewport height or
  /// insets where a watch depends on them (``noteGeometryChange()``); the
  /// views of every chain are written in it, and their flags with them, so
  /// no flag that a settled frame leaves unwritten is read.
  @inline(__always)
  mutating func settles() -> Bool {
    guard keepsEveryValue else { return false }
    settleFrame()
    return true
  }

  /// Tells the detector that the next frame's geometry may be another than
  /// the last frame's, in its viewport height or content insets (a frame
  /// given its geometry, a layout change): a watch constant only in one
  /// geometry (``Watch/isConstantInGeometry``) is then read again, with
  /// every constant watch. The host calls it only then, so that a frame
  /// that changes only the offset compares nothing.
  mutating func noteGeometryChange() {
    constantsKept = false
  }

  /// Back to before the first frame: the next frame fires nothing.
  mutating func reset() {
    hasPrevious = false
    fired.removeAll(keepingCapacity: true)
  }

  /// Reads every watched value of the frame just evaluated (`views`, in
  /// `geometry`) and records the events that fired; the values become the
  /// previous ones.
  ///
  /// One loop per input kind, reading only the field it needs, because this
  /// runs every frame over every copy: a scroll input is read and compared
  /// once for all copies of a watch, and a per-view loop does a load, a
  /// store and one multiplication per copy until a crossing. A per-view
  /// watch of a chain whose copies have their natural frames in this frame
  /// and the previous one reads no loop at all: see ``searchRanges``. A
  /// watch of an input that no effect of its chain changes
  /// (``Watch/isConstant``) reads nothing from one layout change to the next.
  ///
  /// The views are stored in `Memory`: a horizontal scene's swap their axes
  /// in memory, and its events read the vertical twin's values.
  ///
  /// Called in the frame whose chains wrote their flags through
  /// ``naturalChainFlags()``, which made the tables this detector's own: a
  /// host cannot be copied between the two, within its own `mutating` call,
  /// so the tables are not checked again (a debug build asserts it).
  @inline(__always)
  mutating func detect<Memory: ViewMemory>(
    _: Memory.Type, in views: UnsafeBufferPointer<ViewTransform>, geometry: ScrollGeometry
  ) {
    // The constant watches' values kept, and no view to read: one test.
    if readsNoView {
      if hasVaryingWatches {
        detectScrollInputs(geometry: geometry)
      } else {
        // Every watch constant: nothing to read.
        settleFrame()
      }
      return
    }
    if readsFewCopies {
      detectFewCopies(Memory.self, in: views, geometry: geometry)
    } else {
      detectViews(Memory.self, in: views, geometry: geometry)
    }
  }

  /// ``detect(_:in:geometry:)`` of a frame that reads views, when every
  /// watch reads a scroll input or a view's input of a few copies
  /// (``readsFewCopies``): each as ``detectViews(_:in:geometry:)`` reads
  /// it, in the same order, so the same events.
  @inline(never)
  private mutating func detectFewCopies<Memory: ViewMemory>(
    _: Memory.Type, in views: UnsafeBufferPointer<ViewTransform>, geometry: ScrollGeometry
  ) {
    let firing = hasPrevious
    settleFrame()
    assert(isKnownUniquelyReferenced(&self.tables), "detect: the frame shares its tables")
    guard let base = views.baseAddress else { return }
    let tables = self.tables
    let slots = tables.previous
    let kept = constantsKept
    var watch = UnsafePointer(tables.watches)
    let end = watch + tables.watchCount
    let stride = MemoryLayout<ViewTransform>.stride
    while watch != end {
      let slot = slots + watch.pointee.firstSlot
      switch watch.pointee.input {
      case .offset: Self.scan(watch, geometryValue: geometry.offset, slot, firing, &fired)
      case .pull: Self.scan(watch, geometryValue: geometry.pull, slot, firing, &fired)
      case .pullBottom: Self.scan(watch, geometryValue: geometry.pullBottom, slot, firing, &fired)
      default:
        // Values no frame changes, in their slots since the last layout change.
        if watch.pointee.isConstant && kept { break }
        if watch.pointee.input == .progress {
          let first = base + watch.pointee.firstView
          if let timeline = watch.pointee.timeline {
            Self.scan(
              watch, slot, firing, &fired,
              TimelineProgress<Memory>(first: first, timeline: timeline.measured(in: geometry)))
          } else {
            Self.scan(
              watch, slot, firing, &fired,
              Progress<Memory>(first: first, viewportHeight: geometry.viewport.height))
          }
          break
        }
        // The field where `Memory` keeps it, read at one offset whatever
        // the input: a loop for each input's field had the frame set up
        // the addresses of all of them before the first watch.
        let field =
          UnsafeRawPointer(base + watch.pointee.firstView)
          + ViewTransform.memoryOffset(
            ofField: Self.fieldOffset(of: watch.pointee.input), swapsAxes: Memory.swapsAxes)
        Self.scan(watch, slot, firing, &fired) {
          field.load(fromByteOffset: $0 &* stride, as: Double.self)
        }
      }
      watch += 1
    }
    constantsKept = true
    // As the general loop keeps it: a count that takes a watch past
    // ``copiesRead`` copies makes the next frame that loop's.
    if readsPreviousGeometry {
      previousViewportHeight = geometry.viewport.height
      previousContentInsets = geometry.contentInsets
    }
  }

  /// The byte offset in a transform of the field a view's input reads:
  /// `y` for `minY`, `x` for `minX`, `height` and `width`. Only those.
  @inline(__always)
  private static func fieldOffset(of input: ScrollInput) -> Int {
    switch input {
    case .minY: MemoryLayout<ViewTransform>.offset(of: \.y)!
    case .height: MemoryLayout<ViewTransform>.offset(of: \.height)!
    case .minX: MemoryLayout<ViewTransform>.offset(of: \.x)!
    case .width: MemoryLayout<ViewTransform>.offset(of: \.width)!
    case .offset, .pull, .pullBottom, .progress:
      preconditionFailure("\(input): not a field of a view")
    }
  }

  /// ``detect(_:in:geometry:)`` of a frame that reads views: those of the
  /// watches of views' inputs, and every constant watch after a layout
  /// change or in another geometry.
  @inline(never)
  private mutating func detectViews<Memory: ViewMemory>(
    _: Memory.Type, in views: UnsafeBufferPointer<ViewTransform>, geometry: ScrollGeometry
  ) {
    // Most frames fire nothing: emptying an empty array is a call to skip.
    if !fired.isEmpty { fired.removeAll(keepingCapacity: true) }
    let firing = hasPrevious
    hasPrevious = true
    // Read in place, through pointers: a watch is not copied, and nothing
    // is retained or checked a watch.
    assert(isKnownUniquelyReferenced(&self.tables), "detect: the frame shares its tables")
    let tables = self.tables
    // The viewport height and insets are read where a progress watch needs
    // them, the previous ones from `self` until the loop is over: taken
    // into locals first, they stayed in registers or on the stack through
    // every watch of every frame.
    if let base = views.baseAddress {
      detect(Memory.self, base, tables: tables, geometry: geometry, firing: firing)
      constantsKept = true
    }
    if readsPreviousGeometry {
      previousViewportHeight = geometry.viewport.height
      previousContentInsets = geometry.contentInsets
    }
  }

  /// The detection of a frame that reads nothing: the last frame's events
  /// cleared.
  @inline(__always)
  mutating func settleFrame() {
    // Most frames fire nothing: emptying an empty array is a call to skip.
    if !fired.isEmpty { fired.removeAll(keepingCapacity: true) }
    hasPrevious = true
  }

  /// ``detect(_:in:geometry:)`` of a frame whose every watch that is not
  /// constant reads a scroll input, the constant ones' values kept: each
  /// of those compared with its one previous value, in order, as
  /// ``detectViews(_:in:geometry:)`` compares it, in a loop of a few
  /// registers, without the frame of the views' loop.
  @inline(never)
  private mutating func detectScrollInputs(geometry: ScrollGeometry) {
    let firing = hasPrevious
    settleFrame()
    assert(isKnownUniquelyReferenced(&self.tables), "detect: the frame shares its tables")
    let tables = self.tables
    let slots = tables.previous
    // The others are constant (``variesWithScrollOnly``), their values
    // kept in their slots.
    var next = UnsafePointer(tables.scrollWatches)
    let end = next + tables.scrollWatchCount
    while next != end {
      let watch = next.pointee
      let slot = slots + watch.pointee.firstSlot
      switch watch.pointee.input {
      case .offset: Self.scan(watch, geometryValue: geometry.offset, slot, firing, &fired)
      case .pull: Self.scan(watch, geometryValue: geometry.pull, slot, firing, &fired)
      case .pullBottom: Self.scan(watch, geometryValue: geometry.pullBottom, slot, firing, &fired)
      default: preconditionFailure("a view's input among the scroll watches")
      }
      next += 1
    }
  }

  /// The loop over the watches of ``detectViews(_:in:geometry:)``, the
  /// views starting at `base`.
  @inline(__always)
  private mutating func detect<Memory: ViewMemory>(
    _: Memory.Type, _ base: UnsafePointer<ViewTransform>, tables: Tables,
    geometry: ScrollGeometry, firing: Bool
  ) {
    let searches = searchesNaturalRanges
    let firstWatch = tables.watches
    let naturalChains = tables.naturalChains
    let tops = tables.tops
    let slots = tables.previous
    for index in 0..<tables.watchCount {
      let watch = UnsafePointer(firstWatch + index)
      let slot = slots + watch.pointee.firstSlot
      let first = base + watch.pointee.firstView
      let input = watch.pointee.input
      switch input {
      case .offset:
        Self.scan(watch, geometryValue: geometry.offset, slot, firing, &fired)
        continue
      case .pull:
        Self.scan(watch, geometryValue: geometry.pull, slot, firing, &fired)
        continue
      case .pullBottom:
        Self.scan(watch, geometryValue: geometry.pullBottom, slot, firing, &fired)
        continue
      default: break
      }
      // Values no frame changes, in their slots since the last layout change.
      if watch.pointee.isConstant && constantsKept { continue }
      // A few copies are read, each against its stored value: a search
      // would read as many, after more set-up.
      if watch.pointee.viewCount <= Self.copiesRead {
        // Their values are always in their slots: only the search
        // leaves them out (its top not NaN), and a change of the
        // count stores them first (resize(chain:from:to:)).
        switch input {
        case .minY: Self.scan(watch, slot, firing, &fired, MinY<Memory>(first: first))
        case .height: Self.scan(watch, slot, firing, &fired, Height<Memory>(first: first))
        case .minX: Self.scan(watch, slot, firing, &fired, MinX<Memory>(first: first))
        case .width: Self.scan(watch, slot, firing, &fired, Width<Memory>(first: first))
        default:
          if let timeline = watch.pointee.timeline {
            Self.scan(
              watch, slot, firing, &fired,
              TimelineProgress<Memory>(
                first: first, timeline: timeline.measured(in: geometry)))
          } else {
            Self.scan(
              watch, slot, firing, &fired,
              Progress<Memory>(first: first, viewportHeight: geometry.viewport.height))
          }
        }
        continue
      }
      // Copy i's natural top is `top + i * stride`, as the host writes
      // it; with stride >= 0 it never decreases with i.
      let top = geometry.viewportY(
        ofNaturalY: watch.pointee.frame.y, attachment: watch.pointee.attachment)
      let stride = watch.pointee.stride
      let natural =
        searches && naturalChains[watch.pointee.chain] && stride >= 0 && !top.isNaN
      let previousTop = tops[index]
      let height = watch.pointee.frame.height
      var kept = Kept(natural: natural, previousTop: previousTop)
      switch input {
      case .minY:
        // `top + x` never decreases with `top`.
        kept.mayRise = top > previousTop
        kept.mayFall = top < previousTop
        Self.scan(
          watch, slot, firing, kept, ascending: true, &fired,
          previous: NaturalMinY(top: previousTop, stride: stride),
          current: MinY<Memory>(first: first))
      case .height:
        // Natural in both frames, every copy has the chain's own height in
        // both: nothing crosses (and so for minX and width).
        kept.mayRise = false
        kept.mayFall = false
        Self.scan(
          watch, slot, firing, kept, ascending: true, &fired,
          previous: NaturalHeight(height: height), current: Height<Memory>(first: first))
      case .minX:
        kept.mayRise = false
        kept.mayFall = false
        Self.scan(
          watch, slot, firing, kept, ascending: true, &fired,
          previous: NaturalHeight(height: watch.pointee.frame.x),
          current: MinX<Memory>(first: first))
      case .width:
        kept.mayRise = false
        kept.mayFall = false
        Self.scan(
          watch, slot, firing, kept, ascending: true, &fired,
          previous: NaturalHeight(height: watch.pointee.frame.width),
          current: Width<Memory>(first: first))
      default:
        if let timeline = watch.pointee.timeline {
          // In the same viewport and insets, progress never increases
          // with the top.
          if Self.isSame(
            geometry, viewportHeight: previousViewportHeight,
            contentInsets: previousContentInsets)
          {
            kept.mayRise = top < previousTop
            kept.mayFall = top > previousTop
          }
          let previousTimeline = timeline.measured(
            viewportHeight: previousViewportHeight, contentInsets: previousContentInsets)
          Self.scan(
            watch, slot, firing, kept, ascending: false, &fired,
            previous: NaturalTimelineProgress(
              top: previousTop, stride: stride,
              placed: previousTimeline.placed(height: height)),
            current: TimelineProgress<Memory>(
              first: first, timeline: timeline.measured(in: geometry)))
          break
        }
        // In the same viewport, progress never increases with the top.
        let viewportHeight = geometry.viewport.height
        if viewportHeight == previousViewportHeight {
          kept.mayRise = top < previousTop
          kept.mayFall = top > previousTop
        }
        Self.scan(
          watch, slot, firing, kept, ascending: false, &fired,
          previous: NaturalProgress(
            top: previousTop, stride: stride, height: height,
            viewportHeight: previousViewportHeight),
          current: Progress<Memory>(first: first, viewportHeight: viewportHeight))
      }
      tops[index] = natural ? top : .nan
    }
  }

  /// Whether `geometry` has viewport height `viewportHeight` and content
  /// insets `contentInsets`. Out of line: inline, the compiler computed it
  /// once for the loop over the watches, in every frame of every scene
  /// with events, where only a searched progress watch with a timeline reads
  /// it.
  @inline(never)
  private static func isSame(
    _ geometry: ScrollGeometry, viewportHeight: Double, contentInsets: EdgeInsets
  ) -> Bool {
    geometry.viewport.height == viewportHeight && geometry.contentInsets == contentInsets
  }

  /// Whether a watch's chain has its natural frames in this frame, and
  /// copy 0's natural top in the previous frame if it had them then (NaN if
  /// not: its previous values are in its slots).
  struct Kept {
    var natural: Bool
    var previousTop: Double
    /// Whether, with natural frames in both frames, a copy's value may have
    /// risen (or fallen) since the previous frame: every copy moves the
    /// same way as the top, so a frame scrolled one way can cross the other
    /// way nowhere, and the search looks for one direction only.
    var mayRise = true
    var mayFall = true
  }

  /// A per-view input's watch: by binary search when the copies have their
  /// natural frames in this frame and the previous one, otherwise by the
  /// loop over every copy (after writing the previous values into `slots`
  /// when the previous frame did not store them). `previous(copy)` is the
  /// value at the previous frame computed from its natural frame, with the
  /// expression `current` computes it with; both never decrease with the
  /// copy when `ascending`, never increase when not.
  @inline(__always)
  private static func scan<Previous: CopyValues, Current: CopyValues>(
    _ watch: UnsafePointer<Watch>, _ slots: UnsafeMutablePointer<Double>, _ firing: Bool,
    _ kept: Kept,
    ascending: Bool, _ fired: inout [SceneEvent], previous: Previous, current: Current
  ) {
    let hadNatural = !kept.previousTop.isNaN
    if kept.natural {
      // Natural now: the next frame computes these values again.
      guard firing else { return }
      if hadNatural {
        // Values that cannot have moved (a chain at rest, a frame that did
        // not scroll) need no search.
        if kept.mayRise || kept.mayFall {
          searchRanges(
            watch, ascending: ascending, rising: kept.mayRise, falling: kept.mayFall, &fired,
            previous: previous, current: current)
        }
        return
      }
    } else if firing && hadNatural {
      for copy in 0..<watch.pointee.viewCount { slots[copy] = previous(copy) }
    }
    scanEach(watch, slots, firing, &fired, current)
  }

  /// Fires a watch's events from values that are monotone in the copy
  /// (never decreasing when `ascending`, never increasing when not), in both
  /// frames: the copies with `a < X` form a prefix or a suffix of the
  /// copies, and so do those with `X <= b`, `a > X` and `b <= X`; each
  /// direction fires on the intersection of two of them, a range found by
  /// binary search, about 4 log2(copies) values read instead of all (2
  /// when `rising` or `falling` says the values went one way only). The
  /// values compared are those the loop over copies compares, so the
  /// events are the same, in the same order (by copy: the two ranges are
  /// disjoint, a copy crossing one way only).
  @inline(__always)
  private static func searchRanges<Previous: CopyValues, Current: CopyValues>(
    _ watch: UnsafePointer<Watch>, ascending: Bool, rising mayRise: Bool, falling mayFall: Bool,
    _ fired: inout [SceneEvent], previous: Previous, current: Current
  ) {
    let count = watch.pointee.viewCount
    let crosses = watch.pointee.crosses
    let direction = watch.pointee.direction
    var rising = 0..<0
    var falling = 0..<0
    if mayRise && direction != .decreasing {
      rising = intersection(
        part(count, prefix: ascending) { previous($0) < crosses },
        part(count, prefix: !ascending) { crosses <= current($0) })
    }
    if mayFall && direction != .increasing {
      falling = intersection(
        part(count, prefix: !ascending) { previous($0) > crosses },
        part(count, prefix: ascending) { current($0) <= crosses })
    }
    // No array of the two: it would allocate every frame.
    if rising.lowerBound <= falling.lowerBound {
      emit(watch, rising, .increasing, &fired, current)
      emit(watch, falling, .decreasing, &fired, current)
    } else {
      emit(watch, falling, .decreasing, &fired, current)
      emit(watch, rising, .increasing, &fired, current)
    }
  }

  /// Fires `watch` for each copy in `copies`, the way `direction`.
  @inline(__always)
  private static func emit<Current: CopyValues>(
    _ watch: UnsafePointer<Watch>, _ copies: Range<Int>, _ direction: SceneEvent.Direction,
    _ fired: inout [SceneEvent], _ current: Current
  ) {
    for copy in copies {
      fired.append(
        SceneEvent(
          chain: watch.pointee.chain, copy: copy, event: watch.pointee.event, direction: direction,
          value: current(copy)))
    }
  }

  /// The copies `0..<count` for which `contains` holds, given that they are
  /// a prefix (`prefix`) or a suffix of them: found by binary search.
  @inline(__always)
  private static func part(_ count: Int, prefix: Bool, _ contains: (Int) -> Bool) -> Range<Int> {
    // The first copy at which `contains(copy) != prefix`: `contains` is
    // `prefix` before it and not from it on.
    var low = 0
    var high = count
    while low < high {
      let middle = low + (high - low) / 2
      if contains(middle) == prefix { low = middle + 1 } else { high = middle }
    }
    return prefix ? 0..<low : low..<count
  }

  @inline(__always)
  private static func intersection(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
    let lower = max(a.lowerBound, b.lowerBound)
    return lower..<max(lower, min(a.upperBound, b.upperBound))
  }

  /// A scroll input's watch: one previous value; a crossing fires for
  /// every copy that had the last frame (``Watch/firstNewCopy``).
  @inline(__always)
  private static func scan(
    _ watch: UnsafePointer<Watch>, geometryValue value: Double,
    _ slot: UnsafeMutablePointer<Double>, _ firing: Bool, _ fired: inout [SceneEvent]
  ) {
    let before = slot.pointee
    slot.pointee = value
    let firstNewCopy = watch.pointee.firstNewCopy
    if firstNewCopy != .max {
      // The detector's tables are its own in a frame (detect(_:in:geometry:)).
      UnsafeMutablePointer(mutating: watch).pointee.firstNewCopy = .max
    }
    guard firing, let direction = watch.pointee.crossing(from: before, to: value) else {
      return
    }
    for copy in 0..<min(watch.pointee.viewCount, firstNewCopy) {
      fired.append(
        SceneEvent(
          chain: watch.pointee.chain, copy: copy, event: watch.pointee.event, direction: direction,
          value: value))
    }
  }

  /// A per-view input's watch of a few copies: each copy's value
  /// `current(copy)` against its own previous value in `slots[copy]`.
  @inline(__always)
  private static func scan<Current: CopyValues>(
    _ watch: UnsafePointer<Watch>, _ slots: UnsafeMutablePointer<Double>, _ firing: Bool,
    _ fired: inout [SceneEvent], _ current: Current
  ) {
    scan(watch, slots, firing, &fired) { current($0) }
  }

  /// ``scan(_:_:_:_:value:)`` of every copy's value in `current`, read in
  /// order (``CopyValues/forEach(_:_:)``).
  @inline(__always)
  private static func scanEach<Current: CopyValues>(
    _ watch: UnsafePointer<Watch>, _ slots: UnsafeMutablePointer<Double>, _ firing: Bool,
    _ fired: inout [SceneEvent], _ current: Current
  ) {
    let count = watch.pointee.viewCount
    guard firing else {
      current.forEach(count) { copy, value in slots[copy] = value }
      return
    }
    let crosses = watch.pointee.crosses
    current.forEach(count) { copy, current in
      compare(watch, copy, current, slots, crosses, &fired)
    }
  }

  /// A per-view input's watch: `value(copy)` for each copy, against its own
  /// previous value in `slots[copy]`.
  @inline(__always)
  private static func scan(
    _ watch: UnsafePointer<Watch>, _ slots: UnsafeMutablePointer<Double>, _ firing: Bool,
    _ fired: inout [SceneEvent], value: (Int) -> Double
  ) {
    let count = watch.pointee.viewCount
    guard firing else {
      for copy in 0..<count { slots[copy] = value(copy) }
      return
    }
    let crosses = watch.pointee.crosses
    for copy in 0..<count {
      compare(watch, copy, value(copy), slots, crosses, &fired)
    }
  }

  /// Compares `current`, copy `copy`'s value, with its previous one in
  /// `slots[copy]`, stores it there, and fires the watch (whose threshold
  /// is `crosses`) if it crossed.
  @inline(__always)
  private static func compare(
    _ watch: UnsafePointer<Watch>, _ copy: Int, _ current: Double,
    _ slots: UnsafeMutablePointer<Double>, _ crosses: Double, _ fired: inout [SceneEvent]
  ) {
    let before = slots[copy]
    slots[copy] = current
    // Most copies cross nothing. A crossing needs the two values on either
    // side of the threshold (or on it): a product of at most 0, one
    // multiplication instead of four comparisons; the rule then decides.
    guard (before - crosses) * (current - crosses) <= 0 else { return }
    if let direction = watch.pointee.crossing(from: before, to: current) {
      fired.append(
        SceneEvent(
          chain: watch.pointee.chain, copy: copy, event: watch.pointee.event,
          direction: direction, value: current))
    }
  }
}

/// A per-view input's value for each copy of a watch: read from the views
/// of this frame, or computed again from the natural frames of the previous
/// one with the same expression. Types, not closures, so that the search
/// is specialised for each and calls nothing per value read.
protocol CopyValues {
  func callAsFunction(_ copy: Int) -> Double
  /// Gives `body` each copy of `0..<count` and its value, in order: what a
  /// loop over every copy reads.
  func forEach(_ count: Int, _ body: (Int, Double) -> Void)
}

extension CopyValues {
  @inline(__always)
  func forEach(_ count: Int, _ body: (Int, Double) -> Void) {
    for copy in 0..<count { body(copy, self(copy)) }
  }
}

/// The views' `minY` (`y`).
struct MinY<Memory: ViewMemory>: CopyValues {
  let first: UnsafePointer<ViewTransform>
  @inline(__always) func callAsFunction(_ copy: Int) -> Double { Memory.load(first + copy).y }
}

/// The views' `minX` (`x`).
struct MinX<Memory: ViewMemory>: CopyValues {
  let first: UnsafePointer<ViewTransform>
  @inline(__always) func callAsFunction(_ copy: Int) -> Double { Memory.load(first + copy).x }
}

/// The views' widths.
struct Width<Memory: ViewMemory>: CopyValues {
  let first: UnsafePointer<ViewTransform>
  @inline(__always) func callAsFunction(_ copy: Int) -> Double { Memory.load(first + copy).width }
}

/// The views' heights.
struct Height<Memory: ViewMemory>: CopyValues {
  let first: UnsafePointer<ViewTransform>
  @inline(__always) func callAsFunction(_ copy: Int) -> Double { Memory.load(first + copy).height }
}

/// The views' cover progress (``ScrollGeometry/coverProgress(minY:height:viewportHeight:)``).
struct Progress<Memory: ViewMemory>: CopyValues {
  let first: UnsafePointer<ViewTransform>
  let viewportHeight: Double
  @inline(__always) func callAsFunction(_ copy: Int) -> Double {
    let view = Memory.load(first + copy)
    return ScrollGeometry.coverProgress(
      minY: view.y, height: view.height, viewportHeight: viewportHeight)
  }
}

/// A natural top: `top + copy * stride`, as the host writes it.
struct NaturalMinY: CopyValues {
  let top: Double
  let stride: Double
  @inline(__always) func callAsFunction(_ copy: Int) -> Double { top + Double(copy) * stride }
}

/// A natural height: the chain's, for every copy.
struct NaturalHeight: CopyValues {
  let height: Double
  @inline(__always) func callAsFunction(_ copy: Int) -> Double { height }
}

/// The cover progress of a natural frame.
struct NaturalProgress: CopyValues {
  let top: Double
  let stride: Double
  let height: Double
  let viewportHeight: Double
  @inline(__always) func callAsFunction(_ copy: Int) -> Double {
    ScrollGeometry.coverProgress(
      minY: top + Double(copy) * stride, height: height, viewportHeight: viewportHeight)
  }
}

/// The views' progress through a view range with timeline insets
/// (``ViewTimeline``), measured in this frame.
struct TimelineProgress<Memory: ViewMemory>: CopyValues {
  let first: UnsafePointer<ViewTransform>
  let timeline: ViewTimeline.Measured
  @inline(__always) func callAsFunction(_ copy: Int) -> Double {
    let view = Memory.load(first + copy)
    return timeline.progress(minY: view.y, height: view.height)
  }

  /// The range is placed again only where a copy's height differs from the
  /// copy before's, bit for bit: placing it is the dearer part of a copy's
  /// progress (two named ranges' ends and offsets), and the copies of a
  /// chain mostly have one height. The same height gives the same placed
  /// range, so the same values as ``callAsFunction(_:)``.
  @inline(__always)
  func forEach(_ count: Int, _ body: (Int, Double) -> Void) {
    guard count > 0 else { return }
    var height = Memory.load(first).height
    var placed = timeline.placed(height: height)
    for copy in 0..<count {
      let view = Memory.load(first + copy)
      if view.height.bitPattern != height.bitPattern {
        height = view.height
        placed = timeline.placed(height: height)
      }
      body(copy, placed.progress(minY: view.y))
    }
  }
}

/// The progress through a view range of a natural frame: the range placed
/// for the chain's height, as ``TimelineProgress`` places it.
struct NaturalTimelineProgress: CopyValues {
  let top: Double
  let stride: Double
  let placed: ViewTimeline.Placed
  @inline(__always) func callAsFunction(_ copy: Int) -> Double {
    placed.progress(minY: top + Double(copy) * stride)
  }
}
