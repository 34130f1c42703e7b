#!/usr/bin/env bash
# Instructions one frame costs, evaluation alone: callgrind's total of
# `effect-bench MODE SCENE 11000 --checksum last` minus that of 1000 frames,
# divided by 10000 (start-up, loading and printing cancel out).
#
#   Benchmarks/per-frame.sh pipeline Benchmarks/feed-scene.json
#   Benchmarks/per-frame.sh handwritten feed
#
# Needs valgrind and a release build of effect-bench
# (`swift build -c release --product effect-bench`); BIN= overrides its path.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "USAGE: Benchmarks/per-frame.sh pipeline SCENE | handwritten NAME" >&2
  exit 64
fi
cd "$(dirname "$0")/.."
bin=${BIN:-.build/release/effect-bench}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
count() {
  valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" "$1" "$2" "$3" --checksum last \
    2>&1 >/dev/null | awk '/Collected :/ { print $NF }'
}
low=$(count "$1" "$2" 1000)
high=$(count "$1" "$2" 11000)
awk -v a="$low" -v b="$high" 'BEGIN { printf "%.1f\n", (b - a) / 10000 }'
