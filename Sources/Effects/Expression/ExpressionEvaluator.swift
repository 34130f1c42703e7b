import EffectProtocol

extension ExpressionProgram {
  /// Evaluates the program on every view of `views`: the frame code once,
  /// then the view code over groups of views in lanes
  /// (``applyInLanes(to:frame:viewportHeight:naturalX:)``), or, for a few
  /// views or a deep program, view by view in one pass over the batch
  /// (``ViewBatch/modifyVisuals(_:)`` when only visual columns are assigned),
  /// the first view's code starting with the frame code
  /// (``firstViewCode``).
  ///
  /// The stack and the frame slots live in one temporary allocation per
  /// call, on the machine stack for any program the parser accepts: nothing
  /// is allocated on the heap and nothing is parsed. It has a fixed size
  /// for most programs (``fixedScratchCount``), and the size the program
  /// needs for the others, out of line. The allocation is
  /// unprotected: the code's depth, counted when it is compiled, bounds
  /// every index, and a protected one made the compiler guard the whole
  /// call with a stack protector, a check every call paid. Inlined into the
  /// effect's `apply(to:)`, which has the batch `inout`: a call copied it.
  /// The batch stays `inout` here, and in the calls out of line that take
  /// it, which then get its address: a batch passed by value to a call the
  /// compiler does not inline is copied, the whole struct, every call.
  @inline(__always)
  func apply(to views: inout ViewBatch) {
    guard views.count > 0 else { return }
    guard frameSlotCount + stackDepth <= Self.fixedScratchCount else {
      return applyWithLargeScratch(to: &views)
    }
    // A capacity the compiler knows: a fixed part of the call's frame, with
    // no size to compute, check against the stack's limit or align.
    _withUnprotectedUnsafeTemporaryAllocation(
      of: Double.self, capacity: Self.fixedScratchCount
    ) { buffer in
      guard let frame = buffer.baseAddress else { return }
      apply(to: &views, frame: frame)
    }
  }

  /// The Doubles of the frame slots and stack that most programs fit in:
  /// the frame names take 13, a program's hoisted values and stack the
  /// rest. 512 bytes, below the 1,024 up to which the standard library
  /// allocates on the machine stack without asking.
  static var fixedScratchCount: Int { 64 }

  /// ``apply(to:)`` for a program whose frame slots and stack need more
  /// than ``fixedScratchCount`` Doubles, allocated by size.
  @inline(never)
  private func applyWithLargeScratch(to views: inout ViewBatch) {
    _withUnprotectedUnsafeTemporaryAllocation(
      of: Double.self, capacity: frameSlotCount + stackDepth
    ) { buffer in
      guard let frame = buffer.baseAddress else { return }
      apply(to: &views, frame: frame)
    }
  }

  /// ``apply(to:)`` with the frame slots, then the stack, at `frame`.
  @inline(__always)
  private func apply(to views: inout ViewBatch, frame: UnsafeMutablePointer<Double>) {
    let count = views.count
    let stack = frame + frameSlotCount
    let natural = views.naturalViewportFrame(at: 0)
    let geometry = views.geometry
    Self.writeFrameValues(frame, frameNamesRead, geometry, natural, count)
    let viewportHeight = geometry.viewport.height
    if !fastForms.isEmpty {
      runFrameCode(stack: stack, frame: frame)
      fastForms.withUnsafeBufferPointer { forms in
        for form in forms { form.apply(to: &views, value: frame[Int(form.slot)]) }
      }
      return
    }
    if runsInLanes(count: count) {
      runFrameCode(stack: stack, frame: frame)
      applyInLanes(
        to: &views, frame: frame, viewportHeight: viewportHeight, naturalX: natural.x)
      return
    }
    // View by view, the first view's code runs the frame code first: no
    // call of its own, and no values kept across one.
    var batch = BatchValues(
      rows: NaturalRows(views), viewportHeight: viewportHeight, naturalX: natural.x)
    firstViewCode.withUnsafeBufferPointer { first in
      viewCode.withUnsafeBufferPointer { rest in
        guard var code = first.baseAddress, let rest = rest.baseAddress else { return }
        _withUnprotectedUnsafePointer(to: &batch) { batch in
          var index = 0
          if keepsFrame {
            views.modifyVisuals { view in
              Self.run(
                code, stack: stack, frame: frame, view: &view, index: index,
                batch: BatchValuesPointer(pointer: batch))
              code = rest
              index += 1
            }
          } else {
            views.modifyEach { view in
              Self.run(
                code, stack: stack, frame: frame, view: &view, index: index,
                batch: BatchValuesPointer(pointer: batch))
              code = rest
              index += 1
            }
          }
        }
      }
    }
  }

