import EffectProtocol
import Foundation
import ScrollEffectsTestSupport
import Testing

@testable import Effects

/// The frame code runs with no view (``NoView``), or as the start of the
/// first view's code, and the interpreter stops on the `end` each code ends
/// with: the frame code must read and write no view, every code must end
/// with exactly one `end`, and a view's columns must be what the same
/// operations give.
@Suite struct ExpressionProgramCodeTests {
  static let viewOpcodes: Set<ExpressionInstruction.Opcode> = [
    .loadX, .loadY, .loadWidth, .loadHeight, .loadScaleX, .loadScaleY, .loadAnchorX,
    .loadAnchorY, .loadOpacity, .loadBlur, .loadRotation, .loadZIndex, .loadIndex, .loadNaturalY,
    .loadTranslateX, .loadTranslateY, .loadProgress, .storeX, .storeY, .storeWidth, .storeHeight,
    .storeScale, .storeScaleX, .storeScaleY, .storeAnchorX, .storeAnchorY, .storeOpacity,
    .storeBlur, .storeRotation, .storeZIndex,
  ]

  @Test(
    "frame code reads no view, and each code ends with its one end", arguments: [1, 2] as [UInt64])
  func codeShapes(seed: UInt64) throws {
    let names = ExpressionEvaluatorLanesTests.names(copy: 0, offset: 0).keys.sorted() + ["count"]
    var random = SplitMix64(seed: seed)
    var withFrameCode = 0
    for _ in 0..<300 {
      let columns: [ExpressionColumn] = [.rotation, .y, .opacity]
      let outputs = try columns.map { column in
        let tree = ExpressionRandomTests.tree(&random, depth: 1 + random.int(0..<4), names: names)
        return (column: column, expression: try ExpressionParser.parse(tree.text(&random)))
      }
      for count in 1...3 {
        let program = ExpressionProgram(Array(outputs.prefix(count)))
        if !program.frameCode.isEmpty {
          withFrameCode += 1
          #expect(program.frameCode.last?.opcode == .end)
          #expect(program.frameCode.dropLast().allSatisfy { $0.opcode != .end })
          #expect(program.frameCode.allSatisfy { !Self.viewOpcodes.contains($0.opcode) })
        }
        if program.fastForms.isEmpty {
          #expect(program.viewCode.last?.opcode == .end)
          #expect(program.viewCode.dropLast().allSatisfy { $0.opcode != .end })
          #expect(program.firstViewCode == program.frameCode.dropLast() + program.viewCode)
        } else {
          #expect(program.viewCode.isEmpty && program.firstViewCode.isEmpty)
        }
      }
    }
    #expect(withFrameCode > 100)
  }

  /// One view's columns after a program with frame code (hoisted values and
  /// a constant stored for a fast form), against the same IEEE operations
  /// written out here, bit for bit.
  @Test("one view's columns are the operations' bits, after frame code")
  func oneViewBits() throws {
    let setup = ExampleSetup(
      frame: Rect(x: 12, y: 40, width: 390, height: 300),
      contentInsets: EdgeInsets(top: 20, bottom: 10))
    let interpreted = try ExpressionEffect.decode(
      json: #"""
        {"y": "y + 0.5 * max(0, offset) - sqrt(pull) * 3",
         "rotation": "(offset - maxOffset / 7) / (height + viewportHeight * 0.25)",
         "opacity": "index - count / 3 + progress * min(insetTop, insetBottom)",
         "zIndex": "naturalY + translateY / 2 - contentHeight / 9"}
        """#)
    let fast = try ExpressionEffect.decode(
      json: #"{"x": "x + (offset / 3 - naturalWidth)", "scaleY": "1.5", "blur": "maxOffset / 100"}"#
    )
    // The second effect runs as fast forms, from frame code.
    let forms = ExpressionProgram([
      (.x, try ExpressionParser.parse("x + (offset / 3 - naturalWidth)")),
      (.scaleY, try ExpressionParser.parse("1.5")),
      (.blur, try ExpressionParser.parse("maxOffset / 100")),
    ])
    #expect(forms.fastForms.count == 3 && !forms.frameCode.isEmpty)
    for offset in [-120.0, -0.0, 37.5, 400, 1300] {
      let viewportHeight = 844.0
      let maxOffset = 2000 + 20 + 10 - viewportHeight
      let pull = offset < 0 ? -offset : 0
      let y0 = 20 + 40 - offset
      let view = setup.evaluate([interpreted, fast], offset: offset)
      let y = (y0 + 0.5 * max(0, offset)) - pull.squareRoot() * 3
      #expect(view.y.bitPattern == y.bitPattern, "\(offset)")
      let rotation = (offset - maxOffset / 7) / (300 + viewportHeight * 0.25)
      #expect(view.rotation.bitPattern == rotation.bitPattern, "\(offset)")
      let progress = (viewportHeight - y0) / (viewportHeight + 300)
      let opacity = (0 - 1.0 / 3) + progress * min(20, 10)
      #expect(view.opacity.bitPattern == min(max(opacity, 0), 1).bitPattern, "\(offset)")
      let zIndex = (y0 + (y0 - y0) / 2) - 2000.0 / 9
      #expect(view.zIndex.bitPattern == zIndex.bitPattern, "\(offset)")
      #expect(view.x.bitPattern == (12 + (offset / 3 - 390)).bitPattern, "\(offset)")
      #expect(view.scaleY == 1.5 && view.blur.bitPattern == (maxOffset / 100).bitPattern)
    }
  }

  /// A program's frame slots and stack share a scratch of a fixed size
  /// when they fit in it (``ExpressionProgram/fixedScratchCount``), else
  /// one of their size: programs on either side give the sums written out
  /// here, bit for bit.
  @Test("deep stacks and many frame slots, within the fixed scratch and past it")
  func scratchSizes() throws {
    let setup = ExampleSetup(frame: Rect(y: 40, width: 390, height: 300))
    let first = try ExpressionEffect.decode(json: #"{"zIndex": "3"}"#)
    var fitted: Set<Bool> = []
    for n in 30...63 {
      // zIndex + (zIndex + (... + (zIndex + 1))): a stack n + 1 deep.
      let deep = String(repeating: "(zIndex + ", count: n) + "1" + String(repeating: ")", count: n)
      // sin(offset + 1) * zIndex + ...: n frame values, a slot each.
      let wide = (1...n).map { "sin(offset + \($0)) * zIndex" }.joined(separator: " + ")
      for text in [deep, wide] {
        let program = ExpressionProgram([(.rotation, try ExpressionParser.parse(text))])
        fitted.insert(
          program.frameSlotCount + program.stackDepth <= ExpressionProgram.fixedScratchCount)
        let effect = try ExpressionEffect.decode(json: #"{"rotation": "\#(text)"}"#)
        for offset in [-40.0, 0, 37.5, 400] {
          let expected =
            text == deep
            ? 3 * Double(n) + 1
            : (2...n).reduce(sin(offset + 1) * 3) { $0 + sin(offset + Double($1)) * 3 }
          let rotation = setup.evaluate([first, effect], offset: offset).rotation
          #expect(rotation.bitPattern == expected.bitPattern, "n \(n) at \(offset)")
        }
      }
    }
    // Both kinds of scratch ran.
    #expect(fitted == [true, false])
  }
}
