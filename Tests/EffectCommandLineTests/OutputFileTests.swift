import EffectCommandLine
import Foundation
import ScrollEffectsTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `-o FILE` as a careful tool writes it, each kind of file made here in a
/// temporary folder (devices with `mknod`, never under `/dev`).
@Suite struct OutputFileTests {
  /// A new, empty temporary folder.
  static func folder() throws -> String {
    let url = Scratch.root
      .appendingPathComponent("output-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  static func status(_ path: String, following: Bool = true) -> stat? {
    var status = stat()
    let result = following ? stat(path, &status) : lstat(path, &status)
    return result == 0 ? status : nil
  }

  static func kind(_ path: String, following: Bool = true) -> mode_t? {
    status(path, following: following).map { $0.st_mode & S_IFMT }
  }

  static func contents(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  /// `OutputFile(path).write(text)`: the error's message, or nil.
  static func write(_ text: String, to path: String) -> String? {
    let console = Console(output: CapturedOutput(), error: CapturedOutput())
    do {
      try OutputFile(path).write(text, console: console)
      return nil
    } catch {
      guard case .failed(let message, let status) = error, status == .failure else {
        return "unexpected error \(error)"
      }
      return message
    }
  }

  /// glibc's `makedev`, written out: the device number of `major`, `minor`.
  static func device(major: UInt64, minor: UInt64) -> dev_t {
    dev_t(
      ((major & 0xffff_f000) << 32) | ((major & 0xfff) << 8) | ((minor & 0xffff_ff00) << 12)
        | (minor & 0xff))
  }

  /// Makes a character device at `path` of the memory devices' major
  /// number 1: minor 3 is what /dev/null is on Linux, 7 what /dev/full is.
  static func makeDevice(_ path: String, minor: UInt64) -> Bool {
    mknod(path, S_IFCHR | 0o666, device(major: 1, minor: minor)) == 0
  }

  @Test("a new file is written whole and nothing else is left in the folder")
  func newFile() throws {
    let folder = try Self.folder()
    #expect(Self.write("svg", to: folder + "/plot.svg") == nil)
    #expect(try Self.contents(folder + "/plot.svg") == "svg")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["plot.svg"])
  }

  @Test("an existing file is replaced and keeps its permission bits")
  func permissionsKept() throws {
    let folder = try Self.folder()
    let path = folder + "/private.svg"
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    #expect(chmod(path, 0o600) == 0)
    #expect(Self.write("new", to: path) == nil)
    #expect(try Self.contents(path) == "new")
    #expect(Self.status(path).map { $0.st_mode & 0o7777 } == 0o600)
  }

  @Test("a symbolic link is written through to its target, and stays a link")
  func symbolicLink() throws {
    let folder = try Self.folder()
    try "old".write(toFile: folder + "/target.svg", atomically: false, encoding: .utf8)
    #expect(symlink("target.svg", folder + "/link.svg") == 0)
    #expect(Self.write("new", to: folder + "/link.svg") == nil)
    #expect(Self.kind(folder + "/link.svg", following: false) == S_IFLNK)
    #expect(try Self.contents(folder + "/target.svg") == "new")
    // A link whose target does not exist yet creates it.
    #expect(symlink(folder + "/made.svg", folder + "/dangling.svg") == 0)
    #expect(Self.write("made", to: folder + "/dangling.svg") == nil)
    #expect(Self.kind(folder + "/dangling.svg", following: false) == S_IFLNK)
    #expect(try Self.contents(folder + "/made.svg") == "made")
  }

  @Test("a file with another hard link is written in place: both names see the text")
  func hardLink() throws {
    let folder = try Self.folder()
    try "a much longer old text".write(
      toFile: folder + "/one.svg", atomically: false, encoding: .utf8)
    #expect(link(folder + "/one.svg", folder + "/two.svg") == 0)
    let inode = Self.status(folder + "/one.svg")?.st_ino
    #expect(Self.write("new", to: folder + "/two.svg") == nil)
    #expect(try Self.contents(folder + "/one.svg") == "new")
    #expect(Self.status(folder + "/two.svg")?.st_ino == inode)
    #expect(Self.status(folder + "/two.svg")?.st_nlink == 2)
  }

  @Test("a file of hard links is written under an exclusive lock, which a reader's lock holds off")
  func hardLinkLock() throws {
    let folder = try Self.folder()
    try "old".write(toFile: folder + "/one.svg", atomically: false, encoding: .utf8)
    #expect(link(folder + "/one.svg", folder + "/two.svg") == 0)
    // A reader's shared lock, as check takes it.
    let reader = open(folder + "/one.svg", O_RDONLY)
    #expect(flock(reader, LOCK_SH) == 0)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = Self.write("new", to: folder + "/two.svg")
      done.signal()
    }
    // Held off while the reader holds its lock: the file is still the old one.
    #expect(done.wait(timeout: .now() + 0.3) == .timedOut)
    #expect(try Self.contents(folder + "/one.svg") == "old")
    #expect(flock(reader, LOCK_UN) == 0)
    close(reader)
    #expect(done.wait(timeout: .now() + 30) == .success)
    #expect(try Self.contents(folder + "/one.svg") == "new")
  }

  @Test("a FIFO is written in place, and stays a FIFO")
  func fifo() throws {
    let folder = try Self.folder()
    let path = folder + "/pipe"
    #expect(mkfifo(path, 0o600) == 0)
    let reader = ThreadResult {
      let handle = FileHandle(forReadingAtPath: path)
      return String(decoding: handle?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
    }
    #expect(Self.write("through the pipe", to: path) == nil)
    #expect(reader.value() == "through the pipe")
    #expect(Self.kind(path) == S_IFIFO)
  }

  @Test(
    "a character device is written in place, never replaced; a full one fails with its reason",
    .enabled(if: getuid() == 0, "mknod needs root"))
  func devices() throws {
    let folder = try Self.folder()
    #expect(Self.makeDevice(folder + "/null", minor: 3))
    #expect(Self.makeDevice(folder + "/full", minor: 7))
    #expect(Self.write("nothing", to: folder + "/null") == nil)
    #expect(Self.kind(folder + "/null") == S_IFCHR)
    #expect(
      Self.write("nothing", to: folder + "/full")
        == "cannot write '\(folder)/full': no space left on device")
    #expect(Self.kind(folder + "/full") == S_IFCHR)
  }

  @Test(
    "plot -o on a full device exits 1 with the reason and leaves the device a device",
    .enabled(if: getuid() == 0, "mknod needs root"))
  func plotToFullDevice() throws {
    let folder = try Self.folder()
    #expect(Self.makeDevice(folder + "/full", minor: 7))
    let result = InProcess([
      "plot", InProcess.stretchyHeader, "--offsets", "-100:300", "-o", folder + "/full",
    ])
    #expect(result.status == .failure)
    #expect(result.stderr == "error: cannot write '\(folder)/full': no space left on device\n")
    #expect(Self.kind(folder + "/full") == S_IFCHR)
  }

  @Test("-o - is standard output")
  func dash() throws {
    let arguments = ["plot", InProcess.stretchyHeader, "--offsets", "0:10"]
    let result = InProcess(arguments + ["-o", "-"])
    let plain = InProcess(arguments)
    #expect(result.status == .success)
    #expect(result.stderr == "")
    #expect(plain.status == .success)
    #expect(result.stdout.hasPrefix("<svg"))
    #expect(result.stdout == plain.stdout)
    #expect(!FileManager.default.fileExists(atPath: "-"))
  }

  @Test("a directory is refused with its name")
  func directory() throws {
    let folder = try Self.folder()
    #expect(
      Self.write("x", to: folder)
        == "cannot write '\(folder)': is a directory; expected a file name"
    )
  }

