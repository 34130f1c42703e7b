#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a whole file as the tools do: the loop that retries interrupted
/// reads, and the words for why a file cannot be read. Scene files and
/// golden files share them.
package enum FileReading {
  /// The bytes readable from `descriptor`, at most `limit` of them.
  ///
  /// - Throws: the `errno` of a read that failed.
  package static func bytes(of descriptor: Int32, upTo limit: Int) throws(FileReadError) -> [UInt8]
  {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count < limit {
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress, min(buffer.count, limit - bytes.count))
      }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileReadError(code: errno)
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  /// Why a file of `kind` (`a scene file`, `a csv file`) cannot be read, in
  /// lower case: `no such file`, `permission denied`, `is a directory;
  /// expected a scene file`, else the system's words.
  package static func reason(_ code: Int32, expected kind: String) -> String {
    switch code {
    case ENOENT: "no such file"
    case EACCES: "permission denied"
    case EISDIR: "is a directory; expected \(kind)"
    case ENOTDIR: "a component of the path is not a directory"
    default: String(cString: strerror(code)).lowercased()
    }
  }
}

/// A read that failed, with its `errno`.
package struct FileReadError: Error {
  package let code: Int32
}
