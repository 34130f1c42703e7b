import EffectProtocol

// What the live layout changes take: the values a scene file's keys take,
// checked as preconditions. A value that comes from a user, not from the
// app's own code, goes through `SceneSetting.apply(to:)`, which throws
// instead (`--set`, a gesture's `set:` step).
//
// Each check is a few comparisons; only a value that fails builds its
// message, out of line, so that a layout change costs what it did.
extension SceneHost {
  /// Stops the program with `message` unless `condition` holds: a
  /// precondition whose message an optimised build prints too (it leaves
  /// out `precondition`'s).
  @inline(__always)
  static func require(
    _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line
  ) {
    if !condition { stop(message(), file: file, line: line) }
  }

  @inline(never)
  static func stop(_ message: String, file: StaticString, line: UInt) -> Never {
    fatalError(message, file: file, line: line)
  }

  /// Stops, naming the first of `values` outside its range, when one is.
  @inline(never)
  static func stop(
    _ values: [(value: Double, range: NumberRange, what: String)], file: StaticString = #fileID,
    line: UInt = #line
  ) -> Never {
    let (value, range, what) = values.first { !$0.range.contains($0.value) } ?? values[0]
    stop(
      "\(what): expected \(range.description), found \(MessageText.number(value))", file: file,
      line: line)
  }

  /// Any finite number: where a frame may be. A scene made in code may
  /// place a chain where its file could not (the scene fuzzer's sample puts
  /// the last copies of a million-copy chain at 1e15), and the host lays
  /// copies out that far anyway.
  static let anyFinite = NumberRange(
    lower: -.greatestFiniteMagnitude, upper: .greatestFiniteMagnitude,
    description: "a finite number")

  /// Whether `value` is from 0 to 1e9 (`NumberRange.nonNegative`).
  @inline(__always)
  static func isSize(_ value: Double) -> Bool { value >= 0 && value <= NumberRange.limit }

  /// Traps unless `index` names one of the scene's chains.
  @inline(__always)
  func requireChain(_ index: Int) {
    // The host's own chains, one a scene's chain: no access to the scene.
    if index < 0 || index >= chains.count { Self.stopChain(index, count: chains.count) }
  }

