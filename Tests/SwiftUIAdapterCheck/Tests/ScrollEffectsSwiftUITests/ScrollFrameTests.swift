import EffectProtocol
import SwiftUI
import Testing

@testable import ScrollEffectsSwiftUI

/// What the host is given for a frame of SwiftUI's scroll geometry.
@Suite struct ScrollFrameTests {
  @Test("at rest under a 47-point inset, contentOffset.y is -47 and the offset 0")
  func rest() {
    let frame = ScrollFrame(Fixtures.phone(offset: 0), axis: .vertical)
    #expect(frame.offset == 0)
    #expect(frame.viewport == EffectProtocol.Size(width: 390, height: 844))
    #expect(frame.contentInsets == EffectProtocol.EdgeInsets(top: 47, bottom: 34))
    #expect(frame.contentLength == 2000)
  }

  @Test("a pull shown as a rubber band of 80 points passes through as offset -80")
  func rubberBandAtTheTop() {
    // The scroll view reports the band as it draws it: contentOffset.y
    // -47 - 80; the adapter adds the inset back and nothing else.
    let geometry = SwiftUI.ScrollGeometry(
      contentOffset: CGPoint(x: 0, y: -127), contentSize: CGSize(width: 390, height: 2000),
      contentInsets: SwiftUI.EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0),
      containerSize: CGSize(width: 390, height: 844))
    let frame = ScrollFrame(geometry, axis: .vertical)
    #expect(frame.offset == -80)
    let host = EffectProtocol.ScrollGeometry(
      offset: frame.offset, viewport: frame.viewport, contentInsets: frame.contentInsets,
      contentHeight: frame.contentLength)
    #expect(host.pull == 80)
  }

  @Test("30 points past the bottom: maxOffset 2000 + 47 + 34 - 844 = 1237, pullBottom 30")
  func rubberBandAtTheBottom() {
    // At the bottom UIKit's contentOffset.y is contentSize - container +
    // bottom inset = 1190; 30 past it is 1220.
    let geometry = SwiftUI.ScrollGeometry(
      contentOffset: CGPoint(x: 0, y: 1220), contentSize: CGSize(width: 390, height: 2000),
      contentInsets: SwiftUI.EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0),
      containerSize: CGSize(width: 390, height: 844))
    let frame = ScrollFrame(geometry, axis: .vertical)
    #expect(frame.offset == 1267)
    let host = EffectProtocol.ScrollGeometry(
      offset: frame.offset, viewport: frame.viewport, contentInsets: frame.contentInsets,
      contentHeight: frame.contentLength)
    #expect(host.maxOffset == 1237)
    #expect(host.pullBottom == 30)
  }

  @Test("every geometry maps as written: offset y + top (x + leading), leading as left")
  func randomGeometries() {
    var random = SplitMix64(state: 2024)
    for _ in 0..<500 {
      func value(_ range: ClosedRange<Double>) -> CGFloat {
        CGFloat(Double.random(in: range, using: &random))
      }
      let insets = SwiftUI.EdgeInsets(
        top: value(0...100), leading: value(0...60), bottom: value(0...50),
        trailing: value(0...60))
      let offset = CGPoint(x: value(-500...3000), y: value(-500...3000))
      let size = CGSize(width: value(1...4000), height: value(1...4000))
      let container = CGSize(width: value(1...1400), height: value(1...1400))
      let geometry = SwiftUI.ScrollGeometry(
        contentOffset: offset, contentSize: size, contentInsets: insets,
        containerSize: container)
      let vertical = ScrollFrame(geometry, axis: .vertical)
      let horizontal = ScrollFrame(geometry, axis: .horizontal)
      #expect(vertical.offset == Double(offset.y + insets.top))
      #expect(vertical.contentLength == Double(size.height))
      #expect(horizontal.offset == Double(offset.x + insets.leading))
      #expect(horizontal.contentLength == Double(size.width))
      for frame in [vertical, horizontal] {
        #expect(frame.viewport.width == Double(container.width))
        #expect(frame.viewport.height == Double(container.height))
        #expect(frame.contentInsets.top == Double(insets.top))
        #expect(frame.contentInsets.bottom == Double(insets.bottom))
        #expect(frame.contentInsets.left == Double(insets.leading))
        #expect(frame.contentInsets.right == Double(insets.trailing))
        #expect(frame.isEvaluable)
      }
    }
  }

  @Test("a scroll view not laid out yet (zero size) or a NaN offset is not evaluated")
  func notEvaluable() {
    var geometry = Fixtures.phone(offset: 0)
    geometry.containerSize = .zero
    #expect(!ScrollFrame(geometry, axis: .vertical).isEvaluable)
    geometry = Fixtures.phone(offset: .nan)
    #expect(!ScrollFrame(geometry, axis: .vertical).isEvaluable)
    // Content past 1e9 points, which no scene file holds: not given to the host.
    #expect(
      !ScrollFrame(Fixtures.phone(offset: 0, contentHeight: 2e9), axis: .vertical).isEvaluable)
    #expect(
      ScrollFrame(Fixtures.phone(offset: 0, contentHeight: 1e9 - 81), axis: .vertical).isEvaluable)
  }

  @Test(
    "SwiftUI's phases: tracking and interacting are a finger down",
    arguments: [
      (SwiftUI.ScrollPhase.idle, EffectProtocol.ScrollPhase.idle),
      (.tracking, .interacting), (.interacting, .interacting),
      (.decelerating, .decelerating), (.animating, .animating),
    ])
  func phases(_ phase: SwiftUI.ScrollPhase, _ expected: EffectProtocol.ScrollPhase) {
    #expect(EffectProtocol.ScrollPhase(phase) == expected)
  }
}
