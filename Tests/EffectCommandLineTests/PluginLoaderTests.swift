import EffectCommandLine
import EffectHost
import EffectPlugin
import Foundation
import ScrollEffectsTestSupport
import Testing

/// Bad plugins refused in process: each a real file, the C stubs compiled
/// from Tests/Fixtures/Plugins/stub-plugin.c by the system's C compiler.
@Suite struct PluginLoaderTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let compiler = ["/usr/bin/cc", "/usr/bin/gcc", "/usr/bin/clang"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// A directory of its own for each test's files.
  static func directory() throws -> URL {
    let url = Scratch.root
      .appendingPathComponent("plugin-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The stub compiled with `-D<variant>`, as a shared library.
  static func stub(_ variant: String) throws -> String {
    let compiler = try #require(compiler)
    let output = try directory().appendingPathComponent("\(variant).so").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: compiler)
    process.arguments = [
      "-shared", "-fPIC", "-D\(variant)", "-o", output,
      root.appendingPathComponent("Tests/Fixtures/Plugins/stub-plugin.c").path,
    ]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "cc failed for \(variant)")
    return output
  }

  /// `plugin "<file>": ` with the file quoted as Swift quotes a string.
  static func refusal(_ file: String, _ reason: String) -> String {
    "error: plugin \(file.debugDescription): \(reason)\n"
  }

  static let expected =
    #"ScrollEffects "0.2.0", plugin interface 1, EffectProtocol surface 0x"#
    + {
      let digits = String(EffectPlugin.surfaceHash, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }()

  static let registersNothing =
    "registers no effect type; expected EffectPlugin.register with at least one type"

  @Test("a missing plugin is exit 66, named, with the reason")
  func missing() {
    let run = InProcess(["--plugin", "/nonexistent/libNope.so", "effects"])
    #expect(run.status == .unreadableScene)
    #expect(
      run.stderr
        == Self.refusal(
          "/nonexistent/libNope.so", "cannot read the file: No such file or directory"))
    #expect(run.stdout == "")
  }

  @Test("a file name is quoted with its control characters escaped")
  func escapedName() {
    let run = InProcess(["--plugin=/nonexistent/a\nb\"c.so", "effects"])
    #expect(run.status == .unreadableScene)
    #expect(
      run.stderr
        == #"error: plugin "/nonexistent/a\nb\"c.so": cannot read the file: No such file or directory"#
        + "\n")
    // ESC and RIGHT-TO-LEFT OVERRIDE as every message shows them, \uXXXX.
    let odd = InProcess(["--plugin=/nonexistent/a\u{1B}b\u{202E}c.so", "effects"])
    #expect(
      odd.stderr
        == #"error: plugin "/nonexistent/a\u001Bb\u202Ec.so": cannot read the file: No such file or directory"#
        + "\n")
  }

  @Test("a text file is not a shared library: exit 1 with the loader's reason")
  func textFile() throws {
    let file = try Self.directory().appendingPathComponent("notes.so")
    try Data(String(repeating: "not a library\n", count: 100).utf8).write(to: file)
    let run = InProcess(["--plugin", file.path, "effects"])
    #expect(run.status == .failure)
    #expect(run.stderr == Self.refusal(file.path, #"not a shared library: "invalid ELF header""#))
  }

  @Test("a directory is not a shared library either")
  func directoryGiven() throws {
    let directory = try Self.directory()
    let run = InProcess(["--plugin", directory.path, "effects"])
    #expect(run.status == .failure)
    #expect(
      run.stderr
        == Self.refusal(directory.path, #"not a shared library: "a directory, not a regular file""#)
    )
  }

  @Test("a named pipe is refused before the loader opens it, which would wait for a writer")
  func namedPipe() throws {
    let directory = try Self.directory()
    let pipe = directory.appendingPathComponent("fifo.so").path
    #expect(mkfifo(pipe, 0o600) == 0)
    let link = directory.appendingPathComponent("link.so").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: pipe)
    for file in [pipe, link] {
      let run = ThreadResult { InProcess(["--plugin", file, "effects"]) }
      guard let finished = run.value(before: .now() + 30) else {
        // The loader is blocked in open: a writer that closes at once
        // lets it read the end of the file and return.
        let writer = open(pipe, O_RDWR)
        close(writer)
        _ = run.value()
        Issue.record("--plugin \(file) waited on the named pipe")
        continue
      }
      #expect(finished.status == .failure)
      #expect(
        finished.stderr
          == Self.refusal(file, #"not a shared library: "a named pipe, not a regular file""#))
      #expect(finished.stdout == "")
    }
  }

  @Test("a device is not a shared library: it is refused before the loader reads it")
  func device() {
    let run = InProcess(["--plugin", "/dev/null", "effects"])
    #expect(run.status == .failure)
    #expect(
      run.stderr
        == Self.refusal(
          "/dev/null", #"not a shared library: "a character device, not a regular file""#))
  }

  @Test(
    "a shared library without scroll_effects_plugin is refused",
    .enabled(if: compiler != nil, "no C compiler to build the stub plugins"))
  func noEntryPoint() throws {
    let library = try Self.stub("NO_ENTRY_POINT")
    let run = InProcess(["--plugin", library, "validate", InProcess.stretchyHeader])
    #expect(run.status == .failure)
    #expect(
      run.stderr
        == Self.refusal(
          library,
          "no function 'scroll_effects_plugin'; expected a library built from a package with "
            + #"@_cdecl("scroll_effects_plugin") calling EffectPlugin.register (see Docs/Plugins.md)"#
        ))
    #expect(run.stdout == "")
  }

  @Test(
    "a plugin built against another version says which signature it has and which was expected",
    .enabled(if: compiler != nil, "no C compiler to build the stub plugins"))
  func otherVersion() throws {
    let library = try Self.stub("OTHER_VERSION")
    let run = InProcess(["--plugin", library, "effects"])
    #expect(run.status == .failure)
    #expect(
      run.stderr
        == Self.refusal(
          library,
          "built against other libraries: it has ScrollEffects \"0.0.9\", plugin interface 1, "
            + "EffectProtocol surface 0x0123456789abcdef; expected \(Self.expected); "
            + "rebuild the plugin against this version"))
  }

  @Test(
    "a signature of another scheme is read no further than its magic number",
    .enabled(if: compiler != nil, "no C compiler to build the stub plugins"))
  func unknownScheme() throws {
    let library = try Self.stub("UNKNOWN_SCHEME")
    #expect(
      throws: PluginLoadError.signatureMismatch(
        file: library, found: "an unknown signature scheme (magic 0x1122334455667788)",
        expected: Self.expected)
    ) {
      try PluginLoader.types(inLibrary: library)
    }
  }

  @Test(
    "a plugin that hands over no type, or never calls back, registers nothing",
    .enabled(if: compiler != nil, "no C compiler to build the stub plugins"),
    arguments: ["NO_TYPES", "SILENT"])
  func registersNothing(variant: String) throws {
    let library = try Self.stub(variant)
    let run = InProcess(["--plugin", library, "effects"])
    #expect(run.status == .failure)
    #expect(run.stderr == Self.refusal(library, Self.registersNothing))
  }

  @Test(
    "the first bad plugin of several stops the run before any subcommand",
    .enabled(if: compiler != nil, "no C compiler to build the stub plugins"))
  func firstBadPluginStops() throws {
    let silent = try Self.stub("SILENT")
    let run = InProcess(["--plugin", silent, "--plugin", "/nonexistent/x.so", "effects"])
    #expect(run.status == .failure)
    #expect(run.stderr == Self.refusal(silent, Self.registersNothing))
  }

  @Test("--plugin without a value is a usage error")
  func missingValue() {
    let run = InProcess(["--plugin"])
    #expect(run.status == .usage)
    #expect(
      run.stderr
        == InProcess.usageError("Missing value for '--plugin <lib>'", usage: nil, command: nil))
  }

  @Test("a near miss of --plugin at the top level suggests it")
  func nearMiss() {
    let run = InProcess(["--plugins", "x.so", "effects"])
    #expect(run.status == .usage)
    #expect(
      run.stderr
        == InProcess.usageError(
          "Unknown option '--plugins'. Did you mean '--plugin'?", usage: nil, command: nil))
  }

  @Test("--plugin after the subcommand is the subcommand's unknown option")
  func afterSubcommand() {
    let run = InProcess(["effects", "--plugin", "x.so"])
    #expect(run.status == .usage)
    #expect(run.stderr.hasPrefix("Error: Unknown option '--plugin'"))
  }

  @Test("the top-level help lists --plugin first among the options")
  func help() {
    let run = InProcess(["--help"])
    #expect(run.stdout.contains("USAGE: effectctl <subcommand>\n\nOPTIONS:\n  --plugin <lib>  "))
    #expect(
      run.stdout.contains(
        "  --plugin <lib>          Load the effect types of a plugin library for this run;\n"
          + "                          repeatable. See Docs/Plugins.md.\n"))
  }

  /// Prints the names of the effect types of the registry it runs with.
  struct RegistryProbe: Subcommand {
    static let configuration = CommandConfiguration(
      name: "probe", abstract: "Print the registry's type names.")

    func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
      try context.console.print(context.registry.typeNames.joined(separator: ",") + "\n")
      return .success
    }
  }

  @Test("with no plugin every subcommand gets the built-in registry")
  func noPlugins() throws {
    var tool = CommandLineTool(
      name: "p", abstract: "A.", registry: Effectctl.tool.registry, commands: [RegistryProbe.self])
    tool.loadsPlugins = true
    let run = InProcess(["probe"], tool: tool)
    #expect(run.stdout == EffectRegistry.builtIn.typeNames.joined(separator: ",") + "\n")
  }
}
