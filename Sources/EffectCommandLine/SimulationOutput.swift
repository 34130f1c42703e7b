import EffectHost
import EffectProtocol

/// Evaluates a scene at every frame of a simulated gesture and streams the
/// rows in a ``RowFormat``: what `effectctl simulate` prints.
///
/// A row is `frame`, `time`, `phase`, `offset`, `chain`, then the transform
/// columns. Machine formats write the time as the exact Double n / fps and
/// the offset in full; the table rounds the time to 4 decimals and the
/// offset to 2, in fixed widths. As in ``Evaluation``, rows go into one
/// reused buffer handed to the output every ``chunkSize`` bytes, and the
/// frames are produced one at a time, so memory stays flat however long the
/// gesture.
public struct Simulation {
  /// The host evaluated; its last frame is the last frame written.
  public private(set) var host: SceneHost
  public let frames: MotionFrames
  /// The scene as each `set` step of the gesture leaves it, in order: the
  /// host changes its layout to it at the frame the step changes.
  public let layouts: [Scene]
  /// The views whose rows are written.
  public let selection: ViewSelection
  public let format: RowFormat
  /// How many bytes are gathered before they are handed to the output.
  public var chunkSize = 1 << 18

  /// The width of the table's phase column: fits `decelerating`.
  static let phaseWidth = ScrollPhase.allCases.map(\.rawValue.count).max() ?? 0
  /// The columns before `chain`.
  static let lead = RowLead(
    columns: ["frame", "time", "phase", "offset"],
    tableHeader: [
      String(repeating: " ", count: RowFormat.tableNumberWidth - "frame".count) + "frame",
      String(repeating: " ", count: RowFormat.tableNumberWidth - "time".count) + "time",
      "phase" + String(repeating: " ", count: phaseWidth - "phase".count),
      String(repeating: " ", count: RowFormat.tableNumberWidth - "offset".count) + "offset",
    ].joined(separator: "  "))

  /// A simulation of `frames` on `host`'s scene writing the rows of
  /// `selection` (every view by default) in `format`; `host` is consumed, as
  /// ``Evaluation/init(host:format:selection:)`` says why.
  /// `layouts` is the scene as each `set` step of the gesture leaves it, in
  /// order (none for a gesture without one).
  public init(
    host: consuming SceneHost, frames: MotionFrames, layouts: [Scene] = [], format: RowFormat,
    selection: ViewSelection? = nil
  ) {
    precondition(
      layouts.count == frames.gesture.settings.count, "the scene after each set step")
    self.format = format
    self.frames = frames
    self.layouts = layouts
    let selection = selection ?? ViewSelection(all: host.chains)
    self.selection = selection
    followed = layouts.map { scene in
      (
        scene.chains.map {
          RowEncoder.encodedName($0.name, isRepeated: $0.repetition != nil, format: format)
        }, selection.following(counts: scene.chains.map(\.viewCount))
      )
    }
    self.host = host
  }

  /// The names and the views written after each `set` step: a step that
  /// changes a chain's copies changes its rows.
  private let followed: [(names: [RowEncoder.Name], selection: ViewSelection)]

  /// Evaluates every frame in order, each with its offset, time and phase,
  /// and writes the header, the rows and the footer to `output`, in chunks.
  /// Stops at the first error `output` throws and rethrows it; stops before
  /// a frame once a signal has arrived (``Interruption``), the format
  /// completed, and says so.
  @discardableResult
  public mutating func write<Failure: Error>(
    to output: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) -> StreamEnd {
    let chunkSize = chunkSize
    var encoder = RowEncoder(
      format: format, chains: host.chains, selection: selection, lead: Self.lead)
    var selection = selection
    for (names, selection) in followed {
      encoder.nameWidth = max(encoder.nameWidth, RowEncoder.nameWidth(names, selection: selection))
    }
    let buffer = ByteBuffer(capacity: chunkSize + (1 << 12))
    let leadCell = ByteBuffer(capacity: 128)
    encoder.writeHeader(to: buffer)
    let check = OutputCheck(host.scene)
    var rows = 0
    var end = StreamEnd.complete
    for frame in frames {
      if let interrupted = StreamEnd.checked(rows: rows) {
        end = interrupted
        break
      }
      for change in frame.layoutChanges { host.changeLayout(to: layouts[change]) }
      if let last = frame.layoutChanges.last {
        (encoder.names, selection) = followed[last]
      }
      host.evaluate(offset: frame.offset, time: frame.time, phase: frame.phase)
      if let breach = check.breach(in: host) {
        end = .brokenOutput(rows: rows, message: "\(Self.place(of: frame)), \(breach)")
        break
      }
      Self.encodeLead(of: frame, format: format, into: leadCell)
      rows += try encoder.writeFrameRows(
        of: host, selection: selection, lead: leadCell, visibleOnly: false, to: buffer,
        chunkSize: chunkSize, output: output)
    }
    encoder.writeFooter(to: buffer)
    if buffer.count > 0 { try output(buffer.bytes) }
    return end
  }

