import EffectCommandLine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// A reader that goes away (`effectctl eval ... | head`) must end the program
// quietly: with SIGPIPE ignored, writes fail with EPIPE and the output stops
// with exit status 0.
signal(SIGPIPE, SIG_IGN)
// A parent may start this process with SIGINT and SIGTERM blocked (a test
// runner's worker thread, say), and a blocked signal is never delivered:
// they end the program as by default until a command takes them
// (Interruption.install(), once its scene is read).
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
sigaddset(&stopSignals, SIGINT)
sigaddset(&stopSignals, SIGTERM)
pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
// Each argument's bytes: one that is not UTF-8 is refused, not changed.
let arguments = (1..<Int(CommandLine.argc)).map { index in
  CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))) }
    ?? []
}.map { $0.map { UInt8(bitPattern: $0) } }
exit(Effectctl.tool.run(bytes: arguments).rawValue)
