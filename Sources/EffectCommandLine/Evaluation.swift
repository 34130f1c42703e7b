import EffectHost
import EffectProtocol

/// Evaluates a scene at a run of offsets and streams the rows in a
/// ``RowFormat``: what `effectctl eval` prints.
///
/// Rows are formatted offset by offset into one reused buffer that is handed
/// to `output` whenever it holds ``chunkSize`` bytes, so memory stays flat
/// however many offsets there are.
public struct Evaluation {
  /// The host evaluated; its last frame is the last offset written.
  public private(set) var host: SceneHost
  /// The views whose rows are written.
  public let selection: ViewSelection
  public let format: RowFormat
  /// Whether each offset evaluates and writes only the views a lazy stack
  /// would have (``SceneHost/evaluate(offset:time:phase:visibleOnly:)``):
  /// of each selected chain, the copies in
  /// ``SceneHost/visibleRange(ofChain:)``, in order. `false` by default.
  public var visibleOnly = false
  /// The transform columns of each row, in order: every one by default
  /// (`eval --columns`).
  public var columns = TransformColumn.allCases
  /// How many bytes are gathered before they are handed to the output.
  public var chunkSize = 1 << 18

  /// An evaluation of `host`'s scene writing the rows of `selection`
  /// (every view by default) in `format`.
  ///
  /// `host` is consumed: pass it with `consume` (or build it in the call)
  /// so that the evaluation holds the only copy of its view buffer, and the
  /// first frame writes it in place instead of copying it.
  public init(host: consuming SceneHost, format: RowFormat, selection: ViewSelection? = nil) {
    self.format = format
    self.selection = selection ?? ViewSelection(all: host.chains)
    self.host = host
  }

  /// Evaluates every offset of `offsets` in order and writes the header, the
  /// rows and the footer to `output`, in chunks. Stops at the first error
  /// `output` throws (a closed pipe, say) and rethrows it; stops before an
  /// offset once a signal has arrived (``Interruption``), and at an offset
  /// whose values an effect that is not built in left outside the rule every
  /// effect keeps (``StreamEnd/brokenOutput(rows:message:)``), the format
  /// completed, and says so.
  @discardableResult
  public mutating func write<Failure: Error>(
    offsets: OffsetSpec, to output: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) -> StreamEnd {
    let chunkSize = chunkSize
    var encoder = RowEncoder(
      format: format, chains: host.chains, selection: selection, columns: columns)
    let buffer = ByteBuffer(capacity: chunkSize + (1 << 12))
    let offsetCell = ByteBuffer(capacity: 64)
    encoder.writeHeader(to: buffer)
    let visibleOnly = visibleOnly
    let check = OutputCheck(host.scene)
    var rows = 0
    var end = StreamEnd.complete
    for offset in offsets {
      if let interrupted = StreamEnd.checked(rows: rows) {
        end = interrupted
        break
      }
      host.evaluate(offset: offset, visibleOnly: visibleOnly)
      if let breach = check.breach(in: host) {
        end = .brokenOutput(
          rows: rows, message: "at offset \(MessageText.number(offset)), \(breach)")
        break
      }
      encoder.encodeOffset(offset, into: offsetCell)
      rows += try encoder.writeFrameRows(
        of: host, selection: selection, lead: offsetCell, visibleOnly: visibleOnly, to: buffer,
        chunkSize: chunkSize, output: output)
    }
    encoder.writeFooter(to: buffer)
    if buffer.count > 0 { try output(buffer.bytes) }
    return end
  }

  /// The rows for `offsets` as text: for tests and small outputs.
  public mutating func text(offsets: OffsetSpec) -> String {
    var bytes: [UInt8] = []
    write(offsets: offsets) { (chunk: UnsafeRawBufferPointer) -> Void in
      bytes.append(contentsOf: chunk)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
