import EffectHost
import EffectProtocol

/// `effectctl plot`: an SVG chart of the columns over the offsets.
public struct PlotCommand: Subcommand {
  public static let configuration = CommandConfiguration(
    name: "plot",
    abstract: "Draw a scene's columns over the offsets as an SVG chart.",
    discussion: [
      "One panel a column, offset on the x axis, one line a view, a legend; black",
      "lines, dashed at offset 0 and maxOffset, dotted at the scene's snap targets,",
      "dash and dot where an event of a plotted view fires, labelled with its name",
      "(the offsets evaluated in order, as eval --events does).",
      "",
      "EXAMPLES:",
      "  effectctl plot Configs/stretchy-header.json --offsets -200:600:5 -o plot.svg",
      "  effectctl plot Configs/collapsing-app-bar.json --offsets -100:300 \\",
      "      --columns y,height,opacity,blur --chain background > app-bar.svg",
    ])

  @Argument("scene", help: ["The scene file, or - to read standard input."], reader: .path)
  public var scene: String
  @Option(
    "--offsets", valueName: "spec", help: OffsetSpec.pictureHelp + ["Two or more."],
    reader: .plotOffsets)
  public var offsets: OffsetSpec
  /// The `--chain` names, checked against the scene once it is loaded.
  @Option(
    "--chain", valueName: "name",
    help: [
      "Draw this chain's line only; repeatable. 'row' draws every",
      "copy of a repeated chain, 'row[3]' one copy. (default: every",
      "chain, a repeated one by its first copy)",
    ])
  public var chains: [String]
  /// The `--columns`, or `nil` for every column that changes.
  @Option(
    "--columns", valueName: "names",
    help: [
      "The panels, comma-separated column names in the order",
      "wanted, e.g. y,height,opacity. (default: every column that",
      "changes over the offsets)",
    ], reader: .columns)
  public var columns: [TransformColumn]?
  /// Whether `--reduce-motion` asks for the frames under reduced motion.
  @Flag("--reduce-motion", help: EvalCommand.reduceMotionHelp)
  public var reducesMotion: Bool
  /// `--device` and `--set`: the layout given on the command line.
  public var layout = LayoutOptions()
  /// The `-o` file, or `nil` for standard output.
  @Option("-o", valueName: "file", help: PictureOutput.help("SVG"), reader: .path)
  public var output: String?

  public init() {}

  public func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    try PictureOutput.prepare(
      output: output, scene: scene, option: $output, command: Self.spec)
    let loaded = try SceneLoader(registry: context.registry).loadForCommand(
      scene, layout: layout, command: Self.spec)
    var host = try SceneHost.allocatingForCommand(loaded, reducesMotion: reducesMotion)
    // After the scene is read, as eval does.
    Interruption.install()
    let selection = try ViewSelection.forCommand(
      names: chains, option: $chains, command: Self.spec, chains: host.chains,
      default: (try? PlotPicture.defaultSelection(for: host.chains))
        ?? ViewSelection(all: host.chains))
    if selection.viewCount > PlotPicture.maximumViews {
      let file = MessageText.sceneFile(scene)
      throw .failed(
        message: "\(file): the plot would draw \(selection.viewCount) views; a plot draws at most "
          + "\(PlotPicture.maximumViews) (--chain 'NAME[K]' names one copy)",
        status: .usage)
    }
    let frames = try FrameDrawing.framesForCommand(
      of: &host, at: offsets, selection: selection, scene: scene)
    // Only the targets the plot shows: a paged scene's pages are worked out
    // where asked for, and a short snapport over long content has many.
    let plotted = (offsets.min() ?? 0)...(offsets.max() ?? 0)
    var snaps: [Double] = []
    if let snap = loaded.snap {
      if let within = snap.targets(in: loaded).targets(
        within: plotted, atMost: PlotPicture.maximumSnapMarkers)
      {
        snaps = within
      } else {
        try? context.console.error.write(
          "warning: more than \(PlotPicture.maximumSnapMarkers) snap targets lie within the "
            + "offsets; the plot marks none (plot fewer offsets to see them)\n")
      }
    }
    let markers =
      snaps.map {
        PlotMarker(offset: $0, label: "snap \(MessageText.number($0))", kind: .snap)
      } + PlotMarker.events(of: &host, at: offsets, selection: selection)
    let plot = PlotPicture(
      frames: frames, columns: columns, markers: markers, title: PictureOutput.title(of: scene))
    if plot.columns.isEmpty {
      // A picture with a legend and nothing else: say why, where a script sees it.
      try? context.console.error.write(
        "warning: no column of the plotted views changes over the offsets; the plot has no "
          + "panel (--columns draws the columns named)\n")
    }
    try PictureOutput.write(plot.svg(), to: output, console: context.console)
    return .success
  }
}

