import EffectCommandLine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

exit(EffectBench.tool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
