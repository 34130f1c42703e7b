import EffectProtocol

/// Holds a view at a line near an edge of the viewport once it scrolls there:
/// CSS's `position: sticky`.
///
/// Top edge (the default): the line is `It + inset` and the view's top never
/// goes above it, `y = max(y, line)`. With `until`, a content y (the end of
/// the view's section), the view is pushed off by it: its bottom never goes
/// below `until`, `y = max(y, min(line, It + until - offset - height))`.
/// Bottom edge: the line is `V - Ib - inset` and the view's bottom never goes
/// below it, `y = min(y, line - height)`; with `until`, the mirror image:
/// `until` is the start of the view's section and the view's top never goes
/// above it, `y = min(y, max(line - height, It + until - offset))`. All in
/// points; `y` and `height` are the view's current frame; `inset` defaults to
/// 0 and may be negative; `until` defaults to `null`, no section end. In a
/// scene, `until` may name a chain (``untilChain``) or say `"next"`
/// (``untilNext``); a host places them.
public struct PinEffect: ParameterizedEffect, StatelessScrollEffect, Equatable {
  /// The edge of the viewport the view sticks to.
  public enum Edge: String, Sendable, CaseIterable {
    case top, bottom
  }

  /// The edge of the viewport the view sticks to; default `top`.
  public var edge: Edge
  /// The `"edge"` key: the edge of the viewport the view sticks to, `"top"` or `"bottom"`;
  /// default `"top"`.
  public static let edge = EffectParameter.choice(
    "edge", default: Edge.top, summary: "the edge of the viewport the view sticks to")

  /// The line's distance from the edge (inside the content insets), in
  /// points; default 0.
  public var inset: Double
  /// The `"inset"` key: the line's distance from that edge, inside the content insets, points;
  /// default 0.
  public static let inset = EffectParameter.number(
    "inset", default: 0, in: .finite, unit: .points,
    summary: "the line's distance from that edge, inside the content insets")

  /// What pushes the view off, as a scene file gives `until`: a content y,
  /// a chain's natural top, or each copy's next copy.
  public enum Until: Sendable, Hashable {
    /// A content y (`"until": 1000`).
    case contentY(Double)
    /// The content y of the named chain's natural top, its first copy's
    /// (`"until": {"chain": "footer"}`): a host follows it as the layout
    /// changes.
    case chain(String)
    /// For each copy of a repeated chain, the next copy's natural top; for
    /// the last copy, the content's end (`"until": "next"`), as a plain
    /// table's section headers are pushed off.
    case next
  }

  /// The content y that pushes the view off (the end of its section for the
  /// top edge, the start for the bottom edge), or `nil` (the default). With
  /// ``untilChain``, the host keeps it at that chain's natural top.
  public var until: Double?
  /// The chain whose natural top is ``until``, followed as the layout
  /// changes (`"until": {"chain": NAME}`), or `nil`. Outside a host, which
  /// resolves it, ``until`` is what the pin uses.
  public var untilChain: String?
  /// Whether each copy is pushed off by the next copy's natural top and the
  /// last copy by the content's end (`"until": "next"`); ``until`` is then
  /// not used.
  public var untilNext: Bool
  /// The index of the chain's last copy, for ``untilNext``: set by the host
  /// from the chain's count (its windows are batches of some copies); `nil`
  /// outside a host, where a batch holds every copy of its chain
  /// (``EffectEvaluator``), whose last is then the batch's.
  package var lastCopy: Int?

  /// The `"until"` key: the section edge that pushes the view off, a content y in points,
  /// `{"chain": NAME}` or `"next"`; default `null`, none.
  public static let until = EffectParameter<Until?>(
    key: "until", values: "content y in points, {\"chain\": NAME}, \"next\" or null",
    default: nil, defaultText: "null",
    summary: "the section edge that pushes the view off: a content y, a chain's top, the next copy",
    // The numbers' domain: the other two forms name places in a scene,
    // which the scene's schema and the loader check.
    domain: .optionalNumber(.finite, unit: .contentY)
  ) { reader, parameter in
    Self.readUntil(&reader, key: parameter.key)
  }

