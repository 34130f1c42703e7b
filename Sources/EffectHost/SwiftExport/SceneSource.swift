import EffectProtocol
import Effects

/// The text of an exported scene: the struct, its constants, a function a
/// chain, events and the helpers the effects call.
struct SceneSource {
  let export: SwiftExport
  let host: SceneHost
  let chains: [ExportedChain]
  /// The step and `linear(...)` easings and view-range progress the chains and events call.
  let functions: SwiftFunctions

  private var out: [String] = []
  /// The lines of the type ``View`` in ``out``.
  private var viewType = 0..<0

  // What the whole scene's chains say, worked out once: the text of each
  // chain asks for them, and working them out again a chain took the
  // square of the chains (2,000 chains took more than 30 seconds).

  /// Whether a right-to-left scene's events read a view's position along
  /// the scroll axis (`minX`, `progress`): the twin's y, which the mirrored
  /// `x` does not give back exactly, kept in a private column `leading`.
  private(set) var needsLeading = false
  private(set) var helpers: Set<SwiftChainCode.Helper> = []
  /// Whether an event may fire: a scene whose every event's input stays the
  /// same (``ExportedChain/neverFires(_:)``) has no `detectEvents(offset:)`.
  private(set) var hasEvents = false
  /// The easing functions of every chain, each once.
  private(set) var curves: [(name: String, curve: String, comment: String)] = []
  private(set) var hasState = false
  /// The columns some frame changes, in the columns' order: the screen's
  /// (and `leading`, last, when a right-to-left scene's events read it).
  private(set) var changing: [String] = []
  /// The changing columns a frame writes only where a value changed, the
  /// others being written through a buffer pointer every frame: a column
  /// that one view alone changes, a view without copies, other than its
  /// position along the scroll axis while it moves with the content (which
  /// every frame changes). Comparing that one value costs less than the
  /// uniqueness check of taking the column's buffer pointer, which a frame
  /// that leaves the column as it was (a stretchy header at rest) then skips.
  private(set) var writtenOnChange: Set<String> = []
  /// The changing columns written through a buffer pointer every frame.
  private(set) var pointerColumns: [String] = []
  private(set) var windowed: [ExportedChain] = []

  init(export: SwiftExport, host: SceneHost, chains: [ExportedChain], functions: SwiftFunctions) {
    self.export = export
    self.host = host
    self.chains = chains
    self.functions = functions
    needsLeading = isMirrored && chains.contains(where: \.readsLeading)
    helpers = chains.reduce(into: []) { $0.formUnion($1.code.helpers) }
    hasEvents = chains.contains { chain in chain.events.contains { !chain.neverFires($0) } }
    var curveNames: Set<String> = []
    for chain in chains {
      for curve in chain.code.curves where curveNames.insert(curve.name).inserted {
        curves.append(curve)
      }
    }
    hasState = chains.contains { !$0.code.stateProperties.isEmpty }
    let stores = chains.map { self.stores($0) }
    let changingSet = Set(stores.joined().map(\.column))
    changing = (columns.map(\.rawValue) + ["leading"]).filter(changingSet.contains)
    let position: Set<String> = isHorizontal ? ["x", "leading"] : ["y"]
    var writers: [String: [ExportedChain]] = [:]
    for (chain, stores) in zip(chains, stores) {
      for store in stores { writers[store.column, default: []].append(chain) }
    }
    writtenOnChange = Set(
      writers.compactMap { column, chains in
        guard chains.count == 1, let chain = chains.first, !chain.isRepeated else { return nil }
        let moves = chain.layout.attachment == .content && position.contains(column)
        return moves ? nil : column
      })
    let onChange = writtenOnChange
    pointerColumns = changing.filter { !onChange.contains($0) }
    windowed = chains.filter(\.isWindowed)
  }

  /// How the twin's transforms map to the screen: a horizontal scene is
  /// evaluated as its vertical twin, and the columns written on the screen's axes.
  var mapping: ScreenMapping { host.screenMapping }
  var isHorizontal: Bool { !mapping.isIdentity }
  var isMirrored: Bool { mapping.isMirrored }
  /// The arguments of `withColumns`'s body.
  var frameArguments: String { hasState ? "columns, state" : "columns" }
  var columns: [TransformColumn] { TransformColumn.allCases }

  var text: String {
    var source = self
    source.write()
    return source.out.joined(separator: "\n") + "\n"
  }

  private mutating func line(_ text: String = "") { out.append(text) }

  private mutating func lines(_ text: String) {
    out += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// Whether the text written so far, or one of ``functions``, calls the
  /// function `name` (as `Self.name(`).
  private func isCalled(_ name: String) -> Bool {
    let call = "Self.\(name)("
    return out.contains { $0.contains(call) }
      || functions.all.contains { $0.lines.contains { $0.contains(call) } }
  }

  private mutating func write() {
    let name = export.typeName
    let usesCMath = helpers.contains(.cMath)
    line(
      "// \(name).swift: the scene \(SwiftLiteral.comment(export.sourceName)) as Swift, written by")
    line(
      "// `effectctl export --swift`. It needs only the standard library"
        + (usesCMath ? " and the platform's C math." : "."))
    line("// evaluate(offset:) computes every view's 14 columns, the values `effectctl eval`")
    if export.options.isEmpty {
      line("// prints for the scene, into `[Double]` columns indexed as `viewNames`.")
    } else {
      line("// prints for the scene with the options it was exported with, into `[Double]`")
      line("// columns indexed as `viewNames`. The options:")
      let options = export.options.map { SwiftLiteral.comment($0) }.joined(separator: " ")
      for wrapped in Self.wrap(options, width: 92) { line("//   \(wrapped)") }
    }
    if isHorizontal {
      line(
        "// The scene scrolls sideways (\"axis\": \"horizontal\""
          + (isMirrored ? ", right to left" : "") + "): it is evaluated as its")
      line("// vertical twin, along y, and each view's columns are written on the screen's axes:")
      line(
        isMirrored
          ? "// the twin's x is the screen's y and its y the screen's x, mirrored."
          : "// the twin's x is the screen's y and its y the screen's x.")
      line("// Names in the code are the twin's: a y, height, top or bottom is along the scroll")
      line("// axis (the screen's x, width, leading or trailing edge), so the file's minWidth is")
      line("// a minHeight here and its leading edge the top. The columns are the screen's.")
    }
    if usesCMath {
      line()
      lines(
        """
        #if canImport(Darwin)
          import Darwin
        #elseif canImport(Glibc)
          import Glibc
        #elseif canImport(Musl)
          import Musl
        #endif
        """)
    }
    line()
    let description = host.scene.description ?? "The scene \(export.sourceName)."
    // A line a line of the description, whatever ends it ("\r\n", "\u{2028}").
    for text in description.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      for wrapped in Self.wrap(SwiftLiteral.comment(String(text)), width: 96) {
        line("/// \(wrapped)".trimmingTrailingSpaces)
      }
    }
    line("public struct \(name): Sendable {")
    writeTypes()
    writeColumnsType()
    writeConstants()
    writeStorage()
    writeInit()
    writeEvaluate()
    writeWithColumns()
    for chain in chains { writeChain(chain) }
    if hasEvents { writeEvents() } else { writeEventsThatNeverFire() }
    writeHelpers()
    line("}")
    removeViewTypeIfUnused()
  }

