import EffectCommandLine
import EffectHost
import Effects
import Testing

@Suite struct CommandLineToolTests {
  @Test("--version, and help at the top level to standard output")
  func versionAndHelp() {
    let version = InProcess(["--version"])
    #expect(version.status == .success)
    #expect(version.stdout == "effectctl 0.2.0\n")
    for arguments in [[], ["-h"], ["--help"], ["help"], ["help", "-h"]] {
      let help = InProcess(arguments)
      #expect(help.status == .success)
      #expect(help.stderr == "")
      #expect(
        help.stdout.hasPrefix("OVERVIEW: Evaluate, simulate, check, list, draw and measure chains"))
      #expect(
        help.stdout.contains("\n  eval                    Evaluate a scene at scroll offsets"))
    }
  }

  @Test(
    "an empty file name is a usage error naming the option or argument, for every command that reads or writes one",
    arguments: [
      (["eval", "", "--offsets", "0"], "<scene>"),
      (["validate", InProcess.stretchyHeader, ""], "<scene> ..."),
      (["export", "--swift", ""], "<scene>"),
      (["export", "--swift", InProcess.stretchyHeader, "-o", ""], "-o <file>"),
      (["plot", InProcess.stretchyHeader, "--offsets", "0:10", "-o", ""], "-o <file>"),
      (["filmstrip", InProcess.stretchyHeader, "--offsets", "0", "-o", ""], "-o <file>"),
      (["preview", InProcess.stretchyHeader, "-o", ""], "-o <file>"),
      (["check", InProcess.stretchyHeader, "--offsets", "0", "--golden", ""], "--golden <file>"),
      (["--plugin", "", "effects"], "--plugin <lib>"),
      (["--plugin=", "effects"], "--plugin <lib>"),
    ])
  func emptyPath(arguments: [String], label: String) {
    let run = InProcess(arguments)
    #expect(run.status == .usage)
    #expect(run.stdout == "")
    let first = run.stderr.split(separator: "\n").first.map(String.init)
    let path = label == "--plugin <lib>" ? "a library's path" : "a file's path"
    #expect(
      first
        == "Error: The value '' is invalid for '\(label)': expected \(path), found an empty text")
  }

  @Test("a subcommand's page: --help anywhere, or 'help <subcommand>'")
  func commandHelp() {
    let page = InProcess(["help", "bench"])
    #expect(page.status == .success)
    #expect(
      page.stdout.contains(
        "\nUSAGE: effectctl bench <scene> [--frames <n>] [--offsets <spec>] [--visible] "
          + "[--reduce-motion] [--device <name>] [--set <key=value> ...]\n"))
    #expect(page.stdout.contains("How many frames to evaluate. (default: 10000000)\n"))
    #expect(InProcess(["bench", "x", "--frames", "0", "-h"]).stdout == page.stdout)
  }

  @Test(
    "unknown subcommands and options: did you mean, exit 64, nothing on stdout",
    arguments: [
      (["evl"], "Unknown subcommand 'evl'. Did you mean 'eval'?"),
      (["--versoin"], "Unknown option '--versoin'. Did you mean '--version'?"),
      (["help", "eval", "x"], "Unexpected argument 'x'"),
      (["--version=1"], "Option '--version' takes no value"),
      (
        ["--chain", "header", "eval"],
        "Option '--chain' goes after a subcommand that takes it "
          + "(eval, simulate, check, plot, filmstrip), not before one"
      ),
    ])
  func topLevelErrors(arguments: [String], message: String) {
    let result = InProcess(arguments)
    #expect(result.status == .usage)
    #expect(result.stdout == "")
    #expect(result.stderr == InProcess.usageError(message, usage: nil, command: nil))
  }

  @Test("a program without a version has no --version")
  func noVersion() {
    let tool = CommandLineTool(name: "p", abstract: "A.", commands: [EffectsCommand.self])
    let result = InProcess(["--version"], tool: tool)
    #expect(result.status == .usage)
    #expect(result.stderr.hasPrefix("Error: Unknown option '--version'\nUsage: p <subcommand>\n"))
  }

  /// A tool of the caller's own: `CountCommand` alone.
  static var ownTool: CommandLineTool {
    CommandLineTool(
      name: "counter", abstract: "Count views.", registry: .builtIn, commands: [CountCommand.self])
  }

  @Test("a tool of the caller's own subcommand runs it, with help and usage from its declarations")
  func ownSubcommand() {
    let count = InProcess(["count", InProcess.stretchyHeader], tool: Self.ownTool)
    #expect(count.status == .success)
    #expect(count.stdout == "2\n")
    let help = InProcess(["count", "--help"], tool: Self.ownTool)
    #expect(
      help.stdout.contains("\nUSAGE: counter count <scene> [--format <format>]\n\nARGUMENTS:\n"))
    let wrong = InProcess(
      ["count", InProcess.stretchyHeader, "--format", "xml"], tool: Self.ownTool)
    #expect(wrong.status == .usage)
    #expect(
      wrong.stderr.hasPrefix(
        "Error: The value 'xml' is invalid for '--format <format>'. Expected one of 'table', 'json', 'ndjson' or 'csv'\n"
      ))
  }

  @Test("help help prints the help subcommand's own page, exit 0")
  func helpHelp() {
    let result = InProcess(["help", "help"])
    #expect(result.status == .success)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        OVERVIEW: Show subcommand help information.

        USAGE: effectctl help [<subcommand>]

        ARGUMENTS:
          <subcommand>            The subcommand to describe.

        OPTIONS:
          -h, --help              Show help information.

        """)
    let extra = InProcess(["help", "help", "eval"])
    #expect(extra.status == .usage)
    #expect(
      extra.stderr
        == InProcess.usageError("Unexpected argument 'eval'", usage: nil, command: nil))
  }

  @Test(
    "as in swift-argument-parser, a leading -h or --help wins over what follows; --version takes nothing after it",
    arguments: [["extra"], ["eval", "--offsets"], ["--bogus", "x"]])
  func builtInFlagsWin(rest: [String]) {
    let top = InProcess([])
    for flag in ["-h", "--help"] {
      let help = InProcess([flag] + rest)
      #expect(help.status == .success)
      #expect(help.stdout == top.stdout)
      #expect(help.stderr == "")
    }
    let version = InProcess(["--version"] + rest)
    #expect(version.status == .usage)
    #expect(version.stdout == "")
    #expect(
      version.stderr
        == InProcess.usageError("Unexpected argument '\(rest[0])'", usage: nil, command: nil))
    let alone = InProcess(["--version"])
    #expect(alone.status == .success)
    #expect(alone.stdout == "effectctl \(Effectctl.tool.version ?? "")\n")
  }
}

extension CommandLineToolTests {
  @Test("an argument that is not UTF-8 is a usage error showing its bytes; UTF-8 ones run as text")
  func argumentBytes() {
    let output = CapturedOutput()
    let error = CapturedOutput()
    let console = Console(output: output, error: error)
    // "é" (two bytes), the byte 0xFF, which no UTF-8 text holds, and an
    // escape character, which a message escapes.
    let status = Effectctl.tool.run(
      bytes: [Array("plot".utf8), Array("-o".utf8), [0xC3, 0xA9, 0xFF, 0x1B]], console: console)
    #expect(status == .usage)
    #expect(output.text == "")
    #expect(
      error.text.hasPrefix(
        "Error: Argument 3, 'é\\xFF\\u001B', is not UTF-8 text; expected file names and values "
          + "in UTF-8\n"))
    // "é" in UTF-8 is two bytes, and a name of it is passed on as text.
    let ok = CapturedOutput()
    let text = Effectctl.tool.run(
      bytes: [Array("validate".utf8), Array("/no/such/é.json".utf8)],
      console: Console(output: ok, error: CapturedOutput()))
    #expect(text == .unreadableScene)
  }
}
