import EffectProtocol

/// A part of a view's passage through the viewport, named as CSS
/// Scroll-driven Animations name them (`animation-range`): `"entry"`,
/// `"exit 20%"`, `"contain -50% entry 200%"`.
///
/// With h the view's current height, V' the viewport's height less the
/// timeline insets and m the view's current top measured from the inset
/// viewport's top line, each named range runs over m from its 0% to its
/// 100%: `cover` V' to -h; `contain` max(V' - h, 0) to min(0, V' - h);
/// `entry` V' to max(V' - h, 0); `exit` min(0, V' - h) to -h;
/// `entryCrossing` V' to V' - h; `exitCrossing` 0 to -h. A boundary is a
/// name and an offset: `P%` is that share of the named range's length past
/// its 0%, `Lpx` that many points past it.
public struct ViewRange: Sendable, Equatable {
  /// The named ranges.
  public enum Name: String, Sendable, CaseIterable {
    case cover, contain, entry, exit, entryCrossing, exitCrossing
  }

  /// How far past a named range's 0% a boundary is.
  public enum Offset: Sendable, Equatable {
    /// A share of the named range's length, in percent.
    case percent(Double)
    /// A distance along the scroll, in points.
    case points(Double)
  }

  /// A named range and an offset from its 0%.
  public struct Boundary: Sendable, Equatable {
    /// The named range the boundary is measured in.
    public var name: Name
    /// How far past the named range's 0% the boundary is.
    public var offset: Offset

    /// The boundary `offset` past the 0% of the named range `name`: `exit 20%` is
    /// `Boundary(.exit, .percent(20))`.
    public init(_ name: Name, _ offset: Offset) {
      self.name = name
      self.offset = offset
    }
  }

  /// Where the input is 0.
  public var start: Boundary
  /// Where the input is 1.
  public var end: Boundary

  /// The range from `start`, where the input is 0, to `end`, where it is 1.
  public init(start: Boundary, end: Boundary) {
    self.start = start
    self.end = end
  }

  /// The whole named range `name`: `name 0%` to `name 100%`.
  public init(_ name: Name) {
    self.init(start: Boundary(name, .percent(0)), end: Boundary(name, .percent(100)))
  }

  /// CSS's `view()` progress: `cover 0%` to `cover 100%`.
  public static let cover = ViewRange(.cover)

  /// The range as text: `entry 0% exit 100%`.
  public var text: String {
    func part(_ boundary: Boundary) -> String {
      switch boundary.offset {
      case .percent(let percent): "\(boundary.name.rawValue) \(MessageText.number(percent))%"
      case .points(let points): "\(boundary.name.rawValue) \(MessageText.number(points))px"
      }
    }
    return "\(part(start)) \(part(end))"
  }

  /// Where the named range `name` starts and ends, as values of m, for a
  /// view of height `h` in an inset viewport of height `length`.
  @inlinable @inline(__always)
  static func ends(of name: Name, height h: Double, viewport length: Double) -> (
    Double, Double
  ) {
    switch name {
    case .cover: (length, -h)
    case .contain: (max(length - h, 0), min(0, length - h))
    case .entry: (length, max(length - h, 0))
    case .exit: (min(0, length - h), -h)
    case .entryCrossing: (length, length - h)
    case .exitCrossing: (0, -h)
    }
  }

  /// The value of m at `boundary`.
  @inlinable @inline(__always)
  static func position(of boundary: Boundary, height h: Double, viewport length: Double)
    -> Double
  {
    let (zero, hundred) = ends(of: boundary.name, height: h, viewport: length)
    switch boundary.offset {
    case .percent(let percent):
      // The ends themselves exactly, without rounding in between.
      if percent == 0 { return zero }
      if percent == 100 { return hundred }
      return zero + percent / 100 * (hundred - zero)
    case .points(let points):
      // m falls as the content scrolls on.
      return zero - points
    }
  }
}

/// How far the viewport's ends are moved in before a view's range is
/// measured (CSS's `view-timeline-inset`): for each end, points, a
/// percentage of the viewport's height, or `auto`, the scene's content
/// inset at that end.
public struct TimelineInset: Sendable, Equatable {
  /// One end's inset.
  public enum Side: Sendable, Equatable {
    case points(Double)
    /// A percentage of the viewport's height.
    case percent(Double)
    /// The content inset at that end (`contentInsets.top` or `.bottom`).
    case auto

    /// The inset in points, in a viewport `height` tall whose content inset
    /// at this end is `contentInset`.
    @inlinable @inline(__always)
    func points(viewportHeight height: Double, contentInset: Double) -> Double {
      switch self {
      case .points(let points): points
      case .percent(let percent): percent / 100 * height
      case .auto: contentInset
      }
    }

    var json: String {
      switch self {
      case .points(let points): MessageText.number(points)
      case .percent(let percent): "\"\(MessageText.number(percent))%\""
      case .auto: "\"auto\""
      }
    }
  }

