import EffectHost
import EffectProtocol
import Effects

/// The check of what effects that are not built in wrote: a plugin's, or a
/// Swift program's own registered with its registry.
///
/// Every built-in effect keeps the rule of ``ScrollEffect`` for any scene
/// the loader accepts (every column finite, `width`, `height` and `blur` 0
/// or more, `opacity` from 0 to 1), so a scene of built-ins alone is not
/// checked and pays nothing. An effect written elsewhere is trusted to keep
/// it too; the commands check each frame of a scene that has one, and stop
/// at the first value that breaks it rather than print `nan`, draw it or
/// compare it.
struct OutputCheck {
  /// The names of the types that are not built in, chain by chain; `nil`
  /// when every effect of the scene is built in.
  private let customTypes: [[String]]?

  init(_ scene: Scene) {
    let builtIn = Set(BuiltInEffects.all.map { ObjectIdentifier($0) })
    var found = false
    let types = scene.chains.map { chain in
      var names: [String] = []
      for effect in chain.effects where !builtIn.contains(ObjectIdentifier(type(of: effect))) {
        found = true
        let name = type(of: effect).descriptor.typeName
        if !names.contains(name) { names.append(name) }
      }
      return names
    }
    customTypes = found ? types : nil
  }

  /// Whether the scene has an effect that is not built in.
  var isNeeded: Bool { customTypes != nil }

  /// What in `host`'s last frame breaks the rule, the first view that does,
  /// in the scene's order: `header: opacity is nan, expected a number from 0
  /// to 1`, and the effects that may have written it; `nil` when nothing
  /// does, or when every effect is built in.
  ///
  /// Every view is read, not only the selected ones: a value one chain's
  /// effect broke could reach another's through its frame.
  func breach(in host: SceneHost) -> String? {
    guard let customTypes else { return nil }
    var found: (chain: Int, copy: Int, violation: String)?
    host.withTransforms { transforms in
      for (index, chain) in host.chains.enumerated() {
        for copy in 0..<chain.viewRange.count {
          let transform = transforms[chain.viewRange.lowerBound + copy]
          // Comparisons alone for a view that keeps the rule, as nearly all do.
          if Self.keepsRule(transform) { continue }
          found = (index, copy, Self.violation(of: transform))
          return
        }
      }
    }
    guard let found else { return nil }
    let name = host.chains[found.chain].viewName(copy: found.copy)
    let own = customTypes[found.chain]
    let names = (own.isEmpty ? customTypes.flatMap { $0 } : own)
    let effects = names.map { MessageText.quoted($0) }.joined(separator: ", ")
    return "\(MessageText.quoted(name)): \(found.violation); an effect that is not built in "
      + "(\(effects)) broke the rule every effect keeps: every column finite, width, height "
      + "and blur 0 or more, opacity from 0 to 1"
  }

  /// Whether `transform` keeps the rule: every field finite, `width`,
  /// `height` and `blur` 0 or more, `opacity` from 0 to 1.
  @inline(__always)
  static func keepsRule(_ transform: ViewTransform) -> Bool {
    transform.x.isFinite && transform.y.isFinite && transform.width.isFinite
      && transform.height.isFinite && transform.scaleX.isFinite && transform.scaleY.isFinite
      && transform.anchorX.isFinite && transform.anchorY.isFinite && transform.blur.isFinite
      && transform.rotation.isFinite && transform.zIndex.isFinite && transform.width >= 0
      && transform.height >= 0 && transform.blur >= 0 && transform.opacity >= 0
      && transform.opacity <= 1
  }

  /// What in `transform` breaks the rule, the first field in column order:
  /// `opacity is nan, expected a finite number`, `width is -5, expected 0 or
  /// more`.
  static func violation(of transform: ViewTransform) -> String {
    let fields: [(String, Double)] = [
      ("x", transform.x), ("y", transform.y), ("width", transform.width),
      ("height", transform.height), ("scaleX", transform.scaleX), ("scaleY", transform.scaleY),
      ("anchorX", transform.anchorX), ("anchorY", transform.anchorY),
      ("opacity", transform.opacity), ("blur", transform.blur), ("rotation", transform.rotation),
      ("zIndex", transform.zIndex),
    ]
    for (name, value) in fields where !value.isFinite {
      return "\(name) is \(MessageText.number(value)), expected a finite number"
    }
    for (name, value) in fields where ["width", "height", "blur"].contains(name) && value < 0 {
      return "\(name) is \(MessageText.number(value)), expected 0 or more"
    }
    return "opacity is \(MessageText.number(transform.opacity)), expected a number from 0 to 1"
  }

  /// Evaluates `host` at `offsets`, in that order, from a fresh state and
  /// throws the first breach, naming the scene's file and the offset: for
  /// the commands that draw or time frames, before they do, over the very
  /// offsets they evaluate. The host is left in a fresh state, as it came
  /// (its views are evaluated in place, not copied). Does nothing when every
  /// effect is built in.
  func verify(
    _ host: inout SceneHost, offsets: some Sequence<Double>, visibleOnly: Bool = false,
    scene: String
  ) throws(CommandError) {
    guard isNeeded else { return }
    host.resetState()
    defer { host.resetState() }
    for offset in offsets {
      if Interruption.signal != nil { return }
      host.evaluate(offset: offset, visibleOnly: visibleOnly)
      if let breach = breach(in: host) {
        throw Self.failure(scene: scene, at: "at offset \(MessageText.number(offset))", breach)
      }
    }
  }

  /// The error of a breach found at `place` in the scene read from
  /// `scene` (`-` for standard input): exit 1.
  static func failure(scene: String, at place: String, _ breach: String) -> CommandError {
    let file = MessageText.sceneFile(scene)
    return .failed(message: "\(file): \(place), \(breach)", status: .failure)
  }
}
