import EffectProtocol

/// An effect that runs a test's `body` on its batch: the surface an effect
/// author writes against, reached as a plugin would, through
/// ``EffectEvaluator``.
public struct BatchProbe: StatelessScrollEffect {
  public let body: @Sendable (inout ViewBatch) -> Void

  public init(_ body: @escaping @Sendable (inout ViewBatch) -> Void) {
    self.body = body
  }

  public init(from reader: inout ParameterReader) {
    body = { _ in }
  }

  public static let descriptor = EffectDescriptor(
    typeName: "batchProbe", summary: "Runs a test's body.", discussion: "", parameters: [],
    examples: [])

  public func apply(to views: inout ViewBatch) { body(&views) }
}
