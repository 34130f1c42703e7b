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
    let bytes: [UInt8]
    do {
      bytes = try FileReading.bytes(of: descriptor, upTo: maximumFileSize + 1)
    } catch {
      throw .unreadable(file: name, reason: Self.reason(error.code))
    }
    if bytes.count > maximumFileSize {
      // Only "more than the limit" is known: the rest was never read.
      throw .invalid(file: name, diagnostics: [tooLarge(size: nil)])
    }
    return bytes
  }

  private static func reason(_ code: Int32) -> String {
    FileReading.reason(code, expected: "a scene file")
  }
}
