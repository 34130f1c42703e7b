import EffectProtocol
import ScrollEffectsTestSupport
import Testing

@testable import Effects

/// Built-in `interpolate` on a repeated chain at rest, where it evaluates
/// runs of copies at once: it gives exactly what each view alone gives.
@Suite struct InterpolateEffectRunsTests: RestingBatchSuite {
  static func expectSameBits(
    _ result: RestingBatchComparison, _ label: @autoclosure () -> String
  ) {
    if let difference = result.firstDifference { Issue.record("\(label()), \(difference)") }
  }

  /// The bench scene's rows' fade: opacity from 0 to 1 over the first fifth
  /// of their progress.
  static let fadeIn = InterpolateEffect(
    parameters: .init(
      property: .opacity, input: .progress,
      stops: [InterpolateEffect.Stop(0, 0), InterpolateEffect.Stop(0.2, 1)]))

  /// Random keyframes, some of whose inputs are exactly the input of a copy
  /// or the next number either side of it, so that the runs' ends fall on
  /// ties and near misses.
  /// Outputs are in 0..<1, or from -`outputs` to `outputs` when given;
  /// `counts` bounds the number of inputs drawn (ties are dropped).
  static func randomStops(
    _ random: inout SplitMix64, inputs: [Double], outputs: Double? = nil,
    counts: Range<Int> = 2..<5
  ) -> [InterpolateEffect.Stop] {
    func output() -> Double { outputs.map { random.signed(upTo: $0) } ?? random.unit() }
    var values: [Double] = []
    for _ in 0..<random.int(counts) {
      switch random.int(0..<4) {
      case 0: values.append(inputs[random.int(0..<inputs.count)])
      case 1:
        let input = inputs[random.int(0..<inputs.count)]
        values.append(random.chance(0.5) ? input.nextUp : input.nextDown)
      case 2:
        // Between or beyond the copies' inputs.
        let low = inputs.min()!
        let high = inputs.max()!
        values.append(low + (high - low) * (random.unit() * 1.4 - 0.2))
      default: values.append(random.signed(upTo: 2))
      }
    }
    var stops: [InterpolateEffect.Stop] = []
    for value in values.sorted() where value.isFinite && value != stops.last?.input {
      stops.append(InterpolateEffect.Stop(value, output()))
    }
    if stops.count < 2 {
      stops.append(InterpolateEffect.Stop((stops.last?.input ?? 0) + 1, output()))
    }
    return stops
  }

  @Test(
    "one to three interpolates on a repeated chain at rest give what each view alone gives",
    arguments: 0..<500)
  func interpolateInRuns(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let count = random.pick([1, 2, 3, 4, 7, 50, 200, 1000])
    let stride = random.pick([0, 0.5, 80, 80.3, 1e4, -80])
    let frame = Rect(
      x: 16, y: random.signed(upTo: 2e4), width: 358,
      height: random.pick([0, 72, random.magnitude(upTo: 1e3)]))
    let offset = random.chance(0.5) ? random.signed(upTo: 2e4) : Double(random.int(-100..<20000))
    var geometry = Self.geometry(offset: offset)
    if random.chance(0.05) { geometry.viewport.height = 0 }
    // The copies' natural frames, to put stops on their inputs.
    let natural = Self.naturalFrames(
      count: count, frame: frame, stride: stride, geometry: geometry)
    let viewportHeight = geometry.viewport.height
    var effects: [InterpolateEffect] = []
    for _ in 0..<random.int(1..<4) {
      let input = random.pick([ScrollInput.minY, .progress, .height, .offset])
      // Mostly properties that keep the frame, so that later effects see
      // natural frames too; sometimes one that moves or resizes the views.
      let movesFrames = random.chance(0.3)
      let property =
        movesFrames
        ? random.pick([InterpolateEffect.Property.translateX, .translateY, .width, .height])
        : random.pick([.opacity, .scale, .scaleX, .scaleY, .blur, .rotation, .zIndex])
      let inputs = natural.map { (frame: Rect) -> Double in
        switch input {
        case .minY: return frame.y
        case .progress: return (viewportHeight - frame.y) / (viewportHeight + frame.height)
        default: return frame.height
        }
      }.filter { $0.isFinite }
      let stops = Self.randomStops(
        &random, inputs: inputs.isEmpty ? [0] : inputs, outputs: movesFrames ? 300 : nil)
      let easing = random.pick([
        Easing.linear, .easeInOut, .cubicBezier(x1: 0.3, y1: -1, x2: 0.6, y2: 2),
      ])
      effects.append(
        InterpolateEffect(
          parameters: .init(
            property: property, input: input, stops: stops, easing: easing,
            extrapolate: random.pick(InterpolateEffect.Extrapolation.allCases))))
    }
    let result = Self.compare(
      count: count, frame: frame, stride: stride, geometry: geometry, viewByView: true
    ) { batch in
      for effect in effects { effect.apply(to: &batch) }
    }
    let described = effects.map { effect in
      let parameters = effect.parameters
      return
        "\(parameters.property) on \(parameters.input), stops \(parameters.stops), \(parameters.easing), \(parameters.extrapolate)"
    }
    Self.expectSameBits(
      result,
      "seed \(seed): \(count) copies every \(stride), offset \(offset); \(described)")
  }

