/// Every hand-written floor, by the name `effect-bench handwritten` takes.
enum HandwrittenScenes {
  /// The floor of each bench scene: `bench` (Benchmarks/bench-scene.json),
  /// `header` (Configs/stretchy-header.json), `feed`, `list` and `one-effect`
  /// (Benchmarks/feed-scene.json, list-scene.json, one-effect-scene.json).
  /// Computed: a stored table of metatypes would be global state that is not `Sendable`.
  static var all: [String: any HandwrittenScene.Type] {
    [
      "bench": HandwrittenBenchScene.self,
      "header": HandwrittenStretchyHeader.self,
      "feed": HandwrittenFeedScene.self,
      "list": HandwrittenListScene.self,
      "one-effect": HandwrittenOneEffectScene.self,
    ]
  }

  /// The names, for a usage message: `bench, feed, header, list or one-effect`.
  static var names: String {
    let sorted = all.keys.sorted()
    return sorted.dropLast().joined(separator: ", ") + " or " + sorted.last!
  }
}
