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
      // The content's height is the type's `contentHeight`, the host's.
      let contentEnd = "\(code.frame(.contentOrigin)) + Self.contentHeight"
      // The host's placed pin has the chain's last copy; by itself, the
      // last of the chain's `count`.
      let lastCopy = self.lastCopy ?? code.count - 1
      if lastCopy == 0 {
        // One copy: the last, whose section ends with the content.
        code.line("let sectionEdge = \(contentEnd)")
      } else {
        let copy = code.copy()
        code.line(
          "let sectionEdge = \(copy) >= \(lastCopy) ? \(contentEnd) : top + Double(\(copy) + 1) * "
            + SwiftLiteral.double(code.stride))
      }
    } else if let until {
      // A chain's top, as placed: the content y the host holds it at.
      code.line(
        "let until = \(SwiftLiteral.double(until))"
          + (untilChain.map { "  // the top of chain \(SwiftLiteral.string($0))" } ?? ""))
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

extension PinEffect: StatesWrittenFields {
  package var writtenFields: SwiftChainCode.Fields { .init(.y) }
}