  /// Runs the frame code, if any, for the fast forms or the lanes.
  @inline(__always)
  private func runFrameCode(
    stack: UnsafeMutablePointer<Double>, frame: UnsafeMutablePointer<Double>
  ) {
    guard !frameCode.isEmpty else { return }
    frameCode.withUnsafeBufferPointer { code in
      guard let code = code.baseAddress else { return }
      Self.runFrameCode(code, stack: stack, frame: frame)
    }
  }

  /// The frame names' values, in the order of ``frameNames`` (which
  /// ``frameNamesInOrder`` lists), of those a program reads (`read`, a bit
  /// a slot) and perhaps others: in three groups of straight-line stores,
  /// the scroll offset and pull, which most programs read, the bottom pull
  /// and the greatest offset, which take more to compute, and the rest,
  /// which few read. A loop over the names would switch on each; stores of
  /// them all, a fixed cost of every call, would be mostly unused.
  @inline(__always)
  private static func writeFrameValues(
    _ frame: UnsafeMutablePointer<Double>, _ read: UInt16, _ geometry: ScrollGeometry,
    _ natural: Rect, _ count: Int
  ) {
    if read & 0b11 != 0 {
      frame[0] = geometry.offset
      frame[1] = geometry.pull
    }
    if read & 0b1100 != 0 {
      frame[2] = geometry.pullBottom
      frame[3] = geometry.maxOffset
    }
    if read & ~0b1111 != 0 {
      frame[4] = Double(count)
      frame[5] = geometry.viewport.width
      frame[6] = geometry.viewport.height
      frame[7] = geometry.contentInsets.top
      frame[8] = geometry.contentInsets.bottom
      frame[9] = geometry.contentHeight
      frame[10] = natural.x
      frame[11] = natural.width
      frame[12] = natural.height
    }
  }

  /// The names ``writeFrameValues(_:_:_:_:_:)`` writes, slot by slot; a test
  /// checks that they are ``frameNames``.
  static let frameNamesInOrder: [ExpressionName] = [
    .offset, .pull, .pullBottom, .maxOffset, .count, .viewportWidth, .viewportHeight,
    .insetTop, .insetBottom, .contentHeight, .naturalX, .naturalWidth, .naturalHeight,
  ]

  /// Runs the frame code `code`, which reads and writes frame slots and no
  /// view. Out of line and with no view: inlined into the call, the
  /// interpreter's view and its operands were set up in memory at every
  /// call for code that never reads them.
  @inline(never)
  private static func runFrameCode(
    _ code: UnsafePointer<ExpressionInstruction>, stack: UnsafeMutablePointer<Double>,
    frame: UnsafeMutablePointer<Double>
  ) {
    var none = NoView()
    run(code, stack: stack, frame: frame, view: &none, index: 0, batch: NoView())
  }

