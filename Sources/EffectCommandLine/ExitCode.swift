/// The process's exit status (sysexits.h for the failures a user can fix).
public enum ExitCode: Int32, Sendable {
  case success = 0
  /// Anything else: output that cannot be written, say.
  case failure = 1
  /// EX_USAGE: bad flags or offsets, an unknown subcommand or effect type.
  case usage = 64
  /// EX_DATAERR: a scene file is invalid.
  case invalidScene = 65
  /// EX_NOINPUT: a scene file is missing or unreadable.
  case unreadableScene = 66
  /// 128 + SIGINT: stopped by an interrupt (Ctrl-C), its output completed
  /// at a row boundary.
  case interrupted = 130
  /// 128 + SIGTERM: stopped by a request to terminate, its output completed
  /// at a row boundary.
  case terminated = 143
}
