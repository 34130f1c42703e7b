import EffectProtocol

/// What the end of a right-to-left frame mirrors
/// (``SceneHost/mirrorFrame(restingWritten:)``): the views it wrote as the
/// left-to-right image, in spans of consecutive views of the same part, in
/// the order of the views.
///
/// A view's anchor is 0.5 on the image unless an effect of its chain
/// changes it (its natural transform's, which the frame writes it from),
/// and 0.5 is its own mirror image (`1 - 0.5`): the views of the chains
/// whose effects never change it need their x and rotation alone mirrored.
/// (A rotation an effect leaves at 0 is -0 on the screen: it is mirrored
/// always.)
struct MirrorPlan: Sendable {
  /// Consecutive views, `start..<end`, and what the mirror rewrites of each.
  struct Span: Sendable, Equatable {
    var start: Int
    var end: Int
    var part: Part
  }

  /// What the mirror rewrites of a view.
  enum Part: UInt8, Sendable {
    /// `x`, `anchorX` and `rotation`.
    case whole
    /// `x` and `rotation`: no effect of the view's chain changes its anchor.
    case keepingAnchor
    /// `x` alone: a resting view whose natural top the frame wrote anew.
    case x
  }

  /// Whether the effects of each chain may change its views' `anchorX` on
  /// the screen (the vertical twin's `anchorY`).
  let changesAnchor: [Bool]
  /// The spans of a frame that writes every view.
  private(set) var everyView: Spans?
  /// The spans of a full frame once ``SceneHost/restingViewsWritten``:
  /// the views of the chains evaluated by themselves that rest are left
  /// out, but the natural tops of those attached to the content, whose
  /// `x` alone is mirrored again (``ChainRun/rest``).
  private(set) var onceWritten: Spans?

  /// Spans in memory of their own, which a frame reads through a pointer:
  /// read from an array, each frame retained and released it. Never
  /// changed once made (a new plan makes new ones), so copies of a host
  /// share them.
  ///
  /// `@unchecked Sendable`: immutable.
  final class Spans: @unchecked Sendable {
    let first: UnsafeMutablePointer<Stored>
    let count: Int

    /// A span as a frame reads it: the byte offsets from the first view of
    /// its first view and of its end, which the frame adds to its views'
    /// address, and its part and whether its count is odd, in one value.
    struct Stored {
      var start: Int
      var end: Int
      var shape: Shape
    }

    /// A span's part and how its count splits into an odd view and
    /// pairs of views: the frame's one choice a span, after which it
    /// mirrors the odd view, if any, then the pairs, if any, testing only
    /// whether it has reached the end after each pair.
    enum Shape: UInt8 {
      case keepingAnchorPairs, keepingAnchorOne, keepingAnchorOneAndPairs
      case wholePairs, wholeOne, wholeOneAndPairs
      case xPairs, xOne, xOneAndPairs
      /// The one span of a plan without views.
      case none

      /// The shape of a span of `count` views, at least one, of `part`.
      init(_ part: Part, count: Int) {
        let shapes: (pairs: Shape, one: Shape, oneAndPairs: Shape) =
          switch part {
          case .keepingAnchor: (.keepingAnchorPairs, .keepingAnchorOne, .keepingAnchorOneAndPairs)
          case .whole: (.wholePairs, .wholeOne, .wholeOneAndPairs)
          case .x: (.xPairs, .xOne, .xOneAndPairs)
          }
        self = count % 2 == 0 ? shapes.pairs : count == 1 ? shapes.one : shapes.oneAndPairs
      }

      var part: Part {
        switch self {
        case .keepingAnchorPairs, .keepingAnchorOne, .keepingAnchorOneAndPairs: .keepingAnchor
        case .wholePairs, .wholeOne, .wholeOneAndPairs: .whole
        case .xPairs, .xOne, .xOneAndPairs, .none: .x
        }
      }
    }

    /// The spans `spans`, each of at least one view. Without any, one
    /// span of no views (``Shape/none``): a frame reads at least one span,
    /// and tests for the end only after each.
    init(_ spans: [Span]) {
      let stride = MemoryLayout<ViewTransform>.stride
      var stored = spans.map { span in
        Stored(
          start: span.start * stride, end: span.end * stride,
          shape: Shape(span.part, count: span.end - span.start))
      }
      if stored.isEmpty { stored = [Stored(start: 0, end: 0, shape: .none)] }
      first = .allocate(capacity: stored.count)
      first.initialize(from: stored, count: stored.count)
      count = stored.count
    }