  /// Runs `code`, which ends with ``ExpressionInstruction/Opcode/end``, on
  /// `view`, view `index` of a batch whose other values are `batch`. The
  /// stack keeps its top value in a register (`top`); below it,
  /// `stack[0..<depth]`, of which slot 0 only ever holds the initial `top`,
  /// so that the last pop reads written memory.
  @inline(__always)
  private static func run<View: ExpressionView, Batch: ExpressionBatch>(
    _ code: UnsafePointer<ExpressionInstruction>, stack: UnsafeMutablePointer<Double>,
    frame: UnsafeMutablePointer<Double>, view: inout View, index: Int, batch: Batch
  ) {
    var instruction = code
    // No local functions over `top` and `below`: captured, they would be
    // checked for exclusive access at run time on every step.
    var top = 0.0
    var below = stack
    // Until `end`, which the code ends with: no test of the position a step.
    while true {
      let current = instruction
      instruction += 1
      switch current.pointee.opcode {
      case .end:
        return
      case .constant:
        below.pointee = top
        below += 1
        top = current.pointee.value
      case .frame:
        below.pointee = top
        below += 1
        top = frame[Int(current.pointee.slot)]
      case .loadX:
        below.pointee = top
        below += 1
        top = view.x
      case .loadY:
        below.pointee = top
        below += 1
        top = view.y
      case .loadWidth:
        below.pointee = top
        below += 1
        top = view.width
      case .loadHeight:
        below.pointee = top
        below += 1
        top = view.height
      case .loadScaleX:
        below.pointee = top
        below += 1
        top = view.scaleX
      case .loadScaleY:
        below.pointee = top
        below += 1
        top = view.scaleY
      case .loadAnchorX:
        below.pointee = top
        below += 1
        top = view.anchorX
      case .loadAnchorY:
        below.pointee = top
        below += 1
        top = view.anchorY
      case .loadOpacity:
        below.pointee = top
        below += 1
        top = view.opacity
      case .loadBlur:
        below.pointee = top
        below += 1
        top = view.blur
      case .loadRotation:
        below.pointee = top
        below += 1
        top = view.rotation
      case .loadZIndex:
        below.pointee = top
        below += 1
        top = view.zIndex
      case .loadIndex:
        below.pointee = top
        below += 1
        top = Double(index)
      case .loadNaturalY:
        below.pointee = top
        below += 1
        top = batch.naturalY(at: index)
      case .loadTranslateX:
        below.pointee = top
        below += 1
        top = view.x - batch.naturalX
      case .loadTranslateY:
        below.pointee = top
        below += 1
        top = view.y - batch.naturalY(at: index)
      case .loadProgress:
        below.pointee = top
        below += 1
        let viewportHeight = batch.viewportHeight
        top = (viewportHeight - view.y) / (viewportHeight + view.height)
      case .negate:
        top = -top
      case .add:
        below -= 1
        top = below.pointee + top
      case .subtract:
        below -= 1
        top = below.pointee - top
      case .multiply:
        below -= 1
        top = below.pointee * top
      case .divide:
        below -= 1
        top = below.pointee / top
      case .less:
        below -= 1
        top = ExpressionMath.truth(below.pointee < top)
      case .lessEqual:
        below -= 1
        top = ExpressionMath.truth(below.pointee <= top)
      case .greater:
        below -= 1
        top = ExpressionMath.truth(below.pointee > top)
      case .greaterEqual:
        below -= 1
        top = ExpressionMath.truth(below.pointee >= top)
      case .equal:
        below -= 1
        top = ExpressionMath.truth(below.pointee == top)
      case .notEqual:
        below -= 1
        top = ExpressionMath.truth(below.pointee != top)
      case .min:
        below -= 1
        top = Swift.min(below.pointee, top)
      case .max:
        below -= 1
        top = Swift.max(below.pointee, top)
      case .pow:
        below -= 1
        top = ExpressionMath.power(below.pointee, top)
      case .step:
        below -= 1
        top = ExpressionMath.step(below.pointee, top)
      case .select:
        below -= 2
        top = below[0] != 0 ? below[1] : top
      case .clamp:
        below -= 2
        top = ExpressionMath.clamp(below[0], below[1], top)
      case .lerp:
        below -= 2
        top = ExpressionMath.lerp(below[0], below[1], top)
      case .smoothstep:
        below -= 2
        top = ExpressionMath.smoothstep(below[0], below[1], top)
      case .abs:
        top = Swift.abs(top)
      case .sqrt:
        top = top.squareRoot()
      case .exp:
        top = ExpressionMath.exponential(top)
      case .log:
        top = ExpressionMath.logarithm(top)
      case .sin:
        top = ExpressionMath.sine(top)
      case .cos:
        top = ExpressionMath.cosine(top)
      case .floor:
        top = top.rounded(.down)
      case .ceil:
        top = top.rounded(.up)
      case .round:
        top = top.rounded(.toNearestOrAwayFromZero)
      case .sign:
        top = ExpressionMath.sign(top)
      case .addFrame:
        top += frame[Int(current.pointee.slot)]
      case .subtractFrame:
        top -= frame[Int(current.pointee.slot)]
      case .multiplyFrame:
        top *= frame[Int(current.pointee.slot)]
      case .divideFrame:
        top /= frame[Int(current.pointee.slot)]
      case .addConstant:
        top += current.pointee.value
      case .subtractConstant:
        top -= current.pointee.value
      case .multiplyConstant:
        top *= current.pointee.value
      case .divideConstant:
        top /= current.pointee.value
      case .storeFrame:
        frame[Int(current.pointee.slot)] = top
        below -= 1
        top = below.pointee
      case .storeX:
        // A value that is not finite leaves the column; others are saturated.
        if top.isFinite {
          let value = Saturation.clamp(top)
          view.x = value
        }
        below -= 1
        top = below.pointee
      case .storeY:
        // A value that is not finite leaves the column; others are saturated.
        if top.isFinite {
          let value = Saturation.clamp(top)
          view.y = value
        }
        below -= 1
        top = below.pointee
      case .storeWidth:
        // A value that is not finite leaves the column; others are saturated.
        if top.isFinite {
          let value = Saturation.clamp(top)
          view.width = max(0, value)
        }
        below -= 1
        top = below.pointee
      case .storeHeight:
        // A value that is not finite leaves the column; others are saturated.
        if top.isFinite {
          let value = Saturation.clamp(top)
          view.height = max(0, value)
        }
        below -= 1
        top = below.pointee
      case .storeScale:
        // A value that is not finite leaves the column; others are saturated.
        if top.isFinite {
          let value = Saturation.clamp(top)
          view.scaleX = value
          view.scaleY = value
        }
        below -= 1
        top = below.pointee
      case .storeScaleX:
        // A value that is not finite leaves the column; others are saturated.
        if top.isFinite {
          let value = Saturation.clamp(top)
          view.scaleX = value
        }
        below -= 1
        top = below.pointee
      case .storeScaleY:
        // A value that is not finite leaves the column; others are saturated.
        if top.isFinite {
          let value = Saturation.clamp(top)
          view.scaleY = value
        }
        below -= 1
        top = below.pointee
      case .storeAnchorX:
        // A value that is not finite leaves the column; others are saturated.
        if top.isFinite {
          let value = Saturation.clamp(top)
          view.anchorX = value
        }
        below -= 1
        top = below.pointee
      case .storeAnchorY:
        // A value that is not finite leaves the column; others are saturated.
        if top.isFinite {
          let value = Saturation.clamp(top)
          view.anchorY = value
        }
        below -= 1
        top = below.pointee
      case .storeOpacity:
        // A value that is not finite leaves the column; others are saturated.
        if top.isFinite {
          let value = Saturation.clamp(top)
          view.opacity = min(max(value, 0), 1)
        }
        below -= 1
        top = below.pointee
      case .storeBlur:
        // A value that is not finite leaves the column; others are saturated.
        if top.isFinite {
          let value = Saturation.clamp(top)
          view.blur = max(0, value)
        }
        below -= 1
        top = below.pointee
      case .storeRotation:
        // A value that is not finite leaves the column; others are saturated.
        if top.isFinite {
          let value = Saturation.clamp(top)
          view.rotation = value
        }
        below -= 1
        top = below.pointee
      case .storeZIndex:
        // A value that is not finite leaves the column; others are saturated.
        if top.isFinite {
          let value = Saturation.clamp(top)
          view.zIndex = value
        }
        below -= 1
        top = below.pointee
      }
    }
  }
}

