import EffectGroups
import EffectProtocol

/// Chains of one view whose effects are all ``CopyLocalEffect``s (or who
/// have none), with or without events: evaluated by a plan made at load
/// instead of one by one. The chains whose effects are of the same types in
/// the same order form a group. At each effect position, the effects of one
/// type there, in every group that has one, are split by the class of their
/// form (``CopyLocalEffect/groupClass(of:)``), each class a kernel: one call
/// a frame that runs that effect over the class's members, of all those
/// groups, with a loop chosen for the class. Each frame writes the members'
/// natural transforms, then runs the kernels position by position; a first
/// effect whose type writes views at rest
/// (``CopyLocalEffect/writesViewsAtRest``) writes its members' views itself,
/// in one pass. A chain with visuals of its own has ``ChainVisuals`` as its
/// first effect here, which writes them over the natural transform.
///
/// A feed of 50 cards, each its own chain of `parallax`, `interpolate` and
/// `pin`, costs five calls a frame this way instead of 150 (`interpolate`
/// changes three properties, a class each), and no batch is built per
/// chain; a stretchy header, a group of one, costs one call and no batch.
/// A view's `parallax` and another's `parallax` then `pin`, two groups,
/// share the first call. The order in which the chains of a frame are
/// evaluated changes (each position's effects run over every chain that has
/// one before the next position's run), which nothing can observe: a
/// copy-local effect reads only its own view, the frame and its natural
/// frame, and each chain's effects still run in its order. Every frame is
/// still a full evaluation of every chain.
enum ChainGroup {
  /// One class of forms of one type at one effect position, over the
  /// groups that have that type there: the loops for them, their forms and
  /// the members they are for.
  struct Kernel {
    /// The loops of the group's effects at this position for the forms'
    /// class (``CopyLocalEffect/kernel(for:)``), whose
    /// ``GroupKernel/applyEach(_:_:)`` is called.
    let kind: any GroupKernel.Type
    /// The forms of a ``GroupForms`` of `kind`, one per member.
    let forms: UnsafeRawPointer
    /// The members, in the plan's memory.
    let members: UnsafeBufferPointer<SingleView>
    /// Whether this is a group's first effect and its type writes views at
    /// rest (``CopyLocalEffect/writesViewsAtRest``): its members' natural
    /// transforms are then not written before it.
    let isAtRest: Bool
  }

  /// A scene's groups in memory of their own, which a frame reads without
  /// retaining or releasing anything.
  ///
  /// `@unchecked Sendable`: immutable after init; it owns the memory its
  /// kernels point to and the forms.
  final class Plan: @unchecked Sendable {
    /// The groups' kernels, position by position (at each, one kernel for
    /// each type and class of forms there, over every group that has one,
    /// and for a first effect that writes views at rest, for each
    /// attachment), and their number. Pointers that are never nil (memory
    /// is allocated for at least one), so that a frame tests only the
    /// counts.
    let kernels: UnsafeMutablePointer<Kernel>
    let kernelCount: Int
    /// The kernels' members, kernel by kernel.
    private let kernelMembers: UnsafeMutablePointer<SingleView>
    /// The natural views that a frame writes before the groups' effects
    /// run (every member's, but those of groups whose first effect writes
    /// views at rest), those attached to the content first, so that
    /// writing them tests no attachment, and their number.
    let naturals: UnsafeMutablePointer<SingleView>
    let naturalCount: Int
    let contentAttachedCount: Int
    /// The number of members of every group.
    let memberCount: Int
    /// The number of groups.
    let groupCount: Int
    /// What keeps the kernels' forms alive; never read by a frame.
    private let forms: [AnyObject]
    /// For each member's view when the plan was made (its key, which a
    /// live layout change that moves the view keeps), where the plan keeps
    /// it: indices in
    /// ``kernelMembers`` and in ``naturals`` (of its kernels and its
    /// natural write), which a live layout change rewrites.
    private let slotsOfView: [Int: [Slot]]
    private let kernelMemberCount: Int

    /// Where a member is kept in the plan's memory.
    private enum Slot {
      case kernel(Int)
      case natural(Int)
    }

