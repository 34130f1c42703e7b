extension UnsafeMutablePointer where Pointee == Double {
  /// A new allocation of `capacity` Doubles holding this buffer's first
  /// `count`, the rest uninitialized; this buffer is freed. What a buffer
  /// kept outside arrays does when it outgrows its capacity (a float
  /// step's hidden amounts, the event detector's previous values).
  func moved(keeping count: Int, toCapacity capacity: Int) -> UnsafeMutablePointer<Double> {
    precondition(0 <= count && count <= capacity, "moved(keeping:toCapacity:): count out of range")
    let grown = UnsafeMutablePointer<Double>.allocate(capacity: capacity)
    grown.initialize(from: self, count: count)
    deallocate()
    return grown
  }
}
