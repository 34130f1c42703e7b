import EffectProtocol
import Testing

/// Moves every view down by `shift` points: a stateless effect of this test.
private struct Shift: StatelessScrollEffect {
  var shift: Double

  init(_ shift: Double) {
    self.shift = shift
  }

  init(from reader: inout ParameterReader) {
    shift = reader.number("shift", default: 0, in: .finite)
  }

  static let descriptor = EffectDescriptor(
    typeName: "shift", summary: "Moves views down.", discussion: "y += shift", parameters: [],
    examples: [])

  func apply(to views: inout ViewBatch) {
    views.modifyEach { view in view.y += shift }
  }
}

/// Doubles every view's y: with ``Shift``, an effect whose order matters.
private struct DoubleY: StatelessScrollEffect {
  init() {}

  init(from reader: inout ParameterReader) {}

  static let descriptor = EffectDescriptor(
    typeName: "doubleY", summary: "Doubles y.", discussion: "y *= 2", parameters: [],
    examples: [])

  func apply(to views: inout ViewBatch) {
    views.modifyEach { view in view.y *= 2 }
  }
}

/// Counts its calls in `zIndex` and remembers the view count it was made
/// for in `blur`: a stateful effect whose state shows when it is made.
private struct CallCounter: ScrollEffect {
  struct State: Sendable {
    var calls = 0
    var viewCount: Int
  }

  init() {}

  init(from reader: inout ParameterReader) {}

  static let descriptor = EffectDescriptor(
    typeName: "callCounter", summary: "Counts calls.", discussion: "zIndex = calls",
    parameters: [], examples: [])

  func makeState(viewCount: Int) -> State { State(viewCount: viewCount) }

  func apply(to views: inout ViewBatch, state: inout State) {
    state.calls += 1
    let calls = Double(state.calls)
    let viewCount = Double(state.viewCount)
    views.modifyVisuals { view in
      view.zIndex = calls
      view.blur = viewCount
    }
  }
}

@Suite struct EffectEvaluatorTests {
  /// A screen of 390 x 844 with a 47-point top inset, at `offset`.
  static func geometry(offset: Double) -> ScrollGeometry {
    ScrollGeometry(
      offset: offset, viewport: .phone, contentInsets: EdgeInsets(top: 47, bottom: 34),
      contentHeight: 4000)
  }

  static let row = Rect(x: 16, y: 232, width: 358, height: 72)

  @Test("without effects, every view gets its natural transform, each stride lower")
  func naturalTransforms() {
    var evaluator = EffectEvaluator([], naturalFrame: Self.row, count: 4, stride: 80)
    let transforms = evaluator.evaluate(Self.geometry(offset: 100))
    // Content-attached: 47 - 100 + 232 = 179, then every 80 points.
    #expect(transforms.map(\.y) == [179, 259, 339, 419])
    #expect(transforms.allSatisfy { $0.x == 16 && $0.width == 358 && $0.height == 72 })
    #expect(transforms.allSatisfy { $0.scaleX == 1 && $0.scaleY == 1 && $0.opacity == 1 })
    #expect(transforms.allSatisfy { $0.anchorX == 0.5 && $0.blur == 0 && $0.zIndex == 0 })
  }

  @Test("a viewport-attached view stays where its frame says, whatever the offset")
  func viewportAttached() {
    var evaluator = EffectEvaluator(
      [], naturalFrame: Self.row, attachment: .viewport, count: 2, stride: 80)
    for offset in [-300.0, 0, 555.5] {
      #expect(evaluator.evaluate(Self.geometry(offset: offset)).map(\.y) == [232, 312])
    }
  }

  @Test("the default is one view, and the stride the frame's height")
  func defaults() {
    let one = EffectEvaluator([], naturalFrame: Self.row)
    #expect(one.count == 1)
    #expect(one.stride == 72)
    var edgeToEdge = EffectEvaluator([], naturalFrame: Self.row, count: 3)
    // 47 + 232 = 279, then every 72 points.
    #expect(edgeToEdge.evaluate(Self.geometry(offset: 0)).map(\.y) == [279, 351, 423])
  }

  @Test("effects run in the order given")
  func order() {
    let geometry = Self.geometry(offset: 0)
    var shiftFirst = EffectEvaluator([Shift(10), DoubleY()], naturalFrame: Self.row)
    var doubleFirst = EffectEvaluator([DoubleY(), Shift(10)], naturalFrame: Self.row)
    // Natural y 279: (279 + 10) * 2 = 578; 279 * 2 + 10 = 568.
    #expect(shiftFirst.evaluate(geometry)[0].y == 578)
    #expect(doubleFirst.evaluate(geometry)[0].y == 568)
  }

  @Test("a stateful effect's state is made for the view count and persists from call to call")
  func statePersists() {
    var evaluator = EffectEvaluator(
      [CallCounter(), Shift(1), CallCounter()], naturalFrame: Self.row, count: 5, stride: 80)
    for call in 1...3 {
      let transforms = evaluator.evaluate(Self.geometry(offset: Double(call)))
      #expect(transforms.count == 5)
      // The second counter runs last: its count is the one left.
      #expect(transforms.allSatisfy { $0.zIndex == Double(call) && $0.blur == 5 })
    }
    // A new evaluator starts from fresh state; a copy carries its own.
    var fresh = EffectEvaluator([CallCounter()], naturalFrame: Self.row)
    #expect(fresh.evaluate(Self.geometry(offset: 0))[0].zIndex == 1)
    var copy = fresh
    #expect(copy.evaluate(Self.geometry(offset: 0))[0].zIndex == 2)
    #expect(copy.evaluate(Self.geometry(offset: 0))[0].zIndex == 3)
    #expect(fresh.evaluate(Self.geometry(offset: 0))[0].zIndex == 2)
  }

  @Test("with no views, an evaluation gives no transforms, frame after frame")
  func noViews() {
    var evaluator = EffectEvaluator(
      [CallCounter(), Shift(3)], naturalFrame: Self.row, count: 0, stride: 80)
    #expect(evaluator.evaluate(Self.geometry(offset: 0)) == [])
    #expect(evaluator.evaluate(Self.geometry(offset: -50)) == [])
  }

  @Test("an example setup evaluates its view as an evaluator of one view does")
  func exampleSetup() {
    let setup = ExampleSetup(frame: Self.row, contentInsets: EdgeInsets(top: 47))
    var evaluator = EffectEvaluator([Shift(-5)], naturalFrame: Self.row)
    let geometry = setup.geometry(offset: 30)
    // 47 - 30 + 232 - 5 = 244.
    #expect(setup.evaluate([Shift(-5)], offset: 30).y == 244)
    #expect(evaluator.evaluate(geometry)[0].y == 244)
  }
}
