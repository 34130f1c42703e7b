import EffectProtocol

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Reading a scene file: its size limit and the reasons a file cannot be read.
extension SceneLoader {
  static func tooLarge(size: Int?) -> SceneDiagnostic {
    SceneDiagnostic(path: .root, problem: .fileTooLarge(limit: maximumFileSize, size: size))
  }

  /// The bytes of `path` (standard input for `-`). More than
  /// ``maximumFileSize`` is refused: a regular file is measured before it is
  /// read, anything else (a pipe, a device) is read up to one byte past the
  /// limit, so memory stays bounded whatever the input.
  static func readFile(_ path: String, name: String) throws(SceneLoadError) -> [UInt8] {
    let descriptor: Int32
    if path == "-" {
      descriptor = 0
    } else {
      descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else {
        throw .unreadable(file: name, reason: Self.reason(errno))
      }
    }
    defer { if descriptor != 0 { close(descriptor) } }
    var status = stat()
    if fstat(descriptor, &status) == 0 {
      if (status.st_mode & S_IFMT) == S_IFDIR {
        throw .unreadable(file: name, reason: "is a directory; expected a scene file")
      }
      if (status.st_mode & S_IFMT) == S_IFREG, status.st_size > maximumFileSize {
        throw .invalid(file: name, diagnostics: [tooLarge(size: Int(status.st_size))])
      }
    }
    var bytes: [UInt8] = []
    let limit = maximumFileSize + 1
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count < limit {
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress, min(buffer.count, limit - bytes.count))
      }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(file: name, reason: Self.reason(errno))
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
    if bytes.count > maximumFileSize {
      // Only "more than the limit" is known: the rest was never read.
      throw .invalid(file: name, diagnostics: [tooLarge(size: nil)])
    }
    return bytes
  }

  private static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case EACCES: "permission denied"
    case EISDIR: "is a directory; expected a scene file"
    case ENOTDIR: "a component of the path is not a directory"
    default: String(cString: strerror(code)).lowercased()
    }
  }
}
