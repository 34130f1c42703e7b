import EffectHost
import EffectProtocol

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a picture subcommand's file goes: standard output, or `-o FILE`
/// written whole or not at all.
enum PictureOutput {
  /// The `-o` option of the picture subcommands.
  static func option(_ kind: String) -> Option<String> {
    Option<String>(
      "-o", valueName: "file",
      help: [
        "Write the \(kind) to this file (replaced whole, never left half",
        "written); without -o it goes to standard output.",
      ])
  }

  /// Writes `text` to `path`, or to `console`'s output when `path` is `nil`.
  ///
  /// The file is first written beside `path` under a temporary name and
  /// then renamed over it, so that a failure (a full disk, say) leaves no
  /// partial file under the name asked for.
  ///
  /// - Throws: ``CommandError/failed(message:status:)`` with exit status 1 and
  ///   `cannot write 'PATH': REASON` (`the directory 'out' does not exist`,
  ///   `is a directory; expected a file name`, `permission denied`).
  static func write(_ text: String, to path: String?, console: Console) throws(CommandError) {
    guard let path else {
      try console.print(text)
      return
    }
    func failure(_ reason: String) -> CommandError {
      .failed(message: "cannot write '\(path)': \(reason)", status: .failure)
    }
    var status = stat()
    if stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      throw failure("is a directory; expected a file name")
    }
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = path[(slash.map { path.index(after: $0) } ?? path.startIndex)...]
    // Hidden, beside the file (a rename does not cross file systems), and
    // this process's own.
    let temporary = directory + ".\(name).\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT {
        let parent = directory.count > 1 ? String(directory.dropLast()) : directory
        let shown = parent.isEmpty ? "." : parent
        var parentStatus = stat()
        // A directory that exists but takes no new file (/proc) says ENOENT too.
        if stat(shown, &parentStatus) == 0 {
          throw failure("cannot create a file in the directory '\(shown)'")
        }
        throw failure("the directory '\(shown)' does not exist")
      }
      throw failure(reason(code))
    }
    do {
      try FileOutput(descriptor: descriptor).write(text)
    } catch {
      close(descriptor)
      unlink(temporary)
      throw failure(error.description)
    }
    if close(descriptor) != 0 {
      let code = errno
      unlink(temporary)
      throw failure(reason(code))
    }
    if rename(temporary, path) != 0 {
      let code = errno
      unlink(temporary)
      throw failure(reason(code))
    }
  }

  /// The system's reason for `code`, in lower case: `no such file or directory`.
  private static func reason(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
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
}

/// The value of `--columns`: comma-separated column names, in the order
/// given, each once.
struct ColumnList: ArgumentValue, Equatable {
  var columns: [TransformColumn]

  init(argument text: String) throws(InvalidValue) {
    let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
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
