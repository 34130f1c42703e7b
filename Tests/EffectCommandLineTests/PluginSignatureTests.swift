import EffectPlugin
import Foundation
import Testing

/// The signature a plugin and effectctl compare.
@Suite struct PluginSignatureTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// FNV-1a, 64 bits, written out from its definition.
  static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  @Test("FNV-1a gives the published test vectors")
  func fnvVectors() {
    #expect(Self.fnv1a([]) == 0xcbf2_9ce4_8422_2325)
    #expect(Self.fnv1a(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
    #expect(Self.fnv1a(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
  }

  @Test(
    "the surface hash is that of EffectProtocol's and StrictJSON's code as it is now"
  )
  func surfaceHash() throws {
    var lines: [String] = []
    // What effects are written against: EffectProtocol, and the JSON types it re-exports.
    for module in ["EffectProtocol", "StrictJSON"] {
      let directory = Self.root.appendingPathComponent("Sources/\(module)")
      let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasSuffix(".swift") }.sorted {
          Array($0.utf8).lexicographicallyPrecedes($1.utf8)
        }
      for file in files {
        let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
          let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
          // Every line of code, not only the public ones: a plugin compiles
          // the inlinable internals (ViewBatch's stored layout) into itself.
          guard let first = words.first, !first.hasPrefix("//") else { continue }
          lines.append(words.joined(separator: " "))
        }
      }
    }
    #expect(lines.count > 1000)
    let hash = Self.fnv1a(Array(lines.joined(separator: "\n").utf8))
    #expect(
      EffectPlugin.surfaceHash == hash,
      """
      EffectProtocol's public surface changed: set EffectPlugin.surfaceHash to \
      0x\(String(hash, radix: 16)) (plugins built before are then refused)
      """)
  }

  @Test("the library version is effectctl's")
  func version() {
    #expect(EffectPlugin.signature.version == "0.1.0")
    #expect(EffectPlugin.signature.interfaceVersion == 1)
  }

  @Test("signatures compare the version string by content and every number")
  func equality() {
    let copy = Array("0.1.0\0".utf8)
    copy.withUnsafeBytes { bytes in
      var other = EffectPlugin.signature
      other.libraryVersion = bytes.baseAddress!
      #expect(other == EffectPlugin.signature)
      other.surfaceHash ^= 1
      #expect(other != EffectPlugin.signature)
    }
    var interface = EffectPlugin.signature
    interface.interfaceVersion = 2
    #expect(interface != EffectPlugin.signature)
  }

  @Test("a signature describes itself with the version, the interface and the hash in hex")
  func description() {
    let version = Array("1.2.3\0".utf8)
    version.withUnsafeBytes { bytes in
      let signature = PluginSignature(
        magic: PluginSignature.magicNumber, interfaceVersion: 7, surfaceHash: 0xab,
        libraryVersion: bytes.baseAddress!)
      #expect(
        signature.description
          == #"ScrollEffects "1.2.3", plugin interface 7, EffectProtocol surface 0x00000000000000ab"#
      )
    }
  }

  @Test("the host structure has the C layout the stub plugins are written against")
  func layout() {
    #expect(MemoryLayout<PluginSignature>.size == 32)
    #expect(MemoryLayout<PluginHost>.size == 40)
    #expect(MemoryLayout<PluginHost>.offset(of: \.signature) == 16)
    #expect(MemoryLayout<PluginHost>.offset(of: \.handOver) == 32)
  }
}
