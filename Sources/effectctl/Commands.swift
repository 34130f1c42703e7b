import EffectCommandLine
import EffectHost
import EffectProtocol

/// The process's exit status (sysexits.h for the failures a user can fix).
enum ExitCode: Int32 {
  case success = 0
  /// Anything else: output that cannot be written, say.
  case failure = 1
  /// EX_USAGE: bad flags or offsets, an unknown subcommand or effect type.
  case usage = 64
  /// EX_DATAERR: a scene file is invalid.
  case invalidScene = 65
  /// EX_NOINPUT: a scene file is missing or unreadable.
  case unreadableScene = 66
}

/// Why a subcommand stopped.
enum CommandError: Error {
  case usage(UsageError)
  case scene(SceneLoadError)
  case output(OutputError)
}

/// A subcommand: what it accepts and what it does.
struct Command: Sendable {
  let spec: CommandSpec
  let run: @Sendable (ParsedArguments) throws(CommandError) -> ExitCode
}

/// The subcommands, in the order help lists them.
enum Commands {
  static let version = "0.1.0"
  /// `bench`'s default: about a second for `Configs/stretchy-header.json`
  /// in a release build.
  static let defaultFrames = 10_000_000
  static let defaultBenchOffsets = "-100:300"

  static let all: [Command] = [
    Command(spec: evalSpec, run: eval),
    Command(spec: validateSpec, run: validate),
    Command(spec: effectsSpec, run: effects),
    Command(spec: benchSpec, run: bench),
  ]

  // MARK: - eval

  static let offsetsHelp = [
    "The scroll offsets: FROM:TO (step 1), FROM:TO:STEP or A,B,C,",
    "inclusive; e.g. -100:300, 300:-100:-50, 0,50,100.",
  ]

  static let evalSpec = CommandSpec(
    name: "eval",
    abstract: "Evaluate a scene at scroll offsets and print every view's transform.",
    discussion: [
      "Prints one row per offset and view: offset, chain, then the columns x, y, width,",
      "height, translateX, translateY, scaleX, scaleY, anchorX, anchorY, opacity, blur,",
      "rotation, zIndex. Rows come offset by offset, chains in file order, copies in order.",
    ],
    arguments: [
      ArgumentSpec(
        name: "scene", count: .one, help: ["The scene file, or - to read standard input."])
    ],
    options: [
      OptionSpec(name: "--offsets", valueName: "spec", isRequired: true, help: offsetsHelp),
      OptionSpec(
        name: "--format", valueName: "format",
        help: [
          "table (aligned, numbers to 2 decimals), json (an array",
          "of row objects), ndjson (one object a line) or csv",
          "(a header line first). (default: table)",
        ]),
      OptionSpec(
        name: "--chain", valueName: "name", isRepeatable: true,
        help: [
          "Keep the rows of this chain only; repeatable. 'row' keeps",
          "every copy of a repeated chain, 'row[3]' one copy.",
        ]),
    ])

  static func eval(_ arguments: ParsedArguments) throws(CommandError) -> ExitCode {
    let spec = evalSpec
    let offsets = try parseOffsets(arguments.value("--offsets") ?? "", for: spec)
    let format = try parseFormat(arguments.value("--format") ?? RowFormat.table.rawValue)
    let scene = try load(arguments.positionals.first ?? "-")
    let host = SceneHost(scene: scene)
    let selection: ViewSelection
    do {
      selection = try ViewSelection(names: arguments.values["--chain"] ?? [], in: host.chains)
    } catch {
      throw invalidValue(
        error.name, for: "--chain <name> ...", reason: error.description, command: spec)
    }
    var evaluation = Evaluation(host: host, format: format, selection: selection)
    do {
      try evaluation.write(offsets: offsets) { (bytes) throws(OutputError) in
        try FileOutput.standardOutput.write(bytes)
      }
    } catch {
      throw .output(error)
    }
    return .success
  }

  // MARK: - validate

  static let validateSpec = CommandSpec(
    name: "validate",
    abstract: "Check scene files and report every error in each.",
    discussion: [
      "Prints '<file>: valid (N chains, M views)' for each valid file and every error of",
      "the others, each line starting with 'error: '. Exits with 65 when any file is",
      "invalid, else 66 when any is missing or unreadable.",
    ],
    arguments: [
      ArgumentSpec(name: "scene", count: .oneOrMore, help: ["Scene files; - reads standard input."])
    ],
    options: [])

  static func validate(_ arguments: ParsedArguments) throws(CommandError) -> ExitCode {
    var sawInvalid = false
    var sawUnreadable = false
    let loader = SceneLoader()
    for path in arguments.positionals {
      let scene: Scene
      do {
        scene = try loader.load(contentsOf: path)
      } catch {
        reportErrors(error)
        switch error {
        case .invalid: sawInvalid = true
        case .unreadable: sawUnreadable = true
        }
        continue
      }
      let name = path == "-" ? "<stdin>" : path
      let chains = counted(scene.chains.count, "chain")
      try write("\(name): valid (\(chains), \(counted(scene.viewCount, "view")))\n")
    }
    // An invalid file is the more specific news: it was read, and is wrong.
    if sawInvalid { return .invalidScene }
    if sawUnreadable { return .unreadableScene }
    return .success
  }

