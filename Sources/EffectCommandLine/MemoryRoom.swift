import EffectHost

/// Memory a command is about to take in one piece, checked first: an
/// allocation that fails ends a Swift process, where a command exits 1
/// naming the size (``SceneHost/canMap(_:)`` says what the check foresees).
enum MemoryRoom {
  /// `nil` when `count` times `stride` bytes can be had now; otherwise the
  /// message, `cannot allocate N bytes for WHAT`.
  static func shortfall(_ count: Int, times stride: Int, for what: @autoclosure () -> String)
    -> String?
  {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: stride)
    guard overflow || !SceneHost.canMap(bytes) else { return nil }
    let size = overflow ? "more bytes than an Int counts" : "\(bytes) bytes"
    return "cannot allocate \(size) for \(what())"
  }

  /// `nil` when a picture can keep a drawing of `views` views for each of
  /// `count` frames (`frames`, such as `2 offsets`, says which), as it does
  /// until it is written; otherwise the message, `cannot allocate N bytes
  /// for the drawings of V views at FRAMES (S bytes each)`.
  static func drawingsShortfall(views: Int, count: Int, frames: @autoclosure () -> String)
    -> String?
  {
    let stride = MemoryLayout<DrawnView>.stride
    return shortfall(
      views, times: stride * count,
      for: "the drawings of \(views) views at \(frames()) (\(stride) bytes each)")
  }

  /// `nil` once `array` has room for `extra` more elements, its capacity
  /// doubled (or made enough) after the new array beside the old was
  /// checked: appending would grow it unchecked. Otherwise the message, and
  /// `array` as it was.
  static func makeRoom<Element>(
    in array: inout [Element], for extra: Int, what: @autoclosure () -> String
  ) -> String? {
    let needed = array.count + extra
    guard needed > array.capacity else { return nil }
    let capacity = Swift.max(needed, 2 * array.capacity, 16)
    if let message = shortfall(
      capacity + array.capacity, times: MemoryLayout<Element>.stride, for: what())
    {
      return message
    }
    array.reserveCapacity(capacity)
    return nil
  }
}
