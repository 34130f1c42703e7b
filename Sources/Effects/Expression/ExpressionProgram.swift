import EffectProtocol

/// A column an expression assigns: a transform column, or `scale` for both
/// scale factors.
enum ExpressionColumn: String, CaseIterable, Sendable {
  case x, y, width, height, scale, scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation
  case zIndex

  /// Whether assigning it keeps the view's frame.
  var isVisual: Bool {
    switch self {
    case .x, .y, .width, .height: false
    default: true
    }
  }
}

/// One step of a stack machine. Loads push, operators pop their operands and
/// push the result, stores pop.
struct ExpressionInstruction: Sendable, Equatable {
  enum Opcode: UInt8, Sendable {
    /// Pushes ``ExpressionInstruction/value``.
    case constant
    /// Pushes the frame value in ``ExpressionInstruction/slot``.
    case frame
    /// Pushes a value of the view.
    case loadX, loadY, loadWidth, loadHeight, loadScaleX, loadScaleY, loadAnchorX, loadAnchorY
    case loadOpacity, loadBlur, loadRotation, loadZIndex
    case loadIndex, loadNaturalY, loadTranslateX, loadTranslateY, loadProgress
    case negate, add, subtract, multiply, divide
    case less, lessEqual, greater, greaterEqual, equal, notEqual
    /// Pops the condition, the true value and the false value.
    case select
    case min, max, clamp, abs, sqrt, pow, exp, log, sin, cos, floor, ceil, round, sign
    case lerp, step, smoothstep
    /// `add`, `subtract`, `multiply`, `divide` whose right operand is the
    /// frame value in ``ExpressionInstruction/slot``: one step for two.
    case addFrame, subtractFrame, multiplyFrame, divideFrame
    /// `add`, `subtract`, `multiply`, `divide` whose right operand is the
    /// constant ``ExpressionInstruction/value`` (`offset / 2`).
    case addConstant, subtractConstant, multiplyConstant, divideConstant
    /// Pops the value into frame slot ``ExpressionInstruction/slot``.
    case storeFrame
    /// Pops the value into a column of the view, unless it is not finite.
    case storeX, storeY, storeWidth, storeHeight, storeScale, storeScaleX, storeScaleY
    case storeAnchorX, storeAnchorY, storeOpacity, storeBlur, storeRotation, storeZIndex
    /// Ends the code: every code a program runs ends with it, so that the
    /// interpreter stops on it instead of testing its position at every step.
    case end

    /// Whether it reads the frame slot ``ExpressionInstruction/slot``.
    var readsFrameSlot: Bool {
      switch self {
      case .frame, .addFrame, .subtractFrame, .multiplyFrame, .divideFrame: true
      default: false
      }
    }
  }

  var opcode: Opcode
  var slot: Int32 = 0
  var value: Double = 0

  /// How the instruction changes the stack's depth.
  var depthChange: Int {
    switch opcode {
    case .constant, .frame, .loadX, .loadY, .loadWidth, .loadHeight, .loadScaleX, .loadScaleY,
      .loadAnchorX, .loadAnchorY, .loadOpacity, .loadBlur, .loadRotation, .loadZIndex, .loadIndex,
      .loadNaturalY, .loadTranslateX, .loadTranslateY, .loadProgress:
      1
    case .negate, .abs, .sqrt, .exp, .log, .sin, .cos, .floor, .ceil, .round, .sign, .addFrame,
      .subtractFrame, .multiplyFrame, .divideFrame, .addConstant, .subtractConstant,
      .multiplyConstant, .divideConstant, .end:
      0
    case .select, .clamp, .lerp, .smoothstep: -2
    default: -1
    }
  }
}