  // MARK: - Types and storage

  private mutating func writeTypes() {
    lines(
      """
        /// What the scroll view is doing at a frame, with SwiftUI's `ScrollPhase` names.
        public enum Phase: Sendable, Equatable {
          case idle, interacting, decelerating, animating
        }

        /// An event of the last frame: the row of the view whose input crossed
        /// the event's threshold, the event's name, which way, and the input's value.
        public struct Event: Sendable, Equatable {
          public enum Direction: String, Sendable {
            case increasing, decreasing
          }

          public var row: Int
          public var name: String
          public var direction: Direction
          public var value: Double
        }

      """)
    let start = out.count
    lines(
      """
        /// One view's transform while its chain's effects change it.
        private struct View {
          var x, y, width, height: Double
          var scaleX = 1.0, scaleY = 1.0, anchorX = 0.5, anchorY = 0.5
          var opacity = 1.0, blur = 0.0, rotation = 0.0, zIndex = 0.0
        }

      """)
    viewType = start..<out.count
  }

  /// Leaves ``View`` out where no chain's code makes one (every chain's
  /// views rest or are written whole): a file holds no type it never uses.
  private mutating func removeViewTypeIfUnused() {
    let used = out.indices.contains { !viewType.contains($0) && out[$0].contains("View(") }
    if !used { out.removeSubrange(viewType) }
  }

  private mutating func writeColumnsType() {
    let pointerColumns = pointerColumns
    if !pointerColumns.isEmpty {
      line("  /// The columns every frame writes, written through during the frame.")
      line("  private struct Columns {")
      line(
        "    let \(pointerColumns.joined(separator: ", ")): UnsafeMutableBufferPointer<Double>"
      )
      line("  }")
      line()
    }
  }

  private mutating func writeConstants() {
    line(
      "  /// The views, in row order: each row's chain name, `name[i]` for copy i of a repeated chain."
    )
    if !chains.contains(where: \.isRepeated) {
      let names = chains.map { SwiftLiteral.string($0.name) }.joined(separator: ", ")
      line("  public static let viewNames: [String] = [\(names)]")
    } else {
      line("  public static let viewNames: [String] = {")
      line("    var names: [String] = []")
      for chain in chains {
        let literal = SwiftLiteral.string(chain.name)
        if chain.isRepeated {
          let open = SwiftLiteral.string(chain.name + "[").dropLast()
          line("    names += (0..<\(chain.rows.count)).map { \(open)\\($0)]\" }")
        } else {
          line("    names.append(\(literal))")
        }
      }
      line("    return names")
      line("  }()")
    }
    line()
    let scene = host.scene
    let geometry = host.geometry
    line("  // The scene, points.")
    line("  static let viewportWidth = \(SwiftLiteral.double(scene.viewport.width))")
    line("  static let viewportHeight = \(SwiftLiteral.double(scene.viewport.height))")
    line("  static let insetTop = \(SwiftLiteral.double(scene.contentInsets.top))")
    line("  static let insetBottom = \(SwiftLiteral.double(scene.contentInsets.bottom))")
    line("  static let contentHeight = \(SwiftLiteral.double(scene.contentHeight))")
    line("  /// max(0, contentHeight + insetTop + insetBottom - viewportHeight)")
    line("  static let maxOffset = \(SwiftLiteral.double(geometry.maxOffset))")
    if isHorizontal {
      line("  // The scene scrolls sideways: the constants above are its vertical twin's, along y")
      line("  // (viewportHeight is the screen's width and viewportWidth its height, insetTop and")
      line("  // insetBottom the leading and trailing insets, contentHeight the content's width).")
    }
    if isMirrored {
      line("  /// The screen's width, which the mirror image reflects about.")
      line("  static let screenWidth = \(SwiftLiteral.double(mapping.viewportWidth))")
    }
    if !windowed.isEmpty {
      line("  /// The rows of each chain.")
      let ranges = chains.map { "\($0.rows.lowerBound)..<\($0.rows.upperBound)" }
      line("  static let chainRows: [Range<Int>] = [\(ranges.joined(separator: ", "))]")
    }
    line()
  }

