import EffectProtocol
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signal that asked the process to stop, 0 while none has: written by
/// the handler, which may do nothing but store it, read by the loops that
/// stream rows.
private let receivedSignal = Atomic<Int32>(0)

/// SIGINT and SIGTERM as a command that streams rows takes them: the signal
/// is recorded, and the loop stops at the next row boundary, completes its
/// format (json's closing `]`), and the command says how many rows it wrote
/// and exits 130 (SIGINT) or 143 (SIGTERM), leaving no `-o` file behind.
///
/// Without ``install()`` (a library's user, the tests in process) the
/// signals keep their default action and ``signal`` stays `nil`.
public enum Interruption {
  /// Makes SIGINT and SIGTERM record themselves instead of ending the
  /// process: what each `effectctl` command that streams rows or writes a
  /// file does once its scene is read (before, a signal ends the program
  /// as by default, a read waiting on a terminal or FIFO with it).
  public static func install() {
    // A parent may have started this process with them blocked (a test
    // runner's thread, say), and a blocked signal is never delivered.
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for number in [SIGINT, SIGTERM] { sigaddset(&unblocked, number) }
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    for number in [SIGINT, SIGTERM] {
      var action = sigaction()
      #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = record
      #else
        action.__sigaction_handler.sa_handler = record
      #endif
      sigemptyset(&action.sa_mask)
      // No SA_RESTART: a blocked read or write returns EINTR and its loop
      // sees the signal sooner.
      action.sa_flags = 0
      sigaction(number, &action, nil)
    }
  }

  /// The signal received since ``install()`` (SIGINT or SIGTERM), if any.
  public static var signal: Int32? {
    let number = receivedSignal.load(ordering: .relaxed)
    return number == 0 ? nil : number
  }
}

/// The signal handler: the first signal is stored, which is all a handler
/// may safely do; a second one, while the first is still being acted on,
/// takes the signal's default action, so that a program stuck on its output
/// can still be stopped.
private func record(_ number: Int32) {
  if receivedSignal.exchange(number, ordering: .relaxed) != 0 {
    signal(number, SIG_DFL)
    raise(number)
  }
}

/// How a stream of rows ended.
public enum StreamEnd: Sendable, Equatable {
  /// Every row was written.
  case complete
  /// A signal stopped it at a row boundary after `rows` rows; the format
  /// was completed.
  case interrupted(rows: Int, signal: Int32)
  /// An effect that is not built in wrote a value that breaks the rule
  /// every effect keeps (a NaN, an infinity, a negative width, an opacity
  /// above 1) at a frame, after `rows` rows; `message` says where and what,
  /// e.g. `at offset 50, "header": opacity is nan, ...`. That frame's rows
  /// were not written; the format was completed.
  case brokenOutput(rows: Int, message: String)

  /// The end of a stream that stopped, or went on, at a row boundary after
  /// `rows` rows.
  static func checked(rows: Int) -> StreamEnd? {
    Interruption.signal.map { .interrupted(rows: rows, signal: $0) }
  }

  /// Throws ``CommandError/interrupted(rows:signal:)`` for a stream that a
  /// signal stopped: what a subcommand does once its output is complete.
  /// A stream whose output broke the rule throws nothing here:
  /// ``throwIfIncomplete(scene:)`` throws for both.
  @available(
    *, deprecated,
    message:
      "write throwIfIncomplete(scene: path), with the scene file's path (\"-\" for standard input); it also throws for .brokenOutput"
  )
  public func throwIfInterrupted() throws(CommandError) {
    if case .interrupted(let rows, let signal) = self {
      throw .interrupted(rows: rows, signal: signal)
    }
  }

  /// Throws for a stream that did not write every row: a signal's
  /// ``CommandError/interrupted(rows:signal:)``, or for output that broke
  /// the rule, a failure (exit 1) naming the scene's file (`scene`, `-` for
  /// standard input) and where: what a subcommand does once its output is
  /// complete.
  public func throwIfIncomplete(scene: String) throws(CommandError) {
    switch self {
    case .complete: return
    case .interrupted(let rows, let signal): throw .interrupted(rows: rows, signal: signal)
    case .brokenOutput(_, let message):
      let file = MessageText.sceneFile(scene)
      throw .failed(message: "\(file): \(message)", status: .failure)
    }
  }
}
