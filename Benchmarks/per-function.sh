#!/usr/bin/env bash
# Where a frame's instructions go: each function's own instructions (not its
# callees'), callgrind's count of `effect-bench MODE SCENE N2 --checksum
# last` minus that of N1 frames, / (N2 - N1), as Benchmarks/per-frame.sh
# measures the whole frame. With --families, summed over families of
# functions (an effect's type, two effects fused into one pass, the host's
# frame, event detection, the right-to-left mirror, C math, memory
# copies), a family a function by the first pattern its name matches.
#
#   Benchmarks/per-function.sh pipeline Benchmarks/feed-scene.json        # the 30 dearest functions
#   Benchmarks/per-function.sh --families pipeline Benchmarks/feed-scene.json
#   Benchmarks/per-function.sh handwritten feed                           # its floor
#
# Needs valgrind (callgrind_annotate) and a release build of effect-bench
# (`swift build -c release --product effect-bench`); BIN= overrides its
# path, N1= and N2= the frame counts (1000 and 3000: a function's count is
# exact, as the frames are), TOP= the number of lines.
set -euo pipefail
families=false
if [ "${1:-}" = "--families" ]; then
  families=true
  shift
fi
if [ $# -ne 2 ]; then
  echo "USAGE: Benchmarks/per-function.sh [--families] pipeline SCENE | handwritten NAME" >&2
  exit 64
fi
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/effect-bench}
N1=${N1:-1000}
N2=${N2:-3000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One line a function: its own instructions in a run of N frames, then its name.
own() {
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
    "$BIN" "$1" "$2" "$3" --checksum last > /dev/null 2>&1
  callgrind_annotate --inclusive=no --auto=no --threshold=100 "$work/callgrind.out" 2> /dev/null \
    | awk '/^ *[0-9,]+ \( *[0-9.]+%\) / && !/PROGRAM TOTALS/ {
        count = $1; gsub(",", "", count)
        name = $0; sub(/^ *[0-9,]+ \( *[0-9.]+%\) +/, "", name); sub(/ \[[^]]*\]$/, "", name)
        sub(/^[^:]*:/, "", name)
        print count "\t" name
      }'
}

own "$1" "$2" "$N1" > "$work/low"
own "$1" "$2" "$N2" > "$work/high"
awk -F '\t' -v n="$((N2 - N1))" -v families="$families" -v top="${TOP:-30}" '
  function family(name) {
    if (name ~ /FusibleEffect|FusedStep|FusingVisitor/) return "fused pairs"
    if (name ~ /Expression/) return "expression"
    if (name ~ /Interpolate|KeyframeCurve|EasedKeyframes|ViewTimeline|Easing|Bezier/) return "interpolate"
    if (name ~ /FooterPin/) return "footerPin"
    if (name ~ /PinEffect|LayoutPinStep/) return "pin"
    if (name ~ /Collapse/) return "collapse"
    if (name ~ /Parallax/) return "parallax"
    if (name ~ /Stretch/) return "stretch"
    if (name ~ /Float/) return "float"
    if (name ~ /Translate/) return "translate"
    if (name ~ /ChainVisuals|VisualsStep/) return "chain visuals"
    if (name ~ /EventDetector|ChainEvent/) return "events"
    if (name ~ /mirrorFrame|mirrorWindows|ScreenMapping/) return "mirror"
    if (name ~ /^(pow|log|exp|sin|cos|floor|__ieee754|__math|with_errno)/) return "C math"
    if (name ~ /^__mem/) return "memory copies"
    if (name ~ /effect_bench/) return "benchmark loop"
    if (name ~ /^swift_/) return "runtime"
    return "host"
  }
  NR == FNR { low[$2] += $1; next }
  { high[$2] += $1 }
  END {
    for (name in high) {
      cost = (high[name] - low[name]) / n
      key = families == "true" ? family(name) : name
      sum[key] += cost
      total += cost
    }
    printf "%10.1f  total\n", total
    for (key in sum) if (sum[key] >= 0.5) printf "%10.1f  %s\n", sum[key], key | "sort -rn | head -" top
  }
' "$work/low" "$work/high" > "$work/costs"
# Swift's names demangled, when the toolchain's demangler is there.
if swift demangle --help > /dev/null 2>&1; then
  swift demangle --simplified --compact < "$work/costs"
else
  cat "$work/costs"
fi
