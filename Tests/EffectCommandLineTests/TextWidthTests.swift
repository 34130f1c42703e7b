import EffectHost
import EffectProtocol
import ScrollEffectsTestSupport
import Testing

@testable import EffectCommandLine

/// Text widths are estimated from the fonts the pictures are drawn in:
/// each character the wider of Helvetica and DejaVu Sans.
@Suite struct TextWidthTests {
  static let capitals = [
    "HEADER_BACKGROUND_IMAGE", "NAVIGATION_TITLE_LARGE", "SEARCH_FIELD_CONTAINER",
    "TAB_BAR_BACKGROUND_VIEW",
  ]

  @Test("HEADER_BACKGROUND_IMAGE is 191.48 points of 12-point text")
  func workedCapitals() {
    // The wider of Helvetica.afm's WX / 1000 and DejaVuSans.ttf's advance
    // / 2048 for each letter, times the times it occurs:
    let ems: [(count: Double, em: Double)] = [
      (1, 1540.0 / 2048),  // H: DejaVu 1540 > Helvetica 722
      (3, 667.0 / 1000),  // E: Helvetica 667 > DejaVu 1294
      (3, 1401.0 / 2048),  // A: DejaVu 1401 > Helvetica 667
      (2, 1577.0 / 2048),  // D
      (2, 722.0 / 1000),  // R: Helvetica 722 > DejaVu 1423
      (2, 556.0 / 1000),  // _: Helvetica 556 > DejaVu 1024
      (1, 1405.0 / 2048),  // B
      (1, 722.0 / 1000),  // C: Helvetica 722 > DejaVu 1430
      (1, 667.0 / 1000),  // K: Helvetica 667 > DejaVu 1343
      (2, 778.0 / 1000),  // G: Helvetica 778 > DejaVu 1587
      (1, 1612.0 / 2048),  // O
      (1, 1499.0 / 2048),  // U
      (1, 1532.0 / 2048),  // N
      (1, 604.0 / 2048),  // I
      (1, 1767.0 / 2048),  // M
    ]
    #expect(ems.map(\.count).reduce(0, +) == 23)
    let worked = ems.reduce(0) { $0 + $1.count * $1.em } * 12
    #expect(abs(worked - 191.4849375) < 1e-9)
    #expect(abs(LabelPlacement.estimatedWidth(of: "HEADER_BACKGROUND_IMAGE") - worked) < 1e-9)
    // 23 i's: DejaVu's 569 / 2048 em each, 76.68 points, far narrower.
    #expect(
      abs(
        LabelPlacement.estimatedWidth(of: String(repeating: "i", count: 23)) - 23 * 569.0 / 2048
          * 12)
        < 1e-9)
  }

  @Test("each character counts the wider of the two fonts; one outside ASCII 1.07 em")
  func widthsAreTheFontsWidths() {
    for text in Self.capitals + ["Wim", "row[12]", "x axis: scroll offset (points)", "-99700.0005"]
    {
      #expect(
        abs(LabelPlacement.estimatedWidth(of: text) - FontMetrics.width(text, size: 12)) < 1e-9,
        "\(text)")
    }
    // "café": c 0.55 (DejaVu 1126), a 0.613 (1255), f 0.352 (721), é 2191 / 2048 (Œ's width).
    let cafe = (1126.0 + 1255 + 721 + 2191) / 2048 * 11
    #expect(abs(PlotLegend.textWidth("café") - cafe) < 1e-9)
  }

  static func scene(viewportWidth: Double) throws -> Scene {
    let chains = Self.capitals.enumerated().map { index, name in
      "{\"name\": \"\(name)\", \"frame\": {\"y\": \(index * 150), \"height\": 150}, "
        + "\"effects\": [{\"type\": \"parallax\", \"rate\": \(0.2 * Double(index + 1))}]}"
    }
    return try SceneLoader().load(
      json: "{\"viewport\": {\"width\": \(viewportWidth), \"height\": 844}, \"chains\": ["
        + chains.joined(separator: ", ") + "]}")
  }

  @Test("a filmstrip 160 points wide writes no label of capitals past the viewport's edge")
  func capitalLabelsFitTheViewport() throws {
    let host = SceneHost(scene: try Self.scene(viewportWidth: 160))
    let frames = try FrameDrawing.frames(of: host, at: OffsetSpec([0, 100]))
    let root = try XMLTreeBuilder.parse(FilmstripPicture(frames: frames).svg())
    let labels = root.descendants.filter { $0.attributes["data-label"] != nil }
    for label in labels {
      let end = try #require(label.number("x")) + FontMetrics.width(label.text, size: 12)
      #expect(end <= 160, "\(label.text) ends at \(end)")
    }
    // HEADER_BACKGROUND_IMAGE (191.48) and the others (162.91 to 188.07)
    // are wider than 160 - 6: none is labelled.
    #expect(labels.isEmpty)
    // 195 wide: all but HEADER_BACKGROUND_IMAGE (6 + 191.48 = 197.48)
    // fit from x 6, TAB_BAR_BACKGROUND_VIEW the widest (6 + 188.07).
    let wide = SceneHost(scene: try Self.scene(viewportWidth: 195))
    let wider = try XMLTreeBuilder.parse(
      FilmstripPicture(frames: try FrameDrawing.frames(of: wide, at: OffsetSpec([0]))).svg())
    let names = Set(wider.descendants.compactMap { $0.attributes["data-label"] })
    #expect(names == Set(Self.capitals.dropFirst()))
  }

  @Test("a plot's legend of capitals keeps each name clear of the next swatch")
  func capitalLegendNamesStayApart() throws {
    let legend = try PlotPictureTests.legend(names: Self.capitals, columns: [.y, .translateY])
    #expect(legend.names.map(\.text) == Self.capitals)
    for (before, after) in zip(legend.names, legend.names.dropFirst())
    where before.number("y") == after.number("y") {
      // The swatch is 28 left of its name.
      let end = try #require(before.number("x")) + FontMetrics.width(before.text, size: 11)
      #expect(try #require(after.number("x")) - 28 >= end, "\(before.text)")
    }
  }
}
