/// A malformed JSON document: what is wrong and where.
public struct JSONSyntaxError: Error, Sendable, Equatable {
  /// What was expected and what was found, e.g. `expected ',' or '}' after an
  /// object member, found ']'`.
  public var message: String
  /// 1-based line and column (in Unicode scalars) of the problem.
  public var line: Int
  public var column: Int
  /// Where the value stands in the document when the problem is one value
  /// that the parser refuses (a number that does not fit a Double), as for
  /// any other value error; `nil` when the text itself is not JSON.
  public var path: JSONPath?

  public init(message: String, line: Int, column: Int, path: JSONPath? = nil) {
    self.message = message
    self.line = line
    self.column = column
    self.path = path
  }
}

/// A strict JSON parser (RFC 8259) for scene files.
///
/// Beyond the RFC it refuses what a scene never needs and a hostile file may
/// hold: nesting deeper than ``maximumDepth`` and numbers that do not fit a
/// Double (`1e999`). Invalid UTF-8 is an error, not replaced.
public enum JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  public static let maximumDepth = 512

  /// Parses `bytes` as one JSON document.
  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
      var parser = Parser(bytes: buffer)
      do throws(ParseFailure) {
        return .success(try parser.parseDocument())
      } catch {
        return .failure(error.located(in: buffer))
      }
    }
    return try result.get()
  }

  /// Parses `text` as one JSON document.
  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try parse(Array(text.utf8))
  }
}

private struct ParseFailure: Error {
  var message: String
  var offset: Int
  /// For a refused value, the path to it, innermost component first: each
  /// enclosing array and object adds its own on the way out, so that parsing
  /// pays nothing for paths until a value is refused. `nil` for a syntax error.
  var reversedPath: [JSONPath.Component]?

  /// The failure as seen from the container that holds the value at `component`.
  func inside(_ component: JSONPath.Component) -> ParseFailure {
    guard let reversedPath else { return self }
    var failure = self
    failure.reversedPath = reversedPath + [component]
    return failure
  }

