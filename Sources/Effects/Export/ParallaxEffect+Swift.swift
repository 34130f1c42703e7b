import EffectProtocol

extension ParallaxEffect: SwiftExportable {
  package func writeSwift(to code: inout SwiftChainCode) {
    code.writes(.y)
    code.line("// y += rate * max(0, offset)")
    code.line("let rate = \(SwiftLiteral.double(rate))")
    code.line("let shift = \(code.saturated("rate * max(0, offset)"))")
    // A shift of 0 leaves the view as it is (its y may be -0).
    code.line("if shift != 0 { view.y += shift }")
  }
}
