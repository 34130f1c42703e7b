import Testing

@testable import EffectHost

@Suite("A buffer of Doubles moved to a larger allocation")
struct DoubleBufferTests {
  @Test("the kept values are the old first ones, bit for bit, and the whole capacity is usable")
  func keepsValuesAndGrows() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let oldCapacity = Int.random(in: 1...40, using: &generator)
      let count = Int.random(in: 0...oldCapacity, using: &generator)
      let capacity = Int.random(in: max(count, 1)...100, using: &generator)
      // NaNs with payloads and signed zeros: a copy through arithmetic
      // would not keep their bits.
      let values = (0..<count).map { _ in
        Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))
      }
      let old = UnsafeMutablePointer<Double>.allocate(capacity: oldCapacity)
      old.initialize(repeating: 0, count: oldCapacity)
      for (index, value) in values.enumerated() { old[index] = value }

      let grown = old.moved(keeping: count, toCapacity: capacity)
      #expect((0..<count).allSatisfy { grown[$0].bitPattern == values[$0].bitPattern })
      (grown + count).initialize(repeating: -1, count: capacity - count)
      #expect((count..<capacity).allSatisfy { grown[$0] == -1 })
      grown.deallocate()
    }
  }
}
