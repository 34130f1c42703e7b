/// Every hand-written floor, by the name `effect-bench handwritten` takes.
enum HandwrittenScenes {
  /// Runs a floor's frames: `(frames, checksum) -> report`.
  typealias Run = (_ frames: Int, _ checksum: ChecksumPolicy) -> FrameReport

  /// The frame benchmark of each bench scene's floor: `bench`
  /// (Benchmarks/bench-scene.json), `header` (Configs/stretchy-header.json),
  /// `feed`, `list` and `one-effect` (Benchmarks/feed-scene.json,
  /// list-scene.json, one-effect-scene.json).
  ///
  /// Each entry calls ``runHandwritten(_:name:frames:checksum:)`` with its
  /// floor's type written out, so the frame loop is specialised for it: called
  /// through a metatype (`any HandwrittenScene.Type`) the loop would make a
  /// witness call a frame, which the floor does not need. Computed:
  /// a stored table of closures would be global state that is not `Sendable`.
  static var all: [String: Run] {
    [
      "bench": {
        runHandwritten(HandwrittenBenchScene.self, name: "bench", frames: $0, checksum: $1)
      },
      "header": {
        runHandwritten(HandwrittenStretchyHeader.self, name: "header", frames: $0, checksum: $1)
      },
      "feed": { runHandwritten(HandwrittenFeedScene.self, name: "feed", frames: $0, checksum: $1) },
      "list": { runHandwritten(HandwrittenListScene.self, name: "list", frames: $0, checksum: $1) },
      "one-effect": {
        runHandwritten(
          HandwrittenOneEffectScene.self, name: "one-effect", frames: $0, checksum: $1)
      },
    ]
  }
}
