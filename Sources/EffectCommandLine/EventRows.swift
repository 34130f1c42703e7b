import EffectHost
import EffectProtocol

/// Writes event rows, what `--events` prints instead of transforms: the
/// frame's leading cells (`offset` for `eval`; `frame`, `time`, `phase`,
/// `offset` for `simulate`), then `chain` (the view's name, `row[3]`),
/// `event`, `direction` and `value`, in every ``RowFormat``.
///
/// Per frame, the caller encodes the leading cells once with
/// ``encodeLeading(_:into:)`` and calls ``writeRows(of:leading:to:)`` with the
/// host just evaluated; the rows are the host's events of that frame (see
/// ``SceneHost/withEvents(_:)``) whose view the selection keeps, in the host's
/// order. ``writeHeader(to:)`` first, ``writeFooter(to:)`` last.
struct EventRowWriter {
  /// A column before `chain`, and its width in the table.
  struct Column {
    var name: String
    /// Cells of the table's column; at least the name's length.
    var width: Int
    /// Whether the table pads the column on the right (text such as the
    /// phase) rather than the left (numbers).
    var isLeftAligned: Bool

    init(_ name: String, width: Int = RowFormat.tableNumberWidth, isLeftAligned: Bool = false) {
      self.name = name
      self.width = max(width, name.count)
      self.isLeftAligned = isLeftAligned
    }

    /// `eval`'s one leading column.
    static let offset = Column("offset")
    /// `simulate`'s leading columns, as its transform rows have them.
    static let simulation = [
      Column("frame"), Column("time"),
      Column("phase", width: Simulation.phaseWidth, isLeftAligned: true), .offset,
    ]
  }

  /// A leading cell's value.
  enum Cell {
    /// Written in full precision, in the table too unless `tableDecimals`
    /// rounds it there.
    case number(Double, tableDecimals: Int? = nil)
    case integer(Int)
    /// Written as a JSON string in the JSON formats, as is otherwise.
    case text(String)
  }

  let format: RowFormat
  let leading: [Column]
  /// The encoded view names, as transform rows write them.
  private var names: [RowEncoder.Name]
  /// Each chain's event names, encoded for the format.
  private let eventNames: [[[UInt8]]]
  /// The copies of each chain that the selection keeps.
  private var kept: [Range<Int>]
  private(set) var nameWidth: Int
  private let eventWidth: Int
  private var rowsWritten = 0

  /// The column names of a row, after the leading ones.
  static let columns = ["chain", "event", "direction", "value"]

  init(
    format: RowFormat, host: SceneHost, selection: ViewSelection, leading: [Column] = [.offset]
  ) {
    self.format = format
    self.leading = leading
    let chains = host.chains
    names = chains.map { RowEncoder.encodedName($0, format: format) }
    let declared = host.scene.chains.map(\.events)
    eventNames = declared.map { events in
      events.map { event in
        switch format {
        // A chain's rule: one line, and no name passing for another.
        case .table: Array(RowEncoder.shownName(event.name).utf8)
        case .json, .ndjson: Array(("\"" + RowEncoder.jsonEscaped(event.name) + "\"").utf8)
        case .csv: Array(Self.csvField(event.name).utf8)
        }
      }
    }
    var eventWidth = "event".count
    for segment in selection.segments where !segment.copies.isEmpty {
      for event in declared[segment.chain] {
        eventWidth = max(
          eventWidth, TerminalWidth.cells(of: RowEncoder.shownName(event.name)))
      }
    }
    self.eventWidth = eventWidth
    kept = []
    nameWidth = 0
    follow(names: names, selection: selection)
  }

  /// Writes the rows of the views of `selection`, named by `names`, from
  /// now on (after a layout change that changed copies): the chain column
  /// widens to fit them, never narrows.
  mutating func follow(names: [RowEncoder.Name], selection: ViewSelection) {
    self.names = names
    kept = [Range<Int>](repeating: 0..<0, count: names.count)
    var width = max(nameWidth, "chain".count)
    for segment in selection.segments where !segment.copies.isEmpty {
      kept[segment.chain] = segment.copies
      guard !eventNames[segment.chain].isEmpty else { continue }
      let name = names[segment.chain]
      let index =
        name.isRepeated ? 2 + ByteBuffer.digitCount(UInt64(segment.copies.upperBound - 1)) : 0
      width = max(width, name.width + index)
    }
    nameWidth = width
  }

