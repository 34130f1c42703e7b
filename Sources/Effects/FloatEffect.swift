import EffectProtocol

/// Hides a view as the content scrolls up and brings it back as soon as the
/// content scrolls down, wherever the list is: the quick-return header
/// (Flutter's floating SliverAppBar, Android's `enterAlways`, React Native's
/// `diffClamp`).
///
/// Stateful: each view keeps `h`, how far it is hidden, in points, 0 before
/// the first frame. Each frame, with `delta = offset - offset of the previous
/// frame` (0 on the first frame), `h = clamp(h + delta, 0, height)` and
/// `y = max(y, It + inset - h)`, where `height` and `y` are the view's
/// current frame and `inset` (points, default 0, may be negative) moves the
/// line the view returns to below the top inset. On its first frame a view
/// is fully shown, whatever the offset.
public struct FloatEffect: ParameterizedEffect, Equatable {
  /// What a chain's views remember from frame to frame.
  public struct State: Sendable, Equatable {
    /// The offset of the previous frame; `nil` before the first.
    public var previousOffset: Double?
    /// How far each view is hidden, in points, 0 to its height.
    public var hidden: [Double]
    /// The first of the copies that have not had a frame yet, added since
    /// the last frame (``resizeState(_:from:to:)``), or `nil` when every
    /// copy has had one: the next frame is their first, with delta 0.
    public var firstNewCopy: Int?

    /// A state with these values; ``previousOffset`` and ``firstNewCopy`` are `nil` unless given.
    public init(previousOffset: Double? = nil, hidden: [Double], firstNewCopy: Int? = nil) {
      self.previousOffset = previousOffset
      self.hidden = hidden
      self.firstNewCopy = firstNewCopy
    }
  }

  /// The line's distance below the top inset, in points; default 0.
  public var inset: Double
  /// The `"inset"` key: the line the view returns to, below the top inset, points; default 0.
  public static let inset = EffectParameter.number(
    "inset", default: 0, in: .finite, unit: .points,
    summary: "the line the view returns to, below the top inset")

  /// The effect with these parameters, each one left out at its default.
  ///
  /// Values set in code, here or through the properties, are not checked against the parameters'
  /// ranges, as decoding checks a file's: a value outside its range is used as given. A NaN or
  /// infinite `inset` can make `y` NaN or infinite. The output may then break the rules effects
  /// keep for finite input (every field finite, opacity in 0...1, width, height and blur 0 or
  /// more), which ``ViewTransform/contractViolation`` reports.
  public init(inset: Double = Self.inset.defaultValue) {
    self.inset = inset
  }

  /// The one parameter, `inset`, with ``init(inset:)``.
  public static let parameterList = ParameterList(
    Self.init(inset:), inset)

  public static let descriptor = EffectDescriptor(
    typeName: "float",
    summary: "A quick-return view: hides as the content scrolls up, returns as it scrolls down.",
    discussion: """
      Stateful. h, how far the view is hidden, starts at 0; each frame, with delta = offset -
      the previous frame's offset (0 on the first frame), h = clamp(h + delta, 0, height) and
      y = max(y, It + inset - h), height and y being the view's current frame: it scrolls away
      with the content and comes back as soon as the content scrolls back down, wherever the
      list is (Flutter's floating SliverAppBar, Android's enterAlways, React Native's
      diffClamp). Each copy of a repeated chain keeps its own h. The frames are those the
      host evaluates, in order: eval evaluates --offsets in their order, and a host's
      resetState() starts over (a new scroll session). A host copied mid-scroll carries its
      own copy of the state.
      """,
    parameters: parameterList.descriptors,
    examples: [
      EffectExample(
        "scrolled up 100: hidden 100, it scrolls with the content", after: [0], offset: 100,
        expected: [.y: -100]),
      EffectExample(
        "up 500, back down 50: 50 shown again", after: [0, 500], offset: 450,
        expected: [.y: -250]),
      EffectExample(
        "up 200, down to 120: hidden 120 of 300, still with the content",
        after: [0, 200, 150], offset: 120, expected: [.y: -120]),
      EffectExample(
        "a 60-point bar, top inset 47, inset 20: far down, back 30 shows 30 above the line 67",
        parameters: #"{"inset": 20}"#,
        setup: ExampleSetup(
          frame: Rect(y: 0, width: 390, height: 60), contentInsets: EdgeInsets(top: 47)),
        after: [0, 1000], offset: 970, expected: [.y: 37]),
      EffectExample("the first frame: shown, whatever the offset", offset: 600, expected: [.y: 0]),
    ])

  public func makeState(viewCount: Int) -> State {
    State(hidden: [Double](repeating: 0, count: viewCount))
  }

  /// The copies that stay keep how far they are hidden; new copies start
  /// shown, and their next frame is their first (delta 0), whatever the
  /// chain's older copies scroll by.
  public func resizeState(_ state: inout State, from oldCount: Int, to newCount: Int) {
    if newCount < state.hidden.count {
      state.hidden.removeLast(state.hidden.count - newCount)
    } else {
      state.firstNewCopy = min(state.firstNewCopy ?? state.hidden.count, state.hidden.count)
      state.hidden.append(contentsOf: repeatElement(0, count: newCount - state.hidden.count))
    }
  }

  public func apply(to views: inout ViewBatch, state: inout State) {
    var previousOffset = state.previousOffset
    var firstNewCopy = state.firstNewCopy
    state.hidden.withUnsafeMutableBufferPointer { hidden in
      apply(
        to: &views, previousOffset: &previousOffset, firstNewCopy: &firstNewCopy,
        hidden: hidden.baseAddress, count: hidden.count)
    }
    state.previousOffset = previousOffset
    state.firstNewCopy = firstNewCopy
  }

  /// ``apply(to:state:)`` over a state's parts, the `count` hidden amounts
  /// at `hidden` (`nil` only when `count` is 0), one a view of `views`, in
  /// memory that nothing else reads or writes during the call: a host's step
  /// keeps them in memory of its own, which no copy of the host shares, and
  /// calls this straight, without the array's check for sharing or the
  /// protocol's witness.
  @inlinable @inline(__always)
  package func apply(
    to views: inout ViewBatch, previousOffset: inout Double?, firstNewCopy: inout Int?,
    hidden: UnsafeMutablePointer<Double>?, count: Int
  ) {
    let offset = views.geometry.offset
    let delta = previousOffset.map { offset - $0 } ?? 0
    previousOffset = offset
    if let first = firstNewCopy {
      // A new copy's first frame: h = clamp(0 + 0, 0, height). Its h is
      // set to -delta, which the loop's h + delta brings to exactly 0.
      if let hidden {
        for copy in min(first, count)..<count {
          hidden[copy] = -delta
        }
      }
      firstNewCopy = nil
    }
    let line = views.geometry.contentInsets.top + inset
    guard var slot = hidden else { return }
    guard views.swapsAxes else {
      views.modifyEach { view in
        let h = min(greater(slot.pointee + delta, 0), view.height)
        slot.pointee = h
        view.y = greater(view.y, line - h)
        slot += 1
      }
      return
    }
    // Each view's h is found and stored before the view is changed: a
    // swapped transform held across that store (which the compiler
    // cannot tell from the views' memory) is loaded and stored whole.
    views.modifyEach(
      SwappedViewMemory.self, in: 0..<views.count, keepsFrame: false,
      reading: { view in
        let h = min(greater(slot.pointee + delta, 0), view.height)
        slot.pointee = h
        slot += 1
        return h
      },
      { view, h in view.y = greater(view.y, line - h) })
  }
}
