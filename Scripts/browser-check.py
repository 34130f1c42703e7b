#!/usr/bin/env python3
"""Opens preview pages in headless Chromium and compares them with `effectctl eval`.

For every page preview-NAME.html in --pages (NAME.json in Configs/ or
Benchmarks/), at several #offset=O values: every [data-view] element's
bounding box relative to the [data-viewport] element must be the view's
drawn frame (layout frame scaled about its anchor) from
`effectctl eval --format csv` within 1/32 point, and the [data-viewport]
element must be the scene file's viewport, W x V (a horizontal scene's
too, whose host holds its vertical twin). On every page a wheel turn and a
drag must move the offset along the scene's axis: deltaY and a drag up
raise a vertical scene's offset; deltaX and a drag to the left a
horizontal one's, deltaX to the left and a drag to the right a
right-to-left one's, and deltaY either. A page with gestures
(preview-gesture-*.html) plays its first gesture and must end on its last
frame, and five frames inside it must match `effectctl simulate`; played
again and cut short by the wheel, it must say stopped:NAME. At 390 x 844 with mobile emulation a page must be laid out at
the phone's width with its controls inside it, and on a page whose
viewport is larger than the window (layout-huge.html) the wheel must
scroll the page at the highest offset. With 10,000 views
(labels-many.html, labels-crowded.html) a frame's labels must be placed in
under 100 ms, and none shown past 500 views in the viewport. The
slider's keys must reach every sampled offset, the last included, where
they are not whole points apart (slider-offsets.html, slider-end.html).
The viewport must be named and reached with Tab, and the arrow keys and a
click must choose the view whose values the table shows. One screenshot must not be blank, and the blank check must refuse
an empty page (its self-test). Prints what it compared; exit 1
on any mismatch. Offline: the driver is Debian's chromedriver, no
Selenium Manager.
"""

import argparse
import csv
import io
import json
import os
import struct
import subprocess
import sys
import time
import zlib

os.environ.setdefault("SE_AVOID_STATS", "true")

import headless_chromium  # noqa: E402
from selenium.common.exceptions import TimeoutException  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

# Chromium places boxes in layout units of 1/64 px (a point here) before it
# applies their transforms: the largest difference seen is one unit, and two
# allow the origin's rounding and the size's to add up.
TOLERANCE = 2 / 64
# Pulled down, at rest, a fraction of a point, scrolled, and far down.
OFFSETS = ["-150", "-37.5", "0", "0.25", "77", "400", "1200"]

READ_BOXES = """
const viewport = document.querySelector('[data-viewport]').getBoundingClientRect();
return Array.from(document.querySelectorAll('[data-view]')).map((e) => {
  const r = e.getBoundingClientRect();
  return [e.dataset.view, r.left - viewport.left, r.top - viewport.top, r.width, r.height];
});
"""


def scene_path(name):
    for directory in ("Configs", "Benchmarks"):
        path = os.path.join(directory, name + ".json")
        if os.path.exists(path):
            return path
    return None


def scene_facts(scene):
    """(W, V, axis, layoutDirection) as the scene file gives them (390 x 844 by default)."""
    with open(scene) as file:
        document = json.load(file)
    viewport = document.get("viewport", {})
    return (viewport.get("width", 390), viewport.get("height", 844),
            document.get("axis", "vertical"), document.get("layoutDirection", "leftToRight"))


def check_viewport(driver, facts, label):
    """The page's viewport box must be the file's W x V."""
    width, height = driver.execute_script(
        "const r = document.querySelector('[data-viewport]').getBoundingClientRect();"
        "return [r.width, r.height];")
    ok = abs(width - facts[0]) <= 0.5 and abs(height - facts[1]) <= 0.5
    print(f"{'ok  ' if ok else 'FAIL'} {label}: viewport {width:g} x {height:g}, "
          f"the file's {facts[0]:g} x {facts[1]:g}")
    return 0 if ok else 1


def shown_offset(driver):
    return float(driver.execute_script(
        "return document.getElementById('offset-value').textContent"))


