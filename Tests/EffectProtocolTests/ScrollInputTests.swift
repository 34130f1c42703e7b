import EffectProtocol
import Effects
import ScrollEffectsTestSupport
import Testing

/// The inputs that `interpolate`, events and expressions read, against their
/// definitions worked out here.
@Suite struct ScrollInputTests {
  /// The input's value for a view of natural frame `frame` (content
  /// attached, nothing moved) in `setup`'s scroll view at `offset`, from
  /// the definitions: offset o, pull max(0, -o), pullBottom
  /// max(0, o - maxOffset), minY It + y0 - o, height h0, minX x0, width w0, progress
  /// (V - minY) / (V + h0).
  static func expected(_ input: ScrollInput, _ setup: ExampleSetup, offset: Double) -> Double {
    let viewport = setup.viewport.height
    let insets = setup.contentInsets
    let maxOffset = max(0, setup.contentHeight + insets.top + insets.bottom - viewport)
    let minY = insets.top + setup.frame.y - offset
    switch input {
    case .offset: return offset
    case .pull: return max(0, -offset)
    case .pullBottom: return max(0, offset - maxOffset)
    case .minY: return minY
    case .height: return setup.frame.height
    // Copies scroll along y: x and the width stay the natural ones.
    case .minX: return setup.frame.x
    case .width: return setup.frame.width
    case .progress: return (viewport - minY) / (viewport + setup.frame.height)
    }
  }

  /// The value `interpolate` reads: `translateX` by the input itself, the
  /// identity curve through (-1e6, -1e6) and (1e6, 1e6).
  static func interpolated(_ input: ScrollInput, _ setup: ExampleSetup, offset: Double) -> Double {
    let identity = InterpolateEffect(
      parameters: .init(
        property: .translateX, input: input,
        stops: [InterpolateEffect.Stop(-1e6, -1e6), InterpolateEffect.Stop(1e6, 1e6)]))
    return setup.evaluate([identity], offset: offset).x - setup.frame.x
  }

  @Test("interpolate reads every input as defined, for random views and scrolls")
  func interpolateReadsTheDefinitions() {
    var random = SplitMix64(seed: 0x5c_0111)
    for _ in 0..<200 {
      let setup = ExampleSetup(
        frame: Rect(
          x: random.signed(upTo: 100), y: random.magnitude(upTo: 3000),
          width: 1 + random.magnitude(upTo: 400), height: 1 + random.magnitude(upTo: 600)),
        viewport: Size(width: 390, height: 200 + random.magnitude(upTo: 1000)),
        contentInsets: EdgeInsets(
          top: random.magnitude(upTo: 100), bottom: random.magnitude(upTo: 100)),
        contentHeight: random.magnitude(upTo: 5000))
      let offset = random.signed(upTo: 4000)
      for input in ScrollInput.allCases {
        let value = Self.interpolated(input, setup, offset: offset)
        let expected = Self.expected(input, setup, offset: offset)
        #expect(abs(value - expected) <= 1e-9 * max(1, abs(expected)), "\(input)")
      }
    }
  }

  @Test("an input is per view exactly when two views of one frame can read it differently")
  func perViewInputsDependOnTheView() {
    let top = ExampleSetup(frame: Rect(y: 0, width: 390, height: 300))
    let lower = ExampleSetup(frame: Rect(x: 16, y: 700, width: 358, height: 120))
    for input in ScrollInput.allCases {
      let differs = [-80.0, 0, 150, 5000].contains { offset in
        Self.interpolated(input, top, offset: offset)
          != Self.interpolated(input, lower, offset: offset)
      }
      #expect(differs == input.isPerView, "\(input)")
    }
  }

  @Test("every input is an expression name of the same value")
  func everyInputIsAnExpressionName() throws {
    let setup = ExampleSetup(
      frame: Rect(y: 420, width: 390, height: 160), contentInsets: EdgeInsets(top: 47, bottom: 34),
      contentHeight: 3000)
    for input in ScrollInput.allCases {
      for offset in [-120.0, 0, 333, 2500] {
        let effect = try ExpressionEffect.decode(json: #"{"rotation": "\#(input.rawValue)"}"#)
        let value = setup.evaluate([effect], offset: offset).rotation
        let expected = Self.expected(input, setup, offset: offset)
        #expect(abs(value - expected) <= 1e-12 * max(1, abs(expected)), "\(input) at \(offset)")
      }
    }
  }
}
