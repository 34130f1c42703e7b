#!/usr/bin/env python3
"""Compares interpolate's view ranges, timeline insets and CSS easings with Chromium.

Writes one scene of single-view chains, each an `interpolate` of translateX
from 0 to 100 on the `progress` input with a `range`, a `timelineInset` and
an `easing` (or several stops), and one page whose scroller holds the same
subjects, each animated by CSS: `animation-timeline: view(block INSET)`,
`animation-range`, `animation-timing-function` and `fill-mode: both` over
the same keyframes. At every offset of a sweep the page is scrolled there
and each subject's computed `translate` is compared with
`effectctl eval --format csv`'s translateX. Prints the values compared and
the worst difference; exit 1 if a difference is above the tolerance.
`--random N` adds N subjects drawn at random (`--seed S`, default 1): ranges of
one or two parts with percentages and lengths, insets, easings (Bézier curves,
steps, linear() with and without percentages), three-stop keyframes and
heights from 20 to 700 points, each spelled as the scene writes it and as
CSS does. Offline: Debian's chromium and chromedriver, no Selenium Manager.
"""

import argparse
import csv
import io
import json
import os
import random
import subprocess
import sys
import tempfile

os.environ.setdefault("SE_AVOID_STATS", "true")

import headless_chromium  # noqa: E402

TOLERANCE = 0.01  # points of a 100-point move: 1e-4 of the range
VIEWPORT = (390, 400)
INSETS = (40, 60)  # content insets: what `auto` takes, the page's scroll-padding
SUBJECT_Y = 1200
CONTENT = 3200
# A sweep, and the step boundaries of cover's steps(4), steps(5, jump-none)
# and steps(2, jump-both) (cover runs from 840 to 1340 for a 100-point subject).
OFFSETS = sorted(set(range(0, 2401, 7)) | {940, 965, 1040, 1090, 1140, 1215, 1240})
# Chromium measures a scroll timeline's time in whole microseconds, 16 a
# pixel (cc::ScrollTimeline::kScrollTimelineMicrosecondsPerPixel, chosen for
# layout units of 1/64 px), so where a subject is in its range, and whether
# it is before, in or after it, is known to 1/16 point: a value more than
# TOLERANCE from eval's at the offset still agrees when eval gives it
# somewhere within 1/16 point either side (Chromium 0 where eval's progress
# through an exitCrossing range is 0.00025, 0.04 point in). Eval is looked
# at 1/256 point apart across that eighth of a point: the value agrees when
# it is within TOLERANCE of one of those, or between two neighbours that
# differ by at most STEP_GAP, a piece where eval is continuous (never across
# a jump: a steps() boundary or a keyframe). Such values are counted, the
# worst difference among them printed, and more than PLACED_SHARE of those
# compared fail the check: a shift of a range's ends by a fraction of a
# point would show there first.
UNIT = 1 / 16
STEP_GAP = 4  # points of 100 between eval's values 1/256 point apart
PLACED_SHARE = 0.01
# The share of steps() and linear() subjects that must be compared inside
# their ranges (about two thirds are with random ranges; the others' ranges
# are empty or beyond the offsets).
FEWEST_INSIDE = 0.5

