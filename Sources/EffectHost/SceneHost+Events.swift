import EffectProtocol
import Effects

extension SceneHost {
  /// Calls `body` with the events that fired in the last frame, in order of
  /// chains, then each chain's declarations, then copies: a buffer the host
  /// reuses, valid only during the call. No event fires on a first frame
  /// (the first ``evaluate(offset:time:phase:)``, or the first after
  /// ``resetState()``).
  ///
  /// Reading the events allocates nothing, and neither does finding them
  /// once the buffer has grown to the most events a frame fired (it starts
  /// with room for every declared event of every copy, up to 65,536). Each
  /// event's ``SceneEvent/chain`` indexes ``chains`` and the scene's chains;
  /// ``eventDeclaration(of:)`` gives its name, input and threshold.
  @inlinable
  public func withEvents<Result>(_ body: (UnsafeBufferPointer<SceneEvent>) throws -> Result)
    rethrows -> Result
  {
    try eventsOfLastFrame.withUnsafeBufferPointer(body)
  }

  /// The events of the last frame (see ``withEvents(_:)``); an array that
  /// shares the host's storage, so reading it allocates nothing.
  public var eventsOfLastFrame: [SceneEvent] { eventDetector.fired }

  /// The declaration that `event` fired from.
  ///
  /// - Precondition: `event` is one this host fired (``withEvents(_:)``),
  ///   or one whose ``SceneEvent/chain`` and ``SceneEvent/event`` index a
  ///   chain of this host's scene and one of that chain's events; any other
  ///   stops the program with a message naming both indices.
  public func eventDeclaration(of event: SceneEvent) -> ChainEvent {
    requireChain(event.chain)
    let events = scene.chains[event.chain].events
    if event.event < 0 || event.event >= events.count {
      Self.stop(
        "event \(event.event) of chain \(event.chain): expected the index of one of its "
          + "\(events.count) events", file: #fileID, line: #line)
    }
    return events[event.event]
  }

  /// Reads the inputs of every declared event in the frame just evaluated
  /// and records those that fired. Inlined: the detector's test of what
  /// the frame must read comes before its calls.
  @inline(__always)
  mutating func detectEvents() {
    let geometry = self.geometry
    let views = UnsafeBufferPointer(start: storage.views, count: storage.count)
    if isTransposed {
      eventDetector.detect(SwappedViewMemory.self, in: views, geometry: geometry)
    } else {
      eventDetector.detect(PlainViewMemory.self, in: views, geometry: geometry)
    }
  }
}

extension SceneHost {
  /// The fields of a view that the effects of chain `index` of `scene` may
  /// change, as the Swift they export to says (``SwiftExportable``, whose
  /// columns `effectctl export --swift` stores by it); `nil` when an effect
  /// cannot say (a plugin's, a user's), which may change any. Each built-in
  /// states its fields (``StatesWrittenFields``); only a chain with an
  /// exportable effect that does not is written out as Swift to find them.
  static func fieldsWritten(byChain index: Int, in scene: Scene) -> SwiftChainCode.Fields? {
    var fields = SwiftChainCode.Fields()
    for effect in scene.chains[index].effects {
      guard let stated = effect as? any StatesWrittenFields else {
        return exportedFieldsWritten(byChain: index, in: scene)
      }
      fields.formUnion(stated.writtenFields)
    }
    return fields
  }

  /// The fields of a view that the effects of chain `index` of `scene` may
  /// change, found by writing them out as Swift; `nil` when an effect
  /// cannot be written (a plugin's, a user's).
  static func exportedFieldsWritten(byChain index: Int, in scene: Scene) -> SwiftChainCode.Fields? {
    let chain = scene.chains[index]
    var code = SwiftChainCode(
      attachment: chain.attachment, naturalFrame: scene.layout.frames[index],
      stride: chain.stride, count: chain.viewCount, statePrefix: "chain")
    code.geometry = scene.geometry(offset: 0)
    for (effectIndex, declared) in chain.effects.enumerated() {
      // A pin that follows the layout, placed, as the export writes it.
      let effect = placed(declared, chain: index, in: scene)
      guard let exportable = effect as? any SwiftExportable else { return nil }
      code.effect(effectIndex, named: type(of: effect).typeName) { exportable.writeSwift(to: &$0) }
    }
    return SwiftChainCode.Fields(code.written)
  }
}
