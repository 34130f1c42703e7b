#!/usr/bin/env python3
"""Compares pin, snapping and offset keyframes with Chromium's CSS.

Three families of cases, each written twice from one description: as a scene
for `effectctl` and as a page whose scroller has the scene's viewport, its
content insets as `padding` (and `scroll-padding`) and the offset as its
scroll position:

- sticky: `pin` (edge top or bottom, `inset`, `until`) against `position:
  sticky` with `top`/`bottom` in a section that ends (or starts) at `until`;
  at every offset of a sweep, each view's leading edge in the viewport from
  `effectctl eval` against the element's, read with getBoundingClientRect;
  `--random N` adds N cases drawn at random (`--seed S`, default 1).
- snap: `snap` (a chain's copies aligned start, center or end, paging,
  given `offsets`, `"stop": "always"`) against `scroll-snap-type: mandatory`,
  `scroll-snap-align` and `scroll-snap-stop: always`. `effectctl simulate`
  flings from a start offset o0 with the velocity whose projected resting
  point is P (ios: P = o0 - v / (1000 ln 0.998)) and rests on its target.
  Chromium is given the same landing point: `scrollTo(P)` (CSS Scroll Snap
  1: a scroll to a position snaps to the position chosen for it, the
  nearest) for `stop` `normal`, and `scrollBy(P - o0)` from the target o0
  (a scroll with a direction, which must not pass a snap position with
  `scroll-snap-stop: always`) for `always`. Chromium's directional choice
  takes only targets ahead of o0; the contract takes the nearest to P among
  those not beyond the first target ahead, which can be o0 itself. Releases
  whose P is nearer o0 than the first target ahead are where the two part
  on purpose: counted, not compared. So are landing points within a point
  of the middle of two targets (a tie either may break its way) or of a
  long copy's end, and directional releases whose first target ahead is a
  long copy's end rather than its aligned position (the contract rests
  there, the first of the copy's snap positions; Chromium on the aligned
  one). `--random N` adds N / 10 cases drawn at random, each with its own
  24 landing points (a repeated chain's rows and alignment, or offsets;
  either stop).
- timeline: `interpolate` on `offset` against `animation-timeline:
  scroll()`, with `animation-range` in lengths and percentages, several
  keyframes and easings; `interpolate` on `progress` against `view()`
  (css-check.py covers view ranges in depth). `--random N` adds N drawn at
  random (offset, a range in lengths, keyframes, Bézier curves).

`--axes` lists the axes: `block` (vertical scenes) and `inline`
(`"axis": "horizontal"` scenes, left to right and `"layoutDirection":
"rightToLeft"` under `direction: rtl`, `scroll-snap-type: x`,
`inset-inline-start`, `scroll(inline)`, `view(inline)`); `inline-twin`
compares the inline pages with the vertical twins of those scenes. Chromium
measures `view(inline)` under `direction: rtl` from the subject's physical
left edge; those values are counted, not compared. Prints the values
compared and the worst difference a family; exit 1 if one is above its
tolerance.
"""

import argparse
import csv
import io
import json
import math
import os
import random
import subprocess
import sys
import tempfile

os.environ.setdefault("SE_AVOID_STATS", "true")

import headless_chromium  # noqa: E402

LENGTH = 600  # the viewport along the axis
CROSS = 390  # across it
START_INSET, END_INSET = 40, 60  # content insets: leading and trailing
CONTENT = 2400
MAX_OFFSET = CONTENT + START_INSET + END_INSET - LENGTH  # 1900
K = 1000 * math.log(0.998)  # ios: P = o0 - v / K

# Chromium lays out in 1/64 px and scrolls by whole pixels.
TOLERANCE = {"sticky": 1 / 64 + 1e-9, "snap": 0.5, "timeline": 0.01}
# The most of a family's values on an axis that may be counted apart.
MOST_LEFT_OUT = 0.25


