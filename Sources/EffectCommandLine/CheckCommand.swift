import EffectHost
import EffectProtocol

/// `effectctl check`: the rows `eval` or `simulate` would print as csv,
/// compared with a golden csv file recorded earlier.
public struct CheckCommand: Subcommand {
  /// `--tolerance`'s default: numbers within a billionth of a point are alike.
  public static let defaultTolerance = 1e-9

  public static let configuration = CommandConfiguration(
    name: "check",
    abstract: "Compare the rows eval or simulate prints with a golden csv file.",
    discussion: [
      "With --offsets, the rows of eval --format csv; with --gesture, those of simulate",
      "--format csv. Rows are paired by offset and chain (frame and chain for simulate),",
      "in order; text must be equal and numbers within the tolerance. Exit 0 and",
      "'N rows match FILE' when they are alike; else exit 1, how many rows and values",
      "differ, the first 20 differences and the rows found on one side only.",
      "",
      "EXAMPLES:",
      "  effectctl check Configs/stretchy-header.json --offsets -100:300:10 \\",
      "    --golden Configs/goldens/stretchy-header.csv",
    ])

  @Argument("scene", help: ["The scene file, or - to read standard input."], reader: .path)
  public var scene: String
  @Option(
    "--golden", valueName: "file",
    help: ["The golden csv file: the rows recorded with --update."], reader: .path)
  public var golden: String
  @Option(
    "--tolerance", valueName: "t",
    help: [
      "How far apart two numbers may be and still match, in the",
      "columns' own units; not with --update. (default: 1e-9)",
    ], reader: .tolerance)
  public var tolerance: Double = Self.defaultTolerance
  /// Whether `--update` writes the golden file instead of comparing.
  @Flag(
    "--update",
    help: [
      "Write the rows to the golden file (whole or not at all)",
      "instead of comparing them.",
    ])
  public var updates: Bool
  @Option("--offsets", valueName: "spec", help: OffsetSpec.help + ["Checks eval's rows."])
  public var offsets: OffsetSpec?
  /// The `--chain` names, checked against the scene once it is loaded.
  @Option("--chain", valueName: "name", help: EvalCommand.chainHelp)
  public var chains: [String]
  /// Whether `--visible` asks for the rows of the visible views only.
  @Flag("--visible", help: ["As eval's --visible; with --offsets only."])
  public var visibleOnly: Bool
  /// The `--columns`, or `nil` for every transform column.
  @Option(
    "--columns", valueName: "names",
    help: ["As eval's --columns; with --offsets only.", "(default: every column)"],
    reader: .columns)
  public var columns: [TransformColumn]?
  @Option(
    "--gesture", valueName: "spec", help: ["As simulate's --gesture: checks simulate's rows."],
    reader: .gesture)
  public var gesture: Gesture?
  @Option(
    "--physics", valueName: "physics",
    help: ScrollPhysics.help(default: .ios) + ["With --gesture only."])
  public var physics: ScrollPhysics?
  @Option(
    "--fps", valueName: "n",
    help: [
      "As simulate's --fps; with --gesture only. (default: \(SimulateCommand.defaultFrameRate))"
    ],
    reader: .frameRate)
  public var fps: Int?
  @Option(
    "--start", valueName: "offset",
    help: ["As simulate's --start; with --gesture only. (default: 0)"],
    reader: .startOffset)
  public var start: Double?
  /// Whether `--reduce-motion` checks the rows under reduced motion.
  @Flag("--reduce-motion", help: EvalCommand.reduceMotionHelp)
  public var reducesMotion: Bool
  /// `--device` and `--set`: the layout given on the command line.
  public var layout = LayoutOptions()

  public init() {}