    /// The plan of `groups`, each with its members and whether its first
    /// effect writes their views at rest, whose effects `kernels` runs,
    /// each kernel with its members, in an order that keeps each member's
    /// effects in its chain's order.
    init(
      _ groups: [(members: [SingleView], firstWritesAtRest: Bool)],
      kernels kernelDrafts: [(KernelDraft, [SingleView])]
    ) {
      kernels = .allocate(capacity: max(1, kernelDrafts.count))
      kernelMembers = .allocate(capacity: max(1, kernelDrafts.reduce(0) { $0 + $1.1.count }))
      var next = kernelMembers
      for (index, (draft, members)) in kernelDrafts.enumerated() {
        next.initialize(from: members, count: members.count)
        (kernels + index).initialize(
          to: Kernel(
            kind: draft.kind, forms: draft.forms,
            members: UnsafeBufferPointer(start: next, count: members.count),
            isAtRest: draft.isAtRest))
        next += members.count
      }
      kernelCount = kernelDrafts.count
      kernelMemberCount = next - kernelMembers
      forms = kernelDrafts.map { $0.0.owner }
      // A group whose first effect writes its views at rest needs none.
      let allMembers = groups.filter { !$0.firstWritesAtRest }.flatMap(\.members)
      let contentAttached = allMembers.filter { $0.attachment == .content }
      let viewportAttached = allMembers.filter { $0.attachment != .content }
      naturals = .allocate(capacity: max(1, allMembers.count))
      naturals.initialize(from: contentAttached + viewportAttached, count: allMembers.count)
      naturalCount = allMembers.count
      contentAttachedCount = contentAttached.count
      memberCount = groups.reduce(0) { $0 + $1.members.count }
      groupCount = groups.count
      var slots: [Int: [Slot]] = [:]
      for index in 0..<kernelMemberCount {
        slots[kernelMembers[index].view, default: []].append(.kernel(index))
      }
      for index in 0..<naturalCount {
        slots[naturals[index].view, default: []].append(.natural(index))
      }
      slotsOfView = slots
    }

    /// A copy of `other`, in memory of its own, sharing its forms (which no
    /// one changes).
    init(copying other: Plan) {
      kernelCount = other.kernelCount
      kernelMemberCount = other.kernelMemberCount
      naturalCount = other.naturalCount
      contentAttachedCount = other.contentAttachedCount
      memberCount = other.memberCount
      groupCount = other.groupCount
      forms = other.forms
      slotsOfView = other.slotsOfView
      kernelMembers = .allocate(capacity: max(1, kernelMemberCount))
      kernelMembers.initialize(from: other.kernelMembers, count: kernelMemberCount)
      naturals = .allocate(capacity: max(1, naturalCount))
      naturals.initialize(from: other.naturals, count: naturalCount)
      kernels = .allocate(capacity: max(1, kernelCount))
      for index in 0..<kernelCount {
        let kernel = other.kernels[index]
        let start =
          kernelMembers + (kernel.members.baseAddress! - UnsafePointer(other.kernelMembers))
        (kernels + index).initialize(
          to: Kernel(
            kind: kernel.kind, forms: kernel.forms,
            members: UnsafeBufferPointer(start: start, count: kernel.members.count),
            isAtRest: kernel.isAtRest))
      }
    }

    /// Gives the member whose view was `key` when the plan was made its
    /// natural frame `frame` (as placed) and stride, as a member made with
    /// them has: what a live layout change writes. Only a host that holds
    /// the only reference to the plan calls it.
    func place(key: Int, frame: Rect, stride: Double) {
      guard let slots = slotsOfView[key] else { return }
      for slot in slots {
        let member: UnsafeMutablePointer<SingleView>
        switch slot {
        case .kernel(let index): member = kernelMembers + index
        case .natural(let index): member = naturals + index
        }
        member.pointee = SingleView(
          view: member.pointee.view, frame: frame, attachment: member.pointee.attachment,
          stride: stride)
      }
    }

    /// Moves every member whose view is at `first` or later by `delta`
    /// views: a repeated chain before them changed its count. Only a host
    /// that holds the only reference to the plan calls it.
    func moveViews(from first: Int, by delta: Int) {
      func move(_ members: UnsafeMutablePointer<SingleView>, count: Int) {
        for index in 0..<count where members[index].view >= first {
          let member = members[index]
          members[index] = SingleView(
            view: member.view + delta, frame: member.frame, attachment: member.attachment,
            stride: member.stride)
        }
      }
      move(kernelMembers, count: kernelMemberCount)
      move(naturals, count: naturalCount)
    }

    /// Writes the natural transforms that the groups' first effects do not
    /// write, then runs every group's effects.
    @inline(__always)
    func run(in views: UnsafeMutablePointer<ViewTransform>, frame: UnsafePointer<GroupFrame>) {
      // One test a frame, then each memory's loops, the swapped ones through
      // each type's swapped witnesses.
      if frame.pointee.swapsAxes {
        run(SwappedViewMemory.self, in: views, frame: frame)
      } else {
        run(PlainViewMemory.self, in: views, frame: frame)
      }
    }

