import EffectHost
import EffectProtocol
import Effects

/// The plainest evaluation, which every faster one must equal bit for bit:
/// each view alone, in a batch of one, from its natural transform.
///
/// It shares none of a batch's shortcuts: no view at rest, no natural frames
/// known to effects, no copies evaluated together. A chain with a stateful
/// effect or an `expression` (which reads its copy's index and count) is
/// the exception: ``Session`` evaluates it with an ``EffectEvaluator``, the
/// library's evaluation of a chain outside a host. A view's natural
/// transform is its natural viewport frame, `It + y0 - offset` (or `y0` when
/// viewport-attached) plus `index * stride`, as Docs/Scenes.md gives it and a
/// batch computes it, and identity visuals.
public enum ViewAloneReference {
  /// The natural transform of view `index` of a chain whose view 0 is at
  /// `frame` (content or viewport coordinates, after `attachment`).
  public static func naturalTransform(
    at index: Int, frame: Rect, attachment: Attachment, stride: Double,
    geometry: ScrollGeometry
  ) -> ViewTransform {
    let top = geometry.viewportY(ofNaturalY: frame.y, attachment: attachment)
    return ViewTransform(
      frame: Rect(
        x: frame.x, y: top + Double(index) * stride, width: frame.width, height: frame.height))
  }

  /// The transforms of `count` views, view `i` `i * stride` below `frame`,
  /// after `body` ran on each view alone in a batch of one that holds its
  /// natural transform.
  public static func transforms(
    count: Int, frame: Rect, stride: Double, geometry: ScrollGeometry,
    attachment: Attachment = .content, zIndex: Double = 0, opacity: Double = 1,
    _ body: (inout ViewBatch) -> Void
  ) -> [ViewTransform] {
    var views = (0..<count).map { index in
      var view = naturalTransform(
        at: index, frame: frame, attachment: attachment, stride: stride, geometry: geometry)
      view.zIndex = zIndex
      view.opacity = opacity
      return view
    }
    views.withUnsafeMutableBufferPointer { buffer in
      for index in buffer.indices {
        // A batch of copy `index` alone: written, its frame not known to be
        // natural, so that no effect takes a shortcut; a pin's "next" edge
        // is then copy index + 1's top, or the content's end for the last.
        var record = ViewBatch.Record()
        record.writtenCount = 1
        record.hasNaturalFrames = false
        withUnsafeMutablePointer(to: &record) { record in
          var one = ViewBatch(
            record: record, geometry: geometry, attachment: attachment, naturalFrame: frame,
            stride: stride, base: buffer.baseAddress! + index, count: 1, firstCopy: index)
          body(&one)
        }
      }
    }
    return views
  }

  /// The transforms of `count` views after each of `effects`, in order, ran
  /// on each view alone, each with a fresh state made for one view.
  public static func transforms(
    _ effects: [any ScrollEffect], count: Int, frame: Rect, stride: Double,
    geometry: ScrollGeometry, attachment: Attachment = .content, zIndex: Double = 0,
    opacity: Double = 1
  ) -> [ViewTransform] {
    transforms(
      count: count, frame: frame, stride: stride, geometry: geometry, attachment: attachment,
      zIndex: zIndex, opacity: opacity
    ) { batch in
      for effect in effects { applyWithFreshState(effect, to: &batch) }
    }
  }

  /// The transforms of every view of `scene` at `offset`, chain after chain,
  /// copy after copy, as a host lists them; a chain with an `expression`
  /// effect is evaluated as a whole, since the expression reads the copy's
  /// index and count.
  public static func transforms(of scene: Scene, offset: Double) -> [ViewTransform] {
    let geometry = scene.geometry(offset: offset)
    return scene.chains.indices.flatMap { index in
      let chain = scene.chains[index]
      let effects = placedEffects(ofChain: index, in: scene)
      let frame = scene.layout.frames[index]
      // `expression` reads a view's copy index and the number of copies,
      // which a batch of one view cannot give: its chains are evaluated with
      // all their views written, then each effect on them all.
      if chain.effects.contains(where: { type(of: $0).typeName == "expression" }) {
        var evaluator = evaluator(ofChain: index, in: scene)
        return evaluator.evaluate(geometry)
      }
      return transforms(
        effects, count: chain.viewCount, frame: frame, stride: chain.stride,
        geometry: geometry, attachment: chain.attachment, zIndex: chain.zIndex,
        opacity: chain.opacity)
    }
  }

