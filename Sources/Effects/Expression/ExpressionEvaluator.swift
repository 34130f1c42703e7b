import EffectProtocol

extension ExpressionProgram {
  /// Evaluates the program on every view of `views`: the frame code once,
  /// then the view code view by view, in one pass over the batch
  /// (``ViewBatch/modifyVisuals(_:)`` when only visual columns are assigned).
  ///
  /// The stack and the frame slots live in one temporary allocation per
  /// call, on the machine stack for any program the parser accepts: nothing
  /// is allocated on the heap and nothing is parsed.
  func apply(to views: ViewBatch) {
    let count = views.count
    guard count > 0 else { return }
    withUnsafeTemporaryAllocation(of: Double.self, capacity: frameSlotCount + stackDepth) {
      buffer in
      guard let frame = buffer.baseAddress else { return }
      let stack = frame + frameSlotCount
      let natural = views.naturalViewportFrame(at: 0)
      let geometry = views.geometry
      for (slot, name) in Self.frameNames.enumerated() {
        frame[slot] = Self.frameValue(name, geometry, natural, count)
      }
      let viewportHeight = geometry.viewport.height
      if !frameCode.isEmpty {
        var scratch = ViewTransform(frame: natural)
        frameCode.withUnsafeBufferPointer { code in
          Self.run(
            code, stack: stack, frame: frame, view: &scratch, index: 0, views: views,
            viewportHeight: viewportHeight, naturalX: natural.x)
        }
      }
      viewCode.withUnsafeBufferPointer { code in
        var index = 0
        if keepsFrame {
          views.modifyVisuals { view in
            Self.run(
              code, stack: stack, frame: frame, view: &view, index: index, views: views,
              viewportHeight: viewportHeight, naturalX: natural.x)
            index += 1
          }
        } else {
          views.modifyEach { view in
            Self.run(
              code, stack: stack, frame: frame, view: &view, index: index, views: views,
              viewportHeight: viewportHeight, naturalX: natural.x)
            index += 1
          }
        }
      }
    }
  }

  /// The value of a name that is the same for every view.
  private static func frameValue(
    _ name: ExpressionName, _ geometry: ScrollGeometry, _ natural: Rect, _ count: Int
  ) -> Double {
    switch name {
    case .offset: geometry.offset
    case .pull: geometry.pull
    case .pullBottom: geometry.pullBottom
    case .maxOffset: geometry.maxOffset
    case .count: Double(count)
    case .viewportWidth: geometry.viewport.width
    case .viewportHeight: geometry.viewport.height
    case .insetTop: geometry.contentInsets.top
    case .insetBottom: geometry.contentInsets.bottom
    case .contentHeight: geometry.contentHeight
    case .naturalX: natural.x
    case .naturalWidth: natural.width
    case .naturalHeight: natural.height
    default: 0
    }
  }

