// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ScrollEffects",
  products: [
    .library(name: "EffectProtocol", targets: ["EffectProtocol"]),
    .library(name: "Effects", targets: ["Effects"]),
    .library(name: "EffectHost", targets: ["EffectHost"]),
    .library(name: "EffectCommandLine", targets: ["EffectCommandLine"]),
    // What a plugin links: dynamic, so that with `effectctl` exporting its
    // symbols the process holds one copy of EffectProtocol; see Docs/Plugins.md.
    .library(name: "EffectPlugin", type: .dynamic, targets: ["EffectPlugin"]),
    .executable(name: "effectctl", targets: ["effectctl"]),
    .executable(name: "effect-bench", targets: ["effect-bench"]),
  ],
  targets: [
    .target(
      name: "EffectProtocol",
      // `rounded()` and friends call libm, which Linux links only on request.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    .target(name: "Effects", dependencies: ["EffectProtocol"]),
    .target(name: "EffectHost", dependencies: ["Effects", "EffectProtocol"]),
    // A plugin's side of loading: the signature and `EffectPlugin.register`.
    .target(name: "EffectPlugin", dependencies: ["EffectProtocol"]),
    // Everything `effectctl` and `effect-bench` share: argument parsing, the
    // subcommands, row formats and output streaming, tested in process.
    .target(
      name: "EffectCommandLine",
      dependencies: ["EffectHost", "Effects", "EffectProtocol", "EffectPlugin"]),
    .executableTarget(
      name: "effectctl", dependencies: ["EffectCommandLine"],
      // A plugin's references to EffectProtocol bind to the executable's copy
      // only if the executable exports its symbols (Docs/Plugins.md).
      linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
    ),
    // The per-frame and load benchmarks with their hand-written floor; see BENCHMARKS.md.
    .executableTarget(name: "effect-bench", dependencies: ["EffectCommandLine", "EffectHost"]),
    // The libFuzzer target over loading and evaluation; see Fuzz/README.md.
    .executableTarget(name: "scene-fuzzer", dependencies: ["EffectCommandLine", "EffectHost", "EffectProtocol"]),
    .testTarget(name: "EffectProtocolTests", dependencies: ["EffectProtocol"]),
    .testTarget(name: "EffectsTests", dependencies: ["Effects", "EffectProtocol"]),
    .testTarget(name: "EffectHostTests", dependencies: ["EffectHost", "Effects", "EffectProtocol"]),
    .testTarget(name: "EffectCommandLineTests", dependencies: ["EffectCommandLine", "EffectHost", "Effects", "EffectProtocol", "EffectPlugin"]),
    // Depending on the executable makes `swift test` build it; the tests run it.
    .testTarget(name: "effectctlTests", dependencies: ["effectctl", "EffectCommandLine", "EffectHost", "Effects", "EffectProtocol"]),
    // Effects defined outside the libraries, as a user's module would.
    .testTarget(name: "CustomEffectTests", dependencies: ["EffectHost", "EffectProtocol"]),
    .testTarget(name: "EffectBenchTests", dependencies: ["effect-bench", "EffectHost"]),
  ],
  swiftLanguageModes: [.v6]
)