  @Test(
    "-o naming the input scene, by its name, a link or a hard link, is refused before anything is written",
    arguments: ["same", "link", "hard"])
  func inputRefused(kind: String) throws {
    let folder = try Self.folder()
    let scene = folder + "/scene.json"
    let original = try Self.contents(InProcess.stretchyHeader)
    try original.write(toFile: scene, atomically: false, encoding: .utf8)
    let output =
      switch kind {
      case "link": folder + "/link.json"
      case "hard": folder + "/hard.json"
      default: scene
      }
    if kind == "link" { #expect(symlink(scene, output) == 0) }
    if kind == "hard" { #expect(link(scene, output) == 0) }
    for command in ["plot", "filmstrip", "preview"] {
      let result = InProcess([command, scene, "--offsets", "0:10", "-o", output])
      #expect(result.status == .usage)
      #expect(
        result.stderr.hasPrefix(
          "Error: The value '\(output)' is invalid for '-o <file>': it is the input file "
            + "'\(scene)'; expected another file"))
      #expect(try Self.contents(scene) == original)
    }
  }
}

/// The result of `body`, run at once on a thread of its own. Opening a FIFO
/// blocks until the other end opens it: on one of the test runner's shared
/// threads (a task), the reader could wait for its turn behind other tests
/// while the writer, already running, held a second one, leaving a
/// two-core machine one thread for every other test.
final class ThreadResult<Value: Sendable>: @unchecked Sendable {
  // Written by the thread before it signals `done`, read after the wait.
  private var result: Value?
  private let done = DispatchSemaphore(value: 0)

