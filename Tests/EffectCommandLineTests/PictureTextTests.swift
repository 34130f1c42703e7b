import EffectCommandLine
import Foundation
import ScrollEffectsTestSupport
import Testing

/// Pictures hold only what XML 1.0 allows, whatever a scene's names hold.
@Suite struct PictureTextTests {
  /// XML 1.0's `Char` production: tab, newline, carriage return, and
  /// U+0020...U+D7FF, U+E000...U+FFFD, U+10000...U+10FFFF.
  static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD: true
    case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  /// The scalars outside XML that a scene's text can hold (a JSON string
  /// holds any scalar but a surrogate), and DEL, which HTML forbids.
  static let forbidden: [Unicode.Scalar] =
    (0..<0x20).filter { $0 != 0x9 && $0 != 0xA && $0 != 0xD }.compactMap(Unicode.Scalar.init)
    + ["\u{7F}", "\u{FFFE}", "\u{FFFF}"]

  @Test("escaping leaves no scalar that XML forbids, and keeps every other as it is")
  func escapedIsXML() {
    for scalar in Self.forbidden {
      let escaped = PictureText.escaped("a\(Character(scalar))b")
      #expect(escaped.unicodeScalars.allSatisfy(Self.isXMLCharacter), "U+\(scalar.value)")
      #expect(escaped.hasPrefix("a") && escaped.hasSuffix("b") && escaped.count > 3)
    }
    #expect(PictureText.escaped("ä\u{FFFD}𝄞") == "ä\u{FFFD}𝄞")
  }

  /// A scene whose two chains are named with U+FFFF, U+FFFE and U+0001.
  static func sceneWithUnwritableNames() throws -> URL {
    let file = Scratch.root
      .appendingPathComponent("names-\(UUID().uuidString).json")
    let scene = #"""
      {"chains": [
        {"name": "head\uFFFFer", "frame": {"height": 300}, "effects": [{"type": "stretch"}]},
        {"name": "bo\uFFFEdy\u0001", "frame": {"y": 300, "height": 1500}}
      ]}
      """#
    try scene.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test(
    "plot, filmstrip and preview of chains named with non-characters are well-formed",
    arguments: [
      ["plot", "--offsets", "-100:100:50"], ["filmstrip", "--offsets", "-100:100:100"],
      ["preview", "--offsets", "-100:100:50"],
    ])
  func picturesAreWellFormed(command: [String]) throws {
    let scene = try Self.sceneWithUnwritableNames()
    defer { try? FileManager.default.removeItem(at: scene) }
    let result = InProcess([command[0], scene.path] + command.dropFirst())
    #expect(result.status == .success, "\(result.stderr)")
    let bad = result.stdout.unicodeScalars.filter {
      !Self.isXMLCharacter($0) || $0.value == 0x7F
    }
    #expect(bad.isEmpty, "\(bad.map { String($0.value, radix: 16) })")
    // The names are there, escaped (JSON's escapes in a page's data are in
    // lower case).
    #expect(result.stdout.uppercased().contains("HEAD\\UFFFFER"))
  }

  @Test("ends that are not finite, or too far apart for a Double, give the ends, not a loop")
  func unboundedTicks() {
    #expect(PictureText.ticks(from: 0, to: .infinity) == [0, .infinity])
    #expect(PictureText.ticks(from: -.infinity, to: 5) == [-.infinity, 5])
    #expect(PictureText.ticks(from: -1e308, to: 1e308) == [-1e308, 1e308])
  }

  @Test("ticks fall on 1, 2 or 5 times a power of ten")
  func ticksAreRound() {
    #expect(PictureText.ticks(from: 0, to: 1) == [0, 0.2, 0.4, 0.6, 0.8, 1])
    #expect(PictureText.ticks(from: -100, to: 300) == [-100, 0, 100, 200, 300])
    #expect(PictureText.ticks(from: -3, to: 17, target: 4) == [-5, 0, 5, 10, 15, 20])
    #expect(PictureText.ticks(from: 0.3, to: 0.9, target: 3) == [0.2, 0.4, 0.6, 0.8, 1])
  }

  @Test("numbers are written with two decimals, halves away from zero, never -0")
  func numbersHaveTwoDecimals() {
    #expect(PictureText.fixed(12.345) == "12.35")
    #expect(PictureText.fixed(-0.001) == "0")
    #expect(PictureText.fixed(300) == "300")
    #expect(PictureText.fixed(-2.5) == "-2.5")
    // Exact ties: 0.125 = 1/8 is a binary fraction, so 0.125 * 100 = 12.5 exactly, and
    // halves away from zero give 13 and -13 hundredths.
    #expect(PictureText.fixed(0.125) == "0.13")
    #expect(PictureText.fixed(-0.125) == "-0.13")
    // Past 1e13 the hundredths are no longer exact as a Double: the text is
    // written from whole hundredths. 407070276321753 is whole; the next is
    // 23398775258914.734, whose third decimal rounds down; 0.1 + 0.2 is
    // 0.30000000000000004, two decimals 0.3.
    #expect(PictureText.fixed(-407_070_276_321_753) == "-407070276321753")
    #expect(PictureText.fixed(23_398_775_258_914.734) == "23398775258914.73")
    #expect(PictureText.fixed(0.1 + 0.2) == "0.3")
    #expect(PictureText.fixed(1.05) == "1.05")
  }

  @Test("names are escaped in SVG text and attributes")
  func namesAreEscaped() {
    #expect(PictureText.escaped("a<b & \"c\"\n") == "a&lt;b &amp; &quot;c&quot;\\n")
  }
}