  private mutating func writeStorage() {
    line("  /// Each view's columns after the last frame, indexed as `viewNames`.")
    line("  public private(set) var x, y, width, height: [Double]")
    line("  public private(set) var translateX, translateY: [Double]")
    line("  public private(set) var scaleX, scaleY, anchorX, anchorY: [Double]")
    line("  public private(set) var opacity, blur, rotation, zIndex: [Double]")
    line("  /// The events of the last frame, in the order of the chains, their events and copies.")
    line("  public private(set) var events: [Event] = []")
    if needsLeading {
      line("  /// Each view's leading (right) edge after the last frame, measured leftwards from")
      line(
        "  /// the viewport's right edge: the twin's y, which `minX` and `progress` events read.")
      line("  private var leading: [Double]")
    }
    if !windowed.isEmpty {
      line("  /// The rows each chain's views were evaluated in by the last frame, one range a")
      line("  /// chain: every row but after `evaluate(offset:visibleOnly: true)`.")
      line("  public private(set) var evaluatedRows = Self.chainRows")
      line("  /// Whether the last frame evaluated only the visible rows.")
      line("  private var evaluatedVisibleOnly = false")
    }
    if hasState {
      line("  /// What stateful effects carry from frame to frame, named after the chain, the")
      line("  /// effect and its index in the chain.")
      line("  private struct State {")
      for state in chains.flatMap(\.code.stateProperties) {
        line("    var \(state.name): \(state.type) = \(state.initial)")
      }
      line("  }")
      line()
      line("  private var state = State()")
    }
    if hasEvents {
      line("  /// Whether a frame was evaluated: events never fire on the first.")
      line("  private var hasEvaluated = false")
      if eventSlotCount > 0 {
        line("  /// Each event's input at the last frame, one a copy for a view's input")
        line(
          hasSearchedEvents
            ? "  /// that changes (but for those computed again from `lastOffset`)."
            : "  /// that changes.")
        line("  private var eventInputs = Array(repeating: 0.0, count: \(eventSlotCount))")
      }
      if hasSearchedEvents {
        line("  /// The last frame's offset, which its natural copies' inputs are computed from.")
        line("  private var lastOffset = 0.0")
      }
    }
    line()
  }

  var eventSlotCount: Int {
    chains.reduce(0) { total, chain in
      total
        + chain.events.reduce(0) {
          $0
            + (chain.neverFires($1)
              ? 0 : !$1.input.isPerView ? 1 : chain.keepsInputs($1) ? chain.rows.count : 0)
        }
    }
  }

  /// Whether an event is found by search (``ExportedChain/searches(_:)``).
  var hasSearchedEvents: Bool {
    chains.contains { chain in chain.events.contains(where: chain.searches) }
  }

  private mutating func writeInit() {
    line("  /// Every view at its natural frame at rest, with its chain's own visuals.")
    line("  public init() {")
    line("    let count = Self.viewNames.count")
    var identity: [TransformColumn: String] = [
      .scaleX: "1.0", .scaleY: "1.0", .anchorX: "0.5", .anchorY: "0.5", .opacity: "1.0",
    ]
    // The mirror image's rotation is -rotation: -0 without a turn.
    if isMirrored { identity[.rotation] = "-0.0" }
    for column in columns {
      line("    \(column.rawValue) = Array(repeating: \(identity[column] ?? "0.0"), count: count)")
    }
    if needsLeading { line("    leading = Array(repeating: 0.0, count: count)") }
    for chain in chains {
      let frame = chain.layout.frame
      let top =
        chain.layout.attachment == .content
        ? "Self.insetTop + \(SwiftLiteral.double(frame.y))" : SwiftLiteral.double(frame.y)
      line(
        "    layOut(rows: \(chain.rows.lowerBound)..<\(chain.rows.upperBound), "
          + "x: \(SwiftLiteral.double(frame.x)), top: \(top), "
          + "width: \(SwiftLiteral.double(frame.width)), "
          + "height: \(SwiftLiteral.double(frame.height)), "
          + "stride: \(SwiftLiteral.double(chain.layout.stride)))  // \(SwiftLiteral.string(chain.name))"
      )
      // The chain's own visuals, which no frame changes unless an effect does.
      guard let visuals = chain.code.visuals else { continue }
      let rows = "\(chain.rows.lowerBound)..<\(chain.rows.upperBound)"
      for (column, value, identity) in [
        ("opacity", visuals.opacity, 1.0), ("zIndex", visuals.zIndex, 0.0),
      ] where value != identity {
        line("    for row in \(rows) { \(column)[row] = \(SwiftLiteral.double(value)) }")
      }
    }
    line("  }")
    line()
    guard !isHorizontal else { return writeHorizontalLayOut() }
    lines(
      """
        /// Puts `rows` at their natural frames: copy i's top at `top + i * stride`.
        private mutating func layOut(
          rows: Range<Int>, x naturalX: Double, top: Double, width naturalWidth: Double,
          height naturalHeight: Double, stride: Double
        ) {
          for row in rows {
            x[row] = naturalX
            y[row] = top + Double(row - rows.lowerBound) * stride
            width[row] = naturalWidth
            height[row] = naturalHeight
          }
        }

      """)
  }

  /// `layOut` of a horizontal scene: the twin's natural frames written on the screen's axes.
  private mutating func writeHorizontalLayOut() {
    lines(
      """
        /// Puts `rows` at their natural frames, given as the twin's (copy i's top at
        /// `top + i * stride`), on the screen's axes.
        private mutating func layOut(
          rows: Range<Int>, x naturalX: Double, top: Double, width naturalWidth: Double,
          height naturalHeight: Double, stride: Double
        ) {
          for row in rows {
            let naturalY = top + Double(row - rows.lowerBound) * stride
      """)
    if isMirrored {
      lines(
        """
              // The mirror image; translateX is the move of the leading (right) edge:
              // 0 but for the rounding of x + width - width: eval measures it from
              // naturalX + naturalWidth - width, the screen's width the twin's height.
              x[row] = Self.screenWidth - naturalY - naturalHeight
              translateX[row] = x[row] - (x[row] + naturalHeight - naturalHeight)
        """)
      if needsLeading { line("      leading[row] = naturalY") }
    } else {
      line("      x[row] = naturalY")
    }
    lines(
      """
            y[row] = naturalX
            width[row] = naturalHeight
            height[row] = naturalWidth
          }
        }

      """)
  }

  // MARK: - Frames

