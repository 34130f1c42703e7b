import EffectProtocol

// Settings (`--set`, `set:`) on a live host: the value checked as the loader
// checks the file's, then set through the host's layout changes.
extension SceneSetting {
  /// The key of the scene's twin that the setting sets: a horizontal
  /// scene's values are held along its vertical twin's axes (``ScrollAxis``).
  private func twinKey(in scene: Scene) throws(SceneSettingError) -> Key {
    guard scene.axis == .horizontal else { return key }
    let rightToLeft = scene.layoutDirection == .rightToLeft
    switch key {
    case .viewportWidth: return .viewportHeight
    case .viewportHeight: return .viewportWidth
    case .contentInsetTop: return .contentInsetLeft
    case .contentInsetBottom: return .contentInsetRight
    case .contentInsetLeft: return rightToLeft ? .contentInsetBottom : .contentInsetTop
    case .contentInsetRight: return rightToLeft ? .contentInsetTop : .contentInsetBottom
    case .contentWidth: return .contentHeight
    case .contentHeight:
      throw .refused(
        setting: description, expected: "contentWidth (a horizontal scene has no contentHeight)",
        found: value)
    case .frameX(let name): return .frameY(chain: name)
    case .frameY(let name): return .frameX(chain: name)
    case .frameWidth(let name): return .frameHeight(chain: name)
    case .frameHeight(let name): return .frameWidth(chain: name)
    case .repeatCount, .repeatSpacing: return key
    }
  }

  /// Sets the value in `host`'s scene between two frames, as if its file
  /// said it: through ``SceneHost/setViewport(_:)``,
  /// ``SceneHost/setContentInsets(_:)``, ``SceneHost/setContentHeight(_:)``,
  /// ``SceneHost/setFrame(_:ofChain:automaticFrame:)`` and
  /// ``SceneHost/setRepetition(_:ofChain:)``, so stateful copies keep their
  /// state. A frame's `x` or `width` set here is the chain's own from then
  /// on (no longer the safe area's); a count on a chain without `repeat`
  /// gives it one (spacing 0).
  ///
  /// - Throws: ``SceneSettingError/unknownChain(_:suggestion:chains:)``;
  ///   ``SceneSettingError/refused(setting:expected:found:)`` for a value
  ///   outside the range the scene file's key takes, `contentWidth` (a key
  ///   of horizontal scenes) and a count past the scene's views limit;
  ///   ``SceneSettingError/notRepeated(setting:chain:)``. The host is
  ///   unchanged when it throws.
  public func apply(to host: inout SceneHost) throws(SceneSettingError) {
    if let unresolved { throw unresolved.refusal(chains: host.scene.chains.map(\.name)) }
    try check()
    let scene = host.scene
    var insets = scene.contentInsets
    let key = try twinKey(in: scene)
    switch key {
    case .viewportWidth:
      host.setViewport(Size(width: value, height: scene.viewport.height))
    case .viewportHeight:
      host.setViewport(Size(width: scene.viewport.width, height: value))
    case .contentInsetTop, .contentInsetBottom, .contentInsetLeft, .contentInsetRight:
      let edge: WritableKeyPath<EdgeInsets, Double> =
        switch key {
        case .contentInsetTop: \.top
        case .contentInsetBottom: \.bottom
        case .contentInsetLeft: \.left
        default: \.right
        }
      insets[keyPath: edge] = value
      host.setContentInsets(insets)
    case .contentHeight:
      host.setContentHeight(value)
    case .contentWidth:
      // A horizontal scene's is its twin's contentHeight (twinKey(in:)).
      throw .refused(
        setting: description, expected: "contentHeight (a vertical scene has no contentWidth)",
        found: value)
    case .frameX(let name), .frameY(let name), .frameWidth(let name), .frameHeight(let name):
      let index = try Self.chain(name, in: scene)
      var frame = scene.chains[index].frame
      var automatic = scene.chains[index].automaticFrame
      switch key {
      case .frameX:
        frame.x = value
        automatic.remove(.x)
      case .frameY: frame.y = value
      case .frameWidth:
        frame.width = value
        automatic.remove(.width)
      default: frame.height = value
      }
      host.setFrame(frame, ofChain: index, automaticFrame: automatic)
    case .repeatCount(let name):
      let index = try Self.chain(name, in: scene)
      let count = Int(value)
      let views = scene.viewCount - scene.chains[index].viewCount + count
      if views > SceneLoader.maximumViewCount {
        throw .refused(
          setting: description,
          expected: "at most \(SceneLoader.maximumViewCount) views in a scene (\(views) with it)",
          found: value)
      }
      if count == 0, case .chain(name, _)? = scene.snap?.points {
        // As the loader refuses the file: the snap targets are its copies.
        throw .refused(
          setting: description,
          expected: "a count of 1 or more: snap.chain names \(MessageText.quoted(name)), whose "
            + "copies are the snap targets", found: value)
      }
      let spacing = scene.chains[index].repetition?.spacing ?? 0
      host.setRepetition(Chain.Repetition(count: count, spacing: spacing), ofChain: index)
    case .repeatSpacing(let name):
      let index = try Self.chain(name, in: scene)
      guard let repetition = scene.chains[index].repetition else {
        throw .notRepeated(setting: description, chain: name)
      }
      host.setRepetition(
        Chain.Repetition(count: repetition.count, spacing: value), ofChain: index)
    }
  }

