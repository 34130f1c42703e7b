#!/usr/bin/env bash
# What one live layout change costs: callgrind's instructions and memcheck's
# heap blocks of `effect-bench layout SCENE N --change KIND` for N2 changes
# minus the same for N1, divided by N2 - N1 (start-up, loading and the first
# frame cancel out), for each kind of change.
#
#   Benchmarks/layout-changes.sh Benchmarks/feed-scene.json [KIND...]
#
# Needs valgrind and a release build of effect-bench
# (`swift build -c release --product effect-bench`); BIN= overrides its
# path, N1= and N2= the change counts (default 1000 and 3000).
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "USAGE: Benchmarks/layout-changes.sh SCENE [KIND...]" >&2
  exit 64
fi
cd "$(dirname "$0")/.."
scene=$1
shift
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(viewport insets content-height frame spacing count)
N1=${N1:-1000}
N2=${N2:-3000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source Benchmarks/measure.sh
bin=${BIN:-.build/release/effect-bench}
printf '%-16s %14s %18s\n' change instructions allocations
for kind in "${kinds[@]}"; do
  EXTRA=(--change "$kind")
  ir=$(per_frame instructions "$bin" layout "$scene")
  blocks=$(per_frame allocations "$bin" layout "$scene")
  printf '%-16s %14s %18s\n' "$kind" "$ir" "$blocks"
done
