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
  static func compare(
    count: Int, frame: Rect, stride: Double, geometry: ScrollGeometry,
    attachment: EffectProtocol.Attachment = .content, _ body: (inout ViewBatch) -> Void
  ) -> (resting: [ViewTransform], eager: [ViewTransform], leftAtRest: Int) {
    var resting = [ViewTransform](repeating: garbage, count: count)
    var leftAtRest = 0
    resting.withUnsafeMutableBufferPointer { buffer in
      var written = 0
      withUnsafeMutablePointer(to: &written) { written in
        var batch = ViewBatch(
          writtenCount: written, geometry: geometry, attachment: attachment, naturalFrame: frame,
          stride: stride, base: buffer.baseAddress!, count: count)
        body(&batch)
        leftAtRest = count - written.pointee
        batch.writeNaturalTransforms()
      }
    }
    var eager = [ViewTransform](repeating: garbage, count: count)
    eager.withUnsafeMutableBufferPointer { buffer in
      var batch = ViewBatch(
        geometry: geometry, attachment: attachment, naturalFrame: frame, stride: stride,
        base: buffer.baseAddress!, count: count)
      for index in 0..<count { buffer[index] = batch.naturalTransform(at: index) }
      body(&batch)
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

  /// Runs `body` on a batch at rest over `count` copies of ``rowFrame``
  /// every 80 points at `offset`, over memory holding ``garbage``; returns
  /// the memory and how many views the batch says are written.
  static func restingRows(
    count: Int, offset: Double, _ body: (ViewBatch) -> Void
  ) -> (memory: [ViewTransform], written: Int) {
    var memory = [ViewTransform](repeating: Self.garbage, count: count)
    var written = 0
    memory.withUnsafeMutableBufferPointer { buffer in
      withUnsafeMutablePointer(to: &written) { written in
        body(
          ViewBatch(
            writtenCount: written, geometry: Self.geometry(offset: offset), attachment: .content,
            naturalFrame: Self.rowFrame, stride: 80, base: buffer.baseAddress!, count: count))
      }
    }
    return (memory, written)
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
  static func randomStops(
    _ random: inout SplitMix64, inputs: [Double]
  ) -> [InterpolateEffect.Stop] {
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
      stops.append(InterpolateEffect.Stop(value, random.unit()))
    }
    if stops.count < 2 {
      stops.append(InterpolateEffect.Stop((stops.last?.input ?? 0) + 1, random.unit()))
    }
    return stops
  }

  @Test(
    "interpolate on minY, progress or height of a repeated chain at rest gives the per-view values",
    arguments: 0..<400)
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
    let input = random.pick([InterpolateEffect.Input.minY, .progress, .height, .offset])
    let property = random.pick(InterpolateEffect.Property.allCases)
    // The copies' inputs, view by view, to put stops on.
    let natural = (0..<count).map { index in
      Rect(
        x: frame.x,
        y: geometry.viewportY(ofNaturalY: frame.y, attachment: .content)
          + Double(index) * stride, width: frame.width, height: frame.height)
    }
    let viewportHeight = geometry.viewport.height
    let inputs = natural.map { (frame: Rect) -> Double in
      switch input {
      case .minY: return frame.y
      case .progress: return (viewportHeight - frame.y) / (viewportHeight + frame.height)
      default: return frame.height
      }
    }.filter { $0.isFinite }
    let stops = Self.randomStops(&random, inputs: inputs.isEmpty ? [0] : inputs)
    let easing = random.pick([
      Easing.linear, .easeInOut, .cubicBezier(x1: 0.3, y1: -1, x2: 0.6, y2: 2),
    ])
    let extrapolation = random.pick(InterpolateEffect.Extrapolation.allCases)
    let effect = InterpolateEffect(
      parameters: .init(
        property: property, input: input, stops: stops, easing: easing,
        extrapolate: extrapolation))
    let result = Self.compare(count: count, frame: frame, stride: stride, geometry: geometry) {
      batch in effect.apply(to: &batch)
    }
    Self.expectSameBits(
      result,
      "seed \(seed): \(count) copies every \(stride), \(property) on \(input), stops \(stops), \(easing), \(extrapolation), offset \(offset)"
    )
  }

  @Test("the runs of a fade-in over progress: rows before, between and after the stops")
  func fadeInRuns() {
    // The bench scene's rows at offset 700: copy i's top is 47 - 700 + 232 +
    // 80 i = -421 + 80 i, its progress (844 - y) / 916. Progress 0.2 is at
    // y = 660.8 (copy 13.6), progress 0 at y = 844 (copy 15.8): copies 0-13
    // are faded in, 14 and 15 between, 16 on not yet.
    let effect = InterpolateEffect(
      parameters: .init(
        property: .opacity, input: .progress,
        stops: [InterpolateEffect.Stop(0, 0), InterpolateEffect.Stop(0.2, 1)]))
    let result = Self.compare(
      count: 200, frame: Self.rowFrame, stride: 80, geometry: Self.geometry(offset: 700)
    ) { batch in effect.apply(to: &batch) }
    Self.expectSameBits(result, "fade-in")
    #expect(result.resting[0..<14].allSatisfy { $0.opacity == 1 })
    // Copy 14: y 699, progress 145 / 916; opacity progress / 0.2.
    #expect(result.resting[14].opacity == 0 + 1 * ((145.0 / 916 - 0) / 0.2))
    #expect(result.resting[15].opacity == 0 + 1 * ((65.0 / 916 - 0) / 0.2))
    #expect(result.resting[16...].allSatisfy { $0.opacity == 0 })
    #expect(result.resting.allSatisfy { $0.scaleX == 1 && $0.width == 358 })
  }
}
