// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ScrollEffects",
  products: [
    .library(name: "EffectProtocol", targets: ["EffectProtocol"]),
    .library(name: "Effects", targets: ["Effects"]),
    .library(name: "EffectHost", targets: ["EffectHost"]),
    .library(name: "EffectCommandLine", targets: ["EffectCommandLine"]),
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
    // What the command line needs beyond the host: pictures, and (after the move) its formats.
    .target(name: "EffectCommandLine", dependencies: ["EffectHost", "Effects", "EffectProtocol"]),
    .executableTarget(name: "effectctl", dependencies: ["EffectHost"]),
    // The per-frame and load benchmarks with their hand-written floor; see BENCHMARKS.md.
    .executableTarget(name: "effect-bench", dependencies: ["EffectHost"]),
    // The libFuzzer target over loading and evaluation; see Fuzz/README.md.
    .executableTarget(name: "scene-fuzzer", dependencies: ["EffectHost", "EffectProtocol"]),
    .testTarget(name: "EffectProtocolTests", dependencies: ["EffectProtocol"]),
    .testTarget(name: "EffectsTests", dependencies: ["Effects", "EffectProtocol"]),
    .testTarget(
      name: "EffectHostTests", dependencies: ["EffectHost", "Effects", "EffectProtocol"]),
    // Depending on the executable makes `swift test` build it; the tests run it.
    .testTarget(
      name: "effectctlTests",
      dependencies: ["effectctl", "EffectHost", "Effects", "EffectProtocol"]),
    // Effects defined outside the libraries, as a user's module would.
    .testTarget(name: "CustomEffectTests", dependencies: ["EffectHost", "EffectProtocol"]),
    .testTarget(
      name: "EffectCommandLineTests",
      dependencies: ["EffectCommandLine", "EffectHost", "Effects", "EffectProtocol"]),
    .testTarget(name: "EffectBenchTests", dependencies: ["effect-bench", "EffectHost"]),
  ],
  swiftLanguageModes: [.v6]
)