/// A view's columns as the interpreter reads and writes them.
protocol ExpressionView {
  var x: Double { get set }
  var y: Double { get set }
  var width: Double { get set }
  var height: Double { get set }
  var scaleX: Double { get set }
  var scaleY: Double { get set }
  var anchorX: Double { get set }
  var anchorY: Double { get set }
  var opacity: Double { get set }
  var blur: Double { get set }
  var rotation: Double { get set }
  var zIndex: Double { get set }
}

extension ViewTransform: ExpressionView {}

/// What the view code reads of its batch besides the view.
protocol ExpressionBatch {
  /// ``ViewBatch/naturalViewportFrame(at:)``'s `y`.
  func naturalY(at index: Int) -> Double
  /// The natural frame's `x`.
  var naturalX: Double { get }
  var viewportHeight: Double { get }
}

/// A batch's values the view code reads, kept in memory for the call.
struct BatchValues {
  var rows: NaturalRows
  var viewportHeight: Double
  var naturalX: Double
}

/// The view code's batch: its values by address, one argument for the
/// three passed to the interpreter and kept across its calls, and read
/// only by the steps that need them.
struct BatchValuesPointer: ExpressionBatch {
  let pointer: UnsafePointer<BatchValues>

  @inline(__always)
  func naturalY(at index: Int) -> Double { pointer.pointee.rows.y(at: index) }
  var naturalX: Double {
    @inline(__always) get { pointer.pointee.naturalX }
  }
  var viewportHeight: Double {
    @inline(__always) get { pointer.pointee.viewportHeight }
  }
}