/// Expressions compiled for evaluation: the values that are the same for
/// every view, computed once a frame into frame slots, and the code run for
/// each view, which evaluates every column's expression and then stores them
/// all (so every expression reads the transform before the effect).
///
/// Constant subexpressions are folded at compile time; subexpressions of
/// constants and frame names (`0.5 * max(0, offset)`) move to ``frameCode``.
struct ExpressionProgram: Sendable, Equatable {
  /// The names whose values are the same for every view, in the order of
  /// their frame slots; hoisted values follow them.
  static let frameNames = ExpressionName.allCases.filter(\.isSameForEveryView)

  var frameCode: [ExpressionInstruction] = []
  var viewCode: [ExpressionInstruction] = []
  /// The code run on a batch's first view when the views run one by one:
  /// the frame code, then the view code. The frame code leaves the stack
  /// as it found it, and the view code reads the frame slots it wrote.
  var firstViewCode: [ExpressionInstruction] = []
  /// Frame names, then hoisted values.
  var frameSlotCount = frameNames.count
  /// The frame names' slots that some code or fast form reads, a bit a
  /// slot: a call writes these and those that share their group, no others.
  var frameNamesRead: UInt16 = 0
  /// The deepest either code's stack gets, plus one slot below the bottom.
  var stackDepth = 1
  /// Whether only visual columns are assigned.
  var keepsFrame = true
  /// The program as one operation a view for each column, in output
  /// order, when every column's expression has that form; then
  /// ``viewCode`` is not run. Each form reads and writes its own column
  /// only, and no two write the same one (`scale` and a scale factor are
  /// never both assigned), so running them one after another gives what
  /// storing them all after reading the transform gives.
  var fastForms: [ExpressionFastForm] = []

  /// Compiles `outputs`, in order; each column at most once (`scale` counts
  /// as both scale factors).
  init(_ outputs: [(column: ExpressionColumn, expression: ExpressionNode)]) {
    var hoisted: [(node: ExpressionNode, slot: Int32)] = []
    var code: [ExpressionInstruction] = []
    let matches = outputs.compactMap { output in
      ExpressionFastForm.match(Self.fold(output.expression), column: output.column).map {
        (column: output.column, operation: $0.operation, value: $0.value)
      }
    }
    if !outputs.isEmpty && matches.count == outputs.count {
      for match in matches {
        // The value in a frame slot: hoisted, a frame name's, or a constant stored there.
        emit(match.value, into: &code, hoisted: &hoisted)
        let slot: Int32
        if code.count == 1, code[0].opcode == .frame {
          slot = code[0].slot
        } else {
          slot = Int32(frameSlotCount)
          frameSlotCount += 1
          frameCode += code + [ExpressionInstruction(opcode: .storeFrame, slot: slot)]
        }
        code = []
        fastForms.append(
          ExpressionFastForm(column: match.column, operation: match.operation, slot: slot))
      }
    } else {
      for output in outputs {
        emit(Self.fold(output.expression), into: &code, hoisted: &hoisted)
        keepsFrame = keepsFrame && output.column.isVisual
      }
      // The values are on the stack in output order: the last on top.
      for output in outputs.reversed() {
        code.append(ExpressionInstruction(opcode: Self.store(output.column)))
      }
    }
    // The view code runs unless there are fast forms; frame code, when there is any.
    viewCode = fastForms.isEmpty ? code + [ExpressionInstruction(opcode: .end)] : []
    if !frameCode.isEmpty { frameCode.append(ExpressionInstruction(opcode: .end)) }
    finish()
  }

  /// Sets what follows from the frame code, the view code and the fast
  /// forms, each code ending in its `end`: the first view's code, the
  /// stack's depth and the frame names read.
  private mutating func finish() {
    firstViewCode = fastForms.isEmpty ? Array(frameCode.dropLast()) + viewCode : []
    stackDepth = max(Self.depth(of: frameCode), Self.depth(of: viewCode)) + 1
    var slots = fastForms.map(\.slot)
    for instruction in frameCode + viewCode where instruction.opcode.readsFrameSlot {
      slots.append(instruction.slot)
    }
    frameNamesRead = 0
    for slot in slots where slot < Self.frameNames.count {
      frameNamesRead |= 1 << UInt16(slot)
    }
  }

