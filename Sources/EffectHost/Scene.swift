import EffectProtocol

/// A screen: the scroll view's size and insets and the chains of effects of
/// its views, as a scene file declares them.
///
/// A scene lays itself out again whenever it changes: ``layout`` holds every
/// chain's natural frame as placed (a chain `after` another follows it; a
/// frame without `x` or `width` fills the safe area) and the content height
/// in effect, which follows the chains when the file leaves it out.
public struct Scene: Sendable {
  /// Free text from the file.
  public var description: String?
  /// W x V; default 390 x 844.
  public var viewport: Size {
    didSet { layOut() }
  }
  /// It, Ib, left, right; default 0. In a vertical scene the left and right
  /// insets are the safe area that a chain without `frame.x` or
  /// `frame.width` fills.
  public var contentInsets: EdgeInsets {
    didSet { layOut() }
  }
  /// The file's `contentHeight`; `nil` when it leaves it out, and the
  /// content height is then worked out again after every change.
  public var declaredContentHeight: Double? {
    didSet { layOut() }
  }
  /// C: the file's `contentHeight`, or by default the largest of 0,
  /// `V - It - Ib` and the lowest natural bottom edge of any
  /// content-attached view, worked out again whenever the scene changes.
  /// Setting it declares it, as the file's key does
  /// (``declaredContentHeight``).
  public var contentHeight: Double {
    get { layout.contentHeight }
    set { declaredContentHeight = newValue }
  }
  /// The chains, in file order.
  public var chains: [Chain] {
    didSet { layOut() }
  }
  /// Where scrolling comes to rest (the file's `snap`); `nil`: anywhere.
  /// Only simulated motion uses it; `eval` ignores it.
  public var snap: ScrollSnap?
  /// Where the chains are, as the scene places them now.
  public internal(set) var layout: SceneLayout
  /// Which chain each chain follows, kept between layouts.
  var chainAnchors = ChainAnchors()
  /// The direction the scene scrolls in (the file's `axis`); vertical by
  /// default. A horizontal scene holds its vertical twin: ``viewport``,
  /// ``contentInsets``, ``contentHeight`` and the chains' frames are along
  /// the scroll axis (y), and ``SceneHost`` gives its transforms along the
  /// screen's axes.
  public var axis: ScrollAxis
  /// The direction a horizontal scene reads in (the file's
  /// `layoutDirection`); left to right by default. A right-to-left scene
  /// holds its left-to-right twin, whose left and right insets are the
  /// file's right and left ones.
  public var layoutDirection: LayoutDirection

  /// A scene of `chains`; a horizontal one is given as its vertical twin
  /// (``axis``). Without `viewport`, an iPhone in portrait, 390 wide and 844
  /// tall: ``Size/phone``, or 844 x 390 as a horizontal scene's twin holds it.
  public init(
    description: String? = nil, viewport: Size? = nil, contentInsets: EdgeInsets = .zero,
    contentHeight: Double? = nil, chains: [Chain], snap: ScrollSnap? = nil,
    axis: ScrollAxis = .vertical, layoutDirection: LayoutDirection = .leftToRight
  ) {
    self.description = description
    self.axis = axis
    self.layoutDirection = layoutDirection
    self.snap = snap
    self.viewport = viewport ?? Self.defaultViewport(axis)
    self.contentInsets = contentInsets
    self.chains = chains
    self.declaredContentHeight = contentHeight
    self.layout = SceneLayout(frames: [], contentHeight: 0)
    layOut()
  }

  /// An iPhone in portrait, as a scene of `axis` holds it: a horizontal
  /// scene's twin has the phone's height along its y.
  static func defaultViewport(_ axis: ScrollAxis) -> Size {
    axis == .horizontal ? Size(width: Size.phone.height, height: Size.phone.width) : .phone
  }

  /// The largest of 0, `V - It - Ib` and the lowest natural bottom edge of
  /// any content-attached view, copies of repeated chains included, with the
  /// chains placed as ``SceneLayout`` places them.
  public static func defaultContentHeight(
    viewport: Size, contentInsets: EdgeInsets, chains: [Chain]
  ) -> Double {
    Scene(viewport: viewport, contentInsets: contentInsets, chains: chains).contentHeight
  }

