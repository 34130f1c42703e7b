#if canImport(SwiftUI)
  import EffectHost
  import EffectProtocol
  import SwiftUI

  /// The name of the content's coordinate space, in which content-attached
  /// views measure their natural frames (`scrollEffectsContent()`).
  let contentCoordinateSpace = "ScrollEffectsSwiftUI.content"

  /// The ``ScrollEffects`` of the enclosing scroll view.
  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  struct ScrollEffectsKey: EnvironmentKey {
    static let defaultValue: ScrollEffects? = nil
  }

  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  extension EnvironmentValues {
    var scrollEffects: ScrollEffects? {
      get { self[ScrollEffectsKey.self] }
      set { self[ScrollEffectsKey.self] = newValue }
    }
  }

  /// On the scroll view: feeds `effects` every frame of its scroll geometry
  /// and phase, its own frame (for viewport-attached views) and the
  /// reduced-motion setting, and hands `effects` to the views inside.
  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  struct ScrollEffectsModifier: ViewModifier {
    let effects: ScrollEffects
    let onEvent: ((ScrollEffectsEvent) -> Void)?
    @Environment(\.accessibilityReduceMotion) var reduceMotion

    func body(content: Content) -> some View {
      let axis = effects.axis
      return
        content
        .environment(\.scrollEffects, effects)
        .onScrollGeometryChange(for: ScrollFrame.self) { geometry in
          ScrollFrame(geometry, axis: axis)
        } action: { _, frame in
          effects.scrollGeometryChanged(frame, onEvent: onEvent)
        }
        .onScrollPhaseChange { _, phase in
          effects.scrollPhaseChanged(phase, onEvent: onEvent)
        }
        .onGeometryChange(for: CGRect.self) { proxy in
          proxy.frame(in: GlobalCoordinateSpace.global)
        } action: { frame in
          effects.scrollViewFrameChanged(frame)
        }
        .onChange(of: reduceMotion, initial: true) {
          effects.setReducesMotion(reduceMotion)
        }
    }
  }

  /// ``ScrollEffectsModifier`` with a ``ScrollEffects`` of its own, made
  /// once for the scroll view's life.
  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  struct OwnedScrollEffectsModifier: ViewModifier {
    @State var effects: ScrollEffects
    let onEvent: ((ScrollEffectsEvent) -> Void)?

    init(scene: EffectHost.Scene, onEvent: ((ScrollEffectsEvent) -> Void)?) {
      _effects = State(initialValue: ScrollEffects(scene: scene))
      self.onEvent = onEvent
    }

    func body(content: Content) -> some View {
      content.modifier(ScrollEffectsModifier(effects: effects, onEvent: onEvent))
    }
  }

  /// On a view: draws copy `copy` of chain `chain` as the last frame left
  /// it, and reports the view's natural frame.
  ///
  /// From the inside out: the scale, rotation, opacity and blur, about the
  /// anchor of the frame the view is drawn in; ``TransformedFrame``, which
  /// lays the view out at its own size and draws it at the changed size;
  /// the offset; the measurement; the zIndex, which orders the view among
  /// its siblings. The measurement wraps every change the effects make, so
  /// it reads the frame the view was laid out in, never one the effects
  /// moved, scaled or stretched.
  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  struct ScrollEffectModifier: ViewModifier {
    let chain: String
    let copy: Int
    /// The ``ScrollEffects`` given, or `nil` for the enclosing scroll view's.
    let given: ScrollEffects?
    @Environment(\.scrollEffects) var enclosing

    func body(content: Content) -> some View {
      let effects = given ?? enclosing
      let values = effects?.values(chain: chain, copy: copy) ?? .identity
      let attachment = effects?.attachment(ofChain: chain) ?? .content
      return TransformedFrame(values: values) {
        content
          .scaleEffect(values.scale, anchor: values.anchor)
          .rotationEffect(values.rotation, anchor: values.anchor)
          .opacity(values.opacity)
          .blur(radius: values.blur)
      }
      .offset(values.offset)
      .onGeometryChange(for: CGRect.self) { proxy in
        Self.naturalFrame(of: proxy, attachment: attachment)
      } action: { [chain, copy] frame in
        effects?.measured(frame, chain: chain, copy: copy)
      }
      .zIndex(values.zIndex)
    }

    /// The frame a view measures: in the content's coordinate space for a
    /// content-attached chain, in global coordinates for a viewport-attached
    /// one (the scroll view's own global frame is subtracted later).
    nonisolated static func naturalFrame(of proxy: GeometryProxy, attachment: Attachment) -> CGRect
    {
      switch attachment {
      // The types named: `.global` alone would also match `frame(in:)`'s
      // `CoordinateSpace` overload, which the SDK deprecates.
      case .content: proxy.frame(in: NamedCoordinateSpace.named(contentCoordinateSpace))
      case .viewport: proxy.frame(in: GlobalCoordinateSpace.global)
      }
    }
  }

  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  extension View {
    /// Runs `scene` on this scroll view: every frame of its scroll geometry
    /// and phase is evaluated, and the views inside marked with
    /// ``scrollEffect(_:copy:in:)`` are drawn as their chains say. Events
    /// go to `onEvent`; reduced motion follows the environment's
    /// `accessibilityReduceMotion`. Mark the scroll view's content with
    /// ``scrollEffectsContent()``.
    ///
    /// The scroll view keeps the first ``ScrollEffects`` made for it (in
    /// `@State`), so `scene` is taken once: a later scene given to the same
    /// scroll view (a placeholder, then the loaded scene) is ignored. Give
    /// the scroll view an identity that changes with its scene
    /// (`.id(sceneName)`), or keep your own ``ScrollEffects``, made anew
    /// for a new scene, and pass it instead of the scene. The modifier
    /// still builds a host from `scene` each time the body runs (a `State`'s
    /// initial value is made eagerly): on a screen whose body runs often,
    /// keep your own.
    ///
    /// `onEvent` is kept for the scroll view's life: capture an object that
    /// holds the scroll view's effects weakly
    /// (`{ [weak model] event in model?.handle(event) }`), or neither is
    /// freed.
    public func scrollEffects(
      _ scene: EffectHost.Scene, onEvent: ((ScrollEffectsEvent) -> Void)? = nil
    ) -> some View {
      modifier(OwnedScrollEffectsModifier(scene: scene, onEvent: onEvent))
    }

    /// Runs `effects` on this scroll view, as ``scrollEffects(_:onEvent:)``
    /// runs a scene: for a ``ScrollEffects`` kept by the screen, which views
    /// beside the scroll view name too.
    ///
    /// `effects` keeps `onEvent` for the scroll view's life: capture an
    /// object that holds `effects` weakly, or neither is freed.
    public func scrollEffects(
      _ effects: ScrollEffects, onEvent: ((ScrollEffectsEvent) -> Void)? = nil
    ) -> some View {
      modifier(ScrollEffectsModifier(effects: effects, onEvent: onEvent))
    }

    /// Marks the scroll view's content (its one child, outermost): the
    /// coordinate space that content-attached views measure their natural
    /// frames in, content y = 0 at its top.
    public func scrollEffectsContent() -> some View {
      coordinateSpace(.named(contentCoordinateSpace))
    }

    /// Draws this view as copy `copy` of chain `chain` (0 for a chain that
    /// does not repeat) and gives the scene the view's measured natural
    /// frame. `effects` is the enclosing scroll view's by default; a view
    /// beside the scroll view (a viewport-attached chain) names it.
    public func scrollEffect(_ chain: String, copy: Int = 0, in effects: ScrollEffects? = nil)
      -> some View
    {
      modifier(ScrollEffectModifier(chain: chain, copy: copy, given: effects))
    }
  }
#endif