  /// The program that runs `self`, then `next`, as two effects in a row
  /// would: `next` reads the transform `self` left. `next`'s frame code
  /// follows `self`'s (neither reads a view, so it may run before
  /// `self`'s view code), its view code follows `self`'s, which leaves the
  /// stack empty, and its hoisted values move to frame slots after
  /// `self`'s. Fast forms are joined the same way, one after another.
  /// `nil` when one program has fast forms and the other view code: the
  /// two ways of running do not join.
  func followed(by next: Self) -> Self? {
    guard fastForms.isEmpty == next.fastForms.isEmpty else { return nil }
    let names = Int32(Self.frameNames.count)
    // `next`'s hoisted slots, after `self`'s.
    let shift = Int32(frameSlotCount) - names
    func moved(_ code: [ExpressionInstruction]) -> [ExpressionInstruction] {
      code.map { instruction in
        var instruction = instruction
        let opcode = instruction.opcode
        if (opcode.readsFrameSlot || opcode == .storeFrame) && instruction.slot >= names {
          instruction.slot += shift
        }
        return instruction
      }
    }
    func body(_ code: [ExpressionInstruction]) -> [ExpressionInstruction] {
      code.last?.opcode == .end ? Array(code.dropLast()) : code
    }
    var joined = self
    let frame = body(frameCode) + body(moved(next.frameCode))
    joined.frameCode = frame.isEmpty ? [] : frame + [ExpressionInstruction(opcode: .end)]
    joined.fastForms =
      fastForms
      + next.fastForms.map { form in
        var form = form
        if form.slot >= names { form.slot += shift }
        return form
      }
    if joined.fastForms.isEmpty { joined.viewCode = body(viewCode) + moved(next.viewCode) }
    joined.frameSlotCount = frameSlotCount + next.frameSlotCount - Int(names)
    joined.keepsFrame = keepsFrame && next.keepsFrame
    joined.finish()
    return joined
  }

  /// The most values `code` holds on the stack at once.
  private static func depth(of code: [ExpressionInstruction]) -> Int {
    var depth = 0
    var deepest = 0
    for instruction in code {
      depth += instruction.depthChange
      deepest = max(deepest, depth)
    }
    return deepest
  }

  /// `node` with every operation on constants replaced by its value, and a
  /// conditional on a constant by its branch; the math is evaluation's own.
  static func fold(_ node: ExpressionNode) -> ExpressionNode {
    switch node {
    case .number, .name: return node
    case .negate(let operand):
      let operand = fold(operand)
      if case .number(let value) = operand { return .number(-value) }
      return .negate(operand)
    case .binary(let binary, let left, let right):
      let (left, right) = (fold(left), fold(right))
      if case .number(let a) = left, case .number(let b) = right {
        return .number(binary.apply(a, b))
      }
      return .binary(binary, left, right)
    case .conditional(let condition, let whenTrue, let whenFalse):
      let condition = fold(condition)
      if case .number(let value) = condition {
        return fold(value != 0 ? whenTrue : whenFalse)
      }
      return .conditional(condition, fold(whenTrue), fold(whenFalse))
    case .call(let function, let arguments):
      let arguments = arguments.map(fold)
      var values: [Double] = []
      for argument in arguments {
        guard case .number(let value) = argument else { return .call(function, arguments) }
        values.append(value)
      }
      return .number(ExpressionMath.apply(function, values))
    }
  }