def wait_for_offset(driver, expected):
    try:
        WebDriverWait(driver, 5).until(lambda d: abs(shown_offset(d) - expected) <= 0.005)
    except TimeoutException:
        pass
    return shown_offset(driver)


def check_interactions(driver, path, facts, effectctl, scene, label):
    """A wheel turn each way and a drag move the offset along the scene's axis.

    From offset 100: a wheel's deltaX of 60, then a deltaY of 40, then a drag
    of the content 80 to the left and 50 up. Worked out here from the
    contract: a vertical scene takes deltaY and the drag's y (up raises the
    offset) and ignores x; a left-to-right one takes deltaX and the drag's x
    (left raises it); a right-to-left one the other way; deltaY raises
    either when it is the larger. The boxes after the drag are compared with
    eval there.
    """
    sideways = facts[2] == "horizontal"
    sign = -1 if facts[3] == "rightToLeft" else 1
    steps = [
        ("wheel deltaX 60", lambda a, e: a.scroll_from_origin(ScrollOrigin.from_element(e), 60, 0),
         60 * sign if sideways else 0),
        ("wheel deltaY 40", lambda a, e: a.scroll_from_origin(ScrollOrigin.from_element(e), 0, 40),
         40),
        ("drag (-80, -50)", lambda a, e: a.move_to_element(e).click_and_hold()
         .move_by_offset(-40, -25).move_by_offset(-40, -25).release(),
         80 * sign if sideways else 50),
    ]
    open_page(driver, path, "100")
    viewport = driver.find_element(By.CSS_SELECTOR, "[data-viewport]")
    failures = 0
    expected = 100.0
    for name, act, move in steps:
        expected += move
        chain = ActionChains(driver)
        act(chain, viewport)
        chain.perform()
        shown = wait_for_offset(driver, expected)
        ok = abs(shown - expected) <= 0.005
        failures += 0 if ok else 1
        print(f"{'ok  ' if ok else 'FAIL'} {label} {name}: offset {shown:g}, expected {expected:g}")
    data_range = driver.execute_script(
        "const d = JSON.parse(document.getElementById('frames').textContent);"
        "return [d.offsets.min, d.offsets.max];")
    frames = expected_frames(effectctl, scene, shown_offset(driver), data_range[0])
    failures += compare(driver.execute_script(READ_BOXES), frames, f"{label} after the drag")
    return failures


def expected_frames(effectctl, scene, offset, start):
    """The drawn frame of every view at `offset`, from eval's CSV.

    The page's frames come from one sweep of the host from its first offset
    `start` up by 1 (what a stateful effect such as `float` remembers depends
    on it), so eval is given the same sweep up to `offset` and its last rows
    are compared.
    """
    sweep = []
    at = start
    while at < offset:
        sweep.append(at)
        at += 1
    sweep.append(offset)
    text = subprocess.run(
        [effectctl, "eval", scene, "--offsets", ",".join(repr(o) for o in sweep),
         "--format", "csv"],
        check=True, capture_output=True, text=True).stdout
    frames = {}
    for row in csv.DictReader(io.StringIO(text)):
        if float(row["offset"]) != offset:
            continue
        v = {k: float(row[k]) for k in row if k not in ("chain",)}
        frames[row["chain"]] = (
            v["x"] + v["anchorX"] * v["width"] * (1 - v["scaleX"]),
            v["y"] + v["anchorY"] * v["height"] * (1 - v["scaleY"]),
            v["width"] * v["scaleX"],
            v["height"] * v["scaleY"],
        )
    return frames


def compare(boxes, frames, label):
    """Returns the number of mismatches; prints the largest difference."""
    failures = 0
    worst = 0.0
    seen = set()
    if not boxes or not frames:
        print(f"FAIL {label}: {len(boxes)} views on the page, {len(frames)} from eval")
        return 1
    for name, *box in boxes:
        seen.add(name)
        if name not in frames:
            print(f"FAIL {label}: page has view {name!r} that eval does not")
            failures += 1
            continue
        difference = max(abs(a - b) for a, b in zip(box, frames[name]))
        worst = max(worst, difference)
        if difference > TOLERANCE:
            failures += 1
            if failures <= 5:
                print(f"FAIL {label}: {name} page {fmt(box)} eval {fmt(frames[name])}")
    missing = set(frames) - seen
    if missing:
        print(f"FAIL {label}: eval views missing from the page: {sorted(missing)[:5]}")
        failures += len(missing)
    print(f"{'ok  ' if failures == 0 else 'FAIL'} {label}: {len(boxes)} views, "
          f"largest difference {worst:.4f} pt")
    return failures


