import EffectCommandLine
import Foundation
import ScrollEffectsTestSupport
import Testing

/// Every example command of every subcommand's help runs on the bundled
/// scenes as printed, and writes what it says it writes.
@Suite struct HelpExamplesTests {
  /// The example command lines of `command`'s help: the lines that start
  /// with `effectctl COMMAND Configs/`, continuation lines (`\`) joined.
  static func examples(of command: String) -> [String] {
    let page = InProcess([command, "--help"])
    return page.stdout.replacing("\\\n", with: " ").split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("effectctl \(command) Configs/") }
  }

  @Test(
    "every help example runs as printed and writes its output",
    arguments: Effectctl.commands.map { $0.configuration.name })
  func helpExamplesRun(command: String) throws {
    let directory = Scratch.root
      .appendingPathComponent("help-examples-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for example in Self.examples(of: command) {
      var words = example.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
      words.removeFirst()  // effectctl
      // `> FILE` is the shell's: the test reads standard output instead.
      if let arrow = words.firstIndex(of: ">") { words.removeSubrange(arrow...) }
      var outputFile: String?
      let given = words
      words = given.enumerated().map { index, word in
        if word.hasPrefix("Configs/") { return InProcess.config(String(word.dropFirst(8))) }
        if index > 0, given[index - 1] == "-o" {
          let path = directory.appendingPathComponent(word).path
          outputFile = path
          return path
        }
        return word
      }
      let result = InProcess(words)
      #expect(result.status == .success, "\(example): \(result.stderr)")
      if let outputFile {
        let size = (try? FileManager.default.attributesOfItem(atPath: outputFile)[.size]) as? Int
        #expect((size ?? 0) > 0, "\(example) wrote no \(outputFile)")
      } else {
        #expect(!result.stdout.isEmpty, "\(example) printed nothing")
      }
    }
  }

  @Test("the pictures, the export and the check show examples")
  func examplesExist() {
    for command in ["check", "plot", "filmstrip", "preview", "export", "simulate"] {
      #expect(Self.examples(of: command).count >= 1, "\(command)")
    }
  }
}
