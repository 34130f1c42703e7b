import EffectProtocol
import Effects
import Testing

/// The seed articles' headers and footers written as chains give the seeds'
/// own frames. Each test transcribes the article's SwiftUI math (a
/// `GeometryReader`'s global `minY`, `.frame(height:)`, `.offset(y:)`)
/// independently of the effects and compares at every half point of offset
/// from -300 to 2500.
///
/// A seed's `.offset(y:)` is our `translateY`, and the view is drawn at its
/// layout frame plus that offset: the rendered top is `minY + offset`. Our
/// `y` is that rendered top.
@Suite struct SeedTests {
  static let offsets = Array(stride(from: -300.0, through: 2500, by: 0.5))

  /// The seeds' phone: 390 x 844.
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

  // MARK: Seed 000: Stretchy views in SwiftUI (header and footer)

  /// Seed 000's `Stretchy` modifier, transcribed: `minY` and `height` are the
  /// `GeometryReader`'s global frame, the screen is the viewport (the scroll
  /// view ignores the safe area, so It = Ib = 0).
  struct Stretchy {
    var isTop = true

    func heightFor(minY: Double, height: Double) -> Double {
      let maxY = minY + height
      let deltaY = isTop ? minY : (SeedTests.screenHeight - maxY)
      return height + max(0, deltaY)
    }

    func offsetFor(minY: Double) -> Double {
      guard isTop else { return 0 }
      let deltaY = minY
      return min(0, -deltaY)
    }
  }

  /// Seed 000's content: a 180 header, ten rows of 80 with 8 of padding on
  /// each side (96 each), a 180 footer, and VStack's default spacing of 8
  /// between the 12 views: C = 180 + 960 + 180 + 88 = 1408, the footer at 1228.
  static let seed000ContentHeight = 1408.0

  @Test("seed 000's stretchy header is [stretch]")
  func seed000Header() {
    let header = ExampleSetup(
      frame: Rect(y: 0, width: 390, height: 180), contentHeight: Self.seed000ContentHeight)
    let stretchy = Stretchy(isTop: true)
    for offset in Self.offsets {
      let minY = 0 - offset
      let seedHeight = stretchy.heightFor(minY: minY, height: 180)
      let seedOffset = stretchy.offsetFor(minY: minY)
      let ours = Self.frame([StretchEffect()], header, offset: offset)
      #expect(Self.close(ours.height, seedHeight), "height at \(offset)")
      #expect(Self.close(ours.translateY, seedOffset), "translateY at \(offset)")
      #expect(Self.close(ours.y, minY + seedOffset), "y at \(offset)")
    }
  }

  /// The seed's footer grows by the gap between its global `maxY` and the
  /// screen's bottom, with no offset: footerPin's `stretch` mode, literally.
  /// `stretch` at the bottom edge measures the overscroll instead, which is
  /// the same gap only because this footer ends the content and the content
  /// is taller than the screen; see the short-content test below.
  @Test("seed 000's stretchy footer is [footerPin]")
  func seed000Footer() {
    let footer = ExampleSetup(
      frame: Rect(y: 1228, width: 390, height: 180), contentHeight: Self.seed000ContentHeight)
    let stretchy = Stretchy(isTop: false)
    let bottomStretch = StretchEffect(parameters: .init(edge: .bottom))
    for offset in Self.offsets {
      let minY = 1228 - offset
      let seedHeight = stretchy.heightFor(minY: minY, height: 180)
      let ours = Self.frame([FooterPinEffect()], footer, offset: offset)
      #expect(Self.close(ours.height, seedHeight), "height at \(offset)")
      #expect(ours.translateY == stretchy.offsetFor(minY: minY), "translateY at \(offset)")
      #expect(Self.close(ours.y, minY), "y at \(offset)")
      let stretched = Self.frame([bottomStretch], footer, offset: offset)
      #expect(Self.close(stretched.height, seedHeight), "stretch height at \(offset)")
    }
  }

