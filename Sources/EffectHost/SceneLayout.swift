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
/// - the content height, when the file leaves it out, is the largest of 0,
///   `V - It - Ib` and the lowest bottom edge of a content-attached copy.
public struct SceneLayout: Sendable, Equatable {
  /// Each chain's natural frame (copy 0's) as placed, in the scene's order,
  /// in content coordinates for a content-attached chain and viewport
  /// coordinates for a viewport-attached one.
  public var frames: [Rect]
  /// C, as the scene's geometry has it.
  public var contentHeight: Double

  /// A layout of these natural frames, one a chain in the scene's order, and content height.
  public init(frames: [Rect], contentHeight: Double) {
    self.frames = frames
    self.contentHeight = contentHeight
  }

  /// The natural bottom edge of the last of `count` copies `stride` apart,
  /// copy 0 at `frame`: what a chain placed after them is measured from. A
  /// chain without copies adds no length: its edge is its own `y`.
  @inlinable
  public static func bottomEdge(count: Int, stride: Double, at frame: Rect) -> Double {
    guard count > 0 else { return frame.y }
    return frame.y + Double(count - 1) * stride + frame.height
  }
}

extension Scene {
  /// Works ``layout`` out again from the chains, viewport and insets, in the
  /// memory it has: nothing is allocated while the number of chains, their
  /// names and their `after`s stay (a change of those works the anchors
  /// out again, ``ChainAnchors``). The chains are read in place: a pass
  /// copies no chain, and so retains none of their effects or events.
  mutating func layOut() {
    var frames = layout.frames
    layout.frames = []
    if frames.count != chains.count {
      frames = [Rect](repeating: Rect(y: 0, width: 0, height: 0), count: chains.count)
    }
    let viewport = self.viewport
    let insets = contentInsets
    let safeWidth = max(0, viewport.width - insets.left - insets.right)
    var height = viewport.height - insets.top - insets.bottom
    chains.withUnsafeBufferPointer { chainAnchors.update($0) }
    let anchors = chainAnchors.anchors
    chains.withUnsafeBufferPointer { chains in
      frames.withUnsafeMutableBufferPointer { frames in
        for index in chains.indices {
          var frame = chains[index].frame
          let automatic = chains[index].automaticFrame
          if !automatic.isEmpty {
            if automatic.contains(.x) { frame.x = insets.left }
            if automatic.contains(.width) { frame.width = safeWidth }
          }
          if chains[index].after != nil, case let anchor = anchors[index], anchor >= 0 {
            frame.y =
              SceneLayout.bottomEdge(
                count: chains[anchor].viewCount, stride: chains[anchor].stride, at: frames[anchor])
              + chains[index].frame.y
          }
          frames[index] = frame
          let count = chains[index].viewCount
          if chains[index].attachment == .content && count > 0 {
            height = max(
              height,
              SceneLayout.bottomEdge(count: count, stride: chains[index].stride, at: frame))
          }
        }
      }
    }
    layout.frames = frames
    layout.contentHeight = declaredContentHeight ?? max(0, height)
  }
}

/// The chain each chain of a scene is placed after (its `after`: the last
/// earlier chain with that name; a loaded scene has one at most), and the
/// first chain of each name, worked out with a table of names when the
/// chains' names or `after`s change and kept for the layouts between:
/// scanning back for the name at every layout took the square of the
/// chains, when thousands follow one, as looking each pin's `until` up did.
struct ChainAnchors: Sendable {
  /// The names and `after`s the anchors were worked out from.
  private var names: [String] = []
  private var afters: [String?] = []
  /// Chain i's anchor's index, or -1 for none; empty when no chain has
  /// `after`.
  private(set) var anchors: [Int] = []
  /// The index of the first chain of each name.
  private(set) var firstIndex: [String: Int] = [:]

  /// Works the anchors out again when the names or `after`s of `chains`
  /// are not those they were worked out from; allocates nothing when they
  /// are.
  mutating func update(_ chains: UnsafeBufferPointer<Chain>) {
    if chains.count == names.count
      && chains.indices.allSatisfy({
        chains[$0].name == names[$0] && chains[$0].after == afters[$0]
      })
    {
      return
    }
    names = chains.map(\.name)
    afters = chains.map(\.after)
    firstIndex = [:]
    for index in chains.indices.reversed() { firstIndex[chains[index].name] = index }
    guard afters.contains(where: { $0 != nil }) else {
      anchors = []
      return
    }
    var last: [String: Int] = [:]
    anchors = chains.indices.map { index in
      let anchor = chains[index].after.flatMap { last[$0] } ?? -1
      last[chains[index].name] = index
      return anchor
    }
  }
}
