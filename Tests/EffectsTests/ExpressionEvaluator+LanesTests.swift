import EffectProtocol
import Foundation
import ScrollEffectsTestSupport
import Testing

@testable import Effects

/// A chain of four or more copies runs an expression's view code in lanes,
/// a few copies view by view: both must give every view the values of the
/// plain meaning of the expression, and the same bits for the same view.
@Suite struct ExpressionEvaluatorLanesTests {
  /// Per-view columns that differ from copy to copy, set by a first effect
  /// (itself run in lanes on four copies or more).
  static let spread = #"""
    {"x": "7 + index", "width": "250 - 3 * index", "height": "120 + index",
     "opacity": "0.5 - 0.02 * index", "blur": "2 * index", "zIndex": "3 + index",
     "scaleY": "0.75 + index / 8", "anchorX": "index / 32"}
    """#

  /// The names a view's expression reads, for copy `copy` at `offset`: the
  /// chain's copy 0 at y 40, 100 tall, 110 apart, in 390 x 844 with insets 20
  /// and 10 and 2000 points of content; `count` is left out, so that chains
  /// of different lengths agree on their common copies.
  static func names(copy: Int, offset: Double) -> [String: Double] {
    let i = Double(copy)
    let naturalY = (20 - offset) + 40 + i * 110
    let height = 120 + i
    return [
      "offset": offset, "pull": offset < 0 ? -offset : 0, "pullBottom": max(0, offset - 1186),
      "maxOffset": 1186, "minY": naturalY, "progress": (844 - naturalY) / (844 + height),
      "index": i, "viewportWidth": 390, "viewportHeight": 844, "insetTop": 20,
      "insetBottom": 10, "contentHeight": 2000, "naturalX": 0, "naturalY": naturalY,
      "naturalWidth": 390, "naturalHeight": 100, "x": 7 + i, "y": naturalY, "width": 250 - 3 * i,
      "height": height, "translateX": 7 + i, "translateY": 0, "scaleX": 1, "scaleY": 0.75 + i / 8,
      "anchorX": i / 32, "anchorY": 0.5, "opacity": 0.5 - 0.02 * i, "blur": 2 * i,
      "rotation": 0, "zIndex": 3 + i,
    ]
  }

  /// The transforms of `count` copies after `effects` at `offset`.
  static func evaluate(_ effects: [any ScrollEffect], count: Int, offset: Double)
    -> [ViewTransform]
  {
    var evaluator = EffectEvaluator(
      effects, naturalFrame: Rect(y: 40, width: 390, height: 100), count: count, stride: 110)
    return evaluator.evaluate(
      ScrollGeometry(
        offset: offset, contentInsets: EdgeInsets(top: 20, bottom: 10), contentHeight: 2000))
  }

  static func columns(_ view: ViewTransform) -> [UInt64] {
    [
      view.x, view.y, view.width, view.height, view.scaleX, view.scaleY, view.anchorX,
      view.anchorY, view.opacity, view.blur, view.rotation, view.zIndex,
    ].map(\.bitPattern)
  }

  /// The offsets the rounds cycle through.
  static let offsets = [-120.0, 0, 37.5, 400, 1300]

  /// Runs `body` for 60 rounds of `programs` random programs of `depth`,
  /// each round at the next of ``offsets`` on 4 to 21 copies (in lanes).
  static func rounds(
    seed: UInt64, programs count: Int, depth: Int,
    _ body: (
      _ round: Int, _ offset: Double, _ copies: Int, _ trees: [ExpressionRandomTests.Tree],
      _ texts: [String]
    ) throws -> Void
  ) rethrows {
    var random = SplitMix64(seed: seed)
    for round in 0..<60 {
      let copies = 4 + random.int(0..<18)
      let (trees, texts) = programs(&random, count: count, depth: depth)
      try body(round, offsets[round % 5], copies, trees, texts)
    }
  }

  /// `count` random programs of `depth` over the names, and their texts.
  static func programs(_ random: inout SplitMix64, count: Int, depth: Int)
    -> (trees: [ExpressionRandomTests.Tree], texts: [String])
  {
    let names = names(copy: 0, offset: 0).keys.sorted()
    let trees = (0..<count).map { _ in
      ExpressionRandomTests.tree(&random, depth: depth, names: names)
    }
    return (trees, trees.map { $0.text(&random) })
  }

  @Test(
    "lanes give each copy the reference value and the view-by-view bits",
    arguments: [1, 2, 3, 4] as [UInt64])
  func lanesAgree(seed: UInt64) throws {
    let first = try ExpressionEffect.decode(json: Self.spread)
    // Three columns: rotation shows the value; scaleX and y are written too,
    // so the lanes' stores of several columns are checked against one run
    // view by view.
    try Self.rounds(seed: seed, programs: 3, depth: 4) { round, offset, count, trees, texts in
      let effect = try ExpressionEffect.decode(
        json: #"{"rotation": "\#(texts[0])", "scaleX": "\#(texts[1])", "y": "\#(texts[2])"}"#)
      let inLanes = Self.evaluate([first, effect], count: count, offset: offset)
      let oneByOne = Self.evaluate([first, effect], count: 3, offset: offset)
      for copy in 0..<3 {
        #expect(
          Self.columns(inLanes[copy]) == Self.columns(oneByOne[copy]),
          "seed \(seed) round \(round) copy \(copy) of \(count): \(texts)")
      }
      for copy in 0..<count {
        let expected = trees[0].value(Self.names(copy: copy, offset: offset))
        let wanted = expected.isFinite ? min(max(expected, -1e15), 1e15) : 0
        let result = inLanes[copy].rotation
        #expect(
          result == wanted || (result - wanted).magnitude <= 1e-12 * max(1, wanted.magnitude),
          "seed \(seed) round \(round) copy \(copy) of \(count): \(texts[0]) gave \(result), expected \(wanted)"
        )
      }
    }
  }
}

extension ExpressionEvaluatorLanesTests {
  @Test(
    "lanes hold width, height, opacity and blur and set both scales as view by view does",
    arguments: [8, 9] as [UInt64])
  func lanesLimitColumns(seed: UInt64) throws {
    let first = try ExpressionEffect.decode(json: Self.spread)
    try Self.rounds(seed: seed, programs: 5, depth: 3) { round, offset, count, trees, texts in
      let effect = try ExpressionEffect.decode(
        json: #"""
          {"opacity": "\#(texts[0])", "width": "\#(texts[1])", "height": "\#(texts[2])",
           "blur": "\#(texts[3])", "scale": "\#(texts[4])"}
          """#)
      let inLanes = Self.evaluate([first, effect], count: count, offset: offset)
      let oneByOne = Self.evaluate([first, effect], count: 3, offset: offset)
      let context = "seed \(seed) round \(round), \(count) copies: \(texts)"
      for copy in 0..<3 {
        #expect(
          Self.columns(inLanes[copy]) == Self.columns(oneByOne[copy]), "\(context), copy \(copy)")
      }
      for copy in 0..<count {
        // Opacity: the value saturated, then held to 0...1; a value that is
        // not finite leaves the first effect's.
        let names = Self.names(copy: copy, offset: offset)
        let expected = trees[0].value(names)
        let wanted =
          expected.isFinite ? min(max(min(max(expected, -1e15), 1e15), 0), 1) : names["opacity"]!
        let result = inLanes[copy].opacity
        #expect(
          result == wanted || (result - wanted).magnitude <= 1e-12,
          "\(context), copy \(copy): opacity \(result), expected \(wanted)")
        // Scale: both factors, or neither when the value is not finite.
        if trees[4].value(names).isFinite {
          #expect(
            inLanes[copy].scaleX.bitPattern == inLanes[copy].scaleY.bitPattern,
            "\(context), copy \(copy)")
        } else {
          #expect(
            inLanes[copy].scaleX == 1 && inLanes[copy].scaleY == names["scaleY"]!,
            "\(context), copy \(copy)")
        }
        #expect(
          inLanes[copy].width >= 0 && inLanes[copy].height >= 0 && inLanes[copy].blur >= 0,
          "\(context), copy \(copy)")
      }
    }
  }
}

extension ExpressionEvaluatorLanesTests {
  @Test(
    "a value that is not finite leaves its copy's column, the finite ones of its eight are stored",
    arguments: [4, 8, 9, 16, 17, 23, 40])
  func lanesSkipValuesNotFinite(count: Int) throws {
    // Copy 5's rotation is 1 / 0; copies 0 to 10 have no logarithm (NaN,
    // and -infinity at 10); width is infinite for every copy at index 13.
    let effect = try ExpressionEffect.decode(
      json: #"""
        {"rotation": "1 / (index - 5)", "scale": "log(index - 10)",
         "width": "index == 13 ? 1e300 * 1e300 : 2 * index", "opacity": "1 / (index - 2)"}
        """#)
    for offset in Self.offsets {
      let views = Self.evaluate([effect], count: count, offset: offset)
      for copy in 0..<count {
        let i = Double(copy)
        let context = "copy \(copy) of \(count) at \(offset)"
        #expect(views[copy].rotation == (copy == 5 ? 0 : 1 / (i - 5)), "\(context)")
        let scale = copy <= 10 ? 1 : Foundation.log(i - 10)
        #expect(views[copy].scaleX == scale && views[copy].scaleY == scale, "\(context)")
        #expect(views[copy].width == (copy == 13 ? 390 : 2 * i), "\(context)")
        #expect(views[copy].opacity == (copy == 2 ? 1 : min(max(1 / (i - 2), 0), 1)), "\(context)")
      }
    }
  }
}

/// The lanes read and write the views in place, in the host's memory: the
/// same bits whether that memory swaps the axes (a horizontal scene's) or
/// not, whether the views are still at rest or already written, and in
/// groups of any size.
@Suite struct ExpressionLanesMemoryTests {
  /// The transforms, as effects see them, of `count` copies after
  /// `effects`, run in a batch over memory that swaps the axes when
  /// `swapsAxes`, its views at rest before the first effect when `atRest`
  /// (else written with their natural transforms). Memory starts as a
  /// value no view has, so that a view read before it was written shows.
  static func run(
    _ effects: [ExpressionEffect], count: Int, offset: Double, swapsAxes: Bool, atRest: Bool
  ) -> [ViewTransform] {
    let natural = Rect(y: 40, width: 390, height: 100)
    var unwritten = ViewTransform(frame: Rect(x: -7.25, y: -7.25, width: -7.25, height: -7.25))
    unwritten.opacity = -7.25
    var memory = [ViewTransform](repeating: unwritten, count: count)
    var record = ViewBatch.Record()
    memory.withUnsafeMutableBufferPointer { views in
      withUnsafeMutablePointer(to: &record) { record in
        var batch = ViewBatch(
          record: record,
          geometry: ScrollGeometry(
            offset: offset, contentInsets: EdgeInsets(top: 20, bottom: 10), contentHeight: 2000),
          attachment: .content, naturalFrame: natural, stride: 110,
          base: views.baseAddress!, count: count, swapsAxes: swapsAxes)
        if !atRest { batch.writeNaturalTransforms() }
        for effect in effects { effect.apply(to: &batch) }
        batch.writeNaturalTransforms()
      }
    }
    return swapsAxes ? memory.map { $0.swappingAxes() } : memory
  }

  @Test(
    "lanes in swapped memory and at rest give the plain, written bits, in groups of any size",
    arguments: [5, 6, 7] as [UInt64])
  func lanesInEveryMemory(seed: UInt64) throws {
    let first = try ExpressionEffect.decode(json: ExpressionEvaluatorLanesTests.spread)
    var random = SplitMix64(seed: seed)
    for round in 0..<40 {
      let offset = ExpressionEvaluatorLanesTests.offsets[round % 5]
      // Up to 90 copies: several groups for every stack depth, the last
      // one short; under 4, view by view.
      let count = 1 + random.int(0..<90)
      let (_, texts) = ExpressionEvaluatorLanesTests.programs(
        &random, count: 4, depth: 1 + round % 5)
      let effect = try ExpressionEffect.decode(
        json: #"""
          {"rotation": "\#(texts[0])", "scaleX": "\#(texts[1])", "y": "\#(texts[2])",
           "height": "\#(texts[3])"}
          """#)
      let reference = ExpressionEvaluatorLanesTests.evaluate(
        [first, effect], count: count, offset: offset)
      let context = "seed \(seed) round \(round), \(count) copies: \(texts)"
      for swapsAxes in [false, true] {
        for atRest in [false, true] {
          let views = Self.run(
            [first, effect], count: count, offset: offset, swapsAxes: swapsAxes, atRest: atRest)
          #expect(
            views.map(ExpressionEvaluatorLanesTests.columns)
              == reference.map(ExpressionEvaluatorLanesTests.columns),
            "\(context), swapped \(swapsAxes), at rest \(atRest)")
        }
      }
      // The first effect alone, on views at rest: its values are known.
      let spread = Self.run([first], count: count, offset: offset, swapsAxes: true, atRest: true)
      for copy in 0..<count {
        let i = Double(copy)
        #expect(spread[copy].x == 7 + i && spread[copy].width == max(0, 250 - 3 * i), "\(context)")
        #expect(spread[copy].anchorX == i / 32 && spread[copy].scaleY == 0.75 + i / 8)
      }
    }
  }

  @Test("a column's place in memory that swaps the axes is where swappingAxes puts it")
  func memoryOffsets() {
    var random = SplitMix64(seed: 11)
    let fields: [WritableKeyPath<ViewTransform, Double>] = [
      \.x, \.y, \.width, \.height, \.scaleX, \.scaleY, \.anchorX, \.anchorY, \.opacity,
      \.blur, \.rotation, \.zIndex,
    ]
    var transform = ViewTransform(frame: Rect(y: 0, width: 0, height: 0))
    for field in fields { transform[keyPath: field] = random.unit() * 2000 - 1000 }
    for field in fields {
      let offset = MemoryLayout<ViewTransform>.offset(of: field)!
      for swapsAxes in [false, true] {
        var stored = swapsAxes ? transform.swappingAxes() : transform
        let read = withUnsafeBytes(of: &stored) {
          $0.load(
            fromByteOffset: ViewTransform.memoryOffset(ofField: offset, swapsAxes: swapsAxes),
            as: Double.self)
        }
        #expect(read.bitPattern == transform[keyPath: field].bitPattern, "\(field) \(swapsAxes)")
      }
    }
  }
}

/// The frame slots a call writes straight, without a loop over the names.
@Suite struct ExpressionFrameSlotTests {
  /// What each slot holds is checked by ExpressionEffectTests.namesFollowTheSetup,
  /// which reads every frame name under a geometry where all differ.
  @Test("the slots the frame values are written to are listed as the frame names")
  func frameSlotsInOrder() {
    #expect(ExpressionProgram.frameNamesInOrder == ExpressionProgram.frameNames)
  }
}
