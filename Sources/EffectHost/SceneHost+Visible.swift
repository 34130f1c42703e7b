import EffectProtocol

/// Visible-only evaluation: the copies a lazy stack would have
/// (Docs/CommandLine.md, "Views off screen").
extension SceneHost {
  /// Evaluates, at scroll offset `offset`, only the views a lazy stack would
  /// have when `visibleOnly` is true: every copy of a repeated chain whose
  /// natural frame meets the viewport extended by one viewport height above
  /// and below (`-V...2V`, edges included), and every view of the other
  /// chains. ``visibleRange(ofChain:)`` tells which copies were evaluated;
  /// they get exactly what a full evaluation gives them, and the other
  /// views keep whatever an earlier frame left. The copies are found from
  /// the offset arithmetically, so the cost does not grow with the copies
  /// off screen. A chain with an effect that is not known to change each
  /// view by itself (a user's effect, `expression`, an effect with state)
  /// is evaluated whole.
  public mutating func evaluate(
    offset: Double, time: Double? = nil, phase: ScrollPhase = .idle, visibleOnly: Bool
  ) {
    var frame = geometry
    frame.offset = offset
    evaluate(frame, time: time, phase: phase, visibleOnly: visibleOnly)
  }

  /// The copies of chain `chainIndex` that the last frame evaluated: every
  /// copy, `0..<count`, unless it was evaluated with `visibleOnly`.
  public func visibleRange(ofChain chainIndex: Int) -> Range<Int> {
    requireChain(chainIndex)
    let all = 0..<chains[chainIndex].viewRange.count
    return isWindowed ? evaluated[chainIndex] : all
  }

  /// The copies of `run` whose natural frames meet `-V...2V` in `geometry`:
  /// an estimate from the first copy's top, the stride and the height,
  /// corrected by testing the copies at the ends with the exact natural tops
  /// that evaluation computes (which rounding keeps increasing).
  private static func visibleCopies(of run: ChainRun, in geometry: ScrollGeometry) -> Range<Int> {
    let height = geometry.viewport.height
    let top = geometry.viewportY(ofNaturalY: run.frame.y, attachment: run.attachment)
    let count = run.viewCount
    func naturalTop(_ copy: Int) -> Double { top + Double(copy) * run.stride }
    // Copy i meets the window when its bottom is at or below -V and its top
    // at or above 2V.
    func endsAbove(_ copy: Int) -> Bool { naturalTop(copy) + run.frame.height < -height }
    func startsBelow(_ copy: Int) -> Bool { naturalTop(copy) > 2 * height }
    func estimate(_ y: Double) -> Int {
      let copy = (y - top) / run.stride
      return copy > 0 ? (copy < Double(count) ? Int(copy) : count) : 0
    }
    var first = estimate(-height - run.frame.height)
    while first < count && endsAbove(first) { first += 1 }
    while first > 0 && !endsAbove(first - 1) { first -= 1 }
    var end = max(first, estimate(2 * height))
    while end < count && !startsBelow(end) { end += 1 }
    while end > first && startsBelow(end - 1) { end -= 1 }
    return first..<end
  }

  /// ``evaluate(_:time:phase:)``, of only the views a lazy stack would have
  /// when `visibleOnly` is true: see ``evaluate(offset:time:phase:visibleOnly:)``.
  public mutating func evaluate(
    _ geometry: ScrollGeometry, time: Double? = nil, phase: ScrollPhase = .idle,
    visibleOnly: Bool
  ) {
    guard visibleOnly else { return evaluate(geometry, time: time, phase: phase) }
    startFrame(geometry, time: time, phase: phase)
    // Found before the loop, so that the loop only reads them: a full frame
    // then pays nothing for windows it does not use.
    if evaluated.count != chains.count { evaluated = chains.map { 0..<$0.viewRange.count } }
    for run in runs {
      evaluated[run.chain] =
        run.isWindowed ? Self.visibleCopies(of: run, in: self.geometry) : 0..<run.viewCount
    }
    isWindowed = true
    let evaluated = self.evaluated
    let restingWritten = restingViewsWritten
    runChains { run in evaluated[run.chain] }
    if !eventDetector.isEmpty { detectEvents() }
    if isMirrored { mirrorWindows(evaluated, restingWritten: restingWritten) }
  }
}