    /// ``run(in:frame:)`` with the views stored in `Memory`.
    @inline(__always)
    func run<Memory: ViewMemory>(
      _: Memory.Type, in views: UnsafeMutablePointer<ViewTransform>,
      frame: UnsafePointer<GroupFrame>
    ) {
      writeNaturals(Memory.self, in: views, frame: frame)
      var kernel = kernels
      let kernelsEnd = kernels + kernelCount
      while kernel < kernelsEnd {
        let group = SingleViewGroup(members: kernel.pointee.members, views: views, frame: frame)
        let kind = kernel.pointee.kind
        let forms = kernel.pointee.forms
        switch (kernel.pointee.isAtRest, Memory.swapsAxes) {
        case (true, false): kind.applyEachAtRest(forms, group)
        case (false, false): kind.applyEach(forms, group)
        case (true, true): kind.applyEachAtRestSwapped(forms, group)
        case (false, true): kind.applyEachSwapped(forms, group)
        }
        kernel += 1
      }
    }

    /// Writes the natural transforms that the groups' first effects do not
    /// write, stored in `Memory`.
    @inline(__always)
    func writeNaturals<Memory: ViewMemory>(
      _: Memory.Type, in views: UnsafeMutablePointer<ViewTransform>,
      frame: UnsafePointer<GroupFrame>
    ) {
      // Every group's first effect writes its views (a feed of `parallax`
      // cards): one test, not the loops' bounds and the content's origin.
      guard naturalCount > 0 else { return }
      // Loops over pointers, which check no range.
      let origin = frame.pointee.geometry.contentOrigin
      var natural = naturals
      let viewportAttached = naturals + contentAttachedCount
      while natural < viewportAttached {
        Memory.store(
          natural.pointee.naturalTransform(top: origin + natural.pointee.naturalY),
          natural.pointee.view(in: views))
        natural += 1
      }
      let naturalsEnd = naturals + naturalCount
      while natural < naturalsEnd {
        Memory.store(
          natural.pointee.naturalTransform(top: natural.pointee.naturalY),
          natural.pointee.view(in: views))
        natural += 1
      }
    }

    deinit {
      kernels.deallocate()
      kernelMembers.deallocate()
      naturals.deallocate()
    }
  }

  /// The groups of `scene`'s chains, and the chains evaluated one by one:
  /// every chain that is repeated or has an effect that is not copy-local
  /// or follows the layout, in the order of the scene. Events do not
  /// matter: they are read from the views after the frame (a grouped
  /// chain's one view is read, never searched: EventDetector.copiesRead).
  static func grouping(_ scene: Scene) -> (groups: Plan, ungrouped: [Int]) {
    // A group as it is found: its views and, for each effect position, the
    // chains' effects there.
    struct Draft {
      var members: [SingleView]
      var effects: [[any CopyLocalEffect]]
    }
    var drafts: [Draft] = []
    var draftOfSignature: [[ObjectIdentifier]: Int] = [:]
    var ungrouped: [Int] = []
    var firstView = 0
    for (index, chain) in scene.chains.enumerated() {
      defer { firstView += chain.viewCount }
      let copyLocal = chain.effects.compactMap { $0 as? any CopyLocalEffect }
      // A pin that follows another chain is evaluated by itself: the
      // groups' forms never change. So is a chain whose view changes only
      // with the layout and the geometry, which most frames then skip.
      guard chain.repetition == nil, copyLocal.count == chain.effects.count,
        !chain.effects.contains(where: SceneHost.followsLayout), !SceneHost.isFixed(chain)
      else {
        ungrouped.append(index)
        continue
      }
      // Visuals of its own are the chain's first effect: its group is apart
      // from the chains without them, and a group without them pays nothing.
      let effects =
        chain.hasIdentityVisuals
        ? copyLocal : [ChainVisuals(zIndex: chain.zIndex, opacity: chain.opacity)] + copyLocal
      let signature = effects.map { ObjectIdentifier(type(of: $0)) }
      let member = SingleView(
        view: firstView, frame: scene.layout.frames[index], attachment: chain.attachment,
        stride: chain.stride)
      if let draft = draftOfSignature[signature] {
        drafts[draft].members.append(member)
        for (position, effect) in effects.enumerated() {
          drafts[draft].effects[position].append(effect)
        }
      } else {
        draftOfSignature[signature] = drafts.count
        drafts.append(Draft(members: [member], effects: effects.map { [$0] }))
      }
    }
    let groups = drafts.map { draft in
      (
        members: draft.members,
        firstWritesAtRest: draft.effects.first.map { type(of: $0[0]).writesViewsAtRest } ?? false
      )
    }
    let kernels = kernelsByPosition(drafts.map { ($0.members, $0.effects) })
    return (Plan(groups, kernels: kernels), ungrouped)
  }

