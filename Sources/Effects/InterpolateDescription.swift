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
    an easing whose value at 0 or 1 is not 0 or 1 (`linear(0, 0.5)`, `linear(0 20%, 1 80%)`)
    therefore steps at the end stops, where CSS holds out1 + (out2 - out1) * easing(0)
    before its range and easing(1) after it (its last interval owns progress 1). extend continues the straight line through the end segment's two stops (no easing
    there). Every number of a stop is within -1e9 to 1e9; opacity outputs are within 0 to 1,
    width, height and blur outputs 0 or more.

    Easing shapes p within each segment, as CSS's <easing-function>: linear is
    cubic-bezier(0, 0, 1, 1), ease (0.25, 0.1, 0.25, 1), easeIn or ease-in (0.42, 0, 1, 1),
    easeOut or ease-out (0, 0, 0.58, 1), easeInOut or ease-in-out (0.42, 0, 0.58, 1). In
    cubic-bezier(x1, y1, x2, y2) and {"cubicBezier": [...]} x1 and x2 are within 0 to 1 (so
    the curve is a function of p); y1 and y2 may be any number from -1e9 to 1e9, so a curve
    may overshoot between its ends. steps(n, position) jumps in n steps: floor(p n), plus 1
    for jump-start (start) and jump-both, at most the number of jumps, over that number: n
    (jump-start, jump-end (end, the default)), n - 1 (jump-none, n at least 2) or n + 1
    (jump-both); step-start is steps(1, jump-start),
    step-end steps(1, jump-end). linear(stops) joins its stops (each an output with up to 2
    input percentages; missing ones filled in as CSS does) with straight lines. The segment
    that starts at a stop owns it, and there is no "before flag": at the first stop
    step-start is already 1. Keywords and function names are written in lower case, as
    here (CSS takes any case; another spelling is an error that names the nearest).

    Range (progress only). range narrows progress to a part of the view's passage, as CSS's
    animation-range: one or two parts, each cover, contain, entry, exit, entryCrossing or
    exitCrossing, optionally followed by P% or Lpx. With h the view's height, V' the
    viewport's height less the timeline insets and m the view's top below the inset
    viewport's top: cover runs over m from V' to -h; contain max(V' - h, 0) to min(0, V' -
    h); entry V' to max(V' - h, 0); exit min(0, V' - h) to -h; entryCrossing V' to V' - h;
    exitCrossing 0 to -h. One part NAME is NAME 0% to NAME 100%; the input is 0 at the
    range's start and 1 at its end, linear in m; a range of length 0, or one that ends
    before it starts, is 0 before its start and 1 from it on. That 0 is a stop's input
    all the way before the start: an easing whose value at 0 is not 0 (step-start,
    steps(n, jump-start) or jump-both) gives that value there, where CSS, before its range,
    gives the easing's value from below 0 (0 for those steps). Insets that leave no cover
    range (V' + h at most 0) make it such a range; Chromium then applies no value at all.
    Range names are written as here (entryCrossing, not CSS's entry-crossing), and an
    offset has its unit (0% or 0px, not 0). timelineInset (CSS's
    view-timeline-inset) narrows the viewport: points, "P%" of its height or "auto" (the
    content insets), for both ends or as [start, end]. CSS text (an easing, a range, an
    inset) may have whitespace around it, as in a style sheet.

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
        "a range of length 0: step-start is 1 all the way before it",
        parameters: progress.dropLast()
          + #", "range": "entry 50% entry 50%", "easing": "step-start"}"#,
        setup: row, offset: -100, expected: [.opacity: 1]),
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
      EffectExample(
        "steps(4) a third of the way: the first step, 1 - 1/4",
        parameters: #"{\#(fade), "easing": "steps(4)"}"#, offset: 100,
        expected: [.opacity: 0.75]),
      EffectExample(
        "step-start at the first stop is already the end value",
        parameters: #"{\#(fade), "easing": "step-start"}"#, offset: 0, expected: [.opacity: 0]),
      EffectExample(
        "linear(0, 0.25 75%, 1) half way: 0.25 * 0.5 / 0.75 of the change",
        parameters: #"{\#(fade), "easing": "linear(0, 0.25 75%, 1)"}"#, offset: 150,
        expected: [.opacity: 1 - 0.25 * 0.5 / 0.75]),
      EffectExample(
        "range entry: the row at y 844 is half in when scrolled 78 (its top at 766)",
        parameters:
          #"{"property": "opacity", "input": "progress", "range": "entry", "stops": [[0, 0], [1, 1]]}"#,
        setup: row, offset: 78, expected: [.opacity: 0.5]),
      EffectExample(
        "timelineInset 100: the viewport ends at 744, so the row is half in at 178",
        parameters:
          #"{"property": "opacity", "input": "progress", "range": "entry", "timelineInset": 100, "stops": [[0, 0], [1, 1]]}"#,
        setup: row, offset: 178, expected: [.opacity: 0.5]),
    ]
  }()
}
