import EffectHost
import EffectProtocol

/// The scroll offsets of an `--offsets` value: `FROM:TO` (step 1),
/// `FROM:TO:STEP`, or a list `A,B,C`.
///
/// Ranges are inclusive and never stored: offset `i` is `FROM + i * STEP`
/// (computed, not accumulated, so errors do not build up), and the last
/// offset is `TO` itself when the range reaches it within floating-point
/// error (`0:0.3:0.1` ends at 0.3). A range that goes down needs a negative
/// step (`300:-100:-50`).
public struct OffsetSpec: Sendable, Equatable, RandomAccessCollection {
  /// The most offsets a spec may give: 100,000,000.
  public static let maximumCount = 100_000_000
  /// The largest magnitude of any number in a spec, ``SceneHost/offsetLimit``.
  public static let numberLimit = SceneHost.offsetLimit

  private enum Storage: Sendable, Equatable {
    /// `count` points `from + i * step`, the last one `last`.
    case range(from: Double, step: Double, count: Int, last: Double)
    case list([Double])
  }

  private let storage: Storage

  /// Parses `text`, e.g. `-100:300`, `300:-100:-50` or `0,50,100`.
  public init(parsing text: String) throws(OffsetSpecError) {
    if text.isEmpty { throw .empty }
    let hasColon = text.contains(":")
    let hasComma = text.contains(",")
    if hasColon && hasComma { throw .mixedSeparators }
    if hasComma {
      var values: [Double] = []
      // As people write lists: "0, 50, 100" is "0,50,100".
      for part in text.split(separator: ",", omittingEmptySubsequences: false) {
        values.append(try Self.number(part.trimmingSpaces))
      }
      if values.count > Self.maximumCount {
        throw .tooManyOffsets(count: Double(values.count))
      }
      self.init(values)
      return
    }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    if parts.count > 3 { throw .tooManyParts(parts.count) }
    var numbers: [Double] = []
    // Spaces around a number are no part of it, as in a list: " 5" and
    // "-100 : 300" read as "5" and "-100:300".
    for part in parts {
      numbers.append(try Self.number(part.trimmingSpaces))
    }
    if numbers.count == 1 {
      self.init(numbers)
      return
    }
    try self.init(from: numbers[0], to: numbers[1], step: numbers.count == 3 ? numbers[2] : nil)
  }

  /// The offsets from `from` to `to` inclusive, `step` apart (1 when `nil`).
  public init(from: Double, to: Double, step: Double? = nil) throws(OffsetSpecError) {
    for value in [from, to, step ?? 1] {
      guard value.isFinite, abs(value) <= Self.numberLimit else {
        throw .outOfRange(MessageText.number(value))
      }
    }
    let stride = step ?? 1
    if stride == 0 { throw .zeroStep }
    if from != to && (to > from) != (stride > 0) {
      throw .wrongDirection(from: from, to: to, step: step)
    }
    // The last index is the largest n whose point FROM + n·STEP is not past
    // TO, found from the quotient and corrected by the exact comparisons
    // (the quotient may be a step off either way); never by iterating.
    let steps = (to - from) / stride
    guard steps < 0x1p52 else { throw .tooManyOffsets(count: .infinity) }
    func point(_ index: Double) -> Double { from + index * stride }
    func isPast(_ value: Double) -> Bool { stride > 0 ? value > to : value < to }
    var lastIndex = Swift.max(0, steps.rounded(.down))
    // A few corrections for a count that is refused anyway (its message
    // still gives the count), else up to the limit: a step far below the
    // ulp of the offsets can leave many points on the same value.
    var corrections = lastIndex >= Double(Self.maximumCount) ? 8 : Self.maximumCount
    while corrections > 0 && lastIndex > 0 && isPast(point(lastIndex)) {
      lastIndex -= 1
      corrections -= 1
    }
    while corrections > 0 && lastIndex <= Double(Self.maximumCount)
      && !isPast(point(lastIndex + 1))
    {
      lastIndex += 1
      corrections -= 1
    }
    // TO is the last offset when a point lands on it within floating-point
    // error: the next point just past it (`0:0.3:0.1`, 3 × 0.1 being
    // 0.30000000000000004) or the last one just short of it.
    var reachesTo = point(lastIndex) == to
    if !reachesTo
      && Self.isWithinError(
        point(lastIndex + 1), of: to, from: from, step: stride, index: lastIndex + 1)
    {
      lastIndex += 1
      reachesTo = true
    } else if !reachesTo {
      reachesTo = Self.isWithinError(
        point(lastIndex), of: to, from: from, step: stride, index: lastIndex)
    }
    guard lastIndex < Double(Self.maximumCount) else {
      throw .tooManyOffsets(count: lastIndex + 1)
    }
    let count = Int(lastIndex) + 1
    let last = reachesTo ? to : point(lastIndex)
    storage = .range(from: from, step: stride, count: count, last: last)
  }

  /// How many units in the last place a range's point may miss TO by and
  /// still end on it: 4.
  public static let toleranceInULPs = 4.0

