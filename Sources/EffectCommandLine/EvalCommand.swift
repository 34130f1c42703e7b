import EffectHost
import EffectProtocol

/// `effectctl eval`: the rows of every view at every offset, streamed.
public struct EvalCommand: Subcommand {
  public static let configuration = CommandConfiguration(
    name: "eval",
    abstract: "Evaluate a scene at scroll offsets and print every view's transform.",
    discussion: [
      "Prints one row per offset and view: offset, chain, then the columns x, y, width,",
      "height, translateX, translateY, scaleX, scaleY, anchorX, anchorY, opacity, blur,",
      "rotation, zIndex. Rows come offset by offset, chains in file order, copies in order.",
    ])

  /// The help of a `--reduce-motion` flag.
  static let reduceMotionHelp = [
    "Evaluate as under reduced motion: skip the effects that",
    "move, scale or rotate views for decoration (each effect's",
    "\"reducedMotion\", by default its type's: see",
    "'effectctl effects TYPE').",
  ]

  /// The help of a `--chain` option that keeps rows.
  static let chainHelp = [
    "Keep the rows of this chain only; repeatable. 'row' keeps",
    "every copy of a repeated chain, 'row[3]' one copy.",
  ]

  @Argument("scene", help: ["The scene file, or - to read standard input."], reader: .path)
  public var scene: String
  @Option("--offsets", valueName: "spec", help: OffsetSpec.help)
  public var offsets: OffsetSpec
  @Option("--format", valueName: "format", help: RowFormat.help(default: .table))
  public var format: RowFormat = .table
  /// The `--chain` names, checked against the scene once it is loaded.
  @Option("--chain", valueName: "name", help: Self.chainHelp)
  public var chains: [String]
  /// Whether `--events` asks for event rows instead of transforms.
  @Flag(
    "--events",
    help: [
      "Print the chains' events that fire instead of transforms: rows",
      "offset, chain, event, direction, value. The first offset fires none.",
    ])
  public var printsEvents: Bool
  /// Whether `--visible` asks for the rows of the visible views only.
  @Flag(
    "--visible",
    help: [
      "Evaluate and print only the views a lazy stack would have: the copies of",
      "a repeated chain that meet the viewport extended by its height above and",
      "below, and every view of the other chains. Their rows are the full",
      "evaluation's. With --events, the same events (a chain with events is",
      "always evaluated whole).",
    ])
  public var visibleOnly: Bool
  /// The `--columns`, or `nil` for every transform column.
  @Option(
    "--columns", valueName: "names",
    help: [
      "The transform columns of each row, comma-separated, in the",
      "order wanted, e.g. y,height,opacity. (default: every column)",
    ], reader: .columns)
  public var columns: [TransformColumn]?

  /// Whether `--reduce-motion` asks for the frames under reduced motion.
  @Flag("--reduce-motion", help: EvalCommand.reduceMotionHelp)
  public var reducesMotion: Bool
  /// `--device` and `--set`: the layout given on the command line.
  public var layout = LayoutOptions()

  public init() {}

  public func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    if printsEvents, columns != nil {
      throw .usage(
        UsageError(
          message: "Option '\($columns.label)' chooses transform columns; "
            + "'--events' prints event rows, which have none", command: Self.spec))
    }
    let host = try SceneHost.allocatingForCommand(
      try SceneLoader(registry: context.registry).loadForCommand(
        scene, layout: layout, command: Self.spec),
      reducesMotion: reducesMotion)
    // After the scene is read: a signal while a read waits (a terminal, a
    // FIFO) ends the program at once, as by default.
    Interruption.install()
    let selection = try ViewSelection.forCommand(
      names: chains, option: $chains, command: Self.spec, chains: host.chains)
    let output = context.console.output
    if printsEvents {
      var evaluation = EventEvaluation(host: consume host, format: format, selection: selection)
      let end: StreamEnd
      do {
        end = try evaluation.write(offsets: offsets) { (bytes) throws(OutputError) in
          try output.write(bytes)
        }
      } catch {
        throw .output(error)
      }
      try end.throwIfIncomplete(scene: scene)
      return .success
    }
    // The evaluation takes the only copy of the host: one view buffer.
    var evaluation = Evaluation(host: consume host, format: format, selection: selection)
    evaluation.visibleOnly = visibleOnly
    evaluation.columns = columns ?? TransformColumn.allCases
    let end: StreamEnd
    do {
      end = try evaluation.write(offsets: offsets) { (bytes) throws(OutputError) in
        try output.write(bytes)
      }
    } catch {
      throw .output(error)
    }
    try end.throwIfIncomplete(scene: scene)
    return .success
  }
}

extension OffsetSpec {
  /// The help of an `--offsets` option.
  static let help = [
    "The scroll offsets: FROM:TO (step 1), FROM:TO:STEP or A,B,C,",
    "inclusive; e.g. -100:300, 300:-100:-50, 0,50,100.",
  ]
}
