import EffectProtocol

/// Evaluates every chain of a scene, frame by frame, into a buffer it reuses.
///
/// Built once from a ``Scene``; each ``evaluate(offset:)`` starts every view
/// from its natural frame and identity visuals and runs the chain's effects in
/// order. An effect is called once per chain per frame with all of the chain's
/// views (every copy of a repeated chain), so dispatch costs nothing per view.
/// After the first frame, evaluation allocates nothing, as long as callers
/// read results through ``transform(at:)`` or ``withTransforms(_:)`` and keep
/// no copy of the buffer.
///
/// A host is a value: copies evaluate independently, and two threads
/// evaluating two hosts never interfere.
public struct SceneHost: Sendable {
  /// Where a chain's views are in the buffer and how they are named.
  public struct ChainLayout: Sendable {
    /// The chain's name.
    public let name: String
    /// The indices of the chain's views in the buffer.
    public let viewRange: Range<Int>
    /// Whether the chain repeats (its views are named `name[i]`).
    public let isRepeated: Bool
    /// The natural frame of copy 0, in its own coordinates.
    public let frame: Rect
    public let attachment: Attachment
    /// The distance between neighbouring copies.
    public let stride: Double

    /// The output name of copy `index`.
    public func viewName(copy index: Int) -> String {
      isRepeated ? "\(name)[\(index)]" : name
    }

    /// The natural top of copy 0 in viewport coordinates in `geometry`.
    @inlinable
    public func naturalTop(in geometry: ScrollGeometry) -> Double {
      attachment == .content ? geometry.contentOrigin + frame.y : frame.y
    }

    /// The natural frame of copy `copy` in viewport coordinates in `geometry`.
    @inlinable
    public func naturalFrame(copy: Int, in geometry: ScrollGeometry) -> Rect {
      Rect(
        x: frame.x, y: naturalTop(in: geometry) + Double(copy) * stride, width: frame.width,
        height: frame.height)
    }
  }

  /// The largest offset magnitude evaluated, 1e15 points: beyond it offsets
  /// are clamped, so that every output stays finite.
  public static let offsetLimit = 1e15

  /// The scene evaluated.
  public let scene: Scene
  /// The chains, in file order.
  public let chains: [ChainLayout]
  /// The geometry of the last frame evaluated.
  public private(set) var geometry: ScrollGeometry
  private var steps: [[any ChainStep]]
  private var buffer: [ViewTransform]

  /// A host for `scene`, with every view at rest (offset 0) until the first
  /// ``evaluate(offset:)``.
  public init(scene: Scene) {
    self.scene = scene
    var layouts: [ChainLayout] = []
    var steps: [[any ChainStep]] = []
    layouts.reserveCapacity(scene.chains.count)
    steps.reserveCapacity(scene.chains.count)
    var start = 0
    for chain in scene.chains {
      let count = chain.viewCount
      layouts.append(
        ChainLayout(
          name: chain.name, viewRange: start..<start + count, isRepeated: chain.repetition != nil,
          frame: chain.frame, attachment: chain.attachment, stride: chain.stride))
      steps.append(chain.effects.map { makeStep($0, viewCount: count) })
      start += count
    }
    self.chains = layouts
    self.steps = steps
    self.geometry = scene.geometry(offset: 0)
    self.buffer = [ViewTransform](
      repeating: ViewTransform(frame: Rect(y: 0, width: 0, height: 0)), count: start)
  }

  /// The number of views, copies included.
  public var viewCount: Int { buffer.count }

  /// Evaluates every chain at scroll offset `offset` (the scene's viewport,
  /// insets and content height).
  public mutating func evaluate(offset: Double) {
    var frame = geometry
    frame.offset = offset
    evaluate(frame)
  }

  /// Evaluates every chain in `geometry`; its offset is clamped to
  /// ±``offsetLimit``.
  public mutating func evaluate(_ geometry: ScrollGeometry) {
    var geometry = geometry
    geometry.offset = min(max(geometry.offset, -Self.offsetLimit), Self.offsetLimit)
    self.geometry = geometry
    let chains = self.chains
    buffer.withUnsafeMutableBufferPointer { views in
      guard let base = views.baseAddress else { return }
      for chainIndex in chains.indices {
        let chain = chains[chainIndex]
        let count = chain.viewRange.count
        let first = base + chain.viewRange.lowerBound
        for copy in 0..<count {
          first[copy] = ViewTransform(frame: chain.naturalFrame(copy: copy, in: geometry))
        }
        var batch = ViewBatch(
          geometry: geometry, attachment: chain.attachment, naturalFrame: chain.frame,
          stride: chain.stride, base: first, count: count)
        for stepIndex in steps[chainIndex].indices {
          steps[chainIndex][stepIndex].run(&batch)
        }
      }
    }
  }

  /// The transform of view `index` in the last frame.
  @inlinable
  public func transform(at index: Int) -> ViewTransform {
    withTransforms { $0[index] }
  }

  /// Calls `body` with the transforms of the last frame, chain by chain in
  /// file order, copies in order.
  public func withTransforms<Result>(_ body: (UnsafeBufferPointer<ViewTransform>) throws -> Result)
    rethrows -> Result
  {
    try buffer.withUnsafeBufferPointer(body)
  }

  /// The natural frame of copy `copy` of chain `chainIndex` in viewport
  /// coordinates in the last frame.
  public func naturalFrame(chain chainIndex: Int, copy: Int) -> Rect {
    chains[chainIndex].naturalFrame(copy: copy, in: geometry)
  }
}

/// One effect of one chain with its state: the unit the host dispatches to.
private protocol ChainStep: Sendable {
  mutating func run(_ batch: inout ViewBatch)
}

private struct Step<Effect: ScrollEffect>: ChainStep {
  let effect: Effect
  var state: Effect.State

  mutating func run(_ batch: inout ViewBatch) {
    effect.apply(to: &batch, state: &state)
  }
}

private func makeStep<Effect: ScrollEffect>(_ effect: Effect, viewCount: Int) -> any ChainStep {
  Step(effect: effect, state: effect.makeState(viewCount: viewCount))
}
