import EffectCommandLine
import Foundation
import Testing

/// The program's dispatch: where an option given in the wrong place
/// belongs, and what `--version` takes.
@Suite struct OptionPlacementTests {
  static let effectsUsage = "effectctl effects [<type>] [--markdown] [--check]"

  @Test("--plugin after the subcommand says that it goes before it")
  func pluginAfterTheSubcommand() {
    let result = InProcess(["effects", "--plugin", "libX.so"])
    #expect(result.status == .usage)
    #expect(
      result.stderr
        == InProcess.usageError(
          "Unknown option '--plugin' for effects; it goes before the subcommand: "
            + "effectctl --plugin <lib> effects ...", usage: Self.effectsUsage,
          command: "effects"))
  }

  /// Each subcommand's options, from its help page: the lines of OPTIONS
  /// that start with `--`.
  static func options(of command: String) -> Set<String> {
    let page = InProcess(["help", command]).stdout
    var names: Set<String> = []
    for line in page.split(separator: "\n") {
      let words = line.split(separator: " ")
      if let first = words.first, first.hasPrefix("--") || first == "-o" {
        names.insert(String(first.split(separator: "=")[0]))
      }
    }
    return names
  }

  @Test(
    "an option of other subcommands names them, in the order help lists the subcommands",
    arguments: [
      ("eval", "--gesture"), ("eval", "--fps"), ("plot", "--physics"), ("validate", "--offsets"),
      ("effects", "-o"),
    ])
  func optionOfAnotherSubcommand(command: String, option: String) {
    let takers = Effectctl.tool.commandNames.filter {
      $0 != command && Self.options(of: $0).contains(option)
    }
    #expect(!takers.isEmpty)
    let list =
      takers.count == 1
      ? takers[0] : takers.dropLast().joined(separator: ", ") + " and " + takers.last!
    let arguments =
      switch command {
      case "eval", "plot": [command, InProcess.stretchyHeader, "--offsets", "0", option, "1"]
      case "validate": [command, InProcess.stretchyHeader, option, "1"]
      default: [command, option, "1"]
      }
    let result = InProcess(arguments)
    #expect(result.status == .usage)
    let firstLine = result.stderr.split(separator: "\n").first.map(String.init)
    #expect(
      firstLine == "Error: Unknown option '\(option)' for \(command); it is an option of \(list)")
  }

  @Test("an option no subcommand takes still gets its near miss")
  func nearMissStillSuggested() {
    let result = InProcess(["eval", InProcess.stretchyHeader, "--ofsets", "0"])
    #expect(result.status == .usage)
    #expect(result.stderr.hasPrefix("Error: Unknown option '--ofsets'. Did you mean '--offsets'?"))
  }

  @Test("--version with anything after it is a usage error; alone it prints the version")
  func versionTakesNothing() {
    let extra = InProcess(["--version", "extra"])
    #expect(extra.status == .usage)
    #expect(extra.stdout == "")
    #expect(
      extra.stderr == InProcess.usageError("Unexpected argument 'extra'", usage: nil, command: nil))
    #expect(InProcess(["--version"]).status == .success)
  }
}