  /// Whether `value`, point `index` of a range, is within floating-point
  /// error of `to`: at most ``toleranceInULPs`` ulps of the largest of
  /// |FROM|, |TO| and |index × STEP|, the magnitudes its rounding errors
  /// scale with.
  static func isWithinError(
    _ value: Double, of to: Double, from: Double, step: Double, index: Double
  ) -> Bool {
    let magnitude = Swift.max(abs(from), abs(to), abs(index * step))
    return abs(value - to) <= toleranceInULPs * magnitude.ulp
  }

  /// The offsets `values`, in order.
  public init(_ values: [Double]) {
    storage = .list(values)
  }

  public var startIndex: Int { 0 }

  public var endIndex: Int {
    switch storage {
    case .range(_, _, let count, _): count
    case .list(let values): values.count
    }
  }

  public subscript(index: Int) -> Double {
    switch storage {
    case .range(let from, let step, let count, let last):
      precondition(index >= 0 && index < count, "offset index out of range")
      return index == count - 1 ? last : from + Double(index) * step
    case .list(let values):
      return values[index]
    }
  }

  /// Reads one number: decimal only (`-100`, `0.5`, `1e3`); no hexadecimal,
  /// `nan` or `inf`, and at most ``numberLimit`` in magnitude.
  private static func number(_ part: Substring) throws(OffsetSpecError) -> Double {
    if part.isEmpty { throw .emptyPart }
    let text = String(part)
    let unsigned = text.drop { $0 == "+" || $0 == "-" }.lowercased()
    if ["nan", "inf", "infinity", "snan"].contains(unsigned) { throw .notFinite(text) }
    guard isDecimal(part.utf8), let value = Double(text) else { throw .notANumber(text) }
    guard abs(value) <= numberLimit else { throw .outOfRange(text) }
    return value
  }

  /// `[+-]? (digits ('.' digits?)? | '.' digits) ([eE] [+-]? digits)?`
  private static func isDecimal(_ bytes: Substring.UTF8View) -> Bool {
    var index = bytes.startIndex
    func peek() -> UInt8? { index < bytes.endIndex ? bytes[index] : nil }
    func digits() -> Int {
      var count = 0
      while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        count += 1
        index = bytes.index(after: index)
      }
      return count
    }
    if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
      index = bytes.index(after: index)
    }
    var mantissaDigits = digits()
    if peek() == UInt8(ascii: ".") {
      index = bytes.index(after: index)
      mantissaDigits += digits()
    }
    guard mantissaDigits > 0 else { return false }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      index = bytes.index(after: index)
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
        index = bytes.index(after: index)
      }
      guard digits() > 0 else { return false }
    }
    return index == bytes.endIndex
  }
}

/// Why an `--offsets` value was refused; ``description`` says what is wrong
/// and what was expected.
public enum OffsetSpecError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The value is empty.
  case empty
  /// A part between separators is empty (`1,,2`, `:5`).
  case emptyPart
  /// Both `:` and `,` appear.
  case mixedSeparators
  /// More than three parts separated by `:`.
  case tooManyParts(Int)
  /// A part is not a decimal number.
  case notANumber(String)
  /// A part is `nan` or `inf`.
  case notFinite(String)
  /// A number's magnitude is above ``OffsetSpec/numberLimit``.
  case outOfRange(String)
  /// The step is 0.
  case zeroStep
  /// The step goes the other way from `from` to `to`; `step` is `nil` when
  /// it was not given (1).
  case wrongDirection(from: Double, to: Double, step: Double?)
  /// More offsets than ``OffsetSpec/maximumCount``.
  case tooManyOffsets(count: Double)

  public var description: String {
    let decimal = "expected a decimal number such as -100 or 0.5"
    switch self {
    case .empty:
      return "expected FROM:TO, FROM:TO:STEP or A,B,C, found nothing"
    case .emptyPart:
      return "a part is empty; expected a number before and after each ':' or ','"
    case .mixedSeparators:
      return "':' and ',' are mixed; expected FROM:TO, FROM:TO:STEP or A,B,C"
    case .tooManyParts(let count):
      return "expected FROM:TO or FROM:TO:STEP, found \(count) parts separated by ':'"
    case .notANumber(let text):
      return "'\(text)' is not a number; \(decimal)"
    case .notFinite(let text):
      return "'\(text)' is not a finite number; \(decimal)"
    case .outOfRange(let text):
      return "'\(text)' is out of range; expected a number from -1e15 to 1e15"
    case .zeroStep:
      return "the step is 0; expected a step that is not 0"
    case .wrongDirection(let from, let to, let step):
      let down = to < from
      let given = step.map { "the step \(MessageText.number($0))" } ?? "the default step 1"
      let suggested = MessageText.number((step.map(abs) ?? 1) * (down ? -1 : 1))
      return
        "the offsets go \(down ? "down" : "up") from \(MessageText.number(from)) to \(MessageText.number(to)) "
        + "but \(given) goes \(down ? "up" : "down"); give a \(down ? "negative" : "positive") "
        + "step, e.g. \(MessageText.number(from)):\(MessageText.number(to)):\(suggested)"
    case .tooManyOffsets(let count):
      let amount =
        count.isFinite ? MessageText.number(count) : "more than \(OffsetSpec.maximumCount)"
      return
        "that is \(amount) offsets; expected at most \(OffsetSpec.maximumCount) (use a larger step)"
    }
  }
}
