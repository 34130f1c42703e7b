import EffectHost

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
}