    deinit {
      first.deinitialize(count: count)
      first.deallocate()
    }

    /// The spans, in order.
    var array: [Span] {
      let stride = MemoryLayout<ViewTransform>.stride
      return UnsafeBufferPointer(start: first, count: count).compactMap {
        $0.end == $0.start
          ? nil : Span(start: $0.start / stride, end: $0.end / stride, part: $0.shape.part)
      }
    }
  }

  /// A keep-the-anchor span shorter than this beside a whole one is
  /// mirrored whole: a span's own set-up costs more than the anchors of so
  /// few views.
  static let shortestKeptSpan = 3

  /// The plan of a scene that is not mirrored: no spans.
  init() { changesAnchor = [] }

  /// The plan of the right-to-left `scene` (horizontal, its chains the
  /// vertical twin's), whose chains have the views `chains` and, evaluated
  /// by themselves, rest as `rest(chain)` says (`nil` for a chain in a
  /// group).
  init(scene: Scene, chains: [SceneHost.ChainLayout], rest: (Int) -> ChainRun.Rest?) {
    changesAnchor = scene.chains.indices.map { index in
      // An effect that cannot say what it changes may change it.
      SceneHost.fieldsWritten(byChain: index, in: scene)?.contains(.anchorY) ?? true
    }
    place(chains: chains, rest: rest)
  }

  /// Finds the spans again for the chains' views `chains` (after a change
  /// of a chain's count, which moves the views after it).
  mutating func place(chains: [SceneHost.ChainLayout], rest: (Int) -> ChainRun.Rest?) {
    var every: [Span] = []
    var once: [Span] = []
    for (index, chain) in chains.enumerated() where !chain.viewRange.isEmpty {
      let part: Part = changesAnchor[index] ? .whole : .keepingAnchor
      let range = chain.viewRange
      Self.append(Span(start: range.lowerBound, end: range.upperBound, part: part), to: &every)
      if let rest = rest(index), rest.rests {
        // Written once: nothing of it, or its natural tops in the content.
        if chain.attachment == .content {
          Self.append(Span(start: range.lowerBound, end: range.upperBound, part: .x), to: &once)
        }
      } else {
        Self.append(Span(start: range.lowerBound, end: range.upperBound, part: part), to: &once)
      }
    }
    everyView = Spans(Self.merged(every))
    onceWritten = Spans(Self.merged(once))
  }

  /// Appends `span` to `spans`, joined to the last when it follows it with
  /// the same part.
  private static func append(_ span: Span, to spans: inout [Span]) {
    if let last = spans.last, last.end == span.start, last.part == span.part {
      spans[spans.count - 1].end = span.end
    } else {
      spans.append(span)
    }
  }

  /// `spans` with each keep-the-anchor span of fewer than
  /// ``shortestKeptSpan`` views that touches a whole span made whole, and
  /// joined to it.
  private static func merged(_ spans: [Span]) -> [Span] {
    func touchesWhole(_ index: Int) -> Bool {
      let span = spans[index]
      let before = index > 0 ? spans[index - 1] : nil
      let after = index + 1 < spans.count ? spans[index + 1] : nil
      return (before.map { $0.part == .whole && $0.end == span.start } ?? false)
        || (after.map { $0.part == .whole && $0.start == span.end } ?? false)
    }
    var result: [Span] = []
    for (index, var span) in spans.enumerated() {
      if span.part == .keepingAnchor && span.end - span.start < shortestKeptSpan
        && touchesWhole(index)
      {
        span.part = .whole
      }
      append(span, to: &result)
    }
    return result
  }
}

extension SceneHost {
  /// How each chain rests when evaluated by itself as one of `runs`
  /// (``ChainRun/rest``), `nil` for a chain in a group, as
  /// ``MirrorPlan`` reads it.
  static func rest(of runs: [ChainRun], _ placements: Placements) -> (Int) -> ChainRun.Rest? {
    { chain in
      let run = placements.runOfChain[chain]
      return run >= 0 ? runs[run].rest : nil
    }
  }
}
