import SwiftUI
import Testing

@testable import ScrollEffectsSwiftUI

/// The layout that lays a view out at its own size and draws it changed.
@Suite struct TransformedFrameTests {
  /// A subview whose size for a proposal is the proposal's width and 300
  /// points tall, as a header image of fixed height would answer.
  static func header() -> LayoutSubview {
    LayoutSubview(_size: { proposal in CGSize(width: proposal.width ?? 390, height: 300) })
  }

  static let stretched: ModifierValues = {
    var values = ModifierValues.identity
    values.sizeChange = CGSize(width: 0, height: 100)
    values.offset = CGSize(width: 0, height: -100)
    values.scale = CGSize(width: 2, height: 2)
    return values
  }()

  @Test("the size laid out is the view's own, whatever the transform: the natural size")
  func sizeIsNatural() {
    let subview = Self.header()
    let proposal = ProposedViewSize(width: 390, height: nil)
    var cache: Void = ()
    for values in [ModifierValues.identity, Self.stretched] {
      let layout = TransformedFrame(values: values)
      let size = layout.sizeThatFits(
        proposal: proposal, subviews: LayoutSubviews(_subviews: [subview]), cache: &cache)
      #expect(size == CGSize(width: 390, height: 300))
    }
  }

  @Test("the view is centred on the frame drawn, proposed the changed size")
  func placement() {
    let subview = Self.header()
    var cache: Void = ()
    TransformedFrame(values: Self.stretched).placeSubviews(
      in: CGRect(x: 0, y: 50, width: 390, height: 300),
      proposal: ProposedViewSize(width: 390, height: nil),
      subviews: LayoutSubviews(_subviews: [subview]), cache: &cache)
    // Laid out at (0, 50) 390 x 300; drawn 100 taller from the same top-left
    // corner (the offset moves it): its centre is (195, 50 + 400 / 2).
    #expect(
      subview._placed == [
        _Placement(
          position: CGPoint(x: 195, y: 250), anchor: .center,
          proposal: ProposedViewSize(width: 390, height: 400))
      ])
  }

  @Test("at rest the view is proposed exactly the size it was laid out at")
  func identity() {
    let subview = Self.header()
    var cache: Void = ()
    TransformedFrame(values: .identity).placeSubviews(
      in: CGRect(x: 16, y: 0, width: 358, height: 44),
      proposal: ProposedViewSize(width: 358, height: nil),
      subviews: LayoutSubviews(_subviews: [subview]), cache: &cache)
    #expect(subview._placed.map(\.proposal) == [ProposedViewSize(width: 358, height: 44)])
    // Centred on the frame it was laid out in: (16 + 358 / 2, 44 / 2).
    #expect(subview._placed.map(\.position) == [CGPoint(x: 195, y: 22)])
  }
}
