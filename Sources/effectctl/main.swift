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
exit(Effectctl.tool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
