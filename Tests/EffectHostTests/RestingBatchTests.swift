import EffectProtocol
import Effects
import Testing

/// A batch at rest (the host's: nothing written until an effect changes a
/// view) gives every effect exactly what an eager batch gives, whose views
/// were written with their natural transforms first.
@Suite struct RestingBatchTests {
  /// A screen of 390 x 844 with a 47-point top inset, at `offset`.
  static func geometry(offset: Double) -> ScrollGeometry {
    ScrollGeometry(
      offset: offset, viewport: Size(width: 390, height: 844),
      contentInsets: EdgeInsets(top: 47, bottom: 34), contentHeight: 4000)
  }

  /// Every stored column of `transform`, as bit patterns: equal when the
  /// two transforms are the same to the last bit, signs of zero included.
  static func bits(_ transform: ViewTransform) -> [UInt64] {
    [
      transform.x, transform.y, transform.width, transform.height, transform.scaleX,
      transform.scaleY, transform.anchorX, transform.anchorY, transform.opacity, transform.blur,
      transform.rotation, transform.zIndex,
    ].map(\.bitPattern)
  }

  /// A transform no view has: memory an effect must never read.
  static let garbage = {
    var transform = ViewTransform(frame: Rect(x: -7, y: -7, width: 7, height: 7))
    let visuals: [WritableKeyPath<ViewTransform, Double>] = [
      \.scaleX, \.scaleY, \.anchorX, \.anchorY, \.blur, \.rotation, \.zIndex,
    ]
    for visual in visuals { transform[keyPath: visual] = 7 }
    transform.opacity = 0.7
    return transform
  }()

  /// Runs `body` on a batch at rest over `count` views (the memory holds
  /// ``garbage``) and on an eager batch whose views hold their natural
  /// transforms; then writes the views still at rest, as the host does, and
  /// returns both buffers and the views the resting batch left at rest.
  ///
  /// With `viewByView`, the eager side runs `body` on each view alone, in a
  /// batch of one: the plainest evaluation, which shares none of a batch's
  /// shortcuts (an eager batch takes none either, but this does not depend
  /// on it).
  static func compare(
    count: Int, frame: Rect, stride: Double, geometry: ScrollGeometry,
    attachment: EffectProtocol.Attachment = .content, viewByView: Bool = false,
    _ body: (inout ViewBatch) -> Void
  ) -> (resting: [ViewTransform], eager: [ViewTransform], leftAtRest: Int) {
    var resting = [ViewTransform](repeating: garbage, count: count)
    var leftAtRest = 0
    resting.withUnsafeMutableBufferPointer { buffer in
      var record = ViewBatch.Record()
      withUnsafeMutablePointer(to: &record) { record in
        var batch = ViewBatch(
          record: record, geometry: geometry, attachment: attachment, naturalFrame: frame,
          stride: stride, base: buffer.baseAddress!, count: count)
        body(&batch)
        leftAtRest = count - record.pointee.writtenCount
        batch.writeNaturalTransforms()
      }
    }
    var eager = [ViewTransform](repeating: garbage, count: count)
    eager.withUnsafeMutableBufferPointer { buffer in
      var batch = ViewBatch(
        geometry: geometry, attachment: attachment, naturalFrame: frame, stride: stride,
        base: buffer.baseAddress!, count: count)
      for index in 0..<count { buffer[index] = batch.naturalTransform(at: index) }
      guard viewByView else { return body(&batch) }
      for index in 0..<count {
        var one = ViewBatch(
          geometry: geometry, attachment: attachment, naturalFrame: frame, stride: stride,
          base: buffer.baseAddress! + index, count: 1)
        body(&one)
      }
    }
    return (resting, eager, leftAtRest)
  }

  static func expectSameBits(
    _ result: (resting: [ViewTransform], eager: [ViewTransform], leftAtRest: Int),
    _ label: @autoclosure () -> String
  ) {
    for index in result.eager.indices
    where bits(result.resting[index]) != bits(result.eager[index]) {
      Issue.record(
        "\(label()), view \(index): at rest \(result.resting[index]), eager \(result.eager[index])")
      return
    }
  }

  static let rowFrame = Rect(x: 16, y: 232, width: 358, height: 72)

  /// The bench scene's rows' fade: opacity from 0 to 1 over the first fifth
  /// of their progress.
  static let fadeIn = InterpolateEffect(
    parameters: .init(
      property: .opacity, input: .progress,
      stops: [InterpolateEffect.Stop(0, 0), InterpolateEffect.Stop(0.2, 1)]))

  /// Runs `body` on a batch at rest over `count` copies of ``rowFrame``
  /// every 80 points at `offset`, over memory holding ``garbage``; returns
  /// the memory and how many views the batch says are written.
  static func restingRows(
    count: Int, offset: Double, _ body: (ViewBatch) -> Void
  ) -> (memory: [ViewTransform], written: Int) {
    var memory = [ViewTransform](repeating: Self.garbage, count: count)
    var record = ViewBatch.Record()
    memory.withUnsafeMutableBufferPointer { buffer in
      withUnsafeMutablePointer(to: &record) { record in
        body(
          ViewBatch(
            record: record, geometry: Self.geometry(offset: offset), attachment: .content,
            naturalFrame: Self.rowFrame, stride: 80, base: buffer.baseAddress!, count: count))
      }
    }
    return (memory, record.writtenCount)
  }

