import EffectHost
import Effects
import Foundation
import Testing

@Suite struct HelpTests {
  @Test("--version prints the version")
  func version() throws {
    let output = try Effectctl.run(["--version"])
    #expect(output.status == 0)
    #expect(output.stdout == "effectctl 0.2.0\n")
    #expect(output.stderr == "")
  }

  @Test(
    "top-level help goes to standard output",
    arguments: [["--help"], ["-h"], ["help"], ["help", "--help"], []])
  func topLevelHelp(arguments: [String]) throws {
    let output = try Effectctl.run(arguments)
    #expect(output.status == 0)
    #expect(output.stderr == "")
    #expect(output.stdout.hasPrefix("OVERVIEW: "))
    #expect(output.stdout.contains("\nUSAGE: effectctl <subcommand>\n"))
    #expect(output.stdout.contains("  --version               Show the version.\n"))
    #expect(output.stdout.contains("  -h, --help              Show help information.\n"))
    for command in ["eval", "validate", "effects", "bench"] {
      #expect(output.stdout.contains("\n  \(command) "))
    }
    #expect(output.stdout.hasSuffix("  See 'effectctl help <subcommand>' for detailed help.\n"))
  }

  static let usages = [
    (
      "eval",
      "USAGE: effectctl eval <scene> --offsets <spec> [--format <format>] [--chain <name> ...] [--events] [--visible] [--columns <names>] [--reduce-motion] [--device <name>] [--set <key=value> ...]"
    ),
    ("validate", "USAGE: effectctl validate <scene> ... [--device <name>] [--set <key=value> ...]"),
    ("effects", "USAGE: effectctl effects [<type>] [--markdown] [--check]"),
    (
      "bench",
      "USAGE: effectctl bench <scene> [--frames <n>] [--offsets <spec>] [--visible] [--reduce-motion] [--device <name>] [--set <key=value> ...]"
    ),
  ]

  @Test(
    "each subcommand's help: --help, -h, 'help <subcommand>', and --help among errors",
    arguments: usages)
  func commandHelp(command: String, usage: String) throws {
    let pages = try [
      [command, "--help"], [command, "-h"], ["help", command], [command, "--bogus", "x", "--help"],
    ].map { try Effectctl.run($0) }
    for page in pages {
      #expect(page.status == 0)
      #expect(page.stderr == "")
      #expect(page.stdout == pages[0].stdout)
    }
    let text = pages[0].stdout
    #expect(text.hasPrefix("OVERVIEW: "))
    #expect(text.contains("\n\(usage)\n"))
    #expect(text.hasSuffix("  -h, --help              Show help information.\n"))
  }

  @Test("eval's help documents every option")
  func evalHelp() throws {
    let text = try Effectctl.run(["eval", "--help"]).stdout
    #expect(
      text.contains("  <scene>                 The scene file, or - to read standard input.\n"))
    for option in ["--offsets <spec>", "--format <format>", "--chain <name> ..."] {
      #expect(text.contains("\n  \(option)"))
    }
    #expect(text.contains("(default: table)"))
  }
}
