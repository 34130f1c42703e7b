import EffectProtocol
import ScrollEffectsTestSupport
import Testing

@testable import Effects

/// `pin` with `"until": "next"` over a batch of copies, as a host runs it on
/// a repeated chain evaluated by itself, against its formula worked out
/// here view by view: in memory that swaps the axes or not, with views at
/// rest, written, moved by an earlier effect or some of each, in windows
/// that hold the chain's last copy or not.
@Suite struct PinNextBatchTests {
  /// A value no view has: memory read before it was written shows.
  static let unwritten: ViewTransform = {
    var view = ViewTransform(frame: Rect(x: -7.25, y: -7.25, width: -7.25, height: -7.25))
    view.opacity = -7.25
    view.zIndex = -7.25
    return view
  }()

  /// One random case: a window of a repeated chain and what came before the pin.
  struct Case: CustomStringConvertible {
    var geometry: ScrollGeometry
    var attachment: EffectProtocol.Attachment
    var frame: Rect
    var stride: Double
    var firstCopy: Int
    var count: Int
    var lastCopy: Int
    var pin: PinEffect
    /// The views an earlier effect wrote, from the first; the others are at rest.
    var written: Int
    /// What the earlier effect did to each written view: moved and resized
    /// it (`nil`: wrote it as it was).
    var moves: [(dy: Double, dh: Double)?]
    var swapsAxes: Bool

    var description: String {
      "\(pin.edge) inset \(pin.inset), copies \(firstCopy)..<\(firstCopy + count) of last"
        + " \(lastCopy), \(attachment), frame \(frame), stride \(stride), \(geometry),"
        + " written \(written), swapped \(swapsAxes)"
    }

    static func random(_ random: inout SplitMix64) -> Case {
      let count = random.int(0..<24)
      let firstCopy = random.chance(0.4) ? 0 : random.int(0..<30)
      // Mostly the chain's last copy within the window or just past it;
      // sometimes far past it, or before the window.
      let lastCopy =
        random.chance(0.7)
        ? firstCopy + max(0, count - 1) + random.int(0..<3)
        : random.int(0..<(firstCopy + count + 10))
      let height = random.magnitude(upTo: 300)
      let spacing =
        random.chance(0.2) ? -random.magnitude(upTo: height) : random.magnitude(upTo: 40)
      let geometry = ScrollGeometry(
        offset: random.signed(upTo: 3000),
        viewport: Size(width: 390, height: 300 + random.magnitude(upTo: 900)),
        contentInsets: EdgeInsets(
          top: random.magnitude(upTo: 100), bottom: random.magnitude(upTo: 80)),
        contentHeight: random.magnitude(upTo: 5000))
      var pin = PinEffect(
        edge: random.chance(0.5) ? .top : .bottom,
        inset: random.chance(0.3) ? 0 : random.signed(upTo: 200), section: .next)
      pin.lastCopy = lastCopy
      let written =
        random.chance(0.35) ? 0 : random.chance(0.5) ? count : random.int(0..<(count + 1))
      let moves: [(dy: Double, dh: Double)?] = (0..<written).map { _ in
        random.chance(0.3) ? nil : (random.signed(upTo: 400), random.signed(upTo: 100))
      }
      return Case(
        geometry: geometry, attachment: random.chance(0.5) ? .content : .viewport,
        frame: Rect(
          x: random.signed(upTo: 20), y: random.signed(upTo: 3000), width: 390, height: height),
        stride: height + spacing, firstCopy: firstCopy, count: count, lastCopy: lastCopy,
        pin: pin, written: written, moves: moves, swapsAxes: random.chance(0.5))
    }

    /// The views as the pin leaves them, as effects see them, run on a
    /// batch over memory of this case's kind; and the batch's record.
    func run() -> ([ViewTransform], ViewBatch.Record) {
      var memory = [ViewTransform](repeating: PinNextBatchTests.unwritten, count: count)
      var record = ViewBatch.Record()
      memory.withUnsafeMutableBufferPointer { views in
        withUnsafeMutablePointer(to: &record) { record in
          var batch = ViewBatch(
            record: record, geometry: geometry, attachment: attachment, naturalFrame: frame,
            stride: stride, base: views.baseAddress ?? UnsafeMutablePointer(bitPattern: 8)!,
            count: count, firstCopy: firstCopy, swapsAxes: swapsAxes)
          if written > 0 {
            var index = 0
            batch.modifyEach(in: 0..<written) { view in
              if let move = moves[index] {
                view.y += move.dy
                view.height += move.dh
              }
              index += 1
            }
          }
          pin.apply(to: &batch)
          batch.writeNaturalTransforms()
        }
      }
      return (swapsAxes ? memory.map { $0.swappingAxes() } : memory, record)
    }

    /// The views the pin's formula gives, worked out view by view: the
    /// natural frame `top + copy * stride` (`top` being `It + y0 - offset`
    /// in the content, `y0` in the viewport), moved as the earlier effect
    /// moved it; each copy's section edge the next copy's natural top, the
    /// last copy's (and any after it) the content's end `It - offset + C`.
    func expected() -> [ViewTransform] {
      let top =
        attachment == .content
        ? (geometry.contentInsets.top - geometry.offset) + frame.y : frame.y
      let contentEnd = (geometry.contentInsets.top - geometry.offset) + geometry.contentHeight
      return (0..<count).map { index in
        let copy = firstCopy + index
        var view = ViewTransform(
          frame: Rect(
            x: frame.x, y: top + Double(copy) * stride, width: frame.width, height: frame.height))
        if index < written, let move = moves[index] {
          view.y += move.dy
          view.height += move.dh
        }
        let edge = copy >= lastCopy ? contentEnd : top + Double(copy + 1) * stride
        if pin.edge == .top {
          let line = geometry.contentInsets.top + pin.inset
          view.y = max(view.y, min(line, edge - view.height))
        } else {
          let line = geometry.viewport.height - geometry.contentInsets.bottom - pin.inset
          view.y = min(view.y, max(line - view.height, edge))
        }
        return view
      }
    }
  }

  @Test("a batch pinned until the next copy gives each view's formula, bit for bit")
  func batchMatchesFormula() {
    var random = SplitMix64(seed: 2026)
    for round in 0..<3000 {
      let test = Case.random(&random)
      let (views, record) = test.run()
      let expected = test.expected()
      if let difference = firstBitwiseDifference(
        views, expected, actualName: "batch", expectedName: "formula")
      {
        Issue.record("round \(round), \(test): \(difference)")
        return
      }
      #expect(record.writtenCount == test.count, "round \(round), \(test)")
      #expect(!record.hasNaturalFrames, "round \(round), \(test)")
    }
  }
}