# (name, range, inset (JSON value), easing (JSON value), stops, height);
# the scene's spelling of each; the page's is derived from it.
CASES = [
    ("cover", "cover", 0, "linear", None, 100),
    ("contain", "contain", 0, "linear", None, 100),
    ("entry", "entry", 0, "linear", None, 100),
    ("exit", "exit", 0, "linear", None, 100),
    ("entryCrossing", "entryCrossing", 0, "linear", None, 100),
    ("exitCrossing", "exitCrossing", 0, "linear", None, 100),
    ("mixed", "contain -50% entry 200%", 0, "linear", None, 100),
    ("lengths", "cover 50px exit 20px", 0, "linear", None, 100),
    ("entryExit", "entry exit", 0, "linear", None, 100),
    ("oneOffset", "exit 25%", 0, "linear", None, 100),
    ("largeContain", "contain", 0, "linear", None, 600),
    ("largeEntry", "entry 10% exitCrossing 90%", 0, "linear", None, 600),
    ("insetPoints", "cover", 30, "linear", None, 100),
    ("insetPercent", "entry", "15%", "linear", None, 100),
    ("insetPair", "contain", [20, "10%"], "linear", None, 150),
    ("insetAuto", "entry", "auto", "linear", None, 100),
    ("insetAutoExit", "exit", ["auto", 0], "linear", None, 100),
    ("insetNegative", "cover", -25, "linear", None, 50),
    ("ease", "cover", 0, "ease", None, 100),
    ("easeIn", "cover", 0, "ease-in", None, 100),
    ("easeOut", "entry", "auto", "ease-out", None, 100),
    ("easeInOut", "cover", 0, "ease-in-out", None, 100),
    ("easeInOutName", "cover", 0, "easeInOut", None, 100),
    ("bezier", "cover", 0, "cubic-bezier(0.68, -0.55, 0.265, 1.55)", None, 100),
    ("bezierObject", "contain", 0, {"cubicBezier": [0.2, 0.9, 0.1, 1]}, None, 100),
    ("steps", "cover", 0, "steps(4)", None, 100),
    ("stepsStart", "cover", 0, "steps(3, jump-start)", None, 100),
    ("stepsNone", "cover", 0, "steps(5, jump-none)", None, 100),
    ("stepsBoth", "cover", 0, "steps(2, jump-both)", None, 100),
    ("stepsEnd", "entry", "auto", "steps(6, end)", None, 100),
    ("stepStart", "contain", 0, "step-start", None, 100),
    ("stepEnd", "contain", 0, "step-end", None, 100),
    ("linearStops", "cover", 0, "linear(0, 0.25 75%, 1)", None, 100),
    ("linearSpring", "entry", "auto", "linear(0, 1.2 40%, 0.9 60%, 1.03 80%, 1)", None, 100),
    ("linearFill", "cover", 0, "linear(0, 0.1, 0.5 50%, 0.6, 0.7, 1)", None, 100),
    ("linearJump", "cover", 0, "linear(0, 0 50%, 1 50%, 1)", None, 100),
    ("linearTwo", "cover", 0, "linear(0.2 10% 30%, 1)", None, 100),
    ("threeStops", "cover", 0, "ease-in", [[0, 0], [0.4, 100], [1, 30]], 100),
    ("threeSteps", "entry exit", 0, "steps(2)", [[0, 0], [0.5, 60], [1, 100]], 100),
]

NAMES_CSS = {"entryCrossing": "entry-crossing", "exitCrossing": "exit-crossing"}
RANGE_NAMES = ["cover", "contain", "entry", "exit", "entryCrossing", "exitCrossing"]