  /// Evaluates every frame in order and writes the event rows instead of
  /// transforms, what `simulate --events` prints: `frame`, `time`, `phase`,
  /// `offset` (the table rounds them as the transform rows do), then
  /// ``EventRowWriter``'s `chain`, `event`, `direction`, `value`. Frame 0
  /// fires nothing. Stops at the first error `output` throws and rethrows
  /// it, and as ``write(to:)`` on a signal.
  @discardableResult
  public mutating func writeEvents<Failure: Error>(
    to output: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) -> StreamEnd {
    var writer = EventRowWriter(
      format: format, host: host, selection: selection, leading: EventRowWriter.Column.simulation)
    // The chain column as wide as every layout's rows need, from the start.
    for (names, selection) in followed { writer.follow(names: names, selection: selection) }
    writer.follow(
      names: host.chains.map { RowEncoder.encodedName($0, format: format) }, selection: selection)
    let layouts = layouts
    let followed = followed
    return try writer.write(
      frames: frames, of: &host, chunkSize: chunkSize,
      evaluate: { frame, host in
        for change in frame.layoutChanges { host.changeLayout(to: layouts[change]) }
        host.evaluate(offset: frame.offset, time: frame.time, phase: frame.phase)
        return [
          .integer(frame.index), .number(frame.time, tableDecimals: 4), .text(frame.phase.rawValue),
          .number(frame.offset, tableDecimals: 2),
        ]
      }, follow: { frame in frame.layoutChanges.last.map { followed[$0] } },
      place: { Self.place(of: $0) }, to: output)
  }

  /// Where a frame is in a message: `at frame 12 (offset 48.5)`.
  static func place(of frame: MotionFrame) -> String {
    "at frame \(frame.index) (offset \(MessageText.number(frame.offset)))"
  }

  /// After ``write(to:)`` or ``writeEvents(to:)`` wrote every frame: an
  /// error when the last frame is not at rest, the frames having stopped
  /// ``MotionFrames/settlingLimit`` seconds after the gesture's end (a snap
  /// curve over a long way can take longer): the rows are not the whole
  /// motion, which a command must not report as success.
  func unsettledError() -> CommandError? {
    guard host.phase != .idle, let time = host.time else { return nil }
    return .failed(
      message:
        "the scroll is still \(host.phase.rawValue) at \(MessageText.number(time)) s "
        + "(offset \(MessageText.number(host.geometry.offset))), "
        + "\(MessageText.number(MotionFrames.settlingLimit)) s after the gesture's end, "
        + "where the frames stop: the rows are not the whole motion",
      status: .failure)
  }

  /// The rows as text: for tests and small outputs.
  public mutating func text() -> String {
    var bytes: [UInt8] = []
    write { (chunk: UnsafeRawBufferPointer) -> Void in bytes.append(contentsOf: chunk) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The event rows as text: for tests and small outputs.
  public mutating func eventsText() -> String {
    var bytes: [UInt8] = []
    writeEvents { (chunk: UnsafeRawBufferPointer) -> Void in bytes.append(contentsOf: chunk) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The lead cell of every row of `frame`: `frame`, `time`, `phase` and
  /// `offset` in the format (in JSON, the keys after the first with them).
  /// An event mode's rows start with the same cell.
  static func encodeLead(of frame: MotionFrame, format: RowFormat, into cell: ByteBuffer) {
    cell.removeAll()
    let phase = frame.phase.rawValue
    switch format {
    case .table:
      let width = RowFormat.tableNumberWidth
      cell.appendRightAligned(width: width) { cell.appendInteger(Int64(frame.index)) }
      cell.append("  ")
      cell.appendRightAligned(width: width) { cell.appendFixed(frame.time, decimals: 4) }
      cell.append("  ")
      cell.append(phase)
      cell.appendSpaces(phaseWidth - phase.count)
      cell.append("  ")
      cell.appendRightAligned(width: width) { cell.appendFixed(frame.offset, decimals: 2) }
    case .json, .ndjson:
      cell.appendInteger(Int64(frame.index))
      cell.append(",\"time\":")
      cell.appendNumber(frame.time)
      cell.append(",\"phase\":\"")
      cell.append(phase)
      cell.append("\",\"offset\":")
      cell.appendNumber(frame.offset)
    case .csv:
      cell.appendInteger(Int64(frame.index))
      cell.append(UInt8(ascii: ","))
      cell.appendNumber(frame.time)
      cell.append(UInt8(ascii: ","))
      cell.append(phase)
      cell.append(UInt8(ascii: ","))
      cell.appendNumber(frame.offset)
    }
  }
}
