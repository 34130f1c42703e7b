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
          if let violation = transforms[chain.viewRange.lowerBound + copy].contractViolation {
            found = (index, copy, violation)
            return
          }
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

  /// Evaluates `host` at `offsets` in order from a fresh state and throws
  /// the first breach, naming the scene's file and the offset: for the
  /// commands that draw or time their frames, before they do. The host is
  /// left in a fresh state, as it came (its views are evaluated in place,
  /// not copied). Does nothing when every effect is built in.
  func verify(_ host: inout SceneHost, offsets: OffsetSpec, scene: String) throws(CommandError) {
    guard isNeeded else { return }
    host.resetState()
    defer { host.resetState() }
    for offset in offsets {
      if Interruption.signal != nil { return }
      host.evaluate(offset: offset)
      if let breach = breach(in: host) {
        throw Self.failure(scene: scene, at: "at offset \(MessageText.number(offset))", breach)
      }
    }
  }

  /// The error of a breach found at `place` in the scene read from
  /// `scene` (`-` for standard input): exit 1.
  static func failure(scene: String, at place: String, _ breach: String) -> CommandError {
    let file = scene == "-" ? "<stdin>" : MessageText.escapingUnsafe(scene)
    return .failed(message: "\(file): \(place), \(breach)", status: .failure)
  }
}