  private mutating func writeEvaluate() {
    lines(
      """
        /// Evaluates every view at `offset`: how far the content is scrolled
        /// from rest, points (clamped to ±1e15, as the library does).
        public mutating func evaluate(offset: Double) {
      """)
    if chains.contains(where: \.isEvaluated) || hasEvents {
      line("    let offset = min(max(offset, -1e15), 1e15)")
    } else {
      line(
        "    // Nothing in this scene moves with the offset: every view keeps its natural frame.")
    }
    writeFrame { "0..<\($0.rows.count)" }
    if !windowed.isEmpty {
      lines(
        """
            if evaluatedVisibleOnly {
              evaluatedRows = Self.chainRows
              evaluatedVisibleOnly = false
            }
        """)
    }
    if hasEvents { line("    detectEvents(offset: offset)") }
    line("  }")
    line()
    lines(
      """
        /// Evaluates every view at `offset` at `time` (seconds) in `phase`: the
        /// same as `evaluate(offset:)`, as no effect of this scene reads the time
        /// or the phase.
        public mutating func evaluate(offset: Double, time: Double, phase: Phase) {
          evaluate(offset: offset)
        }

      """)
    guard !windowed.isEmpty else { return }
    let extended =
      isHorizontal ? "one viewport width left and right" : "one viewport height above and below"
    lines(
      """
        /// Evaluates, when `visibleOnly`, only the views a lazy stack would
        /// have: the copies of the repeated chains whose natural frame meets the
        /// viewport extended by \(extended), and every
        /// other view; `evaluatedRows` tells which. The others keep their values.
        public mutating func evaluate(offset: Double, visibleOnly: Bool) {
          guard visibleOnly else {
            evaluate(offset: offset)
            return
          }
      """)
    let readsOffset =
      chains.contains(where: \.isEvaluated) || hasEvents
      || windowed.contains { $0.layout.attachment == .content }
    if readsOffset { line("    let offset = min(max(offset, -1e15), 1e15)") }
    for chain in windowed {
      let frame = chain.layout.frame
      line(
        "    let \(copiesName(chain)) = Self.visibleCopies(top: \(naturalTop(chain)), "
          + "height: \(SwiftLiteral.double(frame.height)), "
          + "stride: \(SwiftLiteral.double(chain.layout.stride)), count: \(chain.rows.count))")
    }
    writeFrame(copies: copiesName)
    for chain in windowed {
      let (first, copies) = (chain.rows.lowerBound, copiesName(chain))
      // Copies are rows where the chain's rows start at 0.
      line(
        first == 0
          ? "    evaluatedRows[\(chain.index)] = \(copies)"
          : "    evaluatedRows[\(chain.index)] = \(first) + \(copies).lowerBound..<\(first) + "
            + "\(copies).upperBound")
    }
    line("    evaluatedVisibleOnly = true")
    if hasEvents { line("    detectEvents(offset: offset)") }
    line("  }")
    line()
  }

  /// The call of every chain's function in `withColumns`, a windowed chain's
  /// with the copies `copies` gives.
  private mutating func writeFrame(copies: (ExportedChain) -> String) {
    guard !changing.isEmpty else { return }
    let evaluated = chains.filter(\.isEvaluated)
    let returning = evaluated.filter { !changeStores($0).isEmpty }
    let names = returning.map(valuesName).joined(separator: ", ")
    let bound = returning.count == 1 ? names : "(\(names))"
    func call(_ chain: ExportedChain) -> String {
      var arguments = ["offset: offset"]
      if chain.isWindowed { arguments.append("copies: \(copies(chain))") }
      if !pointerStores(chain).isEmpty { arguments.append("columns") }
      if !chain.code.stateProperties.isEmpty { arguments.append("&state") }
      let call = "Self.\(chain.function)(\(arguments.joined(separator: ", ")))"
      return changeStores(chain).isEmpty ? call : "let \(valuesName(chain)) = \(call)"
    }
    if pointerColumns.isEmpty {
      for chain in evaluated { line("    " + call(chain)) }
    } else {
      line("    \(returning.isEmpty ? "" : "let \(bound) = ")withColumns { \(frameArguments) in")
      for chain in evaluated { line("      " + call(chain)) }
      if !returning.isEmpty { line("      return \(bound)") }
      line("    }")
    }
    for (column, writes) in changeWrites(returning) {
      let differs = writes.map { "Self.differs(\(column), \($0.row), \($0.value))" }
      line("    if \(differs.joined(separator: " || ")) {")
      for write in writes { line("      \(column)[\(write.row)] = \(write.value)") }
      line("    }")
    }
  }

  /// The writes after a frame of the columns written only where a value
  /// changed, a column's together: the row and the value `returning`'s
  /// functions gave it.
  private func changeWrites(
    _ returning: [ExportedChain]
  ) -> [(column: String, writes: [(row: Int, value: String)])] {
    var writes: [String: [(row: Int, value: String)]] = [:]
    for chain in returning {
      let stores = changeStores(chain)
      for store in stores {
        let value =
          stores.count == 1 ? valuesName(chain) : "\(valuesName(chain)).\(store.column)"
        writes[store.column, default: []].append((chain.rows.lowerBound, value))
      }
    }
    return changing.compactMap { column in writes[column].map { (column, $0) } }
  }

  /// The name of what a chain's function gives for the columns written only
  /// where a value changed: a value, or a tuple of them.
  private func valuesName(_ chain: ExportedChain) -> String {
    let name = chain.function.dropFirst("evaluate".count)
    let base = name.prefix(1).lowercased() + name.dropFirst()
    return base + (changeStores(chain).count == 1 ? "Value" : "Values")
  }

  /// `chain`'s stores into the columns written through a buffer pointer.
  func pointerStores(_ chain: ExportedChain) -> [(column: String, value: String)] {
    let onChange = writtenOnChange
    return stores(chain).filter { !onChange.contains($0.column) }
  }

  /// `chain`'s stores into the columns written only where a value changed.
  func changeStores(_ chain: ExportedChain) -> [(column: String, value: String)] {
    let onChange = writtenOnChange
    return stores(chain).filter { onChange.contains($0.column) }
  }

  private func copiesName(_ chain: ExportedChain) -> String {
    let name = chain.function.dropFirst("evaluate".count)
    return name.prefix(1).lowercased() + name.dropFirst() + "Copies"
  }

