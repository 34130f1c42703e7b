// swift-tools-version:6.0
import PackageDescription

// A user's package of effects, loaded by `effectctl --plugin`: it depends on
// the project's `EffectPlugin` product and builds a dynamic library.
let package = Package(
  name: "WobbleEffects",
  products: [
    .library(name: "WobbleEffects", type: .dynamic, targets: ["WobbleEffects"])
  ],
  dependencies: [
    // The ScrollEffects checkout this example lives in. A package of your own
    // outside it names the repository's URL and a branch or a revision (the
    // repository has no version tags), e.g.
    // .package(url: "https://example.com/you/ScrollEffects.git", branch: "main").
    .package(name: "ScrollEffects", path: "../..")
  ],
  targets: [
    .target(
      name: "WobbleEffects",
      dependencies: [.product(name: "EffectPlugin", package: "ScrollEffects")]),
    .testTarget(name: "WobbleEffectsTests", dependencies: ["WobbleEffects"]),
  ],
  swiftLanguageModes: [.v6]
)
