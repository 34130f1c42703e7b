import EffectProtocol

extension PinEffect: SwiftExportable {
  package func writeSwift(to code: inout SwiftChainCode) {
    code.writes(.y)
    code.line(
      edge == .top
        ? "// line = It + inset; y = max(y, line)"
          + (until == nil && !untilNext ? "" : ", pushed off by until")
        : "// line = V - Ib - inset; y = min(y, line - height)"
          + (until == nil && !untilNext ? "" : ", held below until"))
    code.line("let inset = \(SwiftLiteral.double(inset))")
    switch edge {
    case .top:
      code.line("let line = \(SwiftChainCode.insetTop) + inset")
    case .bottom:
      code.line(
        "let line = \(SwiftChainCode.viewportHeight) - \(SwiftChainCode.insetBottom) - inset")
    }
    if untilNext {
      // "next": the next copy's natural top (`top`, copy 0's, is the
      // repeated chain's loop's), the content's end for the last copy.
      let copy = code.copy()
      let contentEnd =
        "\(code.frame(.contentOrigin)) + \(SwiftLiteral.double(code.geometry.contentHeight))"
      code.line(
        "let sectionEdge = \(copy) >= \(lastCopy) ? \(contentEnd) : top + Double(\(copy) + 1) * "
          + SwiftLiteral.double(code.stride))
    } else if let until {
      code.line("let until = \(SwiftLiteral.double(until))")
      code.line("let sectionEdge = \(code.frame(.contentOrigin)) + until")
    }
    switch (edge, until != nil || untilNext) {
    case (.top, false): code.line("view.y = max(view.y, line)")
    case (.top, true): code.line("view.y = max(view.y, min(line, sectionEdge - view.height))")
    case (.bottom, false): code.line("view.y = min(view.y, line - view.height)")
    case (.bottom, true): code.line("view.y = min(view.y, max(line - view.height, sectionEdge))")
    }
  }
}
