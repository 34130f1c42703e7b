#if canImport(SwiftUI)
  import EffectHost
  import EffectProtocol
  import Observation
  import SwiftUI

  /// A scene on a screen: the ``SceneHost`` that the scroll view's
  /// `scrollEffects` modifier feeds each frame and the views' `scrollEffect`
  /// modifiers read their transforms from.
  ///
  /// `.scrollEffects(scene)` makes one and keeps it for the scroll view's
  /// life; make one yourself (in `@State`) to mark views beside the scroll
  /// view (`.scrollEffect("backdrop", in: effects)`) or to change the
  /// layout yourself (``changeLayout(_:)``).
  ///
  /// Each frame (a change of the scroll geometry or of the scroll phase) is
  /// evaluated at once, with the time since the object was made; views that
  /// read a transform are drawn again when the host changes.
  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @MainActor @Observable
  public final class ScrollEffects {
    /// The host, as the last frame left it.
    public private(set) var host: SceneHost
    /// The scene as the host runs it (a right-to-left scene as its
    /// left-to-right twin: SwiftUI flips a right-to-left layout itself): a
    /// host made again for reduced motion starts from it.
    @ObservationIgnored let scene: EffectHost.Scene
    /// The axis the scene scrolls along: a horizontal scene's host holds its
    /// vertical twin, so what SwiftUI measures along x goes to the twin's y.
    @ObservationIgnored let axis: EffectHost.ScrollAxis
    /// The frame's time in seconds, from a clock that starts with the object.
    @ObservationIgnored let clock: @MainActor () -> Double
    /// The last frame that the host evaluated, when there was one.
    @ObservationIgnored var lastFrame: ScrollFrame?
    @ObservationIgnored var phase = EffectProtocol.ScrollPhase.idle
    /// The measured frames of copies 0 and 1 of each chain, by chain index:
    /// in the content's coordinates for a content-attached chain, in global
    /// coordinates for a viewport-attached one.
    @ObservationIgnored var measured: [Int: [CGRect?]] = [:]
    /// The scroll view's frame in global coordinates: a viewport-attached
    /// view's natural frame is measured from its origin.
    @ObservationIgnored var scrollViewFrame: CGRect?
    /// Where the events of each frame go: the closure the scroll view's
    /// modifier gave with its last frame.
    @ObservationIgnored var onEvent: ((ScrollEffectsEvent) -> Void)?

    /// A host for `scene`, at rest until the first frame.
    public convenience init(scene: EffectHost.Scene) {
      let start = ContinuousClock.now
      self.init(scene: scene) {
        let elapsed = (ContinuousClock.now - start).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
      }
    }

    /// A host for `scene` whose frames are timed by `clock` (seconds).
    init(scene: EffectHost.Scene, clock: @escaping @MainActor () -> Double) {
      let twin = Self.leftToRight(scene)
      self.scene = twin
      self.axis = twin.axis
      self.host = SceneHost(scene: twin)
      self.clock = clock
    }

    /// `scene` as SwiftUI is to show it: a right-to-left scene as its
    /// left-to-right twin, because SwiftUI flips the x position of every
    /// view under a right-to-left layout direction (the environment's
    /// `layoutDirection`) and mirroring here too would flip it back. The
    /// twin's insets are the frame's own, leading and trailing, from the
    /// first frame on.
    static func leftToRight(_ scene: EffectHost.Scene) -> EffectHost.Scene {
      var twin = scene
      twin.layoutDirection = .leftToRight
      return twin
    }

    /// Changes the host's layout between two frames (a count of copies
    /// that grew, a spacing), then evaluates the last frame again.
    ///
    /// `change` changes the layout through the host's setters
    /// (`setRepetition(_:ofChain:)`, `setFrame(_:ofChain:)`, ...); it must
    /// not put another host in its place. The measured frames and a
    /// reduced-motion change find the scene's chains by their indices, so a
    /// host of another scene stops the app at the next reduced-motion
    /// change. Another scene is a new `ScrollEffects`.
    public func changeLayout(_ change: (inout SceneHost) -> Void) {
      change(&host)
      evaluateAgain()
    }

    // MARK: - Frames

    /// A frame of scroll geometry: the host takes the viewport, insets and
    /// content length where they changed, then evaluates the offset.
    func scrollGeometryChanged(
      _ frame: ScrollFrame, onEvent: ((ScrollEffectsEvent) -> Void)?
    ) {
      self.onEvent = onEvent
      guard frame.isEvaluable else { return }
      lastFrame = frame
      evaluate(frame)
    }

    /// A new scroll phase, evaluated at the last geometry: effects that read
    /// the phase see the release at once.
    func scrollPhaseChanged(
      _ phase: SwiftUI.ScrollPhase, onEvent: ((ScrollEffectsEvent) -> Void)?
    ) {
      self.onEvent = onEvent
      self.phase = EffectProtocol.ScrollPhase(phase)
      evaluateAgain()
    }

    /// Evaluates the last frame again, if there was one.
    func evaluateAgain() {
      guard let lastFrame else { return }
      evaluate(lastFrame)
    }

    /// Evaluates `frame` and hands its events to ``onEvent``.
    private func evaluate(_ frame: ScrollFrame) {
      let layout = host.scene
      let viewport = frame.hostViewport(axis)
      let insets = frame.hostInsets(axis)
      if layout.viewport != viewport { host.setViewport(viewport) }
      if layout.contentInsets != insets {
        host.setContentInsets(insets)
        // Content-attached frames are measured from the content's edge,
        // which sits at the left inset.
        if !measured.isEmpty { applyMeasurements(evaluating: false) }
      }
      // The content's length along the axis: a horizontal scene's twin holds
      // its content width as the content height.
      if layout.declaredContentHeight != frame.contentLength {
        host.setContentHeight(frame.contentLength)
      }
      let time = clock()
      host.evaluate(offset: frame.offset, time: time, phase: phase)
      guard let onEvent else { return }
      for event in host.eventsOfLastFrame {
        onEvent(
          ScrollEffectsEvent(
            chain: host.chains[event.chain].name, copy: event.copy,
            name: host.eventDeclaration(of: event).name, direction: event.direction,
            value: event.value, time: time))
      }
    }

    // MARK: - Reduced motion

    /// Makes the host again with or without the effects that reduced motion
    /// skips, keeping the live layout, and evaluates the last frame: the
    /// effects' state starts afresh, as a new host's does.
    func setReducesMotion(_ reducesMotion: Bool) {
      guard reducesMotion != host.reducesMotion else { return }
      var rebuilt = SceneHost(scene: scene, reducesMotion: reducesMotion)
      rebuilt.changeLayout(to: host.scene)
      host = rebuilt
      evaluateAgain()
    }

    // MARK: - Views

    /// The modifiers' values for copy `copy` of chain `chain` in the last
    /// frame; a view at rest before the first frame (a host not evaluated
    /// yet holds no transforms) and when the scene has no such chain or
    /// copy.
    func values(chain: String, copy: Int) -> ModifierValues {
      // Read first, so that the view is drawn again when the host changes.
      let placed = host.view(named: chain, copy: copy)
      guard lastFrame != nil, let placed else { return .identity }
      return ModifierValues(placed)
    }

    /// What chain `chain`'s natural frame is measured in; `nil` when the
    /// scene has no such chain.
    func attachment(ofChain chain: String) -> Attachment? {
      host.chainIndex(named: chain).map { host.chains[$0].attachment }
    }

    /// The scroll view's frame in global coordinates changed.
    func scrollViewFrameChanged(_ screenFrame: CGRect) {
      let frame = twinRect(screenFrame)
      guard frame != scrollViewFrame else { return }
      scrollViewFrame = frame
      applyMeasurements()
    }

    /// A view measured its frame: in the content's coordinate space for a
    /// content-attached chain, in global coordinates for a viewport-attached
    /// one. Copy 0 gives the chain's natural frame, copy 1 its spacing.
    func measured(_ screenFrame: CGRect, chain: String, copy: Int) {
      let frame = twinRect(screenFrame)
      guard copy == 0 || copy == 1, let index = host.chainIndex(named: chain) else { return }
      var frames = measured[index] ?? [nil, nil]
      guard frames[copy] != frame else { return }
      frames[copy] = frame
      measured[index] = frames
      applyMeasurements()
    }

    /// Gives the host every chain's measured frame, as its file would give
    /// it, in the scene's order (a chain placed `after` another measures its
    /// gap from where that chain now ends), then evaluates the last frame.
    func applyMeasurements(evaluating: Bool = true) {
      for index in host.scene.chains.indices {
        guard let frames = measured[index] else { continue }
        let chain = host.scene.chains[index]
        if let first = frames[0], let natural = naturalFrame(first, of: chain) {
          var frame = natural
          if let name = chain.after, let anchor = host.chainIndex(named: name) {
            let anchorChain = host.scene.chains[anchor]
            frame.y -= SceneLayout.bottomEdge(
              count: anchorChain.viewCount, stride: anchorChain.stride,
              at: host.scene.layout.frames[anchor])
          }
          // A frame a scene file could not hold (past 1e9, as no screen's
          // is) is not given to the host, whose layout changes take none.
          let fits = [frame.x, frame.y, frame.width, frame.height].allSatisfy {
            $0.isFinite && abs($0) <= NumberRange.limit
          }
          if fits && (frame != chain.frame || !chain.automaticFrame.isEmpty) {
            host.setFrame(frame, ofChain: index, automaticFrame: [])
          }
        }
        if let repetition = host.scene.chains[index].repetition, let first = frames[0],
          let second = frames[1]
        {
          // Below 0 when the copies overlap (a stack's negative spacing),
          // which the host's layout takes, though a scene file's may not.
          let spacing = Double(second.minY - first.maxY)
          if spacing.isFinite && abs(spacing) <= NumberRange.limit && spacing != repetition.spacing
          {
            host.setRepetition(
              Chain.Repetition(count: repetition.count, spacing: spacing), ofChain: index)
          }
        }
      }
      if evaluating { evaluateAgain() }
    }

    /// `rect` as the host's scene holds it: a horizontal scene's twin has x
    /// and y, widths and heights swapped.
    func twinRect(_ rect: CGRect) -> CGRect {
      switch axis {
      case .vertical: rect
      case .horizontal:
        CGRect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width)
      }
    }

    /// A measured frame (in the twin's axes, ``twinRect(_:)``) in the
    /// chain's own coordinates: for a content-attached chain, across the
    /// axis from the scroll view's edge (the content lies inside the inset,
    /// the twin's left: a vertical scene's left inset, a horizontal one's
    /// top) and along it from the content's start; for a viewport-attached
    /// one, from the scroll view's origin (`nil` until the scroll view is
    /// measured).
    func naturalFrame(_ measured: CGRect, of chain: Chain) -> Rect? {
      var origin = measured.origin
      switch chain.attachment {
      case .content:
        origin.x += CGFloat(host.scene.contentInsets.left)
      case .viewport:
        guard let scrollViewFrame else { return nil }
        origin.x -= scrollViewFrame.minX
        origin.y -= scrollViewFrame.minY
      }
      return Rect(
        x: Double(origin.x), y: Double(origin.y), width: Double(measured.width),
        height: Double(measured.height))
    }
  }

  /// An event a frame fired: a chain's declared threshold crossed.
  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  public struct ScrollEffectsEvent: Sendable, Equatable {
    /// The chain that declares it.
    public var chain: String
    /// The copy of a repeated chain; 0 for a chain that does not repeat.
    public var copy: Int
    /// The declaration's `name`.
    public var name: String
    /// The way the input's value crossed the threshold.
    public var direction: SceneEvent.Direction
    /// The input's value in the frame that fired.
    public var value: Double
    /// The frame's time, in seconds since the ``ScrollEffects`` was made.
    public var time: Double

    /// An event of these values.
    public init(
      chain: String, copy: Int, name: String, direction: SceneEvent.Direction, value: Double,
      time: Double
    ) {
      self.chain = chain
      self.copy = copy
      self.name = name
      self.direction = direction
      self.value = value
      self.time = time
    }
  }
#endif
