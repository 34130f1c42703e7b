import EffectProtocol
import Effects
import Testing

@testable import EffectHost

/// The state of a host's stateful effects belongs to the host: a copy carries its own.
@Suite struct HostStateTests {
  func host() -> SceneHost {
    SceneHost(
      scene: Scene(chains: [
        Chain(
          name: "bar", frame: Rect(y: 0, width: 390, height: 60),
          effects: [StretchEffect(), FrameCounterEffect()])
      ]))
  }

  @Test("copies of a host with a stateful effect carry their own state")
  func copiesKeepTheirOwnState() {
    var first = host()
    first.evaluate(offset: 0)
    first.evaluate(offset: 10)
    var second = first
    second.evaluate(offset: 20)
    second.evaluate(offset: 30)
    first.evaluate(offset: 40)
    #expect(first.transform(at: 0).zIndex == 3)
    #expect(second.transform(at: 0).zIndex == 4)
    var third = second
    third.evaluate(offset: 50)
    second.evaluate(offset: 60)
    #expect(second.transform(at: 0).zIndex == 5)
    #expect(third.transform(at: 0).zIndex == 5)
    #expect(first.transform(at: 0).zIndex == 3)
  }
}
