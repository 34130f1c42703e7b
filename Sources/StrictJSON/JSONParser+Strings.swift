// Strings and their escapes: the parser's part that checks UTF-8 and
// `\u` surrogate pairs.
extension Parser {
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
    guard let offset = UTF8Validation.firstInvalidByte(in: bytes[range]) else {
      return failure("invalid UTF-8 in a string", at: range.lowerBound)
    }
    return failure(
      "expected UTF-8 text, found the invalid byte 0x"
        + String(bytes[offset], radix: 16, uppercase: true), at: offset)
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
}
