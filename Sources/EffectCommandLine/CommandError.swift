import EffectHost
import EffectProtocol

/// Why a subcommand stopped.
public enum CommandError: Error {
  /// Exit 64, with the usage of the subcommand.
  case usage(UsageError)
  /// Exit 65 or 66, every line of the error after `error: `.
  case scene(SceneLoadError)
  /// Exit 0 for a closed pipe, else 1.
  case output(OutputError)
  /// Any other failure: `error: message` and `status`.
  case failed(message: String, status: ExitCode)
  /// Stopped by SIGINT (exit 130) or SIGTERM (exit 143) after `rows` rows,
  /// or before writing its file when `rows` is `nil`: `interrupted after N
  /// rows` on the error stream.
  case interrupted(rows: Int?, signal: Int32)
}

extension MessageText {
  /// The name a message gives the scene file read from `path`: `<stdin>`
  /// for `-`, else the path with its control characters escaped.
  static func sceneFile(_ path: String) -> String {
    path == "-" ? "<stdin>" : escapingUnsafe(path)
  }
}