  func located(in bytes: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError {
    var line = 1
    var column = 1
    for byte in bytes[0..<min(offset, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return JSONSyntaxError(
      message: message, line: line, column: column,
      path: reversedPath.map { JSONPath($0.reversed()) })
  }
}

private let powersOfTen: [Double] = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
  1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

private struct Parser {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0
  var depth = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  mutating func parseDocument() throws(ParseFailure) -> JSONValue {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      position = 3  // a UTF-8 byte order mark, as some editors write
    }
    skipWhitespace()
    if position == bytes.count {
      throw ParseFailure(
        message: "expected a JSON value, found an empty document", offset: position)
    }
    let value = try parseValue()
    skipWhitespace()
    if position < bytes.count {
      throw failure("unexpected \(found()) after the top-level value")
    }
    return value
  }

  /// What stands at the current position, for a message: a bare word whole
  /// (`'NaN'`), a character, or a byte that is not UTF-8.
  func found() -> String {
    guard position < bytes.count else { return "the end of the file" }
    let byte = bytes[position]
    if byte.isASCIILetterOrDigit {
      // A bare word such as NaN or Infinity reads better whole.
      var end = position
      while end < bytes.count, end - position < 20, bytes[end].isASCIILetterOrDigit { end += 1 }
      let word = String(decoding: bytes[position..<end], as: UTF8.self)
      let isNonFinite = ["nan", "infinity", "inf"].contains(word.lowercased())
      return "'\(word)'" + (isNonFinite ? " (JSON numbers are finite)" : "")
    }
    if byte >= 0x20 && byte < 0x7F {
      return "'\(Character(Unicode.Scalar(byte)))'"
    }
    if byte >= 0x80, let scalar = decodeScalar(at: position) {
      if scalar.isUnsafeInMessage {
        return "the character U+\(MessageText.hex(scalar.value, count: 4))"
      }
      return "'\(Character(scalar))'"
    }
    return "byte 0x\(MessageText.hex(UInt32(byte), count: 2))"
  }

  func decodeScalar(at offset: Int) -> Unicode.Scalar? {
    var iterator = bytes[offset...].makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
    return nil
  }

  func failure(_ message: String, at offset: Int? = nil) -> ParseFailure {
    ParseFailure(message: message, offset: offset ?? position)
  }

  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  mutating func parseValue() throws(ParseFailure) -> JSONValue {
    guard position < bytes.count else {
      throw failure("expected a JSON value, found the end of the file")
    }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    default:
      throw failure("expected a JSON value, found \(found())")
    }
  }

  mutating func expectLiteral(_ literal: StaticString) throws(ParseFailure) {
    let start = position
    let count = literal.utf8CodeUnitCount
    let matches =
      position + count <= bytes.count
      && (0..<count).allSatisfy { bytes[position + $0] == literal.utf8Start[$0] }
    let after = position + count
    let isWordEnd =
      after >= bytes.count
      || !(bytes[after].isASCIILetterOrDigit)
    guard matches, isWordEnd else {
      var end = start
      while end < bytes.count, end - start < 20, bytes[end].isASCIILetterOrDigit { end += 1 }
      let word = String(decoding: bytes[start..<max(end, start + 1)], as: UTF8.self)
      throw failure("expected a JSON value, found '\(word)'", at: start)
    }
    position = after
  }

  mutating func enter() throws(ParseFailure) {
    depth += 1
    if depth > JSONParser.maximumDepth {
      throw failure(
        "arrays and objects are nested more than \(JSONParser.maximumDepth) levels deep")
    }
  }

  mutating func parseObject() throws(ParseFailure) -> JSONValue {
    try enter()
    position += 1
    var members: [JSONObject.Member] = []
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      depth -= 1
      return .object(JSONObject(members))
    }
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        if position < bytes.count, bytes[position] == UInt8(ascii: "}"), !members.isEmpty {
          throw failure(
            "expected a key string after ',', found '}' (JSON allows no trailing comma)")
        }
        throw failure("expected a key string, found \(found())")
      }
      let key = try parseString()
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
        throw failure("expected ':' after the key \(MessageText.quoted(key)), found \(found())")
      }
      position += 1
      skipWhitespace()
      let value: JSONValue
      do throws(ParseFailure) {
        value = try parseValue()
      } catch {
        throw error.inside(.key(key))
      }
      members.append(JSONObject.Member(key: key, value: value))
      skipWhitespace()
      guard position < bytes.count else {
        throw failure("expected ',' or '}' after an object member, found the end of the file")
      }
      switch bytes[position] {
      case UInt8(ascii: ","):
        position += 1
      case UInt8(ascii: "}"):
        position += 1
        depth -= 1
        return .object(JSONObject(members))
      default:
        throw failure("expected ',' or '}' after an object member, found \(found())")
      }
    }
  }

  mutating func parseArray() throws(ParseFailure) -> JSONValue {
    try enter()
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      if position < bytes.count, bytes[position] == UInt8(ascii: "]"), !elements.isEmpty {
        throw failure("expected a value after ',', found ']' (JSON allows no trailing comma)")
      }
      do throws(ParseFailure) {
        elements.append(try parseValue())
      } catch {
        throw error.inside(.index(elements.count))
      }
      skipWhitespace()
      guard position < bytes.count else {
        throw failure("expected ',' or ']' after an array element, found the end of the file")
      }
      switch bytes[position] {
      case UInt8(ascii: ","):
        position += 1
      case UInt8(ascii: "]"):
        position += 1
        depth -= 1
        return .array(elements)
      default:
        throw failure("expected ',' or ']' after an array element, found \(found())")
      }
    }
  }

  mutating func parseString() throws(ParseFailure) -> String {
    let open = position
    position += 1
    let start = position
    var hasEscapes = false
    var isASCII = true
    while true {
      guard position < bytes.count else {
        throw failure("unterminated string: expected '\"', found the end of the file", at: open)
      }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        position += 2
        continue
      }
      if byte < 0x20 {
        throw failure(
          "expected '\"' to close the string, found the control character U+\(hex4(UInt32(byte)))"
            + " (escape it as \\u\(hex4(UInt32(byte))))")
      }
      if byte >= 0x80 { isASCII = false }
      position += 1
    }
    let end = position
    position += 1
    if !hasEscapes {
      let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
      if isASCII { return String(decoding: slice, as: UTF8.self) }
      if let text = String(validating: slice, as: UTF8.self) { return text }
      throw invalidUTF8(in: start..<end)
    }
    return try unescape(start..<end)
  }

  func invalidUTF8(in range: Range<Int>) -> ParseFailure {
    var iterator = bytes[range].makeIterator()
    var decoder = UTF8()
    var offset = range.lowerBound
    while true {
      let before = iterator
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        offset += UTF8.width(scalar)
      case .emptyInput:
        return failure("invalid UTF-8 in a string", at: range.lowerBound)
      case .error:
        var probe = before
        let byte = probe.next() ?? 0
        return failure(
          "expected UTF-8 text, found the invalid byte 0x\(String(byte, radix: 16, uppercase: true))",
          at: offset)
      }
    }
  }

  func hex4(_ value: UInt32) -> String { MessageText.hex(value, count: 4) }

  mutating func unescape(_ range: Range<Int>) throws(ParseFailure) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(range.count)
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\") else {
        output.append(byte)
        index += 1
        continue
      }
      guard index + 1 < range.upperBound else {
        throw failure("unterminated escape sequence", at: index)
      }
      let escaped = bytes[index + 1]
      index += 2
      switch escaped {
      case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
      case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        var scalarValue = try hexQuad(at: index, end: range.upperBound)
        index += 4
        if (0xD800...0xDBFF).contains(scalarValue) {
          guard index + 6 <= range.upperBound, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
          else {
            throw failure(
              "expected a low surrogate after \\u\(hex4(scalarValue)), found none", at: index)
          }
          let low = try hexQuad(at: index + 2, end: range.upperBound)
          guard (0xDC00...0xDFFF).contains(low) else {
            throw failure(
              "expected a low surrogate after \\u\(hex4(scalarValue)), found \\u\(hex4(low))",
              at: index)
          }
          index += 6
          scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalarValue) {
          throw failure("unpaired low surrogate \\u\(hex4(scalarValue))", at: index - 6)
        }
        guard let scalar = Unicode.Scalar(scalarValue) else {
          throw failure("invalid Unicode escape \\u\(hex4(scalarValue))", at: index - 6)
        }
        output.append(contentsOf: Array(String(scalar).utf8))
      default:
        let shown =
          escaped >= 0x20 && escaped < 0x7F
          ? "'\\\(Character(Unicode.Scalar(escaped)))'"
          : "byte 0x\(MessageText.hex(UInt32(escaped), count: 2))"
        throw failure(
          "invalid escape \(shown) in a string; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
          at: index - 2)
      }
    }
    if let text = String(validating: output, as: UTF8.self) { return text }
    throw invalidUTF8(in: range)
  }

  func hexQuad(at index: Int, end: Int) throws(ParseFailure) -> UInt32 {
    guard index + 4 <= end else {
      throw failure("expected four hex digits after \\u", at: index)
    }
    var value: UInt32 = 0
    for offset in 0..<4 {
      let byte = bytes[index + offset]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw failure("expected four hex digits after \\u", at: index)
      }
      value = value * 16 + digit
    }
    return value
  }

  mutating func parseNumber() throws(ParseFailure) -> Double {
    let start = position
    var negative = false
    if bytes[position] == UInt8(ascii: "-") {
      negative = true
      position += 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    guard position < bytes.count, bytes[position].isASCIIDigit else {
      throw failure("expected a digit in a number, found \(found())")
    }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < bytes.count, bytes[position].isASCIIDigit {
        throw failure(
          "expected a number without leading zeros, found '0\(bytes[position] - 48)'", at: start)
      }
    } else {
      while position < bytes.count, bytes[position].isASCIIDigit {
        if digits < 19 {
          mantissa = mantissa * 10 + UInt64(bytes[position] - UInt8(ascii: "0"))
          digits += 1
        } else {
          digits += 1
          exponent += 1
        }
        position += 1
      }
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard position < bytes.count, bytes[position].isASCIIDigit else {
        throw failure("expected a digit after '.' in a number, found \(found())")
      }
      while position < bytes.count, bytes[position].isASCIIDigit {
        if digits < 19 {
          mantissa = mantissa * 10 + UInt64(bytes[position] - UInt8(ascii: "0"))
          digits += 1
          exponent -= 1
        } else {
          digits += 1
        }
        if mantissa == 0 { digits = 0 }
        position += 1
      }
    }
    var hasExponent = false
    if position < bytes.count,
      bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")
    {
      hasExponent = true
      position += 1
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard position < bytes.count, bytes[position].isASCIIDigit else {
        throw failure("expected a digit in the exponent of a number, found \(found())")
      }
      while position < bytes.count, bytes[position].isASCIIDigit { position += 1 }
    }
    // Exact fast path: a mantissa below 2^53 and a power of ten up to 1e22
    // are both exact, so one multiplication or division rounds correctly.
    if !hasExponent, digits <= 15, exponent >= -22 {
      let magnitude =
        exponent >= 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[-exponent]
      return negative ? -magnitude : magnitude
    }
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      // A number of hundreds of digits is shown by its first 40, marked as cut.
      let shown = text.count > 40 ? text.prefix(40) + "…" : text
      var refused = failure("the number \(shown) does not fit a Double", at: start)
      refused.reversedPath = []
      throw refused
    }
    return value
  }
}

extension UInt8 {
  fileprivate var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
  fileprivate var isASCIILetter: Bool {
    self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z")
  }
  fileprivate var isASCIILetterOrDigit: Bool { isASCIIDigit || isASCIILetter }
}
