import EffectProtocol
import Foundation
import ScrollEffectsTestSupport
import Testing

@testable import Effects

/// A host runs `expression` effects in a row as one
/// (``ExpressionEffect/followed(by:)``): the joined effect must give every
/// view the bits of the effects run one after another, in lanes and view by
/// view, with frame code, hoisted values and fast forms in either part.
@Suite struct ExpressionJoinTests {
  /// The columns a random effect assigns from: never `scale` with a scale
  /// factor, which one effect cannot assign together.
  static let columnSets: [[String]] = [
    ["y"], ["rotation", "scaleX"], ["height", "opacity"], ["x", "zIndex", "blur"],
    ["scale", "anchorY"], ["width", "y", "rotation"],
  ]

  /// Texts that run as fast forms (one operation of the column and a value
  /// the same for every view).
  static let fastTexts = [
    "y + 0.5 * max(0, offset)", "0.25", "x - offset / 3", "rotation * (pull + 1)",
    "maxOffset / 100", "height / (1 + insetTop)",
  ]

  /// An effect assigning `columns`: from random programs of `depth`, or,
  /// with `fast`, each column one operation the fast forms run.
  static func effect(
    _ random: inout SplitMix64, columns: [String], fast: Bool, depth: Int
  ) throws -> (ExpressionEffect, String) {
    let names = ExpressionEvaluatorLanesTests.names(copy: 0, offset: 0).keys.sorted() + ["count"]
    let members = columns.map { column -> String in
      let text: String
      if fast {
        let own = column == "scale" ? "scaleX" : column
        text = fastTexts[random.int(0..<fastTexts.count)]
          .replacingOccurrences(of: "y +", with: "\(own) +")
          .replacingOccurrences(of: "x -", with: "\(own) -")
          .replacingOccurrences(of: "rotation *", with: "\(own) *")
          .replacingOccurrences(of: "height /", with: "\(own) /")
      } else {
        text = ExpressionRandomTests.tree(&random, depth: depth, names: names).text(&random)
      }
      return #""\#(column)": "\#(text)""#
    }
    let json = "{" + members.joined(separator: ", ") + "}"
    return (try ExpressionEffect.decode(json: json), json)
  }

