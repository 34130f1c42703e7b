import EffectHost
import EffectProtocol

/// One live layout change, applied alike to a live host and to a scene
/// value: what the live layout tests and the fuzzer draw at random, to
/// compare a changed host with one built afresh from the changed scene.
public enum LayoutChange: CustomStringConvertible, Sendable {
  case viewport(Size)
  case insets(EdgeInsets)
  case contentHeight(Double?)
  case frame(Int, Rect, Chain.AutomaticFrame)
  case repetition(Int, Chain.Repetition?)

  public var description: String {
    switch self {
    case .viewport(let size): "viewport \(size.width) x \(size.height)"
    case .insets(let insets): "insets \(insets)"
    case .contentHeight(let height): "contentHeight \(height.map { "\($0)" } ?? "auto")"
    case .frame(let chain, let frame, let automatic):
      "chain \(chain) frame \(frame) automatic \(automatic.rawValue)"
    case .repetition(let chain, let repetition):
      "chain \(chain) repeat \(repetition.map { "\($0.count) / \($0.spacing)" } ?? "none")"
    }
  }

  public func apply(to host: inout SceneHost) {
    switch self {
    case .viewport(let size): host.setViewport(size)
    case .insets(let insets): host.setContentInsets(insets)
    case .contentHeight(let height): host.setContentHeight(height)
    case .frame(let chain, let frame, let automatic):
      host.setFrame(frame, ofChain: chain, automaticFrame: automatic)
    case .repetition(let chain, let repetition): host.setRepetition(repetition, ofChain: chain)
    }
  }

  public func apply(to scene: inout Scene) {
    switch self {
    case .viewport(let size): scene.viewport = size
    case .insets(let insets): scene.contentInsets = insets
    case .contentHeight(let height): scene.declaredContentHeight = height
    case .frame(let chain, let frame, let automatic):
      scene.chains[chain].frame = frame
      scene.chains[chain].automaticFrame = automatic
    case .repetition(let chain, let repetition): scene.chains[chain].repetition = repetition
    }
  }

  /// A change of `scene`, on the half-point grid. A repeated chain keeps
  /// repeating (a `"next"` pin needs it) but may lose its copies.
  public static func random(_ random: inout SplitMix64, in scene: Scene) -> LayoutChange {
    let chain = random.next(in: 0...scene.chains.count - 1)
    switch random.next(in: 0...5) {
    case 0:
      return .viewport(
        Size(
          width: Double(random.next(in: 200...900)), height: Double(random.next(in: 300...1000))))
    case 1:
      return .insets(
        EdgeInsets(
          top: Double(random.next(in: 0...60)), bottom: Double(random.next(in: 0...40)),
          left: Double(random.next(in: 0...50)), right: Double(random.next(in: 0...50))))
    case 2:
      return .contentHeight(random.chance(0.5) ? nil : Double(random.next(in: 0...4000)))
    case 3, 4:
      let isAfter = scene.chains[chain].after != nil
      let y = Double(random.next(in: isAfter ? -40...120 : -200...3000)) / 2
      var automatic: Chain.AutomaticFrame = []
      if random.chance(0.5) { automatic.insert(.x) }
      if random.chance(0.5) { automatic.insert(.width) }
      return .frame(
        chain,
        Rect(
          x: Double(random.next(in: -20...20)), y: y, width: Double(random.next(in: 1...400)),
          height: Double(random.next(in: 0...600)) / 2 + 0.5), automatic)
    default:
      guard scene.chains[chain].repetition != nil else {
        return .contentHeight(Double(random.next(in: 0...4000)))
      }
      return .repetition(
        chain,
        Chain.Repetition(
          count: random.chance(0.5) ? scene.chains[chain].viewCount : random.next(in: 0...14),
          spacing: Double(random.next(in: 0...40)) / 2))
    }
  }
}
