import EffectHost
import EffectProtocol

/// Where a picture subcommand's file goes: standard output, or `-o FILE`
/// written whole or not at all.
enum PictureOutput {
  /// The help of the `-o` option of the picture subcommands.
  static func help(_ kind: String) -> [String] {
    [
      "Write the \(kind) to this file (a regular file is replaced whole,",
      "never left half written; a link, a device or a FIFO is written",
      "through); '-' or no -o is standard output.",
    ]
  }

  /// Refuses an `-o` file that is the scene itself, before anything is read
  /// or written. (Each picture command makes SIGINT and SIGTERM stop it
  /// before it writes, ``Interruption``, once the scene is read.)
  static func prepare(
    output path: String?, scene: String, option: OptionSpec, command: CommandSpec
  ) throws(CommandError) {
    do throws(UsageError) {
      try path.map(OutputFile.init)?.checkNotInput([scene], option: option.label, command: command)
    } catch {
      throw .usage(error)
    }
  }

  /// Writes `text` to `path` as ``OutputFile`` does, or to `console`'s
  /// output when `path` is `nil`; nothing once a signal has asked the
  /// command to stop.
  static func write(_ text: String, to path: String?, console: Console) throws(CommandError) {
    if let signal = Interruption.signal { throw .interrupted(rows: nil, signal: signal) }
    guard let path else {
      try console.print(text)
      return
    }
    try OutputFile(path).write(text, console: console)
  }

  /// The title of a picture of the scene at `path`: its file name without `.json`.
  static func title(of path: String) -> String {
    if path == "-" { return "scene" }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.hasSuffix(".json") ? String(name.dropLast(5)) : name
  }
}

/// The value of `--offsets` for a picture: an offsets spec of at most
/// ``PictureLimits/maximumOffsets`` offsets.
extension ValueReader where Value == OffsetSpec {
  static var pictureOffsets: ValueReader<OffsetSpec> {
    ValueReader { (text) throws(InvalidValue) -> OffsetSpec in
      let spec = try OffsetSpec(argument: text)
      do throws(PictureError) {
        try PictureLimits.check(spec)
      } catch {
        throw .because(error.description)
      }
      return spec
    }
  }

  /// A plot's `--offsets`: a picture's, of two offsets or more, the
  /// abscissa of its lines (one offset draws no line).
  static var plotOffsets: ValueReader<OffsetSpec> {
    ValueReader { (text) throws(InvalidValue) -> OffsetSpec in
      let spec = try pictureOffsets.read(text)
      guard let first = spec.first, spec.contains(where: { $0 != first }) else {
        throw .because(
          "a plot draws each column as a line over the offsets; expected two different "
            + "offsets or more (a range such as -100:300), found only "
            + MessageText.number(spec.first ?? 0))
      }
      return spec
    }
  }
}

extension ValueReader where Value == [TransformColumn] {
  /// A `--columns` value: comma-separated column names, in the order given,
  /// each once.
  static var columns: ValueReader<[TransformColumn]> {
    ValueReader { (text) throws(InvalidValue) -> [TransformColumn] in
      try ColumnList(argument: text).columns
    }
  }
}

/// The value of `--columns`: comma-separated column names, in the order
/// given, each once; spaces around a name are no part of it (`"y, height"`,
/// as people write lists).
struct ColumnList: ArgumentValue, Equatable {
  var columns: [TransformColumn]

  init(argument text: String) throws(InvalidValue) {
    let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
      String($0.trimmingSpaces)
    }
    if let empty = names.firstIndex(of: "") {
      let valid = TransformColumn.allCases.map(\.rawValue).joined(separator: ", ")
      throw .because(
        "name \(empty + 1) is empty; expected comma-separated column names. The columns are: \(valid)"
      )
    }
    do throws(PictureError) {
      columns = try PictureError.columns(named: names)
    } catch {
      throw .because(error.description)
    }
  }
}
