#!/usr/bin/env bash
# Measures the per-frame cost of the pipeline against its hand-written floor
# on every bench scene (bench, header, feed, list, one-effect), the fixed cost
# of a chain of one effect on one view, the cost of loading a scene against
# Foundation's JSONDecoder, and `effectctl bench --visible` on 200, 20,000 and
# 1,000,000 rows, and prints the tables of BENCHMARKS.md.
# Needs valgrind. Takes a few minutes.
#
#   Benchmarks/run.sh            # N1=1000, N2=11000 frames
#   N1=2000 N2=22000 Benchmarks/run.sh
#   BIN=/path/effect-bench CTL=/path/effectctl Benchmarks/run.sh   # built binaries, no build
#
# Instructions a frame: callgrind's total of a run of N2 frames minus that of a
# run of N1 frames, divided by N2 - N1: start-up, loading and the first frame
# cancel out and what is left is one frame. Allocations: memcheck's heap
# blocks of the two runs, subtracted. Time: the least of three runs without
# valgrind, evaluation alone (--checksum last). Loading: instructions of three
# loads minus one, halved; time of LOADS loads, the least of three runs.
set -euo pipefail
cd "$(dirname "$0")/.."

N1=${N1:-1000}
N2=${N2:-11000}
CHAINS=${CHAINS:-10000}
LOADS=${LOADS:-20}

if [ -z "${BIN:-}" ]; then swift build -c release --product effect-bench >&2; fi
bench=${BIN:-.build/release/effect-bench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# instructions, allocations, difference and per_frame.
source Benchmarks/measure.sh

# The least value of the figure named $1 (`ns/frame:`) over three runs of the rest.
least() {
  local field=$1
  shift
  local best=""
  for _ in 1 2 3; do
    local value
    value=$("$@" | awk -v field="$field" '$1 == field { print $2 }')
    best=$(awk -v a="$best" -v b="$value" 'BEGIN { print (a == "" || b < a) ? b : a }')
  done
  echo "$best"
}

checksum() {
  "$@" "$N1" | awk '/^checksum:/ { print $2 }'
}

ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'
}

echo "| scene | evaluation | instructions/frame | with checksum | allocations in $((N2 - N1)) frames | ns/frame |"
echo "| --- | --- | ---: | ---: | ---: | ---: |"
# name, scene file, frames timed (about half a second)
for row in "bench Benchmarks/bench-scene.json 300000" "header Configs/stretchy-header.json 5000000" \
  "feed Benchmarks/feed-scene.json 100000" "list Benchmarks/list-scene.json 100000" \
  "one-effect Benchmarks/one-effect-scene.json 5000000"; do
  set -- $row
  name=$1
  scene=$2
  FRAMES=$3
  pipeline=("$bench" pipeline "$scene")
  floor=("$bench" handwritten "$name")
  a=$(checksum "${pipeline[@]}")
  b=$(checksum "${floor[@]}")
  if [ "$a" != "$b" ]; then
    echo "error: $name: the pipeline's checksum $a differs from the hand-written $b" >&2
    exit 1
  fi
  EXTRA=(--checksum last)
  pi=$(per_frame instructions "${pipeline[@]}")
  fi=$(per_frame instructions "${floor[@]}")
  EXTRA=(--checksum every)
  pc=$(per_frame instructions "${pipeline[@]}")
  fc=$(per_frame instructions "${floor[@]}")
  pa=$(difference allocations "${pipeline[@]}")
  fa=$(difference allocations "${floor[@]}")
  pt=$(least ns/frame: "${pipeline[@]}" "$FRAMES" --checksum last)
  ft=$(least ns/frame: "${floor[@]}" "$FRAMES" --checksum last)
  echo "| $name | pipeline | $pi | $pc | $pa | $pt |"
  echo "| $name | hand-written | $fi | $fc | $fa | $ft |"
  echo "| $name | ratio | **$(ratio "$pi" "$fi")** | $(ratio "$pc" "$fc") | | $(ratio "$pt" "$ft") |"
  if [ "$name" = one-effect ]; then
    fixed_pipeline=$pi fixed_floor=$fi
  fi
done

# one-effect is one chain of one effect on one view: what the pipeline costs
# beyond its floor there is the fixed cost of a chain and an effect.
echo
echo "| fixed cost of a chain of one effect on one view | instructions/frame |"
echo "| --- | ---: |"
echo "| before the fixed-cost work (0108b29, BENCHMARKS.md) | 279.5 |"
echo "| pipeline minus hand-written | $(awk -v a="$fixed_pipeline" -v b="$fixed_floor" 'BEGIN { printf "%.1f", a - b }') |"

"$bench" generate "$CHAINS" >"$work/scene.json"
echo
echo "| loading $CHAINS chains, $(wc -c <"$work/scene.json") bytes | instructions/load | ms/load |"
echo "| --- | ---: | ---: |"
for mode in load decode; do
  one=$(instructions "$bench" "$mode" "$work/scene.json" 1)
  three=$(instructions "$bench" "$mode" "$work/scene.json" 3)
  ins=$(awk -v a="$one" -v b="$three" 'BEGIN { printf "%.0f", (b - a) / 2 }')
  ms=$(least ms/load: "$bench" "$mode" "$work/scene.json" "$LOADS")
  eval "${mode}_ins=$ins ${mode}_ms=$ms"
  label=$([ "$mode" = load ] && echo "SceneLoader" || echo "JSONDecoder, plain structs")
  echo "| $label | $ins | $ms |"
done
echo "| ratio | **$(ratio "$load_ins" "$decode_ins")** | **$(ratio "$load_ms" "$decode_ms")** |"

# Views off screen: `effectctl bench --visible` on the bench scene
# with 200, 20,000 and 1,000,000 rows (Benchmarks/long-list-scene.sh), at the
# top (-100:300) and in the middle of each list (40 points a row down: the
# same number of rows on screen). Instructions a frame as above, peak memory
# from /usr/bin/time -v.
if [ -z "${CTL:-}" ]; then swift build -c release --product effectctl >&2; fi
effectctl=${CTL:-.build/release/effectctl}
echo
echo "| rows | offsets | bench --visible instructions/frame | full bench instructions/frame | peak memory (--visible) |"
echo "| ---: | --- | ---: | ---: | ---: |"
for rows in 200 20000 1000000; do
  bash Benchmarks/long-list-scene.sh "$rows" >"$work/rows.json"
  for offsets in -100:300 "$((rows * 40)):$((rows * 40 + 400))"; do
    visible=(--offsets "$offsets" --visible)
    EXTRA=()
    vi=$(per_frame instructions "$effectctl" bench "$work/rows.json" "${visible[@]}" --frames)
    # The full evaluation of the long lists is measured over 10 and 110 frames.
    if [ "$rows" = 200 ]; then
      full=$(per_frame instructions "$effectctl" bench "$work/rows.json" --offsets "$offsets" --frames)
    else
      full=$(N1=10 N2=110 per_frame instructions "$effectctl" bench "$work/rows.json" --offsets "$offsets" --frames)
    fi
    memory=$(/usr/bin/time -v "$effectctl" bench "$work/rows.json" "${visible[@]}" --frames 1000 2>&1 >/dev/null \
      | awk '/Maximum resident set size/ { printf "%.0f MB", $NF / 1024 }')
    echo "| $rows | $offsets | $vi | $full | $memory |"
  done
done
