import EffectProtocol

extension ParallaxEffect: SwiftExportable {
  package func writeSwift(to code: inout SwiftChainCode) {
    code.writes(.y)
    code.line("// y += rate * max(0, offset)")
    code.line("let rate = \(SwiftLiteral.double(rate))")
    // Offsets are at most 1e15: with |rate| <= 1 the product cannot pass
    // the saturation limit, and saturating it changes nothing.
    let shift = "rate * max(0, offset)"
    code.line("let shift = \(abs(rate) <= 1 ? shift : code.saturated(shift))")
    // A shift of 0 leaves the view as it is (its y may be -0).
    code.line("if shift != 0 { view.y += shift }")
  }
}

extension ParallaxEffect: StatesWrittenFields {
  package var writtenFields: SwiftChainCode.Fields { .init(.y) }
}
