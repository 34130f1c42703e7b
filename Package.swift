// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ScrollEffects",
  // The library reads UTF-8 with `String(validating:as:)` and effectctl
  // stops on a signal with `Atomic`: both Swift 6's, on Apple platforms
  // from these releases. Linux takes no part of this list.
  platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "EffectProtocol", targets: ["EffectProtocol"]),
    .library(name: "Effects", targets: ["Effects"]),
    .library(name: "EffectHost", targets: ["EffectHost"]),
    .library(name: "EffectCommandLine", targets: ["EffectCommandLine"]),
    // A scene on a real screen, iOS 18 and macOS 15 onward; every file is
    // inside `#if canImport(SwiftUI)`, so it is empty on Linux
    // (Docs/SwiftUI.md).
    .library(name: "ScrollEffectsSwiftUI", targets: ["ScrollEffectsSwiftUI"]),
    // What a plugin links: dynamic, so that with `effectctl` exporting its
    // symbols the process holds one copy of EffectProtocol; see Docs/Plugins.md.
    .library(name: "EffectPlugin", type: .dynamic, targets: ["EffectPlugin"]),
    .executable(name: "effectctl", targets: ["effectctl"]),
    .executable(name: "effect-bench", targets: ["effect-bench"]),
  ],
  targets: [
    // The strict JSON parser scene files are read with, and the text helpers
    // its messages share with everything above it.
    .target(name: "StrictJSON"),
    .target(
      name: "EffectProtocol",
      dependencies: ["StrictJSON"],
      // `rounded()` and friends call libm, which Linux links only on request.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    // The host's fast path for chains of one view: the copy-local protocol
    // and the memory a group of such chains is evaluated in. Apart from
    // EffectProtocol, so that the plugin surface (EffectPlugin.surfaceHash)
    // does not change when the host's grouping does.
    .target(name: "EffectGroups", dependencies: ["EffectProtocol"]),
    .target(name: "Effects", dependencies: ["EffectProtocol", "EffectGroups"]),
    .target(name: "EffectHost", dependencies: ["Effects", "EffectProtocol", "EffectGroups"]),
    .target(name: "ScrollEffectsSwiftUI", dependencies: ["EffectHost", "EffectProtocol"]),
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
    // For the plugin tests: effectctl as an app's own program is linked by
    // default, without exporting its symbols, which refuses every plugin
    // (Docs/Plugins.md). Not a product.
    .executableTarget(
      name: "UnexportedEffectctl", dependencies: ["EffectCommandLine"],
      path: "Tests/Fixtures/UnexportedEffectctl"),
    // The per-frame and load benchmarks with their hand-written floor; see BENCHMARKS.md.
    .executableTarget(name: "effect-bench", dependencies: ["EffectCommandLine", "EffectHost", "ScrollEffectsTestSupport"]),
    // The libFuzzer target over loading and evaluation; see Fuzz/README.md.
    .executableTarget(name: "scene-fuzzer", dependencies: ["EffectCommandLine", "EffectHost", "EffectProtocol", "ScrollEffectsTestSupport"]),
    // One copy of what the tests and the tools that check or generate scenes
    // share: SplitMix64, the view-alone reference evaluation, random
    // parameters for every built-in effect, bitwise comparisons. Not a
    // product, and free of Testing, so the fuzzer and effect-bench link it.
    .target(name: "ScrollEffectsTestSupport", dependencies: ["EffectHost", "Effects", "EffectProtocol"], path: "Tests/TestSupport"),
    .testTarget(name: "StrictJSONTests", dependencies: ["StrictJSON"]),
    .testTarget(name: "EffectProtocolTests", dependencies: ["EffectProtocol", "Effects", "ScrollEffectsTestSupport"]),
    .testTarget(name: "EffectsTests", dependencies: ["Effects", "EffectProtocol", "EffectHost", "ScrollEffectsTestSupport"]),
    .testTarget(name: "EffectHostTests", dependencies: ["EffectHost", "Effects", "EffectProtocol", "ScrollEffectsTestSupport"]),
    .testTarget(name: "EffectCommandLineTests", dependencies: ["EffectCommandLine", "EffectHost", "Effects", "EffectProtocol", "EffectPlugin", "ScrollEffectsTestSupport"]),
    // Depending on the executable makes `swift test` build it; the tests run it.
    .testTarget(name: "effectctlTests", dependencies: ["effectctl", "UnexportedEffectctl", "EffectCommandLine", "EffectHost", "Effects", "EffectProtocol", "EffectPlugin", "ScrollEffectsTestSupport"]),
    // Effects defined outside the libraries, as a user's module would.
    .testTarget(name: "CustomEffectTests", dependencies: ["EffectHost", "EffectProtocol"]),
    .testTarget(name: "EffectBenchTests", dependencies: ["effect-bench", "EffectHost"]),
  ],
  swiftLanguageModes: [.v6]
)
