import EffectProtocol
import Effects
import Foundation

/// Evaluates `{"rotation": expression}` on the header (300 points at y 0,
/// 390 x 844, 2000 points of content) at `offset`; rotation starts at 0 and
/// is neither clamped nor scaled, so it shows the expression's value.
func expressionValue(_ expression: String, offset: Double = 0, setup: ExampleSetup = .header)
  throws -> Double
{
  let escaped = expression.replacingOccurrences(of: "\t", with: "\\t")
    .replacingOccurrences(of: "\n", with: "\\n")
  let json = #"{"rotation": "\#(escaped)"}"#
  let effect = try ExpressionEffect.decode(json: json)
  return setup.evaluate([effect], offset: offset).rotation
}

/// `expression` with every number `n` replaced by `(n + zIndex)`, zIndex
/// being 0 before the effect: the same value, but nothing can be folded at
/// load time or computed once a frame, so the per-view interpreter runs
/// every operator and function.
func interpretedValue(_ expression: String) throws -> Double {
  let pattern = try NSRegularExpression(
    pattern: #"(?<![A-Za-z_0-9.])(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?"#)
  let range = NSRange(expression.startIndex..., in: expression)
  let rewritten = pattern.stringByReplacingMatches(
    in: expression, range: range, withTemplate: "($0 + zIndex)")
  return try expressionValue(rewritten)
}