  // MARK: - effects

  static let effectsSpec = CommandSpec(
    name: "effects",
    abstract: "List the registered effect types, or describe one.",
    arguments: [
      ArgumentSpec(
        name: "type", count: .optional,
        help: ["An effect type: shows its parameters, units, defaults", "and worked examples."])
    ],
    options: [])

  static func effects(_ arguments: ParsedArguments) throws(CommandError) -> ExitCode {
    let registry = EffectRegistry.builtIn
    guard let name = arguments.positionals.first else {
      try write(EffectDocumentation.list(registry))
      return .success
    }
    guard let type = registry.type(named: name) else {
      let names = registry.typeNames
      throw .usage(
        UsageError(
          message:
            "Unknown effect type '\(name)'.\(suggestion(name, in: names).map { " " + $0 } ?? "")"
            + " The types are: \(names.joined(separator: ", ")).",
          command: effectsSpec))
    }
    try write(EffectDocumentation.page(type.descriptor))
    return .success
  }

  // MARK: - bench

  static let benchSpec = CommandSpec(
    name: "bench",
    abstract: "Time the evaluation of a whole scene, frame after frame.",
    discussion: [
      "Evaluates every chain of the scene once per frame, cycling through the offsets,",
      "and prints the frames, the total time, the time per frame and a checksum (the sum",
      "of every column of every view of every frame) to compare runs by.",
    ],
    arguments: [
      ArgumentSpec(
        name: "scene", count: .one, help: ["The scene file, or - to read standard input."])
    ],
    options: [
      OptionSpec(
        name: "--frames", valueName: "n",
        help: ["How many frames to evaluate. (default: \(defaultFrames))"]),
      OptionSpec(
        name: "--offsets", valueName: "spec",
        help: offsetsHelp + ["(default: \(defaultBenchOffsets))"]),
    ])

  static func bench(_ arguments: ParsedArguments) throws(CommandError) -> ExitCode {
    let spec = benchSpec
    var frames = defaultFrames
    if let text = arguments.value("--frames") {
      guard text.allSatisfy({ $0 >= "0" && $0 <= "9" }), let value = Int(text), value > 0 else {
        throw invalidValue(
          text, for: "--frames <n>", reason: "expected a whole number of frames, 1 or more",
          command: spec)
      }
      frames = value
    }
    let offsets = try parseOffsets(
      arguments.value("--offsets") ?? defaultBenchOffsets, for: spec)
    let scene = try load(arguments.positionals.first ?? "-")
    var host = SceneHost(scene: scene)
    let clock = ContinuousClock()
    let start = clock.now
    let checksum = Benchmark.checksum(host: &host, offsets: offsets, frames: frames)
    let elapsed = clock.now - start
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    try write(
      Benchmark.report(
        frames: frames, views: host.viewCount, seconds: seconds, checksum: checksum))
    return .success
  }

  // MARK: - Shared

  static func parseOffsets(_ text: String, for command: CommandSpec) throws(CommandError)
    -> OffsetSpec
  {
    do {
      return try OffsetSpec(parsing: text)
    } catch {
      throw invalidValue(
        text, for: "--offsets <spec>", reason: error.description, command: command)
    }
  }

  static func parseFormat(_ text: String) throws(CommandError) -> RowFormat {
    if let format = RowFormat(rawValue: text) { return format }
    let names = RowFormat.allCases.map(\.rawValue)
    let hint = suggestion(text, in: names).map { " " + $0 } ?? ""
    let quoted = names.map { "'\($0)'" }
    throw .usage(
      UsageError(
        message: "The value '\(text)' is invalid for '--format <format>'.\(hint) "
          + "Expected one of \(quoted.dropLast().joined(separator: ", ")) or \(quoted.last ?? "")",
        command: evalSpec))
  }

  /// `The value 'x' is invalid for '--offsets <spec>': reason`.
  static func invalidValue(
    _ value: String, for label: String, reason: String, command: CommandSpec
  ) -> CommandError {
    .usage(
      UsageError(
        message: "The value '\(value)' is invalid for '\(label)': \(reason)", command: command))
  }

  static func load(_ path: String) throws(CommandError) -> Scene {
    do {
      return try SceneLoader().load(contentsOf: path)
    } catch {
      throw .scene(error)
    }
  }

  /// `1 chain`, `3 views`.
  static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// Writes `text` to standard output.
  static func write(_ text: String) throws(CommandError) {
    do {
      try FileOutput.standardOutput.write(text)
    } catch {
      throw .output(error)
    }
  }

  /// Every line of `error` to standard error, each after `error: `.
  static func reportErrors(_ error: SceneLoadError) {
    let text = error.lines.map { "error: \($0)\n" }.joined()
    try? FileOutput.standardError.write(text)
  }
}