def fmt(box):
    return "(" + ", ".join(f"{v:.2f}" for v in box) + ")"


def open_page(driver, path, offset=None):
    url = "file://" + os.path.abspath(path) + (f"#offset={offset}" if offset is not None else "")
    # A new document each time: a changed hash alone would not reload it.
    driver.get("about:blank")
    driver.get(url)
    WebDriverWait(driver, 20).until(
        lambda d: d.execute_script("return document.body && document.body.dataset.ready"))


def png_pixels(png):
    """(width, height, rows of RGBA bytes) of an 8-bit RGB or RGBA PNG."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    position, data, width, height, channels = 8, b"", 0, 0, 4
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        body = png[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6), (depth, color)
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            data += body
        position += 12 + length
    raw = zlib.decompress(data)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + predictor) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def check_not_blank(png, box):
    """Fails when the viewport's part of the screenshot is one colour."""
    width, height, channels, rows = png_pixels(png)
    left, top, right, bottom = (int(round(v)) for v in box)
    colors = {}
    for y in range(max(0, top), min(height, bottom), 4):
        row = rows[y]
        for x in range(max(0, left), min(width, right), 4):
            pixel = row[x * channels:x * channels + 3]
            colors[pixel] = colors.get(pixel, 0) + 1
    total = sum(colors.values())
    common = max(colors.values()) if colors else 0
    share = 1 - common / total if total else 0
    ok = len(colors) >= 4 and share >= 0.05
    print(f"{'ok  ' if ok else 'FAIL'} screenshot: {width}x{height}, viewport {len(colors)} colours, "
          f"{share:.0%} of it not the background")
    return 0 if ok else 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", required=True, help="directory of preview-*.html")
    parser.add_argument("--effectctl", required=True, help="the built effectctl")
    parser.add_argument("--screenshot", required=True, help="where to write a screenshot")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    args = parser.parse_args()

    driver = headless_chromium.start(args.chromium, args.chromedriver, "1000,960")
    failures = 0
    compared = 0
    try:
        pages = sorted(p for p in os.listdir(args.pages)
                       if p.startswith("preview-") and p.endswith(".html"))
        if not pages:
            print(f"FAIL no preview-*.html in {args.pages}")
            return 1
        for page in pages:
            name = page[len("preview-"):-len(".html")]
            path = os.path.join(args.pages, page)
            if name.startswith("gesture-"):
                failures += check_gesture(driver, path, args.effectctl, name[len("gesture-"):])
                compared += 1
                continue
            scene = scene_path(name)
            if scene is None:
                # browser-check.sh writes pages of existing scenes only.
                print(f"FAIL {page}: no scene {name}.json in Configs/ or Benchmarks/")
                failures += 1
                continue
            started = time.monotonic()
            open_page(driver, path)
            drawn = driver.execute_script("return document.body.dataset.drawnAt")
            print(f"     {page}: {os.path.getsize(path)} bytes, loaded in "
                  f"{time.monotonic() - started:.2f} s, first frame drawn {drawn} ms "
                  "after navigation")
            facts = scene_facts(scene)
            failures += check_viewport(driver, facts, name)
            for offset in OFFSETS:
                open_page(driver, path, offset)
                shown = driver.execute_script(
                    "return document.getElementById('offset-value').textContent")
                data_range = driver.execute_script(
                    "const d = JSON.parse(document.getElementById('frames').textContent);"
                    "return [d.offsets.min, d.offsets.max];")
                clamped = min(max(float(offset), data_range[0]), data_range[1])
                if abs(float(shown) - clamped) > 0.005:
                    print(f"FAIL {page}#offset={offset}: the page shows offset {shown}")
                    failures += 1
                boxes = driver.execute_script(READ_BOXES)
                frames = expected_frames(args.effectctl, scene, clamped, data_range[0])
                failures += compare(boxes, frames, f"{name} #offset={offset}")
                compared += 1
            failures += check_interactions(driver, path, facts, args.effectctl, scene, name)
        shot = "preview-stretchy-header.html" if "preview-stretchy-header.html" in pages else pages[0]
        open_page(driver, os.path.join(args.pages, shot), "-60")
        box = driver.execute_script(
            "const r = document.querySelector('[data-viewport]').getBoundingClientRect();"
            "return [r.left, r.top, r.right, r.bottom];")
        png = driver.get_screenshot_as_png()
        with open(args.screenshot, "wb") as file:
            file.write(png)
        print(f"     screenshot of {shot}#offset=-60 in {args.screenshot}")
        failures += check_not_blank(png, box)
        failures += check_blank_is_refused(driver, args.pages)
        failures += check_layout(driver, args.pages)
        failures += check_many_labels(driver, args.pages)
        failures += check_slider(driver, args.pages)
        failures += check_accessibility(driver, args.pages)
    finally:
        driver.quit()
    print(f"browser check: {compared} page states compared, "
          f"{'no mismatch' if failures == 0 else f'{failures} failures'}")
    return 0 if failures == 0 and compared > 0 else 1


