import EffectHost
import EffectProtocol

extension RowEncoder {
  /// Writes a row for every view of `selection` that `host`'s last frame
  /// evaluated, each led by `lead` (the frame's encoded lead cell), and hands
  /// `buffer` to `output` whenever it holds `chunkSize` bytes: the loop of
  /// `eval` and `simulate` alike. With `visibleOnly`, a windowed chain's rows
  /// are those of the copies the frame evaluated. Stops at the first error
  /// `output` throws and rethrows it. The number of rows written.
  @discardableResult
  mutating func writeFrameRows<Failure: Error>(
    of host: SceneHost, selection: ViewSelection, lead: ByteBuffer, visibleOnly: Bool,
    to buffer: ByteBuffer, chunkSize: Int,
    output: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) -> Int {
    let chains = host.chains
    var rows = 0
    let geometry = host.geometry
    var failure: Failure?
    let mapping = host.screenMapping
    host.withTransforms { views in
      for segment in selection.segments {
        let chain = chains[segment.chain]
        let name = names[segment.chain]
        let copies =
          visibleOnly
          ? segment.copies.clamped(to: host.visibleRange(ofChain: segment.chain))
          : segment.copies
        for copy in copies {
          let view = views[chain.viewRange.lowerBound + copy]
          let natural = mapping.frame(chain.naturalFrame(copy: copy, in: geometry))
          writeRow(
            offset: lead, name: name, copy: copy, transform: view,
            natural: mapping.translationOrigin(of: view, natural: natural), to: buffer)
          rows += 1
          if buffer.count >= chunkSize {
            do throws(Failure) {
              try output(buffer.bytes)
            } catch {
              failure = error
              return
            }
            buffer.removeAll()
          }
        }
      }
    }
    if let failure { throw failure }
    return rows
  }
}
