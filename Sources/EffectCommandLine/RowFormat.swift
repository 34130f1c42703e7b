import EffectHost
import EffectProtocol

/// How `effectctl eval` writes rows.
///
/// A row is `offset`, `chain`, then ``TransformColumn/allCases`` in order.
/// Every machine format writes numbers in full precision: the shortest text
/// that reads back to the same Double, integers without a fraction, `-0` as
/// `0`, never a locale.
public enum RowFormat: String, Sendable, CaseIterable {
  /// Aligned columns for people: a header line, then one line a row, numbers
  /// rounded to two decimals (offsets in full). Column widths are fixed up
  /// front from the header and the longest view name, so rows stream.
  case table
  /// One JSON array of row objects: `[`, rows separated by `,` and a line
  /// break, `]`.
  case json
  /// One JSON row object a line.
  ///
  /// In both JSON formats a value that is not finite (which the effects'
  /// contract rules out) is written as `null`, keeping the text valid JSON.
  case ndjson
  /// A header line, then one line a row; a chain name is quoted (RFC 4180)
  /// when it holds a comma, a quote or a line break. Lines end with `\n`.
  case csv

  /// What the format is, for `--format`'s help.
  public var summary: String {
    switch self {
    case .table: "aligned, numbers to 2 decimals"
    case .json: "an array of row objects"
    case .ndjson: "one object a line"
    case .csv: "a header line first"
    }
  }

  /// The column names of a row, in order.
  public static let columns = ["offset", "chain"] + TransformColumn.allCases.map(\.rawValue)

  /// The width of the table's number columns: fits `-999999.99` and
  /// `translateX`.
  static let tableNumberWidth = 10
}

/// The columns a row starts with, before `chain`: `offset` for `eval`;
/// the lead cell holds their values (and, in JSON, the keys after the first).
struct RowLead {
  /// The column names, in order.
  let columns: [String]
  /// The table's header over the lead cell.
  let tableHeader: String
  /// A JSON row's start: `{"offset":`.
  let jsonOpener: [UInt8]

  init(columns: [String], tableHeader: String) {
    self.columns = columns
    self.tableHeader = tableHeader
    jsonOpener = Array("{\"\(columns[0])\":".utf8)
  }

  /// `eval`'s: the offset, right-aligned in the table.
  static let offset = RowLead(
    columns: ["offset"],
    tableHeader: String(repeating: " ", count: RowFormat.tableNumberWidth - "offset".count)
      + "offset")
}

/// Writes rows of one format into a ``ByteBuffer``: the header, one row per
/// view and frame, and the footer.
struct RowEncoder {
  /// A view name's bytes in the format: `prefix`, then for a repeated chain
  /// the copy's index and `suffix`.
  struct Name {
    var prefix: [UInt8]
    var suffix: [UInt8]
    var isRepeated: Bool
    /// Terminal cells of the shown name without the index (table only).
    var width: Int
  }

  let format: RowFormat
  /// The columns before `chain`, as the header names them.
  let lead: RowLead
  /// The encoded name of each chain of the host.
  var names: [Name]
  /// The width of the table's chain column.
  var nameWidth: Int
  /// The transform columns written, in order: every one by default.
  let columns: [TransformColumn]
  /// What precedes each transform column's value (`,"x":` in JSON, `,` in
  /// CSV), one after the other: column `i`'s ends at `cellPrefixEnds[i]`.
  private let cellPrefixes: [UInt8]
  private let cellPrefixEnds: [Int]
  private var rowsWritten = 0

  init(
    format: RowFormat, chains: [SceneHost.ChainLayout], selection: ViewSelection,
    lead: RowLead = .offset, columns: [TransformColumn] = TransformColumn.allCases
  ) {
    self.format = format
    self.lead = lead
    self.columns = columns
    names = chains.map { Self.encodedName($0, format: format) }
    nameWidth = Self.nameWidth(names, selection: selection)
    var prefixes: [UInt8] = []
    var ends: [Int] = []
    for column in columns {
      switch format {
      case .table: prefixes += "  ".utf8
      case .json, .ndjson: prefixes += ",\"\(column.rawValue)\":".utf8
      case .csv: prefixes += ",".utf8
      }
      ends.append(prefixes.count)
    }
    cellPrefixes = prefixes
    cellPrefixEnds = ends
  }

  func writeHeader(to buffer: ByteBuffer) {
    switch format {
    case .table:
      var line = lead.tableHeader
      line += "  chain" + String(repeating: " ", count: nameWidth - "chain".count)
      for column in columns {
        line += String(
          repeating: " ", count: 2 + RowFormat.tableNumberWidth - column.rawValue.count)
        line += column.rawValue
      }
      buffer.append(line + "\n")
    case .json: buffer.append("[\n")
    case .ndjson: break
    case .csv:
      let names = lead.columns + ["chain"] + columns.map(\.rawValue)
      buffer.append(names.joined(separator: ",") + "\n")
    }
  }

  func writeFooter(to buffer: ByteBuffer) {
    if format == .json { buffer.append(rowsWritten == 0 ? "]\n" : "\n]\n") }
  }

  /// The offset cell of every row of one frame: padded for the table.
  func encodeOffset(_ offset: Double, into cell: ByteBuffer) {
    cell.removeAll()
    cell.appendRightAligned(width: format == .table ? RowFormat.tableNumberWidth : 0) {
      cell.appendNumber(offset)
    }
  }