  @inline(never)
  static func stopChain(_ index: Int, count: Int) -> Never {
    stop(
      "chain \(index): expected the index of one of the scene's \(count) chains", file: #fileID,
      line: #line)
  }

  static func requireViewport(_ viewport: Size) {
    let (width, height) = (viewport.width, viewport.height)
    if width > 0 && width <= NumberRange.limit && height > 0 && height <= NumberRange.limit {
      return
    }
    stop([
      (width, .positive, "the viewport's width"), (height, .positive, "the viewport's height"),
    ])
  }

  static func requireInsets(_ insets: EdgeInsets) {
    if isSize(insets.top) && isSize(insets.bottom) && isSize(insets.left) && isSize(insets.right) {
      return
    }
    stop([
      (insets.top, .nonNegative, "the top content inset"),
      (insets.bottom, .nonNegative, "the bottom content inset"),
      (insets.left, .nonNegative, "the left content inset"),
      (insets.right, .nonNegative, "the right content inset"),
    ])
  }

  static func requireContentHeight(_ height: Double) {
    if !isSize(height) { stop([(height, .nonNegative, "the content height")]) }
  }

  /// Whether `frame` is one a live change takes: its size as a file's (a
  /// height or width of 0 is a view measured empty), its place finite.
  @inline(__always)
  static func isFrame(_ frame: Rect) -> Bool {
    frame.x.isFinite && frame.y.isFinite && isSize(frame.width) && isSize(frame.height)
  }

  /// Traps unless `frame` is one a live change takes (``isFrame(_:)``).
  static func requireFrame(_ frame: Rect, chain: String) {
    if !isFrame(frame) { stopFrame(frame, chain: chain) }
  }

  @inline(never)
  static func stopFrame(_ frame: Rect, chain: String) -> Never {
    let name = MessageText.quoted(chain)
    stop([
      (frame.x, anyFinite, "chain \(name)'s frame.x"),
      (frame.y, anyFinite, "chain \(name)'s frame.y"),
      (frame.width, .nonNegative, "chain \(name)'s frame.width"),
      (frame.height, .nonNegative, "chain \(name)'s frame.height"),
    ])
  }

  /// Whether `repetition` is one the host takes: a count a scene file
  /// could give, and a spacing from -1e9 to 1e9 (copies may overlap).
  @inline(__always)
  static func isRepetition(_ repetition: Chain.Repetition) -> Bool {
    repetition.count >= 0 && repetition.count <= SceneLoader.maximumRepeatCount
      && repetition.spacing >= -NumberRange.limit && repetition.spacing <= NumberRange.limit
  }

  /// Traps unless `repetition` is one the host takes (``isRepetition(_:)``).
  static func requireRepetition(_ repetition: Chain.Repetition, chain: String) {
    if !isRepetition(repetition) { stopRepetition(repetition, chain: chain) }
  }

  @inline(never)
  static func stopRepetition(_ repetition: Chain.Repetition, chain: String) -> Never {
    let name = MessageText.quoted(chain)
    if repetition.count < 0 || repetition.count > SceneLoader.maximumRepeatCount {
      stop(
        "chain \(name)'s repeat.count: expected a whole number from 0 to "
          + "\(SceneLoader.maximumRepeatCount), found \(repetition.count)", file: #fileID,
        line: #line)
    }
    stop([(repetition.spacing, .finite, "chain \(name)'s repeat.spacing")])
  }

  /// Whether `chain`'s visuals are ones its file could give: an opacity in
  /// 0...1 and a zIndex from -1e9 to 1e9. Every view starts from them, so a
  /// NaN in either would be in each frame's output.
  @inline(__always)
  static func isVisuals(_ chain: Chain) -> Bool {
    chain.opacity >= 0 && chain.opacity <= 1 && chain.zIndex >= -NumberRange.limit
      && chain.zIndex <= NumberRange.limit
  }

  /// Traps unless `chain`'s opacity and zIndex are ones its file could give
  /// (``isVisuals(_:)``).
  static func requireVisuals(_ chain: Chain) {
    if isVisuals(chain) { return }
    let name = MessageText.quoted(chain.name)
    stop([
      (chain.opacity, .unitInterval, "chain \(name)'s opacity"),
      (chain.zIndex, .finite, "chain \(name)'s zIndex"),
    ])
  }

  /// Traps unless `scene`'s values are ones its file could hold (frames of
  /// a height of 0, and at any finite place, allowed), its chains' names
  /// are their own, each `after` names an earlier content-attached chain,
  /// and its views are within the loader's limit.
  static func requireScene(_ scene: Scene) {
    requireViewport(scene.viewport)
    requireInsets(scene.contentInsets)
    if let height = scene.declaredContentHeight { requireContentHeight(height) }
    var views = 0
    var names = Set<String>()
    var contentNames = Set<String>()
    for (index, chain) in scene.chains.enumerated() {
      if !names.insert(chain.name).inserted {
        stop(
          "chains[\(index)].name: expected a name no other chain has, found "
            + "\(MessageText.quoted(chain.name)) again", file: #fileID, line: #line)
      }
      if let after = chain.after {
        if chain.attachment != .content {
          stop(
            "chain \(MessageText.quoted(chain.name))'s after: expected \"after\" only on a "
              + "content-attached chain; \(MessageText.quoted(chain.name)) is attached to the "
              + "viewport, found \(MessageText.quoted(after))", file: #fileID, line: #line)
        }
        if !contentNames.contains(after) {
          stop(
            "chain \(MessageText.quoted(chain.name))'s after: expected the name of an earlier "
              + "content-attached chain, found \(MessageText.quoted(after))", file: #fileID,
            line: #line)
        }
      }
      if chain.attachment == .content { contentNames.insert(chain.name) }
      requireFrame(chain.frame, chain: chain.name)
      requireVisuals(chain)
      if let repetition = chain.repetition { requireRepetition(repetition, chain: chain.name) }
      views += chain.repetition?.count ?? 1
    }
    require(
      views <= SceneLoader.maximumViewCount,
      "expected at most \(SceneLoader.maximumViewCount) views in a scene, found \(views)")
  }
}
