import EffectHost

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
struct CSVRows {
  /// One record: its cells and the line of the file it starts on.
  struct Record {
    var line: Int
    var cells: [String]
  }

  var records: [Record]

  /// Reads `bytes`; a quoted cell that is not closed, or that text follows,
  /// is an error naming the line.
  init(parsing bytes: [UInt8]) throws(CSVError) {
    let quote = UInt8(ascii: "\"")
    let comma = UInt8(ascii: ",")
    let newline = UInt8(ascii: "\n")
    let carriageReturn = UInt8(ascii: "\r")
    var records: [Record] = []
    var cells: [String] = []
    var cell: [UInt8] = []
    var line = 1
    var recordLine = 1
    var inRecord = false
    var atCellStart = true
    var index = 0
    func endCell() {
      cells.append(String(decoding: cell, as: UTF8.self))
      cell.removeAll(keepingCapacity: true)
    }
    while index < bytes.count {
      let byte = bytes[index]
      inRecord = true
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
          cell.append(inside)
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
      atCellStart = false
      switch byte {
      case comma:
        endCell()
        atCellStart = true
      case newline:
        if cell.last == carriageReturn { cell.removeLast() }
        endCell()
        records.append(Record(line: recordLine, cells: cells))
        cells.removeAll()
        line += 1
        recordLine = line
        inRecord = false
        atCellStart = true
      default:
        cell.append(byte)
      }
      index += 1
    }
    if inRecord {
      endCell()
      records.append(Record(line: recordLine, cells: cells))
    }
    self.records = records
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
}
