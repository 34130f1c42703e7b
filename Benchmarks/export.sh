#!/usr/bin/env bash
# Instructions one frame costs the host (SceneHost.evaluate(offset:), as
# `effect-bench pipeline` runs it) and the scene's own export
# (`effectctl export --swift`, built with `swiftc -O`) with the same frames
# and consumer: the offsets of the benchmarks' cycle, the checksum of every
# column of the last frame (which both print, and which must agree). Each
# figure is callgrind's total of 11000 frames minus that of 1000, / 10000,
# as Benchmarks/per-frame.sh measures. One line a scene, then, for more
# than one, the ratios' distribution (the median of an even number is the
# mean of the two middle ones):
#
#   scene  host  export  host/export
#   median 2.30  worst 3.42 (seed-19.json)  8 of 20 within 2.0, 3 within 1.5
#
#   Benchmarks/export.sh Configs/stretchy-header.json Benchmarks/feed-scene.json
#   Benchmarks/export.sh --generated 20     # seeds 1 to 20 of the export check's generator
#
# Needs valgrind, swiftc and release builds of effect-bench and effectctl
# (`swift build -c release --product effect-bench`, likewise effectctl);
# BIN= and CTL= override their paths.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/effect-bench}
CTL=${CTL:-.build/release/effectctl}
N1=${N1:-1000}
N2=${N2:-11000}
EXTRA=(--checksum last)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source Benchmarks/measure.sh

scenes=()
if [ "${1:-}" = "--generated" ]; then
  for seed in $(seq 1 "${2:-20}"); do
    "$BIN" random-scene --seed "$seed" > "$work/seed-$seed.json"
    scenes+=("$work/seed-$seed.json")
  done
else
  scenes=("$@")
fi

# The export's frame loop: the benchmark's offsets, one call a frame that
# is not inlined (as the host's and the floors' are not), the checksum of
# the last frame, column by column in row order as effect-bench sums.
cat > "$work/main.swift" <<'SWIFT'
let frames = Int(CommandLine.arguments[1])!
var scene = Exported()
let count = Int((Exported.maxOffset + 100 - -100.0) / 7.3) + 1

@inline(never) func evaluate(_ scene: inout Exported, _ offset: Double) {
  scene.evaluate(offset: offset)
}

for frame in 0..<frames { evaluate(&scene, -100.0 + Double(frame % count) * 7.3) }
var total = 0.0
for column in [
  scene.x, scene.y, scene.width, scene.height, scene.translateX, scene.translateY,
  scene.scaleX, scene.scaleY, scene.anchorX, scene.anchorY, scene.opacity, scene.blur,
  scene.rotation, scene.zIndex,
] {
  var sum = 0.0
  for value in column { sum += value }
  total += sum
}
print("checksum: \(total)")
SWIFT

for scene in "${scenes[@]}"; do
  "$CTL" export "$scene" --swift --name Exported -o "$work/Exported.swift"
  swiftc -O -wmo -swift-version 6 -module-name ExportBench -o "$work/export-bench" \
    "$work/main.swift" "$work/Exported.swift"
  host=$(per_frame instructions "$BIN" pipeline "$scene")
  export=$(per_frame instructions "$work/export-bench")
  awk -v s="$(basename "$scene")" -v h="$host" -v e="$export" \
    'BEGIN { printf "%s  %s  %s  %.2f\n", s, h, e, (e > 0 ? h / e : 0) }' | tee -a "$work/lines"
done

if [ "${#scenes[@]}" -gt 1 ]; then
  # From host / export unrounded, sorted in awk (mawk has no asort).
  awk '
    { r = $3 > 0 ? $2 / $3 : 0; n = $1
      for (i = NR; i > 1 && ratio[i - 1] > r; i--) { ratio[i] = ratio[i - 1]; name[i] = name[i - 1] }
      ratio[i] = r; name[i] = n
      if (r <= 2.0) within2++
      if (r <= 1.5) within15++ }
    END {
      median = NR % 2 ? ratio[(NR + 1) / 2] : (ratio[NR / 2] + ratio[NR / 2 + 1]) / 2
      printf "median %.2f  worst %.2f (%s)  %d of %d within 2.0, %d within 1.5\n",
        median, ratio[NR], name[NR], within2, NR, within15
    }' "$work/lines"
fi
