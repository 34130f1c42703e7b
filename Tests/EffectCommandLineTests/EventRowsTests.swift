import EffectHost
import EffectProtocol
import Testing

@testable import EffectCommandLine

/// `eval --events`: the event rows in every format, filtered by `--chain`.
@Suite struct EventRowsTests {
  /// Two copies of a row that fire `top` as their top crosses 0 (copy i's top
  /// is 100 i - offset), and a header that fires `far` past offset 150.
  static let scene = """
    {"contentHeight": 2000, "chains": [
      {"name": "head", "frame": {"height": 50}, "events": [{"name": "far", "crosses": 150}]},
      {"name": "row", "frame": {"y": 0, "height": 90}, "repeat": {"count": 2, "spacing": 10},
       "events": [{"name": "top", "input": "minY", "crosses": 0, "direction": "decreasing"}]}
    ]}
    """

  static func text(_ format: RowFormat, _ offsets: [Double], chains: [String] = []) throws
    -> String
  {
    let host = SceneHost(scene: try SceneLoader().load(json: scene))
    let selection = try ViewSelection(names: chains, in: host.chains)
    var evaluation = EventEvaluation(host: host, format: format, selection: selection)
    return evaluation.text(offsets: OffsetSpec(offsets))
  }

  @Test("csv: offset, chain, event, direction, value; the first offset fires nothing")
  func csv() throws {
    // 0 -> 50: row[0]'s top 0 -> -50 (from the threshold: no); 50 -> 200:
    // row[1]'s top 50 -> -100 crosses 0, head's offset crosses 150.
    #expect(
      try Self.text(.csv, [-10, 50, 200, 100]) == """
        offset,chain,event,direction,value
        50,row[0],top,decreasing,-50
        200,head,far,increasing,200
        200,row[1],top,decreasing,-100
        100,head,far,decreasing,100

        """)
  }

  @Test(
    "json, ndjson and the table; --chain keeps one copy; a value leaving the threshold fires nothing"
  )
  func otherFormats() throws {
    #expect(
      try Self.text(.json, [0, 200], chains: ["row[1]"]) == """
        [
        {"offset":200,"chain":"row[1]","event":"top","direction":"decreasing","value":-100}
        ]

        """)
    #expect(try Self.text(.json, [0, 1]) == "[\n]\n")
    #expect(
      try Self.text(.ndjson, [0, 200], chains: ["head"]) == """
        {"offset":200,"chain":"head","event":"far","direction":"increasing","value":200}

        """)
    #expect(
      try Self.text(.table, [0, 200.5]) == """
            offset  chain   event  direction        value
             200.5  head    far    increasing      200.50
             200.5  row[1]  top    decreasing     -100.50

        """)
  }
}