  /// The effect with these parameters, each one left out at its default.
  ///
  /// Values set in code, here or through the properties, are not checked against the parameters'
  /// ranges, as decoding checks a file's: a value outside its range is used as given. A NaN or
  /// infinite `inset` or `until` can make `y` NaN or infinite. The output may then break the rules
  /// effects keep for finite input (every field finite, opacity in 0...1, width, height and blur 0
  /// or more), which ``ViewTransform/contractViolation`` reports.
  public init(
    edge: Edge = Self.edge.defaultValue, inset: Double = Self.inset.defaultValue,
    until: Double? = nil
  ) {
    self.edge = edge
    self.inset = inset
    self.until = until
    self.untilChain = nil
    self.untilNext = false
  }

  /// The effect with `until` in any of its forms (``Until``).
  public init(
    edge: Edge = Self.edge.defaultValue, inset: Double = Self.inset.defaultValue, section: Until?
  ) {
    self.init(edge: edge, inset: inset)
    switch section {
    case .contentY(let y): until = y
    case .chain(let name): untilChain = name
    case .next: untilNext = true
    case nil: break
    }
  }

  /// What a scene file's `until` says.
  public var section: Until? {
    if untilNext { return .next }
    if let untilChain { return .chain(untilChain) }
    return until.map { .contentY($0) }
  }

  /// The parameters `edge`, `inset` and `until`, read in this order, with
  /// ``init(edge:inset:section:)``.
  public static let parameterList = ParameterList(
    Self.init(edge:inset:section:), edge, inset, until)

  /// Reads `until`: a number, `null`, `{"chain": NAME}` or `"next"`.
  static func readUntil(_ reader: inout ParameterReader, key: String) -> Until? {
    let expected = "a content y (a number from -1e9 to 1e9), {\"chain\": NAME}, \"next\" or null"
    guard let value = reader.value(key) else { return nil }
    switch value {
    case .null: return nil
    case .number: return reader.optionalNumber(key, in: .finite).map { .contentY($0) }
    case .string("next"): return .next
    case .object(let object):
      var sub = ParameterReader(
        object: object, path: reader.path(of: key), owner: "a section edge")
      let name = sub.string("chain", required: true, expected: "a chain name (a non-empty string)")
      sub.finish()
      reader.report(contentsOf: sub.diagnostics)
      guard let name, !sub.hasProblems else { return nil }
      return .chain(name)
    case .string(let text) where MessageText.nearestName(to: text, in: ["next"]) != nil:
      reader.report(.nearMiss(expected: expected, found: value, suggestion: "next"), at: key)
      return nil
    default:
      reader.report(.mismatch(expected: expected, found: value), at: key)
      return nil
    }
  }

