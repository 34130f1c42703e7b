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

  @Test("a subcommand's page: --help anywhere, or 'help <subcommand>'")
  func commandHelp() {
    let page = InProcess(["help", "bench"])
    #expect(page.status == .success)
    #expect(
      page.stdout.contains(
        "\nUSAGE: effectctl bench <scene> [--frames <n>] [--offsets <spec>] [--visible]\n"))
    #expect(page.stdout.contains("How many frames to evaluate. (default: 10000000)\n"))
    #expect(InProcess(["bench", "x", "--frames", "0", "-h"]).stdout == page.stdout)
  }

  @Test(
    "unknown subcommands and options: did you mean, exit 64, nothing on stdout",
    arguments: [
      (["evl"], "Unknown subcommand 'evl'. Did you mean 'eval'?"),
      (["--versoin"], "Unknown option '--versoin'. Did you mean '--version'?"),
      (["help", "eval", "x"], "Unexpected argument 'x'"),
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
}

@Suite struct EvalCommandInProcessTests {
  static let scene = InProcess.stretchyHeader

  @Test(
    "eval: the stretchy header's worked numbers, as CSV (o = -100: y 0, height 400; o = 150: y -150)"
  )
  func csv() {
    let result = InProcess(["eval", Self.scene, "--offsets=-100,150", "--format", "csv"])
    #expect(result.status == .success)
    #expect(result.stderr == "")
    let identity = "1,1,0.5,0.5,1,0,0,0"
    #expect(
      result.stdout == """
        offset,chain,x,y,width,height,translateX,translateY,scaleX,scaleY,anchorX,anchorY,opacity,blur,rotation,zIndex
        -100,header,0,0,390,400,0,-100,\(identity)
        -100,body,0,400,390,1700,0,0,\(identity)
        150,header,0,-150,390,300,0,0,\(identity)
        150,body,0,150,390,1700,0,0,\(identity)

        """)
  }

  @Test("eval --chain keeps that chain; a wrong name is a usage error found after loading")
  func chain() {
    let kept = InProcess([
      "eval", Self.scene, "--offsets", "-100", "--chain", "body", "--format", "ndjson",
    ])
    #expect(kept.status == .success)
    #expect(kept.stdout.hasPrefix("{\"offset\":-100,\"chain\":\"body\",\"x\":0,\"y\":400,"))
    #expect(kept.stdout.split(separator: "\n").count == 1)
    let wrong = InProcess(["eval", Self.scene, "--offsets", "0", "--chain", "heder"])
    #expect(wrong.status == .usage)
    #expect(
      wrong.stderr
        == InProcess.usageError(
          "The value 'heder' is invalid for '--chain <name> ...': no chain is named 'heder'. Did you mean 'header'? The chains are: header, body",
          usage:
            "effectctl eval <scene> --offsets <spec> [--format <format>] [--chain <name> ...] [--events] [--visible] [--columns <names>]",
          command: "eval"))
  }

  @Test("eval: a bad offset is reported before the scene is read; a missing scene is 66")
  func errors() {
    let offsets = InProcess(["eval", "/no/such.json", "--offsets", "x"])
    #expect(offsets.status == .usage)
    #expect(offsets.stderr.hasPrefix("Error: The value 'x' is invalid for '--offsets <spec>': "))
    let missing = InProcess(["eval", "/no/such.json", "--offsets", "0"])
    #expect(missing.status == .unreadableScene)
    #expect(missing.stdout == "")
    #expect(missing.stderr.hasPrefix("error: /no/such.json: "))
  }

  @Test("eval: a reader that goes away ends it with 0; any other write failure is 1")
  func outputFailures() {
    for (failure, status) in [
      (OutputError.closed, ExitCode.success), (.failed(reason: "disk full"), .failure),
    ] {
      let output = CapturedOutput()
      output.failure = failure
      let error = CapturedOutput()
      let tool = Effectctl.tool
      let result = tool.run(
        ["eval", Self.scene, "--offsets", "0"], console: Console(output: output, error: error))
      #expect(result == status)
      #expect(output.bytes.isEmpty)
      #expect(
        error.text == (status == .failure ? "error: cannot write the output: disk full\n" : ""))
    }
  }
}