def random_cases(count, seed):
    """`count` cases drawn from `seed`, named r0, r1, ...: every number a whole
    one or of two decimals, so that the scene and the page read the same."""
    rng = random.Random(seed)

    def part():
        name = rng.choice(RANGE_NAMES)
        kind = rng.random()
        if kind < 0.4:
            return name
        if kind < 0.75:
            return f"{name} {rng.randint(-50, 150)}%"
        return f"{name} {rng.randint(-100, 300)}px"

    def side():
        kind = rng.random()
        if kind < 0.3:
            return 0
        if kind < 0.6:
            return rng.randint(-40, 80)
        if kind < 0.85:
            return f"{rng.randint(0, 30)}%"
        return "auto"

    def easing():
        kind = rng.random()
        if kind < 0.1:
            return rng.choice(["linear", "ease", "ease-in", "ease-out", "ease-in-out"])
        if kind < 0.4:
            x1, x2 = (round(rng.random(), 2) for _ in range(2))
            y1, y2 = (round(rng.uniform(-1, 2), 2) for _ in range(2))
            return f"cubic-bezier({x1}, {y1}, {x2}, {y2})"
        if kind < 0.7:
            position = rng.choice(
                ["jump-start", "jump-end", "jump-none", "jump-both", "start", "end"])
            steps = rng.randint(2 if position == "jump-none" else 1, 8)
            return f"steps({steps}, {position})"
        # linear(): 2 to 5 outputs, some with one or two input percentages, in order.
        points = []
        at = 0
        for _ in range(rng.randint(2, 5)):
            point = str(round(rng.uniform(-0.5, 1.5), 2))
            if rng.random() < 0.5:
                at = rng.randint(at, 100)
                point += f" {at}%"
                if rng.random() < 0.3:
                    at = rng.randint(at, 100)
                    point += f" {at}%"
            points.append(point)
        return f"linear({', '.join(points)})"

    cases = []
    for index in range(count):
        range_ = part() if rng.random() < 0.4 else f"{part()} {part()}"
        kind = rng.random()
        inset = side() if kind < 0.7 else [side(), side()]
        stops = None
        if rng.random() < 0.25:
            middle = round(rng.uniform(0.1, 0.9), 2)
            stops = [[0, rng.randint(-50, 150)], [middle, rng.randint(-50, 150)],
                     [1, rng.randint(-50, 150)]]
        cases.append((f"r{index}", range_, inset, easing(), stops, rng.randint(20, 700)))
    return cases


def css_range(text):
    return " ".join(NAMES_CSS.get(word, word) for word in text.split())


def css_side(value):
    if value == "auto":
        return "auto"
    if isinstance(value, str):
        return value
    return f"{value}px"


def css_inset(value):
    if isinstance(value, list):
        return f"{css_side(value[0])} {css_side(value[1])}"
    return css_side(value)


def css_easing(value):
    if isinstance(value, dict):
        return "cubic-bezier({})".format(", ".join(str(v) for v in value["cubicBezier"]))
    return {"easeIn": "ease-in", "easeOut": "ease-out", "easeInOut": "ease-in-out"}.get(value, value)


def stops_of(case):
    return case[4] or [[0, 0], [1, 100]]


def fixes_ends(easing):
    """Whether the easing is 0 at 0 and 1 at 1 (a Bezier curve)."""
    return isinstance(easing, dict) or not (
        easing.startswith("steps") or easing.startswith("step-") or easing.startswith("linear("))


def scene(cases):
    chains = []
    for name, range_, inset, easing, _, height in cases:
        effect = {"type": "interpolate", "property": "translateX", "input": "progress",
                  "range": range_, "timelineInset": inset, "easing": easing,
                  "stops": stops_of((name, range_, inset, easing, _, height))}
        frame = {"x": 0, "y": SUBJECT_Y, "width": 10, "height": height}
        chains.append({"name": name, "frame": frame, "effects": [effect]})
        # The subject's progress through its range, to tell where the
        # contract and CSS part (see below).
        progress = {"type": "interpolate", "property": "translateX", "input": "progress",
                    "range": range_, "timelineInset": inset, "stops": [[0, 0], [1, 1]]}
        chains.append({"name": "progress-" + name, "frame": frame, "effects": [progress]})
    return {"version": 1, "viewport": {"width": VIEWPORT[0], "height": VIEWPORT[1]},
            "contentInsets": {"top": INSETS[0], "bottom": INSETS[1]},
            "contentHeight": CONTENT, "chains": chains}


