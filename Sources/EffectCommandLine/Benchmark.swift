import EffectHost
import EffectProtocol

/// The loop that `effectctl bench` times, for any benchmark program to reuse.
public enum Benchmark {
  /// Evaluates `host` for `frames` frames, cycling through `offsets` (frame
  /// `i` at `offsets[i % offsets.count]`), and returns the sum of every
  /// column of every view of every frame, so that no evaluation can be
  /// optimised away and two runs can be compared.
  ///
  /// With `visibleOnly`, each frame evaluates only the views a lazy stack
  /// would have (``SceneHost/evaluate(offset:time:phase:visibleOnly:)``)
  /// and the sum is of those views alone.
  ///
  /// Returns 0 without evaluating when `frames` is not positive or `offsets`
  /// is empty.
  public static func checksum(
    host: inout SceneHost, offsets: OffsetSpec, frames: Int, visibleOnly: Bool = false
  ) -> Double {
    guard frames > 0, !offsets.isEmpty else { return 0 }
    let chains = host.chains
    var sum = 0.0
    var offsetIndex = 0
    for _ in 0..<frames {
      host.evaluate(offset: offsets[offsetIndex], visibleOnly: visibleOnly)
      offsetIndex += 1
      if offsetIndex == offsets.count { offsetIndex = 0 }
      let geometry = host.geometry
      // Through a buffer pointer, the layouts are read in place rather than
      // copied (with their names) chain by chain, frame by frame.
      sum += chains.withUnsafeBufferPointer { chains in
        var frameSum = 0.0
        for index in chains.indices {
          let range = chains[index].viewRange
          // Asked outside `withTransforms`: inside it, calling the host
          // copied all of it, every chain of every frame.
          let copies = visibleOnly ? host.visibleRange(ofChain: index) : 0..<range.count
          // Added view by view to the frame's sum, in the order of before.
          host.withTransforms { views in
            for copy in copies {
              let natural = chains[index].naturalFrame(copy: copy, in: geometry)
              frameSum += columnSum(
                views[range.lowerBound + copy], naturalX: natural.x, naturalY: natural.y)
            }
          }
        }
        return frameSum
      }
    }
    return sum
  }

  /// What `effectctl bench` prints: frames, views, total time, time per
  /// frame and the checksum in full precision (as the machine formats of
  /// ``RowFormat`` write numbers), one `name: value` a line.
  public static func report(frames: Int, views: Int, seconds: Double, checksum: Double)
    -> String
  {
    let perFrame = frames > 0 ? seconds * 1e9 / Double(frames) : 0
    return """
      frames:    \(frames)
      views:     \(views)
      time:      \(ByteBuffer.text { $0.appendFixed(seconds, decimals: 3) }) s
      per frame: \(ByteBuffer.text { $0.appendFixed(perFrame, decimals: 1) }) ns
      checksum:  \(ByteBuffer.text { $0.appendNumber(checksum) })

      """
  }

  /// The sum of the values of every ``TransformColumn`` of `view`, written
  /// out rather than through ``TransformColumn/value(of:naturalX:naturalY:)``
  /// to keep the per-view cost of the checksum small. A test checks that
  /// the two agree.
  @inline(__always)
  static func columnSum(_ view: ViewTransform, naturalX: Double, naturalY: Double) -> Double {
    let frame = view.x + view.y + view.width + view.height
    let translation = (view.x - naturalX) + (view.y - naturalY)
    let visuals = view.scaleX + view.scaleY + view.anchorX + view.anchorY + view.opacity
    return frame + translation + visuals + view.blur + view.rotation + view.zIndex
  }
}
