import EffectProtocol
import Effects
import Testing

@testable import EffectHost

/// The state of a host's stateful effects belongs to the host: a copy carries its own.
/// A live change of a repeated chain's count resizes them as the effect says.
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

  /// A chain of three copies with a user's effect that keeps a count a copy
  /// (``CopyFrameCounterEffect``, in `rotation`) and one that keeps the
  /// chain's (``FrameCounterEffect``, in `zIndex`, whose state is made
  /// afresh when the count changes, the protocol's default), after two
  /// frames.
  func repeatedHost() -> SceneHost {
    var host = SceneHost(
      scene: Scene(chains: [
        Chain(name: "bar", frame: Rect(y: 0, width: 390, height: 60), effects: []),
        Chain(
          name: "rows", frame: Rect(y: 60, width: 390, height: 80),
          repetition: Chain.Repetition(count: 3),
          effects: [CopyFrameCounterEffect(), FrameCounterEffect()]),
      ]))
    host.evaluate(offset: 0)
    host.evaluate(offset: 10)
    return host
  }

  /// The rotation (frames a copy counted) and zIndex (frames the chain
  /// counted) of each copy of `rows` in the last frame.
  func counts(_ host: SceneHost) -> [[Double]] {
    let rows = host.chains[1].viewRange
    return rows.map { [host.transform(at: $0).rotation, host.transform(at: $0).zIndex] }
  }

  @Test(
    "a live count change keeps the states of a user's effect as its resizeState says, for the copies that stay"
  )
  func countChangeResizesStates() {
    var host = repeatedHost()
    #expect(counts(host) == [[2, 2], [2, 2], [2, 2]])
    // Two copies more: the three keep their counts, the new ones start at
    // 0; the chain's count starts again.
    var copy = host
    host.setRepetition(Chain.Repetition(count: 5), ofChain: 1)
    host.evaluate(offset: 20)
    #expect(counts(host) == [[3, 1], [3, 1], [3, 1], [1, 1], [1, 1]])
    // The copy of the host made before keeps its own three states.
    copy.evaluate(offset: 20)
    #expect(counts(copy) == [[3, 3], [3, 3], [3, 3]])
    // Fewer copies, then the same count with another spacing: no change
    // of count, no state made afresh.
    host.setRepetition(Chain.Repetition(count: 2), ofChain: 1)
    host.evaluate(offset: 30)
    #expect(counts(host) == [[4, 1], [4, 1]])
    host.setRepetition(Chain.Repetition(count: 2, spacing: 12), ofChain: 1)
    host.evaluate(offset: 40)
    #expect(counts(host) == [[5, 2], [5, 2]])
  }

  @Test(
    "a chain that stops or starts repeating carries its first copy's state into the rebuilt host"
  )
  func repeatingOrNotKeepsTheFirstCopysState() {
    var host = repeatedHost()
    // One view: the rebuilt host resizes the state of 3 copies to 1.
    host.setRepetition(nil, ofChain: 1)
    host.evaluate(offset: 20)
    #expect(counts(host) == [[3, 1]])
    host.evaluate(offset: 30)
    #expect(counts(host) == [[4, 2]])
    // Repeated again, 4 copies: the one view's count stays with copy 0.
    host.setRepetition(Chain.Repetition(count: 4), ofChain: 1)
    host.evaluate(offset: 40)
    #expect(counts(host) == [[5, 1], [1, 1], [1, 1], [1, 1]])
  }
}

/// Counts the frames each copy has seen in its `rotation`, and keeps the
/// counts of the copies that stay when its chain's count changes: a state
/// of one value a copy. A state of another count than the frame's views
/// marks every view's rotation -1.
struct CopyFrameCounterEffect: ScrollEffect {
  static let descriptor = EffectDescriptor(
    typeName: "copyFrameCounter", summary: "Counts each copy's frames.",
    discussion: "rotation = frames the copy has seen", parameters: [], examples: [])

  init() {}

  init(from reader: inout ParameterReader) {}

  func makeState(viewCount: Int) -> [Int] { Array(repeating: 0, count: viewCount) }

  func resizeState(_ state: inout [Int], from oldCount: Int, to newCount: Int) {
    state = Array(state.prefix(newCount)) + Array(repeating: 0, count: max(0, newCount - oldCount))
  }

  func apply(to views: inout ViewBatch, state: inout [Int]) {
    guard state.count == views.count else {
      views.modifyEach { $0.rotation = -1 }
      return
    }
    for index in views.indices {
      state[index] += 1
      views[index].rotation = Double(state[index])
    }
  }
}
