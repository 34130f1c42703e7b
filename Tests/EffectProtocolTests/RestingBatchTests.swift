import EffectProtocol
import ScrollEffectsTestSupport
import Testing

/// A batch at rest (the host's: nothing written until an effect changes a
/// view) gives every effect exactly what an eager batch gives, whose views
/// were written with their natural transforms first.
@Suite struct RestingBatchTests: RestingBatchSuite {
  static func expectSameBits(
    _ result: RestingBatchComparison, _ label: @autoclosure () -> String
  ) {
    if let difference = result.firstDifference { Issue.record("\(label()), \(difference)") }
  }

  @Test("a batch at rest reads as natural transforms and writes nothing until a view changes")
  func readingWritesNothing() {
    let (memory, written) = Self.restingRows(count: 5, offset: 100) { batch in
      #expect(batch.isAtRest)
      // Copy 3: 47 - 100 + 232 + 3 * 80 = 419.
      #expect(batch[3] == ViewTransform(frame: Rect(x: 16, y: 419, width: 358, height: 72)))
      #expect(batch.indices.map { batch[$0] } == batch.indices.map(batch.naturalTransform))
    }
    #expect(written == 0)
    #expect(memory.allSatisfy { $0 == Self.garbage })
  }

  @Test("writing one view of a batch at rest writes every view's natural transform first")
  func writingOneViewWritesAll() {
    let (memory, written) = Self.restingRows(count: 4, offset: 0) { batch in
      batch[2].opacity = 0.25
      #expect(!batch.isAtRest)
    }
    #expect(written == 4)
    // 47 + 232 = 279, then every 80 points.
    #expect(memory.map(\.y) == [279, 359, 439, 519])
    #expect(memory.map(\.opacity) == [1, 1, 0.25, 1])
    #expect(memory.allSatisfy { $0.x == 16 && $0.width == 358 && $0.scaleX == 1 && $0.blur == 0 })
  }

  @Test("modifyEach from rest writes the body's result on each natural transform")
  func modifyEachFromRest() {
    let result = Self.compare(
      count: 6, frame: Self.rowFrame, stride: 80, geometry: Self.geometry(offset: 250.5)
    ) { batch in
      batch.modifyEach { view in
        view.opacity = min(1, max(0, view.y / 844))
        view.x += view.y
      }
    }
    #expect(result.leftAtRest == 0)
    Self.expectSameBits(result, "modifyEach")
    // Copy 5: 47 - 250.5 + 232 + 400 = 428.5.
    #expect(result.resting[5].y == 428.5)
    #expect(result.resting[5].x == 16 + 428.5)
    #expect(result.resting[5].opacity == 428.5 / 844)
  }

  @Test("a range written ahead leaves the views before it natural and the views after it at rest")
  func rangeAhead() {
    let result = Self.compare(
      count: 10, frame: Self.rowFrame, stride: 80, geometry: Self.geometry(offset: 30)
    ) { batch in
      batch.modifyEach(in: 3..<6) { view in view.rotation = 45 }
    }
    #expect(result.leftAtRest == 4)
    #expect(result.resting.map { $0.rotation } == [0, 0, 0, 45, 45, 45, 0, 0, 0, 0])
    Self.expectSameBits(result, "range ahead")
  }

  @Test(
    "ranges, subscript writes and reads in any order give what an eager batch gives",
    arguments: 0..<200)
  func randomOperations(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let count = random.int(1..<12)
    let stride = random.pick([0, 0.1, 1, 80, 123.456, 1e6])
    let frame = Rect(
      x: random.signed(upTo: 1e3), y: random.signed(upTo: 1e4), width: random.magnitude(upTo: 1e3),
      height: random.magnitude(upTo: 1e3))
    let geometry = Self.geometry(offset: random.signed(upTo: 1e6))
    let attachment: EffectProtocol.Attachment = random.chance(0.5) ? .content : .viewport
    // Operations: a range and a change, a subscript write or read.
    var operations: [(kind: Int, range: Range<Int>, amount: Double)] = []
    for _ in 0..<random.int(0..<6) {
      let lower = random.int(0..<count + 1)
      let upper = random.int(lower..<count + 1)
      operations.append((random.int(0..<4), lower..<upper, random.signed(upTo: 100)))
    }
    let result = Self.compare(
      count: count, frame: frame, stride: stride, geometry: geometry, attachment: attachment
    ) { batch in
      var seen = 0.0
      for operation in operations {
        let amount = operation.amount
        switch operation.kind {
        case 0:
          // A change that reads the view: exposes a wrong natural frame.
          batch.modifyEach(in: operation.range) { view in
            view.x += view.y * 0.5 + amount + seen
            view.zIndex += 1
          }
        case 1:
          if operation.range.lowerBound < count {
            batch[operation.range.lowerBound].height += amount + seen
          }
        case 2:
          if operation.range.lowerBound < count {
            seen += batch[operation.range.lowerBound].y
          }
        default:
          batch.modifyEach { view in view.blur = max(0, view.blur + amount) }
        }
      }
    }
    Self.expectSameBits(result, "seed \(seed), operations \(operations)")
  }
}
