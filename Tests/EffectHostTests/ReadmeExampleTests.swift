import EffectHost
import EffectProtocol
import Foundation
import Testing

/// The README's Swift examples, run as written, so that they stay true.
@Suite struct ReadmeExampleTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test("the README's frames example: a pull to refresh fires refresh once, at frame 13")
  func pullToRefresh() throws {
    let pull = try SceneLoader().load(
      contentsOf: Self.root.appendingPathComponent("Configs/pull-to-refresh.json").path)
    var refreshing = SceneHost(scene: pull)
    var fired: [(Int, String)] = []
    for frame in try MotionFrames(gesture: Gesture(parsing: "drag:-200:100,release"), scene: pull) {
      refreshing.evaluate(offset: frame.offset, time: frame.time, phase: frame.phase)
      for event in refreshing.eventsOfLastFrame {
        fired.append((frame.index, refreshing.eventDeclaration(of: event).name))
      }
    }
    // The drag ends at a pull of b(200) = 97.32 (frame 12, the release); the
    // spring's first frame is past 100 (SimulateEventTests works it out:
    // 103.00), and its way back is a decreasing crossing, which an
    // `increasing` event does not report.
    #expect(fired.count == 1)
    #expect(fired.first?.0 == 13 && fired.first?.1 == "refresh")
    refreshing.resetState()
    refreshing.evaluate(offset: -150)
    #expect(refreshing.eventsOfLastFrame.isEmpty)  // a first frame fires nothing
  }
}