def page(cases):
    rules = []
    subjects = []
    for index, case in enumerate(cases):
        name, range_, inset, easing, _, height = case
        frames = " ".join(
            f"{stop[0] * 100}% {{ translate: {stop[1]}px; }}" for stop in stops_of(case))
        rules.append(f"@keyframes k{index} {{ {frames} }}")
        rules.append(
            f"#s{index} {{ top: {INSETS[0] + SUBJECT_Y}px; height: {height}px; "
            f"animation: k{index} 1s both; animation-timing-function: {css_easing(easing)}; "
            f"animation-timeline: view(block {css_inset(inset)}); "
            f"animation-range: {css_range(range_)}; }}")
        subjects.append(f'<div class="subject" id="s{index}" data-name="{name}"></div>')
    return f"""<!doctype html>
<html><head><style>
html, body {{ margin: 0; }}
#scroller {{ position: relative; width: {VIEWPORT[0]}px; height: {VIEWPORT[1]}px; overflow: scroll;
  scroll-padding-top: {INSETS[0]}px; scroll-padding-bottom: {INSETS[1]}px; scrollbar-width: none; }}
#content {{ position: relative; height: {INSETS[0] + CONTENT + INSETS[1]}px; }}
.subject {{ position: absolute; left: 0; width: 10px; }}
{chr(10).join(rules)}
</style></head><body><div id="scroller"><div id="content">
{chr(10).join(subjects)}
</div></div></body></html>
"""


