#!/usr/bin/env bash
# The expression benchmark of BENCHMARKS.md: instructions a frame of each
# built-in against its expression equivalent over 200 rows, and the
# instructions of loading 10,000 chains of each. Needs valgrind.
#
#   bash Benchmarks/expression/run.sh
#   BIN=/path/effect-bench bash Benchmarks/expression/run.sh   # a built binary, no build
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${BIN:-}" ]; then swift build -c release --product effect-bench >&2; fi
b=${BIN:-.build/release/effect-bench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ir() { valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" 2>&1 >/dev/null | awk '/Collected :/ { print $NF }'; }
for s in parallax-builtin parallax-expr fade-builtin fade-expr progress-builtin progress-expr; do
  lo=$(ir $b pipeline Benchmarks/expression/$s.json 1000 --checksum last)
  hi=$(ir $b pipeline Benchmarks/expression/$s.json 11000 --checksum last)
  echo "$s: $(awk -v a="$lo" -v b="$hi" 'BEGIN { printf "%.1f", (b - a) / 10000 }') instructions/frame"
done
for kind in builtin expression; do
  python3 Benchmarks/expression/load-scene.py $kind > "$work/load.json"
  one=$(ir $b load "$work/load.json" 1)
  three=$(ir $b load "$work/load.json" 3)
  echo "load $kind: $(awk -v a="$one" -v b="$three" 'BEGIN { printf "%.0f", (b - a) / 2 }') instructions/load"
done
