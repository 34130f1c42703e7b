/// A growable run of bytes that rows are formatted into and flushed from,
/// reused from chunk to chunk so that streaming allocates nothing per row.
final class ByteBuffer {
  private(set) var base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int = 1 << 16) {
    self.capacity = max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The bytes written since the last ``removeAll()``.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

  func removeAll() { count = 0 }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  private func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  private func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append(UnsafeRawBufferPointer($0)) }
  }

  func append(_ bytes: UnsafeRawBufferPointer) {
    reserve(bytes.count)
    if let source = bytes.baseAddress {
      (base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    }
    count += bytes.count
  }

  func append(_ text: String) {
    var text = text
    text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  func appendSpaces(_ n: Int) {
    guard n > 0 else { return }
    reserve(n)
    (base + count).initialize(repeating: UInt8(ascii: " "), count: n)
    count += n
  }

  /// The decimal digits of `value`, with a `-` when negative.
  func appendInteger(_ value: Int64) {
    var magnitude = value.magnitude
    let length = Self.digitCount(magnitude) + (value < 0 ? 1 : 0)
    reserve(length)
    if value < 0 { base[count] = UInt8(ascii: "-") }
    var index = count + length
    repeat {
      index -= 1
      base[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
    count += length
  }

  static func digitCount(_ value: UInt64) -> Int {
    var value = value
    var digits = 1
    while value >= 10 {
      value /= 10
      digits += 1
    }
    return digits
  }

  /// `value` in full precision: the shortest text that reads back to the
  /// same Double, as Swift's `description` writes it, except that integers
  /// below 2^63 in magnitude have no fraction (`400`, `1000000000000000`)
  /// and `-0` is `0`.
  func appendNumber(_ value: Double) {
    let magnitude = abs(value)
    if magnitude < 9.2e18 {
      // Truncation is one instruction; `rounded()` is a call into libm.
      let integer = Int64(value)
      if Double(integer) == value {
        appendInteger(integer)
        return
      }
      if magnitude >= 1e-4 && magnitude < 1e9 && appendShortDecimal(value) { return }
    }
    append(value.description)
  }

  /// Powers of ten that are exact Doubles.
  private static let powersOfTen = DecimalRounding.powersOfTen

  /// Writes `value` (not an integer, 1e-4 <= |value| < 1e9) as `int.frac`
  /// when at most 6 decimals read back to it exactly, and returns whether it
  /// did. The fewest such decimals give the shortest round trip, and below
  /// 1e9 a Double's spacing is under 1e-6, so only one decimal of that
  /// length can round-trip: the text is the one `description` writes,
  /// without its cost.
  private func appendShortDecimal(_ value: Double) -> Bool {
    let magnitude = abs(value)
    for decimals in 1...6 {
      let scale = Self.powersOfTen[decimals]
      let units = Int64(magnitude * scale + 0.5)
      // Both operands are exact, so the quotient is the correctly rounded
      // value of the decimal text: equal means it reads back to `value`.
      guard Double(units) / scale == magnitude else { continue }
      if value < 0 { append(UInt8(ascii: "-")) }
      appendDecimal(units: UInt64(units), decimals: decimals)
      return true
    }
    return false
  }

  /// `value` rounded to `decimals` decimals, 0 to 6, halves away from zero
  /// as its full-precision text reads (``DecimalRounding``; `-0.00` as
  /// `0.00`); in full precision when too large to round through an integer.
  func appendFixed(_ value: Double, decimals: Int) {
    guard let units = DecimalRounding.integerUnits(value, decimals: decimals) else {
      appendNumber(value)
      return
    }
    if units < 0 { append(UInt8(ascii: "-")) }
    appendDecimal(units: units.magnitude, decimals: decimals)
  }

  /// `units / 10^decimals` with exactly `decimals` decimals: `12.50` for
  /// 1250 and 2.
  private func appendDecimal(units: UInt64, decimals: Int) {
    let divisor = UInt64(Self.powersOfTen[decimals])
    appendInteger(Int64(units / divisor))
    guard decimals > 0 else { return }
    reserve(1 + decimals)
    base[count] = UInt8(ascii: ".")
    var fraction = units % divisor
    var index = count + decimals
    while index > count {
      base[index] = UInt8(ascii: "0") + UInt8(fraction % 10)
      fraction /= 10
      index -= 1
    }
    count += 1 + decimals
  }

  /// Runs `body`, then moves what it wrote right, behind spaces, to fill
  /// `width` columns; wider text is left as it is.
  func appendRightAligned(width: Int, _ body: () -> Void) {
    let start = count
    body()
    let length = count - start
    let padding = width - length
    guard padding > 0 else { return }
    reserve(padding)
    // The regions overlap; `update(from:count:)` copies as memmove does.
    (base + start + padding).update(from: base + start, count: length)
    (base + start).update(repeating: UInt8(ascii: " "), count: padding)
    count += padding
  }

  /// The bytes as UTF-8 text.
  var string: String { String(decoding: bytes, as: UTF8.self) }

  /// What `body` writes into a new buffer, as text.
  static func text(_ body: (ByteBuffer) -> Void) -> String {
    let buffer = ByteBuffer(capacity: 64)
    body(buffer)
    return buffer.string
  }
}