  /// The inset at the top (the start of the scroll).
  public var start: Side
  /// The inset at the bottom.
  public var end: Side

  /// Insets of `start` at the top and `end` at the bottom.
  public init(start: Side, end: Side) {
    self.start = start
    self.end = end
  }

  /// The same inset at both ends.
  public init(_ both: Side) {
    self.init(start: both, end: both)
  }

  /// No inset: a scene's default. (CSS's initial value is `auto`, which is
  /// the same in a scroller without padding.)
  public static let zero = TimelineInset(.points(0))
  /// The content insets: CSS's `auto`.
  public static let auto = TimelineInset(.auto)

  /// The inset as JSON text: `0`, `"auto"`, `[0, "10%"]`.
  public var json: String {
    start == end ? start.json : "[\(start.json), \(end.json)]"
  }
}

/// A view's progress through a ``ViewRange`` of a viewport narrowed by a
/// ``TimelineInset``: 0 at the range's start, 1 at its end, linear in the
/// view's top between and beyond. A range of length 0, or one whose end
/// comes before its start, gives 0 before its start and 1 from it on.
public struct ViewTimeline: Sendable, Equatable {
  /// The part of the view's passage the progress runs over; default ``ViewRange/cover``.
  public var range: ViewRange
  /// How far in the viewport's ends are moved first; default ``TimelineInset/zero``.
  public var inset: TimelineInset

  /// The timeline over `range` with `inset`; by default CSS's `view()` progress, no insets.
  public init(range: ViewRange = .cover, inset: TimelineInset = .zero) {
    self.range = range
    self.inset = inset
  }

  /// Whether this is CSS's `view()` progress without insets, the `progress`
  /// input itself (``ScrollGeometry/coverProgress(minY:height:viewportHeight:)``).
  public var isCover: Bool {
    range == .cover && inset.start.points(viewportHeight: 1, contentInset: 1) == 0
      && inset.end.points(viewportHeight: 1, contentInset: 1) == 0
  }

  /// The timeline in one frame: the inset viewport's top line and height.
  @inlinable @inline(__always)
  package func measured(in geometry: ScrollGeometry) -> Measured {
    measured(viewportHeight: geometry.viewport.height, contentInsets: geometry.contentInsets)
  }

  /// The timeline in a viewport `height` tall with these content insets.
  @inlinable @inline(__always)
  package func measured(viewportHeight height: Double, contentInsets: EdgeInsets) -> Measured {
    let top = inset.start.points(viewportHeight: height, contentInset: contentInsets.top)
    let bottom = inset.end.points(viewportHeight: height, contentInset: contentInsets.bottom)
    return Measured(range: range, line: top, length: height - top - bottom)
  }

  /// The progress of a view whose top is at viewport y `minY` and whose
  /// height is `height`, in `geometry`'s viewport; saturated
  /// (``Saturation/clamp(_:)``).
  public func progress(minY: Double, height: Double, in geometry: ScrollGeometry) -> Double {
    measured(in: geometry).progress(minY: minY, height: height)
  }

  /// A timeline measured in one viewport.
  ///
  /// Inlinable, with ``Placed`` and the range's arithmetic: event detection,
  /// in EffectHost, reads each copy's progress through a range every frame,
  /// and a call into this module for each cost more than its arithmetic.
  @usableFromInline
  package struct Measured: Sendable, Equatable {
    @usableFromInline let range: ViewRange
    /// The inset viewport's top line, viewport y.
    @usableFromInline let line: Double
    /// The inset viewport's height, V'.
    @usableFromInline let length: Double

    @usableFromInline
    init(range: ViewRange, line: Double, length: Double) {
      self.range = range
      self.line = line
      self.length = length
    }

    @inlinable @inline(__always)
    package func progress(minY: Double, height: Double) -> Double {
      placed(height: height).progress(minY: minY)
    }

    /// The range of a view `height` tall.
    @inlinable @inline(__always)
    package func placed(height: Double) -> Placed {
      let start = ViewRange.position(of: range.start, height: height, viewport: length)
      let end = ViewRange.position(of: range.end, height: height, viewport: length)
      // m falls as the scroll advances: the range runs from start down to end.
      return Placed(line: line, start: start, span: start - end)
    }
  }

  /// A timeline measured in one viewport for views of one height: the
  /// progress of such a view is a function of its top alone.
  @usableFromInline
  package struct Placed: Sendable, Equatable {
    @usableFromInline let line: Double
    /// The range's start as a value of m, the top less ``line``.
    @usableFromInline let start: Double
    /// How far m falls from the range's start to its end.
    @usableFromInline let span: Double

    @usableFromInline
    init(line: Double, start: Double, span: Double) {
      self.line = line
      self.start = start
      self.span = span
    }

    @inlinable @inline(__always)
    package func progress(minY: Double) -> Double {
      let m = minY - line
      guard span > 0 else { return m > start ? 0 : 1 }
      return Saturation.clamp((start - m) / span)
    }
  }
}
