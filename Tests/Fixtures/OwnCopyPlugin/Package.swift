// swift-tools-version:6.0
import PackageDescription

// A plugin that must be refused: it links EffectProtocol statically (the
// automatic library product), so its effect conforms to its own copy of
// `ScrollEffect`, not to the one of the effectctl that loads it.
let package = Package(
  name: "OwnCopyPlugin",
  products: [
    .library(name: "OwnCopyPlugin", type: .dynamic, targets: ["OwnCopyPlugin"])
  ],
  dependencies: [.package(name: "ScrollEffects", path: "../../..")],
  targets: [
    .target(
      name: "OwnCopyPlugin",
      dependencies: [
        .product(name: "EffectProtocol", package: "ScrollEffects"),
        .product(name: "EffectPlugin", package: "ScrollEffects"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