  @Test("on content shorter than the screen only footerPin follows seed 000's footer")
  func seed000FooterOnShortContent() {
    // Two rows instead of ten: C = 180 + 192 + 180 + 3 * 8 = 576, footer at 396.
    let footer = ExampleSetup(frame: Rect(y: 396, width: 390, height: 180), contentHeight: 576)
    let stretchy = Stretchy(isTop: false)
    for offset in Self.offsets {
      let seedHeight = stretchy.heightFor(minY: 396 - offset, height: 180)
      #expect(
        Self.close(Self.frame([FooterPinEffect()], footer, offset: offset).height, seedHeight))
    }
    let bottomStretch = StretchEffect(parameters: .init(edge: .bottom))
    #expect(Self.frame([bottomStretch], footer, offset: 0).height == 180)
    #expect(stretchy.heightFor(minY: 396, height: 180) == 448)
  }

  // MARK: Seed 001: Stretchy header in SwiftUI (JetRockets)

  @Test("seed 001's header is [stretch]")
  func seed001() {
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

  // MARK: Seed 002: stretchable sticky header (Stack Overflow)

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
  /// exactly 0 there: the test maps the seed's 0.001 to 0 and checks that
  /// this is the only difference.
  @Test("seed 002's first answer is [stretch, collapse], its 0.001 floor read as 0")
  func seed002FirstAnswer() {
    let placeholder = ExampleSetup.header
    let chain: [any ScrollEffect] = [StretchEffect(), CollapseEffect()]
    for offset in Self.offsets {
      let maxY = 300 - offset
      let imageHeight = maxY < 0 ? 0.001 : maxY
      let ours = Self.frame(chain, placeholder, offset: offset)
      #expect(Self.close(ours.y, 0), "y at \(offset)")
      let seedHeight = imageHeight == 0.001 ? 0 : imageHeight
      #expect(Self.close(ours.height, seedHeight), "height at \(offset)")
      #expect(abs(ours.height - imageHeight) <= 0.001, "height at \(offset)")
    }
  }

  /// The question's `LazyVStack` pins section headers; were the placeholder a
  /// pinned header, its `maxY` would never fall below 300 and the overlay would
  /// just stretch: a viewport-attached [stretch].
  @Test("seed 002's first answer with the placeholder pinned is a viewport-attached [stretch]")
  func seed002FirstAnswerPinned() {
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
  /// scale and its horizontal centre. Different: the seed grows the layout
  /// frame (height + pull) and widens the width offered to the picture by
  /// 2 * pull with negative padding; zoom keeps the layout frame and scales
  /// the whole view, so a full-width picture widens by W * pull / height
  /// (1.34 * pull here), less than the seed's 2 * pull.
  @Test("seed 002's second answer draws where [stretch zoom] draws, at the same scale")
  func seed002SecondAnswer() {
    let height = 390.0 * 280 / 375
    let image = ExampleSetup(frame: Rect(y: 0, width: 390, height: height))
    let zoom = StretchEffect(parameters: .init(mode: .zoom))
    for offset in Self.offsets {
      let scrollOffset = -offset
      let naturalMinY = 0 - offset
      let seedFrameHeight = height + max(0, scrollOffset)
      let seedOffset = min(0, -scrollOffset)
      let seedTop = naturalMinY + seedOffset
      let seedScale = seedFrameHeight / height
      let seedWidthOffered = 390 - 2 * min(0, -scrollOffset)

      let ours = image.evaluate([zoom], offset: offset)
      let drawnTop = ours.y + ours.anchorY * ours.height * (1 - ours.scaleY)
      let drawnHeight = ours.height * ours.scaleY
      let drawnWidth = ours.width * ours.scaleX
      #expect(Self.close(drawnTop, seedTop), "drawn top at \(offset)")
      #expect(Self.close(drawnHeight, seedFrameHeight), "drawn height at \(offset)")
      #expect(Self.close(ours.scaleX, seedScale), "scale at \(offset)")
      #expect(Self.close(ours.scaleY, seedScale), "scale at \(offset)")
      #expect(ours.x + ours.anchorX * ours.width == 195, "centre at \(offset)")
      if scrollOffset > 0 {
        #expect(ours.height == height)
        #expect(drawnWidth < seedWidthOffered, "width at \(offset)")
      } else {
        #expect(Self.close(drawnWidth, seedWidthOffered), "width at \(offset)")
      }
    }
  }

  // MARK: Seed 003: stretchy header on iOS 18 (Donny Wals)

  /// An image in a `ZStack` under the scroll view: viewport-attached at y 0,
  /// in a safe area whose top inset 47 the scroll view reports as
  /// `contentInsets.top`; the article's `offset` is `contentOffset.y +
  /// contentInsets.top`, our offset exactly.
  @Test("seed 003 is a viewport-attached [stretch, translate{factor: -1, from: 0}]")
  func seed003() throws {
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

  // MARK: Seed 004: a header that stretches when pulled (and factory)

  @Test("seed 004's 350-point header is [stretch]")
  func seed004() {
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