  /// The natural viewport frames of `count` copies of `frame`, `stride` apart.
  static func naturalFrames(
    count: Int, frame: Rect, stride: Double, geometry: ScrollGeometry
  ) -> [Rect] {
    (0..<count).map { index in
      Rect(
        x: frame.x,
        y: geometry.viewportY(ofNaturalY: frame.y, attachment: .content)
          + Double(index) * stride, width: frame.width, height: frame.height)
    }
  }

  @Test(
    "keyframes of 2 to 14 stops, eased, held or extended, over minY or progress, give what each view alone gives",
    arguments: 0..<300)
  func manyStopsInRuns(seed: UInt64) {
    // Up to 8 stops the copies between the ends are split at every stop;
    // beyond, they are evaluated view by view: both sides of the limit.
    var random = SplitMix64(seed: 1000 + seed)
    let count = random.pick([3, 5, 40, 500])
    let stride = random.pick([72, -72, 0, 0.3, 72.1])
    let frame = Rect(x: 16, y: random.signed(upTo: 4e3), width: 358, height: 64)
    let geometry = Self.geometry(offset: random.signed(upTo: 4e3))
    let natural = Self.naturalFrames(
      count: count, frame: frame, stride: stride, geometry: geometry)
    let input = random.pick([ScrollInput.minY, .progress])
    let viewportHeight = geometry.viewport.height
    let inputs = natural.map { frame in
      input == .minY ? frame.y : (viewportHeight - frame.y) / (viewportHeight + frame.height)
    }
    let property = random.pick([InterpolateEffect.Property.opacity, .translateX, .rotation])
    let stops = Self.randomStops(
      &random, inputs: inputs, outputs: property == .opacity ? nil : 300, counts: 2..<15)
    let effect = InterpolateEffect(
      parameters: .init(
        property: property, input: input, stops: stops,
        easing: random.pick([Easing.linear, .easeInOut, .easeOut]),
        extrapolate: random.pick(InterpolateEffect.Extrapolation.allCases)))
    // A second effect reads the frames the first left natural, or moved.
    let then = InterpolateEffect(
      parameters: .init(
        property: .scale, input: random.pick([.minY, .progress]),
        stops: Self.randomStops(&random, inputs: inputs, counts: 2..<12),
        easing: .easeInOut, extrapolate: .extend))
    let result = Self.compare(
      count: count, frame: frame, stride: stride, geometry: geometry, viewByView: true
    ) { batch in
      effect.apply(to: &batch)
      then.apply(to: &batch)
    }
    Self.expectSameBits(
      result,
      "seed \(seed): \(count) copies every \(stride); \(effect.parameters), then \(then.parameters)"
    )
  }