  /// The kernels of the groups `drafts` (each its members and, for each
  /// effect position, their effects there), position by position: at each,
  /// the effects of one type in every group that has one there form the
  /// kernels of that type (one for each class of forms, and attachment for
  /// a first effect that writes views at rest), with the members of all
  /// those groups. Each member's effects still run in its chain's order,
  /// and a copy-local effect reads nothing of another member: a kernel a
  /// type and position, not a type, position and group, is a call less
  /// for each group after the first (a view's `parallax` and another's
  /// `parallax` then `pin`).
  static func kernelsByPosition(
    _ drafts: [(members: [SingleView], effects: [[any CopyLocalEffect]])]
  ) -> [(KernelDraft, [SingleView])] {
    var kernels: [(KernelDraft, [SingleView])] = []
    let positions = drafts.map(\.effects.count).max() ?? 0
    for position in 0..<positions {
      var entryOfType: [ObjectIdentifier: Int] = [:]
      var entries: [(effects: [any CopyLocalEffect], members: [SingleView])] = []
      for draft in drafts where position < draft.effects.count {
        let effects = draft.effects[position]
        let type = ObjectIdentifier(Swift.type(of: effects[0]))
        if let entry = entryOfType[type] {
          entries[entry].effects += effects
          entries[entry].members += draft.members
        } else {
          entryOfType[type] = entries.count
          entries.append((effects, draft.members))
        }
      }
      for entry in entries {
        for kernel in makeKernels(
          entry.effects[0], entry.effects, members: entry.members, isFirst: position == 0)
        {
          kernels.append((kernel, kernel.members.map { entry.members[$0] }))
        }
      }
    }
    return kernels
  }
}

/// One kernel as the grouping finds it: the loops the effects'
/// type names for the class (``CopyLocalEffect/kernel(for:)``), the
/// forms of one class (``CopyLocalEffect/groupClass(of:)``), at `forms`,
/// which `owner` keeps valid, and the members they are for, as indices in
/// the members ``makeKernels(_:_:members:isFirst:)`` was given (of one
/// group, or of every group with the type at that position).
struct KernelDraft {
  var kind: any GroupKernel.Type
  var forms: UnsafeRawPointer
  var owner: AnyObject
  var members: [Int]
  /// Whether it is of the group's first effect and its type writes views
  /// at rest.
  var isAtRest: Bool
}

/// The kernels of `effects`, one effect per member of a group at one
/// position, all of the type that `first` has (the group's signature says
/// so): one for each class of their forms, in the order each class first
/// appears. The first effect of a type that writes views at rest has one
/// for each class and attachment, but for a class of members of both
/// attachments fewer than ``CopyLocalEffect/smallestOwnKernel``: those
/// run in one kernel, content-attached first, whose loop tests each
/// member's attachment (cheaper, for a few, than a call a frame more).
/// A class too small for a kernel of its own runs in the type's general
/// class's (``CopyLocalEffect/generalClass``) when that makes fewer
/// kernels.
func makeKernels<Effect: CopyLocalEffect>(
  _ first: Effect, _ effects: [any CopyLocalEffect], members: [SingleView], isFirst: Bool
) -> [KernelDraft] {
  let forms = Effect.groupForms(effects.map { $0 as! Effect })
  let atRest = isFirst && Effect.writesViewsAtRest
  var classes: [(formClass: Effect.GroupClass, members: [Int])] = []
  for (member, form) in forms.enumerated() {
    let formClass = Effect.groupClass(of: form)
    if let index = classes.firstIndex(where: { $0.formClass == formClass }) {
      classes[index].members.append(member)
    } else {
      classes.append((formClass, [member]))
    }
  }
  typealias Kernel = (formClass: Effect.GroupClass, members: [Int], mixed: Bool)
  // Each class's kernels: one, or at rest one for each attachment.
  func kernels(_ classes: [(formClass: Effect.GroupClass, members: [Int])]) -> [Kernel] {
    guard atRest else { return classes.map { ($0.formClass, $0.members, false) } }
    return classes.flatMap { formClass, classMembers -> [Kernel] in
      let content = classMembers.filter { members[$0].attachment == .content }
      let viewport = classMembers.filter { members[$0].attachment == .viewport }
      if content.isEmpty || viewport.isEmpty {
        return [(formClass, classMembers, false)]
      }
      if content.count + viewport.count < Effect.smallestOwnKernel {
        return [(formClass, content + viewport, true)]
      }
      return [(formClass, content, false), (formClass, viewport, false)]
    }
  }
  var chosen = kernels(classes)
  if let general = Effect.generalClass,
    let generalIndex = classes.firstIndex(where: { $0.formClass == general })
  {
    var joined = classes
    for index in joined.indices
    where index != generalIndex && joined[index].members.count < Effect.smallestOwnKernel {
      joined[generalIndex].members += joined[index].members
      joined[index].members = []
    }
    let joinedKernels = kernels(joined.filter { !$0.members.isEmpty })
    if joinedKernels.count < chosen.count { chosen = joinedKernels }
  }
  return chosen.map { formClass, members, mixed in
    let store = GroupForms<Effect>(members.map { forms[$0] })
    return KernelDraft(
      kind: mixed
        ? Effect.kernelAtRest(mixingAttachmentsOf: formClass) : Effect.kernel(for: formClass),
      forms: store.start, owner: store, members: members, isAtRest: atRest)
  }
}