  /// Refuses a value outside what the scene file's key takes.
  private func check() throws(SceneSettingError) {
    let range: NumberRange
    switch key {
    case .viewportWidth, .viewportHeight, .frameWidth, .frameHeight: range = .positive
    case .contentInsetTop, .contentInsetBottom, .contentInsetLeft, .contentInsetRight,
      .contentHeight, .contentWidth, .repeatSpacing:
      range = .nonNegative
    case .frameX, .frameY: range = .finite
    case .repeatCount:
      let limit = SceneLoader.maximumRepeatCount
      guard value >= 0, value <= Double(limit), value.rounded() == value else {
        throw .refused(
          setting: description, expected: "a whole number from 0 to \(limit)", found: value)
      }
      return
    }
    guard range.contains(value) else {
      throw .refused(setting: description, expected: range.description, found: value)
    }
  }

  private static func chain(_ name: String, in scene: Scene) throws(SceneSettingError) -> Int {
    guard let index = scene.chainIndex(named: name) else {
      let names = scene.chains.map(\.name)
      throw .unknownChain(
        name, suggestion: MessageText.nearestName(to: name, in: names), chains: names)
    }
    return index
  }
}

extension SceneHost {
  /// Changes the host's layout to `scene`'s, between two frames: the
  /// viewport, the insets, the declared content height, and each chain's
  /// frame, its automatic parts and its repetition, each through the
  /// host's layout change for it and only where it differs. `scene` has
  /// the host's chains, in order (the same scene changed, as a `set:` step
  /// of a gesture leaves it).
  public mutating func changeLayout(to scene: Scene) {
    Self.requireSameChains(scene, as: self.scene)
    if scene.viewport != self.scene.viewport { setViewport(scene.viewport) }
    if scene.contentInsets != self.scene.contentInsets { setContentInsets(scene.contentInsets) }
    if scene.declaredContentHeight != self.scene.declaredContentHeight {
      setContentHeight(scene.declaredContentHeight)
    }
    for (index, chain) in scene.chains.enumerated() {
      let current = self.scene.chains[index]
      if chain.frame != current.frame || chain.automaticFrame != current.automaticFrame {
        setFrame(chain.frame, ofChain: index, automaticFrame: chain.automaticFrame)
      }
      if chain.repetition != current.repetition {
        setRepetition(chain.repetition, ofChain: index)
      }
    }
  }
}

extension SceneHost {
  /// Stops unless `scene` has the chains of `current`, by name, in order.
  static func requireSameChains(_ scene: Scene, as current: Scene) {
    let names = scene.chains.map(\.name)
    let currentNames = current.chains.map(\.name)
    guard names != currentNames else { return }
    func list(_ names: [String]) -> String {
      "\(names.count) (\(MessageText.names(names)))"
    }
    stop(
      "changeLayout(to:): expected the host's chains, in order, \(list(currentNames)); "
        + "found \(list(names))", file: #fileID, line: #line)
  }
}
