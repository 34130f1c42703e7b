import EffectHost
import EffectPlugin
import Foundation
import ScrollEffectsTestSupport
import Testing

/// The example plugin, the plugin with its own copy of EffectProtocol, the
/// one whose worked examples are wrong and the one with a parameter named
/// as a key the loader reserves, loaded by the built effectctl
/// (debug, as `swift run` builds it, and release when built). The plugins
/// are separate packages, built by
/// `bash Scripts/build-plugin-fixtures.sh` (CI runs it before `swift test`);
/// without them these tests are skipped.
@Suite struct PluginCommandTests {
  static let wobble = Effectctl.root.appendingPathComponent(
    "Examples/WobbleEffects/.build/release/libWobbleEffects.so"
  ).path
  static let ownCopy = Effectctl.root.appendingPathComponent(
    "Tests/Fixtures/OwnCopyPlugin/.build/release/libOwnCopyPlugin.so"
  ).path
  static let wrongExamples = Effectctl.root.appendingPathComponent(
    "Tests/Fixtures/WrongExamplePlugin/.build/release/libWrongExamplePlugin.so"
  ).path
  static let reservedKey = Effectctl.root.appendingPathComponent(
    "Tests/Fixtures/ReservedKeyPlugin/.build/release/libReservedKeyPlugin.so"
  ).path
  static let scene = "Examples/WobbleEffects/wobble-header.json"

  static var hasWobble: Bool { FileManager.default.fileExists(atPath: wobble) }
  static var hasOwnCopy: Bool { FileManager.default.fileExists(atPath: ownCopy) }
  static var hasWrongExamples: Bool { FileManager.default.fileExists(atPath: wrongExamples) }
  static var hasReservedKey: Bool { FileManager.default.fileExists(atPath: reservedKey) }
  /// The example built with `SCROLL_EFFECTS_STALE_PLUGIN`: a real Swift
  /// plugin whose compiled-in signature is not this program's.
  static let stale = Effectctl.root.appendingPathComponent(
    "Examples/WobbleEffects/.build-stale/release/libWobbleEffects.so"
  ).path
  static var hasStale: Bool { FileManager.default.fileExists(atPath: stale) }
  /// An app's effectctl linked without `-Xlinker --export-dynamic`
  /// (Tests/Fixtures/UnexportedEffectctl), built beside effectctl.
  static let unexported =
    Effectctl.executable?.deletingLastPathComponent()
    .appendingPathComponent("UnexportedEffectctl").path ?? ""
  static var hasUnexported: Bool { FileManager.default.isExecutableFile(atPath: unexported) }
  static let skipped =
    "the plugin fixtures are not built: run bash Scripts/build-plugin-fixtures.sh"

  /// The debug effectctl, and the release one when it is built.
  static let executables: [String] = {
    var found: [String] = []
    if let debug = Effectctl.executable { found.append(debug.path) }
    let release = Effectctl.root.appendingPathComponent(".build/release/effectctl").path
    if FileManager.default.isExecutableFile(atPath: release) { found.append(release) }
    return found
  }()

  static func run(_ executable: String, _ arguments: [String]) throws -> Effectctl.Output {
    try Effectctl.run(arguments, executable: URL(fileURLWithPath: executable))
  }