READ = """
const done = arguments[arguments.length - 1];
const scroller = document.getElementById('scroller');
scroller.scrollTop = arguments[0];
requestAnimationFrame(() => requestAnimationFrame(() => {
  const values = {};
  for (const e of document.querySelectorAll('.subject')) {
    const t = getComputedStyle(e).translate;
    values[e.dataset.name] = t === 'none' ? 0 : parseFloat(t);
  }
  done([scroller.scrollTop, values]);
}));
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--effectctl", required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--keep", help="a directory to keep the scene and the page in")
    parser.add_argument("--random", type=int, default=0, metavar="N",
                        help="add N subjects drawn at random")
    parser.add_argument("--seed", type=int, default=1, help="the random subjects' seed")
    args = parser.parse_args()
    if args.random < 0:
        parser.error(f"--random: expected a count of 0 or more, found {args.random}")
    cases = CASES + random_cases(args.random, args.seed)

    work = args.keep or tempfile.mkdtemp()
    os.makedirs(work, exist_ok=True)
    scene_path = os.path.join(work, "css-ranges.json")
    page_path = os.path.join(work, "css-ranges.html")
    with open(scene_path, "w") as file:
        json.dump(scene(cases), file, indent=1)
    with open(page_path, "w") as file:
        file.write(page(cases))

    def evaluate(offsets):
        """eval's translateX by (offset, chain) at `offsets`."""
        text = subprocess.run(
            [args.effectctl, "eval", scene_path, "--offsets", ",".join(map(str, offsets)),
             "--format", "csv"], check=True, capture_output=True, text=True).stdout
        return {(float(row["offset"]), row["chain"]): float(row["translateX"])
                for row in csv.DictReader(io.StringIO(text))}

    expected = evaluate(sorted({o + d for o in OFFSETS for d in (-UNIT, 0, UNIT) if o + d >= 0}))

    driver = headless_chromium.start(args.chromium, args.chromedriver, "600,600")
    compared = 0
    # Where interpolate's contract is not CSS's, on purpose: at a range's
    # start the segment owns its first stop (no "before flag"), and outside
    # the range clamp holds the end stops' outputs, where CSS's fill applies
    # the easing to 0 or 1; a curve that is 0 at 0 and 1 at 1 agrees anyway.
    # Those values of steps() and linear(), and those within 1/16 point of
    # them (UNIT), are counted, not compared.
    apart = 0
    # The steps() and linear() subjects compared at one offset at least: most
    # must be, or the rule above leaves out what it should not (a subject
    # whose range is empty, its end before its start, never is).
    inside = set()
    easings = {case[0]: case[3] for case in cases}
    kinds = {case[0]: "easing" if case[3] != "linear" else "range and inset" for case in cases}
    worst = (0.0, None)
    # (difference, where) of the values that agree only near the offset.
    placed = []
    # Values more than TOLERANCE from eval's at the offset, looked at again
    # 1/256 point apart across the 1/8 point around it.
    doubtful = []
    failures = []
    worst_by_kind = {}
    try:
        driver.set_script_timeout(30)
        driver.get("file://" + os.path.abspath(page_path))
        for offset in OFFSETS:
            scrolled, values = driver.execute_async_script(READ, offset)
            if scrolled != offset:
                failures.append(f"the page scrolled to {scrolled}, not {offset}")
                continue
            if set(values) != set(easings):
                failures.append(f"at {offset} the page gave {len(values)} subjects, "
                                f"not the {len(easings)} written")
            for name, found in values.items():
                ours = expected[(float(offset), name)]
                # The progress at the offset and 1/16 point either side (see UNIT).
                progresses = [expected.get((offset + d, "progress-" + name), 0.5)
                              for d in (-UNIT, 0, UNIT)]
                if not fixes_ends(easings[name]) and not all(0 < p < 1 for p in progresses):
                    apart += 1
                    continue
                difference = abs(found - ours)
                compared += 1
                inside.add(name)
                text = f"{name} at {offset}: Chromium {found}, eval {ours}"
                if difference > TOLERANCE:
                    doubtful.append((offset, name, found, difference, text))
                    continue
                kind = kinds[name]
                worst_by_kind[kind] = max(worst_by_kind.get(kind, 0.0), difference)
                if difference > worst[0]:
                    worst = (difference, text)
    finally:
        driver.quit()
    if doubtful:
        steps = [k * UNIT / 16 for k in range(-16, 17)]
        fine = evaluate(sorted({o + d for o, *_ in doubtful for d in steps if o + d >= 0}))
        for offset, name, found, difference, text in doubtful:
            values = [fine[(offset + d, name)] for d in steps if (offset + d, name) in fine]
            near = any(abs(found - value) <= TOLERANCE for value in values)
            between = any(min(a, b) <= found <= max(a, b) and abs(a - b) <= STEP_GAP
                          for a, b in zip(values, values[1:]))
            if near or between:
                placed.append((difference, text))
            else:
                failures.append(text)
    if compared == 0:
        failures.append("no value compared")
    unfixed = [name for name, easing in easings.items() if not fixes_ends(easing)]
    reached = len(inside.intersection(unfixed))
    if reached < FEWEST_INSIDE * len(unfixed):
        failures.append(f"only {reached} of {len(unfixed)} steps() and linear() subjects "
                        f"compared inside their ranges, fewer than {FEWEST_INSIDE:.0%}")
    if len(placed) > PLACED_SHARE * compared:
        failures.append(f"{len(placed)} of {compared} values agree only near their offset, "
                        f"more than {PLACED_SHARE:.0%}")

    drawn = f", {args.random} of them drawn from seed {args.seed}" if args.random else ""
    print(f"css-check: {compared} values ({len(cases)} subjects{drawn}, {len(OFFSETS)} offsets) "
          f"against Chromium's animation-range, view-timeline-inset and "
          f"animation-timing-function; {apart} values of steps() and linear() at, "
          f"outside or within 1/16 point of their range's ends, where the contract "
          f"differs, left out ({reached} of {len(unfixed)} such subjects compared inside "
          f"their ranges)")
    for kind, value in sorted(worst_by_kind.items()):
        print(f"  worst difference, {kind}: {value:.3g} points of 100")
    if worst[1]:
        print(f"  worst: {worst[1]}")
    if placed:
        print(f"  {len(placed)} values within eval's 1/16 point either side, not at the offset; "
              f"worst: {max(placed)[1]}")
    for failure in failures[:20]:
        print(f"FAIL {failure}")
    if failures:
        print(f"FAIL {len(failures)} of the checks above (values within {TOLERANCE} "
              f"point, the counts) failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
