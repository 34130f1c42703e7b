#!/usr/bin/env bash
# Writes a scene of one chain of COUNT copies with an `interpolate` of STOPS
# stops on input `minY`: a keyframe list large enough that its segment
# search must not be linear in the number of stops.
#
#   Benchmarks/keyframes-scene.sh 200000 > /tmp/k200k.json      # STOPS = COUNT
#   Benchmarks/keyframes-scene.sh 400000 100 > /tmp/k.json      # 400,000 stops, 100 copies
#   /usr/bin/time -v .build/release/effectctl eval /tmp/k200k.json --offsets 0 --format csv >/dev/null
#
# Copies are 10 points tall without spacing, so their tops run from 0 to
# 10 * (COUNT - 1); the stops' inputs run over the same span, 10 points
# apart, with outputs alternating 0 and 1, so nearly every copy falls in a
# segment of its own (nothing is at an end output).
set -euo pipefail
stops=${1:?usage: keyframes-scene.sh STOPS [COUNT]}
count=${2:-$stops}
awk -v stops="$stops" -v count="$count" 'BEGIN {
  printf "{\"version\": 1, \"chains\": [{\"name\": \"row\", \"frame\": {\"height\": 10},"
  printf " \"repeat\": {\"count\": %d},", count
  printf " \"effects\": [{\"type\": \"interpolate\", \"property\": \"opacity\", \"input\": \"minY\", \"stops\": ["
  for (i = 0; i < stops; i++) printf "%s[%d,%d]", (i ? "," : ""), i * 10 - 5, i % 2
  printf "]}]}]}\n"
}'