  @Test("the list scene's arc: rows above, between and below three eased stops of minY, extended")
  func extendedArcRuns() throws {
    // 40 rows of 358 x 64 every 72 points from content y 16, scrolled 100:
    // row i's top is 47 - 100 + 16 + 72 i = -37 + 72 i. translateX follows
    // [47, 20], [428, 0], [810, 20], easeInOut, extended: rows 0 and 1 (tops
    // -37 and 35) are above the first stop, 2 to 6 (107 to 395) in the
    // first segment, 7 to 11 (467 to 755) in the second, 12 on (827) below:
    // 30 copies outside the stops, enough for the runs.
    let arc = InterpolateEffect(
      parameters: .init(
        property: .translateX, input: .minY,
        stops: [.init(47, 20), .init(428, 0), .init(810, 20)], easing: .easeInOut,
        extrapolate: .extend))
    let result = Self.compare(
      count: 40, frame: Rect(x: 16, y: 16, width: 358, height: 64), stride: 72,
      geometry: Self.geometry(offset: 100), viewByView: true
    ) { batch in arc.apply(to: &batch) }
    Self.expectSameBits(result, "arc")
    // CSS's ease-in-out, solved by the bisection reference.
    let easeInOut = try #require(InterpolateEffectTests.css["easeInOut"])
    for (index, view) in result.resting.enumerated() {
      let y = -37 + 72 * Double(index)
      #expect(view.y == y)
      let shift: Double
      if y <= 47 {
        shift = 20 + (y - 47) * ((0 - 20) / (428 - 47))
      } else if y < 428 {
        shift = 20 + (0 - 20) * EasingTests.reference(easeInOut, at: (y - 47) / (428 - 47))
      } else if y < 810 {
        shift = 0 + (20 - 0) * EasingTests.reference(easeInOut, at: (y - 428) / (810 - 428))
      } else {
        shift = 20 + (y - 810) * ((20 - 0) / (810 - 428))
      }
      #expect(abs(view.x - (16 + shift)) < 1e-9, "row \(index) at y \(y)")
    }
    // Worked: row 0 is 84 above the first stop, 84 * 20 / 381 further right.
    #expect(abs(result.resting[0].x - (36 + 84 * 20 / 381.0)) < 1e-12)
    // Row 12 is 17 below the last stop, on the second segment's slope.
    #expect(abs(result.resting[12].x - (36 + 17 * 20 / 382.0)) < 1e-12)
  }

  @Test("an extended run whose values pass the saturation limit mid-run is saturated copy by copy")
  func extensionsSaturateInRuns() {
    // A slope of 1 / 1e-300, saturated to 1e15; tops -20 to 20 in the
    // viewport (more than 24 copies outside the stops): the copies above
    // the first stop get y * 1e15, saturated at -1e15 from y = -1 on;
    // those below the last, 1 + y * 1e15 (y - 1e-300 is y), saturated at
    // 1e15.
    let steep = InterpolateEffect(
      parameters: .init(
        property: .rotation, input: .minY, stops: [.init(0, 0), .init(1e-300, 1)],
        extrapolate: .extend))
    for stride in [1.0, -1.0, 0.25] {
      let count = Int(40 / abs(stride)) + 1
      let result = Self.compare(
        count: count, frame: Rect(x: 0, y: stride > 0 ? -20 : 20, width: 10, height: 10),
        stride: stride, geometry: Self.geometry(offset: 0), attachment: .viewport,
        viewByView: true
      ) { batch in steep.apply(to: &batch) }
      Self.expectSameBits(result, "stride \(stride)")
      for view in result.resting {
        let expected = view.y <= 0 ? max(view.y * 1e15, -1e15) : min(1 + view.y * 1e15, 1e15)
        #expect(view.rotation == expected, "stride \(stride), y \(view.y)")
      }
      #expect(result.resting.contains { $0.rotation == -1e15 })
      #expect(result.resting.contains { $0.rotation == -5e14 } == (stride == 0.25))
    }
  }

