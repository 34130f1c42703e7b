#!/usr/bin/env bash
# Prints the bench scene (Benchmarks/bench-scene.json) with N rows instead of
# 200: the footer and the content height move down by 80 points a row added
# (a row is 72 high, 8 apart), everything else as it is.
#
#   bash Benchmarks/long-list-scene.sh 20000 > /tmp/rows20000.json
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${1:?usage: long-list-scene.sh ROWS}
footer=$((232 + rows * 80))
sed -e "s/\"count\": 200,/\"count\": $rows,/" \
  -e "s/\"y\": 16232,/\"y\": $footer,/" \
  -e "s/\"contentHeight\": 16352,/\"contentHeight\": $((footer + 120)),/" \
  -e "s/200 rows that fade/$rows rows that fade/" \
  -e "s/203 views in 4 chains/$((rows + 3)) views in 4 chains/" \
  Benchmarks/bench-scene.json
