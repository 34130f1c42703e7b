import EffectProtocol

extension ExpressionProgram {
  /// The most values the lanes' stack holds: 1 024 bytes, the most that
  /// `withUnsafeTemporaryAllocation` keeps on the machine stack (more
  /// would be a heap allocation every call).
  static var laneStackCapacity: Int { 128 }
  /// The fewest views worth running in lanes: below it, the lanes' set-up
  /// costs more than the dispatch they save.
  static let fewestLaneViews = 4
  /// The deepest stack the lanes take: deeper programs run view by view, so
  /// that at least 8 views fit in the lanes' stack.
  static let deepestLaneStack = 15

  /// The most views the view code of a program of stack depth `depth` runs
  /// over at once, each instruction over all of them: its dispatch, and a
  /// group's set-up, are paid once for as many views.
  static func laneWidth(depth: Int) -> Int { laneStackCapacity / (depth + 1) & ~7 }

  /// Runs `body` on lanes `0..<width`, a multiple of 8, eight at a time:
  /// a loop of fixed length that the compiler unrolls, as many times as
  /// the width takes.
  @inline(__always)
  private static func eachLane(_ width: Int, _ body: (Int) -> Void) {
    var first = 0
    while first < width {
      for lane in 0..<8 { body(first &+ lane) }
      first &+= 8
    }
  }

  /// Runs `body` on the first lane of each eight of lanes `0..<width`, a
  /// multiple of 8, for a body that reads and writes the eight as one
  /// vector (``lanes(_:)``, ``setLanes(_:_:)``): the same operation on each
  /// lane, and so the same bits, in a few vector instructions, where the
  /// compiler leaves a lane-by-lane loop over the stack scalar (it cannot
  /// tell that two levels of the stack never overlap).
  @inline(__always)
  private static func eachVector(_ width: Int, _ body: (Int) -> Void) {
    var first = 0
    while first < width {
      body(first)
      first &+= 8
    }
  }

  /// The eight lanes from `lanes` on.
  @inline(__always)
  private static func lanes(_ lanes: UnsafeMutablePointer<Double>) -> SIMD8<Double> {
    UnsafeRawPointer(lanes).loadUnaligned(as: SIMD8<Double>.self)
  }

  /// Sets the eight lanes from `lanes` on to `value`.
  @inline(__always)
  private static func setLanes(_ lanes: UnsafeMutablePointer<Double>, _ value: SIMD8<Double>) {
    UnsafeMutableRawPointer(lanes).storeBytes(of: value, as: SIMD8<Double>.self)
  }

  /// Sets each lane of the level at `top` to `operation` of it and the
  /// lane of the level above (`width` values up), eight lanes at a time:
  /// a binary operator's step, once the stack has dropped a level.
  @inline(__always)
  private static func combine(
    _ top: UnsafeMutablePointer<Double>, _ width: Int,
    _ operation: (SIMD8<Double>, SIMD8<Double>) -> SIMD8<Double>
  ) {
    eachVector(width) { i in
      setLanes(top + i, operation(lanes(top + i), lanes(top + (width &+ i))))
    }
  }

  /// ``combine(_:_:_:)`` of the level at `top` and the two above it: a
  /// three-operand function's step, once the stack has dropped two levels.
  @inline(__always)
  private static func combine(
    _ top: UnsafeMutablePointer<Double>, _ width: Int,
    _ operation: (SIMD8<Double>, SIMD8<Double>, SIMD8<Double>) -> SIMD8<Double>
  ) {
    eachVector(width) { i in
      setLanes(
        top + i,
        operation(lanes(top + i), lanes(top + (width &+ i)), lanes(top + (2 &* width &+ i))))
    }
  }

  /// `Swift.min` of each lane (`y < x ? y : x`), NaNs and signed zeros
  /// picked as the scalar run picks them.
  @inline(__always)
  private static func minimum(_ x: SIMD8<Double>, _ y: SIMD8<Double>) -> SIMD8<Double> {
    x.replacing(with: y, where: y .< x)
  }

  /// `Swift.max` of each lane (`y >= x ? y : x`).
  @inline(__always)
  private static func maximum(_ x: SIMD8<Double>, _ y: SIMD8<Double>) -> SIMD8<Double> {
    x.replacing(with: y, where: y .>= x)
  }

