import EffectProtocol

/// What an effect does to each view in one frame, by one formula, made
/// once for the frame: a host runs the changes of two effects in a row of
/// a chain in one pass over its views (``FusibleEffect/pass(_:_:)``), where
/// a step of each would make a pass of its own, loading and storing every
/// view again.
///
/// Made by a ``ViewChangeSource``; `apply(to:)` gives each view exactly the
/// bits the effect's own `apply(to:)` gives it.
package protocol ViewChange {
  /// Whether the effect leaves every view as it is in this frame, writing
  /// none, as its own step does by returning before it reads the views
  /// (``NoChange``). A pass of changes that are all identity is not made,
  /// so the batch's views stay at rest as the effects' own steps would
  /// leave them.
  var isIdentity: Bool { get }

  /// Changes `view` as the effect changes each view of a batch.
  func apply(to view: inout ViewTransform)
}

extension ViewChange {
  /// A formula's change writes every view: only ``NoChange`` (and a
  /// fusion of two) is identity.
  package var isIdentity: Bool { false }
}

/// An effect, or the part of it a frame reads, that makes a change of
/// each view for a frame: one that changes each view by itself, from the
/// frame's geometry alone (not the view's copy, the batch or the clock).
package protocol ViewChangeSource: Sendable {
  associatedtype Change: VariedViewChange

  /// The change of each view in a frame of `geometry`.
  func change(in geometry: ScrollGeometry) -> Change
}

/// Two changes, `first`'s then `second`'s, on each view: the change of two
/// effects in a row.
struct FusedViewChange<First: ViewChange, Second: ViewChange>: ViewChange {
  var first: First
  var second: Second

  @inline(__always)
  init(_ first: First, _ second: Second) {
    (self.first, self.second) = (first, second)
  }

  @inline(__always)
  var isIdentity: Bool { first.isIdentity && second.isIdentity }

  @inline(__always)
  func apply(to view: inout ViewTransform) {
    first.apply(to: &view)
    second.apply(to: &view)
  }
}

extension ViewBatch {
  /// Runs `change` on every view, as a step of the effects that made it
  /// would: nothing when it ``ViewChange/isIdentity``, every view changed
  /// (those at rest from their natural transforms) otherwise.
  @inline(__always)
  package func apply<Change: ViewChange>(_ change: Change) {
    guard !change.isIdentity else { return }
    modifyEach { change.apply(to: &$0) }
  }
}

/// A change whose formula is one of a few (a pin's four, a `collapse`
/// pinned or not), which gives a visitor the change of its formula as a
/// type of its own: a pass over the views then compiles one loop for each
/// formula, with no test of which a view.
package protocol VariedViewChange {
  /// Calls `visitor` with this change as its formula's type, on `batch`.
  func visitFormula<Visitor: ViewChangeVisitor>(_ visitor: Visitor, on batch: inout ViewBatch)
}

/// What a change of one formula is given to (``VariedViewChange``).
package protocol ViewChangeVisitor {
  func visit<Change: ViewChange>(_ change: Change, on batch: inout ViewBatch)
}

/// Two changes in a row, their formulas opened in turn: one pass over the
/// batch of both.
struct FusingVisitor<Second: VariedViewChange>: ViewChangeVisitor {
  var second: Second

  @inline(__always)
  func visit<Change: ViewChange>(_ first: Change, on batch: inout ViewBatch) {
    second.visitFormula(After(first: first), on: &batch)
  }

  /// The second change, after `first`.
  struct After<First: ViewChange>: ViewChangeVisitor {
    var first: First

    @inline(__always)
    func visit<Change: ViewChange>(_ second: Change, on batch: inout ViewBatch) {
      batch.apply(FusedViewChange(first, second))
    }
  }
}

extension CollapseEffect: ViewChangeSource {
  /// A `collapse` of each view past its line.
  package struct Change: VariedViewChange {
    var line: Double
    var minHeight: Double
    var pinned: Bool

    @inline(__always)
    package func visitFormula<Visitor: ViewChangeVisitor>(
      _ visitor: Visitor, on batch: inout ViewBatch
    ) {
      if pinned {
        visitor.visit(Pinned(line: line, minHeight: minHeight), on: &batch)
      } else {
        visitor.visit(Unpinned(line: line, minHeight: minHeight), on: &batch)
      }
    }
  }

  /// A pinned `collapse`; never identity, as the effect writes every view.
  struct Pinned: ViewChange {
    var line: Double
    var minHeight: Double

    @inline(__always)
    func apply(to view: inout ViewTransform) {
      guard line - view.y > 0 else { return }
      CollapseEffect.collapsePinned(&view, line: line, minHeight: minHeight)
    }
  }

  /// A `collapse` that scrolls away; never identity.
  struct Unpinned: ViewChange {
    var line: Double
    var minHeight: Double

