import EffectHost
import StrictJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The records of a csv text as `eval` and `simulate` write it (RFC 4180):
/// one record a line, cells separated by commas; a cell in double quotes may
/// hold commas, line breaks and quotes (doubled). A line may end with `\r\n`.
/// A blank line is no record (RFC 4180 would read a record of one empty
/// cell, which the commands never write).
///
/// The text is kept as read, with where each record starts: a golden file
/// of millions of rows costs its own bytes and a few words a row, not a
/// string a cell. A record's cells are found again when it is read
/// (``cells(ofRecord:into:)``), as ranges of the text.
struct CSVRows {
  /// The text, as read.
  let bytes: [UInt8]
  /// Where each record starts in ``bytes``, and the line it starts on.
  private var starts: [(byte: Int, line: Int)] = []

  /// The number of records.
  var count: Int { starts.count }

  /// The line record `record` starts on.
  func line(ofRecord record: Int) -> Int { starts[record].line }

  /// Reads `bytes`, UTF-8 text after an optional byte order mark (as a
  /// scene file may have); bytes that are not UTF-8, or a quoted cell that
  /// is not closed or that text follows, are an error naming the line.
  init(parsing bytes: [UInt8]) throws(CSVError) {
    self.bytes = bytes
    try Self.checkUTF8(bytes)
    let quote = UInt8(ascii: "\"")
    let comma = UInt8(ascii: ",")
    let newline = UInt8(ascii: "\n")
    let carriageReturn = UInt8(ascii: "\r")
    var starts: [(byte: Int, line: Int)] = []
    var line = 1
    var atRecordStart = true
    var atCellStart = true
    let hasByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    var index = hasByteOrderMark ? 3 : 0
    while index < bytes.count {
      let byte = bytes[index]
      if atRecordStart {
        // A blank line is no record: an editor, or `echo >>`, leaves one at
        // the end of a file, and no row of eval or simulate is one cell.
        if byte == newline {
          line += 1
          index += 1
          continue
        }
        if byte == carriageReturn, index + 1 < bytes.count, bytes[index + 1] == newline {
          line += 1
          index += 2
          continue
        }
        if starts.count == starts.capacity,
          let message = MemoryRoom.makeRoom(in: &starts, for: 1, what: "the places of the rows")
        {
          throw CSVError(line: nil, reason: message, isOutOfMemory: true)
        }
        starts.append((index, line))
        atRecordStart = false
      }
      if atCellStart && byte == quote {
        let start = line
        index += 1
        while true {
          guard index < bytes.count else {
            throw CSVError(line: start, reason: "a quoted value is not closed")
          }
          let inside = bytes[index]
          index += 1
          if inside == quote {
            guard index < bytes.count, bytes[index] == quote else { break }
            index += 1
          } else if inside == newline {
            line += 1
          }
        }
        atCellStart = false
        if index < bytes.count, bytes[index] == carriageReturn, index + 1 < bytes.count,
          bytes[index + 1] == newline
        {
          index += 1
        }
        if index < bytes.count, bytes[index] != comma, bytes[index] != newline {
          throw CSVError(line: line, reason: "a quoted value is followed by text")
        }
        continue
      }
      atCellStart = byte == comma || byte == newline
      if byte == newline {
        line += 1
        atRecordStart = true
      }
      index += 1
    }
    self.starts = starts
  }

  /// Throws, naming the line, at the first byte of `bytes` that is not
  /// UTF-8: the golden file is then not such csv, however its cells read.
  private static func checkUTF8(_ bytes: [UInt8]) throws(CSVError) {
    // Most goldens are ASCII: one pass, no decoding.
    guard !bytes.allSatisfy({ $0 < 0x80 }) else { return }
    guard let index = UTF8Validation.firstInvalidByte(in: bytes) else { return }
    let line = 1 + bytes[..<index].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    throw CSVError(
      line: line,
      reason: "expected UTF-8 text, found the invalid byte 0x"
        + String(bytes[index], radix: 16, uppercase: true))
  }