def check_layout(driver, directory):
    """The page fits a phone, and the wheel lets the page scroll at an end of the offsets.

    At 390 x 844 with mobile emulation, the stretchy header's page is laid
    out at the device's width (its viewport meta tag; 980 px without) and
    the slider and panel are within it, under the 390-point viewport. On a
    page whose viewport is 3000 x 4000 points the wheel over the viewport
    moves the offset from 0 and leaves the page where it is, and at the
    highest offset it scrolls the page down instead, to the controls.
    """
    failures = 0
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        open_page(driver, os.path.join(directory, "preview-stretchy-header.html"))
        width, slider, panel, viewport = driver.execute_script(
            "const r = (id) => document.getElementById(id).getBoundingClientRect();"
            "return [document.documentElement.clientWidth, r('slider').right, r('panel').right,"
            " r('viewport').width];")
        ok = width <= 400 and slider <= width and panel <= width and abs(viewport - 390) <= 0.5
        failures += 0 if ok else 1
        print(f"{'ok  ' if ok else 'FAIL'} phone 390 x 844: laid out {width} px wide, slider "
              f"ends at {slider:g}, panel at {panel:g}, viewport {viewport:g} px wide")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    path = os.path.join(directory, "layout-huge.html")
    top = max(0, driver.execute_script("return innerHeight") - 200)
    for offset, moves in (("0", True), ("max", False)):
        open_page(driver, path, None if offset == "max" else offset)
        if offset == "max":
            driver.execute_script("const d = JSON.parse(document.getElementById('frames')"
                                  ".textContent); location.hash = 'offset=' + d.offsets.max;")
        before = shown_offset(driver)
        ActionChains(driver).scroll_from_origin(ScrollOrigin.from_viewport(200, top), 0, 120).perform()
        time.sleep(0.3)
        after = shown_offset(driver)
        scrolled = driver.execute_script("return scrollY")
        ok = (after > before and scrolled == 0) if moves else (after == before and scrolled > 0)
        failures += 0 if ok else 1
        print(f"{'ok  ' if ok else 'FAIL'} 3000 x 4000 viewport, wheel down at offset {before:g}: "
              f"offset {after:g}, page scrolled {scrolled:g} px "
              f"({'the offset moves' if moves else 'the page scrolls'})")
    return failures