extension SceneHost {
  /// The number of chains evaluated in groups rather than one by one: what
  /// tests check the grouping with.
  package var groupedChainCount: Int { groups.memberCount }

  /// The number of groups those chains form.
  package var groupCount: Int { groups.groupCount }

  /// The number of calls a frame makes for the groups' effects: one for
  /// each class of forms of each type at each effect position (the groups
  /// share them).
  package var groupKernelCount: Int { groups.kernelCount }

  /// The steps a frame runs for the chains evaluated by themselves, where
  /// two effects in a row may be one (``SceneHost/fusingChanges(_:)``).
  package var chainStepCount: Int { steps.count }
}

/// A chain's own visuals (``Chain/zIndex``, ``Chain/opacity``) as its
/// first effect, frames kept natural: written over the natural transform
/// before the chain's effects, in its group, or for a chain evaluated by
/// itself by the host with its natural transforms (``VisualsStep``, as the
/// first step of one whose views rest). Never in a scene's chains nor in the
/// registry: only the host makes one.
struct ChainVisuals: CopyLocalEffect, Equatable {
  var zIndex: Double
  var opacity: Double

  init(zIndex: Double, opacity: Double) {
    self.zIndex = zIndex
    self.opacity = opacity
  }

  static let descriptor = EffectDescriptor(
    typeName: "chainVisuals", summary: "A chain's own zIndex and opacity.",
    discussion: "Made by the host for a grouped chain with visuals of its own; not a scene's.",
    parameters: [], examples: [])

  /// Not read from a scene: the chain's identity visuals.
  init(from reader: inout ParameterReader) {
    self.init(zIndex: 0, opacity: 1)
  }

  // Inlined into `VisualsStep`, as its own loop.
  @inline(__always)
  func apply(to views: inout ViewBatch) {
    let (zIndex, opacity) = (self.zIndex, self.opacity)
    views.modifyVisuals {
      $0.zIndex = zIndex
      $0.opacity = opacity
    }
  }

  @inline(__always)
  static func applyEach(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    write(forms, group)
  }

  /// zIndex and opacity are where they are in either memory.
  @inline(__always)
  static func applyEachSwapped(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    write(forms, group)
  }

  /// Each member's natural transform and visuals are written in one pass:
  /// its view holds nothing else, and a write of the natural transform
  /// first, then of the visuals, would write it twice.
  static var writesViewsAtRest: Bool { true }

  @inline(__always)
  static func applyEachAtRest(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    writeAtRest(PlainViewMemory.self, forms, group)
  }

  @inline(__always)
  static func applyEachAtRestSwapped(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    writeAtRest(SwappedViewMemory.self, forms, group)
  }

  /// Each member's natural transform with its visuals, stored in `Memory`.
  @inline(__always)
  private static func writeAtRest<Memory: ViewMemory>(
    _: Memory.Type, _ forms: UnsafeRawPointer, _ group: SingleViewGroup
  ) {
    let visuals = forms.assumingMemoryBound(to: Self.self)
    let geometry = group.geometry
    for index in group.members.indices {
      var view = group.naturalTransform(member: index, geometry: geometry)
      view.zIndex = visuals[index].zIndex
      view.opacity = visuals[index].opacity
      Memory.store(view, group.view(member: index))
    }
  }

  @inline(__always)
  private static func write(_ forms: UnsafeRawPointer, _ group: SingleViewGroup) {
    let visuals = forms.assumingMemoryBound(to: Self.self)
    for index in group.members.indices {
      let view = group.view(member: index)
      view.pointee.zIndex = visuals[index].zIndex
      view.pointee.opacity = visuals[index].opacity
    }
  }
}
