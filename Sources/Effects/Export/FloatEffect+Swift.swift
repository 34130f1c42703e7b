import EffectProtocol

extension FloatEffect: SwiftExportable {
  package func writeSwift(to code: inout SwiftChainCode) {
    code.writes(.y)
    code.line("// h = clamp(h + delta, 0, height), y = max(y, It + inset - h)")
    // State: the offset of the last frame, and how far each copy is hidden.
    let previous = code.state("floatPreviousOffset", type: "Double?", initial: "nil")
    let hidden = code.state(
      "floatHidden", type: "[Double]",
      initial: "Array(repeating: 0.0, count: \(code.count))")
    let delta = code.own("floatDelta")
    code.prologueLine("let \(delta) = \(previous).map { offset - $0 } ?? 0")
    code.prologueLine("\(previous) = offset")
    code.line("let inset = \(SwiftLiteral.double(inset))")
    code.line("let line = \(SwiftChainCode.insetTop) + inset")
    code.line("let hidden = min(max(\(hidden)[\(code.copy())] + \(delta), 0), view.height)")
    code.line("\(hidden)[copy] = hidden")
    code.line("view.y = max(view.y, line - hidden)")
  }
}

extension FloatEffect: StatesWrittenFields {
  package var writtenFields: SwiftChainCode.Fields { .init(.y) }
}
