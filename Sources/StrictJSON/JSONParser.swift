/// A malformed JSON document: what is wrong and where.
public struct JSONSyntaxError: Error, Sendable, Equatable {
  /// What was expected and what was found, e.g. `expected ',' or '}' after an
  /// object member, found ']'`.
  public var message: String
  /// 1-based line and column (in Unicode scalars) of the problem, as an
  /// editor shows them: a UTF-8 byte order mark is no column, and a line
  /// ends at `\n`, `\r` or `\r\n`.
  public var line: Int
  /// The 1-based column of the problem, in Unicode scalars (see ``line``).
  public var column: Int
  /// Where the value stands in the document when the problem is one value
  /// that the parser refuses (a number that does not fit a Double), as for
  /// any other value error; `nil` when the text itself is not JSON.
  public var path: JSONPath?

  /// Makes an error: `message` at 1-based `line` and `column`, with the `path`
  /// of the refused value when there is one.
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

struct ParseFailure: Error {
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

  /// The line and column of ``offset`` as an editor shows them: a byte
  /// order mark, which it hides, is no column, and a line ends at a line
  /// feed, a carriage return, or both together.
  func located(in bytes: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError {
    var line = 1
    var column = 1
    let end = min(offset, bytes.count)
    let start = Parser.startsWithByteOrderMark(bytes) ? min(3, end) : 0
    var afterReturn = false
    for byte in bytes[start..<end] {
      if byte == UInt8(ascii: "\n") {
        if !afterReturn { line += 1 }
        column = 1
      } else if byte == UInt8(ascii: "\r") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      afterReturn = byte == UInt8(ascii: "\r")
    }
    return JSONSyntaxError(
      message: message, line: line, column: column,
      path: reversedPath.map { JSONPath($0.reversed()) })
  }
}

struct Parser {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0
  var depth = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Whether `bytes` start with UTF-8's byte order mark, as some editors
  /// write.
  static func startsWithByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
  }

  mutating func parseDocument() throws(ParseFailure) -> JSONValue {
    if Self.startsWithByteOrderMark(bytes) { position = 3 }
    // UTF-16's byte order marks (a Windows editor's "Unicode"): no JSON
    // value starts with 0xFF or 0xFE, and the text is not UTF-8.
    if bytes.count >= 2,
      (bytes[0], bytes[1]) == (0xFF, 0xFE) || (bytes[0], bytes[1]) == (0xFE, 0xFF)
    {
      throw failure(
        "expected UTF-8 text, found UTF-16's byte order mark 0x"
          + MessageText.hex(UInt32(bytes[0]), count: 2) + " 0x"
          + MessageText.hex(UInt32(bytes[1]), count: 2) + " (save the file as UTF-8)")
    }
    skipWhitespace()
    if position == bytes.count {
      throw ParseFailure(
        message: "expected a JSON value, found an empty document", offset: position)
    }
    let value = try parseValue()
    skipWhitespace()
    if position < bytes.count {
      throw failure("expected the end of the document after the top-level value, found \(found())")
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
      // `0x10`: the number 0 (or -0) read, then a word starting with x.
      let isHex =
        word.first.map { $0 == "x" || $0 == "X" } == true
        && position > 0 && bytes[position - 1] == UInt8(ascii: "0")
        && (position < 2 || !Self.continuesNumber(bytes[position - 2]))
        && (position < 3 || bytes[position - 2] != UInt8(ascii: "-")
          || !Self.continuesNumber(bytes[position - 3]))
      return "'\(word)'"
        + (isNonFinite
          ? " (JSON numbers are finite)" : isHex ? " (JSON numbers are decimal, no 0x)" : "")
    }
    if byte >= 0x20 && byte < 0x7F {
      // Editors and JSON5 take comments, and a file written in one may hold them.
      let opensComment =
        byte == UInt8(ascii: "/") && position + 1 < bytes.count
        && (bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*"))
      return "'\(Character(Unicode.Scalar(byte)))'"
        + (byte == UInt8(ascii: "'")
          ? Self.quotesHint : opensComment ? " (JSON allows no comments)" : "")
    }
    if byte >= 0x80, let scalar = decodeScalar(at: position) {
      if scalar.isUnsafeInMessage {
        return "the character U+\(MessageText.hex(scalar.value, count: 4))"
      }
      // Typographic quotes, as a word processor or a web page writes them.
      let isCurlyQuote =
        (0x2018...0x201F).contains(scalar.value)
        || scalar.value == 0xAB || scalar.value == 0xBB
      return "'\(Character(scalar))'" + (isCurlyQuote ? Self.quotesHint : "")
    }
    return "byte 0x\(MessageText.hex(UInt32(byte), count: 2))"
  }

  /// Whether `byte` may stand in a number before its last digit: a digit,
  /// `.`, an exponent's `e` or `+` (a `-` starts the number 0 unless one of
  /// these is before it: `1e-0`).
  static func continuesNumber(_ byte: UInt8) -> Bool {
    byte.isASCIIDigit || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
      || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+")
  }

  /// What a quote other than `"` found where JSON has one is told.
  static let quotesHint = " (JSON strings are in straight double quotes: \")"

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

}

extension UInt8 {
  var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
  var isASCIILetter: Bool {
    self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z")
  }
  var isASCIILetterOrDigit: Bool { isASCIIDigit || isASCIILetter }
}