    @inline(__always)
    func apply(to view: inout ViewTransform) {
      guard line - view.y > 0 else { return }
      CollapseEffect.collapseUnpinned(&view, line: line, minHeight: minHeight)
    }
  }

  @inline(__always)
  package func change(in geometry: ScrollGeometry) -> Change {
    Change(line: geometry.contentInsets.top + inset, minHeight: minHeight, pinned: pinned)
  }
}

/// No change: an effect that leaves every view as it is in this frame
/// (a `parallax` or `translate` that does not move), whose step returns
/// before it reads the views. A pass fused with it is the other effect's.
struct NoChange: ViewChange {
  var isIdentity: Bool { true }

  @inline(__always)
  func apply(to view: inout ViewTransform) {}
}

extension ParallaxEffect: ViewChangeSource {
  /// A `parallax` shift down.
  package struct Change: VariedViewChange {
    var shift: Double

    // A shift of 0 leaves the view as it is (its y may be -0), as the
    // effect's own step does by not running.
    @inline(__always)
    package func visitFormula<Visitor: ViewChangeVisitor>(
      _ visitor: Visitor, on batch: inout ViewBatch
    ) {
      if shift == 0 {
        visitor.visit(NoChange(), on: &batch)
      } else {
        visitor.visit(Down(shift: shift), on: &batch)
      }
    }
  }

  /// A shift down that is not 0.
  struct Down: ViewChange {
    var shift: Double

    @inline(__always)
    func apply(to view: inout ViewTransform) { view.y += shift }
  }

  @inline(__always)
  package func change(in geometry: ScrollGeometry) -> Change {
    Change(shift: shift(in: geometry, saturating: true))
  }
}

extension TranslateEffect: ViewChangeSource {
  /// A `translate` shift along its axis.
  package struct Change: VariedViewChange {
    var shift: Double
    var axis: Axis

    // A shift of 0 leaves the view as it is, as in the effect's own step.
    @inline(__always)
    package func visitFormula<Visitor: ViewChangeVisitor>(
      _ visitor: Visitor, on batch: inout ViewBatch
    ) {
      if shift == 0 {
        visitor.visit(NoChange(), on: &batch)
        return
      }
      switch axis {
      case .x: visitor.visit(AlongX(shift: shift), on: &batch)
      case .y: visitor.visit(AlongY(shift: shift), on: &batch)
      }
    }
  }

  /// A shift along x that is not 0.
  struct AlongX: ViewChange {
    var shift: Double

    @inline(__always)
    func apply(to view: inout ViewTransform) { view.x += shift }
  }

  /// A shift along y that is not 0.
  struct AlongY: ViewChange {
    var shift: Double

    @inline(__always)
    func apply(to view: inout ViewTransform) { view.y += shift }
  }

  @inline(__always)
  package func change(in geometry: ScrollGeometry) -> Change {
    Change(shift: shift(at: geometry.offset), axis: axis)
  }
}

extension FooterPinEffect: ViewChangeSource {
  /// A `footerPin` of each view to the bottom line.
  package struct Change: VariedViewChange {
    var bottom: Double
    var mode: Mode

    @inline(__always)
    package func visitFormula<Visitor: ViewChangeVisitor>(
      _ visitor: Visitor, on batch: inout ViewBatch
    ) {
      switch mode {
      case .stretch: visitor.visit(Stretching(bottom: bottom), on: &batch)
      case .move: visitor.visit(Moving(bottom: bottom), on: &batch)
      }
    }
  }

  /// A view stretched to the bottom line; never identity.
  struct Stretching: ViewChange {
    var bottom: Double

    @inline(__always)
    func apply(to view: inout ViewTransform) { FooterPinEffect.stretch(&view, to: bottom) }
  }

  /// A view moved to the bottom line; never identity.
  struct Moving: ViewChange {
    var bottom: Double

    @inline(__always)
    func apply(to view: inout ViewTransform) { FooterPinEffect.move(&view, to: bottom) }
  }

  @inline(__always)
  package func change(in geometry: ScrollGeometry) -> Change {
    Change(bottom: Self.bottom(in: geometry), mode: mode)
  }
}

extension PinEffect.Form: ViewChangeSource {
  /// A `pin` whose section edge, if any, is a content y: one of its four
  /// formulas with its line and edge for the frame.
  package struct Change: VariedViewChange {
    var variant: PinEffect.Variant
    var line: Double
    /// The section's edge (viewport y) of the variants with `until`.
    var sectionEdge: Double

    @inline(__always)
    package func visitFormula<Visitor: ViewChangeVisitor>(
      _ visitor: Visitor, on batch: inout ViewBatch
    ) {
      switch variant {
      case .top: visitor.visit(Top(line: line), on: &batch)
      case .topUntil: visitor.visit(TopUntil(line: line, sectionEnd: sectionEdge), on: &batch)
      case .bottom: visitor.visit(Bottom(line: line), on: &batch)
      case .bottomUntil:
        visitor.visit(BottomUntil(line: line, sectionStart: sectionEdge), on: &batch)
      }
    }
  }

