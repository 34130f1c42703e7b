import Foundation
import Testing

@testable import EffectHost

/// Every refusal of a `snap` declaration, with its full message; the targets
/// and the motion are in the Motion tests.
@Suite struct SceneLoaderSnapTests {
  func problems(snap: String) -> [String] {
    do {
      _ = try SceneLoader().load(
        json: SnapTests.list.replacingOccurrences(of: "SNAP", with: snap), file: "s.json")
      return []
    } catch {
      return error.lines
    }
  }

  @Test("paging and stop load; paging stops always, and says so only if asked")
  func loads() throws {
    let loader = SceneLoader()
    func snap(_ text: String) throws -> ScrollSnap? {
      try loader.load(json: SnapTests.list.replacingOccurrences(of: "SNAP", with: text)).snap
    }
    #expect(try snap(#"{"paging": true}"#) == ScrollSnap(points: .paging))
    #expect(try snap(#"{"paging": true}"#)?.stop == .always)
    #expect(try snap(#"{"paging": true, "stop": "always", "mode": "mandatory"}"#)?.stop == .always)
    #expect(
      try snap(#"{"paging": false, "offsets": [0, 10]}"#) == ScrollSnap(points: .offsets([0, 10])))
    #expect(
      try snap(#"{"chain": "row", "stop": "always"}"#)
        == ScrollSnap(points: .chain("row", align: .start), stop: .always))
    #expect(try snap(#"{"offsets": [0], "stop": "normal"}"#)?.stop == .normal)
    #expect(ScrollSnap(points: .offsets([1])).stop == .normal)
  }

  static let malformedSnaps: [(String, [String])] = [
    (#"[0]"#, [#"s.json: snap: expected a snap object, found an array"#]),
    (
      #"{}"#,
      [
        #"s.json: snap: missing required key; expected "offsets" (an array of offsets), "chain" (the name of a repeated chain) or "paging": true"#
      ]
    ),
    (
      #"{"offsets": [0], "chain": "row"}"#,
      [
        #"s.json: snap: expected either "offsets" or "chain", found both (a snap declaration takes one of them)"#
      ]
    ),
    (
      #"{"offsets": []}"#,
      [
        #"s.json: snap.offsets: expected an array of at least one offset (numbers from -1e9 to 1e9), found an empty array"#
      ]
    ),
    (
      #"{"offsets": 5}"#,
      [
        #"s.json: snap.offsets: expected an array of at least one offset (numbers from -1e9 to 1e9), found the number 5"#
      ]
    ),
    (
      #"{"offsets": [0, "1", 1e10]}"#,
      [
        #"s.json: snap.offsets[1]: expected a number from -1e9 to 1e9, found the string "1""#,
        #"s.json: snap.offsets[2]: expected a number from -1e9 to 1e9, found the number 10000000000"#,
      ]
    ),
    (
      #"{"chain": "rwo"}"#,
      [
        #"s.json: snap.chain: expected the name of a repeated chain, found "rwo", which no chain has; did you mean "row"? (repeated chains: row, badge, none)"#
      ]
    ),
    (
      #"{"chain": 3}"#,
      [
        #"s.json: snap.chain: expected the name of a repeated chain (repeated chains: row, badge, none), found the number 3"#
      ]
    ),
    (
      #"{"chain": "header"}"#,
      [
        #"s.json: snap.chain: expected a repeated chain (one with "repeat"), found "header", which does not repeat (repeated chains: row, badge, none)"#
      ]
    ),
    (
      #"{"chain": "badge"}"#,
      [
        #"s.json: snap.chain: expected a content-attached chain, found "badge", which is attached to the viewport and does not scroll"#
      ]
    ),
    (
      #"{"chain": "none"}"#,
      [
        #"s.json: snap.chain: expected a repeated chain with at least one copy, found "none", whose "repeat" has "count": 0"#
      ]
    ),
    (
      #"{"chain": "row", "align": "centre"}"#,
      [
        #"s.json: snap.align: expected "start", "center" or "end", found the string "centre"; did you mean "center"?"#
      ]
    ),
    (
      #"{"chain": "row", "align": 1}"#,
      [#"s.json: snap.align: expected "start", "center" or "end", found the number 1"#]
    ),
    (
      #"{"offsets": [0], "mode": "mandatroy"}"#,
      [
        #"s.json: snap.mode: expected "mandatory" or "proximity", found the string "mandatroy"; did you mean "mandatory"?"#
      ]
    ),
    (
      #"{"offsets": [0], "mode": "proximity", "proximity": 0}"#,
      [
        #"s.json: snap.proximity: expected a number greater than 0 (at most 1e9), found the number 0"#
      ]
    ),
    (
      #"{"offsets": [0], "mode": "proximity", "proximity": null}"#,
      [
        #"s.json: snap.proximity: expected a number greater than 0 (at most 1e9), found null"#
      ]
    ),
    (
      #"{"offsets": [0], "proximity": 40}"#,
      [
        #"s.json: snap.proximity: expected "proximity" only with "mode": "proximity", found it with the default mode "mandatory""#
      ]
    ),
    (
      #"{"offsets": [0], "align": "start"}"#,
      [
        #"s.json: snap.align: expected "align" only with "chain" (it aligns a chain's copies), found it with "offsets""#
      ]
    ),
    (
      #"{"offsets": [0], "mdoe": "proximity"}"#,
      [
        #"s.json: snap.mdoe: unknown key for the snap declaration; did you mean "mode"? (valid keys: offsets, chain, paging, align, mode, proximity, stop)"#
      ]
    ),
    (
      #"{"paging": 1}"#,
      [#"s.json: snap.paging: expected true or false, found the number 1"#]
    ),
    (
      #"{"paging": false}"#,
      [
        #"s.json: snap: missing required key; expected "offsets" (an array of offsets), "chain" (the name of a repeated chain) or "paging": true"#
      ]
    ),
    (
      #"{"paging": true, "offsets": [0, 100]}"#,
      [
        #"s.json: snap.paging: expected "paging" only with neither "offsets" nor "chain" (paging makes its own targets, one a page), found it with "offsets""#
      ]
    ),
    (
      #"{"paging": true, "chain": "row"}"#,
      [
        #"s.json: snap.paging: expected "paging" only with neither "offsets" nor "chain" (paging makes its own targets, one a page), found it with "chain""#
      ]
    ),
    (
      #"{"paging": true, "mode": "proximity", "proximity": 40}"#,
      [
        #"s.json: snap.mode: expected "mandatory" with "paging": true (a page always snaps), found the string "proximity""#
      ]
    ),
    (
      #"{"paging": true, "proximity": 40}"#,
      [
        #"s.json: snap.proximity: expected "proximity" only with "mode": "proximity", found it with the default mode "mandatory""#
      ]
    ),
    (
      #"{"paging": true, "stop": "normal"}"#,
      [
        #"s.json: snap.stop: expected "always" with "paging": true (paging never passes a page), found the string "normal""#
      ]
    ),
    (
      #"{"paging": true, "align": "center"}"#,
      [
        #"s.json: snap.align: expected "align" only with "chain" (it aligns a chain's copies), found it with "paging": true"#
      ]
    ),
    (
      #"{"offsets": [0], "stop": "alway"}"#,
      [
        #"s.json: snap.stop: expected "normal" or "always", found the string "alway"; did you mean "always"?"#
      ]
    ),
    (
      #"{"offsets": [0], "stop": true}"#,
      [#"s.json: snap.stop: expected "normal" or "always", found true"#]
    ),
  ]

  @Test(
    "every malformed snap declaration is refused with its path, expected and found",
    arguments: malformedSnaps)
  func malformed(snap: String, lines: [String]) {
    #expect(problems(snap: snap) == lines)
  }

  @Test("Motion.md quotes paging's refusals as the loader words them")
  func documented() throws {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent("Docs/Motion.md"), encoding: .utf8)
    let quoted = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("s.json: snap.") }
    #expect(quoted.count == 3)
    let messages = Set(Self.malformedSnaps.flatMap(\.1))
    for line in quoted { #expect(messages.contains(line), "\(line)") }
  }
}