  @Test("a batch at rest reads as natural transforms and writes nothing until a view changes")
  func readingWritesNothing() {
    let (memory, written) = Self.restingRows(count: 5, offset: 100) { batch in
      #expect(batch.isAtRest)
      // Copy 3: 47 - 100 + 232 + 3 * 80 = 419.
      #expect(batch[3] == ViewTransform(frame: Rect(x: 16, y: 419, width: 358, height: 72)))
      #expect(batch.indices.map { batch[$0] } == batch.indices.map(batch.naturalTransform))
    }
    #expect(written == 0)
    #expect(memory.allSatisfy { $0 == Self.garbage })
  }

  @Test("writing one view of a batch at rest writes every view's natural transform first")
  func writingOneViewWritesAll() {
    let (memory, written) = Self.restingRows(count: 4, offset: 0) { batch in
      batch[2].opacity = 0.25
      #expect(!batch.isAtRest)
    }
    #expect(written == 4)
    // 47 + 232 = 279, then every 80 points.
    #expect(memory.map(\.y) == [279, 359, 439, 519])
    #expect(memory.map(\.opacity) == [1, 1, 0.25, 1])
    #expect(memory.allSatisfy { $0.x == 16 && $0.width == 358 && $0.scaleX == 1 && $0.blur == 0 })
  }

  @Test("modifyEach from rest writes the body's result on each natural transform")
  func modifyEachFromRest() {
    let result = Self.compare(
      count: 6, frame: Self.rowFrame, stride: 80, geometry: Self.geometry(offset: 250.5)
    ) { batch in
      batch.modifyEach { view in
        view.opacity = min(1, max(0, view.y / 844))
        view.x += view.y
      }
    }
    #expect(result.leftAtRest == 0)
    Self.expectSameBits(result, "modifyEach")
    // Copy 5: 47 - 250.5 + 232 + 400 = 428.5.
    #expect(result.resting[5].y == 428.5)
    #expect(result.resting[5].x == 16 + 428.5)
    #expect(result.resting[5].opacity == 428.5 / 844)
  }

  @Test("a range written ahead leaves the views before it natural and the views after it at rest")
  func rangeAhead() {
    let result = Self.compare(
      count: 10, frame: Self.rowFrame, stride: 80, geometry: Self.geometry(offset: 30)
    ) { batch in
      batch.modifyEach(in: 3..<6) { view in view.rotation = 45 }
    }
    #expect(result.leftAtRest == 4)
    #expect(result.resting.map { $0.rotation } == [0, 0, 0, 45, 45, 45, 0, 0, 0, 0])
    Self.expectSameBits(result, "range ahead")
  }

  @Test(
    "ranges, subscript writes and reads in any order give what an eager batch gives",
    arguments: 0..<200)
  func randomOperations(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let count = random.int(1..<12)
    let stride = random.pick([0, 0.1, 1, 80, 123.456, 1e6])
    let frame = Rect(
      x: random.signed(upTo: 1e3), y: random.signed(upTo: 1e4), width: random.magnitude(upTo: 1e3),
      height: random.magnitude(upTo: 1e3))
    let geometry = Self.geometry(offset: random.signed(upTo: 1e6))
    let attachment: EffectProtocol.Attachment = random.chance(0.5) ? .content : .viewport
    // Operations: a range and a change, a subscript write or read.
    var operations: [(kind: Int, range: Range<Int>, amount: Double)] = []
    for _ in 0..<random.int(0..<6) {
      let lower = random.int(0..<count + 1)
      let upper = random.int(lower..<count + 1)
      operations.append((random.int(0..<4), lower..<upper, random.signed(upTo: 100)))
    }
    let result = Self.compare(
      count: count, frame: frame, stride: stride, geometry: geometry, attachment: attachment
    ) { batch in
      var seen = 0.0
      for operation in operations {
        let amount = operation.amount
        switch operation.kind {
        case 0:
          // A change that reads the view: exposes a wrong natural frame.
          batch.modifyEach(in: operation.range) { view in
            view.x += view.y * 0.5 + amount + seen
            view.zIndex += 1
          }
        case 1:
          if operation.range.lowerBound < count {
            batch[operation.range.lowerBound].height += amount + seen
          }
        case 2:
          if operation.range.lowerBound < count {
            seen += batch[operation.range.lowerBound].y
          }
        default:
          batch.modifyEach { view in view.blur = max(0, view.blur + amount) }
        }
      }
    }
    Self.expectSameBits(result, "seed \(seed), operations \(operations)")
  }

  // MARK: - interpolate on a repeated chain at rest

  /// Random keyframes, some of whose inputs are exactly the input of a copy
  /// or the next number either side of it, so that the runs' ends fall on
  /// ties and near misses.
  /// Outputs are in 0..<1, or from -`outputs` to `outputs` when given.
  static func randomStops(
    _ random: inout SplitMix64, inputs: [Double], outputs: Double? = nil
  ) -> [InterpolateEffect.Stop] {
    func output() -> Double { outputs.map { random.signed(upTo: $0) } ?? random.unit() }
    var values: [Double] = []
    for _ in 0..<random.int(2..<5) {
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
    let natural = (0..<count).map { index in
      Rect(
        x: frame.x,
        y: geometry.viewportY(ofNaturalY: frame.y, attachment: .content)
          + Double(index) * stride, width: frame.width, height: frame.height)
    }
    let viewportHeight = geometry.viewport.height
    var effects: [InterpolateEffect] = []
    for _ in 0..<random.int(1..<4) {
      let input = random.pick([InterpolateEffect.Input.minY, .progress, .height, .offset])
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
