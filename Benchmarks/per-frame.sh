#!/usr/bin/env bash
# Instructions one frame costs, evaluation alone: callgrind's total of
# `effect-bench MODE SCENE 11000 --checksum last` minus that of 1000 frames,
# divided by 10000 (start-up, loading and printing cancel out), as
# Benchmarks/run.sh measures each scene.
#
#   Benchmarks/per-frame.sh pipeline Benchmarks/feed-scene.json
#   Benchmarks/per-frame.sh handwritten feed
#
# Needs valgrind and a release build of effect-bench
# (`swift build -c release --product effect-bench`); BIN= overrides its path,
# N1= and N2= the frame counts.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "USAGE: Benchmarks/per-frame.sh pipeline SCENE | handwritten NAME" >&2
  exit 64
fi
cd "$(dirname "$0")/.."
N1=${N1:-1000}
N2=${N2:-11000}
EXTRA=(--checksum last)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source Benchmarks/measure.sh
per_frame instructions "${BIN:-.build/release/effect-bench}" "$1" "$2"
echo
