import EffectProtocol

extension InterpolateEffect {
  /// ``combine(_:_:_:_:)`` for a batch whose frames are natural (at rest, or
  /// changed only in visuals) and an input read from a view's frame that
  /// moves one way from copy to copy (`minY`, `progress`),
  /// under a curve that holds its end outputs: the copies before the first
  /// stop, between the stops and after the last form three runs, and those
  /// of the outer runs get the end output without evaluating the curve for
  /// each. The runs' ends are searched for from where the straight line
  /// through the end copies' inputs crosses the stops: a few evaluations of
  /// the input a frame, however many copies.
  ///
  /// The copies of a chain in their natural frames are evenly spaced: copy
  /// `i`'s top is
  /// `top + i * stride`, which rounding keeps monotonic in `i`, as it keeps
  /// any input computed from it with one subtraction and one division by the
  /// same span. So the runs are exact: every view gets what
  /// ``combine(_:_:_:_:)`` would give it view by view.
  @inline(__always)
  static func combineInRuns<
    Curve: KeyframeFunction, Combiner: PropertyCombiner, Source: FrameInput
  >(_ views: inout ViewBatch, _ curve: Curve, _: Combiner.Type, _: Source.Type) {
    let batch = views
    let count = batch.count
    let viewportHeight = batch.geometry.viewport.height
    func input(_ index: Int) -> Double {
      Source.input(batch.naturalTransform(at: index), viewportHeight)
    }
    let firstInput = input(0)
    let lastInput = input(count - 1)
    // The segments, counted in the direction they grow with the copy index.
    let ascending = curve.segment(of: firstInput) <= curve.segment(of: lastInput)
    // 0 before the first stop, 1 between the stops, 2 after the last, in
    // that direction: the curve's own tests, so a run's value is the one
    // the curve gives.
    func rank(_ index: Int) -> Int {
      let segment = curve.segment(of: input(index))
      return ascending ? segment : 2 - segment
    }
    // The input is affine in the copy index but for rounding: where it
    // crosses a stop's input, found from the end copies, is where the run
    // ends give or take a copy or two.
    func guess(crossing threshold: Double) -> Int {
      let copy = (threshold - firstInput) / (lastInput - firstInput) * Double(count - 1)
      // NaN (no change from copy to copy) and out of range: either end.
      return copy > 0 ? (copy < Double(count) ? Int(copy.rounded(.up)) : count) : 0
    }
    let firstBetween = GallopingSearch.firstIndex(
      in: 0..<count, guess: guess(crossing: ascending ? curve.first.input : curve.last.input)
    ) { rank($0) >= 1 }
    let firstAfter = GallopingSearch.firstIndex(
      in: firstBetween..<count,
      guess: guess(crossing: ascending ? curve.last.input : curve.first.input)
    ) { rank($0) >= 2 }
    let before = ascending ? curve.first.output : curve.last.output
    let after = ascending ? curve.last.output : curve.first.output
    combine(&views, 0..<firstBetween, before, Combiner.self)
    combine(&views, firstBetween..<firstAfter, curve, Combiner.self, Source.self)
    combine(&views, firstAfter..<count, after, Combiner.self)
  }
}
