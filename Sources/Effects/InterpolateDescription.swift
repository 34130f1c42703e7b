import EffectProtocol

// The documentation of `interpolate` (its descriptor's discussion and worked
// examples, which `effectctl effects interpolate` prints, Docs/Effects.md
// shows and the tests execute), apart from the effect's code.
extension InterpolateEffect {
  static let descriptorDiscussion = """
    Input. offset; pull; pullBottom; minY, the view's current top in the viewport; height,
    its current height; progress, CSS's view() cover progress (V - minY) / (V + height): 0 as
    the view's top enters at the viewport's bottom edge, 1 as its bottom leaves at the top
    (the bottom inset is not counted).

    Stops. The input is located between two neighbouring stops and the output interpolated
    between theirs: with p = (input - in1) / (in2 - in1), value = out1 + (out2 - out1) *
    easing(p). Before the first stop and after the last, clamp holds the end stop's output;
    extend continues the straight line through the end segment's two stops (no easing
    there). Every number of a stop is within -1e9 to 1e9; opacity outputs are within 0 to 1,
    width, height and blur outputs 0 or more.

    Easing shapes p within each segment, as CSS's cubic-bezier(x1, y1, x2, y2): linear is
    (0, 0, 1, 1), easeIn (0.42, 0, 1, 1), easeOut (0, 0, 0.58, 1), easeInOut (0.42, 0, 0.58,
    1). In {"cubicBezier": [...]} x1 and x2 are within 0 to 1 (so the curve is a function of
    p); y1 and y2 may be any number from -1e9 to 1e9, so a curve may overshoot between its
    ends.

    Property, and how the value combines with the current transform: opacity, scale (both
    axes), scaleX, scaleY multiply; blur, rotation (degrees), translateX, translateY (points)
    add (a translation moves the frame, x or y); width, height and zIndex replace. Then
    opacity is clamped to 0...1 and blur, width and height to 0 or more; products and
    extrapolated values saturate at 1e15 in magnitude.
    """

  static let descriptorExamples: [EffectExample] = {
    let fade = #""property": "opacity", "stops": [[0, 1], [300, 0]]"#
    let progress = #"{"property": "opacity", "input": "progress", "stops": [[0, 0], [1, 1]]}"#
    let row = ExampleSetup(frame: Rect(y: 844, width: 390, height: 156))
    let extend =
      #"{"property": "translateY", "stops": [[0, 0], [100, -50]], "extrapolate": "extend"}"#
    return [
      EffectExample(
        "fades out over the first 300 points: halfway at 150", parameters: "{\(fade)}",
        offset: 150, expected: [.opacity: 0.5]),
      EffectExample(
        "past the last stop the end value holds", parameters: "{\(fade)}", offset: 600,
        expected: [.opacity: 0]),
      EffectExample(
        "before the first stop too: clamped to 1", parameters: "{\(fade)}", offset: -50,
        expected: [.opacity: 1]),
      EffectExample(
        "easeInOut is symmetric: still halfway at 150",
        parameters: #"{\#(fade), "easing": "easeInOut"}"#, offset: 150,
        expected: [.opacity: 0.5]),
      EffectExample(
        "easeInOut a quarter of the way", parameters: #"{\#(fade), "easing": "easeInOut"}"#,
        offset: 75, expected: [.opacity: 0.8708380689526802]),
      EffectExample(
        "easeIn halfway", parameters: #"{\#(fade), "easing": "easeIn"}"#, offset: 150,
        expected: [.opacity: 0.6846431874274607]),
      EffectExample(
        "easeOut halfway", parameters: #"{\#(fade), "easing": "easeOut"}"#, offset: 150,
        expected: [.opacity: 0.3153568125725392]),
      EffectExample(
        "scales to 2 over a 200-point pull: 1.5 when pulled 100",
        parameters: #"{"property": "scale", "input": "pull", "stops": [[0, 1], [200, 2]]}"#,
        offset: -100, expected: [.scaleX: 1.5, .scaleY: 1.5]),
      EffectExample(
        "extend: moves down at half speed before the first stop (y 150)", parameters: extend,
        offset: -100, expected: [.translateY: 50]),
      EffectExample(
        "extend: moves up at half speed beyond the last stop", parameters: extend, offset: 200,
        expected: [.translateY: -100]),
      EffectExample(
        "three stops: rotates to 90 and back, 45 at 150",
        parameters: #"{"property": "rotation", "stops": [[0, 0], [100, 90], [200, 0]]}"#,
        offset: 150, expected: [.rotation: 45]),
      EffectExample(
        "height from the pull: 350 when pulled 50",
        parameters: #"{"property": "height", "input": "pull", "stops": [[0, 300], [100, 400]]}"#,
        offset: -50, expected: [.height: 350]),
      EffectExample(
        "a cubic-bezier blur halfway",
        parameters:
          #"{"property": "blur", "stops": [[0, 0], [100, 10]], "easing": {"cubicBezier": [0.25, 0.1, 0.25, 1]}}"#,
        offset: 50, expected: [.blur: 8.02403387584857]),
      EffectExample(
        "a 156-point row at y 844 at rest: entering, opacity 0", parameters: progress,
        setup: row, offset: 0, expected: [.opacity: 0]),
      EffectExample(
        "a 156-point row at y 844, scrolled 500: halfway through the viewport, (844 - 344) / (844 + 156)",
        parameters: progress, setup: row, offset: 500, expected: [.opacity: 0.5]),
      EffectExample(
        "the same row scrolled 1000: leaving, opacity 1", parameters: progress, setup: row,
        offset: 1000, expected: [.opacity: 1]),
    ]
  }()
}
