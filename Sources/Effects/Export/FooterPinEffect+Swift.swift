import EffectProtocol

extension FooterPinEffect: SwiftExportable {
  package func writeSwift(to code: inout SwiftChainCode) {
    let bottom = "\(SwiftChainCode.viewportHeight) - \(SwiftChainCode.insetBottom)"
    code.line("// gap = max(0, V - Ib - (y + h)); \(mode == .stretch ? "height" : "y") += gap")
    let gap = "max(0, \(bottom) - (view.y + view.height))"
    switch mode {
    case .stretch:
      code.writes(.height)
      code.line("view.height += \(gap)")
    case .move:
      code.writes(.y)
      code.line("view.y += \(gap)")
    }
  }
}

extension FooterPinEffect: StatesWrittenFields {
  package var writtenFields: SwiftChainCode.Fields {
    switch mode {
    case .stretch: .init(.height)
    case .move: .init(.y)
    }
  }
}
