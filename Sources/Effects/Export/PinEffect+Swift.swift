import EffectProtocol

extension PinEffect: SwiftExportable {
  package func writeSwift(to code: inout SwiftChainCode) {
    code.writes(.y)
    code.line(
      edge == .top
        ? "// line = It + inset; y = max(y, line)" + (until == nil ? "" : ", pushed off by until")
        : "// line = V - Ib - inset; y = min(y, line - height)"
          + (until == nil ? "" : ", held below until"))
    code.line("let inset = \(SwiftLiteral.double(inset))")
    switch edge {
    case .top:
      code.line("let line = \(SwiftChainCode.insetTop) + inset")
    case .bottom:
      code.line(
        "let line = \(SwiftChainCode.viewportHeight) - \(SwiftChainCode.insetBottom) - inset")
    }
    if let until {
      code.line("let until = \(SwiftLiteral.double(until))")
      code.line("let sectionEdge = \(code.frame(.contentOrigin)) + until")
    }
    switch (edge, until != nil) {
    case (.top, false): code.line("view.y = max(view.y, line)")
    case (.top, true): code.line("view.y = max(view.y, min(line, sectionEdge - view.height))")
    case (.bottom, false): code.line("view.y = min(view.y, line - view.height)")
    case (.bottom, true): code.line("view.y = min(view.y, max(line - view.height, sectionEdge))")
    }
  }
}
