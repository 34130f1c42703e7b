import EffectProtocol

/// A program of one column whose expression is the column's own value
/// combined with a value that is the same for every view (`y + 0.5 *
/// max(0, offset)`, `opacity * clamp(1 - offset / 300, 0, 1)`), or that value
/// alone: the shapes of the built-in effects. Such a program skips the
/// interpreter: the value is computed once a frame and each view gets one
/// operation in a loop specialised for the column. The result is what the
/// interpreter would give, bit for bit: the same operation on the same
/// operands, and the same rule for a result that is not finite.
struct ExpressionFastForm: Sendable, Equatable {
  enum Operation: Sendable, Equatable {
    /// `value`.
    case set
    /// `column + value` (or `value + column`: IEEE addition commutes exactly).
    case add
    /// `column - value`.
    case subtract
    /// `value - column`.
    case subtractFrom
    /// `column * value` (or `value * column`).
    case multiply
    /// `column / value`.
    case divide
  }

  var column: ExpressionColumn
  var operation: Operation
  /// The frame slot that holds the value.
  var slot: Int32

  /// The form of `node`, an expression assigned to `column` and already
  /// folded, if it has one.
  static func match(
    _ node: ExpressionNode, column: ExpressionColumn
  ) -> (operation: Operation, value: ExpressionNode)? {
    if node.isSameForEveryView { return (.set, node) }
    guard case .binary(let binary, let left, let right) = node else { return nil }
    let own = ownName(column)
    let leftIsOwn = own != nil && left == .name(own!)
    let rightIsOwn = own != nil && right == .name(own!)
    switch binary {
    case .add where leftIsOwn && right.isSameForEveryView: return (.add, right)
    case .add where rightIsOwn && left.isSameForEveryView: return (.add, left)
    case .subtract where leftIsOwn && right.isSameForEveryView: return (.subtract, right)
    case .subtract where rightIsOwn && left.isSameForEveryView: return (.subtractFrom, left)
    case .multiply where leftIsOwn && right.isSameForEveryView: return (.multiply, right)
    case .multiply where rightIsOwn && left.isSameForEveryView: return (.multiply, left)
    case .divide where leftIsOwn && right.isSameForEveryView: return (.divide, right)
    default: return nil
    }
  }

  /// The name that reads `column`'s current value; none for `scale`.
  private static func ownName(_ column: ExpressionColumn) -> ExpressionName? {
    column == .scale ? nil : ExpressionName(rawValue: column.rawValue)
  }

  /// Applies the form to every view, with the value `value`. The batch is
  /// `inout`, as in the loops it is passed to, so that they get its address
  /// and not a copy.
  func apply(to views: inout ViewBatch, value: Double) {
    switch column {
    case .x: apply(&views, value, X.self)
    case .y: apply(&views, value, Y.self)
    case .width: apply(&views, value, Width.self)
    case .height: apply(&views, value, Height.self)
    case .scale: apply(&views, value, Scale.self)
    case .scaleX: apply(&views, value, ScaleX.self)
    case .scaleY: apply(&views, value, ScaleY.self)
    case .anchorX: apply(&views, value, AnchorX.self)
    case .anchorY: apply(&views, value, AnchorY.self)
    case .opacity: apply(&views, value, Opacity.self)
    case .blur: apply(&views, value, Blur.self)
    case .rotation: apply(&views, value, Rotation.self)
    case .zIndex: apply(&views, value, ZIndex.self)
    }
  }

  @inline(__always)
  private func apply<Column: FastColumn>(
    _ views: inout ViewBatch, _ value: Double, _: Column.Type
  ) {
    switch operation {
    case .set:
      // The same result for every view: checked once.
      guard value.isFinite else { return }
      Self.set(&views, value, Column.self)
    case .add: Self.combine(&views, value, Column.self, Add.self)
    case .subtract: Self.combine(&views, value, Column.self, Subtract.self)
    case .subtractFrom: Self.combine(&views, value, Column.self, SubtractFrom.self)
    case .multiply: Self.combine(&views, value, Column.self, Multiply.self)
    case .divide: Self.combine(&views, value, Column.self, Divide.self)
    }
  }

  /// Stores `value` in every view's column. Out of line and specialised, so
  /// that each loop is compiled once with nothing left to call.
  @inline(never)
  private static func set<Column: FastColumn>(
    _ views: inout ViewBatch, _ value: Double, _: Column.Type
  ) {
    if Column.keepsFrame {
      views.modifyVisuals { view in Column.store(&view, value) }
    } else {
      views.modifyEach { view in Column.store(&view, value) }
    }
  }

  /// Stores `Operation` of each view's column and `value`, when finite.
  @inline(never)
  private static func combine<Column: FastColumn, Operation: FastOperation>(
    _ views: inout ViewBatch, _ value: Double, _: Column.Type, _: Operation.Type
  ) {
    if Column.keepsFrame {
      views.modifyVisuals { view in
        let result = Operation.apply(Column.load(view), value)
        if result.isFinite { Column.store(&view, result) }
      }
    } else {
      views.modifyEach { view in
        let result = Operation.apply(Column.load(view), value)
        if result.isFinite { Column.store(&view, result) }
      }
    }
  }
}

