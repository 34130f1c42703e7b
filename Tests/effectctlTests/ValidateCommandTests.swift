import EffectCommandLine
import EffectHost
import EffectProtocol
import Effects
import Foundation
import Testing

@Suite struct ValidateCommandTests {
  static let invalid = #"{"chains": [{"name": "h", "frame": {"height": -3}}], "version": 2}"#

  @Test("a valid file: its chains and views on standard output")
  func valid() throws {
    let output = try Effectctl.run(["validate", Effectctl.stretchyHeader])
    #expect(output.status == 0)
    #expect(output.stderr == "")
    #expect(output.stdout == "\(Effectctl.stretchyHeader): valid (2 chains, 2 views)\n")
  }

  @Test("counts in the singular, and - reads standard input")
  func standardInput() throws {
    let output = try Effectctl.run(
      ["validate", "-"], input: #"{"name": "h", "frame": {"height": 3}, "effects": []}"#)
    #expect(output.status == 0)
    #expect(output.stdout == "<stdin>: valid (1 chain, 1 view)\n")
  }

  @Test("every file is checked and every error reported; an invalid file wins: 65")
  func mixed() throws {
    let bad = try Effectctl.temporaryFile(Self.invalid)
    let output = try Effectctl.run([
      "validate", "nowhere.json", bad, Effectctl.stretchyHeader,
    ])
    #expect(output.status == 65)
    #expect(output.stdout == "\(Effectctl.stretchyHeader): valid (2 chains, 2 views)\n")
    #expect(
      output.stderr == """
        error: nowhere.json: no such file
        error: \(bad): version: expected 1, found the number 2
        error: \(bad): chains[0].frame.height: expected a number greater than 0 (at most 1e9), found the number -3

        """)
  }

  @Test("unreadable files and no invalid one: 66")
  func unreadable() throws {
    let output = try Effectctl.run(["validate", Effectctl.stretchyHeader, "nowhere.json", "/"])
    #expect(output.status == 66)
    #expect(
      output.stderr
        == "error: nowhere.json: no such file\nerror: /: is a directory; expected a scene file\n")
  }

  @Test("malformed JSON gives the line and column")
  func malformed() throws {
    let output = try Effectctl.run(["validate", "-"], input: "{\n  \"chains\": [\n")
    #expect(output.status == 65)
    // The array opened on line 2 runs to the end of the input, at line 3, column 1.
    #expect(
      output.stderr
        == "error: <stdin>:3:1: malformed JSON: expected a JSON value, found the end of the file\n")
  }

  @Test("every file in Configs is valid")
  func configs() throws {
    let directory = Effectctl.root.appendingPathComponent("Configs")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    #expect(!files.isEmpty)
    let output = try Effectctl.run(["validate"] + files.map { "Configs/\($0)" })
    #expect(output.status == 0)
    #expect(output.stderr == "")
    #expect(output.stdout.split(separator: "\n").count == files.count)
  }
}
