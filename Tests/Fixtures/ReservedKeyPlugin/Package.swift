// swift-tools-version:6.0
import PackageDescription

// A plugin that must be refused: its effect declares a parameter named
// "reducedMotion", a key the loader reads itself from every effect's
// object, so no scene could give it to the effect.
let package = Package(
  name: "ReservedKeyPlugin",
  products: [
    .library(name: "ReservedKeyPlugin", type: .dynamic, targets: ["ReservedKeyPlugin"])
  ],
  dependencies: [.package(name: "ScrollEffects", path: "../../..")],
  targets: [
    .target(
      name: "ReservedKeyPlugin",
      dependencies: [.product(name: "EffectPlugin", package: "ScrollEffects")])
  ],
  swiftLanguageModes: [.v6]
)