/// An operation of a column's value and the frame's value.
private protocol FastOperation {
  static func apply(_ column: Double, _ value: Double) -> Double
}

private enum Add: FastOperation {
  @inline(__always) static func apply(_ column: Double, _ value: Double) -> Double {
    column + value
  }
}

private enum Subtract: FastOperation {
  @inline(__always) static func apply(_ column: Double, _ value: Double) -> Double {
    column - value
  }
}

private enum SubtractFrom: FastOperation {
  @inline(__always) static func apply(_ column: Double, _ value: Double) -> Double {
    value - column
  }
}

private enum Multiply: FastOperation {
  @inline(__always) static func apply(_ column: Double, _ value: Double) -> Double {
    column * value
  }
}

private enum Divide: FastOperation {
  @inline(__always) static func apply(_ column: Double, _ value: Double) -> Double {
    column / value
  }
}

/// A column as the fast forms read and write it; `store` saturates and
/// clamps a finite value as the interpreter's store does.
private protocol FastColumn {
  static var keepsFrame: Bool { get }
  static func load(_ view: ViewTransform) -> Double
  static func store(_ view: inout ViewTransform, _ value: Double)
}

extension FastColumn {
  static var keepsFrame: Bool { true }
}

private enum X: FastColumn {
  static var keepsFrame: Bool { false }
  @inline(__always) static func load(_ view: ViewTransform) -> Double { view.x }
  @inline(__always) static func store(_ view: inout ViewTransform, _ value: Double) {
    view.x = Saturation.clamp(value)
  }
}

private enum Y: FastColumn {
  static var keepsFrame: Bool { false }
  @inline(__always) static func load(_ view: ViewTransform) -> Double { view.y }
  @inline(__always) static func store(_ view: inout ViewTransform, _ value: Double) {
    view.y = Saturation.clamp(value)
  }
}

private enum Width: FastColumn {
  static var keepsFrame: Bool { false }
  @inline(__always) static func load(_ view: ViewTransform) -> Double { view.width }
  @inline(__always) static func store(_ view: inout ViewTransform, _ value: Double) {
    view.width = max(0, Saturation.clamp(value))
  }
}

private enum Height: FastColumn {
  static var keepsFrame: Bool { false }
  @inline(__always) static func load(_ view: ViewTransform) -> Double { view.height }
  @inline(__always) static func store(_ view: inout ViewTransform, _ value: Double) {
    view.height = max(0, Saturation.clamp(value))
  }
}

private enum Scale: FastColumn {
  // Never loaded: `scale` is not a name.
  @inline(__always) static func load(_ view: ViewTransform) -> Double { view.scaleX }
  @inline(__always) static func store(_ view: inout ViewTransform, _ value: Double) {
    view.scaleX = Saturation.clamp(value)
    view.scaleY = Saturation.clamp(value)
  }
}

private enum ScaleX: FastColumn {
  @inline(__always) static func load(_ view: ViewTransform) -> Double { view.scaleX }
  @inline(__always) static func store(_ view: inout ViewTransform, _ value: Double) {
    view.scaleX = Saturation.clamp(value)
  }
}

private enum ScaleY: FastColumn {
  @inline(__always) static func load(_ view: ViewTransform) -> Double { view.scaleY }
  @inline(__always) static func store(_ view: inout ViewTransform, _ value: Double) {
    view.scaleY = Saturation.clamp(value)
  }
}

private enum AnchorX: FastColumn {
  @inline(__always) static func load(_ view: ViewTransform) -> Double { view.anchorX }
  @inline(__always) static func store(_ view: inout ViewTransform, _ value: Double) {
    view.anchorX = Saturation.clamp(value)
  }
}

private enum AnchorY: FastColumn {
  @inline(__always) static func load(_ view: ViewTransform) -> Double { view.anchorY }
  @inline(__always) static func store(_ view: inout ViewTransform, _ value: Double) {
    view.anchorY = Saturation.clamp(value)
  }
}

private enum Opacity: FastColumn {
  @inline(__always) static func load(_ view: ViewTransform) -> Double { view.opacity }
  @inline(__always) static func store(_ view: inout ViewTransform, _ value: Double) {
    view.opacity = min(max(Saturation.clamp(value), 0), 1)
  }
}

private enum Blur: FastColumn {
  @inline(__always) static func load(_ view: ViewTransform) -> Double { view.blur }
  @inline(__always) static func store(_ view: inout ViewTransform, _ value: Double) {
    view.blur = max(0, Saturation.clamp(value))
  }
}

private enum Rotation: FastColumn {
  @inline(__always) static func load(_ view: ViewTransform) -> Double { view.rotation }
  @inline(__always) static func store(_ view: inout ViewTransform, _ value: Double) {
    view.rotation = Saturation.clamp(value)
  }
}

private enum ZIndex: FastColumn {
  @inline(__always) static func load(_ view: ViewTransform) -> Double { view.zIndex }
  @inline(__always) static func store(_ view: inout ViewTransform, _ value: Double) {
    view.zIndex = Saturation.clamp(value)
  }
}
