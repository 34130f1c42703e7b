#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes bytes to an open file descriptor with `write(2)`, unbuffered: each
/// call writes everything it is given or throws.
public struct FileOutput: OutputSink, Sendable {
  public let descriptor: Int32

  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  public static let standardOutput = FileOutput(descriptor: 1)
  public static let standardError = FileOutput(descriptor: 2)

  /// Writes every byte of `bytes`, retrying interrupted and partial writes.
  ///
  /// A reader that has gone away (`EPIPE`: `effectctl eval ... | head`)
  /// throws ``OutputError/closed``; for that to reach here rather than kill
  /// the process, `SIGPIPE` must be ignored.
  public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
    guard var next = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let written = systemWrite(descriptor, next, remaining)
      if written < 0 {
        let code = errno
        if code == EINTR { continue }
        if code == EAGAIN || code == EWOULDBLOCK {
          // A non-blocking descriptor that is full: wait until it drains
          // rather than spin.
          var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
          _ = poll(&waiting, 1, -1)
          continue
        }
        if code == EPIPE { throw .closed }
        throw .failed(reason: String(cString: strerror(code)).lowercased())
      }
      next += written
      remaining -= written
    }
  }

}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

/// Why output could not be written.
public enum OutputError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The reader closed its end of the pipe: stop quietly.
  case closed
  /// Any other failure (a full disk, say), with the system's reason.
  case failed(reason: String)

  public var description: String {
    switch self {
    case .closed: "the reader closed the pipe"
    case .failed(let reason): reason
    }
  }
}
