import EffectGroups
import EffectProtocol
import ScrollEffectsTestSupport
import Testing

@testable import Effects

/// The kernel a host gives a few `parallax` members of both attachments
/// (``ParallaxEffect/MixedAttachments``), against the effect's formula
/// worked out here member by member: `y += rate * max(0, offset)`, the
/// product saturated at ±1e15, from the natural top that each member's own
/// attachment gives, in memory that swaps the axes or not.
@Suite struct ParallaxMixedKernelTests {
  /// A value no view has: memory read before it was written shows.
  static let unwritten: ViewTransform = {
    var view = ViewTransform(frame: Rect(x: -7.25, y: -7.25, width: -7.25, height: -7.25))
    view.opacity = -7.25
    return view
  }()

  @Test("a kernel of both attachments moves each member from its own natural top")
  func mixedAttachments() {
    var random = SplitMix64(seed: 5)
    var (content, viewport, moved) = (0, 0, 0)
    for round in 0..<300 {
      let count = 1 + random.int(0..<9)
      let swapsAxes = random.chance(0.5)
      let offset = random.pick([-300, -0.0, 0, 1e-160, 42.5, 1200, 6e14, 1e15, -1e15])
      let inset = Double(random.int(0..<60))
      let geometry = ScrollGeometry(
        offset: offset, contentInsets: EdgeInsets(top: inset), contentHeight: 3000)
      let rates = (0..<count).map { _ in
        random.pick([0.5, -1, 1e-150, 2, -1000, 0, 1e-200, 3e9, -0.25])
      }
      let members = (0..<count).map { index in
        let attachment: EffectProtocol.Attachment = random.chance(0.5) ? .content : .viewport
        let frame = Rect(
          x: Double(random.int(-20..<20)), y: random.pick([-0.0, 0, 12.5, 640, -90]),
          width: Double(random.int(1..<400)), height: Double(random.int(1..<300)))
        return SingleView(view: index, frame: frame, attachment: attachment, stride: frame.height)
      }
      content += members.filter { $0.attachment == .content }.count
      viewport += members.filter { $0.attachment == .viewport }.count
      // What the formula gives each member at rest, then once more on the
      // view it wrote.
      let shifts = rates.map { rate in min(max(rate * max(0, offset), -1e15), 1e15) }
      let atRest = members.indices.map { index in
        let member = members[index]
        var view = ViewTransform(frame: member.frame)
        // Copy 0's natural top, `y + 0 * stride` as a batch's (+0 for a y of -0).
        let y = member.frame.y + 0 * member.stride
        view.y = member.attachment == .content ? (inset - offset) + y : y
        if shifts[index] != 0 { view.y += shifts[index] }
        return view
      }
      let twice = atRest.indices.map { index in
        var view = atRest[index]
        if shifts[index] != 0 { view.y += shifts[index] }
        return view
      }
      moved += shifts.filter { $0 != 0 }.count

      let views = UnsafeMutablePointer<ViewTransform>.allocate(capacity: count)
      defer { views.deallocate() }
      views.initialize(repeating: Self.unwritten, count: count)
      let effects = rates.map { ParallaxEffect(rate: $0) }
      var frame = GroupFrame(
        clock: FrameClock(time: nil, phase: .idle), geometry: geometry, swapsAxes: swapsAxes)
      func load() -> [ViewTransform] {
        (0..<count).map { swapsAxes ? SwappedViewMemory.load(views + $0) : views[$0] }
      }
      let label = "round \(round): offset \(offset), rates \(rates), swapped \(swapsAxes)"
      members.withUnsafeBufferPointer { members in
        effects.withUnsafeBytes { forms in
          withUnsafePointer(to: &frame) { frame in
            let group = SingleViewGroup(members: members, views: views, frame: frame)
            let kernel = ParallaxEffect.MixedAttachments.self
            // The witness of each memory, at rest then on the views written.
            let witnesses = [
              (
                "at rest", atRest,
                swapsAxes ? kernel.applyEachAtRestSwapped : kernel.applyEachAtRest
              ),
              ("written", twice, swapsAxes ? kernel.applyEachSwapped : kernel.applyEach),
            ]
            for (name, expected, witness) in witnesses {
              witness(forms.baseAddress!, group)
              if let difference = firstBitwiseDifference(load(), expected) {
                Issue.record("\(label), \(name): \(difference)")
              }
            }
          }
        }
      }
    }
    // The draw reaches both attachments and views that move.
    #expect(content > 300 && viewport > 300 && moved > 300, "\(content), \(viewport), \(moved)")
  }
}
