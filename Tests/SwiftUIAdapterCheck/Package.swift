// swift-tools-version:6.0
import PackageDescription

// The check that Linux allows for ScrollEffectsSwiftUI: the adapter's own
// source files built against a stand-in `SwiftUI` module transcribed from
// Apple's documentation, and tests of the adapter's glue. See
// Docs/SwiftUI.md.
//
// Each of Sources/ScrollEffectsSwiftUI and the library targets it needs is
// a link to the package's own directory, not a copy. They are targets of
// this package rather than a dependency on it: SwiftPM refuses two targets
// of one name in a package graph, and the adapter's module must be called
// ScrollEffectsSwiftUI for the README's example to build as written.
let package = Package(
  name: "SwiftUIAdapterCheck",
  targets: [
    .target(name: "StrictJSON"),
    .target(
      name: "EffectProtocol", dependencies: ["StrictJSON"],
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    .target(name: "EffectGroups", dependencies: ["EffectProtocol"]),
    .target(name: "Effects", dependencies: ["EffectProtocol", "EffectGroups"]),
    .target(name: "EffectHost", dependencies: ["Effects", "EffectProtocol", "EffectGroups"]),
    // Built with library evolution, as Apple's SwiftUI is, so that a switch
    // over one of its enums needs `@unknown default` here too.
    .target(
      name: "SwiftUI",
      swiftSettings: [.unsafeFlags(["-enable-library-evolution"])]),
    .target(
      name: "ScrollEffectsSwiftUI",
      dependencies: [
        "SwiftUI", "EffectHost", "EffectProtocol",
      ]),
    // The README's first Swift example, as the README shows it.
    .target(
      name: "ReadmeExample",
      dependencies: [
        "SwiftUI", "ScrollEffectsSwiftUI", "EffectHost",
      ]),
    .testTarget(
      name: "ScrollEffectsSwiftUITests",
      dependencies: [
        "SwiftUI", "ScrollEffectsSwiftUI", "ReadmeExample", "EffectHost", "EffectProtocol",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
