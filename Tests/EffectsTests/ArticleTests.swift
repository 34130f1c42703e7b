import EffectProtocol
import Effects
import Testing

/// The headers and footers of the articles the effects grew from (README,
/// "Where it comes from"), written as chains, give the articles' own frames. Each test transcribes the article's SwiftUI math (a
/// `GeometryReader`'s global `minY`, `.frame(height:)`, `.offset(y:)`)
/// independently of the effects and compares at every half point of offset
/// from -300 to 2500.
///
/// An article's `.offset(y:)` is our `translateY`, and the view is drawn at its
/// layout frame plus that offset: the rendered top is `minY + offset`. Our
/// `y` is that rendered top.
@Suite struct ArticleTests {
  static let offsets = Array(stride(from: -300.0, through: 2500, by: 0.5))

  /// The articles' phone: 390 x 844.
  static let screenHeight = 844.0

  /// `actual` equals `expected` to rounding.
  static func close(_ actual: Double, _ expected: Double) -> Bool {
    abs(actual - expected) <= 1e-9 * max(1, abs(expected))
  }

  /// The chain's `y`, `height` and `translateY` at `offset`.
  static func frame(_ chain: [any ScrollEffect], _ setup: ExampleSetup, offset: Double) -> (
    y: Double, height: Double, translateY: Double
  ) {
    let result = setup.evaluate(chain, offset: offset)
    let natural = setup.naturalViewportFrame(offset: offset)
    return (result.y, result.height, result.y - natural.y)
  }

  // MARK: The stretchy views article: "Stretchy Views in SwiftUI" (header and footer)

  /// The stretchy views article's `Stretchy` modifier, transcribed: `minY` and `height` are the
  /// `GeometryReader`'s global frame, the screen is the viewport (the scroll
  /// view ignores the safe area, so It = Ib = 0).
  struct Stretchy {
    var isTop = true

    func heightFor(minY: Double, height: Double) -> Double {
      let maxY = minY + height
      let deltaY = isTop ? minY : (ArticleTests.screenHeight - maxY)
      return height + max(0, deltaY)
    }

    func offsetFor(minY: Double) -> Double {
      guard isTop else { return 0 }
      let deltaY = minY
      return min(0, -deltaY)
    }
  }

  /// The stretchy views article's content: a 180 header, ten rows of 80 with 8 of padding on
  /// each side (96 each), a 180 footer, and VStack's default spacing of 8
  /// between the 12 views: C = 180 + 960 + 180 + 88 = 1408, the footer at 1228.
  static let stretchyViewsContentHeight = 1408.0

  @Test("the stretchy views article's header is [stretch]")
  func stretchyViewsHeader() {
    let header = ExampleSetup(
      frame: Rect(y: 0, width: 390, height: 180), contentHeight: Self.stretchyViewsContentHeight)
    let stretchy = Stretchy(isTop: true)
    for offset in Self.offsets {
      let minY = 0 - offset
      let articleHeight = stretchy.heightFor(minY: minY, height: 180)
      let articleOffset = stretchy.offsetFor(minY: minY)
      let ours = Self.frame([StretchEffect()], header, offset: offset)
      #expect(Self.close(ours.height, articleHeight), "height at \(offset)")
      #expect(Self.close(ours.translateY, articleOffset), "translateY at \(offset)")
      #expect(Self.close(ours.y, minY + articleOffset), "y at \(offset)")
    }
  }

  /// The article's footer grows by the gap between its global `maxY` and the
  /// screen's bottom, with no offset: footerPin's `stretch` mode, literally.
  /// `stretch` at the bottom edge measures the overscroll instead, which is
  /// the same gap only because this footer ends the content and the content
  /// is taller than the screen; see the short-content test below.
  @Test("the stretchy views article's footer is [footerPin]")
  func stretchyViewsFooter() {
    let footer = ExampleSetup(
      frame: Rect(y: 1228, width: 390, height: 180), contentHeight: Self.stretchyViewsContentHeight)
    let stretchy = Stretchy(isTop: false)
    let bottomStretch = StretchEffect(parameters: .init(edge: .bottom))
    for offset in Self.offsets {
      let minY = 1228 - offset
      let articleHeight = stretchy.heightFor(minY: minY, height: 180)
      let ours = Self.frame([FooterPinEffect()], footer, offset: offset)
      #expect(Self.close(ours.height, articleHeight), "height at \(offset)")
      #expect(ours.translateY == stretchy.offsetFor(minY: minY), "translateY at \(offset)")
      #expect(Self.close(ours.y, minY), "y at \(offset)")
      let stretched = Self.frame([bottomStretch], footer, offset: offset)
      #expect(Self.close(stretched.height, articleHeight), "stretch height at \(offset)")
    }
  }