  public func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    try checkOptions()
    let bytes = try rows(context.registry, console: context.console)
    let file = MessageText.escapingUnsafe(golden)
    let now: CSVRows
    do {
      now = try CSVRows(parsing: bytes)
    } catch {
      if error.isOutOfMemory { throw .failed(message: error.reason, status: .failure) }
      throw .failed(
        message: "the rows printed cannot be read back: \(error.reason)", status: .failure)
    }
    if updates {
      let output = OutputFile(golden)
      // A golden file that is standard output itself (`/dev/stdout`) holds
      // the rows alone: the count goes to the error stream.
      let isStandardOutput = output.isStandardOutputStream
      if let message = MemoryRoom.shortfall(bytes.count, times: 1, for: "the text of the rows") {
        throw .failed(message: message, status: .failure)
      }
      try output.write(String(decoding: bytes, as: UTF8.self), console: context.console)
      let count = now.count - 1
      let message = "wrote \(RowComparison.count(count, "row")) to \(file)\n"
      if isStandardOutput {
        do {
          try context.console.error.write(message)
        } catch {
          throw .output(error)
        }
      } else {
        try context.console.print(message)
      }
      return .success
    }
    let comparison: RowComparison
    do {
      let records = try CSVRows(parsing: try CSVRows.contents(of: golden))
      comparison = try RowComparison(golden: records, now: now, tolerance: tolerance)
    } catch {
      if error.isOutOfMemory { throw .failed(message: error.reason, status: .failure) }
      guard let line = error.line else {
        throw .failed(message: "\(file): \(error.reason)", status: .unreadableScene)
      }
      throw .failed(message: "\(file):\(line): \(error.reason)", status: .invalidScene)
    }
    let verdict: ExitCode = comparison.matches ? .success : .failure
    do {
      try context.console.print(comparison.report(file: golden))
    } catch {
      // A reader that goes away (`| head`) has not changed the verdict.
      guard case .output(.closed) = error else { throw error }
    }
    return verdict
  }

  /// Refuses options of the other mode, neither mode or both, and a golden
  /// file that is the scene.
  private func checkOptions() throws(CommandError) {
    let modes = "check compares eval's rows (--offsets) or simulate's (--gesture)"
    func refuse(_ message: String) -> CommandError {
      .usage(UsageError(message: message, command: Self.spec))
    }
    switch (offsets, gesture) {
    case (nil, nil):
      throw refuse("Missing '\($offsets.label)' or '\($gesture.label)': \(modes)")
    case (.some, .some):
      throw refuse(
        "Options '\($offsets.label)' and '\($gesture.label)' cannot be used together: \(modes)")
    case (.some, nil):
      for (option, given) in [
        ($physics, physics != nil), ($fps, fps != nil), ($start, start != nil),
      ]
      where given {
        throw refuse("Option '\(option.label)' goes with '\($gesture.label)': \(modes)")
      }
    case (nil, .some):
      for (option, given) in [($visibleOnly, visibleOnly), ($columns, columns != nil)] where given {
        throw refuse("Option '\(option.label)' goes with '\($offsets.label)': \(modes)")
      }
    }
    if updates && _tolerance.isGiven {
      throw refuse(
        "Option '\($tolerance.label)' goes with comparing: '\($updates.label)' writes the golden file and compares nothing"
      )
    }
    if golden == "-" {
      throw refuse(
        "The value '-' is invalid for '\($golden.label)': expected a csv file, not standard input or output"
      )
    }
    do throws(UsageError) {
      try OutputFile(golden).checkNotInput([scene], option: $golden.label, command: Self.spec)
    } catch {
      throw .usage(error)
    }
  }

  /// The rows of `write`'s chunks in one array, each growth checked first
  /// (``MemoryRoom``): a check holds every row it compares, and an array
  /// that cannot grow ends the process.
  static func gathered(
    _ write: ((UnsafeRawBufferPointer) throws(CommandError) -> Void) throws(CommandError) -> Void
  ) throws(CommandError) -> [UInt8] {
    var bytes: [UInt8] = []
    let append = { (chunk: UnsafeRawBufferPointer) throws(CommandError) -> Void in
      if let message = MemoryRoom.makeRoom(
        in: &bytes, for: chunk.count, what: "the rows to compare")
      {
        throw .failed(message: message, status: .failure)
      }
      bytes.append(contentsOf: chunk)
    }
    try write(append)
    return bytes
  }

  /// The csv the command checks would print: eval's or simulate's.
  private func rows(_ registry: EffectRegistry, console: Console) throws(CommandError) -> [UInt8] {
    let loader = SceneLoader(registry: registry)
    if let offsets {
      let loaded = try loader.loadForCommand(scene, layout: layout, command: Self.spec)
      let host = try SceneHost.allocatingForCommand(loaded, reducesMotion: reducesMotion)
      let selection = try ViewSelection.forCommand(
        names: chains, option: $chains, command: Self.spec, chains: host.chains)
      var evaluation = Evaluation(host: consume host, format: .csv, selection: selection)
      evaluation.visibleOnly = visibleOnly
      evaluation.columns = columns ?? TransformColumn.allCases
      return try Self.gathered { (append) throws(CommandError) in
        try evaluation.write(offsets: offsets, to: append).throwIfIncomplete(scene: scene)
      }
    }
    // ``checkOptions()`` has made sure of one of the two.
    guard let gesture else { return [] }
    let (loaded, layouts) = try loader.loadForCommand(
      scene, layout: layout, gesture: gesture, gestureOption: $gesture, command: Self.spec)
    let start = start ?? 0
    let frames = try MotionFrames.forCommand(
      gesture: gesture, scene: loaded, layouts: layouts, physics: physics ?? .ios,
      fps: fps ?? SimulateCommand.defaultFrameRate, start: start, startOption: $start,
      command: Self.spec, gestureOption: $gesture, console: console)
    let host = try SceneHost.allocatingForCommand(loaded, reducesMotion: reducesMotion)
    let selection = try ViewSelection.forCommand(
      names: chains, option: $chains, command: Self.spec, chains: host.chains)
    var simulation = Simulation(
      host: consume host, frames: frames, layouts: layouts, format: .csv, selection: selection)
    let bytes = try Self.gathered { (append) throws(CommandError) in
      try simulation.write(to: append).throwIfIncomplete(scene: scene)
    }
    if let error = simulation.unsettledError() { throw error }
    return bytes
  }
}

extension ValueReader where Value == Double {
  /// A `--tolerance`: a finite decimal number, 0 or more (`0`, `0.01`,
  /// `1e-6`).
  static var tolerance: ValueReader<Double> {
    ValueReader<Double> { (text) throws(InvalidValue) -> Double in
      let allowed = "0123456789+-.eE".unicodeScalars
      guard !text.isEmpty, text.unicodeScalars.allSatisfy({ allowed.contains($0) }),
        let value = Double(text), value.isFinite, value >= 0
      else {
        throw .because("expected a tolerance, a decimal number 0 or more such as 0.01")
      }
      return value
    }
  }
}
