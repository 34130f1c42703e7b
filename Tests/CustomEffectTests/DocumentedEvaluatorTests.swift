import EffectHost
import EffectProtocol
import Foundation
import Testing

/// The README's evaluator example: the comment under it says what the
/// evaluator gives, and it does.
@Suite struct DocumentedEvaluatorTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test("the README's comment on its evaluator example quotes the evaluator's view")
  func readmeComment() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let example = try #require(
      readme.firstMatch(
        of:
          /let fade = try FadeEffect.decode\(json: #"\{"distance": ([0-9]+)\}"#\)\n.*naturalFrame: Rect\(y: 0, width: ([0-9]+), height: ([0-9]+)\)\)\nlet views = evaluator.evaluate\(ScrollGeometry\(offset: ([0-9]+), contentHeight: ([0-9]+)\)\)\n\/\/ views\[0\]: y (-?[0-9.]+), height ([0-9.]+), opacity ([0-9.]+)\n/
      ),
      "README.md has no evaluator example with its comment"
    ).output
    let fade = try FadeEffect.decode(json: #"{"distance": \#(example.1)}"#)
    var evaluator = EffectEvaluator(
      [fade],
      naturalFrame: Rect(
        y: 0, width: Double(example.2) ?? 0, height: Double(example.3) ?? 0))
    let view = try #require(
      evaluator.evaluate(
        ScrollGeometry(
          offset: Double(example.4) ?? 0, contentHeight: Double(example.5) ?? 0)
      ).first)
    #expect(
      [example.6, example.7, example.8].map { Double($0) }
        == [view.y, view.height, view.opacity])
  }
}
