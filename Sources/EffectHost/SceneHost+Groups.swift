import EffectProtocol

/// Chains of one view, without events, whose effects are all
/// ``CopyLocalEffect``s of the same types in the same order: evaluated
/// together, one call per effect for the whole group instead of one per
/// chain.
///
/// A feed of 50 cards, each its own chain of `parallax`, `interpolate` and
/// `pin`, costs three indirect calls a frame this way instead of 150, and no
/// batch is built per chain. The order in which the chains of a frame are
/// evaluated changes (each effect runs over every chain of the group before
/// the next effect runs), which nothing can observe: a copy-local effect
/// reads only its own view, the frame and its natural frame. Every frame is
/// still a full evaluation of every chain.
struct ChainGroup {
  /// The chains' views, in the order of the scene.
  var members: UnsafeBufferPointer<SingleView>
  /// One step per effect of the chains' common list.
  var steps: UnsafeBufferPointer<Unmanaged<GroupStep>>

  /// Writes every member's natural transform, then runs the steps.
  @inline(__always)
  func run(
    in views: UnsafeMutablePointer<ViewTransform>, geometry: ScrollGeometry,
    clock: UnsafePointer<FrameClock>
  ) {
    for member in members { member.writeNaturalTransform(in: views, geometry: geometry) }
    let group = SingleViewGroup(members: members, views: views, geometry: geometry, clock: clock)
    for step in steps {
      step._withUnsafeGuaranteedRef { $0.run(group) }
    }
  }

  /// A scene's groups in memory of their own, which a frame reads without
  /// retaining or releasing anything.
  ///
  /// `@unchecked Sendable`: immutable after init; it owns the memory its
  /// groups point to and a reference to each step.
  final class Plan: @unchecked Sendable {
    let groups: UnsafeBufferPointer<ChainGroup>

    init(_ groups: [(members: [SingleView], steps: [GroupStep])]) {
      let memory = UnsafeMutableBufferPointer<ChainGroup>.allocate(capacity: groups.count)
      for (index, group) in groups.enumerated() {
        let members = UnsafeMutableBufferPointer<SingleView>.allocate(
          capacity: group.members.count)
        _ = members.initialize(from: group.members)
        let steps = UnsafeMutableBufferPointer<Unmanaged<GroupStep>>.allocate(
          capacity: group.steps.count)
        _ = steps.initialize(from: group.steps.map { Unmanaged.passRetained($0) })
        (memory.baseAddress! + index).initialize(
          to: ChainGroup(members: UnsafeBufferPointer(members), steps: UnsafeBufferPointer(steps)))
      }
      self.groups = UnsafeBufferPointer(memory)
    }

    /// Runs every group, out of line: a scene without groups pays one test.
    @inline(never)
    func run(
      in views: UnsafeMutablePointer<ViewTransform>, geometry: ScrollGeometry,
      clock: UnsafePointer<FrameClock>
    ) {
      for group in groups { group.run(in: views, geometry: geometry, clock: clock) }
    }

    deinit {
      for group in groups {
        for step in group.steps { step.release() }
        group.steps.deallocate()
        group.members.deallocate()
      }
      groups.deallocate()
    }
  }

  /// The fewest chains a group has: one chain alone costs less on its own
  /// path (the header measured 370 instructions a frame grouped, 374 not,
  /// before the fixed-cost work; 386 against 290 after it).
  static var minimumMembers: Int { 2 }

  /// The groups of `scene`'s chains, and the chains evaluated one by one:
  /// every chain that is repeated, has events or has an effect that is not
  /// copy-local, and the chains of a group too small, in the order of the
  /// scene.
  static func grouping(_ scene: Scene) -> (groups: Plan, ungrouped: [Int]) {
    // A group as it is found: its chains, their views and, for each effect
    // position, the chains' effects there.
    struct Draft {
      var chains: [Int]
      var members: [SingleView]
      var effects: [[any CopyLocalEffect]]
    }
    var drafts: [Draft] = []
    var draftOfSignature: [[ObjectIdentifier]: Int] = [:]
    var ungrouped: [Int] = []
    var firstView = 0
    for (index, chain) in scene.chains.enumerated() {
      defer { firstView += chain.viewCount }
      let effects = chain.effects.compactMap { $0 as? any CopyLocalEffect }
      guard chain.repetition == nil, chain.events.isEmpty, effects.count == chain.effects.count
      else {
        ungrouped.append(index)
        continue
      }
      let signature = effects.map { ObjectIdentifier(type(of: $0)) }
      let member = SingleView(
        view: firstView, frame: chain.frame, attachment: chain.attachment, stride: chain.stride)
      if let draft = draftOfSignature[signature] {
        drafts[draft].chains.append(index)
        drafts[draft].members.append(member)
        for (position, effect) in effects.enumerated() {
          drafts[draft].effects[position].append(effect)
        }
      } else {
        draftOfSignature[signature] = drafts.count
        drafts.append(Draft(chains: [index], members: [member], effects: effects.map { [$0] }))
      }
    }
    var kept: [(members: [SingleView], steps: [GroupStep])] = []
    for draft in drafts {
      guard draft.members.count >= minimumMembers else {
        ungrouped += draft.chains
        continue
      }
      kept.append((draft.members, draft.effects.map { makeGroupStep($0[0], $0) }))
    }
    return (Plan(kept), ungrouped.sorted())
  }
}

/// One effect of a group's chains: the unit the host dispatches to, once a
/// group a frame. A class for the reason ``ChainStep`` is one.
///
/// `@unchecked Sendable`: it has no stored properties; its subclass says why
/// it is safe.
class GroupStep: @unchecked Sendable {
  /// Runs each chain's effect on the chain's view.
  func run(_ group: SingleViewGroup) {}
}

/// The effects of one type at one position of a group, one per chain, in
/// the order of the group's members. `@unchecked Sendable`: immutable after
/// init, and `Effect` is `Sendable`.
final class CopyLocalGroupStep<Effect: CopyLocalEffect>: GroupStep, @unchecked Sendable {
  let forms: [Effect.GroupForm]

  init(_ effects: [Effect]) {
    forms = Effect.groupForms(effects)
  }

  override func run(_ group: SingleViewGroup) {
    Effect.applyEach(forms, group)
  }
}

/// A group step of the effects' type, which `first` has: every one of
/// `effects` has the same type (the group's signature says so).
func makeGroupStep<Effect: CopyLocalEffect>(
  _ first: Effect, _ effects: [any CopyLocalEffect]
) -> GroupStep {
  CopyLocalGroupStep(effects.map { $0 as! Effect })
}

extension SceneHost {
  /// The number of chains evaluated in groups rather than one by one: what
  /// tests check the grouping with.
  package var groupedChainCount: Int {
    groups.groups.reduce(0) { $0 + $1.members.count }
  }
}