  /// Sets `cells` to the cells of record `record`: each cell's bytes in
  /// ``bytes``, a quoted cell's with its quotes (``text(of:)`` reads it).
  func cells(ofRecord record: Int, into cells: inout [Range<Int>]) {
    cells.removeAll(keepingCapacity: true)
    let quote = UInt8(ascii: "\"")
    let comma = UInt8(ascii: ",")
    let newline = UInt8(ascii: "\n")
    let carriageReturn = UInt8(ascii: "\r")
    let end = record + 1 < starts.count ? starts[record + 1].byte : bytes.count
    var index = starts[record].byte
    var cellStart = index
    bytes.withUnsafeBufferPointer { bytes in
      while true {
        if index < end && bytes[index] == quote && index == cellStart {
          // Through the closing quote: the parse has made sure of one.
          index += 1
          while true {
            let inside = bytes[index]
            index += 1
            if inside == quote {
              guard index < end, bytes[index] == quote else { break }
              index += 1
            }
          }
          cells.append(cellStart..<index)
          // `"value"\r\n`: the carriage return goes with the line break.
          if index < end && bytes[index] == carriageReturn { index += 1 }
          // The comma or line break after it, or the end of the text.
          if index >= end || bytes[index] == newline { return }
          index += 1
          cellStart = index
          continue
        }
        if index < end && bytes[index] != comma && bytes[index] != newline {
          index += 1
          continue
        }
        let endsLine = index < end && bytes[index] == newline
        var cellEnd = index
        if endsLine && cellEnd > cellStart && bytes[cellEnd - 1] == carriageReturn {
          cellEnd -= 1
        }
        cells.append(cellStart..<cellEnd)
        if index >= end || endsLine { return }
        index += 1
        cellStart = index
      }
    }
  }

  /// Whether `cell` (from ``cells(ofRecord:into:)``) is quoted.
  func isQuoted(_ cell: Range<Int>) -> Bool {
    !cell.isEmpty && bytes[cell.lowerBound] == UInt8(ascii: "\"")
  }

  /// The text of `cell`: a quoted cell's without its quotes, a doubled
  /// quote as one.
  func text(of cell: Range<Int>) -> String {
    guard isQuoted(cell) else {
      return String(decoding: bytes[cell], as: UTF8.self)
    }
    var unquoted: [UInt8] = []
    var index = cell.lowerBound + 1
    while index < cell.upperBound {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\"") {
        // The closing quote, or the first of a doubled one.
        guard index < cell.upperBound, bytes[index] == UInt8(ascii: "\"") else { break }
        index += 1
      }
      unquoted.append(byte)
    }
    return String(decoding: unquoted, as: UTF8.self)
  }

  /// The texts of record `record`'s cells.
  func texts(ofRecord record: Int) -> [String] {
    var ranges: [Range<Int>] = []
    cells(ofRecord: record, into: &ranges)
    return ranges.map(text(of:))
  }

  /// Whether `cell` here and `other` in `rows` hold the same bytes: then
  /// they hold the same text (the converse needs ``text(of:)``).
  func sameBytes(_ cell: Range<Int>, _ other: Range<Int>, in rows: CSVRows) -> Bool {
    guard cell.count == other.count else { return false }
    return bytes.withUnsafeBufferPointer { mine in
      rows.bytes.withUnsafeBufferPointer { theirs in
        memcmp(
          mine.baseAddress! + cell.lowerBound, theirs.baseAddress! + other.lowerBound, cell.count)
          == 0
      }
    }
  }

  /// The bytes of the file at `path`.
  ///
  /// - Throws: the reason in lower case (`no such file`, `is a directory;
  ///   expected a csv file`, `permission denied`).
  static func contents(of path: String) throws(CSVError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw CSVError(line: nil, reason: reason(errno)) }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      throw CSVError(line: nil, reason: reason(EISDIR))
    }
    // A golden of several hard links is written in place by `check
    // --update`, under an exclusive lock (OutputFile): read it whole, not
    // half rewritten. (A lock that cannot be had, on a file system without
    // locks, is read without.)
    if (status.st_mode & S_IFMT) == S_IFREG && status.st_nlink > 1 {
      while flock(descriptor, LOCK_SH) != 0 && errno == EINTR && Interruption.signal == nil {}
    }
    do {
      return try FileReading.bytes(of: descriptor, upTo: .max)
    } catch {
      throw CSVError(line: nil, reason: reason(error.code))
    }
  }

  private static func reason(_ code: Int32) -> String {
    FileReading.reason(code, expected: "a csv file")
  }
}

/// Why a csv file cannot be read or is not what was expected: the line
/// (when the problem is in one) and the reason.
struct CSVError: Error, Equatable {
  var line: Int?
  var reason: String
  /// Whether the memory to compare the rows could not be had: a failure
  /// of the command (1), not of the file.
  var isOutOfMemory = false
}