class Axis:
    """How one description becomes a scene and a page along one axis."""

    def __init__(self, name, rtl=False, twin=False):
        self.name = name  # "block" or "inline"
        self.rtl = rtl
        self.vertical = name == "block"
        # With `twin`, an inline page is compared with the vertical twin of
        # its horizontal scene (what a horizontal scene is evaluated as):
        # a check of the inline pages that needs no horizontal scenes.
        self.scenes = Axis("block") if twin else self

    @property
    def label(self):
        return self.name + (" rtl" if self.rtl else "") + (" twin" if self.scenes is not self else "")

    # -- scenes --

    def scene(self, chains, snap=None, content=CONTENT):
        if self.scenes is not self:
            return self.scenes.scene(chains, snap, content)
        size = ({"width": CROSS, "height": LENGTH} if self.vertical
                else {"width": LENGTH, "height": CROSS})
        if self.vertical:
            insets = {"top": START_INSET, "bottom": END_INSET}
        elif self.rtl:  # leading is the right edge; insets stay physical
            insets = {"right": START_INSET, "left": END_INSET}
        else:
            insets = {"left": START_INSET, "right": END_INSET}
        scene = {"version": 1, "viewport": size, "contentInsets": insets, "chains": chains}
        if self.vertical:
            scene["contentHeight"] = content
        else:
            scene["axis"] = "horizontal"
            scene["contentWidth"] = content
            if self.rtl:
                scene["layoutDirection"] = "rightToLeft"
        if snap:
            scene["snap"] = snap
        return scene

    def frame(self, position, length, cross=(0, 10)):
        if self.scenes is not self:
            return self.scenes.frame(position, length, cross)
        if self.vertical:
            return {"x": cross[0], "y": position, "width": cross[1], "height": length}
        return {"x": position, "y": cross[0], "width": length, "height": cross[1]}

    def edge(self, edge):
        """A pin's edge: top/bottom in a vertical scene, leading/trailing across."""
        if self.scenes is not self:
            return edge
        if self.vertical:
            return edge
        return {"top": "leading", "bottom": "trailing"}[edge]

    def leading(self, row):
        """The leading edge of a view in the viewport, from an eval row."""
        if self.scenes is not self:
            return self.scenes.leading(row)
        if self.vertical:
            return float(row["y"])
        x, width = float(row["x"]), float(row["width"])
        return LENGTH - x - width if self.rtl else x

    # -- pages --

    def page(self, body, rules=""):
        along = "height" if self.vertical else "width"
        across = "width" if self.vertical else "height"
        pad = ("padding-block" if self.vertical else "padding-inline")
        snap_axis = "y" if self.vertical else "x"
        direction = "rtl" if self.rtl else "ltr"
        return f"""<!doctype html>
<html><head><style>
html, body {{ margin: 0; }}
#scroller {{ position: relative; box-sizing: border-box; {along}: {LENGTH}px; {across}: {CROSS}px;
  overflow: scroll; scrollbar-width: none; direction: {direction};
  {pad}: {START_INSET}px {END_INSET}px; scroll-padding-{'block' if self.vertical else 'inline'}: {START_INSET}px {END_INSET}px; }}
#scroller.snapping {{ scroll-snap-type: {snap_axis} mandatory; }}
#content {{ position: relative; {along}: {CONTENT}px; {across}: {CROSS}px; }}
.box {{ position: absolute; }}
{rules}
</style></head><body><div id="scroller"><div id="content">
{body}
</div></div></body></html>
"""

    def box(self, position, length, cross=(0, 10), extra="", attributes="", classes="box"):
        """An absolutely placed box at `position` along the axis."""
        if self.vertical:
            place = f"top: {position}px; height: {length}px; left: {cross[0]}px; width: {cross[1]}px;"
        else:
            place = (f"inset-inline-start: {position}px; width: {length}px; "
                     f"top: {cross[0]}px; height: {cross[1]}px;")
        return f'<div class="{classes}" style="{place} {extra}" {attributes}></div>'

    @property
    def js(self):
        """JavaScript helpers: scroll to an offset, read an offset and a leading edge."""
        if self.vertical:
            return """
const scroller = document.getElementById('scroller');
const setOffset = (o) => { scroller.scrollTop = o; };
const offset = () => scroller.scrollTop;
const scrollOptions = (o) => ({top: o, behavior: 'instant'});
const leading = (e) => e.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
"""
        sign = "-" if self.rtl else ""
        edge = ("scroller.getBoundingClientRect().right - e.getBoundingClientRect().right"
                if self.rtl else
                "e.getBoundingClientRect().left - scroller.getBoundingClientRect().left")
        return f"""
const scroller = document.getElementById('scroller');
const setOffset = (o) => {{ scroller.scrollLeft = {sign}o; }};
const offset = () => {sign}scroller.scrollLeft;
const scrollOptions = (o) => ({{left: {sign}o, behavior: 'instant'}});
const leading = (e) => {edge};
"""


def lane(index):
    """Where case `index` sits across the axis, and its width there: 32
    lanes 12 points apart, so that hundreds of cases fit the 390 points."""
    return index % 32 * 12, 10


# --- sticky: pin against position: sticky -----------------------------------

