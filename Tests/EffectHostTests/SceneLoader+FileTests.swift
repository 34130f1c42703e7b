import EffectHost
import EffectProtocol
import Foundation
import ScrollEffectsTestSupport
import Testing

/// Paths that cannot be read as scene files: missing, a directory, no
/// permission, too large, endless; each refused with the reason.
@Suite struct SceneLoaderFileTests: HostileInputSuite {
  /// A fresh directory for one test, removed afterwards.
  static func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
    let directory = Scratch.root
      .appendingPathComponent("HostileInputTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try body(directory)
  }

  /// The error loading `path` throws.
  static func fileError(_ path: String, sourceLocation: SourceLocation = #_sourceLocation)
    -> SceneLoadError?
  {
    do {
      _ = try SceneLoader().load(contentsOf: path)
      Issue.record("\(path) loaded; expected a refusal", sourceLocation: sourceLocation)
      return nil
    } catch {
      return error
    }
  }

  @Test("a missing file is unreadable")
  func missingFile() throws {
    try Self.withTemporaryDirectory { directory in
      let path = directory + "/absent.json"
      #expect(Self.fileError(path) == .unreadable(file: path, reason: "no such file"))
      #expect(Self.fileError(path)?.lines == ["\(path): no such file"])
    }
  }

  @Test("a directory is unreadable")
  func directory() throws {
    try Self.withTemporaryDirectory { directory in
      #expect(
        Self.fileError(directory)
          == .unreadable(file: directory, reason: "is a directory; expected a scene file"))
    }
  }

  @Test("a path through a file is unreadable")
  func pathThroughFile() throws {
    try Self.withTemporaryDirectory { directory in
      let file = directory + "/scene.json"
      #expect(FileManager.default.createFile(atPath: file, contents: Data(Self.scene().utf8)))
      let path = file + "/x"
      #expect(
        Self.fileError(path)?.lines == ["\(path): a component of the path is not a directory"])
      #expect(Self.fileError(path).map { if case .unreadable = $0 { true } else { false } } == true)
    }
  }

  @Test(
    "a file without read permission is unreadable",
    // Root reads any file whatever its mode, so there is nothing to check.
    .enabled(if: geteuid() != 0, "running as root, which permissions do not stop"))
  func unreadableFile() throws {
    try Self.withTemporaryDirectory { directory in
      let path = directory + "/secret.json"
      #expect(
        FileManager.default.createFile(
          atPath: path, contents: Data(Self.scene().utf8), attributes: [.posixPermissions: 0]))
      #expect(Self.fileError(path) == .unreadable(file: path, reason: "permission denied"))
    }
  }

  @Test("a 50 MB file is refused by its size before it is read")
  func oversizedFile() throws {
    try Self.withTemporaryDirectory { directory in
      let path = directory + "/huge.json"
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      let handle = try #require(FileHandle(forWritingAtPath: path))
      // Sparse: 50 MB long, nothing written, so the test costs no disk.
      try handle.truncate(atOffset: 50 << 20)
      try handle.close()
      #expect(
        Self.fileError(path)?.lines == [
          "\(path): expected a scene file of at most 33554432 bytes (32 MiB), found 52428800 bytes"
        ])
    }
  }

  @Test("an endless device is read only up to the limit, then refused")
  func endlessInput() throws {
    let path = "/dev/zero"
    try #require(FileManager.default.fileExists(atPath: path))
    #expect(
      Self.fileError(path)?.lines == [
        "\(path): expected a scene file of at most 33554432 bytes (32 MiB), found more than 33554432 bytes"
      ])
  }

  @Test("an empty file on disk is invalid, not unreadable")
  func emptyFile() throws {
    try Self.withTemporaryDirectory { directory in
      let path = directory + "/empty.json"
      #expect(FileManager.default.createFile(atPath: path, contents: Data()))
      #expect(
        Self.fileError(path)?.lines == [
          "\(path):1:1: malformed JSON: expected a JSON value, found an empty document"
        ])
    }
  }
}
