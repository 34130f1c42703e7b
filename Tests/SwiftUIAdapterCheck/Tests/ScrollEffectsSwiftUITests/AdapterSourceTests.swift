import Foundation
import Testing

/// The adapter compiles to nothing where SwiftUI is missing: every one of
/// its files is inside `#if canImport(SwiftUI)`.
@Suite struct AdapterSourceTests {
  @Test("each of the adapter's files opens with #if canImport(SwiftUI) and closes with #endif")
  func everyFileIsConditional() throws {
    let directory = Fixtures.root.appendingPathComponent("Sources/ScrollEffectsSwiftUI")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count >= 5)
    for file in files {
      let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      let lines = text.split(separator: "\n").filter { !$0.hasPrefix("//") }
      #expect(lines.first == "#if canImport(SwiftUI)", "\(file) does not open with the condition")
      #expect(lines.last == "#endif", "\(file) does not close with #endif")
      // One condition around the whole file: no other top-level directive.
      #expect(lines.filter { $0.hasPrefix("#") }.count == 2, "\(file) has other directives")
    }
  }
}
