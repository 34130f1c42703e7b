import EffectProtocol

extension InterpolateEffect: SwiftExportable {
  package func writeSwift(to code: inout SwiftChainCode) {
    guard keyframes.stops.count >= 2 else { return }
    // An input that is the same for every view (the offset, an overscroll)
    // gives every copy of a repeated chain the same value, as the library's
    // batch computes it once: the export computes it once a frame too,
    // before the copies, rather than easing it again for each.
    guard code.count > 1, !parameters.input.isPerView else {
      writeValue("value", declaring: true, &code)
      combine(&code)
      return
    }
    let name = code.own("value")
    code.onceAFrame { code in
      code.line("let \(name): Double")
      code.block("do") { code in writeValue(name, declaring: false, &code) }
    }
    code.line("let value = \(name)  // the same for every copy")
    combine(&code)
  }

  /// The lines that assign the value of the effect's stops at its input to
  /// `value`: a `let` they declare when `declaring`, else one declared before them.
  private func writeValue(_ value: String, declaring: Bool, _ code: inout SwiftChainCode) {
    let stops = keyframes.stops
    guard !keyframes.isShaped else {
      writeShapedValue(value, declaring: declaring, &code)
      return
    }
    let input = inputSource(&code)
    code.line(
      "// \(parameters.property.rawValue) from \(parameters.input.rawValue) through \(stops.count) "
        + "stops, \(parameters.easing.name ?? "cubicBezier"), \(parameters.extrapolate.rawValue)")
    code.line("let input = \(input)")
    let easing = keyframes.curve.isLinear ? nil : parameters.easing
    let curve = easing.map { Easing.swiftCurve($0, &code) }
    let linearPair = stops.count == 2 && keyframes.curve.isLinear
    if declaring { code.line("let \(value): Double") }
    let first = stops[0]
    let last = stops[stops.count - 1]
    let before = endValue(first, slope: keyframes.firstSlope, &code)
    let after = endValue(last, slope: keyframes.lastSlope, &code)
    if before == after {
      // Both ends hold the same output (a rise and fall back): one branch.
      code.line(
        "if !(input > \(SwiftLiteral.double(first.input))) "
          + "|| !(input < \(SwiftLiteral.double(last.input))) {")
      code.line("  \(value) = \(before)")
    } else {
      code.line("if !(input > \(SwiftLiteral.double(first.input))) {")
      code.line("  \(value) = \(before)")
      code.line("} else if !(input < \(SwiftLiteral.double(last.input))) {")
      code.line("  \(value) = \(after)")
    }
    for end in 1..<stops.count {
      let (start, stop) = (stops[end - 1], stops[end])
      let inputSpan = SwiftLiteral.difference(stop.input, start.input)
      let outputChange = SwiftLiteral.difference(stop.output, start.output)
      let fraction = "(input - \(SwiftLiteral.double(start.input))) / \(inputSpan)"
      let segment: String
      if linearPair {
        segment = "\(SwiftLiteral.double(start.output)) + \(outputChange) * (\(fraction))"
      } else {
        let eased = "Self.\(curve ?? "linearEased")(\(fraction))"
        if easing == nil { code.uses(.linearEasing) }
        let sum = "\(SwiftLiteral.double(start.output)) + \(outputChange) * \(eased)"
        // The curve stays within its control points' hull: where the sum
        // cannot reach the saturation limit, saturating it changes nothing.
        let (_, y1, _, y2) = (easing ?? .linear).controlPoints
        let reach = max(1, abs(y1), abs(y2), abs(y1 - 1), abs(y2 - 1))
        let bound = abs(start.output) + abs(stop.output - start.output) * reach
        segment = bound < Saturation.limit / 2 ? sum : code.saturated(sum)
      }
      if end < stops.count - 1 {
        code.line("} else if input < \(SwiftLiteral.double(stop.input)) {")
      } else {
        code.line("} else {")
      }
      code.line("  \(value) = \(segment)")
    }
    code.line("}")
  }