  /// Runs a frame's body with a buffer pointer a changing column.
  private mutating func writeWithColumns() {
    let pointerColumns = pointerColumns
    guard !pointerColumns.isEmpty else { return }
    line("  /// Runs `frame` with the columns every frame writes, one buffer pointer a column")
    line("  /// for the whole frame" + (hasState ? ", and the effects' state." : "."))
    let state = hasState ? ", inout State" : ""
    line("  @inline(__always)")
    if chains.contains(where: { $0.isEvaluated && !changeStores($0).isEmpty }) {
      line(
        "  private mutating func withColumns<Result>(_ frame: (Columns\(state)) -> Result) -> Result {"
      )
    } else {
      line("  private mutating func withColumns(_ frame: (Columns\(state)) -> Void) {")
    }
    var indent = "    "
    for column in pointerColumns {
      line(indent + "\(column).withUnsafeMutableBufferPointer { \(column) in")
      indent += "  "
    }
    let fields = pointerColumns.map { "\($0): \($0)" }.joined(separator: ", ")
    line(indent + "frame(Columns(\(fields))\(hasState ? ", &self.state" : ""))")
    for _ in pointerColumns {
      indent.removeLast(2)
      line(indent + "}")
    }
    line("  }")
    line()
  }

  /// The viewport y of copy 0's natural top at `offset`, as the library
  /// computes it.
  private func naturalTop(_ chain: ExportedChain, offset: String = "offset") -> String {
    let y = SwiftLiteral.double(chain.layout.frame.y)
    guard chain.layout.attachment == .content else { return y }
    return "(Self.insetTop - \(offset)) + \(y)"
  }

  private mutating func writeChain(_ chain: ExportedChain) {
    guard chain.isEvaluated else { return }
    let code = chain.code
    let layout = chain.layout
    let rows =
      chain.rows.count == 1
      ? "row \(chain.rows.lowerBound)" : "rows \(chain.rows.lowerBound)..<\(chain.rows.upperBound)"
    let effects = chain.effects.isEmpty ? "no effects" : chain.effects.joined(separator: ", ")
    line("  /// \(SwiftLiteral.string(chain.name)), \(rows): \(effects).")
    var parameterList = ["offset: Double"]
    if chain.isWindowed { parameterList.append("copies: Range<Int>") }
    let pointerStores = pointerStores(chain)
    let changeStores = changeStores(chain)
    if !pointerStores.isEmpty { parameterList.append("_ columns: Columns") }
    if !code.stateProperties.isEmpty { parameterList.append("_ state: inout State") }
    let parameters = parameterList.joined(separator: ", ")
    let result =
      switch changeStores.count {
      case 0: ""
      case 1: " -> Double"
      default: " -> (\(changeStores.map { "\($0.column): Double" }.joined(separator: ", ")))"
      }
    line("  @inline(__always)")
    let signature = "  private static func \(chain.function)(\(parameters))\(result) {"
    line(
      signature.count <= 100
        ? signature : "  private static func \(chain.function)(\n    \(parameters)\n  )\(result) {")
    var frameValues = code.frameValues
    if layout.attachment == .content { frameValues.insert(.contentOrigin) }
    for value in SwiftChainCode.FrameValue.allCases where frameValues.contains(value) {
      switch value {
      case .pull: line("    let pull = max(-offset, 0)")
      case .pullBottom: line("    let pullBottom = max(offset - Self.maxOffset, 0)")
      case .contentOrigin: line("    let contentOrigin = Self.insetTop - offset")
      }
    }
    for text in code.prologue { line("    " + text) }
    let frame = layout.frame
    let y0 = SwiftLiteral.double(frame.y)
    var indent = "    "
    if chain.isRepeated {
      let top = layout.attachment == .content ? "contentOrigin + \(y0)" : y0
      line("    let top = \(top)")
      line("    for copy in \(chain.isWindowed ? "copies" : "0..<\(chain.rows.count)") {")
      indent += "  "
      line(
        indent
          + (chain.rows.lowerBound == 0
            ? "let row = copy" : "let row = \(chain.rows.lowerBound) + copy"))
      line(indent + "let naturalY = top + Double(copy) * \(SwiftLiteral.double(layout.stride))")
    } else {
      // Copy 0's top, as the library computes it: y + 0 * stride.
      let y = SwiftLiteral.double(frame.y + 0 * layout.stride)
      if !pointerStores.isEmpty { line(indent + "let row = \(chain.rows.lowerBound)") }
      if code.readsCopy { line(indent + "let copy = 0") }
      line(
        indent
          + (layout.attachment == .content
            ? "let naturalY = contentOrigin + \(y)" : "let naturalY = \(y)"))
    }
    let declaration = code.written.isEmpty ? "let" : "var"
    // The chain's own visuals: what each view starts from, before its effects.
    let visuals = code.visuals.map { visuals in
      (visuals.opacity == 1 ? "" : ", opacity: \(SwiftLiteral.double(visuals.opacity))")
        + (visuals.zIndex == 0 ? "" : ", zIndex: \(SwiftLiteral.double(visuals.zIndex))")
    }
    line(
      indent + "\(declaration) view = View(x: \(SwiftLiteral.double(frame.x)), y: naturalY, "
        + "width: \(SwiftLiteral.double(frame.width)), "
        + "height: \(SwiftLiteral.double(frame.height))\(visuals ?? ""))")
    for text in code.body { line(indent + text) }
    let stores = stores(chain)
    if isMirrored && stores.contains(where: { $0.column == "x" }) {
      let height = SwiftLiteral.double(frame.height)
      line(indent + "// The mirror image; translateX is the move of the leading (right) edge.")
      line(indent + "let x = Self.screenWidth - view.y - view.height")
      line(indent + "let naturalX = Self.screenWidth - naturalY - \(height)")
    }
    for store in pointerStores {
      line(indent + "columns.\(store.column)[row] = \(store.value)")
    }
    if changeStores.count == 1 {
      line(indent + "return \(changeStores[0].value)")
    } else if !changeStores.isEmpty {
      let values = changeStores.map { "\($0.column): \($0.value)" }.joined(separator: ", ")
      line(indent + "return (\(values))")
    }
    if chain.isRepeated { line("    }") }
    line("  }")
    line()
  }

