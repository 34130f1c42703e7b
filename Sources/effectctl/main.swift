import EffectHost
import EffectProtocol

// Temporary front end: evaluates a scene over -100:300 and prints y and height.
let arguments = CommandLine.arguments
do {
  let scene = try SceneLoader().load(contentsOf: arguments[2])
  var host = SceneHost(scene: scene)
  for offset in stride(from: -100.0, through: 300, by: 50) {
    host.evaluate(offset: offset)
    for (index, chain) in host.chains.enumerated() {
      for copy in 0..<chain.viewRange.count {
        let t = host.transform(at: chain.viewRange.lowerBound + copy)
        let n = host.naturalFrame(chain: index, copy: copy)
        print(offset, chain.viewName(copy: copy), t.y, t.height, t.y - n.y)
      }
    }
  }
} catch {
  print(error)
}
