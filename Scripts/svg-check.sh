#!/usr/bin/env bash
# Renders with rsvg-convert (librsvg, installed from Debian when missing) the
# plot and filmstrip of every Config and of a scene whose chains are named
# with characters XML cannot hold (U+FFFF, U+FFFE, U+0001): each must be an
# SVG that a real renderer accepts. Bounded time.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v rsvg-convert >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  timeout 600 apt-get update
  timeout 600 apt-get install -y --no-install-recommends librsvg2-bin
fi

swift build --product effectctl
effectctl=$(swift build --show-bin-path)/effectctl
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf '%s\n' '{"chains": [' \
  '{"name": "head\uFFFFer", "frame": {"height": 300}, "effects": [{"type": "stretch"}]},' \
  '{"name": "bo\uFFFEdy\u0001", "frame": {"y": 300, "height": 1500}}]}' > "$work/names.json"

count=0
for scene in Configs/*.json "$work/names.json"; do
  name=$(basename "$scene" .json)
  "$effectctl" plot "$scene" --offsets -100:400:10 -o "$work/$name-plot.svg"
  "$effectctl" filmstrip "$scene" --offsets -100:300:100 -o "$work/$name-filmstrip.svg"
  for picture in "$work/$name-plot.svg" "$work/$name-filmstrip.svg"; do
    timeout 60 rsvg-convert "$picture" -o "${picture%.svg}.png"
    count=$((count + 1))
  done
done
echo "svg check: $count pictures rendered by rsvg-convert"
