/// Where a command's bytes go: a file descriptor, or memory in tests.
public protocol OutputSink {
  /// Writes every byte of `bytes` or throws.
  func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError)
}

extension OutputSink {
  /// Writes `text` as UTF-8.
  public func write(_ text: String) throws(OutputError) {
    var text = text
    var failure: OutputError?
    text.withUTF8 { bytes in
      do throws(OutputError) {
        try write(UnsafeRawBufferPointer(bytes))
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }
}

/// The output and error streams a command writes to.
public struct Console {
  /// Data: rows, reports, help.
  public var output: any OutputSink
  /// Diagnostics: usage and scene errors.
  public var error: any OutputSink

  public init(output: any OutputSink, error: any OutputSink) {
    self.output = output
    self.error = error
  }

  /// The process's standard output and standard error, written unbuffered
  /// with `write(2)`.
  public static var standard: Console {
    Console(output: FileOutput.standardOutput, error: FileOutput.standardError)
  }
}

/// Bytes written in memory, for running commands in process in tests.
public final class CapturedOutput: OutputSink {
  public private(set) var bytes: [UInt8] = []
  /// Fails every write with this error once set (a closed pipe, say).
  public var failure: OutputError?

  public init() {}

  /// What was written, as UTF-8 text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
    if let failure { throw failure }
    self.bytes.append(contentsOf: bytes)
  }
}