  @Test(
    "an extended run over progress saturates it where the span is tiny, and holds 0 where it is not positive"
  )
  func progressSaturatesInRuns() {
    // Progress (V - y) / (V + h) with V = 0, h = 1e-300 and tops i * 1e-286:
    // -i * 1e14, saturated at -1e15 from copy 10 on. Stops [0, 0],
    // [1, slope] extended: the rotation is the progress times the slope.
    var flat = Self.geometry(offset: 0)
    flat.viewport.height = 0
    func tinySpan(slope: Double) -> RestingBatchComparison {
      let line = InterpolateEffect(
        parameters: .init(
          property: .rotation, input: .progress, stops: [.init(0, 0), .init(1, slope)],
          extrapolate: .extend))
      let result = Self.compare(
        count: 41, frame: Rect(x: 0, y: 0, width: 10, height: 1e-300), stride: 1e-286,
        geometry: flat, attachment: .viewport, viewByView: true
      ) { batch in line.apply(to: &batch) }
      Self.expectSameBits(result, "span 1e-300, slope \(slope)")
      for (index, view) in result.resting.enumerated() {
        let progress = (0 - Double(index) * 1e-286) / (0 + 1e-300)
        #expect(
          view.rotation == 0 + (max(progress, -1e15) - 0) * slope, "slope \(slope), copy \(index)")
      }
      return result
    }
    #expect(tinySpan(slope: 1).resting[40].rotation == -1e15)
    // A slope of 1e-20 keeps the line well within the limits: what
    // saturates is the progress alone.
    #expect(abs(tinySpan(slope: 1e-20).resting[40].rotation + 1e-5) < 1e-19)
    // A span of 844 - 900 < 0: the progress is 0 for every copy, in the
    // first extension of [0.5, 0], [1, 1]: 0 + (0 - 0.5) * 2.
    let later = InterpolateEffect(
      parameters: .init(
        property: .rotation, input: .progress, stops: [.init(0.5, 0), .init(1, 1)],
        extrapolate: .extend))
    let negative = Self.compare(
      count: 30, frame: Rect(x: 0, y: 0, width: 10, height: -900), stride: 80,
      geometry: Self.geometry(offset: 0), attachment: .viewport, viewByView: true
    ) { batch in later.apply(to: &batch) }
    Self.expectSameBits(negative, "span -56")
    #expect(negative.resting.allSatisfy { $0.rotation == -1 })
  }

  @Test("after an effect that moves the rows, a fade-in over progress reads where they are")
  func fadeInAfterMove() {
    // Every row 100 points lower, then faded in over the first fifth of its
    // progress: copy 14 is at y 799 (progress 45 / 916), copy 13 at 719.
    let lower = InterpolateEffect(
      parameters: .init(
        property: .translateY, input: .offset,
        stops: [InterpolateEffect.Stop(-1e6, 100), InterpolateEffect.Stop(1e6, 100)]))
    let result = Self.compare(
      count: 200, frame: Self.rowFrame, stride: 80, geometry: Self.geometry(offset: 700),
      viewByView: true
    ) { batch in
      lower.apply(to: &batch)
      Self.fadeIn.apply(to: &batch)
    }
    Self.expectSameBits(result, "moved, then faded")
    #expect(result.resting[12].opacity == 1)
    #expect(result.resting[13].opacity == 0 + 1 * ((125.0 / 916 - 0) / 0.2))
    #expect(result.resting[14].opacity == 0 + 1 * ((45.0 / 916 - 0) / 0.2))
    #expect(result.resting[15].opacity == 0)
  }

  @Test("frames stay known to be natural through changes of visuals only")
  func naturalFramesAreTracked() {
    let lift = InterpolateEffect(
      parameters: .init(
        property: .translateY, input: .offset,
        stops: [InterpolateEffect.Stop(0, 0), InterpolateEffect.Stop(100, -10)]))
    var states: [Bool] = []
    _ = Self.restingRows(count: 5, offset: 40) { batch in
      var batch = batch
      states.append(batch.hasNaturalFrames)
      Self.fadeIn.apply(to: &batch)
      states.append(batch.hasNaturalFrames)
      batch.modifyVisuals { view in view.rotation = 3 }
      states.append(batch.hasNaturalFrames)
      lift.apply(to: &batch)
      states.append(batch.hasNaturalFrames)
    }
    #expect(states == [true, true, true, false])
    _ = Self.restingRows(count: 5, offset: 40) { batch in
      batch.modifyEach { view in view.opacity = 0.5 }
      states.append(batch.hasNaturalFrames)
    }
    _ = Self.restingRows(count: 5, offset: 40) { batch in
      batch[4].blur = 2
      states.append(batch.hasNaturalFrames)
    }
    #expect(states.suffix(2) == [false, false])
    var view = ViewTransform(frame: Rect(y: 0, width: 1, height: 1))
    withUnsafeMutablePointer(to: &view) { view in
      let batch = ViewBatch(
        geometry: Self.geometry(offset: 0), attachment: .content,
        naturalFrame: Rect(y: 0, width: 1, height: 1), stride: 1, base: view, count: 1)
      // An eager batch knows nothing of its frames.
      #expect(!batch.hasNaturalFrames)
    }
  }

  @Test("the runs of a fade-in over progress: rows before, between and after the stops")
  func fadeInRuns() {
    // The bench scene's rows at offset 700: copy i's top is 47 - 700 + 232 +
    // 80 i = -421 + 80 i, its progress (844 - y) / 916. Progress 0.2 is at
    // y = 660.8 (copy 13.6), progress 0 at y = 844 (copy 15.8): copies 0-13
    // are faded in, 14 and 15 between, 16 on not yet.
    let result = Self.compare(
      count: 200, frame: Self.rowFrame, stride: 80, geometry: Self.geometry(offset: 700),
      viewByView: true
    ) { batch in Self.fadeIn.apply(to: &batch) }
    Self.expectSameBits(result, "fade-in")
    #expect(result.resting[0..<14].allSatisfy { $0.opacity == 1 })
    // Copy 14: y 699, progress 145 / 916; opacity progress / 0.2.
    #expect(result.resting[14].opacity == 0 + 1 * ((145.0 / 916 - 0) / 0.2))
    #expect(result.resting[15].opacity == 0 + 1 * ((65.0 / 916 - 0) / 0.2))
    #expect(result.resting[16...].allSatisfy { $0.opacity == 0 })
    #expect(result.resting.allSatisfy { $0.scaleX == 1 && $0.width == 358 })
  }
}

