import EffectProtocol

extension CollapseEffect: SwiftExportable {
  package func writeSwift(to code: inout SwiftChainCode) {
    code.writes(.y, .height)
    code.line(
      "// line L = It + inset, excess e = L - y; past it height = min(h, max(minHeight, h - e))")
    code.line("let minHeight = \(SwiftLiteral.double(minHeight))")
    code.line("let inset = \(SwiftLiteral.double(inset))")
    code.line("let line = \(SwiftChainCode.insetTop) + inset")
    code.line("let excess = line - view.y")
    code.block("if excess > 0") { code in
      code.line("let height = min(view.height, max(minHeight, view.height - excess))")
      if pinned {
        code.line("view.height = height")
        code.line("view.y = line")
      } else {
        // The bottom stays put: y + (h - height).
        code.line("view.y += view.height - height")
        code.line("view.height = height")
      }
    }
  }
}

extension CollapseEffect: StatesWrittenFields {
  package var writtenFields: SwiftChainCode.Fields { [.init(.y), .init(.height)] }
}