  /// Held below the top edge's line; never identity.
  struct Top: ViewChange {
    var line: Double
    @inline(__always)
    func apply(to view: inout ViewTransform) { PinEffect.Form.pinTop(&view, line: line) }
  }

  /// Held below the top edge's line until the section's end; never identity.
  struct TopUntil: ViewChange {
    var line: Double
    var sectionEnd: Double
    @inline(__always)
    func apply(to view: inout ViewTransform) {
      PinEffect.Form.pinTop(&view, line: line, until: sectionEnd)
    }
  }

  /// Held above the bottom edge's line; never identity.
  struct Bottom: ViewChange {
    var line: Double
    @inline(__always)
    func apply(to view: inout ViewTransform) { PinEffect.Form.pinBottom(&view, line: line) }
  }

  /// Held above the bottom edge's line until the section's start; never
  /// identity.
  struct BottomUntil: ViewChange {
    var line: Double
    var sectionStart: Double
    @inline(__always)
    func apply(to view: inout ViewTransform) {
      PinEffect.Form.pinBottom(&view, line: line, until: sectionStart)
    }
  }

  @inline(__always)
  package func change(in geometry: ScrollGeometry) -> Change {
    let line = edge == .top ? topLine(geometry) : bottomLine(geometry)
    let sectionEdge = until == nil ? 0 : self.sectionEdge(geometry)
    return Change(variant: variant, line: line, sectionEdge: sectionEdge)
  }
}

/// One of the built-ins that change each view by itself from the frame's
/// geometry alone (a ``ViewChangeSource``), as a host fuses them: two in a
/// row of a chain are one pass over its views (``pass(_:_:)``). A pin
/// whose section edge follows the layout is not one: a host keeps it a
/// step of its own, which a layout change rewrites.
package enum FusibleEffect: Sendable {
  case collapse(CollapseEffect)
  case parallax(ParallaxEffect)
  case translate(TranslateEffect)
  case footerPin(FooterPinEffect)
  case pin(PinEffect.Form)

  /// `effect` as one, if it is one.
  package init?(_ effect: any ScrollEffect) {
    switch effect {
    case let collapse as CollapseEffect: self = .collapse(collapse)
    case let parallax as ParallaxEffect: self = .parallax(parallax)
    case let translate as TranslateEffect: self = .translate(translate)
    case let footerPin as FooterPinEffect: self = .footerPin(footerPin)
    case let pin as PinEffect where !pin.untilNext && pin.untilChain == nil:
      self = .pin(pin.form)
    default: return nil
    }
  }

  /// The pass of `first` then `second` over a batch: each view changed by
  /// each in turn, in one pass, as each effect's own `apply(to:)` in turn
  /// would change it. The closure is compiled for the two types, each
  /// opened by a switch (``accept(_:)``), and a frame chooses a loop for
  /// their formulas (``VariedViewChange``).
  package static func pass(_ first: FusibleEffect, _ second: FusibleEffect)
    -> (inout ViewBatch) -> Void
  {
    first.accept(First(second: second))
  }

  /// `visitor`'s result for the effect as its concrete type.
  @inline(__always)
  func accept<Visitor: FusionVisitor>(_ visitor: Visitor) -> (inout ViewBatch) -> Void {
    switch self {
    case .collapse(let source): visitor.visit(source)
    case .parallax(let source): visitor.visit(source)
    case .translate(let source): visitor.visit(source)
    case .footerPin(let source): visitor.visit(source)
    case .pin(let source): visitor.visit(source)
    }
  }

  /// The first effect, given the second.
  struct First: FusionVisitor {
    var second: FusibleEffect

    func visit<Source: ViewChangeSource>(_ first: Source) -> (inout ViewBatch) -> Void {
      second.accept(Second(first: first))
    }
  }

  /// The second effect, after the first: the pass of both.
  struct Second<First: ViewChangeSource>: FusionVisitor {
    var first: First

    func visit<Source: ViewChangeSource>(_ second: Source) -> (inout ViewBatch) -> Void {
      { [first] batch in
        let geometry = batch.geometry
        first.change(in: geometry).visitFormula(
          FusingVisitor(second: second.change(in: geometry)), on: &batch)
      }
    }
  }
}

/// What an effect's concrete type is given to (``FusibleEffect/accept(_:)``).
protocol FusionVisitor {
  func visit<Source: ViewChangeSource>(_ source: Source) -> (inout ViewBatch) -> Void
}