  /// Runs `code` on `view`, copy `index` of `views`. The stack keeps its top
  /// value in a register (`top`); below it, `stack[0..<depth]`, of which
  /// slot 0 only ever holds the initial `top`, so that the last pop reads
  /// written memory.
  @inline(__always)
  private static func run(
    _ code: UnsafeBufferPointer<ExpressionInstruction>, stack: UnsafeMutablePointer<Double>,
    frame: UnsafeMutablePointer<Double>, view: inout ViewTransform, index: Int,
    views: ViewBatch, viewportHeight: Double, naturalX: Double
  ) {
    guard var instruction = code.baseAddress else { return }
    let end = instruction + code.count
    var top = 0.0
    var below = stack
    @inline(__always) func push(_ value: Double) {
      below.pointee = top
      below += 1
      top = value
    }
    @inline(__always) func pop() -> Double {
      let value = top
      below -= 1
      top = below.pointee
      return value
    }
    @inline(__always) func binary(_ operation: (Double, Double) -> Double) {
      below -= 1
      top = operation(below.pointee, top)
    }
    @inline(__always) func ternary(_ operation: (Double, Double, Double) -> Double) {
      below -= 2
      top = operation(below[0], below[1], top)
    }
    // A store skips a value that is not finite and saturates the others.
    @inline(__always) func store(_ assign: (Double) -> Void) {
      let value = pop()
      if value.isFinite { assign(saturated(value)) }
    }
    while instruction != end {
      let current = instruction.pointee
      instruction += 1
      switch current.opcode {
      case .constant: push(current.value)
      case .frame: push(frame[Int(current.slot)])
      case .loadX: push(view.x)
      case .loadY: push(view.y)
      case .loadWidth: push(view.width)
      case .loadHeight: push(view.height)
      case .loadScaleX: push(view.scaleX)
      case .loadScaleY: push(view.scaleY)
      case .loadAnchorX: push(view.anchorX)
      case .loadAnchorY: push(view.anchorY)
      case .loadOpacity: push(view.opacity)
      case .loadBlur: push(view.blur)
      case .loadRotation: push(view.rotation)
      case .loadZIndex: push(view.zIndex)
      case .loadIndex: push(Double(index))
      case .loadNaturalY: push(views.naturalViewportFrame(at: index).y)
      case .loadTranslateX: push(view.x - naturalX)
      case .loadTranslateY: push(view.y - views.naturalViewportFrame(at: index).y)
      case .loadProgress: push((viewportHeight - view.y) / (viewportHeight + view.height))
      case .negate: top = -top
      case .add: binary(+)
      case .subtract: binary(-)
      case .multiply: binary(*)
      case .divide: binary(/)
      case .less: binary { ExpressionMath.truth($0 < $1) }
      case .lessEqual: binary { ExpressionMath.truth($0 <= $1) }
      case .greater: binary { ExpressionMath.truth($0 > $1) }
      case .greaterEqual: binary { ExpressionMath.truth($0 >= $1) }
      case .equal: binary { ExpressionMath.truth($0 == $1) }
      case .notEqual: binary { ExpressionMath.truth($0 != $1) }
      case .select: ternary { $0 != 0 ? $1 : $2 }
      case .min: binary { Swift.min($0, $1) }
      case .max: binary { Swift.max($0, $1) }
      case .clamp: ternary(ExpressionMath.clamp)
      case .abs: top = Swift.abs(top)
      case .sqrt: top = top.squareRoot()
      case .pow: binary(ExpressionMath.power)
      case .exp: top = ExpressionMath.exponential(top)
      case .log: top = ExpressionMath.logarithm(top)
      case .sin: top = ExpressionMath.sine(top)
      case .cos: top = ExpressionMath.cosine(top)
      case .floor: top = top.rounded(.down)
      case .ceil: top = top.rounded(.up)
      case .round: top = top.rounded(.toNearestOrAwayFromZero)
      case .sign: top = ExpressionMath.sign(top)
      case .lerp: ternary(ExpressionMath.lerp)
      case .step: binary(ExpressionMath.step)
      case .smoothstep: ternary(ExpressionMath.smoothstep)
      case .addFrame: top += frame[Int(current.slot)]
      case .subtractFrame: top -= frame[Int(current.slot)]
      case .multiplyFrame: top *= frame[Int(current.slot)]
      case .divideFrame: top /= frame[Int(current.slot)]
      case .storeFrame: frame[Int(current.slot)] = pop()
      case .storeX: store { view.x = $0 }
      case .storeY: store { view.y = $0 }
      case .storeWidth: store { view.width = max(0, $0) }
      case .storeHeight: store { view.height = max(0, $0) }
      case .storeScale:
        store { value in
          view.scaleX = value
          view.scaleY = value
        }
      case .storeScaleX: store { view.scaleX = $0 }
      case .storeScaleY: store { view.scaleY = $0 }
      case .storeAnchorX: store { view.anchorX = $0 }
      case .storeAnchorY: store { view.anchorY = $0 }
      case .storeOpacity: store { view.opacity = min(max($0, 0), 1) }
      case .storeBlur: store { view.blur = max(0, $0) }
      case .storeRotation: store { view.rotation = $0 }
      case .storeZIndex: store { view.zIndex = $0 }
      }
    }
  }
}