  init(_ body: @escaping @Sendable () -> Value) {
    let thread = Thread { [self] in
      result = body()
      done.signal()
    }
    thread.start()
  }

  /// Waits for `body` to return, and gives its value.
  func value() -> Value {
    done.wait()
    return result!
  }

  /// Waits at most until `deadline` for `body` to return: its value, or
  /// `nil` when it is still running.
  func value(before deadline: DispatchTime) -> Value? {
    guard done.wait(timeout: deadline) == .success else { return nil }
    return result
  }
}

extension OutputFileTests {
  @Test("a file whose name is near the longest a name may be is replaced all the same")
  func longName() throws {
    let folder = try Self.folder()
    // 255 bytes: the longest name; ".NAME.PID.tmp" would be longer.
    let path = folder + "/" + String(repeating: "a", count: 251) + ".svg"
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    #expect(Self.write("new", to: path) == nil)
    #expect(try Self.contents(path) == "new")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1)
  }

  /// As the user `nobody` (a child process that gives up root): a file it
  /// may not write is not replaced, though its directory would let a rename
  /// do it; a file in a directory that takes no new file is refused naming
  /// the directory.
  @Test(
    "a read-only file is left alone; a read-only directory is named",
    .enabled(if: getuid() == 0, "setuid needs root"))
  func permissions() async throws {
    let folder = try Self.folder()
    let readOnly = folder + "/read-only.svg"
    try "old".write(toFile: readOnly, atomically: false, encoding: .utf8)
    #expect(chmod(readOnly, 0o444) == 0)
    let closed = folder + "/closed"
    #expect(mkdir(closed, 0o755) == 0)
    try "old".write(toFile: closed + "/open.svg", atomically: false, encoding: .utf8)
    #expect(chmod(closed + "/open.svg", 0o666) == 0)
    #expect(chmod(folder, 0o777) == 0)
    setenv("OUTPUT_FILE_TEST_FOLDER", folder, 1)
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      let folder = String(cString: getenv("OUTPUT_FILE_TEST_FOLDER"))
      guard setgid(65534) == 0, setuid(65534) == 0 else { exit(2) }
      let first = OutputFileTests.write("new", to: folder + "/read-only.svg") ?? "written"
      let second = OutputFileTests.write("new", to: folder + "/closed/open.svg") ?? "written"
      FileHandle.standardError.write(Data((first + "\n" + second + "\n").utf8))
    }
    let lines = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }
    #expect(
      lines
        == "cannot write '\(readOnly)': permission denied\n"
        + "cannot write '\(closed)/open.svg': permission denied: the directory '\(closed)' "
        + "takes no new file, and the file is written whole through one beside it\n")
    #expect(try Self.contents(readOnly) == "old")
    #expect(try Self.contents(closed + "/open.svg") == "old")
  }
}
