import EffectProtocol

/// What a batch at rest (the host's: nothing written until an effect changes
/// a view) gave, beside what an eager batch, or each view alone, gave.
public struct RestingBatchComparison {
  /// The resting batch's memory, after the views still at rest were written.
  public var resting: [ViewTransform]
  /// The eager evaluation's transforms.
  public var eager: [ViewTransform]
  /// How many views the resting batch left at rest.
  public var leftAtRest: Int

  /// Where the two first differ in any bit, or `nil` when they agree.
  public var firstDifference: String? {
    firstBitwiseDifference(resting, eager, actualName: "at rest", expectedName: "eager")
  }
}

/// Helpers for suites that compare batches at rest with eager ones; a suite
/// conforms to call them as its own (`Self.compare(...)`).
public protocol RestingBatchSuite {}

extension RestingBatchSuite {
  /// A screen of 390 x 844 with a 47-point top inset, at `offset`.
  public static func geometry(offset: Double) -> ScrollGeometry {
    ScrollGeometry(
      offset: offset, viewport: Size(width: 390, height: 844),
      contentInsets: EdgeInsets(top: 47, bottom: 34), contentHeight: 4000)
  }

  /// A transform no view has: memory an effect must never read.
  public static var garbage: ViewTransform {
    var transform = ViewTransform(frame: Rect(x: -7, y: -7, width: 7, height: 7))
    let visuals: [WritableKeyPath<ViewTransform, Double>] = [
      \.scaleX, \.scaleY, \.anchorX, \.anchorY, \.blur, \.rotation, \.zIndex,
    ]
    for visual in visuals { transform[keyPath: visual] = 7 }
    transform.opacity = 0.7
    return transform
  }

  /// Runs `body` on a batch at rest over `count` views (the memory holds
  /// ``garbage``) and on an eager batch whose views hold their natural
  /// transforms; then writes the views still at rest, as the host does, and
  /// returns both buffers and the views the resting batch left at rest.
  ///
  /// With `viewByView`, the eager side is ``ViewAloneReference``: `body` on
  /// each view alone, in a batch of one, the plainest evaluation, which
  /// shares none of a batch's shortcuts (an eager batch takes none either,
  /// but this does not depend on it).
  public static func compare(
    count: Int, frame: Rect, stride: Double, geometry: ScrollGeometry,
    attachment: Attachment = .content, viewByView: Bool = false,
    _ body: (inout ViewBatch) -> Void
  ) -> RestingBatchComparison {
    var resting = [ViewTransform](repeating: garbage, count: count)
    var leftAtRest = 0
    resting.withUnsafeMutableBufferPointer { buffer in
      var record = ViewBatch.Record()
      withUnsafeMutablePointer(to: &record) { record in
        var batch = ViewBatch(
          record: record, geometry: geometry, attachment: attachment, naturalFrame: frame,
          stride: stride, base: buffer.baseAddress!, count: count)
        body(&batch)
        leftAtRest = count - record.pointee.writtenCount
        batch.writeNaturalTransforms()
      }
    }
    if viewByView {
      let eager = ViewAloneReference.transforms(
        count: count, frame: frame, stride: stride, geometry: geometry, attachment: attachment,
        body)
      return RestingBatchComparison(resting: resting, eager: eager, leftAtRest: leftAtRest)
    }
    var eager = [ViewTransform](repeating: garbage, count: count)
    eager.withUnsafeMutableBufferPointer { buffer in
      var batch = ViewBatch(
        geometry: geometry, attachment: attachment, naturalFrame: frame, stride: stride,
        base: buffer.baseAddress!, count: count)
      for index in 0..<count { buffer[index] = batch.naturalTransform(at: index) }
      body(&batch)
    }
    return RestingBatchComparison(resting: resting, eager: eager, leftAtRest: leftAtRest)
  }

  /// The bench scene's rows: 358 x 72 at content y 232, every 80 points.
  public static var rowFrame: Rect { Rect(x: 16, y: 232, width: 358, height: 72) }

  /// Runs `body` on a batch at rest over `count` copies of ``rowFrame``
  /// every 80 points at `offset`, over memory holding ``garbage``; returns
  /// the memory and how many views the batch says are written.
  public static func restingRows(
    count: Int, offset: Double, _ body: (ViewBatch) -> Void
  ) -> (memory: [ViewTransform], written: Int) {
    var memory = [ViewTransform](repeating: Self.garbage, count: count)
    var record = ViewBatch.Record()
    memory.withUnsafeMutableBufferPointer { buffer in
      withUnsafeMutablePointer(to: &record) { record in
        body(
          ViewBatch(
            record: record, geometry: Self.geometry(offset: offset), attachment: .content,
            naturalFrame: Self.rowFrame, stride: 80, base: buffer.baseAddress!, count: count))
      }
    }
    return (memory, record.writtenCount)
  }
}