  /// The geometry of this scene at `offset`.
  public func geometry(offset: Double) -> ScrollGeometry {
    ScrollGeometry(
      offset: offset, viewport: viewport, contentInsets: contentInsets,
      contentHeight: contentHeight)
  }

  /// The number of views: one per chain, `count` per repeated chain.
  public var viewCount: Int { chains.reduce(0) { $0 + $1.viewCount } }

  /// The index of the chain named `name`, if there is one.
  public func chainIndex(named name: String) -> Int? {
    chainAnchors.firstIndex[name]
  }
}

/// One view (or a repeated run of views) and the effects applied to it in order.
public struct Chain: Sendable {
  /// Copies of a chain laid down the content.
  public struct Repetition: Sendable, Equatable {
    /// How many copies; 0 or more.
    public var count: Int
    /// The gap between neighbouring copies, in points.
    public var spacing: Double

    /// `count` copies, 0 to ``SceneLoader/maximumRepeatCount``, `spacing`
    /// apart (from -1e9 to 1e9; by default touching).
    public init(count: Int, spacing: Double = 0) {
      self.count = count
      self.spacing = spacing
    }
  }

  /// The parts of a chain's frame that the scene works out instead of the
  /// file: a frame without `x` starts at the left inset, one without
  /// `width` spans the viewport less the left and right insets.
  public struct AutomaticFrame: OptionSet, Sendable, Hashable {
    /// The parts as bits: 1 for ``x``, 2 for ``width``.
    public let rawValue: Int
    /// The set whose bits `rawValue` holds.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// `x` is the left inset.
    public static let x = AutomaticFrame(rawValue: 1)
    /// `width` is `W - left - right` (never below 0).
    public static let width = AutomaticFrame(rawValue: 2)
  }

  /// Unique in a scene; a repeated chain's copies are `name[0]`, `name[1]`, ...
  public var name: String
  /// The natural frame of the view (copy 0), in content or viewport
  /// coordinates, as the file gives it: for a chain placed ``after``
  /// another, `y` is the gap below that chain; the parts in
  /// ``automaticFrame`` are worked out by the scene. ``Scene/layout`` has
  /// the frame as placed.
  public var frame: Rect
  /// Whether ``frame`` is in content coordinates (the view scrolls) or the
  /// viewport's (it does not); `content` by default.
  public var attachment: Attachment
  /// The copies of a repeated chain (the file's `repeat`), `nil` for one
  /// view.
  public var repetition: Repetition?
  /// The name of an earlier content-attached chain whose last copy's bottom
  /// edge this chain's `frame.y` is measured from (the file's `after`), or
  /// `nil`: from the content's top.
  public var after: String?
  /// The parts of ``frame`` that follow the viewport and insets; none by
  /// default, as a frame given in full.
  public var automaticFrame: AutomaticFrame
  /// The views' drawing order before any effect (the file's `zIndex`),
  /// -1e9...1e9 (``SceneHost/init(scene:reducesMotion:)`` checks it);
  /// default 0.
  public var zIndex: Double
  /// The views' opacity before any effect, 0...1 (the file's `opacity`;
  /// ``SceneHost/init(scene:reducesMotion:)`` checks it); default 1.
  public var opacity: Double
  /// The effects, applied in this order to every view of the chain.
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
    repetition: Repetition? = nil, after: String? = nil, automaticFrame: AutomaticFrame = [],
    zIndex: Double = 0, opacity: Double = 1, effects: [any ScrollEffect],
    reducedMotion: [ReducedMotion]? = nil, events: [ChainEvent] = []
  ) {
    self.name = name
    self.frame = frame
    self.attachment = attachment
    self.repetition = repetition
    self.after = after
    self.automaticFrame = automaticFrame
    self.zIndex = zIndex
    self.opacity = opacity
    self.effects = effects
    self.reducedMotion = reducedMotion ?? effects.map(\.defaultReducedMotion)
    self.events = events
  }

  /// Whether the views start with identity visuals (zIndex 0, opacity 1).
  public var hasIdentityVisuals: Bool { zIndex == 0 && opacity == 1 }

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