  /// The value outside the stops: the end stop's output, or its segment
  /// extended, saturated unless the input's bound keeps the line below
  /// half the limit, where saturating it changes nothing (a NaN stays NaN
  /// either way).
  private func endValue(
    _ end: Stop, slope: Double, _ code: inout SwiftChainCode, exact: Bool = false
  ) -> String {
    guard keyframes.extends else { return SwiftLiteral.double(end.output) }
    let line =
      "\(SwiftLiteral.double(end.output)) + (input - \(SwiftLiteral.double(end.input))) * "
      + SwiftLiteral.double(slope)
    let reach = abs(end.output) + (inputBound(code, exact: exact) + abs(end.input)) * abs(slope)
    return reach < Saturation.limit / 2 ? line : code.saturated(line)
  }

  /// A bound on the magnitude of the input ``inputSource(_:exact:)`` reads
  /// (infinity where there is none): the offset is held to ±1e15, the
  /// overscrolls are below 1e15 beyond the scene's maximum offset, a view's
  /// top and height are its natural frame's while no effect before wrote
  /// them, and the cover progress of such a view is bounded as
  /// ``progressStaysWithinLimits(_:)`` finds; a progress through a view
  /// range is saturated.
  private func inputBound(_ code: SwiftChainCode, exact: Bool) -> Double {
    if shape.timeline != nil { return Saturation.limit }
    let extent =
      abs(code.naturalFrame.y) + Double(max(0, code.count - 1)) * abs(code.stride)
      + abs(code.geometry.contentInsets.top)
    // Not a switch: an input without a bound here (one added later) is
    // saturated, which is always exact.
    let input = parameters.input
    if input == .offset || input == .pull { return Saturation.limit }
    if input == .pullBottom { return Saturation.limit + abs(code.geometry.maxOffset) }
    if input == .minY { return code.hasWritten(.y) ? .infinity : Saturation.limit + extent }
    if input == .height {
      return code.hasWritten(.height) ? .infinity : abs(code.naturalFrame.height)
    }
    guard input == .progress else { return .infinity }
    guard Self.progressStaysWithinLimits(code) else {
      return keyframes.extends || exact ? Saturation.limit : .infinity
    }
    let viewport = code.geometry.viewport.height
    return (Saturation.limit + extent + viewport) / (viewport + code.naturalFrame.height)
  }

  /// The steps and `linear(...)` easings, and progress through a view range
  /// or with timeline insets, as the library evaluates them out of line
  /// (`EasedKeyframes`): the first stop's input starts the first segment,
  /// and every eased value is saturated.
  private func writeShapedValue(
    _ value: String, declaring: Bool, _ code: inout SwiftChainCode
  ) {
    let stops = keyframes.stops
    let shape = self.shape
    var description = "\(parameters.property.rawValue) from \(parameters.input.rawValue)"
    description += shape.timeline == nil ? " through" : ""
    let input: String
    if let timeline = shape.timeline {
      description +=
        " in range \(SwiftLiteral.string(timeline.range.text)), timelineInset "
        + timeline.inset.json + ","
      input = "Self.\(timeline.swiftProgress(&code.functions))(minY: view.y, height: view.height)"
    } else {
      input = inputSource(&code, exact: true)
    }
    code.line(
      "// \(description) \(stops.count) stops, \(parameters.easing.cssText), "
        + parameters.extrapolate.rawValue)
    code.line("let input = \(input)")
    let ease: String
    switch shape.curve {
    case .bezier(let bezier) where bezier.isLinear:
      code.uses(.linearEasing)
      ease = "linearEased"
    case .bezier: ease = Easing.swiftCurve(parameters.easing, &code)
    case .steps(let steps):
      // Rounding down calls the C library's floor.
      code.uses(.cMath)
      ease = steps.swiftFunction(parameters.easing, &code.functions)
    case .piecewiseLinear(let linear):
      ease = linear.swiftFunction(parameters.easing, &code.functions)
    }
    func segment(ending end: Int) -> String {
      let (start, stop) = (stops[end - 1], stops[end])
      let fraction =
        "(input - \(SwiftLiteral.double(start.input))) / "
        + SwiftLiteral.difference(stop.input, start.input)
      return code.saturated(
        "\(SwiftLiteral.double(start.output)) + \(SwiftLiteral.difference(stop.output, start.output))"
          + " * Self.\(ease)(\(fraction))")
    }
    let first = stops[0]
    let last = stops[stops.count - 1]
    if declaring { code.line("let \(value): Double") }
    code.line("if input == \(SwiftLiteral.double(first.input)) {")
    code.line("  // The first segment owns its first stop: no \"before flag\".")
    code.line("  \(value) = \(segment(ending: 1))")
    code.line("} else if !(input > \(SwiftLiteral.double(first.input))) {")
    code.line("  \(value) = \(endValue(first, slope: keyframes.firstSlope, &code, exact: true))")
    code.line("} else if !(input < \(SwiftLiteral.double(last.input))) {")
    code.line("  \(value) = \(endValue(last, slope: keyframes.lastSlope, &code, exact: true))")
    for end in 1..<stops.count {
      if end < stops.count - 1 {
        code.line("} else if input < \(SwiftLiteral.double(stops[end].input)) {")
      } else {
        code.line("} else {")
      }
      code.line("  \(value) = \(segment(ending: end))")
    }
    code.line("}")
  }

