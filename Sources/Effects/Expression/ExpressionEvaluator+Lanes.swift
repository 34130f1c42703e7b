import EffectProtocol

extension ExpressionProgram {
  /// The number of views the view code runs over at once, each instruction
  /// over all of them: its dispatch is paid once for as many views.
  static var laneCount: Int { 8 }
  /// The fewest views worth running in lanes: below it, copying each view
  /// in and out of the lanes costs more than the dispatch it saves.
  static let fewestLaneViews = 4
  /// The deepest stack the lanes take (one lane vector a level): deeper
  /// programs run view by view, so that the lanes' memory stays on the
  /// machine stack.
  static let deepestLaneStack = 15

  /// Whether ``applyInLanes(to:frame:viewportHeight:naturalX:)`` runs the
  /// view code on a batch of `count` views.
  func runsInLanes(count: Int) -> Bool {
    count >= Self.fewestLaneViews && stackDepth <= Self.deepestLaneStack
  }

  /// Runs the view code over the views of `views`, ``laneCount`` at a time:
  /// each group's transforms are copied into lanes, every instruction runs
  /// over every lane, and the lanes are written back. Each view's values are
  /// those of the view-by-view run, bit for bit: the same operations on the
  /// same operands in the same order, and a view reads only itself.
  func applyInLanes(
    to views: ViewBatch, frame: UnsafeMutablePointer<Double>, viewportHeight: Double,
    naturalX: Double
  ) {
    let width = Self.laneCount
    withUnsafeTemporaryAllocation(of: ViewTransform.self, capacity: width) { lanes in
      guard let lanes = lanes.baseAddress else { return }
      // Every lane holds a transform, so that an instruction can run over
      // all of them whatever the group's size, a loop of fixed length the
      // compiler unrolls; only the group's own lanes are written back.
      lanes.initialize(
        repeating: ViewTransform(frame: Rect(y: 0, width: 0, height: 0)), count: width)
      withUnsafeTemporaryAllocation(of: Double.self, capacity: (stackDepth + 1) * width) {
        stack in
        guard let stack = stack.baseAddress else { return }
        stack.initialize(repeating: 0, count: (stackDepth + 1) * width)
        viewCode.withUnsafeBufferPointer { code in
          let count = views.count
          var start = 0
          while start < count {
            let end = Swift.min(start + width, count)
            var lane = lanes
            // Read through `modifyVisuals`: views still at rest are written
            // with their natural transforms, which the copy back overwrites.
            views.modifyVisuals(in: start..<end) { view in
              lane.initialize(to: view)
              lane += 1
            }
            Self.runLanes(
              code, lanes: lanes, count: end - start, first: start, stack: stack, frame: frame,
              views: views, viewportHeight: viewportHeight, naturalX: naturalX)
            lane = lanes
            if keepsFrame {
              views.modifyVisuals(in: start..<end) { view in
                view = lane.move()
                lane += 1
              }
            } else {
              views.modifyEach(in: start..<end) { view in
                view = lane.move()
                lane += 1
              }
            }
            start = end
          }
        }
      }
    }
  }