  @Test(
    "expressions in a row joined give the bits of each run after the other",
    arguments: [1, 2, 3] as [UInt64])
  func joinedMatchesInOrder(seed: UInt64) throws {
    let first = try ExpressionEffect.decode(json: ExpressionEvaluatorLanesTests.spread)
    var random = SplitMix64(seed: seed)
    var joinedRounds = 0
    var fastRounds = 0
    for round in 0..<80 {
      // Parts all run as fast forms, or all as view code: the joins a host
      // makes. Random programs that fold to fast forms are left out of a
      // round of view code, and texts meant for fast forms that do not
      // match one out of a fast round.
      let fast = random.chance(0.3)
      let drawn = try (0..<(2 + random.int(0..<3))).map { _ in
        try Self.effect(
          &random, columns: Self.columnSets[random.int(0..<Self.columnSets.count)], fast: fast,
          depth: 1 + random.int(0..<4))
      }
      let parts = drawn.filter { $0.0.program.fastForms.isEmpty != fast }
      guard parts.count >= 2 else { continue }
      var joined: ExpressionEffect? = parts[0].0
      for part in parts.dropFirst() { joined = joined?.followed(by: part.0) }
      guard let joined else {
        Issue.record("seed \(seed) round \(round): \(parts.map(\.1)) did not join")
        continue
      }
      joinedRounds += 1
      if fast { fastRounds += 1 }
      let count = 1 + random.int(0..<21)
      let offset = ExpressionEvaluatorLanesTests.offsets[round % 5]
      let oneAfterAnother = ExpressionEvaluatorLanesTests.evaluate(
        [first] + parts.map(\.0), count: count, offset: offset)
      let asOne = ExpressionEvaluatorLanesTests.evaluate(
        [first, joined], count: count, offset: offset)
      for copy in 0..<count {
        #expect(
          ExpressionEvaluatorLanesTests.columns(asOne[copy])
            == ExpressionEvaluatorLanesTests.columns(oneAfterAnother[copy]),
          "seed \(seed) round \(round) copy \(copy) of \(count): \(parts.map(\.1))")
      }
    }
    #expect(joinedRounds > 40 && fastRounds > 10, "\(joinedRounds) rounds, \(fastRounds) fast")
  }

  /// Fast forms and view code do not join, in either order; two of a kind do,
  /// and the joined program's codes keep their shapes: frame code that reads
  /// no view, each code ending in its one `end`, the first view's code the
  /// frame code and the view code.
  @Test("only programs run the same way join, and joined codes keep their shapes")
  func joinedShapes() throws {
    let fast = try ExpressionEffect.decode(json: #"{"y": "y + offset / 2", "blur": "pull"}"#)
    let interpreted = try ExpressionEffect.decode(
      json: #"{"rotation": "sin(offset / 50) * height", "y": "y - 0.5 * max(0, offset - 10)"}"#)
    #expect(fast.followed(by: interpreted) == nil)
    #expect(interpreted.followed(by: fast) == nil)
    // Three parts, each hoisting a value of its own into a frame slot.
    let columns: [[(ExpressionColumn, String)]] = [
      [(.rotation, "sin(offset / 50) * height"), (.y, "y - 0.5 * max(0, offset - 10)")],
      [(.opacity, "progress - min(1, pull / (maxOffset / 4))")],
      [(.zIndex, "naturalY + sqrt(offset * offset) / 3")],
    ]
    let parts = try columns.map { part in
      let members = part.map { #""\#($0.0.rawValue)": "\#($0.1)""# }
      return try ExpressionEffect.decode(json: "{" + members.joined(separator: ", ") + "}")
    }
    let programs = try columns.map { part in
      ExpressionProgram(try part.map { ($0.0, try ExpressionParser.parse($0.1)) })
    }
    let names = ExpressionProgram.frameNames.count
    #expect(programs.allSatisfy { $0.frameSlotCount > names })
    let program = try #require(programs[0].followed(by: programs[1])?.followed(by: programs[2]))
    #expect(
      program.frameSlotCount
        == names + programs.map { $0.frameSlotCount - names }.reduce(0, +))
    #expect(program.frameCode.last?.opcode == .end)
    #expect(program.frameCode.dropLast().allSatisfy { $0.opcode != .end })
    #expect(
      program.frameCode.allSatisfy { !ExpressionProgramCodeTests.viewOpcodes.contains($0.opcode) })
    #expect(program.viewCode.last?.opcode == .end)
    #expect(program.viewCode.dropLast().allSatisfy { $0.opcode != .end })
    #expect(program.firstViewCode == program.frameCode.dropLast() + program.viewCode)
    // Every slot a code stores is one of its own, none stored twice.
    let stored = program.frameCode.filter { $0.opcode == .storeFrame }.map(\.slot)
    #expect(Set(stored).count == stored.count)
    #expect(stored.allSatisfy { $0 >= names && $0 < program.frameSlotCount })
    #expect(!program.keepsFrame && program.stackDepth == programs.map(\.stackDepth).max())
    // The three joined as the host joins them: the same bits, one call.
    let joined = try #require(parts[0].followed(by: parts[1])?.followed(by: parts[2]))
    for count in [1, 3, 9] {
      for offset in ExpressionEvaluatorLanesTests.offsets {
        let a = ExpressionEvaluatorLanesTests.evaluate(parts, count: count, offset: offset)
        let b = ExpressionEvaluatorLanesTests.evaluate([joined], count: count, offset: offset)
        #expect(
          a.map(ExpressionEvaluatorLanesTests.columns)
            == b.map(ExpressionEvaluatorLanesTests.columns))
      }
    }
  }
}
