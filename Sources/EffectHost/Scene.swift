import EffectProtocol

/// A screen: the scroll view's size and insets and the chains of effects of
/// its views, as a scene file declares them.
public struct Scene: Sendable {
  /// Free text from the file.
  public var description: String?
  /// W x V; default 390 x 844.
  public var viewport: Size
  /// It, Ib, left, right; default 0.
  public var contentInsets: EdgeInsets
  /// C: the file's `contentHeight`, or by default the larger of
  /// `V - It - Ib` and the lowest natural bottom edge of any content-attached
  /// view.
  public var contentHeight: Double
  /// The chains, in file order.
  public var chains: [Chain]
  /// Where scrolling comes to rest (the file's `snap`); `nil`: anywhere.
  /// Only simulated motion uses it; `eval` ignores it.
  public var snap: ScrollSnap?

  public init(
    description: String? = nil, viewport: Size = .phone, contentInsets: EdgeInsets = .zero,
    contentHeight: Double? = nil, chains: [Chain], snap: ScrollSnap? = nil
  ) {
    self.description = description
    self.snap = snap
    self.viewport = viewport
    self.contentInsets = contentInsets
    self.chains = chains
    self.contentHeight =
      contentHeight
      ?? Scene.defaultContentHeight(
        viewport: viewport, contentInsets: contentInsets, chains: chains)
  }

  /// The larger of `V - It - Ib` and the lowest natural bottom edge of any
  /// content-attached view, copies of repeated chains included.
  public static func defaultContentHeight(
    viewport: Size, contentInsets: EdgeInsets, chains: [Chain]
  ) -> Double {
    var height = viewport.height - contentInsets.top - contentInsets.bottom
    for chain in chains where chain.attachment == .content && chain.viewCount > 0 {
      let lastTop = chain.frame.y + Double(chain.viewCount - 1) * chain.stride
      height = max(height, lastTop + chain.frame.height)
    }
    return max(0, height)
  }

  /// The geometry of this scene at `offset`.
  public func geometry(offset: Double) -> ScrollGeometry {
    ScrollGeometry(
      offset: offset, viewport: viewport, contentInsets: contentInsets,
      contentHeight: contentHeight)
  }

  /// The number of views: one per chain, `count` per repeated chain.
  public var viewCount: Int { chains.reduce(0) { $0 + $1.viewCount } }
}

/// One view (or a repeated run of views) and the effects applied to it in order.
public struct Chain: Sendable {
  /// Copies of a chain laid down the content.
  public struct Repetition: Sendable, Equatable {
    /// How many copies; 0 or more.
    public var count: Int
    /// The gap between neighbouring copies, in points.
    public var spacing: Double

    public init(count: Int, spacing: Double = 0) {
      self.count = count
      self.spacing = spacing
    }
  }

  /// Unique in a scene; a repeated chain's copies are `name[0]`, `name[1]`, ...
  public var name: String
  /// The natural frame of the view (copy 0), in content or viewport coordinates.
  public var frame: Rect
  public var attachment: Attachment
  public var repetition: Repetition?
  public var effects: [any ScrollEffect]
  /// What reduced motion does with each effect, in the order of ``effects``:
  /// the effect's `"reducedMotion"` in the scene file, else its
  /// ``ScrollEffect/defaultReducedMotion``. An effect without an entry (when
  /// ``effects`` grew) gets its default; see ``reducedMotion(ofEffect:)``.
  public var reducedMotion: [ReducedMotion]
  /// The thresholds whose crossings the host reports (the `events` key), in
  /// file order; none by default.
  public var events: [ChainEvent]

  /// A chain of `effects`, each under reduced motion as `reducedMotion`
  /// says (in the same order), by default as its
  /// ``ScrollEffect/defaultReducedMotion`` says.
  public init(
    name: String, frame: Rect, attachment: Attachment = .content,
    repetition: Repetition? = nil, effects: [any ScrollEffect],
    reducedMotion: [ReducedMotion]? = nil, events: [ChainEvent] = []
  ) {
    self.name = name
    self.frame = frame
    self.attachment = attachment
    self.repetition = repetition
    self.effects = effects
    self.reducedMotion = reducedMotion ?? effects.map(\.defaultReducedMotion)
    self.events = events
  }

  /// The number of views: 1, or the repetition's count.
  public var viewCount: Int { repetition?.count ?? 1 }

  /// The distance between the tops of neighbouring copies.
  public var stride: Double { frame.height + (repetition?.spacing ?? 0) }

  /// The output name of copy `index`: `row[3]`, or the chain's name.
  public func viewName(copy index: Int) -> String {
    Self.viewName(name, isRepeated: repetition != nil, copy: index)
  }

  /// `name[index]` for a copy of a repeated chain, `name` otherwise.
  static func viewName(_ name: String, isRepeated: Bool, copy index: Int) -> String {
    isRepeated ? "\(name)[\(index)]" : name
  }
}