# (name, edge, inset, position, length, until): `until` a content position
# (the section's end for top, its start for bottom) or None.
STICKY = [
    ("top", "top", 0, 500, 60, None),
    ("topInset", "top", 20, 500, 60, None),
    ("topUntil", "top", 10, 500, 60, 1000),
    ("topTall", "top", 0, 300, 700, 1400),
    ("bottom", "bottom", 0, 1500, 60, None),
    ("bottomInset", "bottom", 15, 1500, 60, None),
    ("bottomUntil", "bottom", 0, 1500, 60, 1200),
    ("bottomNear", "bottom", 25, 300, 80, 250),
]
STICKY_OFFSETS = list(range(0, MAX_OFFSET + 1, 3)) + [MAX_OFFSET]


def random_sticky(count, seed):
    """`count` sticky cases drawn from `seed`, named r0, r1, ..., in quarter
    points: a top pin ends inside its section (0 to `until`), a bottom pin
    starts inside its own (`until` to the content's end); without `until`
    the section is the whole content, which a pin with no `until` never
    leaves: its held box stays inside the 2,400 points at every offset
    (inset + length at most the snapport's 500)."""
    rng = random.Random(seed)
    snapport = LENGTH - START_INSET - END_INSET

    def quarters(low, high):
        """A number from `low` to `high` in quarter points, which Chromium's
        1/64 px layout holds exactly."""
        return rng.randint(low * 4, high * 4) / 4

    cases = []
    for index in range(count):
        edge = rng.choice(["top", "bottom"])
        inset = quarters(-30, 120)
        length = quarters(10, 700)
        position = quarters(0, int(CONTENT - length))
        until = None
        if rng.random() < 0.6:
            until = (quarters(math.ceil(position + length), CONTENT) if edge == "top"
                     else quarters(0, int(position)))
        elif inset + length > snapport:
            length = quarters(10, int(snapport - max(inset, 0)))
        cases.append((f"r{index}", edge, inset, position, length, until))
    return cases


def sticky_scene(axis, cases):
    chains = []
    for index, (name, edge, inset, position, length, until) in enumerate(cases):
        pin = {"type": "pin", "edge": axis.edge(edge), "inset": inset}
        if until is not None:
            pin["until"] = until
        cross = lane(index)
        chains.append({"name": name, "frame": axis.frame(position, length, cross),
                       "effects": [pin]})
    return axis.scene(chains)


def sticky_page(axis, cases):
    sections = []
    for index, (name, edge, inset, position, length, until) in enumerate(cases):
        # The section is the sticky box's containing block: it ends at
        # `until` for a top pin and starts there for a bottom one.
        start, end = 0, CONTENT
        if until is not None:
            start, end = (0, until) if edge == "top" else (until, CONTENT)
        side = (edge if axis.vertical else
                {"top": "inset-inline-start", "bottom": "inset-inline-end"}[edge])
        along = "height" if axis.vertical else "width"
        across = "width" if axis.vertical else "height"
        # A spacer, not a margin, puts the box at its place in the section: a
        # margin counts in the room a sticky box has to move within it.
        cross, width = lane(index)
        inner = (f'<div style="flex: none; {along}: {position - start}px"></div>'
                 f'<div class="sticky" data-name="{name}" style="position: sticky; {side}: {inset}px; '
                 f'flex: none; {along}: {length}px; {across}: {width}px;"></div>')
        flow = "column" if axis.vertical else "row"
        if axis.vertical:
            place = f"top: {start}px; height: {end - start}px; left: {cross}px; width: {width}px;"
        else:
            place = (f"inset-inline-start: {start}px; width: {end - start}px; top: {cross}px; "
                     f"height: {width}px;")
        place += f" display: flex; flex-direction: {flow}; align-items: flex-start;"
        sections.append(f'<div class="box" style="{place}">{inner}</div>')
    return axis.page("\n".join(sections))


def check_sticky(axis, driver, effectctl, work, report, drawn=()):
    cases = STICKY + list(drawn)
    scene_path, page_path = write(
        work, f"sticky-{axis.label}", sticky_scene(axis, cases), sticky_page(axis, cases))
    rows = evaluate(effectctl, scene_path, STICKY_OFFSETS)
    driver.get("file://" + page_path)
    found = driver.execute_script(axis.js + """
const out = [];
for (const o of arguments[0]) {
  setOffset(o);
  const values = {};
  for (const e of document.querySelectorAll('.sticky')) values[e.dataset.name] = leading(e);
  out.push([offset(), values]);
}
return out;
""", STICKY_OFFSETS)
    report.expect_all("sticky", axis, STICKY_OFFSETS, found, [case[0] for case in cases])
    for o, (scrolled, values) in zip(STICKY_OFFSETS, found):
        if scrolled != o:
            report.fail("sticky", axis, f"the page scrolled to {scrolled}, not {o}")
            continue
        for name, value in values.items():
            report.compare("sticky", axis, f"{name} at {o}", value,
                           axis.leading(rows[(float(o), name)]))