def check_many_labels(driver, directory):
    """Labels on a page of 10,000 views: placed in bounded time, none past 500 in the viewport.

    labels-many.html is the quick-return header's page with 9,999 rows of
    72 points, a dozen of them in the viewport: placing the labels of a
    frame, the median of 10, must take under 100 ms (placing each against
    every view drawn after it took about 900 ms here). labels-crowded.html
    has rows of 1 point: 845 views reach into the viewport at offset 200,
    more than 500, so no label is shown (not even the header's), as in the
    filmstrip.
    """
    failures = 0
    time_labels = """
    const values = current.values;
    const order = values.map((v, i) => i).sort((a, b) =>
      values[a][col.zIndex] - values[b][col.zIndex] || a - b);
    const times = [];
    for (let k = 0; k < 10; k++) {
      const t0 = performance.now(); placeLabels(order, values); times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return [times[5], document.querySelectorAll('#labels > span:not([style*="display: none"])').length];
    """
    open_page(driver, os.path.join(directory, "labels-many.html"), "200")
    took, shown = driver.execute_script(time_labels)
    ok = took < 100 and 5 <= shown <= 20
    failures += 0 if ok else 1
    print(f"{'ok  ' if ok else 'FAIL'} 10,000 views: the labels of a frame placed in {took:.1f} ms, "
          f"{shown} shown")
    open_page(driver, os.path.join(directory, "labels-crowded.html"), "200")
    took, shown = driver.execute_script(time_labels)
    ok = shown == 0
    failures += 0 if ok else 1
    print(f"{'ok  ' if ok else 'FAIL'} 10,000 views, 1 point each: {shown} labels shown "
          f"(none past 500 in the viewport), placed in {took:.1f} ms")
    return failures


def check_slider(driver, directory):
    """The slider's keys reach every sampled offset, the first and the last included.

    slider-offsets.html samples the stretchy header at -37.5, 0, 0.25 and
    77 (not whole points apart from the lowest): Home, then the right arrow
    four times, then End must show -37.5, 0, 0.25, 77, 77, 77, each read
    out as the slider's aria-valuetext with the phase. slider-end.html has
    content 1000.5 points long, maxOffset 156.5, sampled besides the
    offsets by 1: from #offset=156.5 the left arrow shows 156 and the right
    one 156.5 again; End shows the last, 356.
    """
    failures = 0
    for page, start, keys in (
            ("slider-offsets.html", None,
             [(Keys.HOME, -37.5), (Keys.ARROW_RIGHT, 0), (Keys.ARROW_RIGHT, 0.25),
              (Keys.ARROW_RIGHT, 77), (Keys.ARROW_RIGHT, 77), (Keys.END, 77),
              (Keys.ARROW_LEFT, 0.25)]),
            ("slider-end.html", "156.5",
             [(Keys.ARROW_LEFT, 156), (Keys.ARROW_RIGHT, 156.5), (Keys.END, 356)])):
        open_page(driver, os.path.join(directory, page), start)
        slider = driver.find_element(By.ID, "slider")
        for key, expected in keys:
            slider.send_keys(key)
            shown = shown_offset(driver)
            text, phase = driver.execute_script(
                "return [document.getElementById('slider').getAttribute('aria-valuetext'),"
                " document.getElementById('phase').textContent]")
            ok = shown == expected and text == f"offset {expected:g}, {phase}"
            failures += 0 if ok else 1
            name = {Keys.HOME: "Home", Keys.END: "End", Keys.ARROW_LEFT: "left",
                    Keys.ARROW_RIGHT: "right"}[key]
            print(f"{'ok  ' if ok else 'FAIL'} {page} slider {name}: offset {shown:g}, "
                  f"expected {expected:g}; read out {text!r}")
    return failures