  @Test("on content shorter than the screen only footerPin follows the stretchy views footer")
  func stretchyViewsFooterOnShortContent() {
    // Two rows instead of ten: C = 180 + 192 + 180 + 3 * 8 = 576, footer at 396.
    let footer = ExampleSetup(frame: Rect(y: 396, width: 390, height: 180), contentHeight: 576)
    let stretchy = Stretchy(isTop: false)
    for offset in Self.offsets {
      let articleHeight = stretchy.heightFor(minY: 396 - offset, height: 180)
      #expect(
        Self.close(Self.frame([FooterPinEffect()], footer, offset: offset).height, articleHeight))
    }
    let bottomStretch = StretchEffect(parameters: .init(edge: .bottom))
    #expect(Self.frame([bottomStretch], footer, offset: 0).height == 180)
    #expect(stretchy.heightFor(minY: 396, height: 180) == 448)
  }

  // MARK: The JetRockets article: "Stretchy header in SwiftUI"

  @Test("the JetRockets article's header is [stretch]")
  func jetRockets() {
    let header = ExampleSetup.header
    for offset in Self.offsets {
      // `geometry.frame(in: .global).minY`; the scroll view ignores the top safe area.
      let minY = 0 - offset
      let height: Double
      let offsetY: Double
      if minY <= 0 {
        height = 300
        offsetY = 0
      } else {
        height = 300 + minY
        offsetY = -minY
      }
      let ours = Self.frame([StretchEffect()], header, offset: offset)
      #expect(Self.close(ours.height, height), "height at \(offset)")
      #expect(Self.close(ours.translateY, offsetY), "translateY at \(offset)")
      #expect(Self.close(ours.y, minY + offsetY), "y at \(offset)")
    }
  }

  // MARK: The Stack Overflow question: a stretchable sticky header

  /// The first answer: an overlay at the scroll view's top (we read its
  /// alignment as `.top`, as the answer says "pinned to top of ScrollView";
  /// the snippet is cut before it) whose height is the `maxY` of a 300-point
  /// placeholder at the top of the content, measured in the scroll view.
  /// Following the author's comment "if header is not pinned", the
  /// placeholder scrolls, so `maxY = 300 - offset`.
  ///
  /// The 0.001: the answer writes `imageHeight = $0 < 0 ? 0.001 : $0` only to
  /// keep SwiftUI from a negative frame height; a 0.001-point image is nothing
  /// on screen. The contract's heights are never negative, so the chain gives
  /// exactly 0 there: the test maps the answer's 0.001 to 0 and checks that
  /// this is the only difference.
  @Test("the Stack Overflow first answer is [stretch, collapse], its 0.001 floor read as 0")
  func stackOverflowFirstAnswer() {
    let placeholder = ExampleSetup.header
    let chain: [any ScrollEffect] = [StretchEffect(), CollapseEffect()]
    for offset in Self.offsets {
      let maxY = 300 - offset
      let imageHeight = maxY < 0 ? 0.001 : maxY
      let ours = Self.frame(chain, placeholder, offset: offset)
      #expect(Self.close(ours.y, 0), "y at \(offset)")
      let articleHeight = imageHeight == 0.001 ? 0 : imageHeight
      #expect(Self.close(ours.height, articleHeight), "height at \(offset)")
      #expect(abs(ours.height - imageHeight) <= 0.001, "height at \(offset)")
    }
  }

  /// The question's `LazyVStack` pins section headers; were the placeholder a
  /// pinned header, its `maxY` would never fall below 300 and the overlay would
  /// just stretch: a viewport-attached [stretch].
  @Test(
    "the Stack Overflow first answer with the placeholder pinned is a viewport-attached [stretch]")
  func stackOverflowFirstAnswerPinned() {
    let overlay = ExampleSetup(attachment: .viewport)
    for offset in Self.offsets {
      let pinnedMaxY = max(300 - offset, 300)
      let ours = Self.frame([StretchEffect()], overlay, offset: offset)
      #expect(ours.y == 0)
      #expect(Self.close(ours.height, pinnedMaxY), "height at \(offset)")
    }
  }

  /// The second answer: `scrollOffset` is the content's `minY` in the scroll
  /// view (-offset); the image's reader keeps an aspect ratio of 375:280, so
  /// its natural height is 390 * 280 / 375. The image gets
  /// `.padding(.horizontal, min(0, -scrollOffset))`,
  /// `.frame(height: height + max(0, scrollOffset))` and
  /// `.offset(y: min(0, -scrollOffset))`, and draws with `.fit`, so the
  /// picture scales uniformly by `(height + pull) / height` from its top
  /// centre: `stretch` in `zoom` mode.
  ///
  /// Comparable, and equal: the drawn top, the drawn height, the picture's
  /// scale and its horizontal centre. Different: the answer grows the layout
  /// frame (height + pull) and widens the width offered to the picture by
  /// 2 * pull with negative padding; zoom keeps the layout frame and scales
  /// the whole view, so a full-width picture widens by W * pull / height
  /// (1.34 * pull here), less than the answer's 2 * pull.
  @Test("the Stack Overflow second answer draws where [stretch zoom] draws, at the same scale")
  func stackOverflowSecondAnswer() {
    let height = 390.0 * 280 / 375
    let image = ExampleSetup(frame: Rect(y: 0, width: 390, height: height))
    let zoom = StretchEffect(parameters: .init(mode: .zoom))
    for offset in Self.offsets {
      let scrollOffset = -offset
      let naturalMinY = 0 - offset
      let articleFrameHeight = height + max(0, scrollOffset)
      let articleOffset = min(0, -scrollOffset)
      let articleTop = naturalMinY + articleOffset
      let articleScale = articleFrameHeight / height
      let articleWidthOffered = 390 - 2 * min(0, -scrollOffset)

      let ours = image.evaluate([zoom], offset: offset)
      let drawnTop = ours.y + ours.anchorY * ours.height * (1 - ours.scaleY)
      let drawnHeight = ours.height * ours.scaleY
      let drawnWidth = ours.width * ours.scaleX
      #expect(Self.close(drawnTop, articleTop), "drawn top at \(offset)")
      #expect(Self.close(drawnHeight, articleFrameHeight), "drawn height at \(offset)")
      #expect(Self.close(ours.scaleX, articleScale), "scale at \(offset)")
      #expect(Self.close(ours.scaleY, articleScale), "scale at \(offset)")
      #expect(ours.x + ours.anchorX * ours.width == 195, "centre at \(offset)")
      if scrollOffset > 0 {
        #expect(ours.height == height)
        #expect(drawnWidth < articleWidthOffered, "width at \(offset)")
      } else {
        #expect(Self.close(drawnWidth, articleWidthOffered), "width at \(offset)")
      }
    }
  }

  // MARK: The iOS 18 article: a stretchy header with onScrollGeometryChange (Donny Wals)

  /// An image in a `ZStack` under the scroll view: viewport-attached at y 0,
  /// in a safe area whose top inset 47 the scroll view reports as
  /// `contentInsets.top`; the article's `offset` is `contentOffset.y +
  /// contentInsets.top`, our offset exactly.
  @Test(
    "the iOS 18 article's header is a viewport-attached [stretch, translate{factor: -1, from: 0}]")
  func iOS18() throws {
    let overlay = ExampleSetup(attachment: .viewport, contentInsets: EdgeInsets(top: 47))
    let chain: [any ScrollEffect] = [
      StretchEffect(), try TranslateEffect.decode(json: #"{"factor": -1, "from": 0}"#),
    ]
    for offset in Self.offsets {
      let height = 300 + max(0, -offset)
      let transformY = -(max(0, offset))
      let ours = Self.frame(chain, overlay, offset: offset)
      #expect(Self.close(ours.height, height), "height at \(offset)")
      #expect(Self.close(ours.translateY, transformY), "translateY at \(offset)")
      #expect(Self.close(ours.y, 0 + transformY), "y at \(offset)")
    }
  }

  // MARK: The Advent Calendar article: a header that stretches when pulled (and factory)

  @Test("the Advent Calendar article's 350-point header is [stretch]")
  func adventCalendar() {
    let header = ExampleSetup(frame: Rect(y: 0, width: 390, height: 350))
    for offset in Self.offsets {
      // `geometryProxy.frame(in: .global).minY`, the scroll view under the status bar.
      let minY = 0 - offset
      let isAboveTop = minY > 0
      let height = isAboveTop ? 350 + minY : 350
      let offsetY = isAboveTop ? -minY : 0
      let ours = Self.frame([StretchEffect()], header, offset: offset)
      #expect(Self.close(ours.height, height), "height at \(offset)")
      #expect(Self.close(ours.translateY, offsetY), "translateY at \(offset)")
      #expect(Self.close(ours.y, minY + offsetY), "y at \(offset)")
    }
  }
}
