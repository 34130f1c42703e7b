import EffectCommandLine
import Foundation
import Testing

/// `effectctl simulate --events` in process: pull to refresh fires once, where
/// the pull computed from Docs/Motion.md first reaches 100, and the event rows
/// in every format.
@Suite struct SimulateEventTests {
  static let refreshArguments = [
    "simulate", InProcess.config("pull-to-refresh.json"), "--gesture", "drag:-200:100,release",
    "--events",
  ]

  @Test(
    "--events on pull to refresh: refresh once, where the pull first reaches 100, not on the spring back"
  )
  func pullToRefreshEvents() throws {
    let pulls = (0..<200).map { MotionFormulas.refreshPull(frame: $0) }
    let first = try #require(pulls.firstIndex { $0 >= 100 })
    // The drag ends at b(200) = 97.32: the release's velocity carries it past 100.
    #expect(first == 13)
    #expect(pulls[..<12].allSatisfy { $0 < 100 })
    // It comes back below 100 later: a decreasing crossing, not declared.
    let back = try #require(pulls[first...].firstIndex { $0 < 100 })
    #expect(back == 19)

    let result = InProcess(Self.refreshArguments + ["--format", "csv"])
    #expect(result.status == .success)
    #expect(result.stderr == "")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.first == "frame,time,phase,offset,chain,event,direction,value")
    let cells = lines[1].split(separator: ",").map(String.init)
    #expect(cells.count == 8)
    #expect(cells[0] == String(first))
    #expect(Double(cells[1]) == Double(first) / 120)
    #expect(cells[2] == "decelerating")
    #expect(abs((Double(cells[3]) ?? 0) + pulls[first]) < 1e-9)
    #expect(cells[4...6] == ["header", "refresh", "increasing"])
    #expect(abs((Double(cells[7]) ?? 0) - pulls[first]) < 1e-9)
    #expect(abs(pulls[first] - 103.0016) < 1e-4)
  }

  @Test("--events in every format: the exact header, the lead as the transform rows write it")
  func eventFormats() throws {
    func right(_ text: String) -> String { String(repeating: " ", count: 10 - text.count) + text }
    let table = InProcess(Self.refreshArguments)
    #expect(table.status == .success)
    #expect(
      table.stdout.split(separator: "\n").map(String.init) == [
        [
          right("frame"), right("time"), "phase       ", right("offset"), "chain ", "event  ",
          "direction   " + right("value"),
        ].joined(separator: "  "),
        [
          right("13"), right("0.1083"), "decelerating", right("-103.00"), "header", "refresh",
          "increasing  " + right("103.00"),
        ].joined(separator: "  "),
      ])
    let pull = MotionFormulas.refreshPull(frame: 13)
    let ndjson = InProcess(Self.refreshArguments + ["--format", "ndjson"])
    // Frame 13 at 120 fps: 13 / 120 s, in full precision.
    let lead = #"{"frame":13,"time":\#(13.0 / 120),"phase":"decelerating","offset":"#
    let middle = #","chain":"header","event":"refresh","direction":"increasing","value":"#
    let line = ndjson.stdout.dropLast()
    #expect(ndjson.stdout.last == "\n")
    #expect(line.hasPrefix(lead) && line.hasSuffix("}"))
    let numbers = line.dropFirst(lead.count).dropLast().split(separator: middle)
    #expect(numbers.count == 2)
    #expect(abs((Double(numbers.first ?? "") ?? 0) + pull) < 1e-9)
    #expect(abs((Double(numbers.last ?? "") ?? 0) - pull) < 1e-9)
    let json = InProcess(Self.refreshArguments + ["--format", "json"])
    #expect(json.stdout == "[\n" + line + "\n]\n")
    // A chain without events: the header only, and json an empty array.
    let rows = InProcess(Self.refreshArguments + ["--chain", "row", "--format", "csv"])
    #expect(rows.stdout == "frame,time,phase,offset,chain,event,direction,value\n")
    let empty = InProcess(Self.refreshArguments + ["--chain", "row", "--format", "json"])
    #expect(empty.stdout == "[\n]\n")
  }
}
