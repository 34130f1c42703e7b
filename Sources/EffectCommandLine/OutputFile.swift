import EffectProtocol

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A command's `-o FILE`, written as a careful tool writes files: a regular
/// file (or one that does not exist yet) whole or not at all, with its
/// permission bits kept; through a symbolic link to its target, the link
/// kept; a file with other hard links (under a lock, its space claimed
/// first: ``writeInPlace(_:_:truncating:)``), or one that is not a regular
/// file (a device, a FIFO, `/dev/stdout`), in place, never replaced. `-` is
/// standard output.
///
/// Replacing is what a half-written file needs (a full disk leaves the old
/// file, not half a new one); writing in place is what everything else
/// needs: a rename over `/dev/full` would turn the device into a regular
/// file, over a link would drop the link, over a hard-linked file would
/// split it from its other names.
public struct OutputFile: Sendable, Equatable {
  /// The path as given.
  public let path: String

  public init(_ path: String) {
    self.path = path
  }

  /// Whether the output is standard output (`-o -`).
  public var isStandardOutput: Bool { path == "-" }

  /// Refuses, as a usage error, a file that is one of `inputs` (the same
  /// device and inode, however it is named): checked before anything is
  /// read or written, so that `-o scene.json` never overwrites the scene.
  /// An input `-` is standard input, the file it was redirected from
  /// (`- -o scene.json < scene.json`); a pipe or a terminal there, `-o -`
  /// and inputs that do not exist are never the same file.
  public func checkNotInput(_ inputs: [String], option: String, command: CommandSpec)
    throws(UsageError)
  {
    guard !isStandardOutput, let output = Self.identity(of: path) else { return }
    for input in inputs {
      let identity = input == "-" ? Self.standardInputFile() : Self.identity(of: input)
      guard let identity, identity == output else { continue }
      let named =
        input == "-"
        ? "the file standard input reads" : "the input file '\(MessageText.escapingUnsafe(input))'"
      throw UsageError(
        message:
          "The value '\(MessageText.escapingUnsafe(path))' is invalid for '\(option)': it is "
          + "\(named); expected another file",
        command: command)
    }
  }

  /// The device and inode of the regular file standard input reads, if it
  /// reads one.
  static func standardInputFile() -> [UInt64]? {
    var status = stat()
    guard fstat(STDIN_FILENO, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      return nil
    }
    return [UInt64(status.st_dev), UInt64(status.st_ino)]
  }

  /// Whether the path leads to this process's standard output, the same
  /// file, pipe or device (`/dev/stdout`, `/proc/self/fd/1`).
  var isStandardOutputStream: Bool {
    var status = stat()
    guard let identity = Self.identity(of: path), fstat(STDOUT_FILENO, &status) == 0 else {
      return false
    }
    return identity == [UInt64(status.st_dev), UInt64(status.st_ino)]
  }

