import EffectProtocol

extension StretchEffect: SwiftExportable {
  package func writeSwift(to code: inout SwiftChainCode) {
    let overscroll = code.frame(edge == .top ? .pull : .pullBottom)
    let movesUp = (edge == .top) == (code.attachment == .content)
    let kept = edge == .top ? "top" : "bottom"
    let rule =
      mode == .grow
      ? "grow: height += s, the \(kept) edge stays put" + (movesUp ? " (y -= s)" : "")
      : "zoom: scale (h + s) / h about the \(kept) edge's centre"
    code.line(
      (maxStretch == nil
        ? "// s = resistance * \(overscroll); "
        : "// s = min(resistance * \(overscroll), maxStretch); ")
        + rule)
    code.line("let resistance = \(SwiftLiteral.double(resistance))")
    if let maxStretch {
      code.line("let maxStretch = \(SwiftLiteral.double(maxStretch))")
      code.line("let stretch = min(resistance * \(overscroll), maxStretch)")
    } else {
      code.line("let stretch = resistance * \(overscroll)")
    }
    // Top edge and carried, or bottom edge and fixed: the view moves up by
    // the stretch to keep the right edge in place (movesUp).
    code.writes(.y, .height)
    code.block("if stretch > 0") { code in
      code.line(movesUp ? "let shift = -stretch" : "let shift = 0.0")
      switch mode {
      case .grow:
        code.line("view.y += shift")
        code.line("view.height += stretch")
      case .zoom:
        code.writes(.scaleX, .scaleY, .anchorX, .anchorY)
        code.line("let height = view.height")
        let factor = code.saturated("(height + stretch) / height")
        let scaleX = code.saturated("view.scaleX * factor")
        let scaleY = code.saturated("view.scaleY * factor")
        code.ifElse("height > 0") { code in
          code.line("let factor = \(factor)")
          code.line(edge == .top ? "view.y += shift" : "view.y += shift + stretch")
          code.line("view.scaleX = \(scaleX)")
          code.line("view.scaleY = \(scaleY)")
          code.line("view.anchorX = 0.5")
          code.line("view.anchorY = \(edge == .top ? "0.0" : "1.0")")
        } else: { code in
          // A view of height 0 cannot be scaled to cover anything: it grows.
          code.line("view.y += shift")
          code.line("view.height += stretch")
        }
      }
    }
  }
}

extension StretchEffect: StatesWrittenFields {
  /// Its frame always; a zoom's scale and anchor too.
  package var writtenFields: SwiftChainCode.Fields {
    let frame: SwiftChainCode.Fields = [.init(.y), .init(.height)]
    switch mode {
    case .grow: return frame
    case .zoom:
      return frame.union([.init(.scaleX), .init(.scaleY), .init(.anchorX), .init(.anchorY)])
    }
  }
}
