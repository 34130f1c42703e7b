import EffectProtocol

// What the live layout changes take: the values a scene file's keys take,
// checked as preconditions. A value that comes from a user, not from the
// app's own code, goes through `SceneSetting.apply(to:)`, which throws
// instead (`--set`, a gesture's `set:` step).
extension SceneHost {
  /// Stops the program with `message` unless `condition` holds: a
  /// precondition whose message an optimised build prints too (it leaves
  /// out `precondition`'s).
  static func require(
    _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line
  ) {
    if !condition { fatalError(message(), file: file, line: line) }
  }

  /// Traps, naming `what`, the value and `range`, unless `value` is in `range`.
  static func require(
    _ value: Double, in range: NumberRange, _ what: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
  ) {
    require(
      range.contains(value),
      "\(what()): expected \(range.description), found \(MessageText.number(value))",
      file: file, line: line)
  }

  /// Traps unless `index` names one of the scene's chains.
  func requireChain(_ index: Int, file: StaticString = #fileID, line: UInt = #line) {
    Self.require(
      scene.chains.indices.contains(index),
      "chain \(index): expected the index of one of the scene's \(scene.chains.count) chains",
      file: file, line: line)
  }

  static func requireViewport(_ viewport: Size) {
    require(viewport.width, in: .positive, "the viewport's width")
    require(viewport.height, in: .positive, "the viewport's height")
  }

  static func requireInsets(_ insets: EdgeInsets) {
    require(insets.top, in: .nonNegative, "the top content inset")
    require(insets.bottom, in: .nonNegative, "the bottom content inset")
    require(insets.left, in: .nonNegative, "the left content inset")
    require(insets.right, in: .nonNegative, "the right content inset")
  }

  /// Any finite number: where a frame may be. A scene made in code may
  /// place a chain where its file could not (the scene fuzzer's sample puts
  /// the last copies of a million-copy chain at 1e15), and the host lays
  /// copies out that far anyway.
  static let anyFinite = NumberRange(
    lower: -.greatestFiniteMagnitude, upper: .greatestFiniteMagnitude,
    description: "a finite number")

  /// A chain's frame as a live change gives it: its size as a file's (a
  /// height or width of 0 is a view measured empty), its place finite.
  static func requireFrame(_ frame: Rect, chain: String) {
    require(frame.x, in: anyFinite, "chain \(MessageText.quoted(chain))'s frame.x")
    require(frame.y, in: anyFinite, "chain \(MessageText.quoted(chain))'s frame.y")
    require(frame.width, in: .nonNegative, "chain \(MessageText.quoted(chain))'s frame.width")
    require(frame.height, in: .nonNegative, "chain \(MessageText.quoted(chain))'s frame.height")
  }

  static func requireRepetition(_ repetition: Chain.Repetition, chain: String) {
    require(
      (0...SceneLoader.maximumRepeatCount).contains(repetition.count),
      "chain \(MessageText.quoted(chain))'s repeat.count: expected a whole number from 0 to "
        + "\(SceneLoader.maximumRepeatCount), found \(repetition.count)")
    require(repetition.spacing, in: .finite, "chain \(MessageText.quoted(chain))'s repeat.spacing")
  }

  /// Traps unless `scene`'s values are ones its file could hold (frames of
  /// a height of 0, and at any finite place, allowed) and its views within
  /// the loader's limit.
  static func requireScene(_ scene: Scene) {
    requireViewport(scene.viewport)
    requireInsets(scene.contentInsets)
    if let height = scene.declaredContentHeight {
      require(height, in: .nonNegative, "the content height")
    }
    var views = 0
    for chain in scene.chains {
      requireFrame(chain.frame, chain: chain.name)
      if let repetition = chain.repetition { requireRepetition(repetition, chain: chain.name) }
      views += chain.repetition?.count ?? 1
    }
    require(
      views <= SceneLoader.maximumViewCount,
      "expected at most \(SceneLoader.maximumViewCount) views in a scene, found \(views)")
  }
}