  /// One row: `offset` is the frame's encoded lead cell (the offset for
  /// `eval`; see ``RowLead``), `name` the chain's entry of ``names``.
  mutating func writeRow(
    offset: ByteBuffer, name: Name, copy: Int, transform: ViewTransform, natural: Rect,
    to buffer: ByteBuffer
  ) {
    switch format {
    case .table, .csv: break
    case .json:
      if rowsWritten > 0 { buffer.append(",\n") }
      buffer.append(lead.jsonOpener)
    case .ndjson: buffer.append(lead.jsonOpener)
    }
    rowsWritten += 1
    buffer.append(offset.bytes)
    switch format {
    case .table: buffer.append("  ")
    case .json, .ndjson: buffer.append(",\"chain\":")
    case .csv: buffer.append(UInt8(ascii: ","))
    }
    buffer.append(name.prefix)
    if name.isRepeated {
      buffer.append(UInt8(ascii: "["))
      buffer.appendInteger(Int64(copy))
      buffer.append(UInt8(ascii: "]"))
      buffer.append(name.suffix)
    }
    if format == .table {
      let indexWidth = name.isRepeated ? 2 + ByteBuffer.digitCount(UInt64(copy)) : 0
      buffer.appendSpaces(nameWidth - name.width - indexWidth)
    }
    let isJSON = format == .json || format == .ndjson
    var prefixStart = 0
    for index in columns.indices {
      let column = columns[index]
      let prefixEnd = cellPrefixEnds[index]
      cellPrefixes.withUnsafeBytes {
        buffer.append(UnsafeRawBufferPointer(rebasing: $0[prefixStart..<prefixEnd]))
      }
      prefixStart = prefixEnd
      let value = column.value(of: transform, naturalX: natural.x, naturalY: natural.y)
      if format == .table {
        buffer.appendRightAligned(width: RowFormat.tableNumberWidth) {
          buffer.appendFixed(value, decimals: 2)
        }
      } else if isJSON && !value.isFinite {
        buffer.append("null")
      } else {
        buffer.appendNumber(value)
      }
    }
    switch format {
    case .table, .csv: buffer.append(UInt8(ascii: "\n"))
    case .ndjson: buffer.append("}\n")
    case .json: buffer.append(UInt8(ascii: "}"))
    }
  }

  /// A chain's name as the format writes it; for a repeated chain the prefix
  /// ends before `[`.
  /// The width of the table's chain column for the views of `selection`,
  /// named by `names`.
  static func nameWidth(_ names: [Name], selection: ViewSelection) -> Int {
    var width = "chain".count
    for segment in selection.segments where !segment.copies.isEmpty {
      let name = names[segment.chain]
      let index =
        name.isRepeated ? 2 + ByteBuffer.digitCount(UInt64(segment.copies.upperBound - 1)) : 0
      width = max(width, name.width + index)
    }
    return width
  }

  static func encodedName(_ chain: SceneHost.ChainLayout, format: RowFormat) -> Name {
    encodedName(chain.name, isRepeated: chain.isRepeated, format: format)
  }

  /// The name of chain `name` (its copies' when `repeated`) in the format.
  static func encodedName(_ name: String, isRepeated repeated: Bool, format: RowFormat) -> Name {
    switch format {
    case .table:
      let shown = shownName(name)
      return Name(
        prefix: Array(shown.utf8), suffix: [], isRepeated: repeated,
        width: TerminalWidth.cells(of: shown))
    case .json, .ndjson:
      let escaped = jsonEscaped(name)
      return Name(
        prefix: Array(("\"" + escaped + (repeated ? "" : "\"")).utf8),
        suffix: Array("\"".utf8), isRepeated: repeated, width: 0)
    case .csv:
      guard name.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else {
        return Name(prefix: Array(name.utf8), suffix: [], isRepeated: repeated, width: 0)
      }
      let quoted = "\"" + name.replacing("\"", with: "\"\"")
      return Name(
        prefix: Array((quoted + (repeated ? "" : "\"")).utf8), suffix: Array("\"".utf8),
        isRepeated: repeated, width: 0)
    }
  }

  /// Chain `name` as the table and messages show it: one line, and no name
  /// passing for another. A name whose spaces at either end would be
  /// invisible (`trail ` beside `trail`), that starts with a quote, holds a
  /// backslash, or holds characters shown as escapes (a line break as `\n`,
  /// which a name holding `\` and `n` would show too) is shown in double
  /// quotes as JSON writes it: `"a\nb"` for the line break, `"a\\nb"` for
  /// the backslash.
  static func shownName(_ name: String) -> String {
    let isPlain =
      !name.hasPrefix(" ") && !name.hasSuffix(" ") && !name.hasPrefix("\"")
      && !name.contains("\\") && !name.unicodeScalars.contains(where: \.isUnsafeInMessage)
    return isPlain ? name : MessageText.quoted(name, limit: .max)
  }

  /// A view's name, its chain's or `NAME[i]` for a copy (a chain name holds
  /// no `[`), as the table shows it: `"a\nb"[3]`.
  static func shownViewName(_ view: String) -> String {
    if view.hasSuffix("]"), let open = view.lastIndex(of: "["),
      view[view.index(after: open)..<view.index(before: view.endIndex)].allSatisfy({
        $0.isASCII && $0.isNumber
      })
    {
      return shownName(String(view[..<open])) + view[open...]
    }
    return shownName(view)
  }

  /// `text` escaped for the inside of a JSON string.
  static func jsonEscaped(_ text: String) -> String { JSONString.escaped(text) }
}
