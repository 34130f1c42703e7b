import Foundation

/// The scene files the host's tests evaluate whole (every Config, the
/// benchmarks' scenes, the fuzz corpus's groups) and the offsets they
/// evaluate them at.
enum SceneFiles {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every scene file of `Configs/`, and the benchmarks' scenes.
  static let all: [String] = {
    let configs = packageRoot.appendingPathComponent("Configs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: configs.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { "Configs/" + $0 }
      + [
        "Benchmarks/bench-scene.json", "Benchmarks/feed-scene.json", "Benchmarks/list-scene.json",
        "Benchmarks/one-effect-scene.json", "Benchmarks/user-effect-scene.json",
        "Benchmarks/ranges-scene.json",
        "Fuzz/corpus/valid-groups.json", "Fuzz/corpus/valid-group-classes.json",
      ]
  }()

  /// Offsets from 300 before the top to 300 past the bottom in steps of 12.5
  /// (a multiple of it past `mostSteps` steps: a long list's 500 rows at
  /// every 12.5 points made most of the suite's time), and the edges: every
  /// value a multiple of 1/4, so the two evaluations' sums are exact and
  /// must agree to the last bit.
  static func offsets(maxOffset: Double) -> [Double] {
    let mostSteps = 400.0
    let step = 12.5 * max(1, ((maxOffset + 600) / (12.5 * mostSteps)).rounded(.up))
    var offsets = Array(stride(from: -300.0, through: maxOffset + 300, by: step))
    offsets += [-0.25, 0, 0.25, maxOffset - 0.25, maxOffset, maxOffset + 0.25]
    // Where products saturate, up to the host's limit on offsets (the
    // reference does not clamp offsets beyond it).
    offsets += [6e14, -6e14, 1e15, -1e15]
    return offsets
  }
}
