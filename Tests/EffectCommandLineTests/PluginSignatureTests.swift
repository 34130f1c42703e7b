import EffectPlugin
import Foundation
import ScrollEffectsTestSupport
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

  /// The modules a plugin compiles against, whose code the surface hash
  /// covers.
  static let surfaceModules = ["EffectProtocol", "StrictJSON"]

  /// The surface hash of the sources under `sources` (a `Sources` folder):
  /// every line of code of ``surfaceModules``, comments and blank lines
  /// left out, whitespace collapsed, files in name order.
  static func surfaceHash(sources: URL) throws -> UInt64 {
    var lines: [String] = []
    for module in surfaceModules {
      let directory = sources.appendingPathComponent(module)
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
    return fnv1a(Array(lines.joined(separator: "\n").utf8))
  }

  @Test(
    "the surface hash is that of EffectProtocol's and StrictJSON's code as it is now"
  )
  func surfaceHash() throws {
    let hash = try Self.surfaceHash(sources: Self.root.appendingPathComponent("Sources"))
    #expect(
      EffectPlugin.surfaceHash == hash,
      """
      EffectProtocol's public surface changed: set EffectPlugin.surfaceHash to \
      0x\(String(hash, radix: 16)) (plugins built before are then refused)
      """)
  }

  /// A copy of `Sources` in a new temporary folder, with `line` appended to
  /// the file at `path` (relative to `Sources`).
  static func sources(appending line: String, to path: String) throws -> URL {
    let copy = Scratch.root
      .appendingPathComponent("surface-\(UInt64.random(in: 0...UInt64.max))")
      .appendingPathComponent("Sources")
    try FileManager.default.createDirectory(
      at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: root.appendingPathComponent("Sources"), to: copy)
    let file = copy.appendingPathComponent(path)
    let text = try String(contentsOf: file, encoding: .utf8)
    try (text + line + "\n").write(to: file, atomically: true, encoding: .utf8)
    return copy
  }

  @Test(
    "a change to the host's grouping code leaves the surface hash as it is; one to EffectProtocol changes it",
    arguments: [
      ("EffectGroups/CopyLocalEffect.swift", false),
      ("EffectGroups/SingleViewGroup.swift", false),
      ("Effects/Groups/PinEffect+Group.swift", false),
      ("EffectHost/SceneHost+Groups.swift", false),
      ("EffectProtocol/ViewBatch.swift", true),
      ("StrictJSON/JSONValue.swift", true),
    ])
  func surfaceHashCoversWhatPluginsCompile(path: String, changes: Bool) throws {
    let original = try Self.surfaceHash(sources: Self.root.appendingPathComponent("Sources"))
    let copy = try Self.sources(appending: "package let surfaceProbe = 1", to: path)
    defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
    #expect((try Self.surfaceHash(sources: copy) != original) == changes)
  }

  @Test("EffectProtocol and StrictJSON import nothing of the package but StrictJSON")
  func surfaceModulesImportNoHostCode() throws {
    let sources = Self.root.appendingPathComponent("Sources")
    let packageModules = try FileManager.default.contentsOfDirectory(atPath: sources.path)
    for module in Self.surfaceModules {
      let directory = sources.appendingPathComponent(module)
      for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
        let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("import ") {
          let imported = String(line.dropFirst("import ".count))
          let allowed = !packageModules.contains(imported) || imported == "StrictJSON"
          #expect(allowed, "\(module)/\(file) imports \(imported), outside the plugin surface")
        }
      }
    }
  }

  @Test("the library version is effectctl's")
  func version() {
    #expect(EffectPlugin.signature.version == "0.2.0")
    #expect(EffectPlugin.signature.interfaceVersion == 1)
  }

  @Test("signatures compare the version string by content and every number")
  func equality() {
    let copy = Array("0.2.0\0".utf8)
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