  /// Appends the code of `node` to `code`. Outside ``frameCode``, a
  /// subexpression that is the same for every view (and more than a constant
  /// or a name) is computed in ``frameCode`` into a frame slot, once however
  /// often it appears, and read from there.
  private mutating func emit(
    _ node: ExpressionNode, into code: inout [ExpressionInstruction],
    hoisted: inout [(node: ExpressionNode, slot: Int32)], inFrame: Bool = false
  ) {
    if !inFrame, node.isCompound, node.isSameForEveryView {
      let slot: Int32
      if let known = hoisted.first(where: { $0.node == node }) {
        slot = known.slot
      } else {
        slot = Int32(frameSlotCount)
        frameSlotCount += 1
        var frame = frameCode
        emit(node, into: &frame, hoisted: &hoisted, inFrame: true)
        frame.append(ExpressionInstruction(opcode: .storeFrame, slot: slot))
        frameCode = frame
        hoisted.append((node, slot))
      }
      code.append(ExpressionInstruction(opcode: .frame, slot: slot))
      return
    }
    switch node {
    case .number(let value):
      code.append(ExpressionInstruction(opcode: .constant, value: value))
    case .name(let name):
      code.append(Self.load(name))
    case .negate(let operand):
      emit(operand, into: &code, hoisted: &hoisted, inFrame: inFrame)
      code.append(ExpressionInstruction(opcode: .negate))
    case .binary(let binary, let left, let right):
      emit(left, into: &code, hoisted: &hoisted, inFrame: inFrame)
      let before = code.count
      emit(right, into: &code, hoisted: &hoisted, inFrame: inFrame)
      // A right operand read from a frame slot, or a constant, joins the
      // operator: one step to dispatch for two.
      if code.count == before + 1,
        let fused = Self.fused(binary, rightOperand: code[before].opcode)
      {
        code[before].opcode = fused
      } else {
        code.append(ExpressionInstruction(opcode: Self.opcode(binary)))
      }
    case .conditional(let condition, let whenTrue, let whenFalse):
      // Both branches are evaluated (they cannot fail or change anything):
      // no jumps, and the stack's depth is known at every step.
      for operand in [condition, whenTrue, whenFalse] {
        emit(operand, into: &code, hoisted: &hoisted, inFrame: inFrame)
      }
      code.append(ExpressionInstruction(opcode: .select))
    case .call(let function, let arguments):
      if function.isVariadic {
        // min(a, b, c) is min(min(a, b), c).
        emit(arguments[0], into: &code, hoisted: &hoisted, inFrame: inFrame)
        for argument in arguments.dropFirst() {
          emit(argument, into: &code, hoisted: &hoisted, inFrame: inFrame)
          code.append(ExpressionInstruction(opcode: Self.opcode(function)))
        }
      } else {
        for argument in arguments {
          emit(argument, into: &code, hoisted: &hoisted, inFrame: inFrame)
        }
        code.append(ExpressionInstruction(opcode: Self.opcode(function)))
      }
    }
  }

  private static func load(_ name: ExpressionName) -> ExpressionInstruction {
    if let slot = frameNames.firstIndex(of: name) {
      return ExpressionInstruction(opcode: .frame, slot: Int32(slot))
    }
    let opcode: ExpressionInstruction.Opcode
    switch name {
    case .x, .minX: opcode = .loadX
    case .y, .minY: opcode = .loadY
    case .width: opcode = .loadWidth
    case .height: opcode = .loadHeight
    case .scaleX: opcode = .loadScaleX
    case .scaleY: opcode = .loadScaleY
    case .anchorX: opcode = .loadAnchorX
    case .anchorY: opcode = .loadAnchorY
    case .opacity: opcode = .loadOpacity
    case .blur: opcode = .loadBlur
    case .rotation: opcode = .loadRotation
    case .zIndex: opcode = .loadZIndex
    case .index: opcode = .loadIndex
    case .naturalY: opcode = .loadNaturalY
    case .translateX: opcode = .loadTranslateX
    case .translateY: opcode = .loadTranslateY
    case .progress: opcode = .loadProgress
    default: preconditionFailure("\(name) is read from a frame slot")
    }
    return ExpressionInstruction(opcode: opcode)
  }