  /// The columns a frame may change in `chain`'s views, each with its
  /// value: the twin's columns, on the screen's axes in a horizontal scene
  /// (and mirrored in a right-to-left one), in the columns' order.
  func stores(_ chain: ExportedChain) -> [(column: String, value: String)] {
    let twin = chain.changingColumns
    let frame = chain.layout.frame
    func value(_ column: TransformColumn) -> String {
      switch column {
      case .translateX: "view.x - \(SwiftLiteral.double(frame.x))"
      case .translateY: "view.y - naturalY"
      default: "view.\(column.rawValue)"
      }
    }
    guard isHorizontal else { return twin.map { ($0.rawValue, value($0)) } }
    var values: [TransformColumn: String] = [:]
    for column in twin { values[column.swappingAxes] = value(column) }
    if isMirrored {
      // x' = W - x - width, whose translation moves with the width too.
      values[.translateX] = nil
      if twin.contains(.y) || twin.contains(.height) {
        values[.x] = "x"
        values[.translateX] = "x - (naturalX + \(SwiftLiteral.double(frame.height)) - view.height)"
      }
      if twin.contains(.anchorY) { values[.anchorX] = "1 - view.anchorY" }
      if twin.contains(.rotation) { values[.rotation] = "-view.rotation" }
    }
    var stores = columns.compactMap { column in values[column].map { (column.rawValue, $0) } }
    if isMirrored && chain.readsLeading && twin.contains(.y) {
      stores.append(("leading", "view.y"))
    }
    return stores
  }

  // MARK: - Events

  /// `"chain": "name" when input crosses 3.0, both`, with a progress
  /// event's range and timeline inset.
  private func eventSummary(_ chain: ExportedChain, _ event: ChainEvent, progress: String?)
    -> String
  {
    "\(SwiftLiteral.string(chain.name)): \(SwiftLiteral.string(event.name)) when "
      + "\(inputName(event.input)) crosses \(SwiftLiteral.double(event.crosses)), "
      + event.direction.rawValue
      + (progress == nil
        ? ""
        : " (range \(SwiftLiteral.string(event.range.text)), timelineInset "
          + "\(event.timelineInset.json))")
  }

  /// The events of a scene none of whose events can fire, as comments:
  /// those whose inputs no effect changes, then those of chains without
  /// copies.
  private mutating func writeEventsThatNeverFire() {
    let events = chains.flatMap { chain in
      zip(chain.events, chain.eventProgress).map { (chain, $0, $1) }
    }
    guard !events.isEmpty else { return }
    for withoutCopies in [false, true] {
      let group = events.filter { $0.0.rows.isEmpty == withoutCopies }
      guard !group.isEmpty else { continue }
      line(
        withoutCopies
          ? "  // These events' chains have no copies: they never fire."
          : "  // No effect changes these events' inputs: the same every frame, they never cross.")
      for (chain, event, progress) in group {
        line("  // " + eventSummary(chain, event, progress: progress))
      }
    }
    line("")
  }

  private mutating func writeEvents() {
    line("  /// Finds the events of the frame: each input read after its chain's last effect.")
    line("  private mutating func detectEvents(offset: Double) {")
    line("    events.removeAll(keepingCapacity: true)")
    line("    let firing = hasEvaluated")
    line("    hasEvaluated = true")
    var slot = 0
    for chain in chains {
      for (event, progress) in zip(chain.events, chain.eventProgress) {
        let name = SwiftLiteral.string(event.name)
        line("    // " + eventSummary(chain, event, progress: progress))
        let crossing =
          "Self.crossing(before, value, \(SwiftLiteral.double(event.crosses)), "
          + "increasing: \(event.direction != .decreasing), "
          + "decreasing: \(event.direction != .increasing))"
        let rows = "\(chain.rows.lowerBound)..<\(chain.rows.upperBound)"
        let append =
          "events.append(Event(row: row, name: \(name), direction: direction, value: value))"
        let value: String
        // The twin's input: in a horizontal scene its y is the screen's x
        // (or, mirrored, `leading`), its height the screen's width.
        let (minY, height, minX, width) =
          isHorizontal
          ? (isMirrored ? "leading[row]" : "x[row]", "width[row]", "y[row]", "height[row]")
          : ("y[row]", "height[row]", "x[row]", "width[row]")
        switch event.input {
        case .offset: value = "offset"
        case .pull: value = "max(-offset, 0)"
        case .pullBottom: value = "max(offset - Self.maxOffset, 0)"
        case .minY: value = minY
        case .height: value = height
        case .minX: value = minX
        case .width: value = width
        case .progress:
          value =
            progress.map { "Self.\($0)(minY: \(minY), height: \(height))" }
            ?? "Self.coverProgress(y: \(minY), height: \(height))"
        }
        // A view's input has a slot a copy; the frame's, one for every copy.
        if chain.rows.isEmpty {
          line("    // The chain has no copies: it never fires.")
        } else if chain.neverFires(event) {
          line("    // No effect changes the input: the same every frame, it never crosses.")
        } else if chain.searches(event) {
          writeSearchedEvent(chain, event, progress: progress)
        } else if event.input.isPerView {
          if chain.rows.count == 1 {
            writeEventCheck(
              "do", value, "\(slot)", crossing, fire: [append], row: chain.rows.lowerBound)
          } else {
            let shift = slot - chain.rows.lowerBound
            let at = shift == 0 ? "row" : shift > 0 ? "row + \(shift)" : "row - \(-shift)"
            writeEventCheck("for row in \(rows)", value, at, crossing, fire: [append])
          }
          slot += chain.rows.count
        } else {
          let fire = ["for row in \(rows) {", "  " + append, "}"]
          writeEventCheck("do", value, "\(slot)", crossing, fire: fire)
          slot += 1
        }
      }
    }
    if hasSearchedEvents { line("    lastOffset = offset") }
    line("  }")
    line()
    if hasSearchedEvents { writeSearch() }
    // A file holds no function it never calls: each of these only where a
    // check above calls it.
    if isCalled("crossing") {
      lines(
        """
          /// Which way a value crossed `threshold` from `before`: up when
          /// before < threshold <= value, down when before > threshold >= value.
          private static func crossing(
            _ before: Double, _ value: Double, _ threshold: Double, increasing: Bool, decreasing: Bool
          ) -> Event.Direction? {
            if before < threshold, threshold <= value { return increasing ? .increasing : nil }
            if before > threshold, threshold >= value { return decreasing ? .decreasing : nil }
            return nil
          }

        """)
    }
    if isCalled("coverProgress") {
      lines(
        """
          /// CSS's view() cover progress of a view: (V - y) / (V + height), saturated.
          private static func coverProgress(y: Double, height: Double) -> Double {
            let span = viewportHeight + height
            return span > 0 ? min(max((viewportHeight - y) / span, -1e15), 1e15) : 0
          }

        """)
    }
  }