extension PlotMarker {
  /// The event markers of a plot: `host`, its state reset, evaluated at
  /// `offsets` in order, as `eval --events` does (the first offset fires
  /// nothing), and a marker at each offset where an event of a view of
  /// `selection` fires, labelled with the event's name; one marker per
  /// offset and name however many copies fire it. The host itself is
  /// evaluated, so that its views need no copy.
  static func events(
    of host: inout SceneHost, at offsets: OffsetSpec, selection: ViewSelection
  ) -> [PlotMarker] {
    let declared = host.scene.chains.map(\.events)
    guard declared.contains(where: { !$0.isEmpty }) else { return [] }
    var kept = [Range<Int>](repeating: 0..<0, count: declared.count)
    for segment in selection.segments { kept[segment.chain] = segment.copies }
    host.resetState()
    var markers: [PlotMarker] = []
    for offset in offsets {
      host.evaluate(offset: offset)
      let first = markers.count
      host.withEvents { events in
        for event in events where kept[event.chain].contains(event.copy) {
          let name = declared[event.chain][event.event].name
          if !markers[first...].contains(where: { $0.label == name }) {
            markers.append(PlotMarker(offset: offset, label: name, kind: .event))
          }
        }
      }
    }
    return markers
  }
}

extension OffsetSpec {
  /// The help of a picture's `--offsets` option.
  static let pictureHelp =
    help + ["At most \(PictureLimits.maximumOffsets) offsets."]
}

extension FrameDrawing {
  /// ``frames(of:at:selection:)`` for a subcommand, evaluating `host`
  /// itself: too many offsets or none is a usage error (the `--offsets`
  /// reader has refused too many already), drawings that cannot be
  /// allocated are a failure naming their size, and a signal while it draws
  /// stops the command there.
  static func framesForCommand(
    of host: inout SceneHost, at offsets: OffsetSpec, selection: ViewSelection, scene: String
  ) throws(CommandError) -> [FrameDrawing] {
    var frames: [FrameDrawing] = []
    do {
      try PictureLimits.check(offsets)
    } catch {
      throw .failed(message: error.description, status: .usage)
    }
    // Every drawing is kept until the picture is written: checked before
    // the first, where running out of memory would end the process.
    if let message = MemoryRoom.drawingsShortfall(
      views: selection.viewCount, count: offsets.count,
      frames: "\(offsets.count) offset\(offsets.count == 1 ? "" : "s")")
    {
      throw .failed(message: message, status: .failure)
    }
    // As ``frames(evaluating:at:selection:)``, each frame checked before
    // it is drawn (``OutputCheck``: nothing to check for built-ins alone).
    let check = OutputCheck(host.scene)
    frames.reserveCapacity(offsets.count)
    for offset in offsets {
      if Interruption.signal != nil { break }
      host.evaluate(offset: offset)
      if let breach = check.breach(in: host) {
        throw OutputCheck.failure(
          scene: scene, at: "at offset \(MessageText.number(offset))", breach)
      }
      frames.append(draw(host, selection: selection))
    }
    if let signal = Interruption.signal { throw .interrupted(rows: nil, signal: signal) }
    return frames
  }
}