  private static func opcode(_ binary: BinaryOperator) -> ExpressionInstruction.Opcode {
    switch binary {
    case .add: .add
    case .subtract: .subtract
    case .multiply: .multiply
    case .divide: .divide
    case .less: .less
    case .lessEqual: .lessEqual
    case .greater: .greater
    case .greaterEqual: .greaterEqual
    case .equal: .equal
    case .notEqual: .notEqual
    }
  }

  /// The one step for `binary` whose right operand is the single step
  /// `rightOperand` (a frame slot or a constant), if there is one.
  private static func fused(
    _ binary: BinaryOperator, rightOperand: ExpressionInstruction.Opcode
  ) -> ExpressionInstruction.Opcode? {
    switch (rightOperand, binary) {
    case (.frame, .add): .addFrame
    case (.frame, .subtract): .subtractFrame
    case (.frame, .multiply): .multiplyFrame
    case (.frame, .divide): .divideFrame
    case (.constant, .add): .addConstant
    case (.constant, .subtract): .subtractConstant
    case (.constant, .multiply): .multiplyConstant
    case (.constant, .divide): .divideConstant
    default: nil
    }
  }

  private static func opcode(_ function: ExpressionFunction) -> ExpressionInstruction.Opcode {
    switch function {
    case .min: .min
    case .max: .max
    case .clamp: .clamp
    case .abs: .abs
    case .sqrt: .sqrt
    case .pow: .pow
    case .exp: .exp
    case .log: .log
    case .sin: .sin
    case .cos: .cos
    case .floor: .floor
    case .ceil: .ceil
    case .round: .round
    case .sign: .sign
    case .lerp: .lerp
    case .step: .step
    case .smoothstep: .smoothstep
    }
  }

  private static func store(_ column: ExpressionColumn) -> ExpressionInstruction.Opcode {
    switch column {
    case .x: .storeX
    case .y: .storeY
    case .width: .storeWidth
    case .height: .storeHeight
    case .scale: .storeScale
    case .scaleX: .storeScaleX
    case .scaleY: .storeScaleY
    case .anchorX: .storeAnchorX
    case .anchorY: .storeAnchorY
    case .opacity: .storeOpacity
    case .blur: .storeBlur
    case .rotation: .storeRotation
    case .zIndex: .storeZIndex
    }
  }
}

extension ExpressionNode {
  /// Whether the node computes something, more than a number or a name:
  /// what a program computes once a frame when it is the same for every view.
  var isCompound: Bool {
    switch self {
    case .number, .name: false
    case .negate, .binary, .conditional, .call: true
    }
  }

  /// Whether the node reads a name for which `matches` holds.
  func reads(where matches: (ExpressionName) -> Bool) -> Bool {
    switch self {
    case .number: false
    case .name(let name): matches(name)
    case .negate(let operand): operand.reads(where: matches)
    case .binary(_, let left, let right): left.reads(where: matches) || right.reads(where: matches)
    case .conditional(let condition, let whenTrue, let whenFalse):
      condition.reads(where: matches) || whenTrue.reads(where: matches)
        || whenFalse.reads(where: matches)
    case .call(_, let arguments): arguments.contains { $0.reads(where: matches) }
    }
  }

  /// Whether every name the node reads is the same for every view of a
  /// chain in one frame (``ExpressionName/isSameForEveryView``).
  var isSameForEveryView: Bool {
    switch self {
    case .number: true
    case .name(let name): name.isSameForEveryView
    case .negate(let operand): operand.isSameForEveryView
    case .binary(_, let left, let right): left.isSameForEveryView && right.isSameForEveryView
    case .conditional(let condition, let whenTrue, let whenFalse):
      condition.isSameForEveryView && whenTrue.isSameForEveryView
        && whenFalse.isSameForEveryView
    case .call(_, let arguments): arguments.allSatisfy(\.isSameForEveryView)
    }
  }
}