  /// The input's value for the view; `exact`: CSS's cover progress as the
  /// library computes it for every curve, 0 for a span not above 0.
  private func inputSource(_ code: inout SwiftChainCode, exact: Bool = false) -> String {
    let height = SwiftChainCode.viewportHeight
    switch parameters.input {
    case .offset: return "offset"
    case .pull: return code.frame(.pull)
    case .pullBottom: return code.frame(.pullBottom)
    case .minY: return "view.y"
    case .minX: return "view.x"
    case .width: return "view.width"
    case .height: return "view.height"
    case .progress where (keyframes.extends || exact) && Self.progressStaysWithinLimits(code):
      // A natural frame: the span is above 0 and the quotient within the
      // saturation limit, which would change nothing.
      return "(\(height) - view.y) / (\(height) + view.height)"
    case .progress where keyframes.extends || exact:
      // CSS's view() cover progress, saturated.
      let span = "(\(height) + view.height)"
      return "\(span) > 0 ? \(code.saturated("(\(height) - view.y) / \(span)")) : 0"
    case .progress:
      // Held ends: beyond the stops the value is the end's, saturated or not.
      return "(\(height) - view.y) / (\(height) + view.height)"
    }
  }

  /// Whether the cover progress of every view of `code`'s chain is within
  /// the saturation limit with a span above 0: no effect before changed the
  /// view's top or height, and the natural top (at most 1e15 from the
  /// offset, plus the chain's extent) over the viewport and the height stays
  /// below half the limit.
  static func progressStaysWithinLimits(_ code: SwiftChainCode) -> Bool {
    guard !code.hasWritten(.y), !code.hasWritten(.height) else { return false }
    let viewport = code.geometry.viewport.height
    let span = viewport + code.naturalFrame.height
    let extent =
      abs(code.naturalFrame.y) + Double(max(0, code.count - 1)) * abs(code.stride)
      + abs(code.geometry.contentInsets.top)
    let reach = (1e15 + extent + viewport) / span
    return span >= 1 && reach.isFinite && reach < Saturation.limit / 2
  }

  /// How the value combines with the view's property.
  private func combine(_ code: inout SwiftChainCode) {
    switch parameters.property {
    case .opacity:
      code.writes(.opacity)
      code.line("view.opacity = min(max(view.opacity * value, 0), 1)")
    case .scale:
      code.writes(.scaleX, .scaleY)
      code.line("view.scaleX = \(code.saturated("view.scaleX * value"))")
      code.line("view.scaleY = \(code.saturated("view.scaleY * value"))")
    case .scaleX:
      code.writes(.scaleX)
      code.line("view.scaleX = \(code.saturated("view.scaleX * value"))")
    case .scaleY:
      code.writes(.scaleY)
      code.line("view.scaleY = \(code.saturated("view.scaleY * value"))")
    case .blur:
      code.writes(.blur)
      code.line("view.blur = max(0, view.blur + value)")
    case .rotation:
      code.writes(.rotation)
      code.line("view.rotation += value")
    case .translateX:
      code.writes(.x)
      code.line("view.x += value")
    case .translateY:
      code.writes(.y)
      code.line("view.y += value")
    case .width:
      code.writes(.width)
      code.line("view.width = max(0, value)")
    case .height:
      code.writes(.height)
      code.line("view.height = max(0, value)")
    case .zIndex:
      code.writes(.zIndex)
      code.line("view.zIndex = value")
    }
  }
}