  /// The device and inode of the file at `path`, links followed; `nil`
  /// when there is none.
  static func identity(of path: String) -> [UInt64]? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return [UInt64(status.st_dev), UInt64(status.st_ino)]
  }

  /// Writes `text` to the file, or to `console`'s output for `-`.
  ///
  /// - Throws: ``CommandError/failed(message:status:)`` with exit status 1
  ///   and `cannot write 'PATH': REASON` (`the directory 'out' does not
  ///   exist`, `is a directory; expected a file name`, `no space left on
  ///   device`); ``CommandError/output(_:)`` with ``OutputError/closed``
  ///   when the file is a pipe whose reader went away, as for `-`.
  public func write(_ text: String, console: Console) throws(CommandError) {
    if isStandardOutput {
      try console.print(text)
      return
    }
    do throws(OutputFileError) {
      // A device, a FIFO or a socket, reached however (`/dev/stdout` on a
      // pipe is a link the system resolves to no path): written in place
      // through the path as given.
      var reached = stat()
      if stat(path, &reached) == 0 {
        let type = reached.st_mode & S_IFMT
        if type != S_IFREG && type != S_IFDIR {
          try Self.writeInPlace(path, text, truncating: false)
          return
        }
      }
      let target = try Self.target(of: path)
      var status = stat()
      if stat(target, &status) != 0 {
        guard errno == ENOENT else { throw OutputFileError(errno) }
        try Self.replace(target, with: text, keeping: nil)
      } else if (status.st_mode & S_IFMT) == S_IFDIR {
        throw OutputFileError("is a directory; expected a file name")
      } else if (status.st_mode & S_IFMT) == S_IFREG && status.st_nlink == 1 {
        try Self.replace(target, with: text, keeping: status)
      } else {
        try Self.writeInPlace(target, text, truncating: (status.st_mode & S_IFMT) == S_IFREG)
      }
    } catch {
      if let signal = error.signal { throw .interrupted(rows: nil, signal: signal) }
      if error.readerClosed { throw .output(.closed) }
      throw .failed(
        message: "cannot write '\(MessageText.escapingUnsafe(path))': \(error.reason)",
        status: .failure)
    }
  }

  /// The file a write to `path` reaches: `path` itself, or the file its
  /// symbolic links lead to (existing or not: a dangling link's target is
  /// created).
  static func target(of path: String) throws(OutputFileError) -> String {
    var current = path
    // As the system does, a bounded number of links.
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else {
        return current
      }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count >= 0 else { throw OutputFileError(errno) }
      let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if link.hasPrefix("/") {
        current = link
      } else {
        let slash = current.lastIndex(of: "/")
        current = (slash.map { String(current[...$0]) } ?? "") + link
      }
    }
    throw OutputFileError(ELOOP)
  }

  /// Writes a temporary file beside `target` and renames it over it: whole
  /// or not at all. With `existing` (the file replaced), the new file takes
  /// its permission bits and, where this process may, its owner.
  static func replace(_ target: String, with text: String, keeping existing: stat?)
    throws(OutputFileError)
  {
    let slash = target.lastIndex(of: "/")
    let directory = slash.map { String(target[...$0]) } ?? ""
    let name = target[(slash.map { target.index(after: $0) } ?? target.startIndex)...]
    // A file this process may not write is not replaced, though its
    // directory would let a rename do it.
    if existing != nil && access(target, W_OK) != 0 {
      throw OutputFileError(errno)
    }
    // Hidden, beside the file (a rename does not cross file systems), and
    // this process's own; a short name when the file's own is near the
    // longest a name may be.
    var temporaryName = ".\(name).\(getpid()).tmp"
    if temporaryName.utf8.count > 255 { temporaryName = ".effectctl.\(getpid()).tmp" }
    let temporary = directory + temporaryName
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      let code = errno
      let parent = directory.count > 1 ? String(directory.dropLast()) : directory
      let folder = parent.isEmpty ? "." : parent
      let shown = MessageText.escapingUnsafe(folder)
      if code == EACCES {
        // An existing file might be writable where its directory is not.
        let how = existing == nil ? "" : ", and the file is written whole through one beside it"
        throw OutputFileError("permission denied: the directory '\(shown)' takes no new file\(how)")
      }
      guard code == ENOENT else { throw OutputFileError(code) }
      var parentStatus = stat()
      // A directory that exists but takes no new file (/proc) says ENOENT too.
      if stat(folder, &parentStatus) == 0 {
        throw OutputFileError("cannot create a file in the directory '\(shown)'")
      }
      throw OutputFileError("the directory '\(shown)' does not exist")
    }
    func abandon(_ error: OutputFileError) -> OutputFileError {
      close(descriptor)
      unlink(temporary)
      return error
    }
    if let existing {
      // The owner first: changing it may clear set-id bits that the mode
      // then sets again.
      _ = fchown(descriptor, existing.st_uid, existing.st_gid)
      guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else {
        throw abandon(OutputFileError(errno))
      }
    }
    do {
      try FileOutput(descriptor: descriptor).write(text)
    } catch {
      throw abandon(OutputFileError(error.description))
    }
    if close(descriptor) != 0 {
      let code = errno
      unlink(temporary)
      throw OutputFileError(code)
    }
    if rename(temporary, target) != 0 {
      let code = errno
      unlink(temporary)
      throw OutputFileError(code)
    }
  }

  /// Opens `target` and writes `text` into it, the file kept: a device, a
  /// FIFO, or with `truncating` a regular file of several hard links.
  ///
  /// Such a file is written under an exclusive lock (`flock`), which `check`
  /// takes shared to read a golden file, so that writers never mix and no
  /// reader sees half a file; on Linux, where this process may read it, its
  /// blocks are claimed before a byte of it changes (`posix_fallocate`), so
  /// that a full disk leaves it as it was where the file system writes in
  /// place (not one that copies on write, such as btrfs); it is then
  /// written from its start and cut to the new length.
  static func writeInPlace(_ target: String, _ text: String, truncating: Bool)
    throws(OutputFileError)
  {
    // A file of hard links is opened to read too where it may be: glibc's
    // posix_fallocate, where the file system has no allocation of its own,
    // reads each block it claims.
    var readable = truncating
    var descriptor = open(target, (truncating ? O_RDWR : O_WRONLY) | O_CLOEXEC)
    if descriptor < 0 && truncating && errno == EACCES {
      readable = false
      descriptor = open(target, O_WRONLY | O_CLOEXEC)
    }
    guard descriptor >= 0 else { throw OutputFileError(errno) }
    func fail(_ error: OutputFileError) -> OutputFileError {
      close(descriptor)
      return error
    }
    if truncating {
      // A file system without locks goes on without. A signal while the
      // lock is awaited stops the command, as anywhere else.
      while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {
        if let signal = Interruption.signal { throw fail(OutputFileError(signal: signal)) }
      }
      let length = off_t(text.utf8.count)
      #if os(Linux)
        if readable {
          let claimed = posix_fallocate(descriptor, 0, length)
          if claimed != 0 && claimed != EOPNOTSUPP && claimed != ENOSYS && claimed != EINVAL {
            throw fail(OutputFileError(claimed))
          }
        }
      #else
        _ = readable
      #endif
      do {
        try FileOutput(descriptor: descriptor).write(text)
      } catch {
        throw fail(OutputFileError(error.description))
      }
      if ftruncate(descriptor, length) != 0 { throw fail(OutputFileError(errno)) }
    } else {
      do {
        try FileOutput(descriptor: descriptor).write(text)
      } catch {
        // A pipe reached by a path (`-o /dev/stdout | head`): its reader
        // has what it wanted, as when the output is `-`.
        var failure = OutputFileError(error.description)
        failure.readerClosed = error == .closed
        throw fail(failure)
      }
    }
    if close(descriptor) != 0 { throw OutputFileError(errno) }
  }
}

/// Why an output file could not be written: the system's reason in lower
/// case, or the tool's own words.
struct OutputFileError: Error {
  let reason: String
  /// The signal that stopped the write before it began, if one did.
  var signal: Int32?
  /// Whether the file is a pipe whose reader went away (`EPIPE`).
  var readerClosed = false

  init(_ reason: String) {
    self.reason = reason
  }

  init(_ code: Int32) {
    reason = String(cString: strerror(code)).lowercased()
  }

  /// A write stopped by `signal` while it waited for the file's lock.
  init(signal: Int32) {
    reason = "interrupted"
    self.signal = signal
  }
}