  @Test(
    "effects lists wobble and tick after the built-ins", .enabled(if: hasWobble, "\(skipped)"),
    arguments: executables)
  func listed(executable: String) throws {
    let run = try Self.run(executable, ["--plugin", Self.wobble, "effects"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let names = run.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
    #expect(names == EffectRegistry.builtIn.typeNames + ["wobble", "tick"])
    #expect(run.stdout.contains("wobble       Sways a view sideways as the content scrolls.\n"))
  }

  @Test(
    "a program that does not export its symbols refuses a plugin, naming its own link",
    .enabled(if: hasWobble && hasUnexported, "\(skipped)"))
  func programNotExporting() throws {
    let run = try Self.run(Self.unexported, ["--plugin", Self.wobble, "effects"])
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "error: plugin \(Self.wobble.debugDescription): the type \"WobbleEffects.WobbleEffect\" "
        + "does not conform to this program's ScrollEffect: this program does not export its "
        + "symbols, so the plugin bound to another copy of EffectProtocol; link the program "
        + "with -Xlinker --export-dynamic, as effectctl is (see Docs/Plugins.md)\n")
    #expect(run.stdout == "")
    // The same program without plugins works.
    let plain = try Self.run(Self.unexported, ["effects"])
    #expect(plain.status == 0)
  }

  @Test(
    "a plugin copied without the libEffectPlugin.so beside it names the library it lacks",
    .enabled(if: hasWobble, "\(skipped)"), arguments: executables)
  func missingLibrary(executable: String) throws {
    let directory = Scratch.root
      .appendingPathComponent("plugin-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let copy = directory.appendingPathComponent("libWobbleEffects.so").path
    try FileManager.default.copyItem(atPath: Self.wobble, toPath: copy)
    let run = try Self.run(executable, ["--plugin", copy, "effects"])
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "error: plugin \(copy.debugDescription): a library it needs cannot be found: "
        + "\"libEffectPlugin.so\"; expected it where the dynamic loader looks: beside the plugin "
        + "($ORIGIN, where the build leaves libEffectPlugin.so) or on the library path "
        + "(see Docs/Plugins.md)\n")
    #expect(run.stdout == "")
  }

  @Test(
    "effects wobble prints the plugin's page with its parameters",
    .enabled(if: hasWobble, "\(skipped)"), arguments: executables)
  func page(executable: String) throws {
    let run = try Self.run(executable, ["--plugin", Self.wobble, "effects", "wobble"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("amplitude"))
    #expect(run.stdout.contains("wavelength"))
  }

  @Test(
    "effects --check runs the plugin's worked examples with the built-ins', and all hold",
    .enabled(if: hasWobble, "\(skipped)"), arguments: executables)
  func examplesChecked(executable: String) throws {
    let run = try Self.run(executable, ["--plugin", Self.wobble, "effects", "--check"])
    let builtIn = EffectRegistry.builtIn.types.map { $0.descriptor.examples.count }.reduce(0, +)
    // wobble declares three examples and tick one.
    let types = EffectRegistry.builtIn.types.count + 2
    #expect(run.stdout == "\(builtIn + 4) examples of \(types) types hold\n")
    #expect(run.stderr == "")
    #expect(run.status == 0)
  }

  @Test(
    "effects --check names a plugin's examples that do not hold and exits 1",
    .enabled(if: hasWrongExamples, "\(skipped)"), arguments: executables)
  func wrongExamplesNamed(executable: String) throws {
    let builtIn = EffectRegistry.builtIn.types.map { $0.descriptor.examples.count }.reduce(0, +)
    let report = """
      shove: "shoved 20": x expected 25, got 20
      shove: "shoved 30": does not decode: parameters.bye: unknown key for effect "shove"; \
      did you mean "by"? (valid keys: type, by)

      """
    let all = try Self.run(executable, ["--plugin", Self.wrongExamples, "effects", "--check"])
    #expect(all.stdout == report + "2 of \(builtIn + 3) examples do not hold\n")
    #expect(all.stderr == "")
    #expect(all.status == 1)
    let one = try Self.run(
      executable, ["--plugin", Self.wrongExamples, "effects", "shove", "--check"])
    #expect(one.stdout == report + "2 of 3 examples do not hold\n")
    #expect(one.status == 1)
  }

  @Test(
    "schema has a branch for each of the plugin's types, with its parameters",
    .enabled(if: hasWobble, "\(skipped)"), arguments: executables)
  func schema(executable: String) throws {
    let run = try Self.run(executable, ["--plugin", Self.wobble, "schema"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    for name in ["wobble", "tick"] { #expect(run.stdout.contains(#""const": "\#(name)""#)) }
    #expect(run.stdout.contains(#""amplitude": {"#))
    #expect(run.stdout.contains(#""float", "wobble", "tick"]"#))
  }

  @Test(
    "validate accepts the plugin's scene and suggests wobble for wobbel",
    .enabled(if: hasWobble, "\(skipped)"), arguments: executables)
  func validated(executable: String) throws {
    let typo = try Effectctl.temporaryFile(
      #"{"version": 1, "chains": [{"name": "h", "frame": {"y": 0, "height": 300}, "#
        + #""effects": [{"type": "wobbel"}]}]}"#)
    let run = try Self.run(executable, ["--plugin", Self.wobble, "validate", Self.scene, typo])
    #expect(run.status == 65)
    #expect(run.stdout == "\(Self.scene): valid (2 chains, 2 views)\n")
    #expect(
      run.stderr
        == "error: \(typo): chains[0].effects[0].type: unknown effect type \"wobbel\"; did you mean "
        + "\"wobble\"? (registered: "
        + (EffectRegistry.builtIn.typeNames + ["wobble", "tick"]).joined(separator: ", ") + ")\n")
  }

  @Test(
    "without the plugin its scene names unknown types",
    .enabled(if: hasWobble, "\(skipped)"), arguments: executables)
  func withoutPlugin(executable: String) throws {
    let run = try Self.run(executable, ["validate", Self.scene])
    #expect(run.status == 65)
    #expect(run.stderr.contains(#"unknown effect type "wobble""#))
  }

  @Test(
    "eval gives x = 8 sin(2 pi offset / 100) and 10 degrees more each frame",
    .enabled(if: hasWobble, "\(skipped)"), arguments: executables)
  func evaluated(executable: String) throws {
    let offsets = stride(from: -50.0, through: 250, by: 12.5).map { $0 }
    let spec = offsets.map { String($0) }.joined(separator: ",")
    let run = try Self.run(
      executable,
      [
        "--plugin", Self.wobble, "eval", Self.scene, "--offsets", spec, "--format", "csv",
        "--chain", "header",
      ])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let rows = run.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
    #expect(rows.count == offsets.count)
    for (frame, (offset, row)) in zip(offsets, rows).enumerated() {
      let x = try #require(Double(row[2]))
      #expect(abs(x - 8 * sin(2 * Double.pi * offset / 100)) < 1e-9, "offset \(offset)")
      #expect(Double(row[3]) == -offset)
      #expect(Double(row[14]) == 10 * Double(frame))
    }
  }

  @Test(
    "bench runs the plugin's scene", .enabled(if: hasWobble, "\(skipped)"),
    arguments: executables)
  func benched(executable: String) throws {
    let run = try Self.run(
      executable, ["--plugin", Self.wobble, "bench", Self.scene, "--frames", "100"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.stdout.hasPrefix("frames:    100\nviews:     2\n"))
  }

  @Test(
    "the same plugin twice: the second registers names it registered before, and says so",
    .enabled(if: hasWobble, "\(skipped)"), arguments: executables)
  func twice(executable: String) throws {
    let run = try Self.run(
      executable, ["--plugin", Self.wobble, "--plugin", Self.wobble, "effects"])
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "error: plugin \(Self.wobble.debugDescription): an effect type named \"wobble\" is "
        + "already registered by this plugin, given to --plugin before; expected a unique type "
        + "name\n")
    #expect(run.stdout == "")
    // The same file by another path: a link to it.
    let link = Scratch.root
      .appendingPathComponent("wobble-\(UUID().uuidString).so").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: Self.wobble)
    defer { try? FileManager.default.removeItem(atPath: link) }
    let linked = try Self.run(executable, ["--plugin", Self.wobble, "--plugin", link, "effects"])
    #expect(linked.status == 1)
    #expect(linked.stderr.contains("by this plugin, given to --plugin before;"))
  }

  @Test(
    "a plugin with its own copy of EffectProtocol is refused, not half-used",
    .enabled(if: hasOwnCopy, "\(skipped)"), arguments: executables)
  func ownCopy(executable: String) throws {
    let run = try Self.run(executable, ["--plugin", Self.ownCopy, "effects"])
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "error: plugin \(Self.ownCopy.debugDescription): the type \"OwnCopyPlugin.OwnCopyEffect\" "
        + "does not conform to this program's ScrollEffect: the plugin carries its own copy of "
        + "EffectProtocol; link the EffectPlugin product, not EffectProtocol (see Docs/Plugins.md)\n"
    )
    #expect(run.stdout == "")
  }

  @Test(
    "a plugin whose effect has a parameter named reducedMotion is refused, naming the type and the key",
    .enabled(if: hasReservedKey, "\(skipped)"), arguments: executables)
  func reservedKey(executable: String) throws {
    let run = try Self.run(executable, ["--plugin", Self.reservedKey, "effects", "--check"])
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "error: plugin \(Self.reservedKey.debugDescription): the effect type \"dim\" has a "
        + "parameter named \"reducedMotion\", a key the loader reads itself from every effect's "
        + "object (\"type\" and \"reducedMotion\"), so no scene could give it to the effect; "
        + "expected another parameter name\n")
    #expect(run.stdout == "")
  }

  @Test(
    "a Swift plugin built against other libraries is refused by its own signature, before any type is used",
    .enabled(if: hasStale, "\(skipped)"), arguments: executables)
  func stalePlugin(executable: String) throws {
    let digits = String(EffectPlugin.surfaceHash, radix: 16)
    let hash = String(repeating: "0", count: 16 - digits.count) + digits
    let run = try Self.run(executable, ["--plugin", Self.stale, "effects"])
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "error: plugin \(Self.stale.debugDescription): built against other libraries: it has "
        + "ScrollEffects \"0.2.0\", plugin interface 1, EffectProtocol surface 0x5354414c4550"
        + "4c47; expected ScrollEffects \"0.2.0\", plugin interface 1, EffectProtocol surface "
        + "0x\(hash); rebuild the plugin against this version\n"
    )
    #expect(run.stdout == "")
  }
}
