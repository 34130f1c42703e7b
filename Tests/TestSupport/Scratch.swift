import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder under the system's temporary folder where this test process
/// writes its files.
///
/// Tests make folders and files of their own in it, and most remove them;
/// the whole folder goes when the process exits, so that a run leaves
/// nothing in `/tmp` whichever way a test ends, by a failed `#require` or
/// an early `return` before its own clean-up.
public enum Scratch {
  /// The folder, made on first use.
  public static let root: URL = {
    let url = folder()
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    // A C function can capture nothing: the handler finds the folder again
    // from the process's identifier, which does not change.
    atexit { try? FileManager.default.removeItem(at: Scratch.folder()) }
    return url
  }()

  static func folder() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("scrolleffects-tests-\(getpid())", isDirectory: true)
  }
}