# --- snap: simulate's resting offsets against scroll snapping -----------------

ROW, GAP, FIRST, COUNT = 150, 30, 100, 12

# (name, snap declaration, rows, stop): rows (length, stride) from FIRST for a
# `chain` (as many copies as fit, at most COUNT), (first, length, stride,
# count) in full, or None for paging and `offsets`.
SNAPS = [
    ("start", {"chain": "row", "align": "start"}, (ROW, ROW + GAP), "normal"),
    ("center", {"chain": "row", "align": "center"}, (ROW, ROW + GAP), "normal"),
    ("end", {"chain": "row", "align": "end"}, (ROW, ROW + GAP), "normal"),
    ("tall", {"chain": "row", "align": "start"}, (700, 760), "normal"),
    ("startAlways", {"chain": "row", "align": "start", "stop": "always"}, (ROW, ROW + GAP),
     "always"),
    ("centerAlways", {"chain": "row", "align": "center", "stop": "always"}, (ROW, ROW + GAP),
     "always"),
    ("paging", {"paging": True}, None, "always"),
    ("offsets", {"offsets": [-40, 0, 250, 333, 1200, 1899, 2500]}, None, "normal"),
]
LANDINGS = list(range(-100, MAX_OFFSET + 201, 31))
SNAPPORT = LENGTH - START_INSET - END_INSET