def check_accessibility(driver, directory):
    """The viewport is named and reached with Tab; its views' values with keys, a click or a tap.

    On the stretchy header's page at #offset=-60, pulled down 60: the
    viewport is a group named with its size and the phase line is polite
    live text. Tab from the start of the page focuses the viewport; the
    down arrow chooses the first view, the header, stretched to 300 + 60 =
    360 points at y 0, and again the body, at y 300 + 60 = 360 and 1700
    high; Escape lets it go. A click on the body (a press that does not
    move) chooses it, and the table keeps it once the pointer has left.
    """
    failures = 0

    def expect(ok, text):
        nonlocal failures
        failures += 0 if ok else 1
        print(f"{'ok  ' if ok else 'FAIL'} {text}")

    read = """
    const rows = {};
    for (const tr of document.querySelectorAll('#hover-values tr')) {
      rows[tr.cells[0].textContent] = tr.cells[1].textContent;
    }
    return [(document.getElementById('hover-how') || {}).textContent || '',
            document.getElementById('hover-name').textContent, rows];
    """
    open_page(driver, os.path.join(directory, "preview-stretchy-header.html"), "-60")
    role, label, focusable, live = driver.execute_script(
        "const v = document.getElementById('viewport');"
        "return [v.getAttribute('role'), v.getAttribute('aria-label'), v.tabIndex,"
        " document.getElementById('phase').parentElement.getAttribute('aria-live')];")
    expect(role == "group" and "390 by 844 points" in (label or "") and focusable == 0
           and live == "polite",
           f"accessibility: viewport role {role!r}, label {label!r}, tabindex {focusable}; "
           f"phase line aria-live {live!r}")
    ActionChains(driver).send_keys(Keys.TAB).perform()
    focused = driver.execute_script("return document.activeElement.id")
    expect(focused == "viewport", f"accessibility: Tab focuses {focused!r}")
    for key, name, values in ((Keys.ARROW_DOWN, "header (content)", {"y": "0.00", "height": "360.00"}),
                              (Keys.ARROW_DOWN, "body (content)", {"y": "360.00", "height": "1700.00"})):
        ActionChains(driver).send_keys(key).perform()
        how, shown, rows = driver.execute_script(read)
        ok = (how == "chosen view" and shown == name and len(rows) == 14
              and all(rows.get(k) == v for k, v in values.items()))
        expect(ok, f"accessibility: down arrow: {how} {shown}, y {rows.get('y')}, "
                   f"height {rows.get('height')} ({len(rows)} values)")
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    how, shown, rows = driver.execute_script(read)
    expect(shown == "none" and not rows, f"accessibility: Escape: {how} {shown}")
    viewport = driver.find_element(By.CSS_SELECTOR, "[data-viewport]")
    # The body is drawn from y 360 to the viewport's bottom, 844.
    ActionChains(driver).move_to_element_with_offset(viewport, 0, 200).click().perform()
    ActionChains(driver).move_to_element(driver.find_element(By.TAG_NAME, "h1")).perform()
    how, shown, rows = driver.execute_script(read)
    expect(how == "chosen view" and shown == "body (content)" and rows.get("y") == "360.00",
           f"accessibility: a click on the body, then the pointer away: {how} {shown}")
    return failures


def check_blank_is_refused(driver, directory):
    """The blank check's own test: it must fail on a page whose viewport is empty."""
    path = os.path.join(directory, "blank.html")
    with open(path, "w") as file:
        file.write("<!DOCTYPE html><html><body style='margin:0;background:#fff'>"
                   "<div data-viewport style='margin:16px;width:390px;height:844px'></div>"
                   "<script>document.body.dataset.ready = '1';</script></body></html>")
    open_page(driver, path)
    box = driver.execute_script(
        "const r = document.querySelector('[data-viewport]').getBoundingClientRect();"
        "return [r.left, r.top, r.right, r.bottom];")
    print("     self-test: the blank check on an empty page (must say FAIL):")
    refused = check_not_blank(driver.get_screenshot_as_png(), box) == 1
    print(f"{'ok  ' if refused else 'FAIL'} self-test: the blank check "
          f"{'refuses' if refused else 'accepts'} an empty viewport")
    return 0 if refused else 1