  public static let descriptor = EffectDescriptor(
    typeName: "pin",
    summary: "Holds a view at a line near the top or bottom edge once it scrolls there (sticky).",
    discussion: """
      Top: line = It + inset, y = max(y, line); with until (a content y, the end of the view's
      section) the view is pushed off, its bottom never below that edge:
      y = max(y, min(line, It + until - offset - height)).
      Bottom: line = V - Ib - inset, y = min(y, line - height); with until (the start of the
      view's section) the mirror image, its top never above that edge:
      y = min(y, max(line - height, It + until - offset)).
      y and height are the view's current frame, so pin also holds a view that earlier effects
      moved.
      until may also name a chain, {"chain": NAME}: the content y of that chain's natural top,
      which follows it as the layout changes; or, on a repeated chain, "next": each copy is
      pushed off by the next copy's natural top and the last copy by the content's end, as a
      plain table's section headers are. On a chain attached to the viewport the next copy's
      natural top is a viewport y that does not scroll (It + until - offset is that y), while
      the last copy's edge, the content's end, scrolls as in the content.
      """,
    parameters: parameterList.descriptors,
    examples: [
      EffectExample(
        "a 60-point section title at y 500, scrolled 700: held at the top", setup: titleSetup,
        offset: 700, expected: [.y: 0]),
      EffectExample(
        "held 20 points below the top", parameters: #"{"inset": 20}"#, setup: titleSetup,
        offset: 700, expected: [.y: 20]),
      EffectExample(
        "its section ends at 1000: scrolled 940, its bottom reaches the section end",
        parameters: #"{"until": 1000}"#, setup: titleSetup, offset: 940, expected: [.y: 0]),
      EffectExample(
        "its section ends at 1000: scrolled 1000, pushed 60 above the top",
        parameters: #"{"until": 1000}"#, setup: titleSetup, offset: 1000, expected: [.y: -60]),
      EffectExample(
        "below the line it scrolls normally", setup: titleSetup, offset: 100, expected: [:]),
      EffectExample(
        "bottom edge: a 60-point bar at y 1500 held on the bottom edge at rest",
        parameters: #"{"edge": "bottom"}"#, setup: barSetup, offset: 0, expected: [.y: 784]),
      EffectExample(
        "bottom edge, scrolled 800: above the line the bar scrolls normally",
        parameters: #"{"edge": "bottom"}"#, setup: barSetup, offset: 800, expected: [.y: 700]),
      EffectExample(
        "bottom edge, its section starts at 1200: held at the section's start at rest",
        parameters: #"{"edge": "bottom", "until": 1200}"#, setup: barSetup, offset: 0,
        expected: [.y: 1200]),
      EffectExample(
        "bottom edge, its section starts at 1200: scrolled 500, held on the bottom edge",
        parameters: #"{"edge": "bottom", "until": 1200}"#, setup: barSetup, offset: 500,
        expected: [.y: 784]),
    ])

  static let titleSetup = ExampleSetup(frame: Rect(y: 500, width: 390, height: 60))
  static let barSetup = ExampleSetup(frame: Rect(y: 1500, width: 390, height: 60))

  // Inlined into the protocol witness: one call a chain instead of two.
  @inline(__always)
  public func apply(to views: inout ViewBatch) {
    if untilNext {
      form.applyNext(to: &views, lastCopy: lastCopy ?? views.firstCopy + views.count - 1)
    } else {
      form.apply(to: &views)
    }
  }

  /// What pin's formulas read but `"next"`'s last copy: the effect without
  /// the chain name it may follow, so that a group's forms are as small as
  /// the formulas need and hold no string to retain.
  @inline(__always)
  package var form: Form { Form(edge: edge, inset: inset, until: until) }

  /// Pin's formulas: an edge, with an `until` or without, or with the next
  /// copy's top (``applyNext(to:lastCopy:)``). ``apply(to:)`` and a group's
  /// loop (Groups/PinEffect+Group.swift) switch over ``Variant``.
  package struct Form: Sendable {
    var edge: Edge
    var inset: Double
    var until: Double?

    @inline(__always)
    package func apply(to views: inout ViewBatch) {
      // A group of chains calls the variants' functions itself, each loop
      // for one of them: each is small enough to be inlined there.
      switch variant {
      case .top: applyTop(to: &views)
      case .topUntil: applyTopUntil(to: &views)
      case .bottom: applyBottom(to: &views)
      case .bottomUntil: applyBottomUntil(to: &views)
      }
    }

    /// Which of the four formulas this pin computes.
    @inline(__always)
    var variant: Variant {
      switch (edge, until != nil) {
      case (.top, false): .top
      case (.top, true): .topUntil
      case (.bottom, false): .bottom
      case (.bottom, true): .bottomUntil
      }
    }

    /// The top edge's line, `It + inset`, in `geometry`.
    @inline(__always)
    func topLine(_ geometry: ScrollGeometry) -> Double { geometry.contentInsets.top + inset }

    /// The bottom edge's line, `V - Ib - inset`, in `geometry`.
    @inline(__always)
    func bottomLine(_ geometry: ScrollGeometry) -> Double {
      geometry.viewport.height - geometry.contentInsets.bottom - inset
    }

    /// The viewport y of content y `until` (which must not be `nil`) in
    /// `geometry`.
    @inline(__always)
    func sectionEdge(_ geometry: ScrollGeometry) -> Double {
      geometry.contentOrigin + until.unsafelyUnwrapped
    }

    /// ``apply(to:)`` at the top edge without `until`.
    @inline(__always)
    func applyTop(to views: inout ViewBatch) {
      let line = topLine(views.geometry)
      views.modifyEach { Self.pinTop(&$0, line: line) }
    }

    /// ``apply(to:)`` at the top edge with `until`.
    @inline(__always)
    func applyTopUntil(to views: inout ViewBatch) {
      let line = topLine(views.geometry)
      let sectionEnd = sectionEdge(views.geometry)
      views.modifyEach { Self.pinTop(&$0, line: line, until: sectionEnd) }
    }

    /// ``apply(to:)`` at the bottom edge without `until`.
    @inline(__always)
    func applyBottom(to views: inout ViewBatch) {
      let line = bottomLine(views.geometry)
      views.modifyEach { Self.pinBottom(&$0, line: line) }
    }

    /// ``apply(to:)`` at the bottom edge with `until`.
    @inline(__always)
    func applyBottomUntil(to views: inout ViewBatch) {
      let line = bottomLine(views.geometry)
      let sectionStart = sectionEdge(views.geometry)
      views.modifyEach { Self.pinBottom(&$0, line: line, until: sectionStart) }
    }

    /// `view` held below the top edge's `line`.
    @inline(__always)
    static func pinTop(_ view: inout ViewTransform, line: Double) {
      view.y = greater(view.y, line)
    }

    /// `view` held below the top edge's `line` until its bottom meets
    /// `sectionEnd`, the viewport y of its section's end.
    @inline(__always)
    static func pinTop(_ view: inout ViewTransform, line: Double, until sectionEnd: Double) {
      view.y = greater(view.y, min(line, sectionEnd - view.height))
    }

    /// `view` held above the bottom edge's `line`.
    @inline(__always)
    static func pinBottom(_ view: inout ViewTransform, line: Double) {
      view.y = min(view.y, line - view.height)
    }

    /// `view` held above the bottom edge's `line` until its top meets
    /// `sectionStart`, the viewport y of its section's start.
    @inline(__always)
    static func pinBottom(_ view: inout ViewTransform, line: Double, until sectionStart: Double) {
      view.y = min(view.y, greater(line - view.height, sectionStart))
    }

    /// ``apply(to:)`` with `"until": "next"`: the formula of `until` with
    /// each copy's own section edge, the next copy's natural top or, for
    /// copy `lastCopy` (the chain's last), the content's end. Only a
    /// repeated chain has it, which no group holds.
    package func applyNext(to views: inout ViewBatch, lastCopy: Int) {
      let geometry = views.geometry
      let contentEnd = geometry.contentOrigin + geometry.contentHeight
      // The next copy's top as naturalViewportFrame(at:) computes it,
      // `naturalTop + Double(copy) * stride`, with the copy counted in
      // Doubles, which is exact: no sum or overflow check a view. The
      // views from index `split` on (copy `lastCopy` on: the last copy,
      // when the batch holds it) take the content's end, chosen by
      // comparing whole numbers, which compiles to a branch that is always
      // taken the same way but at the last view, where a comparison of
      // Doubles would blend both edges at every view.
      let split = min(max(lastCopy &- views.firstCopy, 0), views.count)
      let top = views.naturalTop
      let stride = views.stride
      var next = Double(views.firstCopy &+ 1)
      var index = 0
      // A loop for each edge, so that no view tests which.
      if edge == .top {
        let line = topLine(geometry)
        views.modifyEach { view in
          let edge = index < split ? top + next * stride : contentEnd
          Self.pinTop(&view, line: line, until: edge)
          next += 1
          index &+= 1
        }
      } else {
        let line = bottomLine(geometry)
        views.modifyEach { view in
          let edge = index < split ? top + next * stride : contentEnd
          Self.pinBottom(&view, line: line, until: edge)
          next += 1
          index &+= 1
        }
      }
    }
  }

  /// Pin's four formulas: an edge, with an `until` or without.
  package enum Variant: Hashable {
    case top, topUntil, bottom, bottomUntil
  }
}
