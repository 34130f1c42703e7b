import EffectProtocol

extension InterpolateEffect {
  /// ``combine(_:_:_:_:)`` for a batch whose frames are natural (at rest, or
  /// changed only in visuals) and an input read from a view's frame that
  /// moves one way from copy to copy (`minY`, `progress`): the copies
  /// before the first stop, between the stops and after the last form three
  /// runs, and each is evaluated without the curve's tests of the ends: a
  /// held end output once for all the copies of an outer run, its
  /// extension line for each; the run between is split again at each stop
  /// (``KeyframeFunction/combineBetween(_:_:_:_:)``).
  ///
  /// The copies of a chain in their natural frames are evenly spaced: copy
  /// `i`'s top is
  /// `top + i * stride`, which rounding keeps monotonic in `i`, as it keeps
  /// any input computed from it with one subtraction, one division by the
  /// same span and a saturation. So the runs are exact: every view gets what
  /// ``combine(_:_:_:_:)`` would give it view by view.
  @inline(never)
  static func combineInRuns<
    Curve: KeyframeFunction, Combiner: PropertyCombiner, Source: FrameInput
  >(_ views: inout ViewBatch, _ curve: Curve, _: Combiner.Type, _: Source.Type) {
    let runs = CopyRuns<Source>(views)
    let count = views.count
    // The segments, counted in the direction they grow with the copy index.
    let ascending = curve.segment(of: runs.firstInput) <= curve.segment(of: runs.lastInput)
    // About where the copies reach the stops' inputs, in that direction.
    let startGuess = runs.guess(crossing: ascending ? curve.first.input : curve.last.input)
    let endGuess = runs.guess(crossing: ascending ? curve.last.input : curve.first.input)
    // The searches for the runs' ends cost about as much as evaluating
    // the curve for two dozen copies: a chain whose copies lie mostly
    // between the stops (a short carousel, a list about a screen long) is
    // cheaper view by view, with the same values.
    guard runs.outerCopies(startGuess: startGuess, endGuess: endGuess) >= minimumOuterCopies
    else {
      return combine(&views, 0..<count, curve, Combiner.self, Source.self)
    }
    // 0 before the first stop, 1 between the stops, 2 after the last, in
    // that direction: the curve's own tests, so a run's value is the one
    // the curve gives.
    func rank(_ index: Int) -> Int {
      let segment = curve.segment(of: runs.input(index))
      return ascending ? segment : 2 - segment
    }
    let firstBetween = GallopingSearch.firstIndex(in: 0..<count, guess: startGuess) {
      rank($0) >= 1
    }
    let firstAfter = GallopingSearch.firstIndex(in: firstBetween..<count, guess: endGuess) {
      rank($0) >= 2
    }
    curve.combineEnd(atFirst: ascending, &views, 0..<firstBetween, runs, Combiner.self)
    curve.combineBetween(&views, firstBetween..<firstAfter, runs, Combiner.self)
    curve.combineEnd(atFirst: !ascending, &views, firstAfter..<count, runs, Combiner.self)
  }
}

extension InterpolateEffect {
  /// The copies before the first stop and after the last that repay
  /// ``combineInRuns(_:_:_:_:)``'s searches (BENCHMARKS.md, "Runs of
  /// copies": where the two paths cost the same); a batch of fewer copies
  /// is evaluated view by view without asking.
  static let minimumOuterCopies = 24
}

/// The `Source` inputs of a batch's copies in their natural frames, and
/// where to start the search for the end of a run of them.
struct CopyRuns<Source: FrameInput> {
  let batch: ViewBatch
  let viewportHeight: Double
  /// The inputs of the first and the last copy.
  let firstInput: Double
  let lastInput: Double

  /// The inputs of `batch`, which holds at least one view.
  @inline(__always)
  init(_ batch: ViewBatch) {
    self.batch = batch
    viewportHeight = batch.geometry.viewport.height
    firstInput = Source.input(batch.naturalTransform(at: 0), viewportHeight)
    lastInput = Source.input(batch.naturalTransform(at: batch.count - 1), viewportHeight)
  }

  /// The input of copy `index` in its natural frame.
  @inline(__always)
  func input(_ index: Int) -> Double {
    Source.input(batch.naturalTransform(at: index), viewportHeight)
  }

  /// Whether for every copy in `range` the input is its
  /// `Source.Unsaturated` form and `line` of it is within
  /// ±``Saturation/limit``: then saturating either keeps its value.
  ///
  /// Both are monotonic from copy to copy (as the input is; a line's
  /// rounded subtraction, product and sum keep that), so checking the
  /// run's end copies checks every one. An empty range holds none.
  @inline(__always)
  func staysWithinLimits(_ range: Range<Int>, _ line: InterpolateEffect.Line) -> Bool {
    guard
      !range.isEmpty,
      Source.isUnsaturatedExact(height: batch.naturalFrame.height, viewportHeight)
    else { return false }
    func isWithinLimits(_ value: Double) -> Bool {
      -Saturation.limit <= value && value <= Saturation.limit
    }
    for index in [range.lowerBound, range.upperBound - 1] {
      let x = Source.Unsaturated.input(batch.naturalTransform(at: index), viewportHeight)
      guard isWithinLimits(x), isWithinLimits(line(x)) else { return false }
    }
    return true
  }

  /// About how many copies lie outside the stops, from the copies
  /// ``guess(crossing:)`` finds at the two stops: those before the nearer
  /// guess and those from the farther on, whichever way the inputs run
  /// (with every copy between two stops, the segments cannot tell). Where
  /// every copy has the same input, that is all of them or none, as the
  /// input is outside the stops or not.
  @inline(__always)
  func outerCopies(startGuess: Int, endGuess: Int) -> Int {
    min(startGuess, endGuess) + (batch.count - max(startGuess, endGuess))
  }

  /// The copy about where the input reaches `threshold`. The input is
  /// affine in the copy index but for rounding: where the line through the
  /// end copies' inputs crosses it is where a run ends give or take a copy
  /// or two.
  @inline(__always)
  func guess(crossing threshold: Double) -> Int {
    let count = batch.count
    let copy = (threshold - firstInput) / (lastInput - firstInput) * Double(count - 1)
    // NaN (no change from copy to copy) and out of range: either end.
    return copy > 0 ? (copy < Double(count) ? Int(copy.rounded(.up)) : count) : 0
  }
}