  /// The check of an event on a view's input of a chain whose copies keep
  /// their natural frames (``ExportedChain/searches(_:)``): each copy's
  /// value in this frame and the last, computed from the offsets as the
  /// chain's function computes its top, are monotone in the copy, and the
  /// copies that crossed are found by binary search.
  private mutating func writeSearchedEvent(
    _ chain: ExportedChain, _ event: ChainEvent, progress: String?
  ) {
    let layout = chain.layout
    let stride = SwiftLiteral.double(layout.stride)
    let height = SwiftLiteral.double(layout.frame.height)
    func value(top: String) -> String {
      let y = "\(top) + Double($0) * \(stride)"
      switch event.input {
      case .minY: return y
      default:
        return progress.map { "Self.\($0)(minY: \(y), height: \(height))" }
          ?? "Self.coverProgress(y: \(y), height: \(height))"
      }
    }
    line("    // The copies keep their natural frames: a search finds those that crossed.")
    line("    if firing {")
    line("      let top = \(naturalTop(chain))")
    line("      let lastTop = \(naturalTop(chain, offset: "lastOffset"))")
    line("      fireSearched(")
    line(
      "        rows: \(chain.rows.lowerBound)..<\(chain.rows.upperBound), "
        + "name: \(SwiftLiteral.string(event.name)), "
        + "threshold: \(SwiftLiteral.double(event.crosses)),")
    line(
      "        increasing: \(event.direction != .decreasing), "
        + "decreasing: \(event.direction != .increasing), ascending: \(event.input == .minY),")
    line("        before: { \(value(top: "lastTop")) },")
    line("        value: { \(value(top: "top")) })")
    line("    }")
  }

  /// `fireSearched`, which finds the copies that crossed by binary search.
  private mutating func writeSearch() {
    lines(
      """
        /// Fires an event for the copies `rows` whose input crossed `threshold`,
        /// given each copy's value at the last frame, `before(copy)`, and at this
        /// one, `value(copy)`, both monotone in the copy (never decreasing when
        /// `ascending`, never increasing when not). The copies with
        /// `before < threshold` are then a prefix or a suffix of the copies, and
        /// so are those with `threshold <= value`: the copies that crossed up are
        /// where the two meet, found by binary search, and those that crossed
        /// down likewise. The events are the same, in the same order, as
        /// comparing every copy's values.
        @inline(__always)
        private mutating func fireSearched(
          rows: Range<Int>, name: String, threshold: Double, increasing: Bool, decreasing: Bool,
          ascending: Bool, before: (Int) -> Double, value: (Int) -> Double
        ) {
          let count = rows.count
          // The copies for which `holds` is true, a prefix of them when `prefix`,
          // a suffix when not.
          func part(prefix: Bool, _ holds: (Int) -> Bool) -> Range<Int> {
            var low = 0
            var high = count
            while low < high {
              let middle = low + (high - low) / 2
              if holds(middle) == prefix { low = middle + 1 } else { high = middle }
            }
            return prefix ? 0..<low : low..<count
          }
          var up = 0..<0
          var down = 0..<0
          if increasing {
            up = part(prefix: ascending) { before($0) < threshold }
              .clamped(to: part(prefix: !ascending) { threshold <= value($0) })
          }
          if decreasing {
            down = part(prefix: !ascending) { before($0) > threshold }
              .clamped(to: part(prefix: ascending) { value($0) <= threshold })
          }
          func fire(_ copies: Range<Int>, _ direction: Event.Direction) {
            for copy in copies {
              events.append(
                Event(row: rows.lowerBound + copy, name: name, direction: direction, value: value(copy)))
            }
          }
          // A copy crosses one way at most: the two runs, in the copies' order.
          if up.lowerBound <= down.lowerBound {
            fire(up, .increasing)
            fire(down, .decreasing)
          } else {
            fire(down, .decreasing)
            fire(up, .increasing)
          }
        }

      """)
  }

  /// The name of the twin's input `input` in the scene file.
  private func inputName(_ input: ScrollInput) -> String {
    guard isHorizontal else { return input.rawValue }
    let names: [ScrollInput: String] = [
      .minY: "minX", .minX: "minY", .height: "width", .width: "height", .pull: "pullStart",
      .pullBottom: "pullEnd",
    ]
    return names[input] ?? input.rawValue
  }

  /// The check of one event: its input's `value` against the last frame's
  /// in `eventInputs[slot]`, and `fire` when it crossed.
  private mutating func writeEventCheck(
    _ open: String, _ value: String, _ slot: String, _ crossing: String, fire: [String],
    row: Int? = nil
  ) {
    line("    \(open) {")
    if let row { line("      let row = \(row)") }
    line("      let value = \(value)")
    line("      let before = eventInputs[\(slot)]")
    line("      eventInputs[\(slot)] = value")
    line("      if firing, let direction = \(crossing) {")
    for text in fire { line("        " + text) }
    line("      }")
    line("    }")
  }