@Suite struct OtherCommandInProcessTests {
  @Test("validate: a line per valid file; 65 when any is invalid, else 66 when any is missing")
  func validate() {
    let valid = InProcess(["validate", InProcess.stretchyHeader])
    #expect(valid.status == .success)
    #expect(valid.stdout == "\(InProcess.stretchyHeader): valid (2 chains, 2 views)\n")
    let missing = InProcess(["validate", InProcess.stretchyHeader, "/no/such.json"])
    #expect(missing.status == .unreadableScene)
    #expect(missing.stdout == valid.stdout)
    #expect(missing.stderr.hasPrefix("error: /no/such.json: "))
    let invalid = InProcess(["validate", "/no/such.json", "/dev/null"])
    #expect(invalid.status == .invalidScene)
  }

  @Test("effects: the list, one type's page, and an unknown type with did you mean")
  func effects() {
    let list = InProcess(["effects"])
    #expect(list.status == .success)
    #expect(list.stdout == EffectDocumentation.list(.builtIn))
    #expect(
      InProcess(["effects", "stretch"]).stdout == EffectDocumentation.page(StretchEffect.descriptor)
    )
    let names = BuiltInEffects.all.map { $0.descriptor.typeName }.joined(separator: ", ")
    let wrong = InProcess(["effects", "strech"])
    #expect(wrong.status == .usage)
    #expect(
      wrong.stderr
        == InProcess.usageError(
          "Unknown effect type 'strech'. Did you mean 'stretch'? The types are: \(names).",
          usage: "effectctl effects [<type>] [--markdown]", command: "effects"))
  }

  @Test("bench: frames, views, times and the checksum of Benchmark.checksum")
  func bench() throws {
    let result = InProcess([
      "bench", InProcess.stretchyHeader, "--frames", "3", "--offsets", "-100,150",
    ])
    #expect(result.status == .success)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 5)
    #expect(lines[0] == "frames:    3")
    #expect(lines[1] == "views:     2")
    // Frames at -100, 150, -100; each view's columns summed by hand from the
    // worked numbers (x + y + width + height + translations + 1 + 1 + 0.5 +
    // 0.5 + 1): header at -100: 0 + 0 + 390 + 400 - 100 + 4 = 694; body at
    // -100: 400 + 390 + 1700 + 4 = 2494; header at 150: -150 + 390 + 300 + 4
    // = 544; body at 150: 150 + 390 + 1700 + 4 = 2244.
    #expect(lines[4] == "checksum:  \(2 * (694 + 2494) + 544 + 2244)")
  }

  @Test("bench: a wrong --frames is a usage error with the bench usage")
  func benchFrames() {
    let result = InProcess(["bench", InProcess.stretchyHeader, "--frames", "1.5"])
    #expect(result.status == .usage)
    #expect(
      result.stderr
        == InProcess.usageError(
          "The value '1.5' is invalid for '--frames <n>': expected a whole number of frames, 1 or more",
          usage: "effectctl bench <scene> [--frames <n>] [--offsets <spec>] [--visible]",
          command: "bench"))
  }
}

/// The README's subcommand, as written there.
struct CountCommand: Subcommand {
  static let configuration = CommandConfiguration(
    name: "count", abstract: "Count a scene's views.")

  @Argument("scene", help: ["The scene file."])
  var scene: String
  @Option("--format", valueName: "format", help: RowFormat.help(default: .table))
  var format: RowFormat = .table

  func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    let loaded = try SceneLoader(registry: context.registry).loadForCommand(scene)
    try context.console.print("\(loaded.viewCount)\n")
    return .success
  }
}

@Suite struct OwnToolTests {
  static var tool: CommandLineTool {
    CommandLineTool(
      name: "counter", abstract: "Count views.", registry: .builtIn, commands: [CountCommand.self])
  }

  @Test("a tool of the caller's own subcommand runs it, with help and usage from its declarations")
  func ownSubcommand() {
    let count = InProcess(["count", InProcess.stretchyHeader], tool: Self.tool)
    #expect(count.status == .success)
    #expect(count.stdout == "2\n")
    let help = InProcess(["count", "--help"], tool: Self.tool)
    #expect(
      help.stdout.contains("\nUSAGE: counter count <scene> [--format <format>]\n\nARGUMENTS:\n"))
    let wrong = InProcess(["count", InProcess.stretchyHeader, "--format", "xml"], tool: Self.tool)
    #expect(wrong.status == .usage)
    #expect(
      wrong.stderr.hasPrefix(
        "Error: The value 'xml' is invalid for '--format <format>'. Expected one of 'table', 'json', 'ndjson' or 'csv'\n"
      ))
  }
}
