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
    // Tops are row[0] -o, row[1] 100 - o; head's input is the offset o. At -10 (the first
    // frame, which never fires): tops 10 and 110, head -10. -10 -> 50: row[0]'s top
    // 10 -> -50 crosses 0 (10 > 0 >= -50), row[1]'s 110 -> 50 does not, head -10 -> 50
    // stays below 150. 50 -> 200: row[0]'s -50 -> -200 is already past, row[1]'s 50 -> -100
    // crosses 0, head's 50 -> 200 crosses 150 increasing (50 < 150 <= 200); head comes first,
    // as the scene lists it. 200 -> 100: the tops rise (the events are decreasing only);
    // head 200 -> 100 crosses 150 decreasing (200 > 150 >= 100).
    #expect(
      try Self.text(.csv, [-10, 50, 200, 100]) == """
        offset,chain,event,direction,value
        50,row[0],top,decreasing,-50
        200,head,far,increasing,200
        200,row[1],top,decreasing,-100
        100,head,far,decreasing,100

        """)
  }

  @Test("a first offset already past every threshold fires nothing: there is no frame before it")
  func firstOffsetPastThresholds() throws {
    // At 200 (the first frame) the tops are -200 and -100, below 0, and head's 200 is above
    // 150, yet nothing fires. 200 -> 300: the tops fall from below 0 (-200 -> -300, -100 ->
    // -200) and head rises from above 150: no crossing. 300 -> 100: the tops rise (the events
    // are decreasing only); head 300 -> 100 crosses 150 decreasing (300 > 150 >= 100).
    #expect(
      try Self.text(.csv, [200, 300, 100]) == """
        offset,chain,event,direction,value
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

  @Test("the table shows event names as chain names: a line break and a backslash with an n apart")
  func eventNamesInTheTable() throws {
    // Two events on one input, both firing as the offset crosses 100: one
    // named a, line break, b; the other a, backslash, n, b. Escaped alone,
    // both read a\nb; quoted as JSON, "a\nb" and "a\\nb".
    let json = #"""
      {"contentHeight": 2000, "chains": [{"name": "h", "frame": {"height": 50}, "events": [
        {"name": "a\nb", "crosses": 100}, {"name": "a\\nb", "crosses": 100},
        {"name": "plain", "crosses": 100}]}]}
      """#
    let host = SceneHost(scene: try SceneLoader().load(json: json))
    var evaluation = EventEvaluation(
      host: host, format: .table, selection: try ViewSelection(names: [], in: host.chains))
    // The event column is as wide as the widest shown name, 7 for "a\\nb",
    // then two spaces: "a\nb" (6) has three after it, plain (5) four.
    #expect(
      evaluation.text(offsets: OffsetSpec([0, 200])) == #"""
            offset  chain  event    direction        value
               200  h      "a\nb"   increasing      200.00
               200  h      "a\\nb"  increasing      200.00
               200  h      plain    increasing      200.00

        """#)
  }
}