  // MARK: - Helpers

  private mutating func writeHelpers() {
    if !writtenOnChange.isEmpty {
      lines(
        """
          /// Whether `column[row]` holds other bits than `value`: a column that one
          /// view alone changes is written, and made unique, only when it does.
          @inline(__always)
          private static func differs(_ column: [Double], _ row: Int, _ value: Double) -> Bool {
            column.withUnsafeBufferPointer { $0[row].bitPattern != value.bitPattern }
          }

        """)
    }
    if !windowed.isEmpty {
      lines(
        """
          /// The copies of a repeated chain whose natural frame meets the viewport
          /// extended by one viewport height above and below: copy i's top is at
          /// `top + i * stride`.
          private static func visibleCopies(
            top: Double, height: Double, stride: Double, count: Int
          ) -> Range<Int> {
            func naturalTop(_ copy: Int) -> Double { top + Double(copy) * stride }
            func endsAbove(_ copy: Int) -> Bool { naturalTop(copy) + height < -viewportHeight }
            func startsBelow(_ copy: Int) -> Bool { naturalTop(copy) > 2 * viewportHeight }
            func estimate(_ y: Double) -> Int {
              let copy = (y - top) / stride
              return copy > 0 ? (copy < Double(count) ? Int(copy) : count) : 0
            }
            var first = estimate(-viewportHeight - height)
            while first < count && endsAbove(first) { first += 1 }
            while first > 0 && !endsAbove(first - 1) { first -= 1 }
            var end = max(first, estimate(2 * viewportHeight))
            while end < count && !startsBelow(end) { end += 1 }
            while end > first && startsBelow(end - 1) { end -= 1 }
            return first..<end
          }

        """)
    }
    let helpers = self.helpers
    if helpers.contains(.saturated) {
      lines(
        """
          /// `value` held to ±1e15, as the library's effects keep products finite.
          private static func saturated(_ value: Double) -> Double { min(max(value, -1e15), 1e15) }

        """)
    }
    for helper in SwiftChainCode.Helper.allCases where helpers.contains(helper) {
      if let text = ExpressionEffect.swiftHelperSource(helper) {
        lines(text)
        line()
      }
    }
    // A function of an event that never fires is asked for, not called.
    for function in functions.all where isCalled(function.name) {
      lines(function.lines.joined(separator: "\n"))
      line()
    }
    if helpers.contains(.linearEasing) {
      lines(Easing.swiftLinearSource)
      line()
    }
    if helpers.contains(.unitBezier) {
      for (name, curve, comment) in curves {
        line("  /// The easing \(name) \(comment).")
        line("  @inline(__always)")
        line("  private static func \(name)(_ progress: Double) -> Double {")
        line("    \(curve).value(at: progress)")
        line("  }")
        line()
      }
      for text in Easing.swiftSource.split(separator: "\n", omittingEmptySubsequences: false) {
        line(text.isEmpty ? "" : "  " + text)
      }
      line()
    }
    // No blank line before the closing brace.
    while out.last == "" { out.removeLast() }
  }
}

extension SceneSource {
  /// `text` in lines of at most `width` characters, broken at spaces.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      if !current.isEmpty, current.count + 1 + word.count > width {
        lines.append(current)
        current = String(word)
      } else {
        current += (current.isEmpty ? "" : " ") + word
      }
    }
    return lines + [current]
  }
}

extension ExportedChain {
  /// Whether a frame changes any of its columns or state: a chain that
  /// changes nothing keeps the values `init()` gives it.
  var isEvaluated: Bool { !changingColumns.isEmpty || !code.prologue.isEmpty }

  /// Whether `event` is found by binary search rather than by comparing
  /// every copy: an event on the copies' top or progress, of a chain of
  /// more than 4 copies, none of whose effects changes a view's top or
  /// height, so that its values are monotone in the copy, as the library's
  /// event detection searches them.
  func searches(_ event: ChainEvent) -> Bool {
    (event.input == .minY || event.input == .progress) && rows.count > 4
      && layout.stride >= 0 && !code.hasWritten(.y) && !code.hasWritten(.height)
      && !neverFires(event)
  }

  /// Whether `event` never fires: the chain has no copies (a `repeat`
  /// count of 0), so there is nothing to read, or the event's input is the
  /// same in every frame, so that it never crosses its threshold: a view's
  /// input that none of the chain's effects changes (its `height`, `minX`
  /// or `width`; its `minY` or `progress` too when the chain is attached to
  /// the viewport).
  func neverFires(_ event: ChainEvent) -> Bool {
    if rows.isEmpty { return true }
    let moves = code.hasWritten(.y) || layout.attachment == .content
    switch event.input {
    case .offset, .pull, .pullBottom: return false
    case .height: return !code.hasWritten(.height)
    case .minX: return !code.hasWritten(.x)
    case .width: return !code.hasWritten(.width)
    case .minY: return !moves
    case .progress: return !moves && !code.hasWritten(.height)
    }
  }

  /// Whether the export keeps `event`'s input of each copy from the last
  /// frame to compare: a view's input that changes, not found by search.
  func keepsInputs(_ event: ChainEvent) -> Bool {
    event.input.isPerView && !searches(event) && !neverFires(event)
  }

  /// Whether an event reads the view's position along y (`minY`, `progress`)
  /// from the columns: one found by search computes it.
  var readsLeading: Bool {
    events.contains { ($0.input == .minY || $0.input == .progress) && keepsInputs($0) }
  }
}

extension TransformColumn {
  /// The column of the other axis: x and y, widths and heights,
  /// translations, scales and anchors swapped; the visuals stay.
  var swappingAxes: TransformColumn {
    switch self {
    case .x: .y
    case .y: .x
    case .width: .height
    case .height: .width
    case .translateX: .translateY
    case .translateY: .translateX
    case .scaleX: .scaleY
    case .scaleY: .scaleX
    case .anchorX: .anchorY
    case .anchorY: .anchorX
    case .opacity, .blur, .rotation, .zIndex: self
    }
  }
}

extension String {
  var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
