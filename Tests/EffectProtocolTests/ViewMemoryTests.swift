import ScrollEffectsTestSupport
import Testing

@testable import EffectProtocol

/// A host of a horizontal scene keeps its views on the screen's axes while
/// its effects see the vertical twin: a batch over memory that swaps the
/// axes must give every effect what a batch over the twin's own memory
/// gives, and leave in memory the twin's results with their axes swapped.
@Suite struct ViewMemoryTests {
  @Test("swapping the axes exchanges x/y, width/height, the scales and the anchors, and only them")
  func swappingAxes() {
    var view = ViewTransform(frame: Rect(x: 1, y: 2, width: 3, height: 4))
    view.scaleX = 5
    view.scaleY = 6
    view.anchorX = 0.25
    view.anchorY = 0.75
    view.opacity = 0.5
    view.blur = 7
    view.rotation = 8
    view.zIndex = 9
    let swapped = view.swappingAxes()
    #expect(
      [swapped.x, swapped.y, swapped.width, swapped.height] == [2, 1, 4, 3]
        && [swapped.scaleX, swapped.scaleY, swapped.anchorX, swapped.anchorY] == [6, 5, 0.75, 0.25])
    #expect(
      [swapped.opacity, swapped.blur, swapped.rotation, swapped.zIndex] == [0.5, 7, 8, 9])
    #expect(swapped.swappingAxes() == view)
  }

  @Test("a transform is twelve Doubles in declaration order: the two-lane stores count on it")
  func layout() {
    let offsets: [Int?] = [
      MemoryLayout<ViewTransform>.offset(of: \.x), MemoryLayout<ViewTransform>.offset(of: \.y),
      MemoryLayout<ViewTransform>.offset(of: \.width),
      MemoryLayout<ViewTransform>.offset(of: \.height),
      MemoryLayout<ViewTransform>.offset(of: \.scaleX),
      MemoryLayout<ViewTransform>.offset(of: \.scaleY),
      MemoryLayout<ViewTransform>.offset(of: \.anchorX),
      MemoryLayout<ViewTransform>.offset(of: \.anchorY),
      MemoryLayout<ViewTransform>.offset(of: \.opacity),
      MemoryLayout<ViewTransform>.offset(of: \.blur),
      MemoryLayout<ViewTransform>.offset(of: \.rotation),
      MemoryLayout<ViewTransform>.offset(of: \.zIndex),
    ]
    #expect(offsets == (0..<12).map { $0 * 8 })
    #expect(MemoryLayout<ViewTransform>.size == 96)
  }

  @Test("a whole transform stored in either memory reads back as it was", arguments: 0..<20)
  func storeAndLoad(seed: UInt64) {
    var random = SplitMix64(seed: 0x5708E &+ seed)
    let view = Self.randomTransform(&random)
    let memory = UnsafeMutablePointer<ViewTransform>.allocate(capacity: 1)
    defer { memory.deallocate() }
    memory.initialize(to: ViewTransform(frame: Rect(y: 0, width: 0, height: 0)))
    PlainViewMemory.store(view, memory)
    #expect(memory.pointee.isBitwiseEqual(to: view))
    #expect(PlainViewMemory.load(memory).isBitwiseEqual(to: view))
    SwappedViewMemory.store(view, memory)
    #expect(memory.pointee.isBitwiseEqual(to: view.swappingAxes()))
    #expect(SwappedViewMemory.load(memory).isBitwiseEqual(to: view))
  }

  /// A random transform with every column its own value.
  static func randomTransform(_ random: inout SplitMix64) -> ViewTransform {
    func value() -> Double { Double(random.next() % 20_000) / 8 - 1000 }
    var view = ViewTransform(frame: Rect(x: value(), y: value(), width: value(), height: value()))
    view.scaleX = value()
    view.scaleY = value()
    view.anchorX = value()
    view.anchorY = value()
    view.opacity = value()
    view.blur = value()
    view.rotation = value()
    view.zIndex = value()
    return view
  }

  /// Runs `operations` on a batch over `count` views of which the first
  /// `written` hold `views` (the rest at rest), in the twin's own memory and
  /// in memory that swaps axes; returns both memories, the second swapped
  /// back, and what `operations` read from each batch.
  static func run(
    _ views: [ViewTransform], written: Int, range: Range<Int>,
    _ operations: (ViewBatch, Range<Int>) -> [ViewTransform]
  ) -> (
    plain: [ViewTransform], swapped: [ViewTransform], readPlain: [ViewTransform],
    readSwapped: [ViewTransform]
  ) {
    let count = views.count
    let geometry = ScrollGeometry(
      offset: 123.25, contentInsets: EdgeInsets(top: 47, bottom: 34), contentHeight: 9000)
    let frame = Rect(x: 16, y: 232, width: 358, height: 72)
    func evaluate(swapsAxes: Bool) -> ([ViewTransform], [ViewTransform]) {
      let memory = UnsafeMutablePointer<ViewTransform>.allocate(capacity: count)
      defer { memory.deallocate() }
      for index in 0..<count {
        memory[index] = swapsAxes ? views[index].swappingAxes() : views[index]
      }
      var record = ViewBatch.Record()
      record.writtenCount = written
      return withUnsafeMutablePointer(to: &record) { record in
        let batch = ViewBatch(
          record: record, geometry: geometry, attachment: .content, naturalFrame: frame,
          stride: 80, base: memory, count: count, firstCopy: 2, swapsAxes: swapsAxes)
        let read = operations(batch, range)
        // The views still at rest are written, so that memory holds all.
        batch.writeNaturalTransforms()
        let stored = (0..<count).map { swapsAxes ? memory[$0].swappingAxes() : memory[$0] }
        return (stored, read)
      }
    }
    let (plain, readPlain) = evaluate(swapsAxes: false)
    let (swapped, readSwapped) = evaluate(swapsAxes: true)
    return (plain, swapped, readPlain, readSwapped)
  }

  /// The read-then-change form, in the batch's own memory's specialisation.
  static func modifyEach(
    _ batch: ViewBatch, in range: Range<Int>, keepsFrame: Bool,
    reading read: (ViewTransform) -> Double, _ change: (inout ViewTransform, Double) -> Void
  ) {
    if batch.swapsAxes {
      batch.modifyEach(
        SwappedViewMemory.self, in: range, keepsFrame: keepsFrame, reading: read, change)
    } else {
      batch.modifyEach(
        PlainViewMemory.self, in: range, keepsFrame: keepsFrame, reading: read, change)
    }
  }

  static func expectSame(_ first: [ViewTransform], _ second: [ViewTransform], _ label: String) {
    #expect(first.count == second.count, "\(label)")
    for (index, (a, b)) in zip(first, second).enumerated() where !a.isBitwiseEqual(to: b) {
      Issue.record("\(label): view \(index) differs: \(a) against \(b)")
      return
    }
  }

  @Test(
    "every way a batch reads and writes gives the same bits in both memories", arguments: 0..<80)
  func sameInBothMemories(seed: UInt64) {
    var random = SplitMix64(seed: 0xA715 &+ seed)
    let count = Int(random.next() % 9) + 1
    let views = (0..<count).map { _ in Self.randomTransform(&random) }
    let written = Int(random.next() % UInt64(count + 1))
    let lower = Int(random.next() % UInt64(count))
    let range = lower..<(lower + Int(random.next() % UInt64(count - lower + 1)))
    let operation = Int(seed % 8)
    let result = Self.run(views, written: written, range: range) { batch, range in
      switch operation {
      case 0:
        batch.modifyEach { view in
          view.y += view.height * 0.5
          view.scaleX = view.anchorY - view.x
        }
      case 1:
        batch.modifyVisuals(in: range) { view in view.opacity = view.y / (view.height + 3000) }
      case 2:
        if !range.isEmpty {
          var view = batch[range.lowerBound]
          view.x -= view.width
          view.anchorY = 0.125
          batch[range.lowerBound] = view
        }
      case 3:
        batch.modifyEach(in: range) { view in view.height = max(0, view.y) + view.width }
      case 4:
        let read: (ViewTransform) -> Double = { $0.y * 0.25 + $0.height }
        let change: (inout ViewTransform, Double) -> Void = { view, value in
          view.scaleY = value
          view.y -= value
        }
        Self.modifyEach(batch, in: range, keepsFrame: false, reading: read, change)
      case 5:
        batch.modifyVisuals { view in view.rotation = view.x + view.y }
      case 6:
        // Every field changed, each from another: each store, in its place.
        batch.modifyEach { view in
          let old = view
          view.x = old.y + 1
          view.y = old.width - 2
          view.width = old.height + 3
          view.height = old.scaleX + 4
          view.scaleX = old.scaleY + 5
          view.scaleY = old.anchorX + 6
          view.anchorX = old.anchorY + 7
          view.anchorY = old.opacity + 8
          view.opacity = old.blur + 9
          view.blur = old.rotation + 10
          view.rotation = old.zIndex + 11
          view.zIndex = old.x + 12
        }
      default:
        // Every visual changed, read then changed, keeping the frame.
        let read: (ViewTransform) -> Double = { $0.x - $0.height }
        let change: (inout ViewTransform, Double) -> Void = { view, value in
          let old = view
          view.scaleX = old.scaleY + value
          view.scaleY = old.anchorX - value
          view.anchorX = old.anchorY * 2
          view.anchorY = old.opacity + 1
          view.opacity = old.blur - 1
          view.blur = old.rotation + value
          view.rotation = old.zIndex * 3
          view.zIndex = old.scaleX - 4
        }
        Self.modifyEach(batch, in: range, keepsFrame: true, reading: read, change)
      }
      return batch.indices.map { batch[$0] }
    }
    Self.expectSame(result.plain, result.swapped, "seed \(seed), operation \(operation): memory")
    Self.expectSame(
      result.readPlain, result.readSwapped, "seed \(seed), operation \(operation): reads")
  }

  @Test(
    "modifyEach(where:) changes the views that pass its test as modifyEach would, in both memories",
    arguments: 0..<40)
  func modifyEachWhere(seed: UInt64) {
    var random = SplitMix64(seed: 0x3E1E &+ seed)
    let count = Int(random.next() % 9) + 1
    let views = (0..<count).map { _ in Self.randomTransform(&random) }
    let written = Int(random.next() % UInt64(count + 1))
    // About half the views pass: y runs from -1000 to 1500, the natural
    // ones from 355.75 on (232 + 47 - 123.25, 80 apart).
    let line = Double(random.next() % 2_000) - 500
    let test: (ViewTransform) -> Bool = { line - $0.y > 0 }
    let body: (inout ViewTransform) -> Void = { view in
      view.height = min(view.height, max(3, view.height - (line - view.y)))
      view.y = line
      view.opacity = view.x / 2
    }
    let guarded = Self.run(views, written: written, range: 0..<count) { batch, _ in
      batch.modifyEach { view in if test(view) { body(&view) } }
      return []
    }
    let tested = Self.run(views, written: written, range: 0..<count) { batch, _ in
      batch.modifyEach(where: test, body)
      return []
    }
    Self.expectSame(tested.plain, guarded.plain, "seed \(seed): plain memory")
    Self.expectSame(tested.swapped, guarded.swapped, "seed \(seed): swapped memory")
    Self.expectSame(tested.plain, tested.swapped, "seed \(seed): the two memories")
    // The written views, worked out from the views given.
    for index in 0..<written {
      var expected = views[index]
      if test(expected) { body(&expected) }
      #expect(tested.swapped[index].isBitwiseEqual(to: expected), "seed \(seed): view \(index)")
    }
  }
}
