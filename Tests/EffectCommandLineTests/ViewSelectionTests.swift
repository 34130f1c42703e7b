import EffectCommandLine
import EffectHost
import Foundation
import ScrollEffectsTestSupport
import Testing

@Suite struct ViewSelectionTests {
  typealias Segment = ViewSelection.Segment

  static let scene = """
    {"chains": [
      {"name": "header", "frame": {"height": 300}},
      {"name": "row", "frame": {"y": 300, "height": 80}, "repeat": {"count": 1000}},
      {"name": "none", "frame": {"height": 10}, "repeat": {"count": 0}},
      {"name": "one", "frame": {"height": 10}, "repeat": {"count": 1}},
      {"name": "footer", "frame": {"y": 900, "height": 100}}
    ]}
    """

  func select(_ names: [String]) throws -> [Segment] {
    try ViewSelection(names: names, in: TestScenes.host(Self.scene).chains).segments
  }

  @Test("no names keep every view; a chain of no copies gives no rows")
  func all() throws {
    let expected = [
      Segment(chain: 0, copies: 0..<1), Segment(chain: 1, copies: 0..<1000),
      Segment(chain: 3, copies: 0..<1), Segment(chain: 4, copies: 0..<1),
    ]
    #expect(try select([]) == expected)
    #expect(ViewSelection(all: try TestScenes.host(Self.scene).chains).segments == expected)
  }

  @Test("names keep their chains in file order, whatever their order")
  func fileOrder() throws {
    #expect(
      try select(["footer", "header"]) == [
        Segment(chain: 0, copies: 0..<1), Segment(chain: 4, copies: 0..<1),
      ])
  }

  @Test("a repeated chain's name keeps every copy; row[i] one copy; neighbours merge")
  func copies() throws {
    #expect(try select(["row"]) == [Segment(chain: 1, copies: 0..<1000)])
    #expect(
      try select(["row[7]", "row[3]", "row[4]", "row[3]", "one[0]"]) == [
        Segment(chain: 1, copies: 3..<5), Segment(chain: 1, copies: 7..<8),
        Segment(chain: 3, copies: 0..<1),
      ])
    #expect(try select(["row[999]", "row"]) == [Segment(chain: 1, copies: 0..<1000)])
    #expect(try select(["none"]) == [])
  }

  static let valid =
    "The chains are: header, row (row[0] to row[999]), none (no copies), one (one[0]), footer"

  @Test(
    "names that name no view are refused with the reason",
    arguments: [
      ("heder", "no chain is named 'heder'. Did you mean 'header'? \(valid)"),
      ("rows[3]", "no chain is named 'rows[3]'. Did you mean 'row[3]'? \(valid)"),
      // The nearest chain whole where the copy would be refused too.
      ("rows[1000]", "no chain is named 'rows[1000]'. Did you mean 'row'? \(valid)"),
      ("rows[03]", "no chain is named 'rows[03]'. Did you mean 'row'? \(valid)"),
      ("heder[3]", "no chain is named 'heder[3]'. Did you mean 'header'? \(valid)"),
      ("zzzzzz", "no chain is named 'zzzzzz'. \(valid)"),
      ("", "no chain is named ''. \(valid)"),
      ("header[0]", "'header' does not repeat, so 'header[0]' names no view; give 'header'"),
      ("row[1000]", "'row[1000]' is not a copy of 'row': it has copies row[0] to row[999]"),
      ("row[-1]", "'row[-1]' is not a copy of 'row': it has copies row[0] to row[999]"),
      ("row[+1]", "'row[+1]' is not a copy of 'row': it has copies row[0] to row[999]"),
      ("row[]", "'row[]' is not a copy of 'row': it has copies row[0] to row[999]"),
      (
        "row[99999999999999999999]",
        "'row[99999999999999999999]' is not a copy of 'row': it has copies row[0] to row[999]"
      ),
      ("none[0]", "'none[0]' is not a copy of 'none': it has no copies"),
      ("one[1]", "'one[1]' is not a copy of 'one': it has one copy, one[0]"),
    ])
  func errors(name: String, message: String) throws {
    let chains = try TestScenes.host(Self.scene).chains
    do {
      _ = try ViewSelection(names: ["header", name], in: chains)
      Issue.record("'\(name)' was accepted")
    } catch {
      #expect(error.description == message)
      #expect(error.name == name)
    }
  }

  @Test("a long list of chains is cut short in messages")
  func longList() throws {
    let chains = (0..<25).map { #"{"name": "c\#($0)", "frame": {"height": 1}}"# }
    let host = try TestScenes.host(#"{"chains": [\#(chains.joined(separator: ","))]}"#)
    do {
      _ = try ViewSelection(names: ["nope"], in: host.chains)
      Issue.record("accepted")
    } catch {
      let listed = (0..<20).map { "c\($0)" }.joined(separator: ", ")
      #expect(
        error.description == "no chain is named 'nope'. The chains are: \(listed), and 5 more")
    }
  }

  static let evalUsage =
    "effectctl eval <scene> --offsets <spec> [--format <format>] [--chain <name> ...] [--events] [--visible] [--columns <names>] [--reduce-motion] [--device <name>] [--set <key=value> ...]"

  /// Four copies of `rep`.
  static func repScene() throws -> String {
    let path = Scratch.root.path + "/rep-\(UUID().uuidString).json"
    try #"{"chains": [{"name": "rep", "frame": {"height": 10}, "repeat": {"count": 4}}]}"#.write(
      toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  @Test(
    "a copy number with leading zeros is refused, with the name without them when it exists",
    arguments: [
      ("rep[03]", ", e.g. 'rep[3]'"), ("rep[00]", ", e.g. 'rep[0]'"),
      ("rep[0001]", ", e.g. 'rep[1]'"),
      ("rep[04]", ""), ("rep[099999999999999999999]", ""),
    ])
  func leadingZeros(name: String, example: String) throws {
    let result = InProcess(["eval", try Self.repScene(), "--offsets", "0", "--chain", name])
    #expect(result.status == .usage)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == InProcess.usageError(
          "The value '\(name)' is invalid for '--chain <name> ...': '\(name)' is not a copy of "
            + "'rep': expected a copy number without leading zeros\(example); it has copies "
            + "rep[0] to rep[3]", usage: Self.evalUsage, command: "eval"))
  }

  @Test("rep[0] and rep[3] are still copies")
  func plainCopies() throws {
    let result = InProcess([
      "eval", try Self.repScene(), "--offsets", "0", "--chain", "rep[3]", "--chain", "rep[0]",
      "--format", "csv",
    ])
    #expect(result.status == .success)
    let names = result.stdout.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",")[1]
    }
    #expect(names == ["rep[0]", "rep[3]"])
  }
}