  /// Chain `index`'s effects with pins' section edges placed in `scene`, as
  /// the layout says: `until` at the named chain's natural top (as placed),
  /// the last copy's index for `"next"`.
  public static func placedEffects(ofChain index: Int, in scene: Scene) -> [any ScrollEffect] {
    scene.chains[index].effects.map { effect in
      guard var pin = effect as? PinEffect else { return effect }
      if let name = pin.untilChain, let anchor = scene.chains.firstIndex(where: { $0.name == name })
      {
        pin.until = scene.layout.frames[anchor].y
      }
      pin.lastCopy = scene.chains[index].viewCount - 1
      return pin
    }
  }

  /// An evaluator of chain `index` of `scene`: its placed effects, frame as
  /// placed, count, stride and visuals.
  public static func evaluator(ofChain index: Int, in scene: Scene) -> EffectEvaluator {
    let chain = scene.chains[index]
    var evaluator = EffectEvaluator(
      placedEffects(ofChain: index, in: scene), naturalFrame: scene.layout.frames[index],
      attachment: chain.attachment, count: chain.viewCount, stride: chain.stride)
    evaluator.zIndex = chain.zIndex
    evaluator.opacity = chain.opacity
    return evaluator
  }

  /// Whether `effect` carries state from frame to frame (its `State` is not
  /// `Void`).
  public static func isStateful(_ effect: any ScrollEffect) -> Bool {
    !(effect is any StatelessScrollEffect)
  }

  /// The reference evaluation of a scene over a sequence of frames: what a
  /// host's frames must equal bit for bit when fed the same frames in the
  /// same order.
  ///
  /// A chain of stateless effects is evaluated view by view from fresh states
  /// each frame, as ``ViewAloneReference/transforms(of:offset:)`` does; a
  /// chain with a stateful effect (or an `expression`, which reads the copy's
  /// index) by an ``EffectEvaluator`` made once for the session, which
  /// carries the states from frame to frame as a host does.
  public struct Session {
    public let scene: Scene
    /// One per chain: the evaluator carrying its states, or `nil` for a
    /// chain evaluated view by view.
    private var evaluators: [EffectEvaluator?]

    /// A session before its first frame; with `everyChainWhole`, every chain
    /// is evaluated by an evaluator (all views written, then each effect on
    /// them all), as the fuzzer's eager evaluation does.
    public init(scene: Scene, everyChainWhole: Bool = false) {
      self.scene = scene
      evaluators = scene.chains.indices.map { index -> EffectEvaluator? in
        let whole =
          everyChainWhole
          || scene.chains[index].effects.contains {
            ViewAloneReference.isStateful($0) || type(of: $0).typeName == "expression"
          }
        return whole ? ViewAloneReference.evaluator(ofChain: index, in: scene) : nil
      }
    }

    /// The transforms of every view at the next frame, `offset` in the
    /// scene's geometry, chain after chain, copy after copy.
    public mutating func transforms(offset: Double) -> [ViewTransform] {
      transforms(scene.geometry(offset: offset))
    }

    /// The transforms of every view at the next frame, in `geometry`.
    public mutating func transforms(
      _ geometry: ScrollGeometry, time: Double? = nil, phase: ScrollPhase = .idle
    ) -> [ViewTransform] {
      var result: [ViewTransform] = []
      for (index, chain) in scene.chains.enumerated() {
        if evaluators[index] != nil {
          result += evaluators[index]!.evaluate(geometry, time: time, phase: phase)
        } else {
          result += ViewAloneReference.transforms(
            ViewAloneReference.placedEffects(ofChain: index, in: scene), count: chain.viewCount,
            frame: scene.layout.frames[index], stride: chain.stride, geometry: geometry,
            attachment: chain.attachment, zIndex: chain.zIndex, opacity: chain.opacity)
        }
      }
      return result
    }
  }

  private static func applyWithFreshState<Effect: ScrollEffect>(
    _ effect: Effect, to batch: inout ViewBatch
  ) {
    var state = effect.makeState(viewCount: batch.count)
    effect.apply(to: &batch, state: &state)
  }
}
