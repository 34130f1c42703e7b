/// A column over offsets as a few straight segments instead of a value an offset.
///
/// Samples arrive in ascending offset order; breakpoints are samples, and
/// between two breakpoints every sample lies within ``tolerance`` of the
/// straight line joining them. Greedy and online: a segment grows while
/// some line from its start through a later sample passes within the
/// tolerance of every sample so far (the slopes still allowed form an
/// interval that only narrows), so a column that is linear over a range
/// costs two numbers however long the range.
public struct PiecewiseLinear: Sendable {
  public struct Point: Sendable, Equatable {
    public var offset: Double
    public var value: Double
  }

  /// The largest distance from a sample to its segment, in the column's unit.
  public let tolerance: Double
  /// The breakpoints found so far, ascending in offset.
  public private(set) var breakpoints: [Point] = []
  /// The current segment's start, the last breakpoint.
  private var start: Point?
  /// The farthest sample a segment from `start` can end on so far.
  private var candidate: Point?
  /// Samples after `candidate`, to be fitted again if the segment ends there.
  private var pending: [Point] = []
  /// The slopes from `start` within the tolerance of every sample so far.
  private var lowSlope = -Double.infinity
  private var highSlope = Double.infinity

  public init(tolerance: Double) {
    self.tolerance = tolerance
  }

  /// Adds the sample `value` at `offset`, above every offset added before.
  public mutating func append(offset: Double, value: Double) {
    let point = Point(offset: offset, value: value)
    guard start != nil else {
      start = point
      breakpoints.append(point)
      return
    }
    fit(point)
  }

  private mutating func fit(_ point: Point) {
    guard let start else { return }
    let run = point.offset - start.offset
    let slope = (point.value - start.value) / run
    if slope >= lowSlope && slope <= highSlope {
      candidate = point
      pending.removeAll(keepingCapacity: true)
    } else {
      pending.append(point)
    }
    lowSlope = max(lowSlope, (point.value - start.value - tolerance) / run)
    highSlope = min(highSlope, (point.value - start.value + tolerance) / run)
    if lowSlope > highSlope { closeSegment() }
  }

  /// Ends the segment at `candidate` and fits the samples after it again.
  /// Without a candidate (a sample no line passes through: a NaN), the first
  /// sample waiting ends it, so that every call moves the start on.
  private mutating func closeSegment() {
    var again = pending
    let end: Point
    if let candidate {
      end = candidate
    } else if !again.isEmpty {
      end = again.removeFirst()
    } else {
      return
    }
    breakpoints.append(end)
    start = end
    candidate = nil
    lowSlope = -Double.infinity
    highSlope = Double.infinity
    pending = []
    for point in again { fit(point) }
  }

  /// The breakpoints with the last sample's segment closed.
  public mutating func finish() -> [Point] {
    while !pending.isEmpty { closeSegment() }
    if let end = candidate {
      breakpoints.append(end)
      candidate = nil
      start = end
    }
    return breakpoints
  }

  /// The value at `offset` on the segments through `points` (the end
  /// values outside them): what the preview page computes.
  public static func value(at offset: Double, on points: [Point]) -> Double {
    guard let first = points.first, let last = points.last else { return 0 }
    if offset <= first.offset { return first.value }
    if offset >= last.offset { return last.value }
    var low = 0
    var high = points.count - 1
    while high - low > 1 {
      let middle = (low + high) / 2
      if points[middle].offset <= offset { low = middle } else { high = middle }
    }
    let a = points[low]
    let b = points[high]
    return a.value + (b.value - a.value) * (offset - a.offset) / (b.offset - a.offset)
  }
}
