import EffectProtocol

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
  public func eventDeclaration(of event: SceneEvent) -> ChainEvent {
    scene.chains[event.chain].events[event.event]
  }

  /// Reads the inputs of every declared event in the frame just evaluated
  /// and records those that fired.
  mutating func detectEvents() {
    guard isTransposed else {
      let views = UnsafeBufferPointer(start: storage.views, count: storage.count)
      eventDetector.detect(in: views, geometry: geometry)
      return
    }
    detectTransposedEvents()
  }

  /// ``detectEvents()`` of a horizontal scene, whose views are on the
  /// screen's axes: the watched chains' views are swapped back into the
  /// twin's, in memory of the host's own, for the detector to read. A
  /// pass over those views alone, so that the detector's loops know
  /// nothing of it.
  @inline(never)
  mutating func detectTransposedEvents() {
    let count = storage.count
    if eventViews == nil || eventViews!.count != count
      || !isKnownUniquelyReferenced(&eventViews!)
    {
      eventViews = ViewStorage(copying: storage)
    }
    let screen = storage.views
    let twin = eventViews!.views
    for watch in eventDetector.watches {
      for index in watch.firstView..<watch.firstView + watch.viewCount {
        twin[index] = SwappedViewMemory.load(screen + index)
      }
    }
    eventDetector.detect(in: UnsafeBufferPointer(start: twin, count: count), geometry: geometry)
  }
}
