import EffectProtocol
import Testing

@testable import EffectCommandLine

/// Where labels go: the visible part of a view under the views drawn above it.
@Suite struct LabelPlacementTests {
  static let viewport = Size(width: 390, height: 300)

  @Test("a row under a pinned header 96 tall is labelled below it: y 96, 28 tall")
  func rowUnderHeader() {
    let row = Rect(x: 0, y: 60, width: 390, height: 64)
    let header = Rect(x: 0, y: 0, width: 390, height: 96)
    let part = LabelPlacement.visiblePart(
      of: row, in: Self.viewport, under: [header], labelWidth: 40)
    #expect(part == Rect(x: 0, y: 96, width: 390, height: 28))
    // 18 showing below the header is less than a label's 19 (a 3-point
    // inset, the baseline 13 below it, descenders 3 below that): no label.
    let lower = Rect(x: 0, y: 50, width: 390, height: 64)
    #expect(
      LabelPlacement.visiblePart(of: lower, in: Self.viewport, under: [header], labelWidth: 40)
        == nil)
  }

  @Test("a view flipped by a negative scale is labelled in the box it covers")
  func flipped() {
    // A card 310 wide at x 40 scaled by -0.5 about its centre (x 195):
    // drawn from x 272.5 back to 117.5.
    let flipped = Rect(x: 272.5, y: 100, width: -155, height: 200)
    #expect(
      LabelPlacement.visiblePart(of: flipped, in: Self.viewport, under: [], labelWidth: 40)
        == Rect(x: 117.5, y: 100, width: 155, height: 200))
    // Flipped upside down too, and as a cover: a header flipped over a row
    // still covers the row's top.
    let upsideDown = Rect(x: 390, y: 96, width: -390, height: -96)
    let row = Rect(x: 0, y: 60, width: 390, height: 64)
    #expect(
      LabelPlacement.visiblePart(of: row, in: Self.viewport, under: [upsideDown], labelWidth: 40)
        == Rect(x: 0, y: 96, width: 390, height: 28))
  }

  @Test("a view scaled to nothing covers nothing")
  func emptyCover() {
    // A divider scaled to 0 tall across the header's top.
    let divider = Rect(x: 0, y: 30, width: 390, height: 0)
    let header = Rect(x: 0, y: 0, width: 390, height: 200)
    #expect(
      LabelPlacement.visiblePart(of: header, in: Self.viewport, under: [divider], labelWidth: 40)
        == header)
    let narrow = Rect(x: 0, y: 0, width: 0, height: 300)
    #expect(
      LabelPlacement.visiblePart(of: header, in: Self.viewport, under: [narrow], labelWidth: 40)
        == header)
  }

  @Test("a label ends inside the viewport: a row cut at the bottom shows 19 points or none")
  func bottomEdge() {
    // The README filmstrip's row[8] at offset -60: 17 of its 64 points showing.
    let cut = Rect(x: 0, y: 283, width: 390, height: 64)
    #expect(
      LabelPlacement.visiblePart(of: cut, in: Self.viewport, under: [], labelWidth: 40) == nil)
    let shown = Rect(x: 0, y: 281, width: 390, height: 64)
    #expect(
      LabelPlacement.visiblePart(of: shown, in: Self.viewport, under: [], labelWidth: 40)
        == Rect(x: 0, y: 281, width: 390, height: 19))
    // Not cut, but its label would run 9 points past the viewport's bottom.
    let thin = Rect(x: 0, y: 290, width: 390, height: 10)
    #expect(
      LabelPlacement.visiblePart(of: thin, in: Self.viewport, under: [], labelWidth: 40) == nil)
  }

  @Test("a chip half under a pinned chip keeps the larger piece, or none narrower than its label")
  func chipUnderPinnedChip() {
    // chip-row at offset 100: chip 0 at 12...108 under the filter chip at 16...104.
    let chip = Rect(x: 12, y: 8, width: 96, height: 40)
    let filter = Rect(x: 16, y: 8, width: 88, height: 40)
    let row = Size(width: 390, height: 56)
    #expect(
      LabelPlacement.visiblePart(of: chip, in: row, under: [filter], labelWidth: 47) == nil)
    // A cover 50...70 across a 300-wide view leaves 0...50 and 70...300: the larger.
    let wide = Rect(x: 0, y: 8, width: 300, height: 40)
    let narrow = Rect(x: 50, y: 0, width: 20, height: 56)
    #expect(
      LabelPlacement.visiblePart(of: wide, in: row, under: [narrow], labelWidth: 47)
        == Rect(x: 70, y: 8, width: 230, height: 40))
    // Wholly covered: nothing left.
    #expect(
      LabelPlacement.visiblePart(of: narrow, in: row, under: [narrow], labelWidth: 1) == nil)
  }

  @Test("a card peeking 41 points in at the edge is labelled only if its label fits")
  func peekingCard() {
    let card = Rect(x: 349, y: 20, width: 240, height: 260)
    #expect(
      LabelPlacement.visiblePart(of: card, in: Self.viewport, under: [], labelWidth: 47) == nil)
    #expect(
      LabelPlacement.visiblePart(of: card, in: Self.viewport, under: [], labelWidth: 30)
        == Rect(x: 349, y: 20, width: 41, height: 260))
    // A view not cut keeps its label however thin: a 1-point divider.
    let divider = Rect(x: 0, y: 100, width: 390, height: 1)
    #expect(
      LabelPlacement.visiblePart(of: divider, in: Self.viewport, under: [], labelWidth: 47)
        == divider)
  }

  @Test(
    "a label that would overlap one placed before it moves down a line, or stays if none is free")
  func placement() {
    var labels = LabelPlacement()
    let first = labels.place(width: 40, left: 0, top: 0, bottom: 100)
    #expect(first.x == 6 && first.y == 3)
    let second = labels.place(width: 40, left: 10, top: 0, bottom: 100)
    #expect(second.x == 16 && second.y == 18)
    // Inside a view 20 tall there is no second line: the first place.
    let third = labels.place(width: 40, left: 0, top: 0, bottom: 20)
    #expect(third.x == 6 && third.y == 3)
  }
}
