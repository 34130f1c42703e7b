import EffectProtocol

/// Where a scene's chains are: each chain's natural frame as placed, and the
/// content height in effect. ``Scene`` keeps it current.
///
/// A chain's frame is the file's, with three parts worked out:
/// - without `x`, it starts at the left inset; without `width`, it spans
///   `W - left - right` (never below 0), as a scroll view's content fills
///   the safe area;
/// - a chain placed `after` chain NAME has its `y` measured from NAME's
///   bottom edge: `y0 + (count - 1) * (height + spacing) + height` of NAME
///   as placed, or NAME's own `y0` when its count is 0; `frame.y` is then
///   the gap (and may be negative);
/// - the content height, when the file leaves it out, is the larger of
///   `V - It - Ib` and the lowest bottom edge of a content-attached copy.
public struct SceneLayout: Sendable, Equatable {
  /// Each chain's natural frame (copy 0's) as placed, in the scene's order,
  /// in content coordinates for a content-attached chain and viewport
  /// coordinates for a viewport-attached one.
  public var frames: [Rect]
  /// C, as the scene's geometry has it.
  public var contentHeight: Double

  public init(frames: [Rect], contentHeight: Double) {
    self.frames = frames
    self.contentHeight = contentHeight
  }

  /// The natural bottom edge of `chain`'s last copy with copy 0 at `frame`:
  /// what a chain placed after it is measured from. A chain without copies
  /// adds no length: its edge is its own `y`.
  @inlinable
  public static func bottomEdge(of chain: Chain, at frame: Rect) -> Double {
    let count = chain.viewCount
    guard count > 0 else { return frame.y }
    return frame.y + Double(count - 1) * chain.stride + frame.height
  }
}

extension Scene {
  /// The index of the chain that chain `index` is placed after: the last
  /// earlier chain with that name (a loaded scene has one at most), or `nil`.
  func anchor(ofChain index: Int) -> Int? {
    guard let name = chains[index].after else { return nil }
    var candidate = index
    while candidate > 0 {
      candidate -= 1
      if chains[candidate].name == name { return candidate }
    }
    return nil
  }

  /// Chain `index`'s frame as placed, given the frames of the chains before
  /// it in `placed`.
  func placedFrame(ofChain index: Int, placed: UnsafeBufferPointer<Rect>) -> Rect {
    let chain = chains[index]
    var frame = chain.frame
    if chain.automaticFrame.contains(.x) { frame.x = contentInsets.left }
    if chain.automaticFrame.contains(.width) {
      frame.width = max(0, viewport.width - contentInsets.left - contentInsets.right)
    }
    if let anchor = anchor(ofChain: index) {
      frame.y = SceneLayout.bottomEdge(of: chains[anchor], at: placed[anchor]) + chain.frame.y
    }
    return frame
  }

  /// Works ``layout`` out again from the chains, viewport and insets, in the
  /// memory it has (nothing is allocated while the number of chains stays).
  mutating func layOut() {
    var frames = layout.frames
    layout.frames = []
    if frames.count != chains.count {
      frames = [Rect](repeating: Rect(y: 0, width: 0, height: 0), count: chains.count)
    }
    var height = viewport.height - contentInsets.top - contentInsets.bottom
    frames.withUnsafeMutableBufferPointer { frames in
      for index in chains.indices {
        let frame = placedFrame(ofChain: index, placed: UnsafeBufferPointer(frames))
        frames[index] = frame
        let chain = chains[index]
        if chain.attachment == .content && chain.viewCount > 0 {
          height = max(height, SceneLayout.bottomEdge(of: chain, at: frame))
        }
      }
    }
    layout.frames = frames
    layout.contentHeight = declaredContentHeight ?? max(0, height)
  }
}