  func writeHeader(to buffer: ByteBuffer) {
    switch format {
    case .table:
      var line = ""
      for column in leading {
        let padding = String(repeating: " ", count: column.width - column.name.count)
        line += (column.isLeftAligned ? column.name + padding : padding + column.name) + "  "
      }
      line += "chain" + String(repeating: " ", count: nameWidth - "chain".count) + "  "
      line += "event" + String(repeating: " ", count: eventWidth - "event".count) + "  "
      line += "direction   " + String(repeating: " ", count: RowFormat.tableNumberWidth - 5)
      line += "value\n"
      buffer.append(line)
    case .json: buffer.append("[\n")
    case .ndjson: break
    case .csv: buffer.append((leading.map(\.name) + Self.columns).joined(separator: ",") + "\n")
    }
  }

  func writeFooter(to buffer: ByteBuffer) {
    if format == .json { buffer.append(rowsWritten == 0 ? "]\n" : "\n]\n") }
  }

  /// The leading cells of every row of one frame, encoded with what follows
  /// each: `{"offset":0,` in JSON, `0,` in CSV, `         0  ` in the table.
  func encodeLeading(_ cells: [Cell], into cell: ByteBuffer) {
    precondition(cells.count == leading.count, "one cell per leading column")
    cell.removeAll()
    let isJSON = format == .json || format == .ndjson
    for (column, value) in zip(leading, cells) {
      if isJSON { cell.append("\"\(column.name)\":") }
      let width = format == .table ? column.width : 0
      switch value {
      case .number(let number, let tableDecimals):
        cell.appendRightAligned(width: width) {
          // Offsets and times as the transform rows of the same command.
          if isJSON && !number.isFinite {
            cell.append("null")
          } else if format == .table, let tableDecimals {
            cell.appendFixed(number, decimals: tableDecimals)
          } else {
            cell.appendNumber(number)
          }
        }
      case .integer(let integer):
        cell.appendRightAligned(width: width) { cell.appendInteger(Int64(integer)) }
      case .text(let text):
        switch format {
        case .table where column.isLeftAligned:
          cell.append(text)
          cell.appendSpaces(width - text.count)
        case .table: cell.appendRightAligned(width: width) { cell.append(text) }
        case .json, .ndjson: cell.append("\"" + RowEncoder.jsonEscaped(text) + "\"")
        case .csv: cell.append(Self.csvField(text))
        }
      }
      cell.append(format == .table ? "  " : ",")
    }
  }

  /// The rows of the events of `host`'s last frame whose view is kept; how
  /// many.
  @discardableResult
  mutating func writeRows(of host: SceneHost, leading: ByteBuffer, to buffer: ByteBuffer) -> Int {
    let before = rowsWritten
    host.withEvents { events in
      for event in events where kept[event.chain].contains(event.copy) {
        writeRow(event, leading: leading, to: buffer)
      }
    }
    return rowsWritten - before
  }

  private mutating func writeRow(_ event: SceneEvent, leading: ByteBuffer, to buffer: ByteBuffer) {
    let isJSON = format == .json || format == .ndjson
    switch format {
    case .table, .csv: break
    case .json: buffer.append(rowsWritten == 0 ? "{" : ",\n{")
    case .ndjson: buffer.append("{")
    }
    rowsWritten += 1
    buffer.append(leading.bytes)
    if isJSON { buffer.append("\"chain\":") }
    let name = names[event.chain]
    buffer.append(name.prefix)
    if name.isRepeated {
      buffer.append(UInt8(ascii: "["))
      buffer.appendInteger(Int64(event.copy))
      buffer.append(UInt8(ascii: "]"))
      buffer.append(name.suffix)
    }
    let separator = format == .table ? "  " : ","
    if format == .table {
      let indexWidth = name.isRepeated ? 2 + ByteBuffer.digitCount(UInt64(event.copy)) : 0
      buffer.appendSpaces(nameWidth - name.width - indexWidth)
    }
    buffer.append(separator)
    if isJSON { buffer.append("\"event\":") }
    let eventName = eventNames[event.chain][event.event]
    buffer.append(eventName)
    if format == .table {
      let shown = Self.cells(eventName)
      buffer.appendSpaces(eventWidth - shown)
    }
    buffer.append(separator)
    if isJSON { buffer.append("\"direction\":\"") }
    buffer.append(event.direction.rawValue)
    if isJSON { buffer.append("\"") }
    buffer.append(separator)
    if isJSON { buffer.append("\"value\":") }
    if format == .table {
      buffer.appendRightAligned(width: RowFormat.tableNumberWidth) {
        buffer.appendFixed(event.value, decimals: 2)
      }
    } else if isJSON && !event.value.isFinite {
      buffer.append("null")
    } else {
      buffer.appendNumber(event.value)
    }
    switch format {
    case .table, .csv: buffer.append(UInt8(ascii: "\n"))
    case .ndjson: buffer.append("}\n")
    case .json: buffer.append(UInt8(ascii: "}"))
    }
  }