def check_gesture(driver, path, effectctl, scene_name):
    """Plays the page's first gesture; the page must end on its last frame."""
    scene = scene_path(scene_name)
    open_page(driver, path, "300")
    failures = check_viewport(driver, scene_facts(scene), f"gesture page {scene_name}")
    gesture = driver.execute_script(
        "return JSON.parse(document.getElementById('frames').textContent).gestures[0];")
    started = time.monotonic()
    driver.execute_script("document.querySelector('button[data-gesture]').click();")
    WebDriverWait(driver, 20).until(
        lambda d: d.execute_script("return document.body.dataset.gesture") == "done:" + gesture["name"])
    played = time.monotonic() - started
    last = gesture["frames"][-1]
    length = gesture["frames"][-1]["t"]
    ok = played >= length * 0.9
    print(f"{'ok  ' if ok else 'FAIL'} gesture {gesture['name']!r}: {len(gesture['frames'])} frames "
          f"of {length} s played in {played:.2f} s")
    boxes = driver.execute_script(READ_BOXES)
    # The gesture's scene is stateless: its last frame is eval's at that offset.
    frames = expected_frames(effectctl, scene, float(last["offset"]), float(last["offset"]))
    failures += compare(boxes, frames, f"gesture {gesture['name']!r} last frame")
    return (failures + (0 if ok else 1) + check_gesture_frames(driver, effectctl, scene, gesture)
            + check_gesture_stopped(driver, gesture))


def check_gesture_stopped(driver, gesture):
    """A gesture cut short by the wheel says stopped:NAME, and the wheel moves on from its frame."""
    driver.execute_script("document.querySelector('button[data-gesture]').click();")
    WebDriverWait(driver, 5).until(
        lambda d: d.execute_script("return document.body.dataset.gesture") == "playing:" + gesture["name"])
    time.sleep(min(0.2, gesture["frames"][-1]["t"] / 4))
    viewport = driver.find_element(By.CSS_SELECTOR, "[data-viewport]")
    ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(viewport), 0, 1).perform()
    time.sleep(0.2)
    state = driver.execute_script("return document.body.dataset.gesture")
    ok = state == "stopped:" + gesture["name"]
    print(f"{'ok  ' if ok else 'FAIL'} gesture {gesture['name']!r} cut short by the wheel: "
          f"data-gesture {state!r}")
    return 0 if ok else 1


def check_gesture_frames(driver, effectctl, scene, gesture):
    """Five frames inside the gesture, drawn as the page plays them, against `simulate`.

    The gesture's name is its spec; `effectctl simulate --format csv` at the
    page's 120 frames a second gives the same frames, time for time, and each
    view's drawn frame is worked out from its columns as eval's are.
    """
    text = subprocess.run(
        [effectctl, "simulate", scene, "--gesture", gesture["name"], "--fps", "120",
         "--format", "csv"],
        check=True, capture_output=True, text=True).stdout
    rows = {}
    for row in csv.DictReader(io.StringIO(text)):
        rows.setdefault(int(row["frame"]), []).append(row)
    count = len(gesture["frames"])
    failures = 0 if len(rows) == count else 1
    if failures:
        print(f"FAIL gesture {gesture['name']!r}: {count} frames on the page, {len(rows)} simulated")
        return failures
    for index in (count // 6, count // 3, count // 2, 2 * count // 3, 5 * count // 6):
        frame = gesture["frames"][index]
        if abs(float(rows[index][0]["time"]) - frame["t"]) > 1e-6:
            print(f"FAIL gesture {gesture['name']!r} frame {index}: at {frame['t']} s on the page, "
                  f"{rows[index][0]['time']} s simulated")
            failures += 1
            continue
        driver.execute_script(
            "const f = JSON.parse(document.getElementById('frames').textContent)"
            f".gestures[0].frames[{index}]; draw(f.offset, f.phase, f.v);")
        expected = {}
        for row in rows[index]:
            v = {k: float(row[k]) for k in row if k not in ("chain", "phase")}
            expected[row["chain"]] = (
                v["x"] + v["anchorX"] * v["width"] * (1 - v["scaleX"]),
                v["y"] + v["anchorY"] * v["height"] * (1 - v["scaleY"]),
                v["width"] * v["scaleX"],
                v["height"] * v["scaleY"],
            )
        failures += compare(driver.execute_script(READ_BOXES), expected,
                            f"gesture {gesture['name']!r} frame {index} of {count} "
                            f"({frame['phase']}, offset {frame['offset']:g})")
    return failures


if __name__ == "__main__":
    sys.exit(main())