  /// 1 in each lane where `condition` holds, 0 elsewhere
  /// (``ExpressionMath/truth(_:)``).
  @inline(__always)
  private static func truth(_ condition: SIMDMask<SIMD8<Int64>>) -> SIMD8<Double> {
    SIMD8(repeating: 0).replacing(with: 1, where: condition)
  }

  /// Calls `body` with each lane `i` of `0..<count` and the natural top of
  /// view `first + i` of `views`, as ``ViewBatch/naturalViewportFrame(at:)``
  /// computes it (`top + copy * stride`), the copy counted in a Double: an
  /// integer's Double and that Double plus 1 are exact below 2^53, so the
  /// bits are the same, without a conversion and an overflow check a lane.
  /// Only the group's own lanes: the others are never stored.
  @inline(__always)
  private static func naturalTops(
    _ views: ViewBatch, first: Int, count: Int, _ body: (Int, Double) -> Void
  ) {
    let top = views.naturalTop
    let stride = views.stride
    var copy = Double(views.firstCopy &+ first)
    for i in 0..<count {
      body(i, top + copy * stride)
      copy += 1
    }
  }

  /// Whether ``applyInLanes(to:frame:viewportHeight:naturalX:)`` runs the
  /// view code on a batch of `count` views.
  func runsInLanes(count: Int) -> Bool {
    count >= Self.fewestLaneViews && stackDepth <= Self.deepestLaneStack
  }

  /// Runs the view code over the views of `views`, in groups of as many as
  /// ``laneWidth(depth:)`` gives, in place: each load reads a column of the
  /// group's views from their memory into a lane vector, every other
  /// instruction runs over the vectors, and each store writes a column
  /// back. A whole transform is never copied, where lanes of transforms
  /// cost a copy in and a copy out of every view, more than a short
  /// program. Each view's values are those of the view-by-view run, bit for
  /// bit: the same operations on the same operands in the same order, and
  /// a view reads only itself.
  func applyInLanes(
    to views: inout ViewBatch, frame: UnsafeMutablePointer<Double>, viewportHeight: Double,
    naturalX: Double
  ) {
    let count = views.count
    // Lanes in eights, the last of them partly used when the views are not.
    let width = Swift.min((count &+ 7) & ~7, Self.laneWidth(depth: stackDepth))
    let memory = views.writtenViews(keepsFrame: keepsFrame)
    // Unprotected, as ``apply(to:)``'s: the depth bounds every lane's index.
    _withUnprotectedUnsafeTemporaryAllocation(
      of: Double.self, capacity: (stackDepth + 1) * width
    ) { stack in
      guard let stack = stack.baseAddress else { return }
      // Lanes past a short last group's views hold what they held: an
      // instruction runs over all of them, but only the group's own are
      // loaded and stored.
      stack.initialize(repeating: 0, count: (stackDepth + 1) * width)
      viewCode.withUnsafeBufferPointer { code in
        var start = 0
        while start < count {
          let end = Swift.min(start + width, count)
          Self.runLanes(
            code, memory: memory + start &* MemoryLayout<ViewTransform>.stride,
            swapsAxes: views.swapsAxes, width: width, count: end - start, first: start,
            stack: stack, frame: frame, views: views, viewportHeight: viewportHeight,
            naturalX: naturalX)
          start = end
        }
      }
    }
  }