  /// Evaluates `host` at each of `frames` in order (`evaluate` evaluates
  /// one and returns its leading cells) and writes the header, the event
  /// rows and the footer to `output`, in chunks of `chunkSize` bytes;
  /// rethrows the first error of `output`. Stops before a frame once a
  /// signal has arrived (``Interruption``), the format completed.
  ///
  /// `follow` gives, for a frame at which the host's chains change their
  /// copies, the names and selection to write from then on
  /// (``follow(names:selection:)``).
  mutating func write<Frames: Sequence, Failure: Error>(
    frames: Frames, of host: inout SceneHost, chunkSize: Int,
    evaluate: (Frames.Element, inout SceneHost) -> [Cell],
    follow: (Frames.Element) -> (names: [RowEncoder.Name], selection: ViewSelection)? = { _ in nil
    },
    place: (Frames.Element) -> String,
    to output: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) -> StreamEnd {
    let buffer = ByteBuffer(capacity: chunkSize + (1 << 12))
    let leadingCell = ByteBuffer(capacity: 128)
    writeHeader(to: buffer)
    let check = OutputCheck(host.scene)
    var rows = 0
    var end = StreamEnd.complete
    for frame in frames {
      if let interrupted = StreamEnd.checked(rows: rows) {
        end = interrupted
        break
      }
      let leading = evaluate(frame, &host)
      if let breach = check.breach(in: host) {
        end = .brokenOutput(rows: rows, message: "\(place(frame)), \(breach)")
        break
      }
      encodeLeading(leading, into: leadingCell)
      if let followed = follow(frame) {
        self.follow(names: followed.names, selection: followed.selection)
      }
      rows += writeRows(of: host, leading: leadingCell, to: buffer)
      if buffer.count >= chunkSize {
        try output(buffer.bytes)
        buffer.removeAll()
      }
    }
    writeFooter(to: buffer)
    if buffer.count > 0 { try output(buffer.bytes) }
    return end
  }

  /// The terminal cells of an event name as the table shows it.
  private static func cells(_ bytes: [UInt8]) -> Int {
    TerminalWidth.cells(of: String(decoding: bytes, as: UTF8.self))
  }

  /// A CSV field: quoted (RFC 4180) when it holds a comma, a quote or a line
  /// break.
  static func csvField(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
    return "\"" + text.replacing("\"", with: "\"\"") + "\""
  }
}

/// Evaluates a scene at a run of offsets and streams its event rows: what
/// `effectctl eval --events` prints. Frames are idle and untimed, evaluated
/// in the order of the offsets, so the first offset fires nothing.
struct EventEvaluation {
  private(set) var host: SceneHost
  let selection: ViewSelection
  let format: RowFormat
  var chunkSize = 1 << 18

  init(host: consuming SceneHost, format: RowFormat, selection: ViewSelection? = nil) {
    self.format = format
    self.selection = selection ?? ViewSelection(all: host.chains)
    self.host = host
  }

  /// Evaluates every offset in order and writes the header, the event rows
  /// and the footer to `output`, in chunks; rethrows the first error of
  /// `output`, and stops as ``Evaluation`` does on a signal.
  @discardableResult
  mutating func write<Failure: Error>(
    offsets: OffsetSpec, to output: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) -> StreamEnd {
    var writer = EventRowWriter(format: format, host: host, selection: selection)
    return try writer.write(
      frames: offsets, of: &host, chunkSize: chunkSize,
      evaluate: { offset, host in
        host.evaluate(offset: offset)
        return [.number(offset)]
      }, place: { "at offset \(MessageText.number($0))" }, to: output)
  }

  /// The rows for `offsets` as text: for tests and small outputs.
  mutating func text(offsets: OffsetSpec) -> String {
    var bytes: [UInt8] = []
    write(offsets: offsets) { (chunk: UnsafeRawBufferPointer) -> Void in
      bytes.append(contentsOf: chunk)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
