import EffectHost
import Foundation
import SwiftUI
import Testing

@testable import ReadmeExample
@testable import ScrollEffectsSwiftUI

/// The README's first Swift example is Sources/ReadmeExample's file, which
/// this package builds against the stand-in SwiftUI.
@MainActor @Suite struct ReadmeExampleTests {
  static let file = "Tests/SwiftUIAdapterCheck/Sources/ReadmeExample/StretchyHeaderScreen.swift"

  /// The text of the README's first ```swift block, with a final newline.
  static func firstSwiftExample() throws -> String {
    let readme = try String(
      contentsOf: Fixtures.root.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "```swift\n"))
    let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
    return String(readme[start.upperBound..<end.lowerBound]) + "\n"
  }

  @Test("the README's first Swift example is the file this package builds, to the byte")
  func sameText() throws {
    let source = try String(
      contentsOf: Fixtures.root.appendingPathComponent(Self.file), encoding: .utf8)
    #expect(try Self.firstSwiftExample() == source)
    // About a dozen lines, as the README says.
    #expect(source.split(separator: "\n").count <= 18)
  }

  @Test("the example's screen: a scroll view fed by its scene, the header marked inside it")
  func screen() throws {
    let scene = try Fixtures.scene("stretchy-header.json")
    let records = _Scaffold.records(of: StretchyHeaderScreen(scene: scene))
    let names = records.map(\.name)
    for name in [
      "onScrollGeometryChange(for:of:action:)", "ScrollView", "coordinateSpace(_:)", "VStack",
      "Layout", "scaledToFill()", "Image", "Text",
    ] {
      #expect(names.contains(name), "\(name) is not among \(names)")
    }
    let space = try Fixtures.record("coordinateSpace(_:)", in: records)
    #expect(
      (space.arguments.first as? NamedCoordinateSpace)?.coordinateSpace
        == .named(AnyHashable(contentCoordinateSpace)))
    let image = try Fixtures.record("Image", in: records)
    #expect(image.arguments.first as? String == "header" && image.arguments.last as? Bool == true)
    // The scroll view's object, the one the marked views read.
    let environment = try Fixtures.record("environment(_:_:)", in: records)
    let effects = try #require(environment.arguments.last as? ScrollEffects)
    let geometry = try Fixtures.record("onScrollGeometryChange(for:of:action:)", in: records)
    try #require(geometry.action as? _Action<SwiftUI.ScrollGeometry>).send(
      Fixtures.phone(offset: -100))
    #expect(try #require(effects.host.view(named: "header")).transform.height == 400)
    // The header's measurement (the first view's) reaches the same host.
    let inside = Array(records.drop { $0.name != "VStack" })
    let measure = try Fixtures.record("onGeometryChange(for:of:action:)", in: inside)
    try #require(measure.action as? _Action<GeometryProxy>).send(
      GeometryProxy(_frames: [
        .named(AnyHashable(contentCoordinateSpace)): CGRect(x: 0, y: 0, width: 390, height: 260)
      ]))
    #expect(effects.host.scene.chains[0].frame.height == 260)
  }
}
