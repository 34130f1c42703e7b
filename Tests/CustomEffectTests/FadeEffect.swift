import EffectProtocol

/// A user's effect: fades a view out as it scrolls up, over `distance` points.
///
/// opacity *= 1 - clamp(max(0, offset) / distance, 0, 1).
struct FadeEffect: StatelessScrollEffect, Equatable {
  var distance: Double

  init(distance: Double = 100) {
    self.distance = distance
  }

  init(from reader: inout ParameterReader) {
    distance = reader.number("distance", default: 100, in: .positive)
  }

  static let descriptor = EffectDescriptor(
    typeName: "fade",
    summary: "Fades a view out as the content scrolls up.",
    discussion: "opacity *= 1 - clamp(max(0, offset) / distance, 0, 1)",
    parameters: [
      ParameterDescriptor(
        name: "distance", values: "points, greater than 0", defaultValue: "100",
        summary: "the scroll distance over which the view fades out")
    ],
    examples: [
      EffectExample("half way", offset: 50, expected: [.y: -50, .opacity: 0.5]),
      EffectExample(
        "faded out", parameters: #"{"distance": 20}"#, offset: 50, expected: [.y: -50, .opacity: 0]),
    ])

  func apply(to views: inout ViewBatch) {
    let fade = 1 - min(max(0, views.geometry.offset) / distance, 1)
    views.modifyVisuals { $0.opacity *= fade }
  }
}

/// A user's stateful effect: a quick-return ("quickReturn") header that hides as the
/// content scrolls up and comes back as soon as it scrolls down, whatever the
/// position. It keeps the previous offset and how far the header is hidden.
struct QuickReturnEffect: ScrollEffect {
  struct State: Sendable {
    var previousOffset: Double?
    var hidden: Double = 0
  }

  init() {}

  init(from reader: inout ParameterReader) {}

  static let descriptor = EffectDescriptor(
    typeName: "quickReturn",
    summary: "A quick-return header: hides while scrolling up, returns while scrolling down.",
    discussion:
      "hidden = clamp(hidden + (offset - previousOffset), 0, height); y = It - hidden; at rest or pulled, hidden = 0",
    parameters: [],
    examples: [])

  func makeState(viewCount: Int) -> State { State() }

  func apply(to views: inout ViewBatch, state: inout State) {
    let offset = views.geometry.offset
    let delta = offset - (state.previousOffset ?? offset)
    state.previousOffset = offset
    let line = views.geometry.contentInsets.top
    views.modifyEach { view in
      state.hidden = offset <= 0 ? 0 : min(max(state.hidden + delta, 0), view.height)
      view.y = line - state.hidden
    }
  }
}