/// The view and batch frame code runs on: frame code reads and writes no
/// view (what it computes is the same for every view), so this one has no
/// memory to set up.
struct NoView: ExpressionView, ExpressionBatch {
  func naturalY(at index: Int) -> Double { 0 }
  var naturalX: Double { 0 }
  var viewportHeight: Double { 0 }
  var x: Double {
    get { 0 }
    nonmutating set {}
  }
  var y: Double {
    get { 0 }
    nonmutating set {}
  }
  var width: Double {
    get { 0 }
    nonmutating set {}
  }
  var height: Double {
    get { 0 }
    nonmutating set {}
  }
  var scaleX: Double {
    get { 0 }
    nonmutating set {}
  }
  var scaleY: Double {
    get { 0 }
    nonmutating set {}
  }
  var anchorX: Double {
    get { 0 }
    nonmutating set {}
  }
  var anchorY: Double {
    get { 0 }
    nonmutating set {}
  }
  var opacity: Double {
    get { 0 }
    nonmutating set {}
  }
  var blur: Double {
    get { 0 }
    nonmutating set {}
  }
  var rotation: Double {
    get { 0 }
    nonmutating set {}
  }
  var zIndex: Double {
    get { 0 }
    nonmutating set {}
  }
}

/// What the view code needs of a batch to read a view's natural `y`: the
/// batch's scalars, where the batch itself, passed to a call out of line,
/// would be copied whole.
struct NaturalRows {
  var top: Double
  var firstCopy: Int
  var stride: Double

  @inline(__always)
  init(_ views: ViewBatch) {
    top = views.naturalTop
    firstCopy = views.firstCopy
    stride = views.stride
  }

  /// ``ViewBatch/naturalViewportFrame(at:)``'s `y`, computed as it computes it.
  @inline(__always)
  func y(at index: Int) -> Double { top + Double(firstCopy + index) * stride }
}
