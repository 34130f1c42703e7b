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

  @Test("the README's live layout example: rotated, the header 120 taller, the title pushed off")
  func liveLayout() throws {
    var article = SceneHost(
      scene: try SceneLoader().load(
        contentsOf: Self.root.appendingPathComponent("Configs/article.json").path))
    article.setViewport(Size(width: 844, height: 390))
    article.setContentInsets(EdgeInsets(bottom: 21, left: 59, right: 59))
    article.setFrame(Rect(y: 0, width: 390, height: 420), ofChain: 0)
    article.evaluate(offset: 1374)
    let title = try #require(article.view(named: "title"))
    // The header spans the safe area, 844 - 59 - 59.
    let header = try #require(article.view(named: "header"))
    #expect((header.transform.x, header.transform.width, header.transform.height) == (59, 726, 420))
    // The title at 420 + 16 = 436; the comments at 436 + 60 + 8 + 900 = 1404,
    // 1404 - 1374 = 30 from the top, which holds the title's bottom.
    #expect(title.naturalFrame.y == 436 - 1374)
    #expect(title.transform.y == 30 - 60)
  }

  @Test("Scenes.md's live layout example: the first row spans the rotated safe area")
  func scenesLiveLayout() throws {
    var host = SceneHost(
      scene: try SceneLoader().load(
        contentsOf: Self.root.appendingPathComponent("Configs/parallax-header.json").path))
    host.evaluate(offset: 120)
    host.setViewport(Size(width: 844, height: 390))
    host.setContentInsets(EdgeInsets(bottom: 21, left: 47, right: 47))
    host.setFrame(Rect(y: 0, width: 390, height: 420), ofChain: 0)
    host.evaluate(offset: 120)
    let row = try #require(host.view(named: "row", copy: 0))
    // x the left inset, width 844 - 47 - 47; the row at content y 320 (its
    // own y, not after the hero), 120 scrolled.
    #expect((row.transform.x, row.transform.y, row.transform.width) == (47, 200, 750))
    // The hero keeps its automatic width too, not the Rect's 390.
    #expect(try #require(host.view(named: "hero")).transform.width == 750)
  }
}
