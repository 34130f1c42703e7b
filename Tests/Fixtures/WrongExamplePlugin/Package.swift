// swift-tools-version:6.0
import PackageDescription

// A plugin that loads and works, but two of its worked examples are wrong,
// as an author's mistake would make them: `effectctl effects --check` must
// name them.
let package = Package(
  name: "WrongExamplePlugin",
  products: [
    .library(name: "WrongExamplePlugin", type: .dynamic, targets: ["WrongExamplePlugin"])
  ],
  dependencies: [.package(name: "ScrollEffects", path: "../../..")],
  targets: [
    .target(
      name: "WrongExamplePlugin",
      dependencies: [.product(name: "EffectPlugin", package: "ScrollEffects")])
  ],
  swiftLanguageModes: [.v6]
)
