import EffectProtocol

extension TranslateEffect: SwiftExportable {
  package func writeSwift(to code: inout SwiftChainCode) {
    code.line(
      "// \(axis.rawValue) += factor * (clamp(offset, from, to) - clamp(0, from, to))")
    code.line("let factor = \(SwiftLiteral.double(factor))")
    if let from { code.line("let from = \(SwiftLiteral.double(from))") }
    if let to { code.line("let to = \(SwiftLiteral.double(to))") }
    // clamp(offset, from, to) - clamp(0, from, to), with a missing bound an
    // infinite one, which min and max leave out.
    var clamped = "offset"
    if from != nil { clamped = "max(\(clamped), from)" }
    if to != nil { clamped = "min(\(clamped), to)" }
    let lower = from ?? -.infinity
    let upper = to ?? .infinity
    let atRest = min(max(0, lower), upper)
    code.line("let atRest = \(SwiftLiteral.double(atRest))  // clamp(0, from, to)")
    code.line("let shift = \(code.saturated("factor * (\(clamped) - atRest)"))")
    switch axis {
    case .x:
      code.writes(.x)
      code.line("if shift != 0 { view.x += shift }")
    case .y:
      code.writes(.y)
      code.line("if shift != 0 { view.y += shift }")
    }
  }
}

extension TranslateEffect: StatesWrittenFields {
  package var writtenFields: SwiftChainCode.Fields {
    switch axis {
    case .x: .init(.x)
    case .y: .init(.y)
    }
  }
}
