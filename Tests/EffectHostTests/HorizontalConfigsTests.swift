import EffectProtocol
import Foundation
import Testing

@testable import EffectHost

/// The horizontal example scenes in Configs/ show what Configs/README.md says
/// they show, each number worked from the formulas.
@Suite struct HorizontalConfigsTests {
  static func host(_ name: String) throws -> SceneHost {
    SceneHost(
      scene: try SceneLoader().load(
        contentsOf: ConfigsTests.directory.appendingPathComponent(name).path))
  }

  static func view(_ name: String, copy: Int, in host: inout SceneHost, at offset: Double) throws
    -> PlacedTransform
  {
    host.evaluate(offset: offset)
    return try #require(host.view(named: name, copy: copy))
  }

  /// A carousel card's scale and opacity at progress `p`: 0.85 and 0.5 at
  /// 0.1 and 0.9, 1 at 0.5, linear between.
  static func carousel(progress p: Double) -> (scale: Double, opacity: Double) {
    let distance = min(abs(p - 0.5), 0.4) / 0.4
    return (1 - 0.15 * distance, 1 - 0.5 * distance)
  }

  @Test func carouselScalesAndFadesAroundTheCentre() throws {
    var host = try Self.host("carousel.json")
    #expect(host.scene.axis == .horizontal)
    #expect(host.scene.contentHeight == 2694)
    for (offset, copy, x) in [(0.0, 0, 75.0), (0, 1, 331), (128, 0, -53), (128, 1, 203)] {
      let card = try Self.view("card", copy: copy, in: &host, at: offset)
      #expect(card.transform.x == x && card.transform.y == 20)
      let expected = Self.carousel(progress: (390 - x) / (390 + 240))
      #expect(abs(card.transform.scaleX - expected.scale) < 1e-12)
      #expect(card.transform.scaleY == card.transform.scaleX)
      #expect(abs(card.transform.opacity - expected.opacity) < 1e-12)
    }
    // Halfway, both cards at 0.9238 and 0.7460 (the README's figures).
    let half = try Self.view("card", copy: 0, in: &host, at: 128)
    #expect(abs(half.transform.scaleX - 0.9238) < 5e-5)
    #expect(abs(half.transform.opacity - 0.7460) < 5e-5)
  }

  @Test func carouselComesToRestWithACardCentred() throws {
    let dragged = try ConfigsTests.rest("drag:200:200,release", on: "carousel.json")
    // Released at frame 24 (200 ms at 120 fps), offset 200, 1,000 points/s:
    // P = 200 - 1000 / (1000 ln 0.998) = 699.5, nearest card 3 at 768, ahead.
    // The bent curve's speed 1000 e^(-t / 0.568) (1000 ln r' = -1000 / 568)
    // is below 0.5 points/s from t = 0.568 ln 2000 = 4.3173 s: 519 frames on.
    let p = 200 - 1000 / (1000 * log(0.998))
    #expect(abs(p - 699.5) < 0.05)
    let restFrame = 24 + Int((120 * 0.568 * log(2000.0)).rounded(.up))
    #expect(restFrame == 543)
    #expect(dragged.offset == 3 * 256 && dragged.index == restFrame)
    let flung = try ConfigsTests.rest("fling:3000", on: "carousel.json")
    #expect(flung.offset == 6 * 256)
  }

  @Test func rightToLeftCarouselIsTheMirrorImage() throws {
    var host = try Self.host("carousel-rtl.json")
    #expect(host.scene.layoutDirection == .rightToLeft)
    for (offset, copy, ltrX) in [(0.0, 0, 75.0), (0, 1, 331), (128, 0, -53), (128, 1, 203)] {
      let card = try Self.view("card", copy: copy, in: &host, at: offset)
      #expect(card.transform.x == 390 - ltrX - 240)
    }
    let dragged = try ConfigsTests.rest("drag:200:200,release", on: "carousel-rtl.json")
    #expect(dragged.offset == 768)
  }

  @Test func chipRowHoldsTheFilterChipAtTheLeadingEdge() throws {
    var host = try Self.host("chip-row.json")
    // Content 112 + 12 x 104 - 8 = 1352 wide; maxOffset 1352 - 390.
    #expect(host.scene.contentHeight == 1352)
    let filter = try Self.view("filter", copy: 0, in: &host, at: 100)
    #expect(filter.transform.x == 16 && filter.translateX == 100)
    #expect(filter.transform.y == 8 && filter.transform.height == 40)
    #expect(try Self.view("chip", copy: 0, in: &host, at: 100).transform.x == 12)
    #expect(try Self.view("chip", copy: 11, in: &host, at: 962).transform.x == 294)
  }

  @Test func photoStripRestsOnAPage() throws {
    var host = try Self.host("photo-strip.json")
    // Offset 195: photo 0 at progress (390 + 195) / 780, photo 1 at 195 / 780.
    for copy in [0, 1] {
      let photo = try Self.view("photo", copy: copy, in: &host, at: 195)
      #expect(abs(photo.transform.scaleX - 0.9) < 1e-12)
    }
    let dragged = try ConfigsTests.rest("drag:150:200,release", on: "photo-strip.json")
    #expect(dragged.offset == 390)
    // Paging never passes a page: a fling whose projection (-3000 / (1000 ln 0.998) = 1498.5) is
    // nearest the last page (1560) stops on the first page beyond rest.
    let flung = try ConfigsTests.rest("fling:3000", on: "photo-strip.json")
    #expect(flung.offset == 390)
  }
}