/// Which path a repeated chain at rest takes: the runs where enough copies
/// lie outside the stops to repay their searches.
@Suite struct CopyRunsEstimateTests: RestingBatchSuite {
  @Test("the copies outside the stops are counted within two of the true count", arguments: 0..<200)
  func outerCopiesEstimate(seed: UInt64) {
    var random = SplitMix64(seed: 4000 + seed)
    let count = random.pick([24, 30, 100, 1000])
    let stride = random.pick([72, -72, 0.3, 72.1, 500])
    let frame = Rect(x: 0, y: random.signed(upTo: 4e3), width: 100, height: 64)
    let geometry = Self.geometry(offset: random.signed(upTo: 4e3))
    let first = random.signed(upTo: 3e3)
    let last = first + random.unit() * 3e3
    _ = Self.compare(count: count, frame: frame, stride: stride, geometry: geometry) { batch in
      // The true count: each copy's top (minY) against the stops' inputs.
      let tops = (0..<count).map { batch.naturalTransform(at: $0).y }
      let outside = tops.filter { $0 < first || $0 > last }.count
      // The guesses in either order, as combineInRuns may give them: its
      // direction comes from the segments, which cannot tell it when every
      // copy is between two stops.
      let runs = CopyRuns<InterpolateEffect.MinY>(batch)
      let (a, b) = (runs.guess(crossing: first), runs.guess(crossing: last))
      let estimate = runs.outerCopies(startGuess: a, endGuess: b)
      #expect(runs.outerCopies(startGuess: b, endGuess: a) == estimate)
      #expect(
        abs(estimate - outside) <= 2,
        "seed \(seed): \(count) copies every \(stride), stops \(first)...\(last)")
    }
  }

  @Test("copies that all have the same input are all outside the stops, or none")
  func sameInput() {
    _ = Self.compare(
      count: 30, frame: Rect(x: 0, y: 100, width: 100, height: 64), stride: 0,
      geometry: Self.geometry(offset: 0)
    ) { batch in
      let runs = CopyRuns<InterpolateEffect.MinY>(batch)
      let top = batch.naturalTransform(at: 0).y
      func outer(_ first: Double, _ last: Double) -> Int {
        runs.outerCopies(
          startGuess: runs.guess(crossing: first), endGuess: runs.guess(crossing: last))
      }
      #expect(outer(top - 50, top + 50) == 0)
      #expect(outer(top + 50, top - 50) == 0)
      #expect(outer(top + 10, top + 50) == 30)
      #expect(outer(top - 50, top - 10) == 30)
    }
  }
}
