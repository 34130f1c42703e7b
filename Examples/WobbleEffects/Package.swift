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
    // The ScrollEffects checkout this example lives in; a package of your own
    // names a URL and a version instead.
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
