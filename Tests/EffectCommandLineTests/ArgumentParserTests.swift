import EffectCommandLine
import Testing

/// A subcommand with one declaration of each kind, for the parser alone.
struct TryCommand: Subcommand {
  static let configuration = CommandConfiguration(name: "try", abstract: "A test command.")

  @Argument("scene", help: ["A scene."])
  var scene: String
  @Option("--offsets", valueName: "spec", help: ["Offsets."])
  var offsets: OffsetSpec
  @Option("--format", valueName: "format", help: ["A format."])
  var format: RowFormat?
  @Option("--chain", valueName: "name", help: ["A chain."])
  var chains: [String]
  @Option(
    "--frames", valueName: "n", help: ["Frames."], reader: .count(of: "frames", atLeast: 1))
  var frames: Int = 1

  func run(_ context: CommandContext) throws(CommandError) -> ExitCode { .success }
}

@Suite struct ArgumentParserTests {
  static let spec = TryCommand.spec

  func parsed(_ arguments: [String]) throws -> ParsedArguments {
    guard case .run(let parsed) = try Self.spec.parse(arguments) else {
      Issue.record("asked for help")
      throw UsageError(message: "help", command: nil)
    }
    return parsed
  }

  /// The command `arguments` give, their values read.
  func read(_ arguments: [String]) throws -> TryCommand {
    try TryCommand(parsed(arguments))
  }

  func message(_ arguments: [String]) -> String? {
    do {
      _ = try Self.spec.parse(arguments)
      return nil
    } catch {
      return error.message
    }
  }

  @Test(
    "an option's value after it or after '=', negative values unquoted",
    arguments: [
      ["a.json", "--offsets", "-100:300"], ["a.json", "--offsets=-100:300"],
      ["--offsets", "-100:300", "a.json"], ["--offsets=-100:300", "--", "a.json"],
    ])
  func optionForms(arguments: [String]) throws {
    let command = try read(arguments)
    let offsets = command.offsets
    #expect(offsets.count == 401)
    #expect(offsets.first == -100)
    #expect(offsets.last == 300)
    #expect(command.scene == "a.json")
    #expect(command.format == nil)
    #expect(command.frames == 1)
  }

  @Test("'--' ends the options: what follows is positional, dashes and all")
  func doubleDash() throws {
    let command = try read(["--offsets", "0", "--", "--format"])
    #expect(command.scene == "--format")
    #expect(command.format == nil)
  }

  @Test("'-' alone is a positional: standard input")
  func dash() throws {
    #expect(try read(["-", "--offsets", "0"]).scene == "-")
  }

  @Test(
    "-h and --help anywhere ask for help, before any error",
    arguments: [
      ["-h"], ["--help"], ["a", "--bogus", "--help"], ["--offsets", "x", "-h"],
      ["--offsets", "0", "a", "b", "--help"],
    ])
  func help(arguments: [String]) throws {
    guard case .help = try Self.spec.parse(arguments) else {
      Issue.record("\(arguments) did not ask for help")
      return
    }
  }

  @Test("a repeatable option keeps every value in order")
  func repeated() throws {
    let command = try read(["a", "--offsets", "0", "--chain", "b", "--chain=a", "--chain", "b"])
    #expect(command.chains == ["b", "a", "b"])
  }

  @Test(
    "parse errors name the option; the first one is reported",
    arguments: [
      (
        ["a", "--offsets", "0", "--offsets", "1"],
        "'--offsets' was given more than once; give it once"
      ),
      (
        ["a", "--offsets", "0", "--fromat", "csv"],
        "Unknown option '--fromat'. Did you mean '--format'?"
      ),
      (["a", "--offsets", "0", "--zzzzzz"], "Unknown option '--zzzzzz'"),
      (["a", "--offsets"], "Missing value for '--offsets <spec>'"),
      (
        ["a", "--offsets", "--format", "csv"],
        "Missing value for '--offsets <spec>': found the option '--format' "
          + "(a value that is an option's name goes after '=': --offsets=--format)"
      ),
      (
        ["a", "--offsets", "--format=csv"],
        "Missing value for '--offsets <spec>': found the option '--format' "
          + "(a value that is an option's name goes after '=': --offsets=--format=csv)"
      ),
      (["a"], "Missing expected argument '--offsets <spec>'"),
      (["--offsets", "0"], "Missing expected argument '<scene>'"),
      (["a", "b", "--offsets", "0"], "Unexpected argument 'b'"),
      (["a", "--offsets", "0", "--help=1"], "Option '--help' takes no value"),
      (["a", "--x", "--y"], "Unknown option '--x'"),
    ])
  func parseErrors(arguments: [String], expected: String) {
    #expect(message(arguments) == expected)
  }

  @Test(
    "typed values: a wrong one is a usage error naming the option and why",
    arguments: [
      (
        ["a", "--offsets", "0", "--format", "jsn"],
        "The value 'jsn' is invalid for '--format <format>'. Did you mean 'json'? Expected one of 'table', 'json', 'ndjson' or 'csv'"
      ),
      (
        ["a", "--offsets", "1:0"],
        "The value '1:0' is invalid for '--offsets <spec>': the offsets go down from 1 to 0 but the default step 1 goes up; give a negative step, e.g. 1:0:-1"
      ),
      (
        ["a", "--offsets", "0", "--frames", "+3"],
        "The value '+3' is invalid for '--frames <n>': expected a whole number of frames, 1 or more"
      ),
      (
        ["a", "--offsets", "0", "--frames", ""],
        "The value '' is invalid for '--frames <n>': expected a whole number of frames, 1 or more"
      ),
    ])
  func typedErrors(arguments: [String], expected: String) throws {
    let parsed = try parsed(arguments)
    do {
      _ = try TryCommand(parsed)
      Issue.record("\(arguments) was accepted")
    } catch {
      #expect(error.message == expected)
      #expect(error.commandName == "try")
    }
  }

  @Test("counts: decimal digits at or above the minimum")
  func counts() throws {
    #expect(try read(["a", "--offsets", "0", "--frames", "007"]).frames == 7)
    let reader = ValueReader<Int>.count(of: "things", atLeast: 0)
    #expect(try reader.read("0") == 0)
    #expect(throws: InvalidValue.because("expected a whole number of things, 0 or more")) {
      try reader.read("-1")
    }
  }

  @Test("the largest Int is still a count; 0 is still too small")
  func framesBounds() throws {
    let reader = ValueReader<Int>.count(of: "frames", atLeast: 1)
    #expect(try reader.read("9223372036854775807") == Int.max)
    #expect(throws: InvalidValue.because("expected a whole number of frames, 1 or more")) {
      try reader.read("0")
    }
  }

  @Test("a choice's help and error list every case, so a new case is listed")
  func choiceHelp() throws {
    let listed = RowFormat.allCases.map { "\($0.rawValue) (\($0.summary))" }
    let joined = RowFormat.help(default: .table).joined(separator: " ")
    #expect(
      joined
        == listed.dropLast().joined(separator: ", ") + " or " + listed[listed.count - 1]
        + ". (default: table)")
    #expect(RowFormat.help(default: nil, width: 54).allSatisfy { $0.count <= 54 })
    #expect(throws: InvalidValue(detail: ". Expected one of 'table', 'json', 'ndjson' or 'csv'")) {
      try RowFormat(argument: "xml")
    }
  }

  @Test("usage lines: required options bare, others bracketed, repeatable with ...")
  func usage() {
    #expect(
      Self.spec.usage(program: "p")
        == "p try <scene> --offsets <spec> [--format <format>] [--chain <name> ...] [--frames <n>]")
  }
}