  /// Runs `code` on the `count` views at `memory`, views `first...` of
  /// `views`, stored with their axes swapped when `swapsAxes`. `stack` holds
  /// `width` (at least `count`) values a level; the top level is at `top`,
  /// and level 0 is never read.
  @inline(__always)
  private static func runLanes(
    _ code: UnsafeBufferPointer<ExpressionInstruction>, memory: UnsafeMutableRawPointer,
    swapsAxes: Bool, width: Int, count: Int, first: Int, stack: UnsafeMutablePointer<Double>,
    frame: UnsafeMutablePointer<Double>, views: ViewBatch, viewportHeight: Double,
    naturalX: Double
  ) {
    guard var instruction = code.baseAddress else { return }
    // Up to the code's last step, `end`, which has nothing to run over lanes.
    let end = instruction + (code.count &- 1)
    let stride = MemoryLayout<ViewTransform>.stride
    var top = stack
    // Local functions take the stack's top and capture only constants:
    // one that captured `top` would check exclusive access at every call.
    // Column `field` (a byte offset in the transform as effects see it) of
    // the group's first view.
    func column(_ field: Int) -> UnsafeMutableRawPointer {
      memory + ViewTransform.memoryOffset(ofField: field, swapsAxes: swapsAxes)
    }
    // Loads column `field` of every view of the group into `lanes`.
    func load(_ field: Int, into lanes: UnsafeMutablePointer<Double>) {
      let values = column(field)
      for i in 0..<count { lanes[i] = values.load(fromByteOffset: i &* stride, as: Double.self) }
    }
    // Stores `lanes` into column `field` (and `other`, for `scale`) of every
    // view of the group whose value is finite, saturated and then limited.
    func store(
      _ lanes: UnsafeMutablePointer<Double>, _ field: Int, other: Int? = nil,
      _ limit: ColumnLimit = .none
    ) {
      Self.storeLanes(
        lanes, count: count, into: column(field), also: other.map(column), limit: limit)
    }
    while instruction != end {
      let current = instruction
      instruction += 1
      switch current.pointee.opcode {
      case .constant:
        top += width
        let value = SIMD8(repeating: current.pointee.value)
        Self.eachVector(width) { i in Self.setLanes(top + i, value) }
      case .frame:
        top += width
        let value = SIMD8(repeating: frame[Int(current.pointee.slot)])
        Self.eachVector(width) { i in Self.setLanes(top + i, value) }
      case .loadX:
        top += width
        load(0, into: top)
      case .loadY:
        top += width
        load(8, into: top)
      case .loadWidth:
        top += width
        load(16, into: top)
      case .loadHeight:
        top += width
        load(24, into: top)
      case .loadScaleX:
        top += width
        load(32, into: top)
      case .loadScaleY:
        top += width
        load(40, into: top)
      case .loadAnchorX:
        top += width
        load(48, into: top)
      case .loadAnchorY:
        top += width
        load(56, into: top)
      case .loadOpacity:
        top += width
        load(64, into: top)
      case .loadBlur:
        top += width
        load(72, into: top)
      case .loadRotation:
        top += width
        load(80, into: top)
      case .loadZIndex:
        top += width
        load(88, into: top)
      case .loadIndex:
        top += width
        Self.eachLane(width) { i in top[i] = Double(first &+ i) }
      case .loadNaturalY:
        top += width
        naturalTops(views, first: first, count: count) { i, y in top[i] = y }
      case .loadTranslateX:
        top += width
        load(0, into: top)
        Self.eachLane(width) { i in top[i] = top[i] - naturalX }
      case .loadTranslateY:
        top += width
        load(8, into: top)
        naturalTops(views, first: first, count: count) { i, y in top[i] = top[i] - y }
      case .loadProgress:
        top += width
        load(8, into: top)
        let height = column(24)
        for i in 0..<count {
          top[i] =
            (viewportHeight - top[i])
            / (viewportHeight + height.load(fromByteOffset: i &* stride, as: Double.self))
        }
      case .negate:
        // Lane by lane: a vector's `-` is `0 - x`, which gives 0 for 0, not -0.
        Self.eachLane(width) { i in top[i] = -top[i] }
      case .add:
        top -= width
        Self.combine(top, width) { $0 + $1 }
      case .subtract:
        top -= width
        Self.combine(top, width) { $0 - $1 }
      case .multiply:
        top -= width
        Self.combine(top, width) { $0 * $1 }
      case .divide:
        top -= width
        Self.combine(top, width) { $0 / $1 }
      case .less:
        top -= width
        Self.combine(top, width) { Self.truth($0 .< $1) }
      case .lessEqual:
        top -= width
        Self.combine(top, width) { Self.truth($0 .<= $1) }
      case .greater:
        top -= width
        Self.combine(top, width) { Self.truth($0 .> $1) }
      case .greaterEqual:
        top -= width
        Self.combine(top, width) { Self.truth($0 .>= $1) }
      case .equal:
        top -= width
        Self.combine(top, width) { Self.truth($0 .== $1) }
      case .notEqual:
        top -= width
        Self.combine(top, width) { Self.truth($0 .!= $1) }
      case .min:
        top -= width
        Self.combine(top, width, Self.minimum)
      case .max:
        top -= width
        Self.combine(top, width, Self.maximum)
      case .pow:
        top -= width
        for i in 0..<count { top[i] = ExpressionMath.power(top[i], top[width &+ i]) }
      case .step:
        top -= width
        Self.combine(top, width) { edge, x in
          SIMD8(repeating: 1).replacing(with: 0, where: x .< edge)
        }
      case .select:
        top -= 2 * width
        Self.combine(top, width) { $2.replacing(with: $1, where: $0 .!= 0) }
      case .clamp:
        top -= 2 * width
        Self.combine(top, width) { Self.minimum(Self.maximum($0, $1), $2) }
      case .lerp:
        top -= 2 * width
        Self.combine(top, width) { a, b, t in a + (b - a) * t }
      case .smoothstep:
        top -= 2 * width
        Self.eachLane(width) { i in
          top[i] = ExpressionMath.smoothstep(top[i], top[width &+ i], top[2 &* width &+ i])
        }
      case .abs:
        Self.eachLane(width) { i in top[i] = Swift.abs(top[i]) }
      case .sqrt:
        Self.eachLane(width) { i in top[i] = top[i].squareRoot() }
      case .exp:
        for i in 0..<count { top[i] = ExpressionMath.exponential(top[i]) }
      case .log:
        for i in 0..<count { top[i] = ExpressionMath.logarithm(top[i]) }
      case .sin:
        for i in 0..<count { top[i] = ExpressionMath.sine(top[i]) }
      case .cos:
        for i in 0..<count { top[i] = ExpressionMath.cosine(top[i]) }
      case .floor:
        Self.eachLane(width) { i in top[i] = top[i].rounded(.down) }
      case .ceil:
        Self.eachLane(width) { i in top[i] = top[i].rounded(.up) }
      case .round:
        Self.eachLane(width) { i in top[i] = top[i].rounded(.toNearestOrAwayFromZero) }
      case .sign:
        Self.eachLane(width) { i in top[i] = ExpressionMath.sign(top[i]) }
      case .addFrame:
        let value = SIMD8(repeating: frame[Int(current.pointee.slot)])
        Self.eachVector(width) { i in Self.setLanes(top + i, Self.lanes(top + i) + value) }
      case .subtractFrame:
        let value = SIMD8(repeating: frame[Int(current.pointee.slot)])
        Self.eachVector(width) { i in Self.setLanes(top + i, Self.lanes(top + i) - value) }
      case .multiplyFrame:
        let value = SIMD8(repeating: frame[Int(current.pointee.slot)])
        Self.eachVector(width) { i in Self.setLanes(top + i, Self.lanes(top + i) * value) }
      case .divideFrame:
        let value = SIMD8(repeating: frame[Int(current.pointee.slot)])
        Self.eachVector(width) { i in Self.setLanes(top + i, Self.lanes(top + i) / value) }
      case .addConstant:
        let value = SIMD8(repeating: current.pointee.value)
        Self.eachVector(width) { i in Self.setLanes(top + i, Self.lanes(top + i) + value) }
      case .subtractConstant:
        let value = SIMD8(repeating: current.pointee.value)
        Self.eachVector(width) { i in Self.setLanes(top + i, Self.lanes(top + i) - value) }
      case .multiplyConstant:
        let value = SIMD8(repeating: current.pointee.value)
        Self.eachVector(width) { i in Self.setLanes(top + i, Self.lanes(top + i) * value) }
      case .divideConstant:
        let value = SIMD8(repeating: current.pointee.value)
        Self.eachVector(width) { i in Self.setLanes(top + i, Self.lanes(top + i) / value) }
      case .storeFrame:
        // Only the frame code stores into frame slots.
        preconditionFailure("storeFrame in the view code")
      // A value that is not finite leaves the column; others are saturated,
      // as the view-by-view run stores them.
      case .storeX:
        store(top, 0)
        top -= width
      case .storeY:
        store(top, 8)
        top -= width
      case .storeWidth:
        store(top, 16, .nonNegative)
        top -= width
      case .storeHeight:
        store(top, 24, .nonNegative)
        top -= width
      case .storeScale:
        store(top, 32, other: 40)
        top -= width
      case .storeScaleX:
        store(top, 32)
        top -= width
      case .storeScaleY:
        store(top, 40)
        top -= width
      case .storeAnchorX:
        store(top, 48)
        top -= width
      case .storeAnchorY:
        store(top, 56)
        top -= width
      case .storeOpacity:
        store(top, 64, .unit)
        top -= width
      case .storeBlur:
        store(top, 72, .nonNegative)
        top -= width
      case .storeRotation:
        store(top, 80)
        top -= width
      case .storeZIndex:
        store(top, 88)
        top -= width
      case .end:
        return
      }
    }
  }