extension Easing {
  /// The name of the exported type's function of this easing (`easeInOut`,
  /// `cubicBezier0`, ...), which the exported type defines once: a
  /// `UnitBezier` of the curve's control points, out of line, as only the
  /// views between two stops call it.
  static func swiftCurve(_ easing: Easing, _ code: inout SwiftChainCode) -> String {
    code.uses(.unitBezier)
    // Every easing is a cubic Bézier curve: a new form of easing needs its
    // export written here.
    switch easing {
    case .linear, .ease, .easeIn, .easeOut, .easeInOut, .cubicBezier: break
    case .steps, .piecewiseLinear:
      // Written by StepFunction's and PiecewiseLinearFunction's exports.
      preconditionFailure("steps and linear(...) are not Bézier curves")
    }
    let (x1, y1, x2, y2) = UnitBezier.controlPoints(of: easing)
    let points = [x1, y1, x2, y2].map(SwiftLiteral.double).joined(separator: ", ")
    // The control points as the file gives them; `swiftc -O` folds the
    // coefficients UnitBezier's initializer computes from them.
    let curve =
      "UnitBezier(x1: \(SwiftLiteral.double(x1)), y1: \(SwiftLiteral.double(y1)), "
      + "x2: \(SwiftLiteral.double(x2)), y2: \(SwiftLiteral.double(y2)))"
    return code.curve(easing.name ?? "cubicBezier", curve, comment: "(\(points))")
  }

  /// The exported `UnitBezier`: CSS's cubic Bézier curve solved with the
  /// library's steps (Newton's, then bisection), so that every value is the
  /// library's.
  package static let swiftSource = """
    /// A CSS cubic Bézier easing from (0, 0) to (1, 1) with control points
    /// (x1, y1) and (x2, y2): the y of the curve at x = progress.
    private struct UnitBezier {
      let ax, bx, cx: Double
      let ay, by, cy: Double

      /// The coefficients of x(t) = ((ax t + bx) t + cx) t and y(t) alike:
      /// cx = 3 x1, bx = 3 (x2 - x1) - cx, ax = 1 - cx - bx, and the same of
      /// the ys.
      @inline(__always)
      init(x1: Double, y1: Double, x2: Double, y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
      }

      func value(at progress: Double) -> Double {
        guard progress > 0 else { return 0 }
        guard progress < 1 else { return 1 }
        let t = parameter(forX: progress)
        return ((ay * t + by) * t + cy) * t
      }

      private func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }

      private func slopeOfX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

      /// The t whose x is p: Newton's steps while they stay in the bracket,
      /// then bisection.
      private func parameter(forX p: Double) -> Double {
        var lower = 0.0
        var upper = 1.0
        var t = p
        for _ in 0..<8 {
          let error = x(t) - p
          if error == 0 { return t }
          if error < 0 { lower = t } else { upper = t }
          let next = t - error / slopeOfX(t)
          guard next > lower, next < upper else { break }
          if abs(next - t) < 1e-14 { return next }
          t = next
        }
        for _ in 0..<64 {
          let middle = 0.5 * (lower + upper)
          if upper - lower < 1e-15 || middle <= lower || middle >= upper { return middle }
          let error = x(middle) - p
          if error == 0 { return middle }
          if error < 0 { lower = middle } else { upper = middle }
        }
        return 0.5 * (lower + upper)
      }
    }
    """

  /// The exported `linearEased(_:)`, the `linear` curve: progress held to 0...1.
  package static let swiftLinearSource = """
      /// The linear easing: progress held to 0...1.
      private static func linearEased(_ progress: Double) -> Double {
        progress > 0 ? (progress < 1 ? progress : 1) : 0
      }
    """
}

extension InterpolateEffect: StatesWrittenFields {
  /// The fields its property combines with; none with fewer than two
  /// stops, which write nothing.
  package var writtenFields: SwiftChainCode.Fields {
    guard keyframes.stops.count >= 2 else { return [] }
    switch parameters.property {
    case .opacity: return .init(.opacity)
    case .scale: return [.init(.scaleX), .init(.scaleY)]
    case .scaleX: return .init(.scaleX)
    case .scaleY: return .init(.scaleY)
    case .blur: return .init(.blur)
    case .rotation: return .init(.rotation)
    case .translateX: return .init(.x)
    case .translateY: return .init(.y)
    case .width: return .init(.width)
    case .height: return .init(.height)
    case .zIndex: return .init(.zIndex)
    }
  }
}