def random_snaps(count, seed):
    """`count` snapping cases drawn from `seed`, named r0, r1, ..., each with
    its own landing points: a repeated `chain` (first copy, length from 20
    to 800, so some copies are snap areas longer than the snapport, spacing,
    copies, align) in whole points, or `offsets` (one to eight, some outside
    [0, maxOffset]); `stop` `normal` (from 0) or `always` (from two of the
    targets); 24 landing points from -100 to maxOffset + 200."""
    rng = random.Random(seed)
    cases = []
    for index in range(count):
        stop = rng.choice(["normal", "always"])
        declaration = {}
        if rng.random() < 0.3:
            rows = None
            declaration["offsets"] = sorted(
                rng.randint(-100, MAX_OFFSET + 100) for _ in range(rng.randint(1, 8)))
        else:
            length = rng.randint(20, 800) if rng.random() < 0.3 else rng.randint(20, 300)
            stride = length + rng.randint(0, 200)
            first = rng.randint(0, CONTENT - length)
            copies = rng.randint(1, min(20, (CONTENT - first - length) // stride + 1))
            rows = (first, length, stride, copies)
            declaration = {"chain": "row", "align": rng.choice(["start", "center", "end"])}
        starts = [0]
        if stop == "always":
            declaration["stop"] = "always"
            targets = targets_of(declaration, rows)
            starts = sorted(rng.sample(targets, min(2, len(targets))))
        landings = sorted(rng.randint(-100, MAX_OFFSET + 200) for _ in range(24))
        cases.append((f"r{index}", declaration, rows, stop, starts, landings))
    return cases


def snap_rows(rows):
    """(first, length, stride, count) of a case's rows."""
    if len(rows) == 4:
        return rows
    length, stride = rows
    count = min(COUNT, (CONTENT - FIRST + stride - length) // stride)
    return FIRST, length, stride, count


def snap_scene(axis, declaration, rows):
    if rows is None:  # paging and offsets: one chain, not a target
        chain = {"name": "row", "frame": axis.frame(0, 10), "effects": []}
    else:
        first, length, stride, count = snap_rows(rows)
        chain = {"name": "row", "frame": axis.frame(first, length),
                 "repeat": {"count": count, "spacing": stride - length}, "effects": []}
    return axis.scene([chain], snap=declaration)


def snap_page(axis, declaration, rows, stop):
    boxes = []
    extra = f"scroll-snap-stop: {stop};"
    if "offsets" in declaration:
        # An offset o is where a box at content position o, aligned start,
        # meets the snapport's start (scroll-padding is the insets); CSS
        # clamps it into the scroll range as the contract does. A box is
        # placed at most at the content's end, where the same clamp holds.
        for offset in declaration["offsets"]:
            position = min(max(offset, 0), CONTENT - 1)
            boxes.append(axis.box(position, 1, extra=f"scroll-snap-align: start; {extra}"))
    elif rows is None:
        # Paging: a page-long area at every multiple of the snapport below
        # maxOffset, and one aligned with the end of the content.
        k = 0
        while k * SNAPPORT < MAX_OFFSET:
            boxes.append(axis.box(k * SNAPPORT, SNAPPORT, extra=f"scroll-snap-align: start; {extra}"))
            k += 1
        boxes.append(axis.box(CONTENT - 10, 10, extra=f"scroll-snap-align: end; {extra}"))
    else:
        first, length, stride, count = snap_rows(rows)
        align = declaration["align"]
        for copy in range(count):
            boxes.append(axis.box(first + copy * stride, length,
                                  extra=f"scroll-snap-align: {align}; {extra}"))
    return axis.page("\n".join(boxes))


def targets_of(declaration, rows, aligned_only=False):
    """The targets worked out here from the definitions (Docs/Motion.md);
    with `aligned_only`, without the ends of copies longer than the
    snapport."""
    def clamp(value):
        return min(max(value, 0), MAX_OFFSET)
    if "offsets" in declaration:
        return sorted({clamp(offset) for offset in declaration["offsets"]})
    if rows is None:
        pages, k = [], 0
        while k * SNAPPORT < MAX_OFFSET:
            pages.append(k * SNAPPORT)
            k += 1
        return sorted(set(pages + [MAX_OFFSET]))
    first, length, stride, count = snap_rows(rows)
    shift = {"start": 0, "center": length / 2 - SNAPPORT / 2, "end": length - SNAPPORT}
    result = set()
    for copy in range(count):
        top = first + copy * stride
        result.add(clamp(top + shift[declaration["align"]]))
        if length > SNAPPORT and not aligned_only:
            result.update({clamp(top), clamp(top + length - SNAPPORT)})
    return sorted(result)


def areas_of(rows):
    """Where a copy longer than the snapport covers it: resting points themselves."""
    if rows is None:
        return []
    first, length, stride, count = snap_rows(rows)
    if length <= SNAPPORT:
        return []
    return [(min(max(first + copy * stride, 0), MAX_OFFSET),
             min(max(first + copy * stride + length - SNAPPORT, 0), MAX_OFFSET))
            for copy in range(count)]


def simulate_rest(effectctl, scene_path, start, landing, chain):
    velocity = -(landing - start) * K
    text = subprocess.run(
        [effectctl, "simulate", scene_path, "--start", repr(float(start)),
         "--gesture", f"fling:{velocity!r}", "--format", "csv", "--chain", chain],
        check=True, capture_output=True, text=True).stdout
    last = list(csv.DictReader(io.StringIO(text)))[-1]
    assert last["phase"] == "idle", last
    return float(last["offset"])


def snap_cases(axis, report, targets, aligned, areas, stop, starts, landings):
    """The (start, landing) pairs compared; the others counted apart."""
    cases = []
    for start in starts:
        for landing in landings:
            if stop == "always" and landing == start:
                continue
            clamped = min(max(landing, 0), MAX_OFFSET)
            if any(abs(clamped - (a + b) / 2) < 1 for a, b in zip(targets, targets[1:])):
                report.apart("snap", axis, "landing points within a point of a tie")
                continue
            if any(abs(clamped - a) < 1 or abs(clamped - b) < 1 for a, b in areas):
                # Within a point of a snap area's end, whole-pixel scrolling
                # decides which side of it the landing is.
                report.apart("snap", axis, "landing points within a point of a snap area's end")
                continue
            if stop == "always":
                ahead = ([t for t in targets if t > start] if landing > start
                         else [t for t in targets if t < start])
                if ahead:
                    first = min(ahead) if landing > start else max(ahead)
                    if first not in aligned:
                        # The first target ahead is where a long copy
                        # starts to cover the snapport, the first of its
                        # snap positions, where the contract rests
                        # (CSS Scroll Snap 1: "must come to rest on the
                        # first of this element's snap positions");
                        # Chromium rests on its aligned position.
                        report.apart("snap", axis, "directional landings whose first target "
                                     "ahead is a long copy's end, not its aligned position")
                        continue
                    if abs(landing - start) < abs(landing - first):
                        # Nearer the release than the first target ahead:
                        # the contract may rest on o0, Chromium goes on.
                        report.apart("snap", axis,
                                     "directional landings nearer the start than the next target")
                        continue
            cases.append((start, landing))
    return cases


def check_snap(axis, driver, effectctl, work, report, drawn=()):
    written = [(name, declaration, rows, stop, None, LANDINGS)
               for name, declaration, rows, stop in SNAPS]
    for name, declaration, rows, stop, starts, landings in written + list(drawn):
        scene = snap_scene(axis, declaration, rows)
        scene_path, page_path = write(work, f"snap-{name}-{axis.label}", scene,
                                      snap_page(axis, declaration, rows, stop))
        targets = targets_of(declaration, rows)
        aligned = targets_of(declaration, rows, aligned_only=True)
        areas = areas_of(rows)
        driver.get("file://" + page_path)
        if starts is None:  # a written case: from 0, or from the first targets and the end
            starts = ([0] if stop == "normal"
                      else [t for t in targets if t < MAX_OFFSET][:4] + [MAX_OFFSET])
        cases = snap_cases(axis, report, targets, aligned, areas, stop, starts, landings)
        found = driver.execute_script(axis.js + """
const out = [];
scroller.classList.add('snapping');
for (const [start, landing, directional] of arguments[0]) {
  scroller.scrollTo(scrollOptions(start));
  const from = offset();
  if (directional) scroller.scrollBy(scrollOptions(landing - start));
  else scroller.scrollTo(scrollOptions(landing));
  out.push([from, offset()]);
}
return out;
""", [[s, p, stop == "always"] for s, p in cases])
        if len(found) != len(cases):
            report.fail("snap", axis, f"{name}: the page gave {len(found)} landings, not {len(cases)}")
        for (start, landing), (started, value) in zip(cases, found):
            if stop == "always" and abs(started - start) > TOLERANCE["snap"]:
                report.fail("snap", axis, f"{name}: the page started at {started}, not {start}")
                continue
            ours = simulate_rest(effectctl, scene_path, start, landing,
                                 "row" if rows is None else "row[0]")
            # A check of the check: the resting offset is a target worked out here.
            if not any(abs(ours - t) < 1e-6 for t in targets) and not any(
                    a <= ours <= b for a, b in areas):
                report.fail("snap", axis, f"{name}: simulate rests at {ours}, not a target {targets}")
            report.compare("snap", axis, f"{name} from {start} landing {landing}", value, ours)


# --- timeline: interpolate against scroll() and view() ---------------------------

# (name, input, range (CSS) or None, stops [(input, output)], easing, position)
TIMELINES = [
    ("scrollAll", "offset", None, [(0, 0), (MAX_OFFSET, 100)], "linear", 0),
    ("scrollLengths", "offset", "200px 900px", [(200, 0), (900, 100)], "linear", 0),
    ("scrollPercent", "offset", "10% 60%",
     [(0.1 * MAX_OFFSET, 0), (0.6 * MAX_OFFSET, 100)], "linear", 0),
    ("scrollStops", "offset", "100px 1600px",
     [(100, 0), (100 + 0.3 * 1500, 80), (100 + 0.7 * 1500, 20), (1600, 100)], "linear", 0),
    ("scrollEase", "offset", "300px 1200px", [(300, 0), (1200, 100)], "ease-in-out", 0),
    ("scrollBezier", "offset", "0% 50%", [(0, 0), (0.5 * MAX_OFFSET, 100)],
     "cubic-bezier(0.2, 0.9, 0.1, 1)", 0),
    ("viewCover", "progress", "cover", [(0, 0), (1, 100)], "linear", 1200),
    ("viewEntry", "progress", "entry", [(0, 0), (1, 100)], "ease-out", 900),
]
TIMELINE_OFFSETS = list(range(0, MAX_OFFSET + 1, 13)) + [MAX_OFFSET]


def random_timelines(count, seed):
    """`count` timelines on the offset drawn from `seed`, named r0, r1, ...:
    a range from A to B px, whole points, and two to four keyframes from A
    to B with outputs from -100 to 200, under an easing that is 0 at 0 and
    1 at 1 (a keyword or a Bézier curve that may overshoot between), where
    `interpolate`'s clamp and CSS's fill agree outside the range."""
    rng = random.Random(seed)
    cases = []
    for index in range(count):
        start, end = sorted(rng.sample(range(0, MAX_OFFSET + 1), 2))
        inner = sorted(rng.sample(range(start + 1, end), min(rng.randint(0, 2), end - start - 1)))
        stops = [(position, rng.randint(-100, 200)) for position in [start] + inner + [end]]
        if rng.random() < 0.3:
            easing = rng.choice(["linear", "ease", "ease-in", "ease-out", "ease-in-out"])
        else:
            x1, x2 = (round(rng.random(), 2) for _ in range(2))
            y1, y2 = (round(rng.uniform(-1, 2), 2) for _ in range(2))
            easing = f"cubic-bezier({x1}, {y1}, {x2}, {y2})"
        cases.append((f"r{index}", "offset", f"{start}px {end}px", stops, easing, 0))
    return cases


def timeline_scene(axis, cases):
    chains = []
    for index, (name, input_, range_, stops, easing, position) in enumerate(cases):
        effect = {"type": "interpolate", "property": "translateX", "input": input_,
                  "stops": [list(stop) for stop in stops], "easing": easing}
        if input_ == "progress":
            effect["range"] = range_
            effect["timelineInset"] = "auto"
        chains.append({"name": name, "frame": axis.frame(position, 100, lane(index)),
                       "effects": [effect]})
    return axis.scene(chains)


def timeline_page(axis, cases):
    rules, boxes = [], []
    timeline_axis = "block" if axis.vertical else "inline"
    for index, (name, input_, range_, stops, easing, position) in enumerate(cases):
        first, last = stops[0][0], stops[-1][0]
        # A right-to-left scene's output is the mirror image of its twin's:
        # translateX' = -translateX, so its page moves the other way.
        sign = -1 if axis.rtl and axis.scenes is axis else 1
        frames = " ".join(
            f"{(stop[0] - first) / (last - first) * 100:.6f}% {{ translate: {sign * stop[1]}px; }}"
            for stop in stops)
        rules.append(f"@keyframes k{index} {{ {frames} }}")
        if input_ == "offset":
            timeline = f"scroll(nearest {timeline_axis})"
        else:
            timeline = f"view({timeline_axis} auto)"
        ranges = f"animation-range: {range_};" if range_ else ""
        rules.append(f"#t{index} {{ animation: k{index} 1s both; animation-timing-function: {easing}; "
                     f"animation-timeline: {timeline}; {ranges} }}")
        boxes.append(axis.box(position, 100, lane(index),
                              attributes=f'id="t{index}" data-name="{name}"',
                              classes="box subject"))
    return axis.page("\n".join(boxes), "\n".join(rules))


def check_timeline(axis, driver, effectctl, work, report, drawn=()):
    cases = TIMELINES + list(drawn)
    scene_path, page_path = write(work, f"timeline-{axis.label}", timeline_scene(axis, cases),
                                  timeline_page(axis, cases))
    rows = evaluate(effectctl, scene_path, TIMELINE_OFFSETS)
    driver.get("file://" + page_path)
    driver.set_script_timeout(60)
    found = driver.execute_async_script(axis.js + """
const done = arguments[arguments.length - 1];
const offsets = arguments[0];
const out = [];
const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
(async () => {
  for (const o of offsets) {
    setOffset(o);
    await frame();
    const values = {};
    for (const e of document.querySelectorAll('.subject')) {
      const t = getComputedStyle(e).translate;
      values[e.dataset.name] = t === 'none' ? 0 : parseFloat(t);
    }
    out.push([offset(), values]);
  }
  done(out);
})();
""", TIMELINE_OFFSETS)
    report.expect_all("timeline", axis, TIMELINE_OFFSETS, found, [case[0] for case in cases])
    for o, (scrolled, values) in zip(TIMELINE_OFFSETS, found):
        if scrolled != o:
            report.fail("timeline", axis, f"the page scrolled to {scrolled}, not {o}")
            continue
        for name, value in values.items():
            if axis.rtl and name.startswith("view"):
                # Chromium measures a view() subject under direction: rtl
                # from its physical left edge: its cover range starts the
                # subject's length (less the insets' difference) early.
                report.apart("timeline", axis, "view() under direction: rtl, measured by "
                             "Chromium from the subject's left edge")
                continue
            report.compare("timeline", axis, f"{name} at {o}", value,
                           float(rows[(float(o), name)]["translateX"]))


# --- plumbing ------------------------------------------------------------------

def write(work, stem, scene, page):
    scene_path = os.path.join(work, stem.replace(" ", "-") + ".json")
    page_path = os.path.join(work, stem.replace(" ", "-") + ".html")
    with open(scene_path, "w") as file:
        json.dump(scene, file, indent=1)
    with open(page_path, "w") as file:
        file.write(page)
    return scene_path, os.path.abspath(page_path)


def evaluate(effectctl, scene_path, offsets):
    text = subprocess.run(
        [effectctl, "eval", scene_path, "--offsets", ",".join(map(str, offsets)),
         "--format", "csv"], check=True, capture_output=True, text=True).stdout
    return {(float(row["offset"]), row["chain"]): row for row in csv.DictReader(io.StringIO(text))}


class Report:
    def __init__(self):
        self.counts = {}
        self.worst = {}
        self.left_out = {}
        self.failures = []

    def compare(self, family, axis, what, chromium, ours):
        key = (family, axis.label)
        difference = abs(chromium - ours)
        self.counts[key] = self.counts.get(key, 0) + 1
        if difference >= self.worst.get(key, (-1, ""))[0]:
            self.worst[key] = (difference, f"{what}: Chromium {chromium}, effectctl {ours}")
        if difference > TOLERANCE[family]:
            self.failures.append(f"{family} ({axis.label}) {what}: Chromium {chromium}, "
                                 f"effectctl {ours}")

    def expect_all(self, family, axis, offsets, found, names):
        """That the page answered at every offset, for every case written."""
        if len(found) != len(offsets):
            self.fail(family, axis, f"the page gave {len(found)} offsets, not {len(offsets)}")
        for o, (_, values) in zip(offsets, found):
            if set(values) != set(names):
                self.fail(family, axis, f"at {o} the page gave {len(values)} cases, "
                          f"not the {len(names)} written")
                return

    def apart(self, family, axis, why):
        key = (family, axis.label, why)
        self.left_out[key] = self.left_out.get(key, 0) + 1

    def fail(self, family, axis, message):
        self.failures.append(f"{family} ({axis.label}): {message}")

    def check_left_out(self):
        """That each family and axis compares most of its values: the rules
        that count some apart must not come to leave out what they should
        compare (a quarter at most; about a tenth of snapping's landings are,
        and about one in eighty of right-to-left view() values)."""
        for (family, label), compared in sorted(self.counts.items()):
            apart = sum(count for (f, l, _), count in self.left_out.items()
                        if (f, l) == (family, label))
            if apart > MOST_LEFT_OUT * (compared + apart):
                self.failures.append(f"{family} ({label}): {apart} values left out of "
                                     f"{compared + apart}, more than {MOST_LEFT_OUT:.0%}")

    def print(self):
        for key in sorted(self.counts):
            difference, where = self.worst[key]
            print(f"  {key[0]} ({key[1]}): {self.counts[key]} values, worst difference "
                  f"{difference:.3g} ({where})")
        for (family, label, why), count in sorted(self.left_out.items()):
            print(f"  {family} ({label}): {count} left out: {why}")


FAMILIES = {"sticky": check_sticky, "snap": check_snap, "timeline": check_timeline}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--effectctl", required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--axes", default="block,inline",
                        help="block, inline or block,inline (inline needs horizontal scenes); "
                        "inline-twin compares the inline pages with vertical twin scenes")
    parser.add_argument("--families", default="sticky,snap,timeline")
    parser.add_argument("--keep", help="a directory to keep the scenes and pages in")
    parser.add_argument("--random", type=int, default=0, metavar="N",
                        help="add N sticky cases, N timelines and N / 10 (rounded up) "
                        "snapping cases drawn at random")
    parser.add_argument("--seed", type=int, default=1, help="the random cases' seed")
    args = parser.parse_args()
    if args.random < 0:
        parser.error(f"--random: expected a count of 0 or more, found {args.random}")
    # The families' cases drawn at random. A snapping case runs simulate
    # once a landing point, so it costs some 50 sticky cases: a tenth as many.
    snap_count = -(-args.random // 10)
    drawn = {"sticky": {"drawn": random_sticky(args.random, args.seed)},
             "snap": {"drawn": random_snaps(snap_count, args.seed)},
             "timeline": {"drawn": random_timelines(args.random, args.seed)}}

    axes = []
    for name in args.axes.split(","):
        if name == "block":
            axes.append(Axis("block"))
        elif name in ("inline", "inline-twin"):
            twin = name == "inline-twin"
            axes += [Axis("inline", twin=twin), Axis("inline", rtl=True, twin=twin)]
        else:
            parser.error(f"unknown axis {name!r}; expected block or inline")
    work = args.keep or tempfile.mkdtemp()
    os.makedirs(work, exist_ok=True)
    report = Report()
    driver = headless_chromium.start(args.chromium, args.chromedriver, "800,800")
    try:
        driver.set_script_timeout(60)
        for family in args.families.split(","):
            for axis in axes:
                FAMILIES[family](axis, driver, args.effectctl, work, report,
                                 **drawn.get(family, {}))
    finally:
        driver.quit()
    for family in args.families.split(","):
        for axis in axes:
            if not report.counts.get((family, axis.label)):
                report.fail(family, axis, "no value compared")
    report.check_left_out()
    print(f"css-scroll-check: pin against position: sticky, snap against scroll snapping, "
          f"interpolate against scroll() and view(); axes {args.axes}"
          + (f"; {args.random} sticky cases and timelines and {snap_count} "
             f"snapping cases drawn from seed {args.seed}"
             if args.random else ""))
    report.print()
    for failure in report.failures[:20]:
        print(f"FAIL {failure}")
    if report.failures:
        print(f"FAIL {len(report.failures)} checks failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