  /// How a column's stored value is held after it is saturated: width,
  /// height and blur to 0 or more, opacity to 0...1.
  enum ColumnLimit {
    case none, nonNegative, unit
  }

  /// Stores `lanes[0..<count]` into the column at `target` of `count`
  /// views (and at `other`, for `scale`), each value that is finite,
  /// saturated and then limited by `limit`; a value that is not finite
  /// leaves its view's column. Out of line: inlined into the lanes' loop,
  /// whose registers hold the program's state, each view reloaded the
  /// columns' addresses and the bounds from the stack.
  @inline(never)
  private static func storeLanes(
    _ lanes: UnsafePointer<Double>, count: Int, into target: UnsafeMutableRawPointer,
    also other: UnsafeMutableRawPointer?, limit: ColumnLimit
  ) {
    switch (limit, other) {
    case (.none, nil): storeLanes(lanes, count, target, nil) { $0 }
    case (.none, let other?): storeLanes(lanes, count, target, other) { $0 }
    case (.nonNegative, _): storeLanes(lanes, count, target, other) { Swift.max(0, $0) }
    case (.unit, _): storeLanes(lanes, count, target, other) { Swift.min(Swift.max($0, 0), 1) }
    }
  }

  /// ``storeLanes(_:count:into:also:limit:)`` into `target` and `other`,
  /// with the limit `limit`. Eight values at a time are tested as a
  /// vector, and when all eight are finite (almost always), each is
  /// saturated, limited and stored in a loop of eight without the test;
  /// the others, and the last few, one by one.
  @inline(__always)
  private static func storeLanes(
    _ lanes: UnsafePointer<Double>, _ count: Int, _ target: UnsafeMutableRawPointer,
    _ other: UnsafeMutableRawPointer?, limit: (Double) -> Double
  ) {
    let stride = MemoryLayout<ViewTransform>.stride
    let infinity = SIMD8<Double>(repeating: .infinity)
    @inline(__always) func store(_ i: Int) {
      let value = limit(Saturation.clamp(lanes[i]))
      target.storeBytes(of: value, toByteOffset: i &* stride, as: Double.self)
      other?.storeBytes(of: value, toByteOffset: i &* stride, as: Double.self)
    }
    var start = 0
    while start &+ 8 <= count {
      let values = UnsafeRawPointer(lanes + start).loadUnaligned(as: SIMD8<Double>.self)
      // NaN fails both comparisons, an infinity one.
      if all((values .> -infinity) .& (values .< infinity)) {
        // From the block's first view, at offsets the unrolled loop knows.
        let (block, otherBlock) = (target + start &* stride, other.map { $0 + start &* stride })
        for lane in 0..<8 {
          let value = limit(Saturation.clamp(lanes[start &+ lane]))
          block.storeBytes(of: value, toByteOffset: lane &* stride, as: Double.self)
          otherBlock?.storeBytes(of: value, toByteOffset: lane &* stride, as: Double.self)
        }
      } else {
        for i in start..<start &+ 8 where lanes[i].isFinite { store(i) }
      }
      start &+= 8
    }
    for i in start..<count where lanes[i].isFinite { store(i) }
  }
}
