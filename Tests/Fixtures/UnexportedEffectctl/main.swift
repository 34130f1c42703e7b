import EffectCommandLine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The README's own tool, linked as a program is by default: its symbols
// are not exported, so a plugin cannot bind to its EffectProtocol.
exit(Effectctl.tool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
