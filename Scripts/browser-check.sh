#!/usr/bin/env bash
# The browser check of the preview pages (Docs/Pictures.md): installs Debian's
# chromium and chromium-driver and Selenium when missing, writes with
# `effectctl preview` the pages of every Config and the bench scene and pages
# with gestures (a vertical scene's and two horizontal ones'), and has
# Scripts/browser-check.py compare every data-view box with `effectctl eval`
# in headless Chromium at several #offset values, the viewport's size with the
# scene file's, the wheel and a drag along the scene's axis, play a gesture,
# check the layout at a phone's width, the time labels take with 10,000 views,
# the slider's reach and the wheel over a viewport larger
# than the window, and check that a screenshot is not blank (and that the blank check fails on
# an empty page); then has Scripts/css-check.py compare
# interpolate's view ranges, timeline insets and CSS easings, written and
# drawn at random, with Chromium's scroll-driven animations, and Scripts/css-scroll-check.py compare pin,
# snapping and offset keyframes with position: sticky, scroll snapping and
# scroll(). Offline once installed; bounded time.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  timeout 600 apt-get update
  timeout 900 apt-get install -y --no-install-recommends chromium chromium-driver
fi
if ! python3 -c 'import selenium' 2>/dev/null; then
  if ! python3 -m pip --version >/dev/null 2>&1; then
    timeout 600 apt-get update
    timeout 600 apt-get install -y --no-install-recommends python3-pip
  fi
  # Debian marks its Python as externally managed; Selenium goes beside it.
  timeout 600 python3 -m pip install --break-system-packages selenium \
    || timeout 600 python3 -m pip install selenium
fi

swift build --product effectctl
effectctl=$(swift build --show-bin-path)/effectctl
pages=$(mktemp -d)
trap 'rm -rf "$pages"' EXIT

for scene in Configs/*.json Benchmarks/bench-scene.json; do
  name=$(basename "$scene" .json)
  "$effectctl" preview "$scene" -o "$pages/preview-$name.html"
done
"$effectctl" preview Configs/stretchy-header.json \
  --gesture drag:-150:300,release --gesture fling:1500 \
  -o "$pages/preview-gesture-stretchy-header.html"
# Sideways: a fling that comes to rest on a centred card, left to right and
# right to left (a positive velocity raises the offset on either).
"$effectctl" preview Configs/carousel.json --gesture fling:1500 \
  -o "$pages/preview-gesture-carousel.html"
"$effectctl" preview Configs/carousel-rtl.json --gesture drag:300:400,release \
  -o "$pages/preview-gesture-carousel-rtl.html"
# A viewport larger than the window: the wheel lets the page scroll at an end.
"$effectctl" preview Configs/stretchy-header.json --set viewport.width=3000 \
  --set viewport.height=4000 -o "$pages/layout-huge.html"
# 10,000 views: a dozen rows of 72 points in the viewport, then 845 of 1 point.
"$effectctl" preview Configs/quick-return-header.json --set row.repeat.count=9999 \
  --offsets 0:400:4 -o "$pages/labels-many.html"
"$effectctl" preview Configs/quick-return-header.json --set row.repeat.count=9999 \
  --set row.frame.height=1 --set row.repeat.spacing=0 --offsets 0:400:4 \
  -o "$pages/labels-crowded.html"
# Offsets that are not whole points apart from the lowest, for the slider.
"$effectctl" preview Configs/stretchy-header.json --offsets=-37.5,0,0.25,77 \
  -o "$pages/slider-offsets.html"
"$effectctl" preview Configs/stretchy-header.json --set contentHeight=1000.5 \
  -o "$pages/slider-end.html"

SE_AVOID_STATS=true timeout 600 python3 Scripts/browser-check.py \
  --pages "$pages" --effectctl "$effectctl" \
  --screenshot "${BROWSER_CHECK_SCREENSHOT:-$pages/preview.png}"

# interpolate's view ranges, timeline insets and CSS easings against
# Chromium's animation-range, view-timeline-inset and animation-timing-function:
# the written cases and 200 drawn at random (seed 1; CSS_CHECK_SEED= another).
SE_AVOID_STATS=true timeout 300 python3 Scripts/css-check.py --effectctl "$effectctl" \
  --random 200 --seed "${CSS_CHECK_SEED:-1}"

# pin, snap and offset keyframes against position: sticky, scroll snapping
# (scroll-snap-align, scroll-padding, scroll-snap-stop) and scroll(), in
# vertical scenes (block) and horizontal ones, left to right and right to
# left (inline), with 150 sticky cases, 150 scroll() timelines and 15
# snapping cases drawn at random; CSS_SCROLL_AXES=block runs one axis.
SE_AVOID_STATS=true timeout 480 python3 Scripts/css-scroll-check.py --effectctl "$effectctl" \
  --axes "${CSS_SCROLL_AXES:-block,inline}" --random 150 --seed "${CSS_CHECK_SEED:-1}"