  /// Runs `code` on the `count` views in `lanes`, views `first...` of
  /// `views`. `stack` holds ``laneCount`` values a level; the top level is
  /// at `top`, and level 0 is never read.
  @inline(__always)
  private static func runLanes(
    _ code: UnsafeBufferPointer<ExpressionInstruction>, lanes: UnsafeMutablePointer<ViewTransform>,
    count: Int, first: Int, stack: UnsafeMutablePointer<Double>,
    frame: UnsafeMutablePointer<Double>, views: ViewBatch, viewportHeight: Double,
    naturalX: Double
  ) {
    guard var instruction = code.baseAddress else { return }
    let end = instruction + code.count
    let width = laneCount
    var top = stack
    while instruction != end {
      let current = instruction.pointee
      instruction += 1
      switch current.opcode {
      case .constant:
        top += width
        for i in 0..<width { top[i] = current.value }
      case .frame:
        top += width
        let value = frame[Int(current.slot)]
        for i in 0..<width { top[i] = value }
      case .loadX:
        top += width
        for i in 0..<width { top[i] = lanes[i].x }
      case .loadY:
        top += width
        for i in 0..<width { top[i] = lanes[i].y }
      case .loadWidth:
        top += width
        for i in 0..<width { top[i] = lanes[i].width }
      case .loadHeight:
        top += width
        for i in 0..<width { top[i] = lanes[i].height }
      case .loadScaleX:
        top += width
        for i in 0..<width { top[i] = lanes[i].scaleX }
      case .loadScaleY:
        top += width
        for i in 0..<width { top[i] = lanes[i].scaleY }
      case .loadAnchorX:
        top += width
        for i in 0..<width { top[i] = lanes[i].anchorX }
      case .loadAnchorY:
        top += width
        for i in 0..<width { top[i] = lanes[i].anchorY }
      case .loadOpacity:
        top += width
        for i in 0..<width { top[i] = lanes[i].opacity }
      case .loadBlur:
        top += width
        for i in 0..<width { top[i] = lanes[i].blur }
      case .loadRotation:
        top += width
        for i in 0..<width { top[i] = lanes[i].rotation }
      case .loadZIndex:
        top += width
        for i in 0..<width { top[i] = lanes[i].zIndex }
      case .loadIndex:
        top += width
        for i in 0..<width { top[i] = Double(first &+ i) }
      case .loadNaturalY:
        top += width
        for i in 0..<width { top[i] = views.naturalViewportFrame(at: first &+ i).y }
      case .loadTranslateX:
        top += width
        for i in 0..<width { top[i] = lanes[i].x - naturalX }
      case .loadTranslateY:
        top += width
        for i in 0..<width {
          top[i] = lanes[i].y - views.naturalViewportFrame(at: first &+ i).y
        }
      case .loadProgress:
        top += width
        for i in 0..<width {
          top[i] = (viewportHeight - lanes[i].y) / (viewportHeight + lanes[i].height)
        }
      case .negate:
        for i in 0..<width { top[i] = -top[i] }
      case .add:
        top -= width
        for i in 0..<width { top[i] = top[i] + top[width + i] }
      case .subtract:
        top -= width
        for i in 0..<width { top[i] = top[i] - top[width + i] }
      case .multiply:
        top -= width
        for i in 0..<width { top[i] = top[i] * top[width + i] }
      case .divide:
        top -= width
        for i in 0..<width { top[i] = top[i] / top[width + i] }
      case .less:
        top -= width
        for i in 0..<width { top[i] = ExpressionMath.truth(top[i] < top[width + i]) }
      case .lessEqual:
        top -= width
        for i in 0..<width { top[i] = ExpressionMath.truth(top[i] <= top[width + i]) }
      case .greater:
        top -= width
        for i in 0..<width { top[i] = ExpressionMath.truth(top[i] > top[width + i]) }
      case .greaterEqual:
        top -= width
        for i in 0..<width { top[i] = ExpressionMath.truth(top[i] >= top[width + i]) }
      case .equal:
        top -= width
        for i in 0..<width { top[i] = ExpressionMath.truth(top[i] == top[width + i]) }
      case .notEqual:
        top -= width
        for i in 0..<width { top[i] = ExpressionMath.truth(top[i] != top[width + i]) }
      case .min:
        top -= width
        for i in 0..<width { top[i] = Swift.min(top[i], top[width + i]) }
      case .max:
        top -= width
        for i in 0..<width { top[i] = Swift.max(top[i], top[width + i]) }
      case .pow:
        top -= width
        for i in 0..<count { top[i] = ExpressionMath.power(top[i], top[width + i]) }
      case .step:
        top -= width
        for i in 0..<width { top[i] = ExpressionMath.step(top[i], top[width + i]) }
      case .select:
        top -= 2 * width
        for i in 0..<width { top[i] = top[i] != 0 ? top[width + i] : top[2 * width + i] }
      case .clamp:
        top -= 2 * width
        for i in 0..<width {
          top[i] = ExpressionMath.clamp(top[i], top[width + i], top[2 * width + i])
        }
      case .lerp:
        top -= 2 * width
        for i in 0..<width {
          top[i] = ExpressionMath.lerp(top[i], top[width + i], top[2 * width + i])
        }
      case .smoothstep:
        top -= 2 * width
        for i in 0..<width {
          top[i] = ExpressionMath.smoothstep(top[i], top[width + i], top[2 * width + i])
        }
      case .abs:
        for i in 0..<width { top[i] = Swift.abs(top[i]) }
      case .sqrt:
        for i in 0..<width { top[i] = top[i].squareRoot() }
      case .exp:
        for i in 0..<count { top[i] = ExpressionMath.exponential(top[i]) }
      case .log:
        for i in 0..<count { top[i] = ExpressionMath.logarithm(top[i]) }
      case .sin:
        for i in 0..<count { top[i] = ExpressionMath.sine(top[i]) }
      case .cos:
        for i in 0..<count { top[i] = ExpressionMath.cosine(top[i]) }
      case .floor:
        for i in 0..<width { top[i] = top[i].rounded(.down) }
      case .ceil:
        for i in 0..<width { top[i] = top[i].rounded(.up) }
      case .round:
        for i in 0..<width { top[i] = top[i].rounded(.toNearestOrAwayFromZero) }
      case .sign:
        for i in 0..<width { top[i] = ExpressionMath.sign(top[i]) }
      case .addFrame:
        let value = frame[Int(current.slot)]
        for i in 0..<width { top[i] = top[i] + value }
      case .subtractFrame:
        let value = frame[Int(current.slot)]
        for i in 0..<width { top[i] = top[i] - value }
      case .multiplyFrame:
        let value = frame[Int(current.slot)]
        for i in 0..<width { top[i] = top[i] * value }
      case .divideFrame:
        let value = frame[Int(current.slot)]
        for i in 0..<width { top[i] = top[i] / value }
      case .storeFrame:
        // Only the frame code stores into frame slots.
        preconditionFailure("storeFrame in the view code")
      // A value that is not finite leaves the column; others are saturated,
      // as the view-by-view run stores them.
      case .storeX:
        for i in 0..<width where top[i].isFinite { lanes[i].x = Saturation.clamp(top[i]) }
        top -= width
      case .storeY:
        for i in 0..<width where top[i].isFinite { lanes[i].y = Saturation.clamp(top[i]) }
        top -= width
      case .storeWidth:
        for i in 0..<width where top[i].isFinite {
          lanes[i].width = Swift.max(0, Saturation.clamp(top[i]))
        }
        top -= width
      case .storeHeight:
        for i in 0..<width where top[i].isFinite {
          lanes[i].height = Swift.max(0, Saturation.clamp(top[i]))
        }
        top -= width
      case .storeScale:
        for i in 0..<width where top[i].isFinite {
          let value = Saturation.clamp(top[i])
          lanes[i].scaleX = value
          lanes[i].scaleY = value
        }
        top -= width
      case .storeScaleX:
        for i in 0..<width where top[i].isFinite { lanes[i].scaleX = Saturation.clamp(top[i]) }
        top -= width
      case .storeScaleY:
        for i in 0..<width where top[i].isFinite { lanes[i].scaleY = Saturation.clamp(top[i]) }
        top -= width
      case .storeAnchorX:
        for i in 0..<width where top[i].isFinite { lanes[i].anchorX = Saturation.clamp(top[i]) }
        top -= width
      case .storeAnchorY:
        for i in 0..<width where top[i].isFinite { lanes[i].anchorY = Saturation.clamp(top[i]) }
        top -= width
      case .storeOpacity:
        for i in 0..<width where top[i].isFinite {
          lanes[i].opacity = Swift.min(Swift.max(Saturation.clamp(top[i]), 0), 1)
        }
        top -= width
      case .storeBlur:
        for i in 0..<width where top[i].isFinite {
          lanes[i].blur = Swift.max(0, Saturation.clamp(top[i]))
        }
        top -= width
      case .storeRotation:
        for i in 0..<width where top[i].isFinite {
          lanes[i].rotation = Saturation.clamp(top[i])
        }
        top -= width
      case .storeZIndex:
        for i in 0..<width where top[i].isFinite { lanes[i].zIndex = Saturation.clamp(top[i]) }
        top -= width
      }
    }
  }
}
